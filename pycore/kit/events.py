"""The event log: public entries, private versions per seat, and copies out.

>>> log = EventLog()
>>> log.add({"type": "draw", "hand": 1}, {1: {"type": "draw", "hand": 1, "power": "crack"}})
{'type': 'draw', 'hand': 1}
>>> log.add(None, {0: {"type": "learned", "rank": 5}})
>>> log.for_seat(1), log.for_seat(0), log.for_seat(None)
([{'type': 'draw', 'hand': 1, 'power': 'crack'}], [{'type': 'draw', 'hand': 1}, {'type': 'learned', 'rank': 5}], [{'type': 'draw', 'hand': 1}])
>>> seen = log.for_seat(0)
>>> seen[0]["hand"] = 99
>>> log.for_seat(0)[0]["hand"]
1
"""
from __future__ import annotations


def copy_event(value):
    """A deep copy of an event made of dicts, lists and plain values (fast: no generic deepcopy)."""
    if isinstance(value, dict):
        return {key: copy_event(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [copy_event(item) for item in value]
    return value


def _stored(event):
    """An event as the log keeps it: a copy, and the keys that hold lists or dicts (to copy out)."""
    if event is None:
        return None
    event = copy_event(event)
    return event, tuple(key for key, value in event.items() if isinstance(value, (list, dict)))


def _out(stored):
    """A copy of a stored event: a flat copy, deep only where it holds lists or dicts (most
    events hold none, and views copy whole logs often)."""
    event, nested = stored
    copied = dict(event)
    for key in nested:
        copied[key] = copy_event(event[key])
    return copied


class EventLog:
    """What happened, oldest first: each entry is a public event (or None: nothing public) and the
    private versions of it by seat (a private version replaces the public one in that seat's log).

    Entries are stored as copies and never changed afterwards, so clones of a log share them.
    """

    __slots__ = ("_entries",)

    def __init__(self, entries=()):
        self._entries = list(entries)

    def add(self, public: dict | None, private: dict | None = None) -> dict | None:
        """Log one event; returns a copy of the public event (None when there is none)."""
        stored = _stored(public)
        self._entries.append((stored, {seat: _stored(event) for seat, event in (private or {}).items()}))
        return _out(stored) if stored is not None else None

    def for_seat(self, seat) -> list:
        """Copies of the events ``seat`` may see (None: the public ones), oldest first."""
        events = []
        for public, private in self._entries:
            stored = private.get(seat, public) if private and seat is not None else public
            if stored is not None:
                events.append(_out(stored))
        return events

    def copy(self) -> "EventLog":
        return EventLog(self._entries)

    def __len__(self) -> int:
        return len(self._entries)
