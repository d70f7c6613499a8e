"""The browser side: the only module that talks to JavaScript (the page, storage, timers, messages).

Python sees the page only through ui.js: what happens on it arrives as plain data (an event's kind
and its detail, ``on``), and what Python wants done to it is asked for by name with plain data
(``_send``); nothing passes a page's element or a JavaScript event.  So the shell runs the same on
the page's own thread or in a worker (issue 39).  Everything else in the frontend is plain Python
built from engine views, testable in CPython.
"""
from pyodide.ffi import create_proxy, jsnull, to_js

from . import records
from .save_store import PREFIX, SaveConflict, SaveFailed, StorageFull

_keep = []   # proxies that must live as long as the page


# -- the page's side (ui.js): what happens there comes here, what Python wants done goes there -------
_handlers: dict = {}        # kind -> [handler(detail), ...]
_page: dict = {}            # what Python may know of the page: its address, framing, storage, install offer


def _js():
    """The page's JavaScript (Pyodide's js module), imported at first use, never at import: the
    start-up snapshot then holds the shell (every module importing this one), as it holds no js."""
    import js
    return js


def _ui():
    return _js().thievesTableUI          # ui.js's, or python-worker.mjs's where Python runs in a worker


def is_none(value) -> bool:
    return value is None or value is jsnull


def _send(operation: str, *args):
    """Ask the page for one of ui.js's operations (thievesTableUI.run), with plain data."""
    _ui().run(operation, to_js(list(args), dict_converter=_js().Object.fromEntries))


def _connect():
    """Tell ui.js where to send what happens on the page, and learn the page's standing facts."""
    if not _page:
        proxy = create_proxy(_receive)
        _keep.append(proxy)
        _page.update(_from_page(_ui().connect(proxy)))


def on(kind: str, handler):
    """handler(detail) for every event of this kind from the page (ui.js's tell), after the work kept
    for after the last frame (so a tap never finds the move before it unsaved)."""
    _connect()
    _handlers.setdefault(kind, []).append(handler)


def _plain(value):
    """Data from the page as Python's own: JavaScript's null (Pyodide's jsnull) as None."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return None if value is None or is_none(value) else value


def _from_page(data) -> dict:
    return _plain(data.to_py()) if data is not None and hasattr(data, "to_py") else (_plain(data) or {})


def _receive(kind, detail=None):
    kind = str(kind)
    detail = _from_page(detail)
    keep = _KEPT_FACTS.get(kind)
    if keep:
        keep(detail)            # before any handler reads the page's facts
    with timed(f"tt:{kind}"):
        finish_after_paint()
        answer = _ANSWERS.get(kind)
        if answer:
            answer(kind, detail)
            return
        for handler in _handlers.get(kind, ()):
            handler(detail)


def _kept_hash(detail):
    _page["hash"] = detail.get("hash", "")


def _kept_install_offer(detail):
    _page["installOffer"] = detail.get("offer", "")


def _kept_motion(detail):
    _motion[0] = int(detail.get("motionLeft") or 0)


def _kept_storage(detail):
    """Another tab's write (this page's own are in the copy already)."""
    if detail.get("value") is None:
        _stored().pop(detail["key"], None)
    else:
        _stored()[detail["key"]] = detail["value"]


def _confirmed(kind, detail):
    then = _confirming.pop(int(detail.get("id", -1)), None)
    if then is not None and detail.get("yes"):
        then()


def _store_answer(kind, detail):
    for callback, argument in _store_answered(kind, detail):
        callback() if kind == "stored" else callback(argument)


# What dom keeps of the page's facts as they change, and the answers to what dom itself asked (a
# question, a batch of writes): these never reach the screens' handlers.
_KEPT_FACTS = {"hashchange": _kept_hash, "installable": _kept_install_offer, "painted": _kept_motion,
               "storage": _kept_storage}
_ANSWERS = {"confirmed": _confirmed, "stored": _store_answer, "refused": _store_answer}


# -- timing: the shell's phases as user timings ("tt:..." measures), always on: two calls of plain
# numbers each, so a performance trace (python build.py bench --only trace, or DevTools on a phone)
# names what fills a long task.
def _clock():
    return _js().performance.now()


class timed:
    """``with dom.timed("tt:act"):`` the block's time as performance.measure("tt:act")."""
    __slots__ = ("name", "start")

    def __init__(self, name: str):
        self.name = name

    def __enter__(self):
        self.start = _clock()
        return self

    def __exit__(self, *_):
        _ui().measure(self.name, self.start)
        return False


def render(html: str, target: str = "app"):
    """Draw a screen (never under a finger dragging a card: ui.js holds it until the drag ends).  On
    the play screen only the nodes that changed are changed (ui.js's draw): the rest stay the same
    nodes, are not restyled, and keep their focus and scroll."""
    with timed("tt:draw"):
        _send("draw", target, html)
    tell_set_aside()


def render_if_there(html: str, target: str):
    """Draw into ``target`` only if the screen on the page has it (a part a redraw of the whole would
    disturb: the home's install offer while a file is being chosen)."""
    _send("drawIfThere", target, html)


def playing(on: bool):
    """The play screen owns the viewport: the page itself does not scroll while a game is on."""
    _send("playing", on)


def settle(focus_on: list | None):
    """Just before the next frame (ui.js): focus the first visible match of ``focus_on`` (if given),
    then bring the subjects of the current choice into view inside the board (data-subject), never
    scrolling the page.  What reads the layout then finds it made once, as the frame is about to
    need it, rather than forcing one layout inside the tap and another in the frame."""
    _send("settle", focus_on)


def reveal_ring():
    """Just before the next frame: bring the coach's ring into view where it lies outside the board,
    and what the coach asks the person to watch inside it (ui.js's revealRing)."""
    _send("revealRing")


def install_offer() -> str:
    """How this browser can put the app on the home screen: "prompt", "ios" or "" (see ui.js)."""
    _connect()
    return str(_page.get("installOffer") or "")


def install():
    _send("install")


def keep_saves():
    """Ask the browser once to keep this site's storage under pressure (ui.js keepSaves)."""
    _send("keepSaves")


def utc_offset_minutes() -> int:
    """The device's local time minus UTC, for "today at 14:05"."""
    return -int(_js().Date.new().getTimezoneOffset())


def set_state(value: str):
    _send("setState", value)


def status(text: str, percent: int):
    _send("status", text, percent)


def fail(message: str):
    _send("fail", message)


def location_hash() -> str:
    _connect()
    return str(_page.get("hash") or "")


def go(hash_: str):
    if location_hash() != hash_:
        _page["hash"] = hash_
        _send("go", hash_)


def query() -> dict:
    _connect()
    return dict(_page.get("query") or {})


def page() -> str:
    _connect()
    return str(_page.get("page") or "index.html")


_live_timers = set()      # timers set by later() and neither run nor cancelled yet


def create_once(callback):
    def once(*args):
        proxy.destroy()
        callback(*args)
    proxy = create_proxy(once)
    return proxy


def later(milliseconds: int, callback):
    """Run callback once after a pause (bots' visible thinking time).  The work kept for after a
    frame is done first; a timer that work cancels (a save that failed stops the bots) does not run."""
    def fire(*_):
        with timed("tt:timer"):
            finish_after_paint()
            if timer in _live_timers:
                _live_timers.discard(timer)
                callback()
    timer = _js().setTimeout(create_once(fire), milliseconds)
    _live_timers.add(timer)
    return timer


def cancel(timer):
    if timer is not None:
        _live_timers.discard(timer)
        _js().clearTimeout(timer)


# -- after the frame: what a tap need not wait for (saving its move) runs once the screen it drew
# has been painted, and always before the next tap, timer, route or the page being hidden is handled.
_after_paint = []
_frame_asked = [None]      # None, "frame", or "motion": what the frame asked of ui.js will find
_motion = [0]              # milliseconds of motion left on the board, as the last painted frame found it
FALLBACK_MS = 250          # a hidden page paints no frames: its work still runs, this much later


def after_paint(callback, motion: bool = False):
    """Run callback after the next frame is painted (ui.js's afterPaint: its animation frame, then a
    task), or sooner, when a tap, a timer or the page being hidden comes first (finish_after_paint).
    With ``motion``, that frame also finds how long the board's motion has left (motion_left)."""
    _after_paint.append(callback)
    if motion:
        _motion[0] = 0
    asked = _frame_asked[0]
    if asked == "motion" or (asked and not motion):
        return
    _frame_asked[0] = "motion" if motion else "frame"
    _send("afterPaint", motion)         # a second ask only adds the motion to the same frame
    if not asked:
        _js().setTimeout(create_once(lambda *_: finish_after_paint()), FALLBACK_MS)


def finish_after_paint():
    """Do the work kept for after the frame now, in the order it was kept."""
    _frame_asked[0] = None
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


def motion_left() -> int:
    """Milliseconds until the board's motion has played out, as the frame after_paint(motion=True)
    waited for found it (finite animations only: an endless shimmer is not motion), so a bot's next
    move does not cut a flight of stones short."""
    return min(_motion[0], 3000)


def console_error(text: str):
    """A mistake of the code, not of the person: said in the browser's console, not on screen."""
    _js().console.error(text)


# Where the embed's messages may go: this page's own origin unless the embed link names the page
# around it (parent=...) and that is the page around it (checked in embed_link.py).  Never "*".
# (None until set: this page's own origin.)
_parent_origin = [None]


def set_parent_origin(origin: str):
    _parent_origin[0] = origin


def post_to_parent(message: dict):
    _send("postToParent", message, _parent_origin[0] or origin())


def origin() -> str:
    _connect()
    return str(_page["origin"])


def framing_origin() -> str | None:
    """The origin of the page this one is framed in ("" when it cannot be told), None if not framed."""
    _connect()
    framing = _page.get("framing")
    return None if framing is None else str(framing)


def focus(selector: str):
    _send("focus", selector)


def scroll_top():
    _send("scrollTop")


_confirming: dict = {}      # question number -> what a yes does
_asked = [0]


def confirm(text: str, yes: str, then):
    """Ask the person, in the app's own words and buttons ("Cancel" or ``yes``), before something
    that cannot be undone; ``then()`` runs only on yes (ui.js's confirm: no browser dialog, which a
    page framing the embed may forbid and which stops everything on the page)."""
    _asked[0] += 1
    _confirming[_asked[0]] = then
    _send("confirm", _asked[0], text, yes)


def now() -> float:
    return float(_js().Date.now()) / 1000


# -- storage: localStorage as this page knows it (ui.js sends it whole at connect, then other tabs'
# writes as they happen), written behind: a turn's writes go to ui.js as one batch, stored all or
# none.  A browser may refuse this page all storage (a frame on another site where third-party site
# data is blocked: reading localStorage throws); shell.js probed it, and refused, everything is kept
# in memory for as long as the page is open, and the page says so in one line.
_memory: dict = {}
_batch: list = []          # this turn's writes: {key: [value or None, what was stored before]}, callbacks
_waiting: dict = {}        # batch number -> [(done, failed), ...]
_batches = [0, 0]          # batches sent; batches sent when a refusal was last heard of
GUARDED = (PREFIX,)        # what two tabs must never write over: stored only over what this page read


def storage_kept() -> bool:
    """Whether the browser lets this page keep anything (shell.js's probe of localStorage)."""
    _connect()
    return bool(_page.get("storageKept", True))


def _stored() -> dict:
    _connect()
    return _page.setdefault("stored", {})


class LocalStorage:
    """localStorage as the mapping SaveStore expects (this page's memory where storage is refused).
    Reads are this page's copy; writes are kept there at once and stored behind (``after_stored``)."""

    def __init__(self):
        self.memory = None if storage_kept() else _memory

    def keys(self):
        return list(self.memory if self.memory is not None else _stored())

    def get(self, key):
        return (self.memory if self.memory is not None else _stored()).get(key)

    def set(self, key, value):
        if self.memory is not None:
            self.memory[key] = str(value)
        else:
            _write(key, str(value))

    def remove(self, key):
        if self.memory is not None:
            self.memory.pop(key, None)
        elif key in _stored():
            _write(key, None)


def _write(key: str, value):
    stored = _stored()
    if not _batch:
        _batch[:] = [{}, []]
        _js().queueMicrotask(create_once(lambda *_: _flush()))     # once this turn is done
    writes = _batch[0]
    if key not in writes:
        writes[key] = [value, stored.get(key)]
    writes[key][0] = value
    if value is None:
        stored.pop(key, None)
    else:
        stored[key] = value


def _flush():
    if not _batch:
        return
    writes, then = _batch
    _batch.clear()
    _batches[0] += 1
    if then:
        _waiting[_batches[0]] = then
    _send("store", _batches[0], [[key, value, before, key.startswith(GUARDED)] for key, (value, before) in writes.items()],
          bool(then))


def after_stored(done=None, failed=None):
    """done() once this turn's writes are stored, or failed(error) if the device refused them
    (full, blocked, or another tab wrote a game first); at once when there is nothing to store."""
    if not _batch:
        if done is not None:
            done()
        return
    _batch[1].append((done, failed))


def _refusal(failure: str, stored_now) -> SaveFailed:
    if failure == "full":
        return StorageFull("Storage is full: this move is not saved.")
    if failure == "conflict":
        return SaveConflict("This game was deleted in another tab, so this move is not saved." if stored_now is None
                            else "This game moved on in another tab, so this move is not saved.")
    return SaveFailed(f"This device refused to store the game ({failure}).")


def _store_answered(kind: str, detail: dict) -> list:
    """ui.js stored a batch, or refused it (nothing of it stored): this page's copy is put back to
    what is stored; what waited on it is told.  [(callback, argument), ...] to run."""
    then = _waiting.pop(int(detail.get("number", 0)), [])
    if kind == "stored":
        return [(done, None) for done, _ in then if done is not None]
    stored = _stored()
    for key, value in (detail.get("stored") or {}).items():
        if value is None:
            stored.pop(key, None)
        else:
            stored[key] = value
    # A batch sent before this page heard of an earlier refusal was written over what that one
    # would have stored: its "conflict" is the same refusal, already told.
    if detail.get("failure") == "conflict" and int(detail.get("number", 0)) <= _batches[1]:
        return []
    _batches[1] = _batches[0]
    keys = list(detail.get("stored") or {})
    error = _refusal(str(detail.get("failure")), stored.get(keys[0]) if keys else None)
    told = [(failed, error) for _, failed in then if failed is not None]
    return told + [(lambda error, handler=handler: handler(keys, error), error) for handler in _handlers.get("refused", ())]


def on_refused(handler):
    """handler(keys, error) when the device refused a batch of writes (nothing of it stored)."""
    _handlers.setdefault("refused", []).append(handler)


def on_storage(handler):
    """handler(key, new_value) when another tab changes the storage (new_value None: removed)."""
    on("storage", lambda detail: handler(str(detail["key"]), detail.get("value")))


def keep_screen(keep: str, html: str = "", playing: bool = False):
    """Python's answer to shell.js's "what may a relaunch paint of this screen?" (last_screen.py)."""
    _send("keepScreen", keep, html, playing)


def show_notice(html: str):
    """A notice with buttons above what is drawn (gone with the next render)."""
    _send("notice", html)


def show_problem(text: str):
    _send("problem", text)


SET_ASIDE = "set-aside"


def tell_set_aside():
    """What the reads before this screen set aside (records.told: a damaged settings record, the
    tallies, a lesson's place), one line each, in a notice outside the screen, so the redraws after
    it (bots moving) keep it until the person taps OK (ui.js's setAside)."""
    lines = records.told()
    if lines:
        _send("setAside", lines)


def dismiss_set_aside():
    _send("dismissSetAside")


# -- feel: motion, sound, vibration, focus, the live status line -------------------------------------
def animate(marks: dict):
    """Add each motion class to the elements carrying its key (data-motion); the stylesheet animates
    them, and not at all under prefers-reduced-motion.  (ui.js's draw gives a node that carried the
    last move's motion a fresh copy, so the same motion runs again.)"""
    if marks:
        _send("animate", marks)


def cue(kind: str, settings: dict):
    """A beep and a buzz for a hit, a miss or a move, when the person turned them on (ui.js's cue)."""
    if settings.get("vibrate") or settings.get("sound"):
        _send("cue", kind, {"vibrate": bool(settings.get("vibrate")), "sound": bool(settings.get("sound"))})


def announce():
    """Read out what the screen now asks: the board's status line, or the cover's hand-over."""
    _send("announce")


def focus_first(selectors: list):
    """Focus the first visible match of the selectors, in order, without scrolling the page."""
    _send("focusFirst", selectors)


def mark_hint(action: dict):
    """Light up, on the board, the move a hint suggests: the button carrying it, and whatever one
    taps to choose it (a card, a house: their data match the action's fields)."""
    import json
    wanted = json.dumps(action, sort_keys=True, separators=(",", ":"))
    _send("markHint", wanted, {str(key): str(value) for key, value in action.items() if key != "type"})


# -- issue 20: files in and out, the clipboard -------------------------------------------------------
def download(filename: str, text: str):
    """Hand the person a file (an export of their games)."""
    _send("download", filename, text)


def read_file(file, then):
    """then(text) with the file chosen in a file input (ui.js sends the File, or None: nothing chosen)."""
    if file is None:
        then(None)
        return
    file.text().then(create_once(lambda text: then(str(text))))


def copy_text(text: str):
    _send("copyText", text)


# -- issue 40: a table of phones.  The links are the page's (phones.mjs: WebRTC over the local
# network), moving strings; what they carry and every check on it is Python's (phone_table.py).
# What happens on a link comes back as events: phone-offer, phone-answer {link, sdp}, phone-open,
# phone-message {link, text}, phone-away, phone-closed, phone-error {link, message}.
def phone_host(link: str):
    """Make a link's offer (the host): told as phone-offer."""
    _send("phoneHost", link)


def phone_accept(link: str, answer: str):
    """The host takes the phone's answer: the link opens (phone-open)."""
    _send("phoneAccept", link, answer)


def phone_join(link: str, offer: str):
    """The phone answers the host's offer: told as phone-answer."""
    _send("phoneJoin", link, offer)


def phone_send(link: str, text: str):
    _send("phoneSend", link, text)


def phone_close(link: str):
    _send("phoneClose", link)


def scan_code(field: str):
    """Scan a QR code with the camera (qr.mjs): told as scanned {field, text}, scan-cancelled or
    scan-failed {field, message}."""
    _send("scanCode", field)
