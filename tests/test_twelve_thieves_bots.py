"""12 Thieves bots find the way on: when every thief is out and every count is one short, the
only progress is to move your guard with a thief to a palace where it completes a count
('Move a Guard with a Thief: ... Move both the guard and an accompanying thief together';
RULINGS: a thief action), and then steal.  Every level must see it (seed 702033 at two seats
once ran Sharp against Sharp to the round-300 guard for want of it).
"""
import random

import pytest

import pycore
from pycore import arena
from pycore.twelve_thieves.rules import GUARD_ROUNDS, NEUTRAL
from test_twelve_thieves import GAME, KEY, LAMP, MOON, ROSE, STAR, SUN, guards_at, hold, started

LEVELS = ("novice", "sharp", "ruthless")
FULL_HAND = ["sun"] * 8 + ["moon"] * 8 + ["star"] * 8 + ["lamp"] * 8 + ["rose"] * 8 + ["key"] * 8


def stuck(guards):
    """Two seats, every thief out: player 1's four at Sun, Moon and Star under chests of 5,
    player 2's at Lamp, Rose and Key; each holds 48 cards.  ``guards``: {palace: owners}."""
    state = started(2)
    for palace in range(6):
        state.won[palace % 2].append(state.chests[palace].pop(0))     # the 4-chests are gone
    for palace in (SUN, MOON, STAR):
        state.thieves[palace] = [4, 0]
    for palace in (LAMP, ROSE, KEY):
        state.thieves[palace] = [0, 4]
    guards_at(state, guards)
    hold(state, 0, FULL_HAND)
    hold(state, 1, FULL_HAND)
    assert not [a for a in state.legal_actions(0) if a["type"] in ("steal", "place_thief")]
    return state


def full_counts(state, seat):
    return [p for p in range(6) if state.chests[p] and state.thieves[p][seat] >= state.chests[p][0]]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_leads_a_thief_with_its_guard_to_complete_a_count_then_steals(level):
    state = stuck({SUN: [0, NEUTRAL], MOON: [0, NEUTRAL, 1], STAR: [NEUTRAL, 1]})
    bot, rng = GAME.bots[level], random.Random(1)
    action = bot.choose(state.view(0), state.legal_actions(0), rng)
    assert action["type"] == "escort", f"{level} played {action}"
    state.apply(0, action)
    assert full_counts(state, 0) == [action["to"]]
    assert bot.choose(state.view(0), state.legal_actions(0), rng) == {"type": "steal", "palace": action["to"]}


@pytest.mark.parametrize("level", ["sharp", "ruthless"])
def test_sharp_and_ruthless_move_a_guard_first_when_that_opens_the_way(level):
    # No guard of player 1 stands with its thieves: one must go to them before it can lead one.
    state = stuck({SUN: [NEUTRAL], MOON: [NEUTRAL, 1], STAR: [NEUTRAL, 1], LAMP: [0, 0, NEUTRAL],
                   ROSE: [0, 0, NEUTRAL]})
    bot, rng = GAME.bots[level], random.Random(1)
    for _ in range(3):
        action = bot.choose(state.view(0), state.legal_actions(0), rng)
        assert action["type"] != "end_turn", f"{level} gave up the way on"
        state.apply(0, action)
        if action["type"] == "steal":
            return
    pytest.fail(f"{level} did not steal within three actions")


def test_the_seed_that_ran_to_the_guard_now_ends_by_the_text():
    state = arena.play_bots(GAME, 2, ["sharp", "sharp"], 702033)
    assert state.outcome["reason"] == "chests" and state.outcome["winners"]
    assert state.round < GUARD_ROUNDS // 5


def test_a_full_board_of_bots_reaches_the_end_by_the_text():
    """A few games of every mixture at every seat count end by the chests (the soak,
    python build.py bench --only soak, plays many more and counts any that reach the guard)."""
    for seats in (2, 3, 4):
        for number in range(3):
            lineup = [LEVELS[(seat + number) % 3] for seat in range(seats)]
            state = arena.play_bots(GAME, seats, lineup, 702000 + 10 * seats + number)
            assert state.outcome["reason"] == "chests", (seats, lineup, state.round)
    assert pycore.GAMES["twelve-thieves"] is GAME
