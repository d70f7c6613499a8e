"""Dealing helpers shared by the games.

>>> deal([1, 2, 3, 4, 5], [2, 3])
[[1, 2], [3, 4, 5]]
>>> pile = [1, 2, 3]
>>> take(pile, 2), pile
([1, 2], [3])
"""
from __future__ import annotations


def deal(cards: list, sizes) -> list:
    """Deal ``cards`` in order into piles of the given sizes (left to right)."""
    piles, start = [], 0
    for size in sizes:
        piles.append(list(cards[start:start + size]))
        start += size
    return piles


def take(pile: list, count: int) -> list:
    """Take ``count`` cards off the top (the front) of ``pile``."""
    taken = pile[:count]
    del pile[:count]
    return taken
