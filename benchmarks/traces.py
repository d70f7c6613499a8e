"""python build.py bench --only trace: what fills the longest tasks (issue 26's floors).

Three cases, each recorded as a Chromium performance trace (CDP Tracing: the timeline, the user
timings, the top-level tasks) kept in build/traces/, and read back here:

- taps: a game of each of --games (default Thievery and Master Thieves) played as the taps rows
  play it, with the CPU slowed four times; the slowest taps, found by their interaction in the trace
  (Event Timing), and every main-thread task inside each one's window;
- relaunch: the app opened again from the home screen (a persistent profile, the server killed,
  the start-up snapshot made), up to the first tap on the menu that is answered;
- home: the home's first load in a fresh context at the machine's own speed, as Lighthouse
  (mobile, --throttling-method=provided) loads it: its long tasks and their total blocking time.

For every task it prints what fills it: script (and its compiling, its garbage collection, HTML
parsed from script), style and layout, paint, and inside script the shell's own phases: the user
timings dom.timed writes ("tt:..." measures: the tap's handler, the engine's action, the screen
composed and its HTML, the DOM written, what follows the render; the bots and the save after the
frame).
"""
from __future__ import annotations

import base64
import json
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path

TRACE_CATEGORIES = ["devtools.timeline", "blink.user_timing", "toplevel", "v8.execute", "v8", "v8.wasm",
                    "blink", "loading", "disabled-by-default-devtools.timeline",
                    "disabled-by-default-v8.cpu_profiler"]
TRACE_GAMES = ("thievery", "master-thieves")
SLOWEST = 3                 # taps shown per game
LONG_TASK_MS = 50           # a long task (as Lighthouse and the Long Tasks API count them)
# Top-level slices of the renderer's main thread: a task, and the microtasks run after one.
TASKS = ("RunTask", "ThreadControllerImpl::RunTask", "BlinkScheduler_PerformMicrotaskCheckpoint")

# What each traced slice is, by its name (its time is its own, less the slices inside it).
STYLE_LAYOUT = {"UpdateLayoutTree", "Layout", "RecalculateStyles", "ScheduleStyleRecalculation", "InvalidateLayout",
                "HitTest", "LayoutShift", "IntersectionObserverController::computeIntersections",
                "LocalFrameView::RunPostLifecycleSteps", "Document::updateStyle", "StyleInvalidatorInvalidationTracking",
                "UpdateLayoutTree::Cascade", "Document::RecalcStyle", "LayoutView::UpdateLayout"}
PAINT = {"Paint", "PrePaint", "PaintImage", "Layerize", "UpdateLayer", "UpdateLayerTree", "CompositeLayers",
         "Commit", "PaintArtifactCompositor::Update", "LocalFrameView::UpdateAllLifecyclePhases::Paint",
         "Decode Image", "ImageDecodeTask", "RasterTask", "PaintNonCompositedContent", "BeginMainFrame",
         "ProxyMain::BeginMainFrame::commit"}
PARSE = {"ParseHTML", "ParseAuthorStyleSheet", "HTMLDocumentParser::processTokenizedChunkFromBackgroundParser"}
COMPILE_WORDS = ("compile", "Compile", "wasm", "Wasm", "v8.parse", "V8.Parse", "ScriptStreamer", "v8.deserialize")
GC_WORDS = ("GC", "gc", "Scavenge", "MarkCompact", "Sweep")
SCRIPT = {"FunctionCall", "EvaluateScript", "TimerFire", "FireAnimationFrame", "EventDispatch", "RunMicrotasks",
          "v8.run", "V8.Execute", "v8.callFunction", "FireIdleCallback", "v8.evaluateModule", "v8.execute",
          "V8.ScriptCompiler", "ResourceReceivedData", "XHRReadyStateChange", "v8.newInstance",
          "v8.callAsConstructor", "v8.runMicrotasks", "V8.RunMicrotasks", "PerformMicrotaskCheckpoint",
          "BlinkScheduler_PerformMicrotaskCheckpoint", "ResourceChangePriority", "EmbedderCallback"}


def bucket_of(name: str) -> str:
    if name in PARSE or "HTMLDocumentParser" in name:
        return "parse HTML"
    if name in STYLE_LAYOUT or any(word in name for word in ("Layout", "Style", "HitTest", "ShapeText", "Inline")):
        return "style+layout"
    if name in PAINT or any(word in name for word in ("Paint", "Composit", "Raster", "Layeriz")):
        return "paint"
    if any(word in name for word in GC_WORDS):
        return "GC"
    if any(word in name for word in COMPILE_WORDS):
        return "compile"
    if name in SCRIPT or name.startswith(("v8.", "V8.", "Function", "Evaluate", "Fire")):
        return "script"
    if name in TASKS:
        return "task"
    return "other"


# ---- recording ----
def start_tracing(cdp, categories=TRACE_CATEGORIES):
    finished = {}
    cdp.on("Tracing.tracingComplete", lambda event: finished.update(event))
    cdp.send("Tracing.start", {"transferMode": "ReturnAsStream",
                               "traceConfig": {"includedCategories": list(categories),
                                               "recordMode": "recordContinuously"}})
    return finished


def stop_tracing(cdp, page, finished: dict, out: Path) -> list:
    """End the trace, write it to ``out`` (Chrome's JSON trace format: DevTools opens it) and return its events."""
    cdp.send("Tracing.end")
    deadline = time.monotonic() + 120
    while "stream" not in finished:
        if time.monotonic() > deadline:
            raise SystemExit("the trace never completed")
        page.wait_for_timeout(50)
    chunks = []
    while True:
        chunk = cdp.send("IO.read", {"handle": finished["stream"], "size": 1 << 22})
        chunks.append(base64.b64decode(chunk["data"]).decode() if chunk.get("base64Encoded") else chunk["data"])
        if chunk.get("eof"):
            break
    cdp.send("IO.close", {"handle": finished["stream"]})
    text = "".join(chunks)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    trace = json.loads(text)
    return trace["traceEvents"] if isinstance(trace, dict) else trace


# ---- reading ----
class Trace:
    """A trace's main thread (the page's renderer: the CrRendererMain busiest with script), its tasks,
    slices and user timings."""

    def __init__(self, events: list, url_part: str = ""):
        self.events = events
        names = {(e["pid"], e["tid"]): e["args"].get("name") for e in events
                 if e.get("ph") == "M" and e.get("name") == "thread_name"}
        mains = [key for key, name in names.items() if name == "CrRendererMain"]
        busy = defaultdict(float)
        for e in events:
            if e.get("ph") == "X" and (e["pid"], e["tid"]) in mains and e.get("name") in TASKS:
                busy[(e["pid"], e["tid"])] += e.get("dur", 0)
        self.main = max(mains, key=lambda key: busy[key]) if mains else None
        self.slices = sorted((e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) == self.main
                              and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
        self.tasks = self._top_level([e for e in self.slices if e["name"] in TASKS])
        self.timings = self._user_timings()
        self.samples = Samples(self) if any(e.get("name") == "ProfileChunk" for e in events) else None

    @staticmethod
    def _top_level(tasks: list) -> list:
        top, end = [], -1
        for task in tasks:
            if task["ts"] >= end:
                top.append(task)
                end = task["ts"] + task["dur"]
        return top

    def _user_timings(self) -> list:
        """(name, start µs, end µs) of every performance.measure on the main thread's process, and
        (name, at, at) of every mark."""
        pid = self.main[0] if self.main else None
        opened, found = {}, []
        for e in self.events:
            if e.get("pid") != pid or "blink.user_timing" not in e.get("cat", ""):
                continue
            key = (e["name"], e.get("id") or e.get("id2", {}).get("local"))
            if e["ph"] == "b":
                opened[key] = e["ts"]
            elif e["ph"] == "e" and key in opened:
                found.append((e["name"], opened.pop(key), e["ts"]))
            elif e["ph"] in ("R", "I", "n"):
                found.append((e["name"], e["ts"], e["ts"]))
        return sorted(found, key=lambda timing: timing[1])

    def mark(self, name: str):
        return next((start for mark, start, end in self.timings if mark == name and start == end), None)

    def inside(self, start: float, end: float) -> list:
        return [e for e in self.slices if e["ts"] >= start and e["ts"] + e["dur"] <= end]

    def breakdown(self, task: dict) -> dict:
        """Milliseconds of a task by kind (each slice's own time, less the slices inside it), and the
        slices with the most time of their own."""
        inner = self.inside(task["ts"], task["ts"] + task["dur"])
        own = {id(e): e["dur"] for e in inner}
        stack = []
        for e in inner:         # sorted by start, longest first: a slice's parent is on the stack
            while stack and e["ts"] >= stack[-1]["ts"] + stack[-1]["dur"]:
                stack.pop()
            if stack:
                own[id(stack[-1])] -= e["dur"]
            stack.append(e)
        kinds, heavy = defaultdict(float), defaultdict(float)
        for e in inner:
            kinds[bucket_of(e["name"])] += own[id(e)] / 1000
            heavy[describe_slice(e)] += own[id(e)] / 1000
        # A task's own time (no traced slice under it) is the scheduler's or untraced script.
        if "task" in kinds:
            kinds["script/untraced"] = kinds.get("script/untraced", 0) + kinds.pop("task")
        # Style and layout that script forced (reading a size, focusing, scrolling into view) rather
        # than the frame's own.
        forced = self._top_level([e for e in inner if e["name"] == "Blink.ForcedStyleAndLayout.UpdateTime"])
        return {"kinds": dict(kinds), "heavy": sorted(heavy.items(), key=lambda item: -item[1])[:6],
                "forced": [e["dur"] / 1000 for e in forced]}

    def forced_in(self, task: dict) -> dict:
        """Milliseconds of style+layout that script forced in a task, by the innermost tt:* measure
        around each (its phase: "tt:reveal", "tt:draw"...; "outside the shell's phases" if none)."""
        inner = self.inside(task["ts"], task["ts"] + task["dur"])
        forced = self._top_level([e for e in inner if e["name"] == "Blink.ForcedStyleAndLayout.UpdateTime"])
        measures = [(name, a, b) for name, a, b in self.timings if name.startswith("tt:") and b > a]
        by_phase = defaultdict(float)
        for e in forced:
            around = [(b - a, name) for name, a, b in measures if a <= e["ts"] and e["ts"] + e["dur"] <= b]
            by_phase[min(around)[1] if around else "outside the shell's phases"] += e["dur"] / 1000
        return dict(by_phase)

    def phases(self, start: float, end: float) -> list:
        """The shell's measures (tt:*) inside [start, end], each (name, ms, nesting depth)."""
        measures = sorted(((name, a, b) for name, a, b in self.timings
                           if name.startswith("tt:") and b > a and a >= start - 1 and b <= end + 1),
                          key=lambda measure: (measure[1], -measure[2]))
        out, stack = [], []
        for name, a, b in measures:
            while stack and a >= stack[-1]:
                stack.pop()
            out.append((name, (b - a) / 1000, len(stack)))
            stack.append(b)
        return out


def describe_slice(e: dict) -> str:
    """A slice's name, with the script it ran where the trace says (FunctionCall's url and function)."""
    data = (e.get("args") or {}).get("data") or {}
    url = data.get("url") or (data.get("stackTrace") or [{}])[0].get("url", "") if isinstance(data, dict) else ""
    function = data.get("functionName", "") if isinstance(data, dict) else ""
    if e["name"] in ("FunctionCall", "EvaluateScript", "v8.compile", "v8.compileModule", "v8.evaluateModule") and url:
        where = url.rsplit("/", 1)[-1].split("?")[0]
        return f"{e['name']} {where}" + (f" {function}" if function else "")
    if e["name"] == "EventDispatch" and isinstance(data, dict) and data.get("type"):
        return f"EventDispatch {data['type']}"
    if e["name"] == "TimerFire":
        return "TimerFire"
    return e["name"]


KIND_ORDER = ("script", "script/untraced", "compile", "GC", "parse HTML", "style+layout", "paint", "other")


def kinds_line(kinds: dict) -> str:
    shown = [(kind, kinds[kind]) for kind in KIND_ORDER if kinds.get(kind, 0) >= 0.5]
    return ", ".join(f"{kind} {ms:.0f}" for kind, ms in shown)


def phases_lines(phases: list, indent: str) -> list:
    merged = defaultdict(lambda: [0.0, 0, 0])       # name -> [ms, count, depth]
    order = []
    for name, ms, depth in phases:
        if name not in merged:
            order.append(name)
        merged[name][0] += ms
        merged[name][1] += 1
        merged[name][2] = depth
    return [f"{indent}{'  ' * merged[name][2]}{name} {merged[name][0]:.1f} ms"
            + (f" ({merged[name][1]}x)" if merged[name][1] > 1 else "") for name in order]


def task_lines(trace: Trace, task: dict, indent: str = "    ", heavy: int = 4) -> list:
    parts = trace.breakdown(task)
    samples = trace.samples
    forced = parts["forced"]
    lines = [f"{indent}task {task['dur'] / 1000:.0f} ms: {kinds_line(parts['kinds'])}"
             + (f"; style+layout forced by script {sum(forced):.0f} ms in {len(forced)} "
                f"({', '.join(f'{ms:.0f}' for ms in forced if ms >= 1)})" if forced else "")]
    lines.append(f"{indent}  most own time: " + "; ".join(f"{name} {ms:.0f}" for name, ms in parts["heavy"][:heavy]
                                                         if ms >= 0.5))
    sampled = samples_line(samples, task["ts"], task["ts"] + task["dur"])
    if sampled:
        lines.append(f"{indent}  profiler's samples (ms): {sampled}")
        top = samples.top(task["ts"], task["ts"] + task["dur"], 5)
        lines.append(f"{indent}  most sampled: " + "; ".join(f"{name} ({url or 'built-in'}) {ms:.0f}"
                                                           for name, url, ms in top if ms >= 1))
    phases = trace.phases(task["ts"], task["ts"] + task["dur"])
    if phases:
        lines += phases_lines(phases, indent + "  ")
        for name, start, end in trace.timings:
            if name in ("tt:draw", "tt:compose", "tt:act", "tt:before-frame") and start >= task["ts"] \
                    and end <= task["ts"] + task["dur"] and end - start >= 2000 and samples is not None:
                lines.append(f"{indent}    samples in {name}: {samples_line(samples, start, end)}")
        forced = trace.forced_in(task)
        if any(ms >= 1 for ms in forced.values()):
            lines.append(f"{indent}  forced style+layout by phase: " + ", ".join(
                f"{name} {ms:.0f}" for name, ms in sorted(forced.items(), key=lambda item: -item[1]) if ms >= 1))
    return lines


# ---- (a) the slowest taps, CPU slowed four times ----
def interactions(trace: Trace) -> dict:
    """interactionId -> (start µs, end µs, event type) from the trace's Event Timing slices (the
    interaction's longest event)."""
    found, opened = {}, {}
    for e in trace.events:
        if e.get("name") != "EventTiming" or e.get("pid") != (trace.main or (None,))[0]:
            continue
        key = e.get("id") or e.get("id2", {}).get("local")
        if e["ph"] == "b":
            opened[key] = e
        elif e["ph"] == "e" and key in opened:
            begin = opened.pop(key)
            data = (begin.get("args") or {}).get("data") or {}
            interaction = data.get("interactionId") or 0
            if not interaction:
                continue
            start, end = begin["ts"], e["ts"]
            if interaction not in found or end - start > found[interaction][1] - found[interaction][0]:
                found[interaction] = (start, end, data.get("type", "?"))
    return found


def tap_cpu(trace: Trace, found: dict, ids: list) -> list:
    """Milliseconds of main-thread CPU (thread time) in each measured tap's window."""
    cpu = []
    for interaction in ids:
        if interaction in found:
            start, end, _ = found[interaction]
            cpu.append(sum(t.get("tdur", t["dur"]) * (min(end, t["ts"] + t["dur"]) - max(start, t["ts"])) / t["dur"]
                           for t in trace.tasks if t["ts"] < end and t["ts"] + t["dur"] > start and t["dur"]) / 1000)
    return cpu


def tap_case(browser, server_url: str, game_id: str, taps: int, out_dir: Path) -> list:
    """One game's taps as the bench plays them slowed four times, traced; the slowest few explained."""
    import taps as tap_rows
    from browsing import PHONE
    from driver import boot
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    context.add_init_script(tap_rows.taps_probe("instant"))
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    try:
        boot(page, server_url + "#/")
        rate = tap_rows.CPU_SLOWDOWN
        finished = start_tracing(cdp)
        try:
            result = tap_rows.play_taps(page, game_id, taps, f"{game_id}-{rate}", tap_rows.slowed(cdp, rate))
        finally:
            tap_rows.throttle(page, cdp, 1)
        out = out_dir / f"taps-{game_id}.json"
        trace = Trace(stop_tracing(cdp, page, finished, out))
    finally:
        context.close()
    found = interactions(trace)
    measured = list(zip(result["durations"], result["whats"], result["ids"]))
    lines = [f"{game_id}, CPU slowed {rate}x: {len(measured)} taps, p98 "
             f"{tap_rows.percentile(result['durations'], 0.98) * 1000:.0f} ms, median "
             f"{statistics.median(result['durations']) * 1000:.0f} ms; trace {shown(out)}"]
    cpu = tap_cpu(trace, found, result["ids"])
    if cpu:
        # The main thread's own CPU time inside each tap's window (the trace's thread time): what a
        # tap costs, less the time other processes of a shared machine took the core away.
        lines.append(f"  main-thread CPU inside a tap's window (thread time, {len(cpu)} taps): p75 "
                     f"{tap_rows.percentile(cpu, 0.75):.0f} ms, p98 {tap_rows.percentile(cpu, 0.98):.0f} ms, "
                     f"median {statistics.median(cpu):.0f} ms")
    for duration, what, interaction in sorted(measured, key=lambda tap: -tap[0])[:SLOWEST]:
        lines.append(f"  tap {what}: {duration * 1000:.0f} ms to its next paint (interaction {interaction})")
        if interaction not in found:
            lines.append("    not found in the trace")
            continue
        start, end, kind = found[interaction]
        tasks = [task for task in trace.tasks if task["ts"] < end and task["ts"] + task["dur"] > start]
        busy = sum(min(end, t["ts"] + t["dur"]) - max(start, t["ts"]) for t in tasks) / 1000
        first = tasks[0]["ts"] if tasks else start
        lines.append(f"    its window {(end - start) / 1000:.0f} ms ({kind}): main thread busy {busy:.0f} ms in "
                     f"{len(tasks)} task(s), input delay {max(0, first - start) / 1000:.0f} ms, the rest waiting "
                     "for the frame")
        for task in sorted(tasks, key=lambda t: -t["dur"])[:3]:
            if task["dur"] >= 2000:
                lines += task_lines(trace, task, "    ")
    return lines


def shown(path: Path) -> str:
    import build
    return str(path.relative_to(build.ROOT)) if path.is_relative_to(build.ROOT) else str(path)


# ---- (b) a relaunch to the first tap that works ----
def boot_lines(trace: Trace, start: float, end: float, label: str, longest: int = 4) -> list:
    """The long tasks of a boot between start and end (µs), in order of length, with what fills them,
    and the total blocking time they make after ``start``."""
    tasks = [t for t in trace.tasks if t["ts"] >= start and t["ts"] < end]
    long = [t for t in tasks if t["dur"] >= LONG_TASK_MS * 1000]
    blocking = sum(t["dur"] / 1000 - LONG_TASK_MS for t in long)
    busy = sum(t["dur"] for t in tasks) / 1000
    lines = [f"  {label}: {(end - start) / 1000:.0f} ms, main thread busy {busy:.0f} ms; {len(long)} long task(s) "
             f"(>= {LONG_TASK_MS} ms), blocking {blocking:.0f} ms (sum of each one's time past {LONG_TASK_MS} ms)"]
    lines.append("  long tasks in order: " + ", ".join(f"{(t['ts'] - start) / 1000:.0f}+{t['dur'] / 1000:.0f}"
                                                       for t in long) + " ms")
    for task in sorted(long, key=lambda t: -t["dur"])[:longest]:
        lines += task_lines(trace, task, "    ", heavy=6)
    return lines


def relaunch_case(playwright, out_dir: Path) -> list:
    import build
    import taps as tap_rows
    from common import make_site, offline_context, time_to_ready, wait_for_snapshot
    from browsing import CHROMIUM, CHROMIUM_ARGS, PHONE, Server
    from driver import boot, set_up
    with tempfile.TemporaryDirectory() as tmp:
        site, _wheel = make_site(Path(tmp))
        build.write_service_worker(site, with_bench=True)
        server = Server(site).start()
        try:
            context = playwright.chromium.launch_persistent_context(
                Path(tmp) / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=PHONE)
            offline_context(context, server.url)
            context.add_init_script(tap_rows.MENU_PROBE)
            page = context.new_page()
            boot(page, server.url + "#/")
            set_up(page, "thievery", ["You", *tap_rows.BOTS])
            page.wait_for_selector("[data-testid=play] .tt-menu-button")
            play_url = page.url
            box = page.locator(".tt-menu-button").bounding_box()
            menu = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
            page.close()
            wait_for_snapshot(context, play_url)
            server.kill()
            floor_url = server.url + "bench/pyodide.html"
            floors = []
            for _ in range(2):                   # Chromium keeps compiled wasm from the second launch
                floors.append(time_to_ready(context, floor_url)[0])
                tap_rows.relaunch_once(context, play_url, menu)
            floors.append(time_to_ready(context, floor_url)[0])
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            finished = start_tracing(cdp)
            page.goto(play_url, wait_until="commit")
            deadline = time.monotonic() + 120
            while page.evaluate("window.__menuAt === undefined"):
                if time.monotonic() > deadline:
                    raise SystemExit("the relaunched app never opened its menu")
                page.mouse.click(menu["x"], menu["y"])
                page.wait_for_timeout(30)
            page.wait_for_timeout(300)
            marks = page.evaluate(tap_rows.MARKS_JS)
            out = out_dir / "relaunch.json"
            trace = Trace(stop_tracing(cdp, page, finished, out))
            page.close()
            context.close()
        finally:
            server.kill()
    floor = statistics.median(floors)
    navigation = trace_navigation_start(trace)
    answered = max((at for at in marks["clicks"] if at <= marks["menuAt"]), default=marks["menuAt"])
    ready = trace.mark("tt:ready")
    lines = [f"relaunch (Thievery against bots, from the service worker and the start-up snapshot); trace {shown(out)}",
             f"  plain Pyodide's start {floor * 1000:.0f} ms (median of {len(floors)}); in this page: last screen at "
             f"{marks['lastScreen'] or 0:.0f} ms, ready at {marks['ready'] or 0:.0f} ms, the answered tap at "
             f"{answered:.0f} ms ({answered / 1000 / floor:.2f} of Pyodide's start), its menu at {marks['menuAt']:.0f} ms"]
    end = navigation + marks["menuAt"] * 1000 if navigation is not None else (ready or 0) + 10**6
    lines += boot_lines(trace, navigation or 0, end, "from the navigation to the menu open")
    lines += milestone_lines(trace, navigation)
    return lines


def trace_navigation_start(trace: Trace):
    """The trace time (µs) of the page's navigation start (performance.now() 0)."""
    for e in trace.events:
        if e.get("name") == "navigationStart" and e.get("pid") == trace.main[0]:
            data = (e.get("args") or {}).get("data") or {}
            if data.get("isLoadingMainFrame", True) and str(data.get("documentLoaderURL", "http")).startswith("http"):
                return e["ts"]
    return None


def milestone_lines(trace: Trace, navigation) -> list:
    """The app's marks and the shell's boot measures, in ms from the navigation."""
    if navigation is None:
        return []
    said = [f"{name} {(start - navigation) / 1000:.0f}" + (f"+{(end - start) / 1000:.0f}" if end > start else "")
            for name, start, end in trace.timings if name.startswith("tt:") and start >= navigation
            and not name.startswith(("tt:tap", "tt:act", "tt:draw", "tt:compose", "tt:html", "tt:after",
                                     "tt:step", "tt:timer", "tt:save", "tt:bot"))]
    return ["  marks and boot measures (ms from the navigation): " + (", ".join(said) or "none")]


# ---- (c) the home's load as Lighthouse sees it ----
def home_case(browser, server_url: str, out_dir: Path) -> list:
    """The home's first load, fresh context, mobile viewport, no throttling (Lighthouse's
    provided throttling): blocking time from first contentful paint until the page is quiet."""
    from browsing import PHONE
    context = browser.new_context(viewport={"width": 412, "height": 823}, device_scale_factor=1.75,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    try:
        finished = start_tracing(cdp)
        page.goto(server_url + "#/")
        page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=120_000)
        page.wait_for_timeout(5000)           # the quiet Lighthouse waits for (its TTI window)
        fcp = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || 0")
        out = out_dir / "home.json"
        trace = Trace(stop_tracing(cdp, page, finished, out))
    finally:
        context.close()
    navigation = trace_navigation_start(trace) or 0
    end = max((t["ts"] + t["dur"] for t in trace.tasks), default=navigation)
    lines = [f"home, first load (fresh context, {PHONE and 'mobile'} viewport, no throttling); trace {shown(out)}",
             f"  first contentful paint at {fcp:.0f} ms; blocking time counted from it, as Lighthouse's TBT"]
    lines += boot_lines(trace, navigation + fcp * 1000, end, "from first contentful paint to quiet")
    lines += milestone_lines(trace, navigation)
    return lines


# ---- the section ----
def trace_report(game_ids: list, taps: int, site: Path | None = None) -> list:
    """Every case traced and explained: the lines to print.  ``site``: another built site's taps and
    home (a build from before a change, say); the relaunch is always the bench site's."""
    import build
    from browsing import CHROMIUM, CHROMIUM_ARGS, Server
    from playwright.sync_api import sync_playwright
    out_dir = build.ROOT / "build" / "traces" / (site.name if site else "")
    lines = []
    server = Server(site or build.BENCH_SITE).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for game_id in game_ids:
                started = time.perf_counter()
                lines += tap_case(browser, server.url, game_id, taps, out_dir)
                print(f"trace: {game_id} taps, {time.perf_counter() - started:.0f} s", flush=True)
            started = time.perf_counter()
            lines += home_case(browser, server.url, out_dir)
            print(f"trace: home, {time.perf_counter() - started:.0f} s", flush=True)
            browser.close()
            server.kill()
            started = time.perf_counter()
            lines += relaunch_case(playwright, out_dir)
            print(f"trace: relaunch, {time.perf_counter() - started:.0f} s", flush=True)
    finally:
        server.kill()
    return lines


# ---- the sampling profiler's view: which functions the samples fall in ----


class Samples:
    """The V8 sampling profiler's samples in a trace: (time µs, leaf function, its script, the stack's
    function names), on the main thread."""

    def __init__(self, trace: Trace):
        nodes, self.samples = {}, []
        started = {}
        for e in trace.events:
            if e.get("pid") != trace.main[0] or e.get("name") not in ("Profile", "ProfileChunk"):
                continue
            data = (e.get("args") or {}).get("data") or {}
            key = e.get("id")
            if e["name"] == "Profile":
                if e.get("tid") == trace.main[1]:
                    started[key] = data.get("startTime", e["ts"])
                continue
            if key not in started:
                continue
            profile = data.get("cpuProfile") or {}
            for node in profile.get("nodes", []):
                frame = node.get("callFrame", {})
                nodes[(key, node["id"])] = (frame.get("functionName") or "(anonymous)",
                                            frame.get("url", "").rsplit("/", 1)[-1], node.get("parent"))
            at = started[key]
            for sample, delta in zip(profile.get("samples", []), data.get("timeDeltas", [])):
                at += delta
                started[key] = at
                self.samples.append((at, key, sample))
        self.nodes = nodes

    def stack(self, key, node_id) -> list:
        names = []
        while node_id is not None and (key, node_id) in self.nodes:
            name, url, parent = self.nodes[(key, node_id)]
            names.append((name, url))
            node_id = parent
        return names

    def top(self, start: float, end: float, count: int = 8, by: str = "leaf") -> list:
        """The functions most samples in [start, end] fall in (their own time): (name, script, ms)."""
        inside = [(at, key, node) for at, key, node in self.samples if start <= at <= end]
        if not inside:
            return []
        interval = (end - start) / len(inside) / 1000
        counted = defaultdict(int)
        for at, key, node in inside:
            stack = self.stack(key, node)
            counted[stack[0] if stack else ("?", "")] += 1
        return [(name, url, hits * interval) for (name, url), hits in
                sorted(counted.items(), key=lambda item: -item[1])[:count]]

    def kinds(self, start: float, end: float) -> dict:
        """Milliseconds of the samples in [start, end] by who runs: Python (Pyodide's wasm), the
        calls between Python and JavaScript (Pyodide's proxies and conversions), our JavaScript, the
        DOM's and the engine's built-ins called from script, the browser's own work (style, layout,
        paint: "(program)"), garbage collection."""
        inside = [(key, node) for at, key, node in self.samples if start <= at <= end]
        if not inside:
            return {}
        interval = (end - start) / len(inside) / 1000
        counted = defaultdict(float)
        for key, node in inside:
            name, url = (self.stack(key, node) or [("?", "")])[0]
            counted[sample_kind(name, url)] += interval
        return dict(counted)


FFI_WORDS = ("JsProxy", "hiwire", "Jsv", "JsRef", "js2python", "python2js", "pyproxy", "PyProxy", "wasm-to-js",
             "js-to-wasm", "Js2Py", "Py2Js", "JsMethod", "JsBuffer", "_python2js", "_js2python", "Module._",
             "callPyObject", "pyodide_")


def sample_kind(name: str, url: str) -> str:
    if name == "(garbage collector)":
        return "GC"
    if name in ("(program)", "(root)"):
        return "browser"
    if name == "(idle)":
        return "idle"
    if any(word in name for word in FFI_WORDS) or url.startswith(("pyodide.asm", "pyodide.mjs", "pyodide-loader")):
        return "Pyodide's calls"
    if len(url) == 8 and all(c in "0123456789abcdef" for c in url) or name.startswith(("$", "wasm-function")):
        return "Python"
    if url in ("ui.js", "shell.js", "sw.js") or url.startswith("core-"):
        return "our JS" if not url.startswith("core-") else "PyScript"
    if not url:
        return "built-ins"
    return "other JS"


SAMPLE_ORDER = ("Python", "Pyodide's calls", "PyScript", "our JS", "other JS", "built-ins", "browser", "GC")


def samples_line(samples, start: float, end: float) -> str:
    kinds = samples.kinds(start, end) if samples is not None else {}
    shown = [(kind, kinds[kind]) for kind in SAMPLE_ORDER if kinds.get(kind, 0) >= 0.5]
    return ", ".join(f"{kind} {ms:.0f}" for kind, ms in shown)
