"""The errors of the engine contract, and the helpers that keep a refusal short.

Both :mod:`pycore.core` and the rest of the kit stand on this module, and it stands on nothing.

>>> shown("diamond"), shown("x" * 100)
("'diamond'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…")
"""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why."""


class BadRecord(ValueError):
    """A game record that cannot be replayed; the message says why."""


# RULINGS, common: "A refusal names what was wrong in a few words; it never repeats a long input
# back."  A refusal quotes a value through shown(); a message still longer than this is cut.
SHOWN_LENGTH = 40
REFUSAL_LENGTH = 200
# No action or record nests lists and dicts deeper than this (a real one nests two or three).
MAX_NESTING = 20


def shown(value, limit: int = SHOWN_LENGTH) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters.

    >>> shown("diamond"), shown("x" * 100)
    ("'diamond'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…")
    >>> shown(list(range(10 ** 6)))
    '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1…'
    """
    if isinstance(value, (list, tuple, dict, set)) and len(value) > limit:
        value = type(value)(list(value)[:limit]) if not isinstance(value, dict) else \
            dict(list(value.items())[:limit])
    try:
        text = repr(value)
    except (RecursionError, ValueError):   # nested too deep, or an int too long to write out
        return "a value too big to show"
    return text if len(text) <= limit else text[:limit] + "…"


def brief(message: str) -> str:
    """A refusal's message, cut if some game quoted a long input whole."""
    return message if len(message) <= REFUSAL_LENGTH else message[:REFUSAL_LENGTH] + "…"


def nests_deeper(value, depth: int = MAX_NESTING) -> bool:
    """Does ``value`` nest lists and dicts more than ``depth`` levels deep?  (Iterative: a value
    nested too deep for Python's own recursion is answered too.)"""
    level = [value]
    for _ in range(depth + 1):
        inner = []
        for item in level:
            if isinstance(item, dict):
                inner.extend(item.values())
            elif isinstance(item, (list, tuple)):
                inner.extend(item)
        if not inner:
            return False
        level = inner
    return True
