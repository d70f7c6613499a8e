"""The move table: each kind of move declared once, so legality is written once.

A :class:`Move` names its fields (a tuple, or a function of the action when they depend on one
of its values, as a power-up's parameters do) and three functions of ``(state, seat)``:

- ``choices(state, seat)`` yields the legal values of the fields now (dicts without ``type``).
  This is THE rule: ``legal_actions`` lists these choices and ``apply`` accepts an action only when
  it is one of them (compared strictly: ``True`` is not ``1``), so the two cannot drift.
- ``handler(state, seat, action)`` does it (the action is known legal), telling what happened
  through ``state.tell`` (:meth:`pycore.State.tell`).
- ``refusal(state, seat, action)`` says in words why an action that is not among the choices is
  refused; it decides nothing (a refusal it cannot explain gets a plain "not allowed now").

>>> class Counter:
...     value = 0
>>> def add(state, seat, action):
...     state.value += action["by"]
>>> table = MoveTable("Counting", {"add": Move(
...     fields=("by",), choices=lambda state, seat: [{"by": 1}, {"by": 2}], handler=add,
...     refusal=lambda state, seat, action: f"you add 1 or 2, not {action['by']!r}")})
>>> counter = Counter()
>>> table.legal(counter, 0)
[{'type': 'add', 'by': 1}, {'type': 'add', 'by': 2}]
>>> table.apply(counter, 0, {"type": "add", "by": 2})
>>> counter.value
2
>>> table.apply(counter, 0, {"type": "add", "by": True})
Traceback (most recent call last):
...
pycore.kit.errors.IllegalAction: you add 1 or 2, not True
>>> table.apply(counter, 0, {"type": "add"})
Traceback (most recent call last):
...
pycore.kit.errors.IllegalAction: an add action needs by
>>> table.why_not(counter, 0, {"type": "add", "by": 3}), table.why_not(counter, 0, {"type": "add", "by": 1})
('you add 1 or 2, not 3', None)
"""
from __future__ import annotations

from .errors import IllegalAction, shown


def same_action(a, b) -> bool:
    """Equal, and of the same types all the way down (JSON true is not 1, 1.0 is not 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_action(a[key], b[key]) for key in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same_action(x, y) for x, y in zip(a, b))
    return a == b


class Move:
    """One kind of move: its fields, the legal choices now, what it does, why it is refused."""

    __slots__ = ("fields", "choices", "handler", "refusal")

    def __init__(self, fields, choices, handler, refusal):
        self.fields = fields if callable(fields) else tuple(fields)
        self.choices = choices
        self.handler = handler
        self.refusal = refusal


def _cut(name: str) -> str:
    return name if len(name) <= 20 else name[:20] + "…"


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


class MoveTable:
    """The moves of one game, by type, in the order ``legal_actions`` lists them."""

    def __init__(self, title: str, moves: dict):
        self.title = title
        self.moves = dict(moves)

    def legal(self, state, seat) -> list:
        """Every legal action of ``seat`` now, move by move in the table's order."""
        return [{"type": kind, **choice} for kind, move in self.moves.items()
                for choice in move.choices(state, seat)]

    def move_of(self, action: dict) -> tuple:
        """(type, Move, the action's fields) of a well-formed action; otherwise IllegalAction saying what is wrong."""
        kind = action.get("type")
        move = self.moves.get(kind) if isinstance(kind, str) else None
        if move is None:
            raise IllegalAction(f"there is no action {shown(kind)} in {self.title}")
        fields = move.fields(action) if callable(move.fields) else move.fields
        missing = [name for name in fields if name not in action]
        if missing:
            raise IllegalAction(f"{_article(kind)} {kind} action needs {', '.join(missing)}")
        extra = [name for name in action if name != "type" and name not in fields]
        if extra:
            named = ", ".join(_cut(str(name)) for name in extra[:3]) + (", …" if len(extra) > 3 else "")
            raise IllegalAction(f"{_article(kind)} {kind} action has no {named}")
        return kind, move, {name: action[name] for name in fields}

    def checked(self, state, seat, action: dict) -> tuple:
        """(Move, the action's fields) of an action legal now; anything else raises IllegalAction
        with the refusal in words."""
        kind, move, fields = self.move_of(action)
        # "==" first (fast, in C), then the strict check only on an equal choice.
        if not any(fields == choice and same_action(fields, choice)
                   for choice in move.choices(state, seat)):
            reason = move.refusal(state, seat, fields)
            raise IllegalAction(reason or f"that {kind} is not allowed now")
        return move, fields

    def why_not(self, state, seat, action: dict) -> str | None:
        """None when the action is legal now, else the refusal :meth:`apply` would raise."""
        try:
            self.checked(state, seat, action)
        except IllegalAction as refusal:
            return str(refusal)
        return None

    def apply(self, state, seat, action: dict) -> None:
        """Apply a legal action; anything else raises IllegalAction (nothing has changed)."""
        move, fields = self.checked(state, seat, action)
        move.handler(state, seat, fields)
