"""Deck helpers shared by the games.

>>> deal([1, 2, 3, 4, 5], [2, 3])
[[1, 2], [3, 4, 5]]
"""
from __future__ import annotations


def deal(cards: list, sizes) -> list:
    """Deal ``cards`` in order into piles of the given sizes (left to right)."""
    piles, start = [], 0
    for size in sizes:
        piles.append(list(cards[start:start + size]))
        start += size
    return piles
