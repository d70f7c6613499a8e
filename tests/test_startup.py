"""Start-up: the app starts Pyodide with the standard library build.py compiled (bytecode for what
a start imports), falls back to the original zip when that cannot load, and the build refuses
Pyodide versions that disagree. A relaunch starts from a snapshot of the interpreter that the
relaunch before made: the same screen and the same game as a normal start, a normal start when the
snapshot is damaged or from another version, and none kept across an update."""
import json
import random
import shutil

import pytest

import pycore
from conftest import PHONE, Server
from driver import boot, inject, python_side, resources, settle
from frontend.shell.table import Seat, Table

# Which standard-library modules came from the zip, and whether as bytecode (.pyc) or source.
STDLIB_PROBE = """
import json, sys, zipimport
json.dumps([module.__file__ for module in list(sys.modules.values())
            if isinstance(getattr(module, "__loader__", None), zipimport.zipimporter)])
"""
# Every text the boot status line showed, in order.
STATUS_LOG = """
window.statusLog = [];
new MutationObserver(() => {
  const line = document.getElementById('boot-status');
  if (line && window.statusLog.at(-1) !== line.textContent) window.statusLog.push(line.textContent);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""
# The loader, as the page's Python imported it (the same module: the same Pyodide, the same facts).
LOADER = "import(new URL('pyodide-loader.mjs', location.href).href)"
RESTORED = LOADER + ".then((loader) => loader.restoredFromSnapshot())"
RUN_PYTHON = "async ([code, given]) => { globalThis.probeGiven = given; return (await (await " + LOADER + \
             ").loadPyodide()).runPython(code); }"


def run_python(page, code: str, given=None):
    """The JSON that code's last line makes, run in the page's own Python (given as js.probeGiven)."""
    return json.loads(python_side(page).evaluate(RUN_PYTHON, [code, given]))


def stdlib_files(page) -> list:
    return run_python(page, STDLIB_PROBE)


# The preload links the page's head holds.
PRELOAD_LINKS = "document.querySelectorAll('link[rel=preload], link[rel=modulepreload]').length"


def fetched(page, name) -> bool:
    """Whether the page or Python's worker fetched a file of this name."""
    return any(url.endswith(name) for url in resources(page))


@pytest.mark.browser
def test_start_uses_the_compiled_stdlib(server, fresh_page):
    page = fresh_page
    page.add_init_script(STATUS_LOG)
    warnings = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    boot(page, server.url)
    assert fetched(page, "python_stdlib_compiled.zip") and not fetched(page, "python_stdlib.zip")
    files = stdlib_files(page)
    from_source = [name for name in files if not name.endswith(".pyc")]
    assert len(files) > 100
    # The build recorded what a start imports: none of it is compiled from source here.
    assert from_source == []
    assert not [text for text in warnings if "standard library" in text]
    # The status line said what was happening while Python started.
    log = page.evaluate("window.statusLog")
    assert "Starting Python…" in log and log.index("Starting Python…") < log.index("Unpacking the games…"), log
    assert not page.problems


@pytest.mark.browser
@pytest.mark.parametrize("failure", ["missing", "damaged"])
def test_falls_back_to_the_original_stdlib(server, fresh_page, failure):
    page = fresh_page
    warnings = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    if failure == "missing":
        page.route("**/python_stdlib_compiled.zip", lambda route: route.fulfill(status=404, body="gone"))
    else:
        page.route("**/python_stdlib_compiled.zip",
                   lambda route: route.fulfill(status=200, body=b"PK\x03\x04 not a zip" * 100,
                                               content_type="application/zip"))
    boot(page, server.url)
    assert fetched(page, "python_stdlib.zip")
    assert any("compiled standard library did not load" in text for text in warnings), warnings
    assert all(name.endswith(".py") for name in stdlib_files(page))
    assert page.locator("#app").inner_text().strip()


def test_build_refuses_pyodide_versions_that_disagree(tmp_path, monkeypatch):
    import build
    from sitebuild import runtime
    (tmp_path / "node_modules" / "pyodide").mkdir(parents=True)
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {"pyodide": "314.0.7"}}))
    (tmp_path / "package-lock.json").write_text(json.dumps(
        {"packages": {"node_modules/pyodide": {"version": "314.0.7"}}}))
    installed = tmp_path / "node_modules" / "pyodide" / "package.json"
    monkeypatch.setattr(runtime, "ROOT", tmp_path)
    monkeypatch.setattr(runtime, "NODE_MODULES", tmp_path / "node_modules")
    installed.write_text(json.dumps({"version": "314.0.7"}))
    assert build.check_pinned_pyodide() == "314.0.7"
    installed.write_text(json.dumps({"version": "314.0.6"}))
    with pytest.raises(SystemExit, match="disagree"):
        build.check_pinned_pyodide()


# The paths whose bodies crossed the network (an answer from the HTTP cache, or a 304 to its
# revalidation, carries fewer bytes than the body).
DOWNLOADED = """performance.getEntriesByType('resource').filter((entry) => entry.transferSize > entry.encodedBodySize)
    .map((entry) => new URL(entry.name).pathname)"""


@pytest.mark.browser
def test_a_first_visit_asks_for_the_big_files_at_once_and_fetches_each_once(server, fresh_page):
    """preload.js asks for what a start needs from the page's head; the loader and Pyodide then take
    those very responses (a preload that did not match their fetch would download a file twice).
    Python's worker asks the HTTP cache, which the page's preloads filled: each file crosses once."""
    page = fresh_page
    import build
    boot(page, server.url)
    side = python_side(page)
    downloaded = page.evaluate(DOWNLOADED) + (side.evaluate(DOWNLOADED) if side is not page else [])
    big = ["runtime/pyodide/pyodide.asm.wasm", build.STDLIB_COMPILED, "app/frontend.zip",
           "runtime/pyodide/pyodide.asm.mjs"] + (["app/main.py"] if side is page else [])    # PyScript's
    for path in big:
        assert downloaded.count("/" + path) == 1, (path, downloaded)
    assert page.evaluate(PRELOAD_LINKS) >= len(big) - 1      # (frontend.zip: the loader asks as Python starts)
    assert not page.problems
    # A relaunch is served by the service worker, which answers at once: nothing is preloaded.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    boot(page, server.url)
    assert page.evaluate(PRELOAD_LINKS) == 0


def test_the_compiled_stdlib_leaves_out_only_what_a_page_never_imports(site):
    """Developer tools and other scripts' codecs are gone; every module a start imports is there as
    bytecode without its source; the codecs a page can name stay."""
    import zipfile
    import build
    names = set(zipfile.ZipFile(site / build.STDLIB_COMPILED).namelist())
    assert not [name for name in names if name.split("/")[0] in ("unittest", "pydoc_data", "_pyrepl", "idlelib")]
    assert "pdb.py" not in names and "encodings/cp1251.py" not in names
    for codec in ("utf_8", "ascii", "latin_1", "cp437", "idna"):
        assert f"encodings/{codec}.py" in names or f"encodings/{codec}.pyc" in names, codec
    starts = build.loader_facts(site, "SNAPSHOT")["imports"]
    for module in ("json", "random", "asyncio"):
        assert module in starts
        stem = module if f"{module}.pyc" in names else f"{module}/__init__"
        assert f"{stem}.pyc" in names and f"{stem}.py" not in names, module
    assert not [module for module in starts if build.unused_stdlib_entry(module.replace(".", "/") + ".py")]


def test_precache_holds_the_compiled_stdlib_not_the_original(site):
    import build
    urls = {entry["url"] for entry in build.precache_list(site)}
    assert build.STDLIB_COMPILED in urls and build.STDLIB_ORIGINAL not in urls
    assert (site / build.STDLIB_ORIGINAL).exists(), "the fallback must stay on the server"
    assert build.STDLIB_ORIGINAL in {entry["url"] for entry in build.precache_list(site, with_bench=True)}


# -- the start-up snapshot ---------------------------------------------------------------------------
# The snapshot the service worker keeps, as {cache, key, sha256, bytes}, or null.
SNAPSHOT_ENTRY = """async () => {
    for (const name of await caches.keys()) {
        const response = await (await caches.open(name)).match('__snapshot__');
        if (response) return {cache: name, key: response.headers.get('x-snapshot-key'),
                              sha256: response.headers.get('x-snapshot-sha256'),
                              bytes: (await response.arrayBuffer()).byteLength};
    }
    return null;
}"""
# Put the kept snapshot back changed: its bytes through change(bytes), its headers through relabel.
REWRITE_SNAPSHOT = """async ([change, key]) => {
    const names = await caches.keys();
    const name = names.find((name) => name.startsWith('thieves-table-'));
    const cache = await caches.open(name);
    const response = await cache.match('__snapshot__');
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (change === 'damage') bytes[bytes.length >> 1] ^= 0x5a;       // one byte deep in the heap
    const headers = new Headers(response.headers);
    if (key) headers.set('x-snapshot-key', key);
    await cache.put('__snapshot__', new Response(bytes, {headers}));
}"""
# The game as the page's Python plays it: a record replayed (every seat's view, the legal moves) and
# a whole bots' game from a fixed seed.
GAME_PROBE = """
import json, js, pycore
from pycore import arena
state = pycore.replay(js.probeGiven)
views = [state.view(seat) for seat in [None, *range(state.seats)]]
legal = state.legal_actions(state.to_act[0])
ended = arena.play_bots(pycore.GAMES["thievery"], 3, ["sharp", "novice", "novice"], 23)
json.dumps({"views": views, "legal": legal, "bots": pycore.record(ended)}, default=str)
"""


def kept_snapshot(page, seconds=120):
    """The snapshot once the service worker keeps one (a relaunch makes it in the background)."""
    for _ in range(seconds * 2):
        entry = page.evaluate(SNAPSHOT_ENTRY)
        if entry:
            return entry
        page.wait_for_timeout(500)
    raise AssertionError(f"no start-up snapshot was made in {seconds} s")


def a_game_in_progress():
    """Thievery, Ana against two bots, Ana to move after the bots' first moves."""
    game = pycore.GAMES["thievery"]
    state = game.new_game(seats=3, seed=11, options=dict(game.options))
    rng = random.Random(3)
    while state.to_act[0] != 0 or len(state.history) < 3:
        seat = state.to_act[0]
        state.apply(seat, game.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    return state, Table([Seat(["Ana"]), Seat(bot="novice"), Seat(bot="sharp")])


@pytest.mark.browser
def test_a_relaunch_starts_from_a_snapshot_of_the_same_game(browser, site, tmp_path):
    import build
    copy = tmp_path / "site"          # a release of its own, so that it can be updated
    shutil.copytree(site, copy)
    server = Server(copy).start()
    context = browser.new_context(viewport=PHONE)
    notes = []
    context.on("console", lambda message: notes.append(message.text))
    try:
        page = context.new_page()
        boot(page, server.url + "?fast#/")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
        state, table = a_game_in_progress()
        inject(page, state, table, "probe")

        def relaunch():
            """Start again on the game: whether from the snapshot, its screen, its Python's game."""
            notes.clear()
            page.goto("about:blank")          # a new page load, not a move within the page
            boot(page, server.url + "?fast#/play/probe")
            settle(page)
            screen = page.inner_html("#app")
            return python_side(page).evaluate(RESTORED), screen, run_python(page, GAME_PROBE, pycore.record(state))

        def snapshot_notes():
            return [text for text in notes if "snapshot" in text]

        assert page.evaluate(SNAPSHOT_ENTRY) is None, "a first visit made a snapshot"
        restored, *booted = relaunch()
        assert not restored and any("no start-up snapshot yet" in text for text in notes), snapshot_notes()
        # That relaunch makes one in the background, for this build.
        kept = kept_snapshot(page)
        assert kept["key"] == build.loader_facts(copy, "SNAPSHOT")["key"] and len(kept["sha256"]) == 64

        restored, *from_snapshot = relaunch()
        assert restored, snapshot_notes()
        assert from_snapshot == booted, "a start from the snapshot is not the same as a normal start"
        assert not [text for text in notes if "Thieves' Table:" in text and "snapshot" in text], snapshot_notes()

        # Damaged, or of another version: a normal start, with a note, and that snapshot is dropped.
        for change, key, note in [("damage", None, "snapshot is damaged"),
                                  ("relabel", "0123456789abcdef", "from another version")]:
            page.evaluate(REWRITE_SNAPSHOT, [change, key])
            restored, *fallen_back = relaunch()
            assert not restored and any(note in text for text in notes), snapshot_notes()
            assert fallen_back == booted
            kept_snapshot(page)          # dropped, and made again by that start (wait for it: one
                                         # still being written when the update below activates is
                                         # kept by the new version, whose snapshot key is the same)

        # An update drops it with the old version's cache: the new version starts normally.
        styles = copy / "styles.css"
        styles.write_text(styles.read_text() + "\n/* release 2 */\n")
        build.write_service_worker(copy)
        page.reload()
        page.wait_for_selector("#update:not([hidden])", timeout=60_000)
        notes.clear()
        page.click("#update")
        page.wait_for_function("!document.querySelector('#update') || document.querySelector('#update').hidden", timeout=60_000)
        page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=90_000)
        assert kept["cache"] not in page.evaluate("caches.keys()")
        assert not python_side(page).evaluate(RESTORED) and any("no start-up snapshot yet" in text for text in notes), snapshot_notes()
    finally:
        context.close()
        server.kill()
