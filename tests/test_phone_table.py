"""A table of phones (issue 40), in CPython: the two codes and their refusals, the checks on every
message, and whole games of all five played through the protocol — the host's engine refereeing,
two phones deciding from nothing but the messages they received and drawing them with the board —
with the secrecy of each message checked against the engine: a message to a phone is the same
whatever the seat cannot see (the state resampled for that seat gives the same message).

The links themselves (WebRTC) and the screens on real pages are tests/test_app_phones.py's."""
import json
import random

import pytest

import pycore
from frontend.boards import BOARDS
from frontend.shell import settings
from frontend.shell.phone_guest import PhoneView, phone_table
from frontend.shell.phone_table import (CODE_LIFETIME_S, MAX_FROM_HOST, MAX_FROM_PHONE, SEAT_MESSAGE, BadCode,
                                        BadMessage, HostTable, encode, read_host_code, read_message,
                                        read_reply_code, read_seat_message, reply_code, seat_message)
from frontend.shell.table import Seat, Table
from pycore.kit.resample import resample

OFFER = "o1.Ab-_c~d.3x"      # what phones.mjs packs: letters, digits and -_.~ (tested there)
ANSWER = "a1.Zz-9.q"


def seated(now: float = 0.0):
    """A host with phones at seats 1 and 2, the phone at seat 1 seated."""
    host = HostTable([1, 2])
    link, _ = host.new_code(1, now)
    host.offer_made(link.id, OFFER)
    seat, token, offer = read_host_code(link.code)
    host.reply(1, reply_code(token, ANSWER), now + 1)
    host.opened(link.id)
    host.hello(link.id, encode({"type": "hello", "token": token}), now + 2)
    return host, link


# -- the codes --------------------------------------------------------------------------------------
def test_a_hosts_code_carries_its_seat_a_random_token_and_the_offer():
    host = HostTable([1, 2])
    one, _ = host.new_code(1, 0)
    two, _ = host.new_code(2, 0)
    host.offer_made(one.id, OFFER)
    seat, token, offer = read_host_code(one.code)
    assert (seat, offer) == (1, OFFER) and token == one.token and len(token) >= 16
    assert one.token != two.token
    # Pasted from a chat: the spaces and line breaks a chat puts in are not the code's.
    assert read_host_code(" " + one.code[:10] + "\n" + one.code[10:] + " ") == (seat, token, offer)
    assert read_reply_code(reply_code(token, ANSWER)) == (token, ANSWER)


@pytest.mark.parametrize("text, words", [
    ("", "Paste or scan"),
    ("hello there", "not a host's code"),
    ("TT1R.abcdefghij.x", "This is a phone's reply, not a host's code"),
    ("TT1.x.abcdefghij.offer", "seat is damaged"),
    ("TT1.1.abc.offer", "token is damaged"),
    ("TT1.1.abcdefghij", "not a host's code"),
    ("TT1.1.abcdefghij.<script>", "characters a Thieves' Table code never has"),
    ("TT1.1.abcdefghij." + "A" * 3000, "characters a Thieves' Table code never has"),
])
def test_what_is_not_a_hosts_code_is_refused_in_words(text, words):
    with pytest.raises(BadCode, match=words):
        read_host_code(text)


def test_a_reply_is_taken_once_for_its_own_seat_before_it_expires():
    host = HostTable([1, 2])
    one, _ = host.new_code(1, 0)
    two, _ = host.new_code(2, 0)
    with pytest.raises(BadCode, match="no code yet"):
        host.reply(1, reply_code(one.token, ANSWER), 1)
    host.offer_made(one.id, OFFER)
    host.offer_made(two.id, OFFER)
    with pytest.raises(BadCode, match="for seat 3, not seat 2"):
        host.reply(1, reply_code(two.token, ANSWER), 1)
    with pytest.raises(BadCode, match="old code"):
        host.reply(1, reply_code("zzzzzzzzzzzz", ANSWER), 1)
    with pytest.raises(BadCode, match="expired"):
        host.reply(2, reply_code(two.token, ANSWER), CODE_LIFETIME_S + 1)
    assert host.reply(1, reply_code(one.token, ANSWER), 1).answer == ANSWER
    with pytest.raises(BadCode, match="answered already"):      # a second phone scanned the same code
        host.reply(1, reply_code(one.token, ANSWER), 2)


def test_a_phone_is_seated_by_its_token_once_and_a_second_phone_is_refused():
    host, link = seated()
    assert host.status(1) == "seated" and host.status(2) == "waiting"
    assert link.token == ""                                       # spent
    with pytest.raises(BadCode, match="already has a phone"):
        host.reply(1, reply_code("abcdefghijkl", ANSWER), 3)
    # A phone on another link that brings the wrong token, or none, is refused.
    other, _ = host.new_code(2, 0)
    host.offer_made(other.id, OFFER)
    token = other.token
    host.reply(2, reply_code(token, ANSWER), 1)
    host.opened(other.id)
    with pytest.raises(BadMessage, match="did not bring the code's token"):
        host.hello(other.id, encode({"type": "hello", "token": "nope"}), 2)
    with pytest.raises(BadMessage, match="not expected"):
        host.hello("h9-9", encode({"type": "hello", "token": token}), 2)


def test_a_phone_acts_for_its_own_seat_only_and_every_message_is_bounded():
    host, link = seated()
    assert host.action(link.id, encode({"type": "act", "action": {"type": "pass"}, "seat": 2})) == (1, {"type": "pass"})
    for text, words in [("x" * (MAX_FROM_PHONE + 1), "at most"), ("{", "not JSON"), ("[1]", "unknown kind"),
                        (encode({"type": "act", "action": "pass"}), "not one"),
                        (encode({"type": "act", "action": {"kind": 1}}), "not one"),
                        ("[" * 5000 + "]" * 5000, "at most")]:
        with pytest.raises(BadMessage, match=words):
            host.action(link.id, text)
    with pytest.raises(BadMessage, match="not seated"):
        host.action("h9-9", encode({"type": "act", "action": {"type": "pass"}}))
    host.lost(link.id, "away")
    assert host.status(1) == "away"
    with pytest.raises(BadMessage, match="not seated"):
        host.action(link.id, encode({"type": "act", "action": {"type": "pass"}}))


def test_a_phone_reads_only_a_well_formed_seat_message():
    game = pycore.GAMES["thievery"]
    state = game.new_game(seats=3, seed=1, options=dict(game.options))
    table = Table([Seat(["Ana"]), Seat(["Ben"], phone=True), Seat(bot="sharp")])
    good = seat_message(table.to_json(), 1, state.view(1), state.legal_actions(1))
    assert read_seat_message(read_message(encode(good), MAX_FROM_HOST, ("seat",)))["seat"] == 1
    for bad in [{**good, "extra": 1}, {**good, "seat": 2}, {**good, "view": {**good["view"], "game": "chess"}},
                {**good, "legal": [1]}, {**good, "table": [{"people": [], "bot": None}]},
                {**good, "view": {**good["view"], "to_act": [7]}}]:
        with pytest.raises(BadMessage):
            read_seat_message(bad)


# -- whole games through the protocol --------------------------------------------------------------------
PHONES = (1, 2)


def message_for(state, table: Table, seat: int) -> str:
    return encode(seat_message(table.to_json(), seat, state.view(seat), state.legal_actions(seat)))


def play_a_table_of_phones(game_id: str, seed: int, check_secrecy_every: int = 7) -> dict:
    """Seat 0 on the host device and seat 3 a bot (both Sharp bots, moved by the host), seats 1 and 2
    phones whose Novice bots decide from the messages alone; every action a phone sends is checked
    by the host and refereed by the engine."""
    game = pycore.GAMES[game_id]
    seats = max(4, game.min_seats) if game.max_seats >= 4 else game.max_seats
    table = Table([Seat(["Ana"]), Seat(["Ben"], phone=True), Seat(["Cy"], phone=True)]
                  + [Seat(bot="sharp") for _ in range(seats - 3)])
    state = game.new_game(seats=seats, seed=seed, options=dict(game.options))
    rng, host = random.Random(seed), HostTable(list(PHONES))
    links = {}
    for seat in PHONES:
        link, _ = host.new_code(seat, 0)
        host.offer_made(link.id, OFFER)
        _, token, _ = read_host_code(link.code)
        host.reply(seat, reply_code(token, ANSWER), 1)
        host.opened(link.id)
        host.hello(link.id, encode({"type": "hello", "token": token}), 2)
        links[seat] = link
    screens, sent, bytes_sent, refused = {}, {}, 0, 0
    for turn in range(20000):
        for seat in PHONES:                 # after every move: each phone's screen, when it changed
            text = message_for(state, table, seat)
            if text == sent.get(seat):
                continue
            sent[seat], bytes_sent = text, bytes_sent + len(text)
            message = read_seat_message(read_message(text, MAX_FROM_HOST, ("seat", "refused")))
            assert set(json.loads(text)) == SEAT_MESSAGE
            if seat in screens:
                screens[seat].told(message)
            else:
                screens[seat] = PhoneView(message, BOARDS[game_id], dict(settings.DEFAULTS), lambda action: None)
            assert 'data-testid="play"' in screens[seat].html()
            if turn % check_secrecy_every == 0:
                # What the phone is told depends on nothing its seat cannot see.
                other = resample(state, seat, random.Random(rng.random()))
                assert message_for(other, table, seat) == text, f"seat {seat} was told a secret"
        if state.is_over:
            break
        seat = state.to_act[0]
        if seat in PHONES:
            shown = screens[seat].play
            assert shown.legal() == state.legal_actions(seat)
            action = game.bots["novice"].choose(shown.view(), shown.legal(), rng)
            if rng.random() < 0.02:         # now and then a phone sends what is not a choice
                text = encode({"type": "act", "action": {"type": "steal-everything"}})
                link_seat, action_sent = host.action(links[seat].id, text)
                assert link_seat == seat
                with pytest.raises(pycore.IllegalAction):
                    state.apply(seat, action_sent)
                refused += 1
            link_seat, action = host.action(links[seat].id, encode({"type": "act", "action": action}))
            assert link_seat == seat
        else:
            action = game.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng)
        state.apply(seat, action)
    assert state.is_over, "the game did not end"
    replayed = pycore.replay(pycore.record(state))
    assert replayed.is_over and replayed.outcome == state.outcome
    assert all(screens[seat].play.state.is_over for seat in PHONES)
    return {"moves": len(state.history), "bytes": bytes_sent}


@pytest.mark.parametrize("game_id", list(pycore.GAMES))
def test_whole_games_at_a_table_of_phones_end_and_tell_each_phone_only_its_seat(game_id):
    for seed in (1, 2):
        played = play_a_table_of_phones(game_id, seed)
        assert played["moves"] > 0


def test_a_phone_sees_its_own_seat_as_here_and_everyone_else_elsewhere():
    table = Table([Seat(["Ana"]), Seat(["Ben"], phone=True), Seat(bot="sharp"), Seat(["Cy", "Di"])])
    mine = phone_table(table, 1)
    assert mine.person_seats == [1] and not mine.hot_seat and mine.bots() == [2]
    assert mine.names() == table.names()


def test_a_phone_keeps_no_copy_of_its_screen_for_a_relaunch():
    """The host's save is the game: a phone joining or playing stores nothing, not even the copy of
    its screen a relaunch paints first (last_screen.py)."""
    import sys
    from unittest import mock
    stand_ins = {name: mock.MagicMock() for name in ("js", "pyodide", "pyodide.ffi", "pyscript", "pyscript.ffi")}
    with mock.patch.dict(sys.modules, stand_ins):
        from frontend.shell import last_screen
        from frontend.shell.join_screen import JoinScreen

        class App:
            shown = JoinScreen(None)
        assert last_screen.what_to_keep(App()) == last_screen.NOTHING


def test_a_phones_hello_seats_it_even_before_the_page_says_the_link_opened():
    """The phone's first message may reach the host before the host's page tells of the open channel."""
    host = HostTable([1])
    link, _ = host.new_code(1, 0)
    host.offer_made(link.id, OFFER)
    token = link.token
    host.reply(1, reply_code(token, ANSWER), 1)
    host.hello(link.id, encode({"type": "hello", "token": token}), 2)
    assert host.status(1) == "seated"
    host.opened(link.id)                # the late "open" changes nothing
    assert host.status(1) == "seated"
