"""Small checks shared by the games: whole numbers (never bools) and seats.

>>> is_whole(3), is_whole(True), is_whole("3"), is_text("3")
(True, False, False, True)
>>> whole_in(2, 3), whole_in(3, 3)
(True, False)
>>> check_switches({"double_deck": "yes"})
Traceback (most recent call last):
ValueError: the option 'double_deck' is on or off (true or false), not 'yes'
"""
from __future__ import annotations

from .errors import shown


def is_whole(value) -> bool:
    """An int and nothing else: not a bool (JSON true must never pass for 1), nor a subclass of
    int (it would pass the checks and then fail the strict comparison with the legal choices)."""
    return type(value) is int


def is_text(value) -> bool:
    """A str and nothing else (as :func:`is_whole`)."""
    return type(value) is str


def whole_in(value, count: int) -> bool:
    """A whole number from 0 to count - 1."""
    return is_whole(value) and 0 <= value < count


def check_seat(seat, seats: int) -> None:
    """A seat of a view: None (the public view) or 0 .. seats - 1; anything else is a ValueError."""
    if seat is not None and not whole_in(seat, seats):
        raise ValueError(f"there is no seat {shown(seat)} at this table")


def check_switches(options: dict, names=None) -> None:
    """Options that are switched on or off (``names``, else all of them) must be true or false."""
    for name in options if names is None else names:
        if not isinstance(options.get(name), bool):
            raise ValueError(f"the option {shown(name)} is on or off (true or false), not {shown(options.get(name))}")
