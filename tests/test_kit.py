"""The kit every game stands on: the event log, the move table, resample."""
import random

import pytest

import pycore
from pycore.kit import EventLog, Move, MoveTable, resample, same_action


def test_the_log_hands_out_copies_and_keeps_private_entries_private():
    log = EventLog()
    given = log.add({"type": "dues", "by": 0}, {0: {"type": "dues", "by": 0, "paid": ["2C", "3C"]}})
    given["by"] = 5
    mine = log.for_seat(0)
    mine[0]["paid"].append("JK")
    assert log.for_seat(0) == [{"type": "dues", "by": 0, "paid": ["2C", "3C"]}]
    assert log.for_seat(1) == log.for_seat(None) == [{"type": "dues", "by": 0}]
    clone = log.copy()
    clone.add({"type": "turn"})
    assert len(log) == 1 and len(clone) == 2


def test_strict_sameness_of_actions():
    assert same_action({"order": [1, 0]}, {"order": [1, 0]})
    assert not same_action({"agree": 1}, {"agree": True})
    assert not same_action({"order": [True, 0]}, {"order": [1, 0]})
    assert not same_action({"rank": 1.0}, {"rank": 1})


class Lamp:
    def __init__(self):
        self.on = False


def switch(lamp, seat, action):
    lamp.on = action["on"]


def test_a_move_table_accepts_exactly_the_legal_choices():
    table = MoveTable("Lamps", {"switch": Move(
        ("on",), lambda lamp, seat: [{"on": not lamp.on}] if seat == 0 else [], switch,
        lambda lamp, seat, action: "only seat 1 switches the lamp" if seat else None)})
    lamp = Lamp()
    assert table.legal(lamp, 0) == [{"type": "switch", "on": True}]
    with pytest.raises(pycore.IllegalAction, match="only seat 1"):
        table.apply(lamp, 1, {"type": "switch", "on": True})
    with pytest.raises(pycore.IllegalAction, match="not allowed now"):   # a refusal without words
        table.apply(lamp, 0, {"type": "switch", "on": False})
    with pytest.raises(pycore.IllegalAction, match="has no colour"):
        table.apply(lamp, 0, {"type": "switch", "on": True, "colour": "red"})
    with pytest.raises(pycore.IllegalAction, match="no action 'dim' in Lamps"):
        table.apply(lamp, 0, {"type": "dim"})
    assert not lamp.on
    table.apply(lamp, 0, {"type": "switch", "on": True})
    assert lamp.on


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_resample_leaves_the_original_alone(game_id):
    game = pycore.GAMES[game_id]
    state = game.new_game(seats=game.min_seats + 1, seed=3)
    rng, bot = random.Random(3), game.bots["novice"]
    while len(state.history) < 40 and not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bot.choose(state.view(seat), state.legal_actions(seat), rng))
    record = pycore.record(state)
    views = [state.view(seat) for seat in range(state.seats)]
    for seat in range(state.seats):
        other = resample(state, seat, random.Random(seat))
        assert other.view(seat) == views[seat]
    assert pycore.record(state) == record
    assert [state.view(seat) for seat in range(state.seats)] == views


def test_thievery_resample_deals_unseen_cards_afresh():
    # Over many resamples every hidden card of a colour turns up in other places.
    game = pycore.GAMES["thievery"]
    state = game.new_game(seats=3, seed=4, options={"powerups": False})
    for seat in range(3):
        state.apply(seat, state.legal_actions(seat)[0])
    hidden = state.hidden_from(0)
    moved = set()
    for number in range(30):
        other = resample(state, 0, random.Random(number))
        moved |= {spot for spot in hidden if other.rows[spot[0]][spot[1]] != state.rows[spot[0]][spot[1]]}
        game.audit(other)
    assert len(moved) > len(hidden) // 2
