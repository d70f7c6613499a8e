"""Thievery's resample and sampler: what a seat cannot see is dealt afresh, by its exact chances."""
import collections
import random
import types

import pytest

import pycore
from pycore.kit import resample
from pycore.thievery import inference
from pycore.thievery.redeal import draw_chances, draw_holding, power_story
from pycore.thievery.rules import ThieveryState

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
