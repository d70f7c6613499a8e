"""A head-to-head harness for measuring one Thievery bot against another (Ruthless vs GreedyExact),
beside :mod:`.arena` (it plays through the same contract).

Head to head::

    python -m pycore.head_to_head --seats 3 --games 400

plays ``games`` deals twice: once with one Ruthless against GreedyExact everywhere else, once the
mirror (one GreedyExact against Ruthless everywhere else), the lone bot's seat rotated game by game.
"""
from __future__ import annotations

import argparse
import math

from . import GAMES, arena
from .thievery import bots


def play(seats: int, lineup: list, seed: int, timings=None):
    """One game with bot objects ``lineup`` (one per seat), power-ups off; returns the winners."""
    state = arena.play_bots(GAMES["thievery"], seats, lineup, seed, {"powerups": False}, timings)
    return state.outcome["winners"]


def lone_share(bot, field, seats: int, games: int, seed: int = 0, timings=None) -> float:
    """Win share of one ``bot`` among ``seats - 1`` copies of ``field``, its seat rotated."""
    share = 0.0
    for number in range(games):
        spot = number % seats
        lineup = [bot if seat == spot else field for seat in range(seats)]
        winners = play(seats, lineup, seed + number, timings=timings)
        if spot in winners:
            share += 1 / len(winners)
    return share / games


def interval(share: float, games: int, z: float = 1.96) -> tuple:
    """A normal-approximation confidence interval for a win share."""
    half = z * math.sqrt(max(share * (1 - share), 1e-12) / games)
    return share - half, share + half


def head_to_head(bot, baseline, seats: int, games: int, seed: int = 0, timings=None) -> dict:
    """Lone ``bot`` among baselines and the mirror; fair share is 1/seats in both."""
    alone = lone_share(bot, baseline, seats, games, seed, timings)
    mirror = lone_share(baseline, bot, seats, games, seed, timings)
    return {"seats": seats, "games": games, "fair": 1 / seats,
            "bot_alone": alone, "bot_alone_ci": interval(alone, games),
            "baseline_alone": mirror, "baseline_alone_ci": interval(mirror, games)}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seats", type=int, nargs="+", default=[3])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for seats in args.seats:
        timings: dict = {}
        r = head_to_head(bots.Ruthless(), bots.GreedyExact(), seats, args.games, args.seed, timings)
        lo, hi = r["bot_alone_ci"]
        blo, bhi = r["baseline_alone_ci"]
        times = sorted(timings.get("ruthless", []))
        p50 = times[len(times) // 2] * 1000 if times else float("nan")
        p95 = times[int(len(times) * .95)] * 1000 if times else float("nan")
        print(f"{seats} hands, {args.games} games each way (fair {r['fair']:.3f}): "
              f"1 Ruthless vs GreedyExact {r['bot_alone']:.3f} [{lo:.3f}, {hi:.3f}]; "
              f"1 GreedyExact vs Ruthless {r['baseline_alone']:.3f} [{blo:.3f}, {bhi:.3f}]; "
              f"Ruthless decision p50 {p50:.2f} ms p95 {p95:.2f} ms", flush=True)


if __name__ == "__main__":
    main()
