"""Every record the app reads back from storage goes through one reader: bounded, checked, and set
aside when damaged, never fatal (issue 37).

Storage is not to be trusted: another version, another app on the same origin, a browser extension
or a person at the console may have written anything under our keys.  Parsing deep JSON recurses,
and in Pyodide a record nested 100,000 deep overflowed the JavaScript stack and killed Python at
every launch.  So, for each kind of record:
1. its length and its nesting are measured first, in time linear in the text, without parsing;
2. only then is it parsed;
3. then its shape is checked (``Kind.check``): what cannot be used at all makes the whole record
   damaged; a damaged part (one player's row of the tallies, one setting) is dropped and the rest kept.
A damaged record is dropped from storage (a record read again at the next launch would be damaged
again) and the person is told in one line (``told``: the shell shows the lines on screen); a record
with a damaged part is written back whole.  Saves (save_store.py) use the same ``parse``; they are
listed as damaged with a Delete button instead, as each is a game someone may want to see named.

Pure Python: ``storage`` is the mapping SaveStore uses (get/set/remove), a dict in tests.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable


class Unreadable(ValueError):
    """Stored text that is not a record: ``reason`` says why, after "the stored record …"."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Damaged(ValueError):
    """A record read whole but of a shape the app cannot use (raised by a Kind's check)."""


# Counted on the text's bytes with C-speed steps only, each linear in the text: escaped backslashes
# go, then escaped quotes (neither closes a string), then all but quotes and brackets, then empty
# strings (two quotes side by side), then what lies between quotes (a string left open runs to the
# end, as a parser reads it).  (A pattern matching strings with escapes inside retried from every
# quote of a text of escaped quotes: 40 KB took 10 s.)
_NOT_QUOTES_OR_BRACKETS = bytes(byte for byte in range(256) if byte not in b'"[]{}')
_OPEN_CLOSE = bytes.maketrans(b"[{]}", b"(())")


def nesting(text, limit: int = 1000) -> int:
    """How deep brackets nest in JSON text (str or bytes), counted without parsing (parsing deep
    text recurses), in time linear in the text; past `limit` it stops counting and says limit + 1.

    A closing bracket with nothing open is passed over (a parser stops there, so this never counts
    less than it would meet).  Every bracket is closed at the end, then each pass takes away the
    innermost pairs, "()" side by side: the passes it takes are the depth.

    >>> nesting('{"a": [1, "]]", {"b": []}]}'), nesting("[" * 5000, limit=20)
    (4, 21)
    """
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    data = data.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _NOT_QUOTES_OR_BRACKETS)
    data = data.replace(b'""', b"")
    brackets = b"".join(data.split(b'"')[0::2]).translate(_OPEN_CLOSE)
    brackets += b")" * brackets.count(b"(")
    depth, too_deep = 0, b"(" * (limit + 1)
    while b"()" in brackets:
        if too_deep in brackets:       # a run of openers this long says so at once
            return limit + 1
        brackets = brackets.replace(b"()", b"")
        depth += 1
        if depth > limit:
            break
    return depth


def parse(text, max_chars: int, max_nesting: int):
    """The data in stored text, read only within its bounds; Unreadable says why not."""
    if not isinstance(text, str):
        raise Unreadable("is not text")
    if len(text) > max_chars:
        raise Unreadable(f"is {len(text):,} characters long")
    if nesting(text, max_nesting) > max_nesting:
        raise Unreadable("nests too deep")
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise Unreadable("is not readable data") from None


@dataclass(frozen=True)
class Kind:
    """A kind of stored record: what the person calls it, what they get when it is damaged, its
    bounds, and ``check(data, damaged)``: the record as the app uses it (JSON data, written back
    when a part was dropped), calling ``damaged(what)`` for each part it drops ("a player's row")
    and raising ValueError (Damaged) when nothing of it can be used."""
    name: str
    title: str                # "Your settings": the line told begins with it
    outcome: str              # "they are back to their defaults": what the person has instead
    max_chars: int
    max_nesting: int
    check: Callable


_said: list = []


def say(line: str):
    _said.append(line)


def told() -> list:
    """The lines said since last asked (the shell shows them once, on screen)."""
    lines = _said[:]
    _said.clear()
    return lines


def _lower_first(words: str) -> str:
    return words[:1].lower() + words[1:]


def read(storage, key: str, kind: Kind, default: Callable = lambda: None):
    """The record stored under ``key``, checked; ``default()`` when there is none, or when it is
    damaged (it is then dropped and the person told)."""
    try:
        text = storage.get(key)
    except Exception:          # storage refused (a frame another site holds, a private mode)
        return default()
    if text is None:
        return default()
    parts: list = []
    try:
        data = kind.check(parse(text, kind.max_chars, kind.max_nesting), parts.append)
    except Unreadable as error:
        return set_aside(storage, key, kind, f"the stored record {error.reason}", default)
    except Exception as error:  # a shape nobody foresaw is damage too, never a crash
        reason = str(error) if isinstance(error, ValueError) else f"{type(error).__name__}"
        return set_aside(storage, key, kind, reason or "it is of the wrong shape", default)
    if parts:
        dropped = list(dict.fromkeys(parts))
        said = ", ".join(dropped[:3]) + (", …" if len(dropped) > 3 else "")
        say(f"Part of {_lower_first(kind.title)} could not be read ({said}): that part is set aside, "
            f"the rest kept.")
        write(storage, key, data)
    return data


def set_aside(storage, key: str, kind: Kind, reason: str, default: Callable):
    """Drop a damaged record and say so in one line; the default stands in for it."""
    try:
        storage.remove(key)
    except Exception:           # storage refused: it is read (and set aside) again next time
        pass
    say(f"{kind.title} could not be read: {reason}; {kind.outcome}.")
    return default()


def write(storage, key: str, data) -> bool:
    """Store a record; False when storage refuses (full, private mode): it holds until the page closes."""
    try:
        storage.set(key, json.dumps(data, sort_keys=True))
        return True
    except Exception:   # storage is the browser's: a full or blocked localStorage raises its own error
        return False


class Memory(dict):
    """Storage held in memory (tests; a record read from text): the mapping the readers expect."""

    def set(self, key, value):
        self[key] = value

    def remove(self, key):
        self.pop(key, None)
