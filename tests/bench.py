"""python build.py bench: the speed and size table of Thieves' Table.

Every ratio is measured within this one run (app against bare page, offline against cold, run
alternately in fresh browser contexts), because these machines are shared and noisy: compare
ratios, not absolute times, across runs.

    python build.py bench [--runs 5] [--ladder-games 300] [--quick]
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from browsing import CHROMIUM, CHROMIUM_ARGS, PHONE, ROOT, Server

sys.path.insert(0, str(ROOT))
import build  # noqa: E402
import pycore  # noqa: E402
from pycore import arena  # noqa: E402

# Which games get rows, and at how many seats the ladder is played.
LADDER_SEATS = {"thievery": 3, "guild-of-thieves": 3}
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

# Bots inside Pyodide: the arena with decision timings, written into the page.
BOTS_CODE = """import json
from pycore import arena, GAMES
from pyscript import document
result = {}
for game_id, seats in SEATS.items():
    if game_id in GAMES:
        timings = {}
        arena.ladder(game_id, seats, GAMES_PER, timings=timings, seed=99)
        result[game_id] = timings
document.getElementById("result").textContent = json.dumps(result)
document.documentElement.dataset.app = "ready"
"""


def ms(seconds):
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.1 else f"{seconds * 1000:.2f} ms"


def target(label, passed, text):
    TARGETS.append((label, passed, text))
    return f"{'ok  ' if passed else 'MISS'} {text}"


def make_site(tmp: Path) -> Path:
    site = tmp / "site"
    shutil.copytree(build.BENCH_SITE, site)
    wheel = json.loads((build.BENCH_SITE / "shell.js").read_text().split("const BUILD = ", 1)[1].split(";\n", 1)[0])["wheel"]
    (site / "bench").mkdir()
    (site / "bench" / "bare.html").write_text(
        pyscript_page(wheel, "<p>A bare PyScript + Pyodide page: the same runtime and wheel, no app.</p>", BARE_CODE))
    (site / "bench" / "pyodide.html").write_text(PYODIDE_PAGE)
    return site, wheel


def time_to_ready(browser, url: str, context=None):
    own = context is None
    context = context or browser.new_context(viewport=PHONE)
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    ready = page.evaluate("window.__readyAt")
    paint = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
    if own:
        context.close()
    else:
        page.close()
    return ready / 1000, (paint or 0) / 1000


def browser_rows(runs: int, bot_games: int):
    from playwright.sync_api import sync_playwright
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        site, wheel = make_site(Path(tmp))
        seats = {g: s for g, s in LADDER_SEATS.items() if g in pycore.GAMES}
        code = BOTS_CODE.replace("SEATS", repr(seats)).replace("GAMES_PER", str(bot_games))
        (site / "bench" / "bots.html").write_text(pyscript_page(wheel, '<pre id="result">running</pre>', code))
        build.write_service_worker(site, with_bench=True)     # so the comparison pages work offline too
        server = Server(site).start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                # Offline: a context that has visited once and launched twice more (Chromium keeps
                # the compiled WebAssembly from the second launch on), then the server is gone.
                offline_server = Server(site).start()
                offline_context = browser.new_context(viewport=PHONE)
                page = offline_context.new_page()
                page.goto(offline_server.url)
                page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
                page.close()
                offline_server.kill()
                for _ in range(2):
                    for page_path in ("", "bench/bare.html", "bench/pyodide.html"):
                        time_to_ready(browser, offline_server.url + page_path, offline_context)
                app, bare, paints, offline, offline_bare, offline_pyodide = [], [], [], [], [], []
                time_to_ready(browser, server.url + "bench/bare.html")        # warm the OS file cache
                for _ in range(runs):                       # alternate, so all three share the noise
                    ready, paint = time_to_ready(browser, server.url)
                    app.append(ready)
                    paints.append(paint)
                    bare.append(time_to_ready(browser, server.url + "bench/bare.html")[0])
                    offline.append(time_to_ready(browser, offline_server.url, offline_context)[0])
                    offline_bare.append(time_to_ready(browser, offline_server.url + "bench/bare.html", offline_context)[0])
                    offline_pyodide.append(time_to_ready(browser, offline_server.url + "bench/pyodide.html", offline_context)[0])
                offline_context.close()
                # Bots inside Pyodide.
                context = browser.new_context()
                page = context.new_page()
                page.goto(server.url + "bench/bots.html")
                page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=600_000)
                in_browser = json.loads(page.inner_text("#result"))
                context.close()
                browser.close()
        finally:
            server.kill()
    cold, bare_cold = statistics.median(app), statistics.median(bare)
    off = statistics.median(offline)
    rows.append(("cold time-to-ready, app", ms(cold), f"median of {runs}"))
    rows.append(("cold time-to-ready, bare PyScript+Pyodide", ms(bare_cold), f"median of {runs}"))
    ratio = cold / bare_cold
    rows.append(("app / bare", f"{ratio:.2f}", target("app/bare", ratio <= 1.10, "target <= 1.10")))
    rows.append(("offline time-to-ready (server killed)", ms(off), f"median of {runs}; a relaunch after the first visit"))
    floor = statistics.median(offline_pyodide)
    rows.append(("offline, bare PyScript+Pyodide page", ms(statistics.median(offline_bare)), "same cache, same launches"))
    rows.append(("offline, Pyodide alone (the floor)", ms(floor), "loadPyodide + one statement"))
    ratio = off / cold
    rows.append(("offline / cold", f"{ratio:.2f}", target(
        "offline/cold", ratio <= 0.60, f"target <= 0.60; Pyodide alone offline / app cold = {floor / cold:.2f}")))
    rows.append(("time to first paint", ms(statistics.median(paints)), "first-contentful-paint, cold"))
    return rows, in_browser


def size_rows():
    entries = build.precache_list(build.BENCH_SITE)
    whole = sum(e["bytes"] for e in entries)
    own = sum(e["bytes"] for e in entries if not e["url"].startswith("runtime/"))
    share = own / whole
    return [("precache, whole", f"{whole / 1048576:.2f} MB", f"{len(entries)} files"),
            ("our own files", f"{own / 1024:.0f} KB", target("own bytes", share <= 0.05,
                                                             f"{share:.1%} of the cache; target <= 5%"))]


def level_rows(game_id, timings, where, budget=None):
    rows = []
    for level in ("novice", "sharp", "ruthless"):
        values = timings.get(level, [])
        p50, p95 = arena.percentile(values, 0.5), arena.percentile(values, 0.95)
        note = f"{len(values)} decisions"
        if budget and level == "ruthless":
            note = target(f"{game_id} ruthless p95", p95 <= budget, f"p95 target <= {budget * 1000:.0f} ms; {note}")
        rows.append((f"{game_id} {level} decision, {where}", f"p50 {ms(p50)} · p95 {ms(p95)}", note))
    return rows


def engine_rows(game_id: str, ladder_games: int):
    seats = LADDER_SEATS[game_id]
    rows = []
    timings: dict = {}
    started = time.perf_counter()
    shares = arena.ladder(game_id, seats, ladder_games, timings=timings, seed=2026)
    elapsed = time.perf_counter() - started
    rows += level_rows(game_id, timings, "CPython", budget=0.030)
    rate = arena.random_games_per_second(game_id, seats, seconds=3.0)
    rows.append((f"{game_id} random games per second", f"{rate:.0f}", f"{seats} seats, CPython"))
    order = ("ruthless", "sharp", "novice")
    gaps = [shares[a] - shares[b] for a, b in zip(order, order[1:])]
    text = " > ".join(f"{level} {shares[level]:.3f}" for level in order)
    rows.append((f"{game_id} ladder, {seats} seats, {ladder_games} games", text,
                 target(f"{game_id} ladder", all(g >= 0.05 for g in gaps),
                        f"gaps {gaps[0]:+.3f}, {gaps[1]:+.3f}; target >= 0.05 each ({elapsed:.0f} s)")))
    return rows


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ladder-games", type=int, default=300)
    parser.add_argument("--browser-bot-games", type=int, default=6)
    parser.add_argument("--quick", action="store_true", help="fewer runs and games (a smoke test)")
    args = parser.parse_args(argv)
    if args.quick:
        args.runs, args.ladder_games, args.browser_bot_games = 2, 30, 2
    random.seed(0)
    rows = [("", "", "")]
    browser, in_browser = browser_rows(args.runs, args.browser_bot_games)
    rows = browser + size_rows()
    for game_id in LADDER_SEATS:
        if game_id not in pycore.GAMES:
            continue
        rows += engine_rows(game_id, args.ladder_games)
        rows += level_rows(game_id, in_browser.get(game_id, {}), "browser (Pyodide)")
    width = max(len(r[0]) for r in rows)
    value_width = max(len(r[1]) for r in rows)
    print()
    print(f"{'measure'.ljust(width)}  {'value'.ljust(value_width)}  note")
    print(f"{'-' * width}  {'-' * value_width}  ----")
    for label, value, note in rows:
        print(f"{label.ljust(width)}  {value.ljust(value_width)}  {note}")
    missed = [label for label, passed, _ in TARGETS if not passed]
    print()
    print(f"targets met: {len(TARGETS) - len(missed)} of {len(TARGETS)}" + (f"; missed: {', '.join(missed)}" if missed else ""))
