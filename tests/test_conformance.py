"""One conformance test for every game: thousands of random and bot games through the public
contract, at every seat count and option, checking the invariants every game must keep.

CONFORMANCE_SCALE (default 1) multiplies the number of games, for a longer soak:
    CONFORMANCE_SCALE=10 python -m pytest tests/test_conformance.py
"""
import json
import os
import random

import pytest

import pycore

SCALE = float(os.environ.get("CONFORMANCE_SCALE", "1"))


def thievery_tables():
    tables = []
    for hands in (3, 4, 5, 6):
        for powerups in (True, False):
            tables.append((hands, {"powerups": powerups}))
        tables.append((hands, {"bots": list(range(1, hands))}))
    tables.append((4, {"partnerships": True}))
    tables.append((4, {"partnerships": True, "bots": [1, 3]}))
    return tables


def guild_tables():
    tables = []
    for players in (2, 3, 4, 5, 8, 12, 16):
        tables.append((players, {}))
    for players in (2, 3, 6):
        tables.append((players, {"i_know_where_you_live": True}))
        tables.append((players, {"pen_and_paper": True}))
    for players in (2, 5, 17, 32):
        tables.append((players, {"double_deck": True}))
    tables.append((20, {"double_deck": True, "i_know_where_you_live": True, "pen_and_paper": True}))
    return tables


TABLES = {"thievery": thievery_tables(), "guild-of-thieves": guild_tables()}
# How many random games each table plays; the totals run into the thousands per game.
RANDOM_GAMES = {"thievery": 120, "guild-of-thieves": 60}
MAX_ACTIONS = 20000


def cases():
    for game_id, tables in TABLES.items():
        for seats, options in tables:
            yield pytest.param(game_id, seats, options,
                               id=f"{game_id}-{seats}-" + "-".join(f"{k}={v}" for k, v in options.items()))


def as_json(value):
    return json.loads(json.dumps(value))


def garbage_actions(state, rng, legal):
    """Actions that no game accepts, plus legal actions of a few seats with a value broken."""
    yield {}
    yield {"type": "no-such-move"}
    yield {"type": None, "x": [1, 2]}
    for seat in rng.sample(range(state.seats), min(4, state.seats)):
        if legal[seat]:
            action = dict(rng.choice(legal[seat]))
            for key in list(action):
                if isinstance(action[key], int) and not isinstance(action[key], bool):
                    yield {**action, key: 999}
                    yield {**action, key: "1"}
                    break


def check_step(game, state, rng, deep):
    """The invariants checked between actions (the deep ones on a sample of seats: big tables)."""
    if game.audit:
        game.audit(state)
    if not deep:
        return
    sample = sorted(set(rng.sample(range(state.seats), min(4, state.seats))) | set(state.to_act))
    for seat in [None, *sample]:
        view = state.view(seat)
        assert as_json(view) == view, f"view({seat}) is not plain JSON"
        if seat is not None and game.exchange_hidden:
            other = game.exchange_hidden(state, seat, random.Random(rng.random()))
            assert other.view(seat) == view, f"view({seat}) changed when hidden things moved"
    before = pycore.record(state)
    legal = {seat: state.legal_actions(seat) for seat in range(state.seats)}
    for action in garbage_actions(state, rng, legal):
        for seat in sample:
            if action in legal[seat]:
                continue
            with pytest.raises(pycore.IllegalAction):
                state.apply(seat, action)
    assert pycore.record(state) == before, "a refused action changed the game"
    for seat in state.to_act:
        assert legal[seat], f"seat {seat} is to act with nothing legal"
        assert as_json(legal[seat]) == legal[seat]


def play(game, state, choose, rng, deep_every, out_of_turn=lambda action: True):
    steps = 0
    while not state.is_over:
        assert steps < MAX_ACTIONS, "the game did not end"
        check_step(game, state, rng, deep=steps % deep_every == 0)
        to_act = state.to_act
        assert to_act, "nobody is to act in a game that is not over"
        # Now and then someone acts out of turn, where the game allows it (Trip the alarm ...).
        seats = list(to_act)
        if rng.random() < 0.05:
            seats = [s for s in range(state.seats) if s not in to_act
                     and any(out_of_turn(a) for a in state.legal_actions(s))] or seats
        seat = rng.choice(seats)
        action = choose(state, seat)
        state.apply(seat, action)
        steps += 1
    check_step(game, state, rng, deep=True)
    outcome = state.outcome
    assert set(outcome) >= {"winners", "scores"}
    assert all(0 <= s < state.seats for s in outcome["winners"])
    assert as_json(outcome) == outcome
    for seat in range(state.seats):
        assert state.legal_actions(seat) == []
    copy = pycore.replay(pycore.record(state))
    for seat in [None, *range(state.seats)]:
        assert copy.view(seat) == state.view(seat), "the record does not replay to the same game"
    return steps


@pytest.mark.parametrize("game_id,seats,options", list(cases()))
def test_random_games(game_id, seats, options):
    game = pycore.GAMES[game_id]
    # Big tables play fewer (and much longer) games: the total stays in the thousands.
    games = max(2, int(RANDOM_GAMES[game_id] * SCALE * min(1.0, 8 / seats)))
    for number in range(games):
        seed = 1000 * seats + number
        rng = random.Random(seed)
        state = game.new_game(seats=seats, seed=seed, options=options)
        assert game.new_game(seats=seats, seed=seed, options=options).view(None) == state.view(None)
        play(game, state, lambda s, seat: rng.choice(s.legal_actions(seat)), rng,
             deep_every=1 if number < 3 else 25)


@pytest.mark.parametrize("game_id", sorted(TABLES))
@pytest.mark.parametrize("level", ["novice", "sharp", "ruthless"])
def test_bot_games(game_id, level):
    """Bots see only their seat's view and always choose a legal action."""
    game = pycore.GAMES[game_id]
    games = max(2, int({"novice": 40, "sharp": 30, "ruthless": 12}[level] * SCALE))
    tables = TABLES[game_id]
    levels = ["novice", "sharp", "ruthless"]
    for number in range(games):
        seats, options = tables[number % len(tables)]
        rng = random.Random(number)
        state = game.new_game(seats=seats, seed=number, options=options)
        # Half the tables are all this level; the others mix it with the other levels.
        lineup = [level if number % 2 == 0 or s % 3 == 0 else levels[(s + number) % 3] for s in range(seats)]

        def choose(state, seat):
            legal = state.legal_actions(seat)
            action = game.bots[lineup[seat]].choose(state.view(seat), legal, rng)
            assert action in legal, f"{lineup[seat]} chose an illegal action {action}"
            return action

        # Bots act out of turn only for the game (Trip the alarm), never to give up their seat.
        play(game, state, choose, rng, deep_every=40, out_of_turn=lambda a: a.get("type") != "take_over")


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_bad_records(game_id):
    game = pycore.GAMES[game_id]
    seats, options = TABLES[game_id][0]
    state = game.new_game(seats=seats, seed=5, options=options)
    rng = random.Random(5)
    for _ in range(10):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    good = json.loads(pycore.record(state))
    assert pycore.replay(json.dumps(good)).view(None) == state.view(None)
    bad = [
        "not json at all {",
        json.dumps([1, 2, 3]),
        json.dumps({**good, "game": "chess"}),
        json.dumps({**good, "engine": "0.0"}),
        json.dumps({k: v for k, v in good.items() if k != "seed"}),
        json.dumps({**good, "seats": 99}),
        json.dumps({**good, "actions": good["actions"] + [[0, {"type": "no-such-move"}]]}),
        json.dumps({**good, "actions": [good["actions"][0]] * 50}),
        json.dumps({**good, "actions": [["x"]]}),
    ]
    for text in bad:
        with pytest.raises(pycore.BadRecord) as error:
            pycore.replay(text)
        assert str(error.value), "a BadRecord must say why"


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_contract_names(game_id):
    game = pycore.GAMES[game_id]
    assert game.id == game_id and game.title
    assert 1 <= game.min_seats <= game.max_seats
    assert set(game.bots) == {"novice", "sharp", "ruthless"}
    assert all(callable(bot.choose) for bot in game.bots.values())
    with pytest.raises(ValueError):
        game.new_game(seats=game.min_seats - 1, seed=1)
    with pytest.raises(ValueError):
        game.new_game(seats=game.min_seats, seed=1, options={"no_such_option": True})
    state = game.new_game(seats=game.min_seats, seed=1)
    assert state.clone().view(None) == state.view(None)
    assert state.outcome is None and not state.is_over
