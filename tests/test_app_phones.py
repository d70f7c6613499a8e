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
from driver import boot, save_id, set_up
from frontend.shell.phone_table import SEAT_MESSAGE
from layout import LONG_NAMES, TABLE_SIZES, at_every_size, check_table
from table_of_phones import (RAW_SEND, RECORD_PHONE_MESSAGES, a_table_of_phones, host_code, join, open_phone,
                             phone_moves, play_to_the_end, run_python, saved_game, show_seat)

SHOTS = ARTIFACTS / "phones"

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


@pytest.mark.parametrize("game_id", list(pycore.GAMES))
def test_a_whole_game_at_a_table_of_phones(page, server, phone_contexts, game_id):
    host, phones = a_table_of_phones(page, server, phone_contexts, game_id)
    host.click("[data-testid=phones] [data-command=close-overlay]")
    if game_id == "thievery":
        server.kill()               # the table plays on with no server: phone to phone only
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
    show_seat(host, 0)
    host.fill("[data-field=reply-code][data-seat='0']", reply)
    host.click("[data-command=reply-paste][data-seat='0']")
    assert "This reply is for seat 2, not seat 1" in host.inner_text("[data-testid=phones]")
    show_seat(host, 1)
    host.fill("[data-field=reply-code][data-seat='1']", reply)
    host.click("[data-command=reply-paste][data-seat='1']")
    host.wait_for_selector("[data-testid=phone-seated][data-seat='1']")
    phone.wait_for_selector("[data-testid=play]", timeout=20_000)
    # The same reply again (a second phone that scanned the same code) is refused in words.
    assert not host.locator("[data-field=reply-code][data-seat='1']").count()
    show_seat(host, 0)
    host.fill("[data-field=reply-code][data-seat='0']", reply)
    host.click("[data-command=reply-paste][data-seat='0']")
    assert "old code" in host.inner_text("[data-testid=phones]")
    # The table waits for Ben's phone (seat 1): Cy's phone, sending past its own screen, is refused in
    # words, out of turn or oversized, and nothing is applied.
    before = len(saved_game(host).history)
    for sent, words in [(json.dumps({"type": "act", "action": {"type": "pass"}}), "It is not your turn"),
                        ("x" * 5000, "at most 4096")]:
        run_python(phone, RAW_SEND, sent)
        phone.wait_for_function("(words) => document.querySelector('.tt-notice')?.textContent.includes(words)", arg=words)
    assert len(saved_game(host).history) == before
    assert not phone.problems and not host.problems


def away(host, phones, seat: int):
    """The phone at ``seat`` is closed (locked, its tab gone): the host says so where the game waits
    for it."""
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


def test_a_phone_that_goes_away_rejoins_with_a_new_code_and_the_game_goes_on(page, server, phone_contexts):
    host, phones = a_table_of_phones(page, server, phone_contexts, "master-thieves", seats=("phone:Ben", "phone:Cy"))
    away(host, phones, 0)
    host.click("[data-testid=phone-away][data-seat='0'] [data-command=phones]")
    new_code = host_code(host, 0)
    assert "went away" in host.inner_text("[data-testid=phones]")
    server.kill()       # the phone opened the app before: it starts again, and rejoins, with no server
    back = open_phone(phone_contexts[0], server)
    join(host, back, 0)
    assert host.locator("[data-testid=phone-seated][data-seat='0']").count() and new_code
    host.click("[data-testid=phones] [data-command=close-overlay]")
    before, moves = len(saved_game(host).history), 0
    for _ in range(400):                # the game goes on (whole games are the tests above)
        if moves >= 8 or host.locator("[data-testid=end]").count():
            break
        moved = sum([phone_moves(back), phone_moves(phones[1])])
        moves += moved
        if not moved:
            host.wait_for_timeout(50)
    host.wait_for_timeout(500)          # both seats are phones: nothing moves now; the last move is saved
    now = saved_game(host)
    assert len(now.history) >= before + 8 or now.is_over
    assert check_told_only_their_seat(back, 0, now) > 0
    assert not host.problems and not back.problems


def test_an_away_phones_seat_may_go_to_a_bot(page, server, phone_contexts):
    host, phones = a_table_of_phones(page, server, phone_contexts, "guild-of-thieves", seats=("phone:Ben", "phone:Cy"))
    away(host, phones, 1)
    host.click("[data-testid=phone-away][data-seat='1'] [data-command=phone-to-bot]")
    play_to_the_end(host, phones[:1])
    final = saved_game(host, over=True)
    assert final.is_over
    stored = json.loads(host.evaluate(f"localStorage.getItem('thieves-table:save:{save_id(host)}')"))
    assert stored["table"][1]["bot"] and not stored["table"][1].get("phone")


def test_an_away_phones_seat_may_be_played_on_the_hosts_device(page, server, phone_contexts):
    host, phones = a_table_of_phones(page, server, phone_contexts, "twelve-thieves", seats=("phone:Ben", "phone:Cy"))
    away(host, phones, 0)
    host.click("[data-testid=phone-away][data-seat='0'] [data-command=phone-here]")
    # Ben now plays on the host's device: his seat's own choices are on its screen.
    host.wait_for_selector("[data-testid=play][data-moment=turn] [data-act]")
    assert host.get_attribute("[data-testid=play]", "data-seat") == "0"
    stored = json.loads(host.evaluate(f"localStorage.getItem('thieves-table:save:{save_id(host)}')"))
    assert stored["table"][0] == {"people": ["Ben"], "bot": None}


def looked_at(page, where: str) -> list:
    """check_table, and the screen kept for a person to look at (--shots)."""
    size = page.viewport_size
    problems = check_table(page, where)
    screenshot(page, SHOTS / f"{where.replace(' ', '-').replace(',', '')}-{size['width']}x{size['height']}.png")
    return problems


def test_the_phones_screens_at_every_size(page, server, phone_contexts):
    """The host's phones panel, the joining phone's screens, a seated phone's play screen and the
    host's away phone, with the longest names a table may have, at every size (the table standard)."""
    host = page
    boot(host, server.url + "?fast#/")
    set_up(host, "guild-of-thieves", [f"phone:{LONG_NAMES[0]}", f"phone:{LONG_NAMES[1]}"])
    host.wait_for_selector("[data-testid=phones]")
    host_code(host, 1)
    problems = at_every_size(host, "the host's phones panel", check=looked_at, sizes=TABLE_SIZES)
    phone = open_phone(phone_contexts[0], server)
    phone.fill("[data-field=join-code]", "not a code")
    phone.click("[data-command=join-paste]")
    problems += at_every_size(phone, "joining, a code refused", check=looked_at, sizes=TABLE_SIZES)
    phone.fill("[data-field=join-code]", host_code(host, 0))
    phone.click("[data-command=join-paste]")
    phone.locator("[data-testid=reply-code]").wait_for(timeout=20_000)
    problems += at_every_size(phone, "joining, the reply", check=looked_at, sizes=TABLE_SIZES)
    show_seat(host, 0)
    host.fill("[data-field=reply-code][data-seat='0']", phone.get_attribute("[data-testid=reply-code]", "data-code"))
    host.click("[data-command=reply-paste][data-seat='0']")
    phone.wait_for_selector("[data-testid=play]", timeout=20_000)
    problems += at_every_size(phone, "a seated phone", check=looked_at, sizes=TABLE_SIZES)
    host.click("[data-testid=phones] [data-command=close-overlay]")
    host.wait_for_selector("[data-testid=phone-turn], [data-testid=phone-away]")
    problems += at_every_size(host, "the host waiting for a phone", check=looked_at, sizes=TABLE_SIZES)
    assert not problems, "\n".join(problems)


def test_a_phone_joins_by_scanning_the_hosts_code_with_its_camera(page, server, site, playwright, tmp_path):
    """Home → Join a table → Scan the code: the phone's camera (Chromium's fake one, showing the
    host's QR code as the host draws it) reads the code, and the phone shows its reply."""
    from test_qr_codes import CAMERA, camera_page, code_modules, write_y4m
    host = page
    boot(host, server.url + "?fast#/")
    set_up(host, "twelve-thieves", ["phone:Ben", "sharp"])
    host.wait_for_selector("[data-testid=phones]")
    code = host_code(host, 0)
    video = tmp_path / "host-code.y4m"
    write_y4m(video, code_modules(site, code))
    browser, phone = camera_page(playwright, server, CAMERA + [f"--use-file-for-fake-video-capture={video}"])
    try:
        phone.click("[data-command=join]")
        phone.click("[data-command=join-scan]")
        try:
            phone.locator("[data-testid=reply-code]").wait_for(timeout=60_000)
        except Exception:
            raise AssertionError(f"no reply: {phone.inner_text('body')[:500]} {phone.evaluate('window.toldOfScans')}") from None
        assert phone.get_attribute("[data-testid=reply-code]", "data-code").startswith("TT1R.")
        assert phone.locator(".tt-scan").count() == 0
        assert not phone.problems
    finally:
        browser.close()
