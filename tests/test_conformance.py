"""One conformance test for every game in pycore.GAMES: random and bot games through the public
contract on every table each game lists in its CONFORMANCE, checking the invariants every game
must keep (cards and coins conserved, secrets kept through resample, records replay).

A test run plays one random game a table and a bot game a table (every table, every level); the
soak, ``python build.py bench --only soak``, plays thousands with these same functions and checks.
Each (game, table) is its own test case, so pytest-xdist spreads them over the cores.
CONFORMANCE_SCALE (default 1) multiplies the number of games of a test run:
    CONFORMANCE_SCALE=10 python -m pytest tests/test_conformance.py
"""
import json
import os
import random

import pytest

import pycore
from pycore.core import shown
from pycore.kit import resample
from pycore.kit.moves import same_action

SCALE = float(os.environ.get("CONFORMANCE_SCALE", "1"))
HEADER = ["game", "seat", "seats", "phase", "to_act", "log", "outcome"]
# How many random games each table plays on a test run (every table, one game: the test command
# keeps within its 15 minutes), and in the soak (python build.py bench --only soak, which .ci/run
# runs after the tests: thousands of games a game, the same checks).
RANDOM_GAMES = {"thievery": 1, "guild-of-thieves": 1, "thieves-of-eldris": 1, "master-thieves": 1,
                "twelve-thieves": 1}
SOAK_RANDOM_GAMES = {"thievery": 60, "guild-of-thieves": 40, "thieves-of-eldris": 10, "master-thieves": 8,
                     "twelve-thieves": 40}
# Bot games: a test run gives every table a bot game (the levels take the tables in turn, at
# least two games a level); the soak plays this many games a level over the tables.
SOAK_BOT_GAMES = {"novice": 32, "sharp": 24, "ruthless": 12}
LEVELS = ["novice", "sharp", "ruthless"]
MAX_ACTIONS = 20000


def table_cases():
    for game_id, game in sorted(pycore.GAMES.items()):
        for seats, options in game.conformance:
            yield pytest.param(game_id, seats, options,
                               id=f"{game_id}-{seats}-" + "-".join(f"{k}={v}" for k, v in options.items()))


def as_json(value):
    return json.loads(json.dumps(value))


def names_of(state):
    return [f"Seat {seat + 1}" for seat in range(state.seats)]


def garbage_actions(state, rng, legal):
    """Actions that no game accepts, plus legal actions of a few seats with a value broken."""
    yield {}
    yield {"type": "no-such-move"}
    yield {"type": None, "x": [1, 2]}
    for seat in rng.sample(range(state.seats), min(4, state.seats)):
        if legal[seat]:
            action = dict(rng.choice(legal[seat]))
            for key in list(action):
                value = action[key]
                if isinstance(value, int) and not isinstance(value, bool):
                    yield {**action, key: 999}
                    yield {**action, key: "1"}
                    yield {**action, key: bool(value)}
                    break
                if isinstance(value, str) and key != "type":
                    yield {**action, key: value + "?"}
                    break


def check_view(game, state, seat, rng, bot=None):
    """The view is plain JSON, starts with the header, has words for every event, and does not
    change when what the seat cannot see is dealt afresh; a bot decides the same way on both."""
    view = state.view(seat)
    assert as_json(view) == view, f"view({seat}) is not plain JSON"
    assert list(view)[:len(HEADER)] == HEADER, f"view({seat}) does not start with the header"
    assert view["game"] == game.id and view["seat"] == seat and view["seats"] == state.seats
    assert view["to_act"] == list(state.to_act) and view["outcome"] == state.outcome
    if seat is None:
        if view["log"]:
            view["log"][-1]["type"] = "changed by a caller"
            assert state.view(seat)["log"] != view["log"], "a view's log reaches into the game's log"
        return
    other = resample(state, seat, random.Random(rng.random()))
    if game.audit:
        game.audit(other)
    assert other.view(seat) == view, f"view({seat}) changed when hidden things were dealt afresh"
    assert other.rng.getstate() != state.rng.getstate(), "a resampled copy foresees the real dice and draws"
    legal = state.legal_actions(seat)
    assert other.legal_actions(seat) == legal, f"seat {seat}'s legal actions tell what it cannot see"
    if bot is not None and legal:
        seed = rng.random()
        chosen = bot.choose(view, legal, random.Random(seed))
        assert bot.choose(other.view(seat), other.legal_actions(seat), random.Random(seed)) == chosen


RESAMPLES = 40


def check_hidden(game, state, rng):
    """Everything a seat cannot see and its view leaves open is dealt afresh: over many resamples
    each hidden item (the game names them: game.hidden) takes more than one value, so no sample
    keeps the real one (the combination, a face-down lock, the Joker, another hand ...)."""
    if state.is_over:
        return
    seat = rng.randrange(state.seats)
    items = game.hidden(state, seat)
    values = {name: set() for name in items}
    for _ in range(RESAMPLES):
        other = resample(state, seat, random.Random(rng.random()))
        for name, value in game.hidden(other, seat).items():
            if name in values:
                values[name].add(json.dumps(value))
        if all(len(seen) > 1 for seen in values.values()):
            break       # every hidden item has moved: more resamples cannot fail the check
    fixed = [name for name, seen in values.items() if len(seen) < 2]
    assert not fixed, f"seat {seat}'s resamples always hold the real {', '.join(fixed)}"


def check_step(game, state, rng, deep, bots=None):
    """The invariants checked between actions (the deep ones on a sample of seats: big tables)."""
    if game.audit:
        game.audit(state)
    if not deep:
        return
    sample = sorted(set(rng.sample(range(state.seats), min(4, state.seats))) | set(state.to_act))
    check_view(game, state, None, rng)
    for seat in sample:
        check_view(game, state, seat, rng, bots[seat] if bots else None)
    before = pycore.record(state)
    legal = {seat: state.legal_actions(seat) for seat in range(state.seats)}
    for action in garbage_actions(state, rng, legal):
        for seat in sample:
            if action in legal[seat] and all(type(action[k]) is type(a[k]) for a in legal[seat]
                                             if a == action for k in a):
                continue
            with pytest.raises(pycore.IllegalAction) as refused:
                state.apply(seat, action)
            assert str(refused.value), "a refusal must say why"
    assert pycore.record(state) == before, "a refused action changed the game"
    for seat in state.to_act:
        assert legal[seat], f"seat {seat} is to act with nothing legal"
        assert as_json(legal[seat]) == legal[seat]
    # Every legal action is accepted (on a clone, a few of them).
    for seat in sample:
        for action in rng.sample(legal[seat], min(2, len(legal[seat]))):
            state.clone().apply(seat, action)


# A long game is checked deeply at its pace for this many steps, then every LATER_EVERY steps (the
# soak: at its pace for 600 steps, then every 25): a big Guild table's every step costs a lot, and
# the test run keeps within its 15 minutes (the soak plays the long games deeply).
DEEP_STEPS, LATER_EVERY = 10, 45
SOAK_PACE = {"deep_steps": 600, "later_every": 25}


def play(game, state, choose, rng, deep_every, out_of_turn=lambda action: True, bots=None,
         deep_steps=DEEP_STEPS, later_every=LATER_EVERY):
    steps = 0
    while not state.is_over:
        assert steps < MAX_ACTIONS, "the game did not end"
        if steps == deep_steps:
            deep_every = max(deep_every, later_every)
        check_step(game, state, rng, deep=steps % deep_every == 0, bots=bots)
        if steps % (10 * deep_every) == 3:
            check_hidden(game, state, rng)
        to_act = state.to_act
        assert to_act, "nobody is to act in a game that is not over"
        # Now and then someone acts out of turn, where the game allows it (Trip the alarm ...).
        seats = list(to_act)
        if rng.random() < 0.05:
            seats = [s for s in range(state.seats) if s not in to_act
                     and any(out_of_turn(a) for a in state.legal_actions(s))] or seats
        seat = rng.choice(seats)
        action = choose(state, seat)
        events = state.apply(seat, action)
        if steps % deep_every == 0:   # the caller's copies: changing them changes nothing in the game
            for event in events:
                event["type"] = "changed by a caller"
            assert all(e["type"] != "changed by a caller" for e in state.view(None)["log"][-len(events) - 5:])
        steps += 1
    check_step(game, state, rng, deep=True, bots=bots)
    outcome = state.outcome
    assert set(outcome) >= {"winners", "scores"}
    assert all(0 <= s < state.seats for s in outcome["winners"])
    assert as_json(outcome) == outcome
    for seat in range(state.seats):
        assert state.legal_actions(seat) == []
    copy = pycore.replay(pycore.record(state))
    names = names_of(state)
    for seat in [None, *range(state.seats)]:
        view = state.view(seat)
        assert copy.view(seat) == view, "the record does not replay to the same game"
        for event in view["log"]:   # every event a seat saw has words
            words = game.describe(event, names, seat)
            assert isinstance(words, str) and words, f"no words for {event}"
    return steps


# Moves a random player takes whenever it can (with this chance): a random 12 Thieves player that
# picks among every legal action mostly moves guards and passes, so its thieves never gather and
# its games ran to the engine's guard, never to the text's end.
EAGER = {"twelve-thieves": ("steal",)}
EAGERNESS = 0.95
# Games whose random player picks a kind of move first, then one of that kind: 12 Thieves lists
# every way to pay for every guard move, which would drown its few thief placements.
BY_KIND = {"twelve-thieves"}
# Games whose random games must all end by the text (a winner's chests), never at the guard.
ENDS_BY_TEXT = {"twelve-thieves"}
# How an engine says it stopped a game that did not end by its rules (as benchmarks/bench.py reads it).
STOPPED = ("guard", "rounds")


def random_player(game_id, rng):
    """choose(state, seat) for the random games: any legal action, uniformly (by kind first in
    BY_KIND), except that an eager move (EAGER: a steal) is taken when there is one."""
    eager, by_kind = EAGER.get(game_id, ()), game_id in BY_KIND

    def choose(state, seat):
        legal = state.legal_actions(seat)
        if eager:
            wanted = [action for action in legal if action["type"] in eager]
            if wanted and rng.random() < EAGERNESS:
                return rng.choice(wanted)
        if by_kind:
            kind = rng.choice(sorted({action["type"] for action in legal}))
            return rng.choice([action for action in legal if action["type"] == kind])
        return rng.choice(legal)
    return choose


def random_games(game_id, seats, options, games, first=0, **pace):
    """Play random games ``first`` .. ``first + games - 1`` of one table with every check; returns
    the actions taken.  Game 0 is checked deeply at every step, the next two often, the rest now
    and then (``python build.py bench --only soak`` plays many more of them)."""
    game = pycore.GAMES[game_id]
    actions = 0
    for number in range(first, first + games):
        seed = 1000 * seats + number
        rng = random.Random(seed)
        state = game.new_game(seats=seats, seed=seed, options=options)
        assert game.new_game(seats=seats, seed=seed, options=options).view(None) == state.view(None)
        actions += play(game, state, random_player(game_id, rng), rng,
                        deep_every=1 if number == 0 else 5 if number < 3 else 25, **pace)
        if game_id in ENDS_BY_TEXT:
            assert state.outcome.get("reason") != "guard", \
                f"random game {seed} of {game_id} at {seats} seats ran to the engine's guard"
    return actions


def bot_games(game_id, level, numbers, **pace):
    """Play the bot games ``numbers`` of one level (game n at table n, round the game's tables;
    half alone, half mixed with the other levels) with every check; returns (actions taken, games
    stopped by the engine's guard)."""
    game = pycore.GAMES[game_id]
    tables = game.conformance
    actions = stopped = 0
    for number in numbers:
        seats, options = tables[number % len(tables)]
        rng = random.Random(number)
        state = game.new_game(seats=seats, seed=number, options=options)
        # Half the tables are all this level; the others mix it with the other levels.
        lineup = [level if number % 2 == 0 or s % 3 == 0 else LEVELS[(s + number) % 3] for s in range(seats)]
        bots = [game.bots[name] for name in lineup]

        def choose(state, seat):
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal, rng)
            assert action in legal, f"{lineup[seat]} chose an illegal action {action}"
            return action

        # Bots act out of turn only for the game (Trip the alarm), never to give up their seat.
        actions += play(game, state, choose, rng, deep_every=40, out_of_turn=lambda a: a.get("type") != "take_over",
                        bots=bots, **pace)
        stopped += state.outcome.get("reason") in STOPPED
    return actions, stopped


def random_game_count(game_id, seats, counts=RANDOM_GAMES, scale=SCALE):
    """How many random games a table plays: big tables fewer (they are much longer)."""
    return max(1, int(counts.get(game_id, 1) * scale * min(1.0, 8 / seats)))


def run_bot_numbers(game_id, level):
    """The bot games a test run plays: level i takes tables i, i + 3, ... (every table gets a bot
    game), at least two games a level; CONFORMANCE_SCALE multiplies them."""
    tables = len(pycore.GAMES[game_id].conformance)
    games = max(tables, 2 * len(LEVELS))
    return range(LEVELS.index(level), max(1, round(games * SCALE)), len(LEVELS))


@pytest.mark.parametrize("game_id,seats,options", list(table_cases()))
def test_random_games(game_id, seats, options):
    random_games(game_id, seats, options, random_game_count(game_id, seats))


def bot_cases():
    for game_id in sorted(pycore.GAMES):
        for level in LEVELS:
            yield pytest.param(game_id, level, id=f"{game_id}-{level}")


@pytest.mark.parametrize("game_id,level", list(bot_cases()))
def test_bot_games(game_id, level):
    """Bots see only their seat's view and always choose a legal action; given a resampled
    clone's view they choose as on the real one."""
    bot_games(game_id, level, run_bot_numbers(game_id, level))


# ---- malformed actions, built from each move's real legal ones ----
HUGE_TEXT = "x" * 10000
HUGE_NUMBER = 10 ** 100


def nested(depth, make):
    value = 0
    for _ in range(depth):
        value = make(value)
    return value


def wrong_values(value):
    """Values of the wrong kind, or out of range, for a field that holds ``value``."""
    yield from (None, HUGE_TEXT, HUGE_NUMBER, -HUGE_NUMBER, float("nan"), float("inf"), float("-inf"),
                [], {}, [value], {"value": value}, nested(60, lambda v: [v]), nested(60, lambda v: {"v": v}),
                nested(10000, lambda v: [v]))
    if type(value) is int:
        yield from (value + 1000, -1 - value, float(value), value + 0.5, str(value), True, False)
    elif isinstance(value, bool):
        yield from (int(value), "true", 1.0)
    elif isinstance(value, str):
        yield from (value + "?", value.upper() if value.upper() != value else value.lower(), "", " " + value,
                    value * 1000, 0, [value], True)
    elif isinstance(value, list):
        yield from (tuple(value), value * 50, value + [value], [None] * len(value) or [None], list(reversed(value))
                    + [HUGE_TEXT], "".join(map(str, value)) or "[]")
        for index, item in enumerate(value[:3]):
            for wrong in (None, HUGE_TEXT, HUGE_NUMBER, float("nan"), True, [item], {"v": item}):
                yield value[:index] + [wrong] + value[index + 1:]
    elif isinstance(value, dict):
        yield from ([value], list(value.items()), {**value, "extra": 1},
                    {key: None for key in value} or {"": None})


def malformed_actions(action):
    """Every kind of broken action made from the legal ``action``: not a dict at all, its fields
    missing or extra, each field of the wrong kind or out of range, its type mangled."""
    yield from (None, [], list(action.items()), list(action.values()), tuple(action.items()), json.dumps(action),
                action.get("type"), 0, HUGE_NUMBER, float("nan"), True, nested(10000, lambda v: [v]))
    for key in action:
        yield {name: value for name, value in action.items() if name != key}
    yield {**action, "extra": 1}
    yield {**action, HUGE_TEXT: 1}
    yield {**action, "": None}
    yield {**action, 1: 1}
    yield {**action, None: action.get("type")}
    yield {**{f"field{n}": n for n in range(1000)}, **action}
    for key, value in action.items():
        for wrong in wrong_values(value):
            yield {**action, key: wrong}


def fingerprint(state):
    """Everything a refusal must leave untouched: the record, every seat's view and the public
    one, every seat's legal actions (as JSON)."""
    seats = range(state.seats)
    return json.dumps([pycore.record(state), [state.view(seat) for seat in [None, *seats]],
                       [state.legal_actions(seat) for seat in seats]], sort_keys=True, default=repr)


def check_malformed(state, seat, action):
    """Each malformed version of ``seat``'s legal ``action`` is refused with IllegalAction (never
    another exception, never accepted) and leaves the game exactly as it was."""
    before = fingerprint(state)
    legal = state.legal_actions(seat)
    tried = 0
    for broken in malformed_actions(action):
        if any(same_action(broken, choice) for choice in legal):
            continue        # a mangling that happens to be another legal action
        try:
            state.apply(seat, broken)
        except pycore.IllegalAction as refusal:
            assert str(refusal), "a refusal must say why"
            assert len(str(refusal)) <= 250, f"a refusal repeats a long input back: {str(refusal)[:80]}…"
        except Exception as error:
            raise AssertionError(f"{state.game.id}: {shown(broken, 120)} raised {type(error).__name__}: "
                                 f"{shown(str(error), 200)} instead of IllegalAction") from error
        else:
            raise AssertionError(f"{state.game.id} accepted a malformed action {shown(broken, 120)} "
                                 f"(made from {action})")
        tried += 1
    assert fingerprint(state) == before, f"a refused malformed {action['type']} changed the game"
    return tried


FUZZ_EACH = 3          # positions at which each move is fuzzed (a different position each time)
FUZZ_GAMES = 6         # random games a table plays at most while some move is not yet fuzzed


def fuzz_games(game_id, games=FUZZ_GAMES, each=FUZZ_EACH, seed=0):
    """Random games over the tables of ``game_id`` until each move has been fuzzed ``each`` times:
    the first time in a game that a move not yet done is legal for some seat, one of its legal
    actions is broken every way (check_malformed).  Returns {move: times fuzzed, ...} over the
    game's move table, and the malformed actions refused."""
    game = pycore.GAMES[game_id]
    seats, options = game.conformance[0]
    fuzzed = dict.fromkeys(game.new_game(seats=seats, seed=1, options=options).moves.moves, 0)
    refused = 0
    for number in range(games):
        for seats, options in game.conformance:
            if all(count >= each for count in fuzzed.values()):
                return fuzzed, refused
            rng = random.Random(seed + 7919 * number + seats)
            state = game.new_game(seats=seats, seed=seed + number, options=options)
            choose = random_player(game_id, rng)
            done_here = set()
            while not state.is_over and any(fuzzed[k] < each and k not in done_here for k in fuzzed):
                for seat in range(state.seats):
                    legal = state.legal_actions(seat)
                    for kind in sorted({action["type"] for action in legal} - done_here):
                        if fuzzed[kind] < each:
                            refused += check_malformed(state, seat, rng.choice([a for a in legal if a["type"] == kind]))
                            fuzzed[kind] += 1
                            done_here.add(kind)
                seat = rng.choice(state.to_act)
                state.apply(seat, choose(state, seat))
    return fuzzed, refused


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_malformed_actions_are_refused_for_every_move(game_id):
    fuzzed, refused = fuzz_games(game_id)
    assert refused > 50 * sum(fuzzed.values()), "the malformed actions were mostly skipped"
    never = [kind for kind, count in fuzzed.items() if not count]
    assert not never, f"{game_id}: random play never offered {', '.join(never)} to break"


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_bad_records(game_id):
    game = pycore.GAMES[game_id]
    seats, options = game.conformance[0]
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


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_contract_names(game_id):
    game = pycore.GAMES[game_id]
    assert game.id == game_id and game.title
    fewest, most = game.seat_range()
    assert (fewest, most) == (game.min_seats, game.max_seats) and 1 <= fewest <= most
    assert set(game.bots) == {"novice", "sharp", "ruthless"}
    assert all(callable(bot.choose) for bot in game.bots.values())
    assert game.conformance, "a game lists the tables the conformance test plays"
    # Every game names what a seat cannot see, so the secrecy check (check_hidden) covers all of them.
    assert callable(game.hidden), f"{game_id} names nothing hidden (Game(hidden=...)): its secrets go unchecked"
    for seats, options in game.conformance:
        low, high = game.seat_range(options)
        assert low <= seats <= high
    with pytest.raises(ValueError):
        game.new_game(seats=fewest - 1, seed=1)
    with pytest.raises(ValueError):
        game.new_game(seats=most + 1, seed=1)
    with pytest.raises(ValueError):
        game.new_game(seats=fewest, seed=1, options={"no_such_option": True})
    state = game.new_game(seats=fewest, seed=1)
    assert state.clone().view(None) == state.view(None)
    assert state.outcome is None and not state.is_over
    # The package's public names are all a board needs: no board imports a game's modules.
    package = __import__(f"pycore.{game_id.replace('-', '_')}", fromlist=["__all__"])
    assert "GAME" in package.__all__ and "TABLE_RULES" in package.__all__
    assert all(hasattr(package, name) for name in package.__all__)


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_seating_people_share_only_when_every_seat_has_someone(game_id):
    # "the first players to join take a hand each; after that, new players share a hand"
    game = pycore.GAMES[game_id]
    seats = game.min_seats
    one_each = [{"people": [f"P{seat}"], "bot": None} for seat in range(seats)]
    game.check_seating(one_each)
    with_bot = [*one_each[:-1], {"people": [], "bot": "sharp"}]
    game.check_seating(with_bot)
    shared = [{"people": ["A", "B"], "bot": None}, *one_each[1:]]
    if game.people_per_seat < 2:
        with pytest.raises(ValueError, match="at most 1"):
            game.check_seating(shared)
        return
    game.check_seating(shared)
    with pytest.raises(ValueError, match="seat 1 is shared while seat 3 has nobody"):
        game.check_seating([{"people": ["A", "B"], "bot": None}, one_each[1], {"people": [], "bot": "sharp"}])
    with pytest.raises(ValueError, match="has nobody"):
        game.check_seating([{"people": ["A", "B"], "bot": None}, one_each[1], {"people": [], "bot": None}])
    with pytest.raises(ValueError, match="at most 2"):
        game.check_seating([{"people": ["A", "B", "C"], "bot": None}, *one_each[1:]])


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_seating_counts_seats_by_the_options(game_id):
    game = pycore.GAMES[game_id]
    fewest, most = game.seat_range()
    bots = [{"people": [], "bot": "novice"}]
    game.check_seating(bots * most)
    with pytest.raises(ValueError, match=f"{fewest} to {most} seats"):
        game.check_seating(bots * (most + 1))
    for _, options in game.conformance:
        game.check_seating(bots * game.seat_range(options)[1], options)


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_a_seating_of_the_wrong_shape_is_refused_with_a_reason(game_id):
    game = pycore.GAMES[game_id]
    fewest = game.seat_range()[0]
    for seating in ([1] * fewest, [{"people": "Ann"}] * fewest, "Ann, Ben"):
        with pytest.raises(ValueError, match="seat"):
            game.check_seating(seating)
