"""Start-up: the app starts Pyodide with the standard library build.py compiled (bytecode for what
a start imports), falls back to the original zip when that cannot load, and the build refuses
Pyodide versions that disagree."""
import json

import pytest

from driver import boot

# Which standard-library modules came from the zip, and whether as bytecode (.pyc) or source.
STDLIB_PROBE = """
import json, sys, zipimport, js
loaded = [module.__file__ for module in list(sys.modules.values())
          if isinstance(getattr(module, "__loader__", None), zipimport.zipimporter)]
js.window.stdlibProbe = json.dumps(loaded)
"""
# Every text the boot status line showed, in order.
STATUS_LOG = """
window.statusLog = [];
new MutationObserver(() => {
  const line = document.getElementById('boot-status');
  if (line && window.statusLog.at(-1) !== line.textContent) window.statusLog.push(line.textContent);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def stdlib_files(page) -> list:
    page.evaluate("""code => {
        const script = document.createElement('script');
        script.type = 'py';
        script.textContent = code;
        document.body.append(script);
    }""", STDLIB_PROBE)
    page.wait_for_function("window.stdlibProbe !== undefined", timeout=60_000)
    return json.loads(page.evaluate("window.stdlibProbe"))


def fetched(page, name) -> bool:
    return page.evaluate("name => performance.getEntriesByType('resource').some(e => e.name.endsWith(name))", name)


@pytest.mark.browser
def test_start_uses_the_compiled_stdlib(server, page):
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
def test_falls_back_to_the_original_stdlib(server, page, failure):
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
    (tmp_path / "node_modules" / "pyodide").mkdir(parents=True)
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {"pyodide": "314.0.7"}}))
    (tmp_path / "package-lock.json").write_text(json.dumps(
        {"packages": {"node_modules/pyodide": {"version": "314.0.7"}}}))
    installed = tmp_path / "node_modules" / "pyodide" / "package.json"
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "NODE_MODULES", tmp_path / "node_modules")
    installed.write_text(json.dumps({"version": "314.0.7"}))
    assert build.check_pinned_pyodide() == "314.0.7"
    installed.write_text(json.dumps({"version": "314.0.6"}))
    with pytest.raises(SystemExit, match="disagree"):
        build.check_pinned_pyodide()


def test_precache_holds_the_compiled_stdlib_not_the_original(site):
    import build
    urls = {entry["url"] for entry in build.precache_list(site)}
    assert build.STDLIB_COMPILED in urls and build.STDLIB_ORIGINAL not in urls
    assert (site / build.STDLIB_ORIGINAL).exists(), "the fallback must stay on the server"
    assert build.STDLIB_ORIGINAL in {entry["url"] for entry in build.precache_list(site, with_bench=True)}
