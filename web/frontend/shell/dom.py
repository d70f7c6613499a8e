"""The browser side: the only module that talks to JavaScript (document, storage, timers, messages).

Everything else in the frontend is plain Python built from engine views, testable in CPython.
"""
import js
from pyodide.ffi import JsException, create_proxy, to_js
from pyscript.ffi import is_none

from . import records
from .save_store import SaveFailed, StorageFull

document = js.document
window = js.window
_keep = []   # proxies that must live as long as the page


_pending = []     # a screen drawn while a finger drags a card: it lands when the drag ends


# -- timing: the shell's phases as user timings ("tt:..." measures), always on: two calls of plain
# numbers each, so a performance trace (python build.py bench --only trace, or DevTools on a phone)
# names what fills a long task.
_clock = window.performance.now


class timed:
    """``with dom.timed("tt:act"):`` the block's time as performance.measure("tt:act")."""
    __slots__ = ("name", "start")

    def __init__(self, name: str):
        self.name = name

    def __enter__(self):
        self.start = _clock()
        return self

    def __exit__(self, *_):
        ui = getattr(window, "thievesTableUI", None)
        if ui is not None and not is_none(ui):
            ui.measure(self.name, self.start)
        return False


def exists(element_id: str) -> bool:
    return not is_none(document.getElementById(element_id))


def render(html: str, target: str = "app"):
    """Draw a screen; never under a finger that is dragging a card (ui.js marks the drag).  On the
    play screen only the nodes that changed are changed (ui.js's draw): the rest stay the same nodes,
    are not restyled, and keep their focus and scroll."""
    if document.body.hasAttribute("data-dragging"):
        if not _pending:
            listen_once(window, "thieves-table:drag-end", _flush)
        _pending[:] = [(html, target)]
        return
    with timed("tt:draw"):
        ui = getattr(window, "thievesTableUI", None)
        if ui is not None and not is_none(ui):
            ui.draw(target, html)
        else:
            document.getElementById(target).innerHTML = html
    tell_set_aside()


def _flush(*_):
    if _pending:
        html, target = _pending.pop()
        render(html, target)


def listen_once(target, event: str, handler):
    def once(*args):
        proxy.destroy()
        finish_after_paint()
        handler(*args)
    proxy = create_proxy(once)
    target.addEventListener(event, proxy, to_js({"once": True}, dict_converter=js.Object.fromEntries))


def playing(on: bool):
    """The play screen owns the viewport: the page itself does not scroll while a game is on."""
    document.documentElement.classList.toggle("tt-playing", on)


def reveal_subject():
    """Bring the subjects of the current choice into view inside the board (never scrolling the
    page): the elements marked data-subject."""
    # The last subject, then the first: where the subjects fit in the board together they all end
    # in view (Master Thieves' cabinet and red cushion on a phone), else the first does.
    subjects = document.querySelectorAll("[data-testid=board] [data-subject]")
    if subjects.length:
        scroll_into_view(subjects.item(subjects.length - 1))
        scroll_into_view(subjects.item(0))


def scroll_into_view(element):
    """Scroll the element's scrolling boxes just enough to show it (never more than needed)."""
    element.scrollIntoView(to_js({"block": "nearest", "inline": "nearest"}, dict_converter=js.Object.fromEntries))


def reveal_ring():
    """Bring the coach's ring into view where it lies outside the board (a phone on its side: a
    long word from the coach pushes the choices below the dock's fold), and what the coach asks the
    person to watch inside the board (a phone's short board: Master Thieves' red cushion lay below
    the cabinet, under the fold); a ring inside the board is the choice the subject's reveal shows."""
    ring = document.querySelector("[data-coach-here]")
    if not is_none(ring) and is_none(ring.closest("[data-testid=board]")):
        scroll_into_view(ring)
    look = document.querySelector("[data-testid=board] [data-coach-look]")
    if not is_none(look):
        scroll_into_view(look)


def keep_subject_in_view():
    """A phone turned on its side, a window resized: the subject (and a lesson's ring) comes back into view."""
    waiting = []

    def resized(*_):
        if not waiting:
            waiting.append(window.requestAnimationFrame(create_once(lambda *_: (waiting.clear(), reveal_subject(), reveal_ring()))))
    listen(window, "resize", resized)


def create_once(callback):
    def once(*args):
        proxy.destroy()
        callback(*args)
    proxy = create_proxy(once)
    return proxy


def install_offer() -> str:
    """How this browser can put the app on the home screen: "prompt", "ios" or "" (see ui.js)."""
    ui = getattr(window, "thievesTableUI", None)
    return "" if ui is None or is_none(ui) else str(ui.installOffer())


def install():
    ui = getattr(window, "thievesTableUI", None)
    if ui is not None and not is_none(ui):
        ui.install()


def keep_saves():
    """Ask the browser once to keep this site's storage under pressure (ui.js keepSaves)."""
    ui = getattr(window, "thievesTableUI", None)
    if ui is not None and not is_none(ui):
        ui.keepSaves()


def utc_offset_minutes() -> int:
    """The device's local time minus UTC, for "today at 14:05"."""
    return -int(js.Date.new().getTimezoneOffset())


def set_state(value: str):
    document.documentElement.dataset.app = value


def status(text: str, percent: int):
    window.thievesTable.status(text, percent)


def fail(message: str):
    window.thievesTable.fail(message)


def location_hash() -> str:
    return str(window.location.hash or "")


def go(hash_: str):
    if location_hash() != hash_:
        window.location.hash = hash_


def query() -> dict:
    params = js.URLSearchParams.new(window.location.search)
    return {str(key): str(params.get(key)) for key in js.Array.from_(params.keys())}


def page() -> str:
    return str(window.location.pathname).rsplit("/", 1)[-1] or "index.html"


_live_timers = set()      # timers set by later() and neither run nor cancelled yet


def later(milliseconds: int, callback):
    """Run callback once after a pause (bots' visible thinking time).  The work kept for after a
    frame is done first; a timer that work cancels (a save that failed stops the bots) does not run."""
    def fire(*_):
        with timed("tt:timer"):
            finish_after_paint()
            if timer in _live_timers:
                _live_timers.discard(timer)
                callback()
    timer = window.setTimeout(create_once(fire), milliseconds)
    _live_timers.add(timer)
    return timer


def cancel(timer):
    if timer is not None:
        _live_timers.discard(timer)
        window.clearTimeout(timer)


# -- after the frame: what a tap need not wait for (saving its move) runs once the screen it drew
# has been painted, and always before the next tap, timer, route or the page being hidden is handled.
_after_paint = []
_frame_asked = [False]
FALLBACK_MS = 250          # a hidden page paints no frames: its work still runs, this much later


def after_paint(callback):
    """Run callback after the next frame is painted (requestAnimationFrame, then a task), or
    sooner, when a tap, a timer or the page being hidden comes first (finish_after_paint)."""
    _after_paint.append(callback)
    if _frame_asked[0]:
        return
    _frame_asked[0] = True
    window.requestAnimationFrame(create_once(lambda *_: window.setTimeout(create_once(lambda *_: finish_after_paint()), 0)))
    window.setTimeout(create_once(lambda *_: finish_after_paint()), FALLBACK_MS)
    if not _hide_listened:
        _hide_listened.append(True)
        for event in ("pagehide", "visibilitychange"):
            listen(window if event == "pagehide" else document, event, lambda *_: None)   # listen() finishes first


_hide_listened = []


def finish_after_paint():
    """Do the work kept for after the frame now, in the order it was kept."""
    _frame_asked[0] = False
    if _after_paint:
        with timed("tt:after-frame"):
            _finish()


def _finish():
    while _after_paint:
        work = _after_paint.pop(0)
        try:
            work()
        except Exception as error:      # a mistake in one piece of work must not stop the next tap
            import traceback
            traceback.print_exc()
            console_error(f"Thieves' Table: work after a frame failed: {type(error).__name__}: {error}")


def data_of(element) -> dict:
    """An element's data-* attributes as plain strings (data-seat-count -> "seatCount")."""
    return {str(key): str(getattr(element.dataset, key)) for key in js.Object.keys(element.dataset)}


def console_error(text: str):
    """A mistake of the code, not of the person: said in the browser's console, not on screen."""
    js.console.error(text)


def listen(target, event: str, handler):
    """handler(event) for every such event, after the work kept for after the last frame (so a
    tap never finds the move before it unsaved)."""
    name = f"tt:{event}"

    def handled(*args):
        with timed(name):
            finish_after_paint()
            return handler(*args)
    proxy = create_proxy(handled)
    _keep.append(proxy)
    target.addEventListener(event, proxy)


# Where the embed's messages may go: this page's own origin unless the embed link names the page
# around it (parent=...) and that is the page around it (checked in embed_link.py).  Never "*".
# (None until set: this page's own origin, read when a message is sent, not at import.)
_parent_origin = [None]


def set_parent_origin(origin: str):
    _parent_origin[0] = origin


def post_to_parent(message: dict):
    if window.parent != window:
        window.parent.postMessage(to_js(message, dict_converter=js.Object.fromEntries), _parent_origin[0] or origin())


def origin() -> str:
    return str(window.location.origin)


def framing_origin() -> str | None:
    """The origin of the page this one is framed in ("" when it cannot be told), None if not framed."""
    if window.parent == window:
        return None
    ancestors = getattr(window.location, "ancestorOrigins", None)     # Chromium, Safari
    if ancestors is not None and not is_none(ancestors) and ancestors.length:
        return str(ancestors.item(0))
    referrer = str(document.referrer or "")
    return str(js.URL.new(referrer).origin) if referrer else ""


def focus(selector: str):
    element = document.querySelector(selector)
    if element:
        element.focus()


def scroll_top():
    window.scrollTo(0, 0)


def confirm(text: str) -> bool:
    return bool(window.confirm(text))


def now() -> float:
    return float(js.Date.now()) / 1000


# A browser may refuse this page all storage (a frame on another site where third-party site data
# is blocked: reading localStorage throws).  shell.js probed it before anything used it; refused,
# everything is kept in memory for as long as the page is open, and the page says so in one line.
_memory: dict = {}


def storage_kept() -> bool:
    """Whether the browser lets this page keep anything (shell.js's probe of localStorage)."""
    probe = getattr(getattr(window, "thievesTable", None), "storage", None)
    return probe is None or is_none(probe) or bool(probe.local)


class LocalStorage:
    """localStorage as the mapping SaveStore expects (this page's memory where storage is refused)."""

    def __init__(self):
        self.memory = None if storage_kept() else _memory

    def keys(self):
        if self.memory is not None:
            return list(self.memory)
        return [str(key) for key in js.Object.keys(js.localStorage)]

    def get(self, key):
        if self.memory is not None:
            return self.memory.get(key)
        value = js.localStorage.getItem(key)
        return None if is_none(value) else str(value)

    def set(self, key, value):
        if self.memory is not None:
            self.memory[key] = str(value)
            return
        try:
            js.localStorage.setItem(key, value)
        except JsException as error:    # caught here, where it happens, in the saves' own terms
            if "quota" in f"{getattr(error, 'name', '')} {error}".lower():
                raise StorageFull("Storage is full: this move is not saved.") from None
            raise SaveFailed(f"This device refused to store the game ({error}).") from None

    def remove(self, key):
        if self.memory is not None:
            self.memory.pop(key, None)
            return
        js.localStorage.removeItem(key)


def on_storage(handler):
    """handler(key, new_value) when another tab changes the storage (new_value None: removed)."""
    def changed(event):
        if not is_none(event.key):
            handler(str(event.key), None if is_none(event.newValue) else str(event.newValue))
    listen(window, "storage", changed)


def _alert(tag: str, class_name: str):
    """An alert placed above what is drawn (gone with the next render)."""
    box = document.createElement(tag)
    box.className = class_name
    box.setAttribute("role", "alert")
    document.getElementById("app").prepend(box)
    return box


def show_notice(html: str):
    """A notice with buttons above what is drawn."""
    _alert("div", "panel notice-panel").innerHTML = html


def show_problem(text: str):
    _alert("p", "notice").textContent = text


SET_ASIDE = "set-aside"


def tell_set_aside():
    """What the reads before this screen set aside (records.told: a damaged settings record, the
    tallies, a lesson's place), one line each, in a notice outside the screen, so the redraws after
    it (bots moving) keep it until the person taps OK."""
    lines = records.told()
    if not lines:
        return
    box = document.querySelector(f"[data-testid={SET_ASIDE}]")
    if is_none(box):
        box = document.createElement("div")
        box.className = "set-aside"
        box.setAttribute("role", "alert")
        box.dataset.testid = SET_ASIDE
        box.innerHTML = f'<div></div><button class="btn small" data-command="{SET_ASIDE}-ok">OK</button>'
        document.body.append(box)
    for line in lines:
        said = document.createElement("p")
        said.textContent = line
        box.firstElementChild.append(said)


def dismiss_set_aside():
    box = document.querySelector(f"[data-testid={SET_ASIDE}]")
    if not is_none(box):
        box.remove()


# -- feel: motion, sound, vibration, focus, the live status line -------------------------------------
def animate(marks: dict):
    """Add each motion class to the elements carrying its key (data-motion); the stylesheet animates
    them, and not at all under prefers-reduced-motion.  (ui.js's draw gives a node that carried the
    last move's motion a fresh copy, so the same motion runs again.)"""
    for key, cls in marks.items():
        for element in js.Array.from_(document.querySelectorAll(f'[data-motion="{key}"]')):
            element.classList.add(cls)


# (frequency Hz, seconds, vibration pattern ms) of each cue: short, made here, no audio files.
CUES = {"hit": (660, 0.12, [25]), "miss": (170, 0.28, [60, 50, 60]), "move": (440, 0.05, [])}
_audio = []


def cue(kind: str, settings: dict):
    """A beep and a buzz for a hit, a miss or a move, when the person turned them on."""
    frequency, seconds, pattern = CUES[kind]
    vibrate = getattr(js.navigator, "vibrate", None)
    if settings.get("vibrate") and pattern and not is_none(vibrate):
        js.navigator.vibrate(to_js(pattern))
    if not settings.get("sound"):
        return
    try:
        if not _audio:
            _audio.append((getattr(window, "AudioContext", None) or window.webkitAudioContext).new())
        audio = _audio[0]
        audio.resume()
        tone, volume = audio.createOscillator(), audio.createGain()
        tone.frequency.value = frequency
        volume.gain.setValueAtTime(0.15, audio.currentTime)
        volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + seconds)
        tone.connect(volume)
        volume.connect(audio.destination)
        tone.start()
        tone.stop(audio.currentTime + seconds)
    except (JsException, AttributeError):
        pass    # no WebAudio here: the game plays on silently


def live_region():
    """The one aria-live element: a screen reader hears the status line, not the whole board."""
    if is_none(document.getElementById("tt-live")):
        live = document.createElement("p")
        live.id = "tt-live"
        live.className = "tt-live"
        live.setAttribute("aria-live", "polite")
        live.setAttribute("role", "status")
        document.body.append(live)


def announce():
    """Read out what the screen now asks: the board's status line, or the cover's hand-over."""
    source = document.querySelector("[data-testid=cover] h2, [data-testid=status]")
    live = document.getElementById("tt-live")
    if is_none(source) or is_none(live):
        return
    reason = document.querySelector("[data-testid=cover-reason]")
    text = str(source.textContent) + ("" if is_none(reason) else f" {reason.textContent}")
    if str(live.textContent) != text:
        live.textContent = text


def focus_first(selectors: list):
    """Focus the first visible match of the selectors, in order, without scrolling the page.
    Visible is asked of the style alone (checkVisibility), never of the layout, so focusing forces
    no layout of its own (older browsers: the element's boxes)."""
    for selector in selectors:
        for element in js.Array.from_(document.querySelectorAll(selector)):
            check = getattr(element, "checkVisibility", None)
            if (element.checkVisibility() if check is not None and not is_none(check)
                    else element.getClientRects().length):
                element.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
                return


_before_frame: dict = {}     # key -> what to do just before the next frame


def before_frame(key: str, callback):
    """Run callback just before the next frame is drawn (requestAnimationFrame): what reads the
    layout (a scroll into view) then finds it made once, as the frame itself is about to need it,
    rather than forcing one layout inside the tap and another in the frame.  The latest callback of
    a key replaces an earlier one not yet run (a screen drawn twice before a frame settles once)."""
    first = not _before_frame
    _before_frame[key] = callback
    if first:
        window.requestAnimationFrame(create_once(lambda *_: _run_before_frame()))


def _run_before_frame():
    with timed("tt:before-frame"):
        while _before_frame:
            key = next(iter(_before_frame))
            try:
                _before_frame.pop(key)()
            except Exception as error:      # focus missed must not stop the game
                import traceback
                traceback.print_exc()
                console_error(f"Thieves' Table: work before a frame failed: {type(error).__name__}: {error}")


ARROWS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}


def arrow_keys(event):
    """Arrow keys move between the cards of a row or the houses of a town (data-arrows)."""
    step = ARROWS.get(str(event.key))
    group = event.target.closest("[data-arrows]") if step and hasattr(event.target, "closest") else None
    if group is None or is_none(group):
        return
    items = list(js.Array.from_(group.querySelectorAll("button:not([disabled])")))
    here = next((i for i, item in enumerate(items) if item == event.target), None)
    if here is None or not 0 <= here + step < len(items):
        return
    event.preventDefault()
    items[here + step].focus()


# -- issue 20: hints on the board, files in and out, the clipboard -------------------------------------
def mark_hint(action: dict):
    """Light up, on the board, the move a hint suggests: the button carrying it, and whatever one
    taps to choose it (a card, a house: their data match the action's fields)."""
    import json
    wanted = json.dumps(action, sort_keys=True, separators=(",", ":"))
    for element in js.Array.from_(document.querySelectorAll("[data-act]")):
        if str(element.dataset.act) == wanted:
            element.classList.add("tt-hint")
    fields = {str(key): str(value) for key, value in action.items() if key != "type"}
    for element in js.Array.from_(document.querySelectorAll("[data-pick]")):
        data = data_of(element)
        own = {key: value for key, value in data.items() if key not in ("command", "pick", "motion", "testid")}
        if own and all(fields.get(key) == value for key, value in own.items()):
            element.classList.add("tt-hint")


def download(filename: str, text: str):
    """Hand the person a file (an export of their games)."""
    blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href, link.download = url, filename
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once(lambda *_: js.URL.revokeObjectURL(url)), 1000)


def read_file(input_element, then):
    """then(text) with the file chosen in a file input (or then(None) when nothing was chosen)."""
    files = input_element.files
    if is_none(files) or not files.length:
        then(None)
        return
    promise = files.item(0).text()
    promise.then(create_once(lambda text: then(str(text))))


def copy_text(text: str):
    clipboard = getattr(js.navigator, "clipboard", None)
    if clipboard is not None and not is_none(clipboard):
        clipboard.writeText(text)


def motion_left() -> int:
    """Milliseconds until the board's motion has played out (finite animations only), so a bot's
    next move does not cut a flight of stones short."""
    left = 0.0
    for animation in js.Array.from_(document.getAnimations()):
        timing = animation.effect.getComputedTiming() if not is_none(animation.effect) else None
        end = getattr(timing, "endTime", None) if timing is not None else None
        current = animation.currentTime
        if end is None or is_none(current) or not float(end) < 1e9:     # an endless shimmer is not motion
            continue
        left = max(left, float(end) - float(current))
    return int(min(left, 3000))
