"""Refusals: ``state.why_not`` says what ``apply`` would, and no refusal repeats a long input."""
import random

import pytest

import pycore
from frontend.boards import BOARDS
from frontend.shell.play import Play
from frontend.shell.saves import Save
from frontend.shell.table import Seat, Table


def variants(action: dict, legal: list) -> list:
    """Actions near a legal one: each field changed (to another legal action's value, a number
    out of range, a word), a field missing, one too many, an unknown type."""
    near = [{"type": "no_such_move"}, {**action, "extra": 1}]
    for name, value in action.items():
        if name == "type":
            continue
        near.append({key: item for key, item in action.items() if key != name})
        for other in legal:
            if other["type"] == action["type"] and other.get(name) != value:
                near.append({**action, name: other[name]})
                break
        near += [{**action, name: 97}, {**action, name: "nope"}, {**action, name: [value, value]},
                 {**action, name: True}]
    return near


def random_states(game_id: str, games: int = 2, actions: int = 40):
    """States along a few random games at the game's first two conformance tables."""
    game = pycore.GAMES[game_id]
    rng = random.Random(game_id)
    for seats, options in game.conformance[:2]:
        for number in range(games):
            state = game.new_game(seats=seats, seed=number, options=options)
            for _ in range(actions):
                if state.is_over:
                    break
                yield state
                seat = rng.choice(state.to_act)
                state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_why_not_says_exactly_what_apply_would_and_changes_nothing(game_id):
    rng = random.Random(1)
    checked = 0
    for state in random_states(game_id):
        before = pycore.record(state), state.view(None)
        for seat in range(state.seats):
            legal = state.legal_actions(seat)
            for action in rng.sample(legal, min(3, len(legal))):
                assert state.why_not(seat, action) is None
                for other in variants(action, legal):
                    reason = state.why_not(seat, other)
                    try:
                        state.clone().apply(seat, other)
                    except pycore.IllegalAction as refusal:
                        assert reason == str(refusal), other
                        checked += 1
                    else:
                        assert reason is None, other
        assert state.why_not(state.seats, {"type": "x"}) == f"there is no seat {state.seats} at this table"
        assert state.why_not(0, ["not", "a", "dict"]) == "an action is a dict, not list"
        assert (pycore.record(state), state.view(None)) == before
    assert checked > 100


def test_why_not_at_the_end_says_the_game_is_over():
    game = pycore.GAMES["master-thieves"]
    state = game.new_game(seats=2, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, game.bots["novice"].choose(state.view(seat), state.legal_actions(seat), rng))
    assert state.why_not(0, {"type": "end_turn"}) == "the game is over"


def test_the_screen_explains_an_unavailable_choice_in_the_engines_words():
    state = pycore.GAMES["thievery"].new_game(seats=3, seed=2)
    play = Play(Save("t", "thievery", Table([Seat([f"P{i}"]) for i in range(3)]), state, 0, 0),
                BOARDS["thievery"])
    play.conductor.viewer = 0
    wrong = {"type": "lock_in", "order": [0, 0, 1]}
    assert play.why_not(wrong) == state.why_not(0, wrong) != ""
    assert play.why_not(state.legal_actions(0)[0]) == ""
    play.conductor.viewer = None
    assert play.why_not(wrong) == ""
