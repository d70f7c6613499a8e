"""Driving the built app through its screen, as a person would: taps, covers, the rank pad.

The tests read the game back from the browser's storage (the saved record) and replay it in
CPython, so an "omniscient" test player can choose right or wrong guesses on purpose.
"""
import json
import re
from html import unescape

import pycore

READY = "document.documentElement.dataset.app !== 'loading'"
SAVE_PREFIX = "thieves-table:save:"


def boot(page, url: str, timeout: float = 90_000):
    page.goto(url)
    page.wait_for_function(READY, timeout=timeout)
    state = page.evaluate("document.documentElement.dataset.app")
    assert state == "ready", f"the app did not start: {state}: {page.inner_text('body')[:500]}"


def relaunch(page, url: str, timeout: float = 90_000):
    """Start the app again at ``url`` as a new page load: going to a link that differs only after
    its # would move within the running page instead of starting it again."""
    page.goto("about:blank")
    boot(page, url, timeout)


def python_side(page):
    """Where the page's Python runs, to evaluate there: its worker, or (?main) the page itself."""
    return next((worker for worker in page.workers if worker.url.split("?")[0].endswith("/python-worker.mjs")), page)


# Every resource fetched, as {url: [encoded, decoded bytes]}.
RESOURCES = """() => Object.fromEntries(performance.getEntriesByType('resource')
    .map((entry) => [entry.name, [entry.encodedBodySize, entry.decodedBodySize]]))"""


def resources(page) -> dict:
    """What the page and Python's worker fetched (the page's own entry where both did: the worker's
    is then the HTTP cache's answer to the page's preload)."""
    side = python_side(page)
    worker = side.evaluate(RESOURCES) if side is not page else {}
    return {**worker, **page.evaluate(RESOURCES)}


def save_id(page) -> str:
    match = re.search(r"#/play/([^/]+)", page.url)
    assert match, f"not on a game page: {page.url}"
    return match.group(1)


def saved_state(page, until=None, seconds: float = 10):
    """The game as the browser saved it, replayed here, once it holds the moves the screen shows (a
    move is written just after the frame that shows it, so the screen may be ahead of storage); with
    ``until``, once the saved game meets that instead."""
    if until is None:
        shown = page.evaluate("document.querySelector('[data-testid=play]')?.dataset.moves")
        until = None if shown is None else (lambda state: len(state.history) == int(shown))
    waited = 0.0
    while True:
        text = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_PREFIX + save_id(page))})")
        assert text, "the game was not saved"
        state = pycore.replay(json.loads(text)["record"])
        if until is None or until(state) or waited >= seconds:
            return state
        page.wait_for_timeout(100)
        waited += 0.1


def settle(page):
    """Wait until a bot is not about to move and the screen shows a person's moment or the end (a
    person who just missed, in hot-seat, looks at it before passing the device on)."""
    page.wait_for_function(
        "document.querySelector('[data-testid=cover], [data-testid=end], [data-testid=sort-row], [data-command=pass-device]')"
        " || [...document.querySelectorAll('[data-command=pick-card], [data-command=power], .hand [data-act], .powers [data-act]')].length",
        timeout=60_000)


def wait_for_actions(page, count):
    """Wait until the saved game holds more than ``count`` actions."""
    key = json.dumps(SAVE_PREFIX + save_id(page))
    page.wait_for_function(
        f"(() => {{ const s = localStorage.getItem({key}); return s && JSON.parse(JSON.parse(s).record).actions.length > {count}; }})()",
        timeout=30_000)


def inject(page, state, table, name="injected"):
    """Put a game built here (a chosen position) into the browser's saves, as the app writes them
    (with how far each person had seen the log when they last acted, as the app keeps it)."""
    from frontend.shell.save_store import Save
    seen, replayed = {}, state.game.new_game(seats=state.seats, seed=state.seed, options=state.options)
    for seat, action in state.history:
        replayed.apply(seat, action)
        if seat in table.person_seats:
            seen[seat] = len(replayed.view(None)["log"])
    save = Save(name, state.game.id, table, state, 1.0, 1.0, seen=seen)
    store_as_another_tab(page, {SAVE_PREFIX + name: save.to_json()})


# Written as another tab writes: the page hears of it (a storage event; a browser sends none to the
# tab that wrote), as the app's copy of the storage does (dom.py).  A write with no event is seen
# only by the next page load.
STORE_AS_ANOTHER_TAB = """(items) => { for (const [key, value] of Object.entries(items)) {
    const oldValue = localStorage.getItem(key);
    localStorage.setItem(key, value);
    dispatchEvent(new StorageEvent("storage", { key, oldValue, newValue: value, url: location.href }));
} }"""


def store_as_another_tab(page, items: dict):
    page.evaluate(STORE_AS_ANOTHER_TAB, items)


def set_up(page, game_id: str, seats: list, hands: int | None = None, options: dict | None = None):
    """seats: for each seat a name, a (name, name) pair, a bot level ('novice'...), or "phone:<name>"."""
    page.goto(page.url.split("#")[0] + f"#/new/{game_id}")
    page.wait_for_selector(".setup")
    count = int(page.inner_text("[data-testid=seat-count]"))
    while count != len(seats):
        page.click(f"[data-command=setup-seats][data-delta='{1 if len(seats) > count else -1}']")
        page.wait_for_function(f"document.querySelector('[data-testid=seat-count]').textContent != '{count}'")
        count = int(page.inner_text("[data-testid=seat-count]"))
    for index, who in enumerate(seats):
        if who in ("novice", "sharp", "ruthless"):
            page.click(f"[data-command=setup-kind][data-seat='{index}'][data-kind=bot]")
            page.select_option(f"[data-field=bot][data-seat='{index}']", who)
        elif who.startswith("phone:") if isinstance(who, str) else False:     # a phone of its own (issue 40)
            page.click(f"[data-command=setup-kind][data-seat='{index}'][data-kind=phone]")
            page.fill(f"[data-field=name][data-seat='{index}'][data-slot='0']", who.split(":", 1)[1])
        elif isinstance(who, tuple):
            page.click(f"[data-command=setup-kind][data-seat='{index}'][data-kind=pair]")
            page.fill(f"[data-field=name][data-seat='{index}'][data-slot='0']", who[0])
            page.fill(f"[data-field=name][data-seat='{index}'][data-slot='1']", who[1])
        else:
            page.click(f"[data-command=setup-kind][data-seat='{index}'][data-kind=person]")
            page.fill(f"[data-field=name][data-seat='{index}'][data-slot='0']", who)
    for name, value in (options or {}).items():
        box = page.locator(f"[data-field=option][data-option='{name}']")
        if box.is_checked() != value:
            box.click()
    page.click("[data-command=setup-start]")
    page.wait_for_url(re.compile(r"#/play/"))
    page.wait_for_selector(".setup", state="detached")     # the link changes before the game is drawn


def cover_secrets(page) -> list:
    """Anything on a cover that could be a secret: cards or ranks."""
    cover = page.locator("[data-testid=cover]")
    return cover.locator(".card, .rank").all() + cover.locator("[data-command=pick-card]").all()


# A start tag that carries one of the data-* attributes asked for (our markup escapes "<" and ">"
# inside values, so neither ends one early), and its attributes with either quote or none.  Regular
# expressions read the screens of whole games some six times faster than html.parser, which had
# been a third of the quick tests' time.
TAG_NAME = re.compile(r"<[a-zA-Z][^\s/>]*")
ATTRIBUTE = re.compile(r"""\s([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")


def start_tags(html: str, *data: str):
    """The attributes (values unescaped, as a browser reads them; None: no value) of every start tag
    in ``html`` carrying one of the ``data-*`` attributes named, in page order."""
    carrying = re.compile(r"<[a-zA-Z][^<>]*?\sdata-(?:%s)\b[^<>]*>" % "|".join(map(re.escape, data)))
    for tag in carrying.findall(html):
        found = {}
        for match in ATTRIBUTE.finditer(tag, TAG_NAME.match(tag).end(), len(tag) - 1):
            name, *values = match.groups()
            value = next((value for value in values if value is not None), None)
            found.setdefault(name.lower(), None if value is None else unescape(value))
        yield found


class Taps:
    """Every enabled tap target of a screen's HTML, in page order: ("act", the action a button
    carries) or (data-command, {its other data-* attributes but the motion key})."""

    def __init__(self, html):
        self.taps = []
        for found in start_tags(html, "act", "command"):
            if "disabled" in found or found.get("aria-disabled") == "true":
                continue
            if "data-act" in found:
                self.taps.append(("act", json.loads(found["data-act"])))
            elif "data-command" in found:
                data = {key[5:]: value for key, value in found.items()
                        if key.startswith("data-") and key not in ("data-command", "data-motion", "data-pick")}   # what animates, what is picked
                self.taps.append((found["data-command"], data))


def act(action: dict) -> str:
    """The selector of the button carrying this very action."""
    from frontend.widgets import action_json
    return f"[data-act='{action_json(action)}']"


def act_of(kind: str) -> str:
    """The selector of every button carrying an action of this type."""
    return f"[data-act*='\"type\":\"{kind}\"']"


def frame_embed(page, src: str, width: int = 380, height: int = 700):
    """Listen as a rules page would (``window.received`` gathers the embed's messages), then frame
    ``src`` (an ``embed.html?...`` link) in the page."""
    page.evaluate("""([src, width, height]) => {
        window.received = [];
        addEventListener('message', (event) => {
            if (event.data && event.data.source === 'thieves-table') window.received.push(event.data);
        });
        const frame = Object.assign(document.createElement('iframe'), {src});
        frame.style.cssText = `width: ${width}px; height: ${height}px`;
        document.body.append(frame);
    }""", [src, width, height])


def between_turns(page, cover_is_clean, seen: set):
    """The taps of a hot-seat game between people's moves: False once it is over; True after
    lifting a cover (checked first by ``cover_is_clean``) or passing the device on after a miss;
    None when a person is to move.  ``seen`` gathers "cover" and "pass-device"."""
    if page.locator("[data-testid=end]").count():
        return False
    if page.locator("[data-testid=cover]").count():
        cover_is_clean(page)
        seen.add("cover")
        page.click("[data-command=uncover]")
        return True
    if page.locator("[data-command=pass-device]").count():
        seen.add("pass-device")
        page.click("[data-command=pass-device]")
        return True
    return None
