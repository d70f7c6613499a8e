"""What the bench's tables share (bench.py, taps.py, traces.py): the sites they time (the bench
site, with pages of the app as it was and of bare Pyodide beside it), how a start is timed, and the
targets each row reports."""
from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from browsing import PHONE, ROOT

sys.path.insert(0, str(ROOT))
import build  # noqa: E402

TARGETS = []   # (row label, passed?, target text)


READY_PROBE = """
new MutationObserver(() => {
  const root = document.documentElement;
  if (root && root.dataset.app === 'ready' && !window.__readyAt) window.__readyAt = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-app']});
"""


def pyscript_page(wheel: str, body: str, code: str) -> str:
    """A page that starts PyScript + Pyodide from the site's own runtime and wheel, then runs code."""
    return f"""<!doctype html>
<html lang="en" data-app="loading"><head><meta charset="utf-8"><title>bench</title></head>
<body>{body}
<script type="module">
const here = (path) => new URL(path, location.href).href;
const config = {{interpreter: here("../runtime/pyodide/pyodide.mjs"),
                files: {{[here("../{wheel}")]: "/lib/python3.14/site-packages/*"}}}};
const script = document.createElement("script");
script.type = "py";
script.setAttribute("config", JSON.stringify(config));
script.textContent = {json.dumps(code)};
document.body.append(script);
import("../runtime/pyscript/core.js");
</script></body></html>
"""


# The bare page: the same runtime and wheel, importing the engines, and nothing of the app.
BARE_CODE = """import pycore
from pyscript import document
document.documentElement.dataset.app = 'ready'
"""


# The floor: Pyodide alone, no PyScript, no app.
PYODIDE_PAGE = """<!doctype html>
<html lang="en" data-app="loading"><head><meta charset="utf-8"><title>pyodide</title></head>
<body><p>Pyodide alone: the floor under every page here.</p>
<script type="module">
import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({indexURL: new URL("../runtime/pyodide/", location.href).href});
pyodide.runPython("import sys");
document.documentElement.dataset.app = "ready";
</script></body></html>
"""


# Issue 39's choice of a worker for Python, measured: each page starts plain Pyodide in a worker,
# unpacks the wheel and imports the engines, and is ready when the worker says so. PyScript's worker
# without cross-origin isolation (sync_main_only: only the page calls it, asynchronously), against a
# plain module worker (what the app's python-worker.mjs is, over our own loader).
PYSCRIPT_WORKER_PAGE = """<!doctype html>
<html lang="en" data-app="loading"><head><meta charset="utf-8"><title>PyScript's worker</title></head>
<body><p>PyScript's worker (sync_main_only), plain Pyodide, the wheel, import pycore.</p>
<script type="module">
import { PyWorker } from "../runtime/pyscript/core.js";
const here = (path) => new URL(path, location.href).href;
const worker = await PyWorker(here("worker-probe.py"), {type: "pyodide", version: here("../runtime/pyodide/pyodide.mjs"),
  config: {sync_main_only: true, files: {[here("../%s")]: "/lib/python3.14/site-packages/*"}}});
await worker.sync.started();
document.documentElement.dataset.app = "ready";
</script></body></html>
"""
PYSCRIPT_WORKER_CODE = """import pycore
from polyscript import xworker
xworker.sync.started = lambda: True
"""
MODULE_WORKER_PAGE = """<!doctype html>
<html lang="en" data-app="loading"><head><meta charset="utf-8"><title>a module worker</title></head>
<body><p>A plain module worker: plain Pyodide, the wheel, import pycore.</p>
<script type="module">
const worker = new Worker(new URL("module-worker.mjs", location.href), {type: "module"});
worker.onmessage = () => { document.documentElement.dataset.app = "ready"; };
</script></body></html>
"""
MODULE_WORKER = """import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";
const here = (path) => new URL(path, import.meta.url).href;
const [pyodide, wheel] = await Promise.all([loadPyodide({indexURL: here("../runtime/pyodide/")}),
                                            fetch(here("../%s")).then((response) => response.arrayBuffer())]);
pyodide.unpackArchive(wheel, "wheel", {extractDir: "/lib/python3.14/site-packages"});
pyodide.runPython("import pycore");
postMessage("started");
"""


# The floor under a relaunch from the snapshot: Pyodide alone putting back the app's own start-up
# snapshot (the service worker's copy), then one statement; no PyScript, no archives, no app.
PYODIDE_SNAPSHOT_PAGE = """<!doctype html>
<html lang="en" data-app="loading"><head><meta charset="utf-8"><title>pyodide from the snapshot</title></head>
<body><p>Pyodide alone from the app's start-up snapshot: the floor under a relaunch from it.</p>
<script type="module">
import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";
const here = (path) => new URL(path, location.href).href;
const stored = await fetch(here("../__snapshot__"));
if (!stored.ok) throw new Error("no start-up snapshot");
const pyodide = await loadPyodide({indexURL: here("../runtime/pyodide/"), stdLibURL: here("../%s"),
                                   _loadSnapshot: new Uint8Array(await stored.arrayBuffer())});
pyodide.runPython("import random; random.seed(); import sys");
document.documentElement.dataset.app = "ready";
</script></body></html>
""" % build.STDLIB_COMPILED


def ms(seconds):
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.1 else f"{seconds * 1000:.2f} ms"


def target(label, passed, text):
    TARGETS.append((label, passed, text))
    return f"{'ok  ' if passed else 'MISS'} {text}"


def make_site(tmp: Path) -> Path:
    site = tmp / "site"
    shutil.copytree(build.BENCH_SITE, site)
    archives = build.loader_facts(build.BENCH_SITE, "ARCHIVES")
    wheel = next(path for path in archives if path.endswith(".whl"))
    # The app before ran Python on the page, PyScript unpacking our archives (config.files).
    before_config = ("JSON.stringify({ interpreter, files: Object.fromEntries(Object.entries("
                     f"{json.dumps(archives)}).map(([path, folder]) => [here(path), folder])) }})")
    (site / "bench").mkdir()
    (site / "bench" / "bare.html").write_text(
        pyscript_page(wheel, "<p>A bare PyScript + Pyodide page: the same runtime and wheel, no app.</p>", BARE_CODE))
    (site / "bench" / "pyodide.html").write_text(PYODIDE_PAGE)
    (site / "bench" / "pyscript-worker.html").write_text(PYSCRIPT_WORKER_PAGE % wheel)
    (site / "bench" / "worker-probe.py").write_text(PYSCRIPT_WORKER_CODE)
    (site / "bench" / "module-worker.html").write_text(MODULE_WORKER_PAGE)
    (site / "bench" / "module-worker.mjs").write_text(MODULE_WORKER % wheel)
    (site / "bench" / "pyodide-snapshot.html").write_text(PYODIDE_SNAPSHOT_PAGE)
    # "Before": the app as it was, PyScript starting the plain Pyodide (original stdlib, no bytecode)
    # when it gets to it. "No snapshot": the app as it starts when its start-up snapshot is missing
    # (the fallback), never making one. Next to index.html, so the shell's relative paths hold.
    edits = [("index.html", BEFORE_PAGE, [('"shell.js"', f'"{BEFORE_SHELL}"')]),
             ("shell.js", BEFORE_SHELL, [(ON_THIS_THREAD, "const onThisThread = true;"),
                                         ('here("pyodide-loader.mjs")', 'here("runtime/pyodide/pyodide.mjs")'),
                                         ("loader.then((module) => module.loadPyodide())", "Promise.resolve()"),
                                         ("JSON.stringify({ interpreter })", before_config)]),
             ("index.html", NO_SNAPSHOT_PAGE, [('"shell.js"', f'"{NO_SNAPSHOT}-shell.js"')]),
             ("shell.js", f"{NO_SNAPSHOT}-shell.js", [('here("python-worker.mjs")', f'here("{NO_SNAPSHOT}-worker.mjs")')]),
             ("python-worker.mjs", f"{NO_SNAPSHOT}-worker.mjs", [('"./pyodide-loader.mjs"', f'"./{NO_SNAPSHOT}-loader.mjs"')]),
             ("pyodide-loader.mjs", f"{NO_SNAPSHOT}-loader.mjs", [("await storedSnapshot(controlled)", "null"),
                                                                 ("if (restored ||", "if (true ||")])]
    for source, target, replacements in edits:
        text = (site / source).read_text()
        for old, new in replacements:
            assert old in text, f"{source} no longer holds {old}"
            text = text.replace(old, new)
        if target == BEFORE_PAGE:      # the app before preloaded nothing (and starts other files)
            assert build.PRELOADS_SCRIPT in text
            text = text.replace(build.PRELOADS_SCRIPT, "")
        (site / target).write_text(text)
    return site, wheel


BEFORE_PAGE, BEFORE_SHELL = "bench-before.html", "bench-before-shell.js"
ON_THIS_THREAD = ('const onThisThread = new URLSearchParams(location.search).has("main") '
                  '|| globalThis.thievesTablePythonInWorker === false;')


NO_SNAPSHOT = "bench-no-snapshot"


NO_SNAPSHOT_PAGE = NO_SNAPSHOT + ".html"


# The pages an offline start is timed on, run in turn: the app (from its start-up snapshot), the
# app without it, the app before, and the floor.
OFFLINE_PAGES = {"app": "", "app, no snapshot": NO_SNAPSHOT_PAGE, "app before": BEFORE_PAGE,
                 "bare": "bench/bare.html", "pyodide": "bench/pyodide.html",
                 "pyodide from the snapshot": "bench/pyodide-snapshot.html"}


# Whether the page's cache holds a start-up snapshot.
HAS_SNAPSHOT = """caches.keys().then((names) => Promise.all(names.map((name) => caches.open(name)
  .then((cache) => cache.match('__snapshot__'))))).then((found) => found.some(Boolean))"""


def wait_for_snapshot(context, url: str, seconds: int = 180):
    """A relaunch of the app, kept open until it has made its start-up snapshot (in a worker)."""
    page = context.new_page()
    page.goto(url)
    for _ in range(seconds):
        if page.evaluate(HAS_SNAPSHOT):
            break
        page.wait_for_timeout(1000)
    else:
        raise SystemExit(f"the app made no start-up snapshot in {seconds} s")
    page.close()


def time_to_ready(context, url: str):
    """Seconds to the app's ready mark and to first paint; the context carries READY_PROBE."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    ready = page.evaluate("window.__readyAt")
    paint = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
    page.close()
    return ready / 1000, (paint or 0) / 1000


def cold_time_to_ready(browser, url: str):
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(READY_PROBE)
    try:
        return time_to_ready(context, url)
    finally:
        context.close()


# Top-level slices of the renderer's main thread: a task, and the microtasks run after one (where
# a promise chain such as Python's start-up runs, holding the thread as long as any task).
MAIN_THREAD_TASKS = ("RunTask", "ThreadControllerImpl::RunTask", "BlinkScheduler_PerformMicrotaskCheckpoint")


# Python's first screen painted (ui.js's tt:painted): a start is over only once it is.
FIRST_SCREEN_PAINTED = "performance.getEntriesByName('tt:painted').length > 0"


def longest_task(context, url: str, through_first_screen: bool = False) -> tuple[float, float]:
    """The longest main-thread task while the page starts, from a Chromium trace: its seconds, and
    the seconds the thread itself ran in it (the rest it waited for a core, on a busy machine); with
    ``through_first_screen``, until the screen Python draws first is painted (its frame lays out the
    whole screen, after the page is ready)."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    finished = {}
    cdp.on("Tracing.tracingComplete", lambda event: finished.update(event))
    cdp.send("Tracing.start", {"transferMode": "ReturnAsStream",
                               "traceConfig": {"includedCategories": ["toplevel", "devtools.timeline"]}})
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    if through_first_screen:
        page.wait_for_function(FIRST_SCREEN_PAINTED, timeout=30_000)
    cdp.send("Tracing.end")
    while "stream" not in finished:
        page.wait_for_timeout(50)
    chunks = []
    while True:
        chunk = cdp.send("IO.read", {"handle": finished["stream"], "size": 1 << 20})
        chunks.append(base64.b64decode(chunk["data"]).decode() if chunk.get("base64Encoded") else chunk["data"])
        if chunk.get("eof"):
            break
    cdp.send("IO.close", {"handle": finished["stream"]})
    page.close()
    trace = json.loads("".join(chunks))
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main_threads = {(e["pid"], e["tid"]) for e in events
                    if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    tasks = [(e["dur"], e.get("tdur", e["dur"])) for e in events if e.get("ph") == "X"
             and e.get("name") in MAIN_THREAD_TASKS and (e["pid"], e["tid"]) in main_threads]
    wall, own = max(tasks)
    return wall / 1e6, own / 1e6


def offline_context(context, url: str):
    """context after a first visit: the service worker holds every file."""
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    page.close()
    return context


# ---- a real display for the taps (issue 39) ----
class RealDisplay:
    """An X display (Xvfb) for a headed Chromium, or None where Xvfb is not installed.

    Headless Chromium's display compositor skips drawing the first frame after an idle screen
    ("Draw skipped." in a trace's viz events), so a tap on a still screen is presented only with
    the next frame that has anything else in it, here Python's drawing, a tenth of a second later at
    4x: Event Timing then counts that.  A headed Chromium on a real (virtual) X display presents the
    tap's own frame as a phone does.  ``with RealDisplay() as display``: ``display.launch_options``
    are Playwright's (headless or not, and the display's environment); ``display.name`` says which."""

    def __init__(self, wanted: bool = True):
        self.wanted = wanted and shutil.which("Xvfb") is not None
        self.process = None
        self.display = None

    def __enter__(self):
        if self.wanted:
            read, write = os.pipe()
            self.process = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            os.close(write)
            with os.fdopen(read) as answer:
                number = answer.readline().strip()
            if number:
                self.display = f":{number}"
            else:
                self.process.kill()
                self.process = None
        return self

    def __exit__(self, *exc):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)

    @property
    def name(self) -> str:
        return f"headed on Xvfb {self.display}" if self.display else "headless"

    @property
    def launch_options(self) -> dict:
        if not self.display:
            return {"headless": True}
        return {"headless": False, "env": {**os.environ, "DISPLAY": self.display}}
