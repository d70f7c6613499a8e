"""A table of phones (issue 40) in real Chromium: a host and two phones, three browser contexts on
one machine, joined by pasted codes over WebRTC data channels (host candidates only), at 390×844.

Each phone's messages are recorded as they reach its Python (the page's "phone-message" events), and
checked here against the host's own saved game replayed in CPython: every screen a phone was told is
exactly its seat's view and legal actions at some moment of the game, nothing more.  The phones' moves
are the Novice bot's choices from the phone's own screen (its Python), tapped where the choice is one
button on the screen, else sent as the screen sends a choice made over several taps."""
import json

import pytest

import pycore
from browsing import ARTIFACTS, PHONE, screenshot
from conftest import PYTHON_WHERE
from driver import boot, python_side, save_id, saved_state, set_up
from frontend.shell.phone_table import SEAT_MESSAGE

SHOTS = ARTIFACTS / "phones"

# What reaches the phone's Python about its link, recorded on the way (Python runs in a worker: the
# page posts it [kind, detail]; on the page's own thread the receiver is wrapped instead).
RECORD_PHONE_MESSAGES = """
window.phoneMessages = [];
const keep = (kind, detail) => { if (kind === 'phone-message') window.phoneMessages.push(detail.text); };
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (data, ...rest) {
  if (Array.isArray(data)) keep(data[0], data[1] || {});
  return post.call(this, data, ...rest);
};
"""

# The phone's choice, made in its own Python from its own screen: the Novice bot's, from the view and
# legal actions the host sent (exactly what a person holding the phone sees).
CHOOSE = """
import gc, json, random
import pycore
screen = next(o for o in gc.get_objects() if type(o).__name__ == "JoinScreen")
view = screen.view
legal = view.play.legal() if view is not None and not view.waiting else []
choice = None
if legal:
    game = view.play.state.game
    choice = game.bots["novice"].choose(view.play.view(), legal, random.Random(len(view.play.state.history)))
json.dumps(choice)
"""
SEND = """
import gc, json, js
screen = next(o for o in gc.get_objects() if type(o).__name__ == "JoinScreen")
screen.send(json.loads(js.probeGiven))
"null"
"""
RUN_PYTHON = ("async ([code, given]) => { globalThis.probeGiven = given; const loader = await "
              "import(new URL('pyodide-loader.mjs', location.href).href); return (await loader.loadPyodide()).runPython(code); }")


def run_python(page, code: str, given=None):
    return json.loads(python_side(page).evaluate(RUN_PYTHON, [code, given]))


@pytest.fixture(scope="module")
def phone_contexts(browser):
    """Two phones: browser contexts of their own (incognito), at a phone's size."""
    contexts = []
    for _ in range(2):
        context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
        context.add_init_script(PYTHON_WHERE + RECORD_PHONE_MESSAGES)
        contexts.append(context)
    yield contexts
    for context in contexts:
        context.close()


def open_phone(context, server):
    phone = context.new_page()
    phone.problems = []
    phone.on("pageerror", lambda error: phone.problems.append(str(error)))
    phone.said = []
    phone.on("console", lambda message: phone.said.append(message.text) if message.type == "error" else None)
    boot(phone, server.url + "#/join")
    phone.wait_for_selector("[data-field=join-code]")
    return phone


def host_code(host, seat: int) -> str:
    code = host.locator(f"[data-testid=phone-code][data-seat='{seat}']")
    code.wait_for(timeout=20_000)
    return code.get_attribute("data-code")


def join(host, phone, seat: int):
    """The phone pastes the host's code for ``seat``, the host pastes the phone's reply: seated."""
    phone.fill("[data-field=join-code]", host_code(host, seat))
    phone.click("[data-command=join-paste]")
    reply = phone.locator("[data-testid=reply-code]")
    try:
        reply.wait_for(timeout=20_000)
    except Exception:
        raise AssertionError(f"no reply on the phone: {phone.inner_text('#app')[:600]}") from None
    host.fill(f"[data-field=reply-code][data-seat='{seat}']", reply.get_attribute("data-code"))
    host.click(f"[data-command=reply-paste][data-seat='{seat}']")
    try:
        phone.wait_for_selector("[data-testid=play]", timeout=20_000)
    except Exception:
        raise AssertionError(f"the phone was not seated: {phone.inner_text('#app')[:400]} {phone.said} / the host: "
                             f"{host.inner_text('[data-testid=phones]')[:900]}") from None
    host.wait_for_selector(f"[data-testid=phone-seated][data-seat='{seat}']")


def phone_moves(phone) -> bool:
    """The phone's person moves if it is their turn: a tap on the choice's button where there is one."""
    if not phone.locator("[data-testid=play][data-moment=turn]").count():
        return False
    choice = run_python(phone, CHOOSE)
    if choice is None:
        return False
    wanted = json.dumps(choice, sort_keys=True, separators=(",", ":"))
    button = phone.locator(f"[data-act='{wanted}']:visible")
    if button.count() and "'" not in wanted:
        try:
            button.first.click(timeout=3000)
            return True
        except Exception:
            pass            # redrawn under the finger: the choice goes as the screen sends it
    run_python(phone, SEND, wanted)
    return True


def check_told_only_their_seat(phone, seat: int, final) -> int:
    """Every screen the phone was told is its seat's view and legal actions at some moment of the game."""
    moments = pycore.GAMES[final.game.id].new_game(seats=final.seats, seed=final.seed, options=final.options)
    known = {json.dumps([moments.view(seat), moments.legal_actions(seat)], sort_keys=True)}
    for acting, action in final.history:
        moments.apply(acting, action)
        known.add(json.dumps([moments.view(seat), moments.legal_actions(seat)], sort_keys=True))
    told = [json.loads(text) for text in phone.evaluate("window.phoneMessages")]
    screens = [message for message in told if message["type"] == "seat"]
    assert screens, "the phone was told nothing"
    for message in screens:
        assert set(message) == SEAT_MESSAGE and message["seat"] == seat
        assert json.dumps([message["view"], message["legal"]], sort_keys=True) in known, \
            f"seat {seat} was told something that was never its view"
    return len(screens)


def saved_game(host, over: bool = False):
    """The host's save, replayed (``over``: once it holds the end: a move is saved just after the frame
    that shows it)."""
    return saved_state(host, until=(lambda state: state.is_over) if over else None)


def a_table_of_phones(page, server, phone_contexts, game_id: str, seats=("phone:Ben", "phone:Cy", "sharp")):
    host = page
    boot(host, server.url + "?fast#/")
    set_up(host, game_id, list(seats))
    host.wait_for_selector("[data-testid=phones]")
    phones = [open_phone(context, server) for context in phone_contexts]
    for seat, phone in enumerate(phones):
        join(host, phone, seat)
    return host, phones


@pytest.mark.parametrize("game_id", list(pycore.GAMES))
def test_a_whole_game_at_a_table_of_phones(page, server, phone_contexts, game_id):
    host, phones = a_table_of_phones(page, server, phone_contexts, game_id)
    host.click("[data-testid=phones] [data-command=close-overlay]")
    if game_id == "thievery":
        SHOTS.mkdir(parents=True, exist_ok=True)
    moves, quiet = 0, 0
    while not host.locator("[data-testid=end]").count():
        moved = False
        for phone in phones:
            moved = phone_moves(phone) or moved
        moves += moved
        quiet = 0 if moved else quiet + 1
        if game_id == "thievery" and moves == 3 and moved:
            for index, phone in enumerate(phones):
                screenshot(phone, SHOTS / f"phone-{index + 1}-in-game.png")
        assert quiet < 400, "the game stopped moving"
        if not moved:
            host.wait_for_timeout(50)
    final = saved_game(host, over=True)
    assert final.is_over, "the host's save did not reach the end"
    replayed = pycore.replay(pycore.record(final))
    assert replayed.outcome == final.outcome
    for seat, phone in enumerate(phones):
        phone.wait_for_selector("[data-testid=end]", timeout=20_000)
        assert check_told_only_their_seat(phone, seat, final) > 1
        assert not phone.problems
    assert not host.problems


def test_codes_are_refused_in_words_where_they_do_not_belong(page, server, phone_contexts):
    host = page
    boot(host, server.url + "?fast#/")
    set_up(host, "twelve-thieves", ["phone:Ben", "phone:Cy", "sharp"])
    host.wait_for_selector("[data-testid=phones]")
    codes = [host_code(host, seat) for seat in (0, 1)]
    screenshot(host, SHOTS / "host-seats.png")
    phone = open_phone(phone_contexts[0], server)
    # Something that is not a code, and a reply where the host's code belongs.
    phone.fill("[data-field=join-code]", "hello there")
    phone.click("[data-command=join-paste]")
    assert "not a host's code" in phone.inner_text("[data-testid=join-problem]")
    phone.fill("[data-field=join-code]", "TT1R.abcdefghijklmnop.T1a.x")
    phone.click("[data-command=join-paste]")
    assert "a phone's reply, not a host's code" in phone.inner_text("[data-testid=join-problem]")
    # Seat 2's reply pasted at seat 1 is refused; at seat 2 it seats the phone.
    phone.fill("[data-field=join-code]", codes[1])
    phone.click("[data-command=join-paste]")
    phone.locator("[data-testid=reply-code]").wait_for(timeout=20_000)
    reply = phone.get_attribute("[data-testid=reply-code]", "data-code")
    host.fill("[data-field=reply-code][data-seat='0']", reply)
    host.click("[data-command=reply-paste][data-seat='0']")
    assert "This reply is for seat 2, not seat 1" in host.inner_text("[data-testid=phones]")
    host.fill("[data-field=reply-code][data-seat='1']", reply)
    host.click("[data-command=reply-paste][data-seat='1']")
    host.wait_for_selector("[data-testid=phone-seated][data-seat='1']")
    phone.wait_for_selector("[data-testid=play]", timeout=20_000)
    # The same reply again (a second phone that scanned the same code) is refused in words.
    assert not host.locator("[data-field=reply-code][data-seat='1']").count()
    host.fill("[data-field=reply-code][data-seat='0']", reply)
    host.click("[data-command=reply-paste][data-seat='0']")
    assert "old code" in host.inner_text("[data-testid=phones]")
    assert not phone.problems and not host.problems


def away_and_back(host, phones, seat: int):
    """The phone at ``seat`` is closed (locked, its tab gone): the host says so where the game waits
    for it, and its code is a new one."""
    old = host_code_in_menu(host, seat)
    phones[seat].close()
    host.click("[data-testid=phones] [data-command=close-overlay]")
    for _ in range(300):            # the others play on until the game waits for the seat
        if host.locator(f"[data-testid=phone-away][data-seat='{seat}']").count():
            break
        if not any(phone_moves(phone) for index, phone in enumerate(phones) if index != seat):
            host.wait_for_timeout(50)
    away = host.locator(f"[data-testid=phone-away][data-seat='{seat}']")
    away.wait_for(timeout=20_000)
    assert "is away" in away.inner_text()
    screenshot(host, SHOTS / "host-phone-away.png")
    return old


def host_code_in_menu(host, seat: int) -> str:
    if not host.locator("[data-testid=phones]").count():
        host.click("[data-command=menu]")
        host.click("[data-testid=menu] [data-command=phones]")
    return host_code(host, seat) if not host.locator(f"[data-testid=phone-seated][data-seat='{seat}']").count() else ""


def play_to_the_end(host, phones):
    for _ in range(3000):
        if host.locator("[data-testid=end]").count():
            return
        if not any([phone_moves(phone) for phone in phones]):
            host.wait_for_timeout(50)
    raise AssertionError("the game did not end")


def test_a_phone_that_goes_away_rejoins_with_a_new_code_and_the_game_goes_on(page, server, phone_contexts):
    host, phones = a_table_of_phones(page, server, phone_contexts, "master-thieves", seats=("phone:Ben", "phone:Cy"))
    away_and_back(host, phones, 0)
    host.click(f"[data-testid=phone-away][data-seat='0'] [data-command=phones]")
    new_code = host_code(host, 0)
    assert "went away" in host.inner_text("[data-testid=phones]")
    back = open_phone(phone_contexts[0], server)
    join(host, back, 0)
    assert host.locator("[data-testid=phone-seated][data-seat='0']").count() and new_code
    host.click("[data-testid=phones] [data-command=close-overlay]")
    play_to_the_end(host, [back, phones[1]])
    final = saved_game(host, over=True)
    assert final.is_over
    back.wait_for_selector("[data-testid=end]", timeout=20_000)
    assert check_told_only_their_seat(back, 0, final) > 0
    assert not host.problems and not back.problems


def test_an_away_phones_seat_may_go_to_a_bot(page, server, phone_contexts):
    host, phones = a_table_of_phones(page, server, phone_contexts, "guild-of-thieves", seats=("phone:Ben", "phone:Cy"))
    away_and_back(host, phones, 1)
    host.click("[data-testid=phone-away][data-seat='1'] [data-command=phone-to-bot]")
    play_to_the_end(host, phones[:1])
    final = saved_game(host, over=True)
    assert final.is_over
    stored = json.loads(host.evaluate(f"localStorage.getItem('thieves-table:save:{save_id(host)}')"))
    assert stored["table"][1]["bot"] and not stored["table"][1].get("phone")
