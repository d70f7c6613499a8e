"""Bots for 12 Thieves: ``bot.choose(view, legal, rng)`` returns one of ``legal``."""
from __future__ import annotations


class Novice:
    def choose(self, view, legal, rng):
        return rng.choice(legal)


Sharp = Ruthless = Novice
