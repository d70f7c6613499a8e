"""Bots against bots, through the public contract only: the ladder, decision timing, game speed.

Used by ``python build.py bench`` and by whoever tunes a bot::

    python -m pycore.arena thievery --seats 3 --games 300
"""
from __future__ import annotations

import argparse
import random
import time

from . import BOT_LEVELS, GAMES


def play_bots(game, seats: int, lineup: list, seed: int, options: dict | None = None,
              timings: dict | None = None):
    """Play one game with ``lineup``, one bot per seat: a level name ("sharp") or any object
    with ``choose(view, legal, rng)``; returns the final state.

    If ``timings`` is a dict, each decision's seconds are appended under its level (an object's
    ``level``, else its class name).
    """
    state = game.new_game(seats=seats, seed=seed, options=options or {})
    rng = random.Random(seed ^ 0x5EED)
    bots = [game.bots[bot] if isinstance(bot, str) else bot for bot in lineup]
    labels = [bot if isinstance(bot, str) else getattr(bot, "level", type(bot).__name__.lower())
              for bot in lineup]
    while not state.is_over:
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        started = time.perf_counter()
        action = bots[seat].choose(view, legal, rng)
        if timings is not None:
            timings.setdefault(labels[seat], []).append(time.perf_counter() - started)
        state.apply(seat, action)
    return state


def ladder(game_id: str, seats: int = 3, games: int = 300, levels=BOT_LEVELS,
           options: dict | None = None, timings: dict | None = None, seed: int = 0) -> dict:
    """Win shares of one bot of each level (filling ``seats``), seats rotated game by game.

    A shared win counts as a share of a win; a draw gives nobody anything.
    """
    game = GAMES[game_id]
    shares = {level: 0.0 for level in levels}
    for number in range(games):
        base = [levels[i % len(levels)] for i in range(seats)]
        shift = number % seats
        lineup = base[shift:] + base[:shift]
        state = play_bots(game, seats, lineup, seed + number, options, timings)
        winners = state.outcome["winners"]
        for seat in winners:
            shares[lineup[seat]] += 1 / len(winners)
    return {level: shares[level] / games for level in levels}


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def random_games_per_second(game_id: str, seats: int, seconds: float = 2.0, options=None) -> float:
    """Random legal play through the contract, games finished per second."""
    game = GAMES[game_id]
    rng = random.Random(1)
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_game(seats=seats, seed=done, options=options or {})
        while not state.is_over:
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        done += 1
    return done / (time.perf_counter() - started)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    timings: dict = {}
    shares = ladder(args.game, args.seats, args.games, timings=timings, seed=args.seed)
    for level, share in shares.items():
        times = timings.get(level, [])
        print(f"{level:9} win share {share:.3f}   decision p50 {percentile(times, .5) * 1000:6.2f} ms"
              f"   p95 {percentile(times, .95) * 1000:6.2f} ms")


if __name__ == "__main__":
    main()
