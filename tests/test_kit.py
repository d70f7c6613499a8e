"""The kit every game stands on: the event log, the move table, resample."""
import random
from pathlib import Path

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


# -- damaged records, long inputs, seeds (issue 18) ---------------------------------------------
DEEP = "[" * 990 + "0" + "]" * 990    # 990 levels of nesting, as JSON text


def deep(levels):
    """A value nested ``levels`` deep, built without recursion."""
    value = 0
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize("text", ["[" * 100000, "{\"a\":" * 100000, DEEP])
def test_a_record_nested_too_deep_is_a_bad_record(text):
    with pytest.raises(pycore.BadRecord):
        pycore.replay(text)


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_every_damaged_record_raises_bad_record(game_id):
    import json
    game = pycore.GAMES[game_id]
    seats = game.seat_range()[0]
    state = game.new_game(seats=seats, seed=5)
    good = json.loads(pycore.record(state))
    seat = state.to_act[0]
    action = dict(state.legal_actions(seat)[0])
    field = next((key for key in action if key != "type"), "type")
    damaged = [
        {**good, "actions": [[seat, {**action, field: "DEEP"}]]},
        {**good, "actions": [["DEEP", action]]},
        {**good, "options": {"x": "DEEP"}},
        {**good, "seed": "DEEP"},
        {**good, "actions": [[seat, {**action, field: "x" * 100000}]]},
        {**good, "actions": [[seat, {**action, field: list(range(100000))}]]},
    ]
    for record in damaged:
        text = json.dumps(record).replace('"DEEP"', DEEP)
        with pytest.raises(pycore.BadRecord) as error:
            pycore.replay(text)
        assert len(str(error.value)) < 600, "a bad record's reason repeats its input"
    with pytest.raises(pycore.IllegalAction, match="too deep"):
        state.apply(seat, {**action, field: deep(990)})


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_a_refusal_never_repeats_a_long_input_back(game_id):
    # RULINGS, common: "A refusal names what was wrong in a few words; it never repeats a long
    # input back."
    game = pycore.GAMES[game_id]
    state = game.new_game(seats=game.seat_range()[0], seed=2)
    rng = random.Random(2)
    for _ in range(12):     # a little way into the game, where more moves are open
        seat = state.to_act[0]
        state.apply(seat, game.bots["novice"].choose(state.view(seat), state.legal_actions(seat), rng))
    record = pycore.record(state)
    seat = state.to_act[0]
    long_text, long_list = "x" * 100000, list(range(100000))
    attempts = [{"type": long_text}, {"type": long_list}, {**{str(n): n for n in range(100000)}, "type": "x"}]
    for action in state.legal_actions(seat)[:5]:
        attempts.append({**action, **{str(n): n for n in range(1000)}})
        for key in action:
            if key != "type":
                attempts += [{**action, key: long_text}, {**action, key: long_list},
                             {**action, key: {str(n): n for n in range(100000)}}]
    for action in attempts:
        with pytest.raises(pycore.IllegalAction) as refusal:
            state.apply(seat, action)
        assert 0 < len(str(refusal.value)) <= 250, str(refusal.value)[:300]
    assert pycore.record(state) == record
    with pytest.raises(pycore.IllegalAction) as refusal:
        state.apply(long_text, {"type": "x"})
    assert len(str(refusal.value)) <= 250


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_seeds_up_to_2_to_the_63_deal_and_replay(game_id):
    """Common rulings: "A new game with the same game, seats, options and seed deals exactly the
    same way."  New tables draw 53 bits and more; the engines take seeds up to 2**63."""
    game = pycore.GAMES[game_id]
    seats = game.seat_range()[0]
    for seed in (2 ** 53 + 1, 2 ** 63 - 1, 2 ** 63):
        state = game.new_game(seats=seats, seed=seed)
        assert game.new_game(seats=seats, seed=seed).view(None) == state.view(None)
        assert pycore.replay(pycore.record(state)).view(None) == state.view(None)
        assert state.rng.getstate() != game.new_game(seats=seats, seed=seed + 1).rng.getstate() or \
            state.view(None) != game.new_game(seats=seats, seed=seed + 1).view(None)
    # The seed is the generator's: a given seed deals as it always has.
    assert game.new_game(seats=seats, seed=2 ** 63).seed == 2 ** 63
    fresh = random.Random(2 ** 63)
    assert type(game.new_game(seats=seats, seed=2 ** 63).rng) is random.Random
    assert fresh.random() == random.Random(2 ** 63).random()


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_resample_gives_the_copy_a_future_of_its_own(game_id):
    # A resampled copy must not foresee the real dice, draws and reshuffles.
    game = pycore.GAMES[game_id]
    state = game.new_game(seats=game.seat_range()[0], seed=4)
    before = state.rng.getstate()
    copies = [resample(state, state.to_act[0], random.Random(n)) for n in range(5)]
    assert state.rng.getstate() == before
    assert all(other.rng.getstate() != before for other in copies)
    assert len({other.rng.random() for other in copies}) == 5
    again = resample(state, state.to_act[0], random.Random(0))
    assert again.rng.getstate() == resample(state, state.to_act[0], random.Random(0)).rng.getstate()


def test_the_errors_are_one_class_wherever_they_are_imported_from():
    """Checked in a Python of its own: pytest's doctest collection imports pycore/kit/errors.py by
    its path a second time, which would make two classes here whatever the package does."""
    import subprocess
    import sys
    check = """
import pycore, pycore.core, pycore.kit, pycore.kit.errors
for name in ("IllegalAction", "BadRecord", "shown"):
    found = {id(getattr(module, name)) for module in (pycore.core, pycore.kit, pycore.kit.errors)}
    assert len(found) == 1, name
assert pycore.IllegalAction is pycore.kit.errors.IllegalAction
assert pycore.BadRecord is pycore.kit.errors.BadRecord
"""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", check], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_every_games_ruthless_bot_gives_the_hint():
    """The play menu's hint asks the Ruthless bot to advise, in every game, with no fallback."""
    for game in pycore.GAMES.values():
        state = game.new_game(seats=game.min_seats + 1 if game.min_seats < 2 else game.min_seats, seed=3)
        seat = state.to_act[0]
        advice = game.bots["ruthless"].advise(state.view(seat), state.legal_actions(seat), random.Random(1))
        assert advice["action"] in state.legal_actions(seat) and advice["why"], game.id
