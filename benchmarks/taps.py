"""python build.py bench --only taps: how fast the app answers a touch (issues 26 and 39).

- Interaction to next paint for every tap of a scripted game in each of the five games, one person
  against bots at instant speed and at their normal pace, taps chosen at random (seeded) among the
  legal targets on the screen and made with real mouse clicks at their centres, so that the Event
  Timing API sees them.  A tap's figure is its interaction's longest event ``duration``, as
  web-vitals measures INP (entries under the observer's 16 ms threshold are not reported: such a
  tap counts as 16 ms).  Beside it, the tap (its pointerdown) to the frame that shows what it drew
  (ui.js marks "tt:painted" after each draw's paint).  Played unthrottled and with the CPU slowed
  four times (Lighthouse's mobile setting), in a headed Chromium on a virtual X display (Xvfb)
  where one is installed: headless Chromium's display compositor skips the first frame after a
  still screen ("Draw skipped." in a trace), so a tap's own answer (the thing tapped ringed) is
  presented there only with the next change, Python's drawing of the move, and Event Timing counts
  to that (common.RealDisplay; --display headless measures it so).
- Engine calls per tap (tests/engine_calls.py, in CPython).
- A relaunch from the home screen (a persistent profile, the server killed) to the last screen
  painted and to the first tap that works, against plain Pyodide's own start.
- Lighthouse (mobile, the machine's own speed) on the home, a rules page and a play screen.

Every figure but Lighthouse's comes from one run's browser, so the ratios share its noise.
"""
from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

# At least this many taps a game, in each of the two conditions.
TAPS_PER_GAME = 40
# The table: one person and two bots (12 Thieves and Master Thieves seat from two, so three fits all).
BOTS = ("sharp", "sharp")
CPU_SLOWDOWN = 4
# Targets (issue 39): p98 of a game's taps, unthrottled and slowed four times: the tap to its next
# paint (INP), and the tap to the frame that shows its result (ui.js's "tt:painted").
P98_TARGETS = {1: 0.100, CPU_SLOWDOWN: 0.100}
RESULT_P98_TARGETS = {1: 0.200, CPU_SLOWDOWN: 0.200}
# The bots' pace: at once, and as a person sees it by default (their moves shown one by one).
BOT_SPEEDS = ("instant", "normal")
RELAUNCH_PAINT_TARGET = 0.10
RELAUNCH_TAP_TARGET = 0.30
RELAUNCH_RUNS = 3
LIGHTHOUSE_TBT_TARGET = 200       # ms (issue 39)
# Without an installed Lighthouse the section says so; LIGHTHOUSE points at another install's cli.
LIGHTHOUSE_CLI = Path(os.environ.get("LIGHTHOUSE", "")) if os.environ.get("LIGHTHOUSE") else None

SETTINGS_KEY = "thieves-table:settings"
# Bots move at once, and every interaction of the page is kept (web-vitals' way: the observer on
# "event" entries with the smallest threshold it allows, buffered from the page's start).
TAPS_PROBE = """
try {
  localStorage.setItem(%s, JSON.stringify({bot_speed: %s, sound: false, vibrate: false, hot_seat_hints: false}));
} catch (error) {}
window.__interactions = [];
addEventListener("pointerdown", (event) => { window.__tapAt = event.timeStamp; }, {capture: true});
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.interactionId) window.__interactions.push([entry.interactionId, entry.startTime, entry.duration, entry.name]);
  }
}).observe({type: "event", durationThreshold: 16, buffered: true});
"""


def taps_probe(bot_speed: str) -> str:
    return TAPS_PROBE % (json.dumps(SETTINGS_KEY), json.dumps(bot_speed))

# The sheet's commands that are about the game rather than moves in it: never tapped here.
AROUND_THE_GAME = ["bot-speed", "skip-bots", "menu", "settings", "open-rules", "show-log", "recap", "hint",
                   "take-back", "export-game", "watch", "close-overlay"]
# Every legal target a person could tap now (the moves' buttons, the board's picks, the sheet's
# commands such as sorting a row and locking it in): enabled, drawn, inside the screen and on top.
TARGETS_JS = """() => {
  const AROUND_THE_GAME = %s;
  const W = innerWidth, H = innerHeight, found = [];
  const enabled = ':not([disabled]):not([aria-disabled=true])';
  for (const el of document.querySelectorAll([
      `[data-act]${enabled}`, `[data-pick]${enabled}`, `[data-command=sort-tap]${enabled}`,
      `[data-testid=sheet] [data-command]${enabled}`].join(', '))) {
    if (AROUND_THE_GAME.includes(el.dataset.command)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= W || y >= H) continue;
    const top = document.elementFromPoint(x, y);
    if (!top || !(top === el || el.contains(top))) continue;
    found.push({x, y, act: el.hasAttribute('data-act') || !!el.closest('[data-testid=sheet]'),
                what: el.dataset.act ? JSON.parse(el.dataset.act).type : (el.dataset.command || el.tagName)});
  }
  return {targets: found, now: performance.now()};
}""" % json.dumps(AROUND_THE_GAME)

# After a tap: once the page has not changed for ``quiet`` ms (a bot's moves at instant speed, a
# redraw), or after ``most`` ms whatever happens, the interactions that began at or after
# ``since`` ([interactionId, startTime, duration, name]). Event Timing reports an interaction
# after its paint, so they are waited for a little; one under 16 ms is never reported.
AFTER_TAP_JS = """async ([since, quiet, most]) => {
  await new Promise((resolve) => {
    const started = performance.now();
    let timer;
    const done = () => { observer.disconnect(); resolve(); };
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(done, performance.now() - started > most ? 0 : quiet);
    });
    observer.observe(document.documentElement, {subtree: true, childList: true, attributes: true, characterData: true});
    timer = setTimeout(done, quiet);
  });
  const tapAt = window.__tapAt ?? since;
  const painted = performance.getEntriesByName("tt:painted", "mark").find((mark) => mark.startTime >= tapAt);
  const result = painted ? painted.startTime - tapAt : null;
  for (let tries = 0; tries < 10; tries++) {
    const entries = window.__interactions.filter((entry) => entry[1] >= since - 1);
    if (entries.length) return {entries, result};
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  return {entries: [], result};
}"""


def percentile(values: list, fraction: float) -> float:
    """Nearest rank: the smallest value with at least ``fraction`` of them at or under it.

    >>> percentile([10, 20, 30, 40], 0.75)
    30
    >>> percentile(list(range(1, 51)), 0.98)
    49
    """
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


def tap_once(page, rng: random.Random) -> tuple | None:
    """One tap at a legal target chosen at random (a button that acts rather than a pick, half the
    time, so that games move on): (seconds to its next paint, what was tapped, its interactionId or
    None when under 16 ms, seconds to the frame that shows its result or None when it drew nothing),
    or None when the screen offers nothing to tap."""
    screen = page.evaluate(TARGETS_JS)
    targets = screen["targets"]
    if not targets:
        return None
    acting = [target for target in targets if target["act"]]
    chosen = rng.choice(acting if acting and rng.random() < 0.5 else targets)
    page.mouse.click(chosen["x"], chosen["y"])
    after = page.evaluate(AFTER_TAP_JS, [screen["now"], 120, 8000])
    entries = after["entries"]
    first = min(entry[0] for entry in entries) if entries else None
    duration = max((entry[2] for entry in entries if entry[0] == first), default=16)
    result = after["result"] / 1000 if after["result"] is not None else None
    return duration / 1000, chosen["what"], first, result


def new_game(page, game_id: str):
    """A fresh game of one person against the bots (its set-up's taps are not measured)."""
    from driver import set_up
    set_up(page, game_id, ["You", *BOTS])
    page.wait_for_selector("[data-testid=play]")
    page.evaluate(AFTER_TAP_JS, [1e12, 200, 10000])      # settled (no interaction is that late)


def play_taps(page, game_id: str, taps: int, seed: str, start=new_game) -> dict:
    """At least ``taps`` measured taps in games of ``game_id``, a new game (``start``) whenever one
    ends or offers nothing to tap for ten seconds: the durations, what each tap was and its
    interaction (for a trace to find it)."""
    rng = random.Random(seed)
    durations, whats, ids, results, games, stuck = [], [], [], [], 1, 0
    start(page, game_id)
    waited = 0.0
    while len(durations) < taps:
        if page.locator("[data-testid=end]").count():
            games += 1
            start(page, game_id)
            continue
        measured = tap_once(page, rng)
        if measured is None:
            if waited > 10:
                stuck, games, waited = stuck + 1, games + 1, 0.0
                start(page, game_id)
            else:
                page.wait_for_timeout(250)
                waited += 0.25
            continue
        waited = 0.0
        durations.append(measured[0])
        whats.append(measured[1])
        ids.append(measured[2])
        if measured[3] is not None:
            results.append(measured[3])
    return {"durations": durations, "whats": whats, "ids": ids, "results": results, "games": games, "stuck": stuck}


def slowed(cdp, rate: int):
    """new_game at full speed, then the CPU slowed ``rate`` times for the taps that follow (a new
    game's set-up is not what is measured)."""
    def start(page, game_id):
        throttle(page, cdp, 1)
        new_game(page, game_id)
        throttle(page, cdp, rate)
    return start


def throttle(page, cdp, rate: int):
    """The CPU slowed ``rate`` times: the page's thread by Chromium, Python's worker by itself
    (Chromium's throttling does not reach a worker)."""
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.evaluate("(rate) => window.thievesTableUI.slowPython?.(rate)", rate)


# Where Python runs (issue 39): on the page's main thread, or in a worker (shell.js's switch).
PYTHON_PLACES = {"main": ";globalThis.thievesTablePythonInWorker = false;", "worker": ""}


def inp_rows(browser, server_url: str, game_ids: list, taps: int, target, places=("worker",)) -> list:
    """Rows: per game, with the bots at once and at their normal pace, unthrottled and slowed four
    times, p75 and p98 of the tap to its next paint (INP) and of the tap to its result painted; for
    each place Python may run, in one run."""
    rows = []
    for bot_speed in BOT_SPEEDS:
        for place in places:
            rows += speed_rows(browser, server_url, game_ids, taps, target, bot_speed, place)
    return rows


def speed_rows(browser, server_url: str, game_ids: list, taps: int, target, bot_speed: str, place: str = "main") -> list:
    from browsing import PHONE
    from driver import boot
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    context.add_init_script(taps_probe(bot_speed) + PYTHON_PLACES[place])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    cdp = context.new_cdp_session(page)
    rows = []
    try:
        boot(page, server_url + "#/")
        for game_id in game_ids:
            for rate, limit in P98_TARGETS.items():
                started = time.perf_counter()
                try:
                    result = play_taps(page, game_id, taps, f"{game_id}-{rate}", slowed(cdp, rate))
                finally:
                    throttle(page, cdp, 1)
                elapsed = time.perf_counter() - started
                durations, results = result["durations"], result["results"]
                p75, p98 = percentile(durations, 0.75), percentile(durations, 0.98)
                worst = max(range(len(durations)), key=durations.__getitem__)
                where = (("unthrottled" if rate == 1 else f"CPU slowed {rate}x") + f", bots {bot_speed}"
                         + (", Python in a worker" if place == "worker" else ""))
                print(f"taps: {game_id}, {where}: {len(durations)} taps, {elapsed:.0f} s", flush=True)
                rows.append((f"{game_id} tap to next paint, {where}",
                             f"p75 {p75 * 1000:.0f} ms · p98 {p98 * 1000:.0f} ms",
                             target(f"{game_id} INP p98 {where}", p98 <= limit,
                                    f"p98 target <= {limit * 1000:.0f} ms; {len(durations)} taps in "
                                    f"{result['games']} game(s), slowest {durations[worst] * 1000:.0f} ms "
                                    f"({result['whats'][worst]}), median {statistics.median(durations) * 1000:.0f} ms"
                                    + (f", {result['stuck']} stuck game(s) restarted" if result["stuck"] else "")
                                    + f" ({elapsed:.0f} s)")))
                if results:
                    r75, r98 = percentile(results, 0.75), percentile(results, 0.98)
                    rows.append((f"{game_id} tap to its result painted, {where}",
                                 f"p75 {r75 * 1000:.0f} ms · p98 {r98 * 1000:.0f} ms",
                                 target(f"{game_id} result painted p98 {where}", r98 <= RESULT_P98_TARGETS[rate],
                                        f"p98 target <= {RESULT_P98_TARGETS[rate] * 1000:.0f} ms; {len(results)} taps "
                                        f"that drew, median {statistics.median(results) * 1000:.0f} ms, "
                                        f"slowest {max(results) * 1000:.0f} ms (ui.js's tt:painted)")))
    finally:
        context.close()
    if errors:
        rows.append((f"tap games, bots {bot_speed}: page errors", str(len(errors)), errors[0][:200]))
    return rows


# ---- engine calls per tap (CPython) ----
def engine_call_rows(game_ids: list, target) -> list:
    """Per game, the most engine calls one tap makes (tests/engine_calls.py drives the shell's
    Python through a game against bots): views per seat shown, legal_actions per moment."""
    try:
        from engine_calls import calls_per_tap
    except ImportError:
        return [("engine calls per tap", "not measured", "tests/engine_calls.py is not in this tree")]
    rows = []
    for game_id in game_ids:
        counts = calls_per_tap(game_id)
        views, legal = counts["view_per_seat_shown_max"], counts["legal_actions_per_moment_max"]
        more = "; ".join(f"{key} {value:g}" if isinstance(value, (int, float)) else f"{key} {value}"
                         for key, value in counts.items()
                         if key not in ("view_per_seat_shown_max", "legal_actions_per_moment_max"))
        rows.append((f"{game_id} engine calls per tap", f"view {views} per seat shown · legal_actions {legal} per moment",
                     target(f"{game_id} engine calls", views <= 1 and legal <= 1,
                            "target: view ≤1 per seat shown, legal_actions ≤ 1 per moment (most in one tap)"
                            + (f"; {more}" if more else ""))))
    return rows


# ---- relaunch to the last screen, and to the first tap that works ----
# Each click's time, and when the menu first opened (the answer to a tap on ☰).
MENU_PROBE = """
window.__clicks = [];
addEventListener("pointerdown", () => window.__clicks.push(performance.now()), true);
new MutationObserver(() => {
  if (!window.__menuAt && document.querySelector("[data-testid=menu]")) window.__menuAt = performance.now();
}).observe(document, {subtree: true, childList: true});
"""
MARKS_JS = """() => {
  const mark = (name) => (performance.getEntriesByName(name)[0] || {}).startTime ?? null;
  return {lastScreen: mark("tt:last-screen"), ready: mark("tt:ready"), readyAt: window.__readyAt ?? null,
          menuAt: window.__menuAt ?? null, clicks: window.__clicks};
}"""


def relaunch_once(context, url: str, menu: dict) -> dict:
    """Open the app again at ``url`` and click ☰ at ``menu`` from the moment the page is shown
    until the menu opens: when the last screen was painted (the app's mark, else its ready), and
    the click that got answered."""
    page = context.new_page()
    page.goto(url, wait_until="commit")
    deadline = time.monotonic() + 120
    while page.evaluate("window.__menuAt === undefined"):
        if time.monotonic() > deadline:
            raise SystemExit("the relaunched app never opened its menu")
        page.mouse.click(menu["x"], menu["y"])
        page.wait_for_timeout(30)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    marks = page.evaluate(MARKS_JS)
    page.close()
    answered = max((at for at in marks["clicks"] if at <= marks["menuAt"]), default=marks["menuAt"])
    painted = marks["lastScreen"] if marks["lastScreen"] is not None else marks["readyAt"]
    return {"painted": painted / 1000, "mark": "tt:last-screen" if marks["lastScreen"] is not None else "data-app=ready",
            "tap": answered / 1000, "menu": marks["menuAt"] / 1000, "clicks": len(marks["clicks"]),
            "ready": (marks["ready"] if marks["ready"] is not None else marks["readyAt"]) / 1000}


def relaunch_rows(playwright, runs: int, target, launch_options: dict | None = None) -> list:
    """A game against bots in a persistent profile, the server killed; then the app relaunched on it
    in turn with plain Pyodide's start in the same profile."""
    import build
    from common import make_site, offline_context, time_to_ready, wait_for_snapshot
    from browsing import CHROMIUM, CHROMIUM_ARGS, PHONE, Server
    from driver import boot, set_up
    with tempfile.TemporaryDirectory() as tmp:
        site, _wheel = make_site(Path(tmp))
        build.write_service_worker(site, with_bench=True)     # so Pyodide's page works offline too
        server = Server(site).start()
        try:
            context = playwright.chromium.launch_persistent_context(
                Path(tmp) / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=PHONE, **(launch_options or {}))
            offline_context(context, server.url)
            context.add_init_script(MENU_PROBE)
            page = context.new_page()
            boot(page, server.url + "#/")
            set_up(page, "thievery", ["You", *BOTS])
            page.wait_for_selector("[data-testid=play] .tt-menu-button")
            play_url = page.url
            box = page.locator(".tt-menu-button").bounding_box()
            menu = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
            page.close()
            wait_for_snapshot(context, play_url)
            server.kill()
            floor_url = server.url + "bench/pyodide.html"
            for _ in range(2):                   # Chromium keeps compiled wasm from the second launch
                time_to_ready(context, floor_url)
                relaunch_once(context, play_url, menu)
            floors, launches = [], []
            for _ in range(runs):                # in turn, so both share the noise
                floors.append(time_to_ready(context, floor_url)[0])
                launches.append(relaunch_once(context, play_url, menu))
            context.close()
        finally:
            server.kill()
    print(f"taps: {runs} relaunches", flush=True)
    floor = statistics.median(floors)
    painted = statistics.median(launch["painted"] for launch in launches)
    tap = statistics.median(launch["tap"] for launch in launches)
    menu_open = statistics.median(launch["menu"] for launch in launches)
    ready = statistics.median(launch["ready"] for launch in launches)
    marks = sorted({launch["mark"] for launch in launches})
    fallback = "" if marks == ["tt:last-screen"] else " (no tt:last-screen mark: the app's data-app=ready)"
    return [
        ("relaunch, plain Pyodide's start", f"{floor * 1000:.0f} ms",
         f"median of {runs}; persistent profile, server killed, loadPyodide + one statement"),
        ("relaunch to the last screen painted / Pyodide's start", f"{painted / floor:.2f}", target(
            "relaunch last screen", painted / floor <= RELAUNCH_PAINT_TARGET,
            f"target <= {RELAUNCH_PAINT_TARGET:.2f}; {painted * 1000:.0f} ms to {', '.join(marks)}{fallback}; "
            f"a Thievery game against bots, from the service worker")),
        ("relaunch to the first tap that works / Pyodide's start", f"{tap / floor:.2f}", target(
            "relaunch first tap", tap / floor <= RELAUNCH_TAP_TARGET,
            f"target <= {RELAUNCH_TAP_TARGET:.2f}; the answered click on ☰ at {tap * 1000:.0f} ms, its menu open "
            f"at {menu_open * 1000:.0f} ms ({menu_open / floor:.2f}); ready at {ready * 1000:.0f} ms; "
            f"clicked every ~50 ms from the page's commit")),
    ]


# ---- Lighthouse ----
LIGHTHOUSE_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-background-networking "
                    "--disable-component-update --disable-sync --no-first-run --disable-quic")
# The pages: the home, a rules page, and a play screen. Lighthouse opens each in a fresh profile,
# where no saved game exists: the embed opens a game against bots straight from its link.
LIGHTHOUSE_PAGES = {"home": "#/", "rules": "#/rules/thieves-of-eldris",
                    "play": "embed.html?game=thievery&mode=tutorial&seed=7"}


def lighthouse_cli() -> Path | None:
    import build
    cli = LIGHTHOUSE_CLI or build.ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
    return cli if cli.exists() else None


def lighthouse(cli: Path, url: str, out: Path) -> dict:
    """One Lighthouse run (mobile, no throttling of its own): its JSON report."""
    from browsing import CHROMIUM
    command = ["node", str(cli), url, "--quiet", "--output=json", f"--output-path={out}",
               "--only-categories=performance,best-practices", "--form-factor=mobile",
               "--throttling-method=provided", f"--chrome-flags={LIGHTHOUSE_FLAGS}"]
    done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True,
                          text=True, timeout=300)
    if done.returncode or not out.exists():
        raise RuntimeError((done.stdout + done.stderr)[-600:])
    return json.loads(out.read_text())


def failing_audits(report: dict, category: str) -> list:
    """The ids of a category's weighted audits that did not pass."""
    audits = report["audits"]
    return [ref["id"] for ref in report["categories"][category]["auditRefs"]
            if ref.get("weight") and audits[ref["id"]].get("score") is not None and audits[ref["id"]]["score"] < 1]


def what_failed(report: dict, audit_id: str) -> str:
    """The first thing a failing audit lists, shortly (a deprecation's words, a console error's)."""
    items = (report["audits"][audit_id].get("details") or {}).get("items") or []
    if not items:
        return audit_id
    first = items[0]
    said = first.get("value") or first.get("description") or first.get("url") or ""
    said = said if isinstance(said, str) else json.dumps(said)
    where = (first.get("sourceLocation") or first.get("source") or {})
    where = where.get("url", "") if isinstance(where, dict) else ""
    return f"{audit_id} ({len(items)}: {said[:70]}" + (f" at {where.split('/', 3)[-1]}" if where else "") + ")"


def lighthouse_rows(target) -> list:
    """Performance, total blocking time and best practices of each page; the whole reports are
    kept in build/lighthouse/ for a closer look."""
    import build
    from browsing import Server
    cli = lighthouse_cli()
    if cli is None:
        return [("lighthouse", "not run", "no Lighthouse in node_modules: npm ci (package.json pins 12.8.2)")]
    rows = []
    reports = build.ROOT / "build" / "lighthouse"
    reports.mkdir(parents=True, exist_ok=True)
    server = Server(build.BENCH_SITE).start()
    try:
        for name, path in LIGHTHOUSE_PAGES.items():
            started = time.perf_counter()
            out = reports / f"{name}.json"
            out.unlink(missing_ok=True)
            try:
                report = lighthouse(cli, server.url + path, out)
            except (RuntimeError, subprocess.TimeoutExpired) as error:
                rows.append((f"lighthouse {name}", "failed", (str(error).strip().splitlines() or ["?"])[-1][:200]))
                continue
            print(f"taps: lighthouse {name}, {time.perf_counter() - started:.0f} s", flush=True)
            categories = report["categories"]
            performance, practices = categories["performance"]["score"], categories["best-practices"]["score"]
            tbt = report["audits"]["total-blocking-time"]["numericValue"]
            failing = failing_audits(report, "best-practices")
            problem = report.get("runtimeError", {}).get("code")
            rows.append((f"lighthouse {name}, performance", f"{performance:.2f}" if performance is not None else "n/a",
                         f"{path}; mobile, --throttling-method=provided ({time.perf_counter() - started:.0f} s)"
                         + (f"; runtime error {problem}" if problem else "")))
            rows.append((f"lighthouse {name}, total blocking time", f"{tbt:,.0f} ms", target(
                f"lighthouse {name} TBT", tbt <= LIGHTHOUSE_TBT_TARGET, f"target <= {LIGHTHOUSE_TBT_TARGET} ms")))
            rows.append((f"lighthouse {name}, best practices", f"{practices:.2f}" if practices is not None else "n/a",
                         target(f"lighthouse {name} best practices", practices == 1,
                                "target 1.00; failing: " + ("; ".join(what_failed(report, audit) for audit in failing)
                                                             or "none"))))
    finally:
        server.kill()
    return rows


# ---- the section ----
def taps_rows(game_ids: list, target, taps: int = TAPS_PER_GAME, relaunch_runs: int = RELAUNCH_RUNS,
              places=("worker",), display: str = "xvfb") -> list:
    """Every row of the taps section, in the order issue 26 lists them."""
    import build
    from browsing import CHROMIUM, CHROMIUM_ARGS, Server
    from playwright.sync_api import sync_playwright
    from common import RealDisplay
    rows = []
    server = Server(build.BENCH_SITE).start()
    try:
        with sync_playwright() as playwright, RealDisplay(display == "xvfb") as shown:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, **shown.launch_options)
            print(f"taps: Chromium {shown.name}", flush=True)
            rows.append(("taps: the browser's display", shown.name,
                         "a headed Chromium on a virtual X display presents a tap's own frame as a phone does; "
                         "headless skips the first frame after a still screen (install Xvfb for the real figure)"
                         if shown.display else "no Xvfb here: headless Chromium presents a tap on a still screen "
                         "only with the next change (the drawing): apt-get install xvfb for a real display"))
            rows += inp_rows(browser, server.url, game_ids, taps, target, places)
            browser.close()
            server.kill()
            rows += engine_call_rows(game_ids, target)
            rows += relaunch_rows(playwright, relaunch_runs, target, shown.launch_options)
    finally:
        server.kill()
    rows += lighthouse_rows(target)
    return rows
