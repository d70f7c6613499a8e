"""Thievery's resample and sampler: what a seat cannot see is dealt afresh, by its exact chances."""
import collections
import random
import types

import pytest

import pycore
from pycore.kit import resample
from pycore.thievery import knowledge
from pycore.thievery.secrecy import draw_chances, draw_holding, power_story
from pycore.thievery.rules import ThieveryState
from test_thievery import every_deal     # every arrangement, by the model inference documents

GAME = pycore.GAMES["thievery"]


def lock_all(state):
    for seat in list(state.to_act):
        state.apply(seat, state.legal_actions(seat)[0])


def miss(state):
    """The hand whose turn it is names a rank the first card it may guess at does not hold."""
    seat = state.turn
    guess = next(a for a in state.legal_actions(seat) if a["type"] == "guess"
                 and state.rows[a["hand"]][a["index"]] % 13 + 1 != a["rank"])
    state.apply(seat, guess)


def play_first_held(state):
    """The hand whose turn it is plays the first power-up it holds (its first legal way)."""
    seat = state.turn
    name = state.held[seat][0]
    state.apply(seat, next(a for a in state.legal_actions(seat)
                           if a["type"] == "power" and a["power"] == name))
    return name


def engine_holdings(story, runs, seed):
    """{sorted holding: share} at the end of ``story`` by the engine's own draws
    (ThieveryState._draw_power), keeping only the runs in which every play was of a held one."""
    rng = random.Random(seed)
    drawer = types.SimpleNamespace(rng=rng)
    counts, kept = collections.Counter(), 0
    while kept < runs:
        held = []
        for step in story:
            if step == "draw":
                held.append(ThieveryState._draw_power(drawer, held))
            elif step in held:
                held.remove(step)
            else:
                break
        else:
            counts[tuple(sorted(held))] += 1
            kept += 1
    return {holding: n / runs for holding, n in counts.items()}


def total_variation(counts, chances) -> float:
    n = sum(counts.values())
    return 0.5 * sum(abs(counts.get(k, 0) / n - chances.get(k, 0.0)) for k in set(counts) | set(chances))


# -- power-ups ---------------------------------------------------------------------------------------
def five_hands_in_play():
    """Five hands, power-ups on: every hand has had turns; hand 1 has played one power-up."""
    state = GAME.new_game(seats=5, seed=11, options={"powerups": True})
    lock_all(state)
    for _ in range(5):             # hands 1..5 each draw one and miss
        miss(state)
    while state.turn != 1:
        miss(state)
    play_first_held(state)         # hand 2 (engine hand 1) draws its second, plays its first
    if state.turn == 1:
        miss(state)
    for _ in range(4):
        miss(state)
    return state


def test_resample_redeals_the_power_ups_other_hands_hold():
    """Defect 6: "Thievery's resample never redeals other hands' held power-ups ... moved 0 of
    398 in an audit".  Held power-ups are hidden (a seat's view shows only their counts): a
    resample deals them afresh, as many as each hand holds, by the chances the game's own draws
    and the plays everyone saw give each holding (checked against the engine's draws)."""
    state = five_hands_in_play()
    seat = 0
    view = state.view(seat)
    rng = random.Random(5)
    moved, draws = 0, 200
    for _ in range(draws):
        other = resample(state, seat, rng)
        assert other.view(seat) == view
        GAME.audit(other)
        assert other.held[seat] == state.held[seat]
        moved += sum(other.held[hand] != state.held[hand] for hand in range(1, 5))
    assert moved > draws * 3        # the old resample moved none
    log = state.log.for_seat(None)
    assert any(step != "draw" for step in power_story(log, 1)), "hand 2 played a power-up"
    for hand in range(1, 5):
        story = power_story(log, hand)
        assert len(state.held[hand]) == story.count("draw") * 2 - len(story) > 0
        counts = collections.Counter(tuple(sorted(draw_holding(story, rng))) for _ in range(3000))
        exact = engine_holdings(story, 12000, seed=hand)
        # 3000 draws against 12000 engine runs over at most ~40 holdings: noise keeps it near 0.04
        assert total_variation(counts, exact) < 0.07, (hand, story)


def test_hidden_names_every_other_hands_power_ups():
    """The shared conformance test checks hidden items through game.hidden: Thievery names each
    other hand's held power-ups there, and never the seat's own."""
    state = five_hands_in_play()
    items = GAME.hidden(state, 0)
    assert {f"power-ups of hand {hand + 1}" for hand in range(1, 5)} <= set(items)
    assert "power-ups of hand 1" not in items


def test_draw_chances_follow_the_engines_draws():
    drawer = types.SimpleNamespace(rng=random.Random(1))
    for held in ([], ["alarm"], ["crack", "stakeout"], ["casing", "loose_lips"]):
        counts = collections.Counter(ThieveryState._draw_power(drawer, list(held)) for _ in range(20000))
        assert total_variation(counts, draw_chances(frozenset(held))) < 0.02, held


# -- the deal of the cards -----------------------------------------------------------------------------
def table_with_hidden(rows, hidden, misses=None):
    """A Table of these rows ('r5' ...) seen from hand 0, with ``hidden`` [(hand, index)] unseen."""
    from pycore.thievery.rules import parse_card
    misses = misses or {}
    return knowledge.Table({"seat": 0, "seats": len(rows), "rows": [
        [{"colour": "red" if parse_card(name) < 13 else "black",
          "rank": None if (h, i) in hidden else parse_card(name) % 13 + 1,
          "misses": misses.get((h, i), [])} for i, name in enumerate(row)]
        for h, row in enumerate(rows)]})


SIX = [["r2", "b3", "r5", "b6", "r8"], ["rA", "b2", "r4", "b7", "b9"], ["r3", "b4", "r9", "bK"],
       ["bA", "r6", "b8", "rJ"], ["b5", "r7", "b10", "rQ"], ["r10", "bJ", "bQ", "rK"]]


@pytest.mark.parametrize("hidden,misses", [
    # both aces unseen, among seven hidden cards in four rows
    ([(1, 0), (1, 3), (2, 1), (3, 0), (3, 2), (4, 0), (5, 1)], {}),
    # a tie (red and black 4 unseen), misses ruling ranks out
    ([(1, 2), (2, 0), (2, 1), (4, 1), (4, 2), (5, 0), (5, 3)], {(2, 1): [6], (4, 1): [2, 3]}),
    # three hidden cards of each colour in one row and beyond
    ([(1, 0), (1, 1), (1, 2), (1, 3), (2, 3), (3, 1), (5, 2)], {}),
])
def test_a_sampled_deal_is_each_deal_by_its_exact_weight(hidden, misses):
    """Against every deal that fits, enumerated: 4000 draws come within their noise (fixed seed)."""
    table = table_with_hidden(SIX, set(hidden), {k: v for k, v in misses.items()})
    deals = every_deal(table)
    total = sum(deals.values())
    rng = random.Random(len(deals))
    draws = 4000
    counts = collections.Counter(tuple(sorted(knowledge.sample(table, rng).items())) for _ in range(draws))
    assert set(counts) <= set(deals), "a sampled deal does not fit the table"
    assert len(deals) > 3
    statistic = sum((counts[deal] - draws * w / total) ** 2 / (draws * w / total) for deal, w in deals.items())
    # chi-square with len(deals) - 1 degrees of freedom: mean k - 1, spread sqrt(2(k - 1))
    k = len(deals)
    assert statistic < k - 1 + 5 * (2 * (k - 1)) ** 0.5, (statistic, k)


def early_positions(hands):
    """Early positions at this many hands (power-ups off): the first turn seen by hand 1 and by
    the hand after it, and the third turn's start (two missed guesses on the table)."""
    positions = []
    for seed in (3, 8):
        state = GAME.new_game(seats=hands, seed=seed, options={"powerups": False})
        lock_all(state)
        positions.append((state, 0))
        positions.append((state, 1))
        later = state.clone()
        miss(later)
        miss(later)
        positions.append((later, 2))
    return positions


@pytest.mark.parametrize("hands", [5, 6])
def test_resample_draws_each_card_by_its_exact_chances_early_at_five_and_six_hands(hands):
    """Defect 7: "Thievery's sampler at 6 hands is far from the exact odds on the first turns
    (max gap 0.40, z 17.9; aces drawn at 0.05 where the exact chance is 0.27) ... at 5 hands the
    max gap is 0.06".  Every card's rank over 1200 resamples against its exact chance
    (knowledge.marginals read whole: exact_limit high enough for one programme; its default
    reads these positions row by row): no share more than 0.05 off, none more than 4.5 standard
    errors (where a count is big enough to be near normal), a rank that cannot be never drawn.
    The old sampler failed this at both sizes (max z 16.8 and gap 0.13 at 5 hands, z 10.6 and
    gap 0.10 at 6 over 2000; this one over 1200: z at most 3.5, gap at most 0.039)."""
    draws = 1200
    for state, seat in early_positions(hands):
        table = knowledge.Table(state.view(seat))
        exact = knowledge.marginals(table, exact_limit=10 ** 9)
        rng = random.Random(hands * 100 + seat)
        counts = collections.Counter()
        for _ in range(draws):
            other = resample(state, seat, rng)
            counts.update(((h, i), other.rows[h][i] % 13 + 1) for h, i in table.hidden())
        worst_z, worst_gap = 0.0, 0.0
        for key, chances in exact.items():
            for r, p in enumerate(chances):
                share = counts[(key, r)] / draws
                worst_gap = max(worst_gap, abs(share - p))
                if draws * p * (1 - p) >= 10:
                    worst_z = max(worst_z, abs(share - p) / (p * (1 - p) / draws) ** 0.5)
                elif p == 0:
                    assert share == 0, (key, r)
        assert worst_z < 4.5 and worst_gap < 0.05, (seat, worst_z, worst_gap)


def test_at_the_end_resample_changes_nothing():
    """At the end every card and power-up is turned up (view_all's held_by is in every view):
    a resample leaves them all as they are."""
    state = GAME.new_game(seats=5, seed=2, options={"powerups": True})
    rng = random.Random(2)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice([a for a in state.legal_actions(seat) if a["type"] != "take_over"]))
    assert any(state.held)
    other = resample(state, 0, random.Random(3))
    assert other.view(0) == state.view(0) and other.held == state.held and other.rows == state.rows
