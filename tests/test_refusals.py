"""Refusals: ``state.why_not`` says what ``apply`` would, and no refusal repeats a long input."""
import random

import pytest

import pycore
from frontend.boards import BOARDS
from frontend.shell.play import Play
from frontend.shell.save_store import Save
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
    engine = state.why_not(0, wrong)
    assert engine and play.why_not(wrong) == engine[0].upper() + engine[1:] + "."
    assert play.why_not(state.legal_actions(0)[0]) == ""
    # The engine knows hands by number; the screen says the names (issue 36).
    for seat in range(3):
        state.apply(seat, state.legal_actions(seat)[0])
    not_yours = {"type": "guess", "hand": 0, "index": 0, "rank": 2}
    play.conductor.viewer = 1
    assert state.why_not(1, not_yours) == "it is hand 1's turn, not hand 2's"
    assert play.why_not(not_yours) == "It is P0's turn, not P1's."
    play.conductor.viewer = None
    assert play.why_not(wrong) == "Nothing is yours to choose on this screen just now."
    assert play.why_not(wrong, "Ann's card") == "Ann's card"


# RULINGS, common: "A refusal names what was wrong in a few words; it never repeats a long input
# back."  Each long input, and the text a careless message would quote it by.
LONG_TEXT = "".join(chr(ord("a") + (i * 7) % 26) for i in range(1000))
HUGE_INT = 7 ** 2000
NESTED = [[list(range(100)), [LONG_TEXT[:300]]]]
LONG_INPUTS = {"long text": (LONG_TEXT, LONG_TEXT), "huge int": (HUGE_INT, str(HUGE_INT)),
               "nested list": (NESTED, repr(NESTED))}
LONGEST_QUOTE = 40


def longest_quote(message: str, text: str) -> int:
    """The longest run of ``text`` that ``message`` repeats."""
    longest = 0
    for start in range(len(message)):
        while start + longest < len(message) and message[start:start + longest + 1] in text:
            longest += 1
    return longest


def test_longest_quote_finds_the_longest_run():
    assert longest_quote("there is no hand 'abcdef'", "xxabcdefyy") == 6
    assert longest_quote("nothing", "xyz") == 0


def with_every_power(state):
    """A Thievery state in which the hand to guess holds every power-up (random play seldom draws
    one, and a power-up's fields are checked only once it is held)."""
    if state.game.id == "thievery" and state.phase == "guessing" and not state.showing:
        state = state.clone()
        state.held[state.turn] = list(pycore.thievery.POWERS)
    return state


def move_samples(game_id: str) -> dict:
    """{move type: [(state, seat, a legal action of it)]} along random games, a few of each; a
    move never legal there gets the first state with its fields set to 0."""
    samples = {}
    first = None
    for state in random_states(game_id, games=3, actions=120):
        first = first or state.clone()
        state = with_every_power(state)
        for seat in range(state.seats):
            for action in state.legal_actions(seat):
                # Each power-up has fields of its own: it counts as a move of its own here.
                kind = action["type"] if action["type"] != "power" else f"power {action['power']}"
                found = samples.setdefault(kind, [])
                if len(found) < 3:
                    found.append((state.clone(), seat, action))
    for kind, move in first.moves.moves.items():
        if kind not in samples:
            fields = move.fields if not callable(move.fields) else ()
            samples[kind] = [(first, 0, {"type": kind, **{name: 0 for name in fields}})]
    return samples


def refusal_cases():
    for game_id in sorted(pycore.GAMES):
        for kind, found in move_samples(game_id).items():
            names = sorted({name for _, _, action in found for name in action if name != "type"})
            for name in names:
                yield game_id, kind, name, found


CASES = list(refusal_cases())


@pytest.mark.parametrize("game_id,kind,field,found", CASES,
                         ids=[f"{g}-{k}-{f}" for g, k, f, _ in CASES])
def test_a_long_input_in_any_field_is_refused_without_being_repeated(game_id, kind, field, found):
    for state, seat, action in found:
        if field not in action:
            continue
        for label, (value, text) in LONG_INPUTS.items():
            wrong = {**action, field: value}
            with pytest.raises(pycore.IllegalAction) as refused:
                state.clone().apply(seat, wrong)
            message = str(refused.value)
            assert longest_quote(message, text) <= LONGEST_QUOTE, \
                f"{label} in {field}: {message!r}"
            assert state.why_not(seat, wrong) == message


def test_every_move_of_every_game_is_tried_with_long_inputs():
    tried = {(game_id, kind.split()[0]) for game_id, kind, _, _ in CASES}
    assert sum(kind.startswith("power ") for game_id, kind, _, _ in CASES) >= 2 * len(pycore.thievery.POWERS)
    for game_id, game in pycore.GAMES.items():
        state = game.new_game(seats=game.min_seats if game.min_seats > 1 else 2, seed=0)
        for kind, move in state.moves.moves.items():
            if callable(move.fields) or move.fields:
                assert (game_id, kind) in tried, f"{game_id}: {kind} is never tried"
