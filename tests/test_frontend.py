"""The frontend's pure Python, in CPython: names, saves, hand-overs, and the screens' secrecy (a
board drawn for a seat is the same HTML when cards hidden from that seat are exchanged)."""
import json
import random

import pytest

import pycore
from frontend.play import Play
from frontend.saves import BadSave, Entry, Save, SaveStore
from frontend.table import Conductor, Seat, Table, check_name
from frontend.thievery import ThieveryScreen

SCREENS = {"thievery": ThieveryScreen()}


class DictStorage(dict):
    def set(self, key, value):
        self[key] = value

    def remove(self, key):
        self.pop(key, None)


def test_names_are_one_to_twenty_characters():
    assert check_name("  Ana  ") == "Ana"
    assert check_name("x" * 20) == "x" * 20
    for bad in ("", "   ", "x" * 21, None):
        with pytest.raises(ValueError) as error:
            check_name(bad)
        assert "character" in str(error.value)


def test_seats_hold_one_or_two_people_or_a_bot():
    Seat.from_json({"people": ["Ana", "Ben"], "bot": None})
    for bad in ({"people": [], "bot": None}, {"people": ["A", "B", "C"], "bot": None},
                {"people": ["Ana"], "bot": "sharp"}, {"people": [], "bot": "genius"}):
        with pytest.raises(ValueError):
            Seat.from_json(bad)


def test_bots_get_distinct_names():
    table = Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(bot="sharp"), Seat(bot="novice")])
    names = table.names()
    assert len(set(names)) == 4 and names[0] == "Ana"
    assert table.kind(1) == "Sharp bot" and table.kind(0) == ""


def test_saves_round_trip_and_a_bad_one_stays_apart():
    store = SaveStore(DictStorage())
    state = pycore.GAMES["thievery"].new_game(seats=3, seed=2, options={"bots": [1, 2]})
    table = Table([Seat(["Ana"]), Seat(bot="novice"), Seat(bot="sharp")])
    store.put(Save("one", "thievery", table, state, 1, 2))
    store.storage.set("thieves-table:save:two", "{broken")
    store.storage.set("thieves-table:save:three", json.dumps({"format": 99}))
    store.storage.set("unrelated", "x")
    found = dict(store.listing().entries)
    assert isinstance(found["one"], Entry) and store.load("one").state.view(None) == state.view(None)
    assert isinstance(found["two"], BadSave) and "damaged" in str(found["two"])
    assert isinstance(found["three"], BadSave) and "version" in str(found["three"])
    with pytest.raises(BadSave):
        store.load("missing")
    store.remove("two")
    assert "two" not in dict(store.listing().entries)


class Step:
    def __init__(self, state):
        self.state = state


def test_hand_overs_cover_only_between_people():
    game = pycore.GAMES["thievery"]
    solo = Table([Seat(["Ana"]), Seat(bot="novice"), Seat(bot="novice")])
    conductor = Conductor(solo)
    state = game.new_game(seats=3, seed=1, options={"bots": [1, 2]})
    step = conductor.next_step(state)
    assert step.kind == "bot" and conductor.viewer == 0    # solo: your own cards stay in view
    hot = Table([Seat(["Ana"]), Seat(["Ben"]), Seat(bot="novice")])
    conductor = Conductor(hot)
    state = game.new_game(seats=3, seed=1, options={"bots": [2]})
    assert conductor.next_step(state).kind == "bot" and conductor.viewer is None
    state.apply(2, state.legal_actions(2)[0])
    step = conductor.next_step(state)
    assert step.kind == "cover" and step.seat == 0 and conductor.viewer is None
    conductor.uncover(0)
    assert conductor.next_step(state).kind == "person"
    state.apply(0, state.legal_actions(0)[0])
    step = conductor.next_step(state)
    assert step.kind == "cover" and step.seat == 1 and conductor.viewer is None
    assert conductor.cover_text(1) == ("Ben", "Ben")
    pair = Table([Seat(["Cy", "Dee"]), Seat(["Ben"]), Seat(bot="novice")])
    assert Conductor(pair).cover_text(0) == ("Cy or Dee", "Cy & Dee")


def boards(play, state, seat):
    play.conductor.viewer = seat
    play.ui = play.screen.new_ui()
    html = play.screen.board(play)
    log = [play.screen.describe(event, play.names, seat) for event in state.view(seat)["log"]]
    return html, log


@pytest.mark.parametrize("seats,options", [(3, {}), (4, {"partnerships": True}), (5, {"powerups": True}),
                                           (6, {"powerups": True})])
def test_thievery_screens_show_only_the_view(seats, options):
    """Drawn for a seat, the board and log do not change when cards hidden from it are exchanged."""
    game = pycore.GAMES["thievery"]
    screen = SCREENS["thievery"]
    for number in range(3):
        rng = random.Random(number)
        state = game.new_game(seats=seats, seed=number, options=options)
        table = Table([Seat([f"P{i}"]) for i in range(seats)])
        steps = 0
        while not state.is_over:
            if steps % 3 == 0:
                play = Play(Save("t", "thievery", table, state, 0, 0), screen)
                for seat in [None, *range(seats)]:
                    html, log = boards(play, state, seat)
                    assert all(isinstance(line, str) and line for line in log), log
                    if seat is not None:
                        other = game.exchange_hidden(state, seat, random.Random(steps))
                        play_other = Play(Save("t", "thievery", table, other, 0, 0), screen)
                        assert boards(play_other, other, seat) == (html, log)
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        play = Play(Save("t", "thievery", table, state, 0, 0), screen)
        assert "The round is over" in boards(play, state, 0)[0]


def test_thievery_taps_become_legal_actions():
    """Every tap the board offers leads to an action the engine accepts."""
    game = pycore.GAMES["thievery"]
    screen = SCREENS["thievery"]
    state = game.new_game(seats=5, seed=3, options={"powerups": True})
    table = Table([Seat([f"P{i}"]) for i in range(5)])
    play = Play(Save("t", "thievery", table, state, 0, 0), screen)
    for seat in range(5):
        play.conductor.viewer = seat
        play.ui = screen.new_ui()
        screen.board(play)
        assert screen.on(play, "auto-sort", {}) is None
        action = screen.on(play, "lock-in", {})
        assert play.act(seat, action), play.error
    seat = state.to_act[0]
    play.conductor.viewer = seat
    play.ui = screen.new_ui()
    target = next(a for a in state.legal_actions(seat) if a["type"] == "guess")
    screen.on(play, "pick-card", {"hand": str(target["hand"]), "index": str(target["index"])})
    assert "rank-pad" in screen.board(play)
    action = screen.on(play, "guess", {"rank": str(target["rank"])})
    assert action in state.legal_actions(seat)
    assert play.act(seat, action)
    assert play.banner and "guessed" in play.banner[0]
