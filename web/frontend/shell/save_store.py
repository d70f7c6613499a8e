"""Saved games: one record per game in the browser's storage, written after every action, and a
small index entry beside it so the home screen lists every game without replaying any.

A save is JSON: {"format", "id", "game", "table", "record", "created", "updated", "revision",
"seen"}; "seen" (may be missing) says how far each person seat had seen the public log when it
last acted, so a resumed game still tells each person what happened since their last move;
"record" is the engine's own game record (pycore.record), so loading a save is pycore.replay.
"revision" counts the writes: a tab writes only over the revision it loaded, so two tabs on one
game never replace a newer record with an older one.  Storage is any mapping-like object with
keys(), get(key), set(key, value) and remove(key): localStorage in the browser (dom.LocalStorage,
which writes behind and tells a refusal, storage full or another tab first, by dom.on_refused), a
dict in tests.

Saves also arrive in files and links from other people (transfer.py), so every field is checked as
the app writes it, no looser than a new game's own checks, and in time linear in the text.
"""
from __future__ import annotations

import json
import math
import unicodedata
from dataclasses import dataclass, field

import pycore

from .records import Unreadable, nesting, parse
from .table import NAME_MAX, Table, name_key

PREFIX = "thieves-table:save:"
INDEX_PREFIX = "thieves-table:index:"
FORMAT = 1
MAX_SAVE_CHARS = 2_000_000     # a long game's save is tens of KB; anything this big is not ours
MAX_NESTING = 20               # a save nests 4 deep and its record 4: deeper is damage
KEEP_FINISHED = 20             # finished games the home screen offers to keep when there are more
MAX_ID_CHARS = 100             # an id is the game and a clock reading ("thievery-18c2…"), a suffix on import
MAX_COUNT = 10**9              # revisions, take-backs, hints: a game never comes near a billion
MAX_NAME_CHARS = 16 * NAME_MAX   # code points: a visible character is at most 16 (👨🏽‍👩🏽‍👧🏽‍👦🏽 is 11)
LATEST_TIME = 10**11           # seconds since 1970 (the year 5138): later is no clock reading


class BadSave(ValueError):
    """A save that cannot be read; the message says why."""


class SaveFailed(Exception):
    """A write that did not happen; the message says so plainly."""


class StorageFull(SaveFailed):
    pass


class SaveConflict(SaveFailed):
    """Another tab wrote (or deleted) this game since this tab loaded it."""


@dataclass
class Save:
    id: str
    game: str
    table: Table
    state: object
    created: float
    updated: float
    revision: int = 0          # the stored revision this copy was loaded from (0: never stored)
    seen: dict = field(default_factory=dict)    # seat -> public log length when it last acted
    takebacks: int = 0         # moves taken back (the end screen and the saves list say so)
    hints: dict = field(default_factory=dict)   # seat -> hints asked for

    def to_json(self, revision: int | None = None) -> str:
        return json.dumps({"format": FORMAT, "id": self.id, "game": self.game,
                           "table": self.table.to_json(), "record": pycore.record(self.state),
                           "created": self.created, "updated": self.updated,
                           "revision": self.revision if revision is None else revision,
                           "seen": {str(seat): count for seat, count in self.seen.items()},
                           "takebacks": self.takebacks,
                           "hints": {str(seat): count for seat, count in self.hints.items()}})


@dataclass
class Entry:
    """What the home screen shows of a save, read without replaying it."""
    id: str
    game: str
    names: list
    summary: str               # whose turn, how far along (the game screen's own words)
    updated: float
    finished: bool
    revision: int
    size: int                  # characters of the save's text, to tell a stale entry and show use

    def to_json(self) -> str:
        return json.dumps(self.__dict__)

    @classmethod
    def from_json(cls, text: str) -> "Entry":
        data = _parse(text, "index entry")
        entry = cls(**data)     # a missing or unknown field is a TypeError
        if not (isinstance(entry.id, str) and isinstance(entry.game, str)
                and isinstance(entry.names, list) and all(isinstance(n, str) for n in entry.names)
                and isinstance(entry.summary, str) and isinstance(entry.finished, bool)
                and is_time(entry.updated) and is_count(entry.size) and is_count(entry.revision)):
            raise ValueError("an index entry has the wrong shape")
        return entry


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_time(value) -> bool:
    """A clock reading as a save keeps it: seconds since 1970, finite, not before it nor from
    LATEST_TIME on (NaN, -Infinity or -1e308 would break every date drawn from it)."""
    return _is_number(value) and math.isfinite(value) and 0 <= value < LATEST_TIME


def is_count(value) -> bool:
    """A whole number from 0 to MAX_COUNT (JSON's true is not 1 here)."""
    return type(value) is int and 0 <= value <= MAX_COUNT


def check_id(save_id) -> str | None:
    """Why save_id cannot name a saved game, or None: it is text of 1 to MAX_ID_CHARS characters,
    none of them invisible or reversing (an id shows in the address bar and on the home screen)."""
    if not isinstance(save_id, str) or not save_id.strip():
        return "it does not say which game it is"
    if len(save_id) > MAX_ID_CHARS:
        return f"its name is {len(save_id):,} characters long"
    if any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp") for char in save_id):
        return "its name holds invisible or reversing characters"
    return None


def check_table(table: Table, game, options: dict):
    """The checks a new game's table passes (screens.setup_table): every name is checked as it is
    read (table.check_name), no two people share one, and the game allows this seating.  Raises
    ValueError saying why."""
    keys = [name_key(name) for seat in table.seats for name in seat.people]
    if len(set(keys)) != len(keys):
        raise ValueError("two people at its table have the same name")
    game.check_seating(table.to_json(), options)


def table_from_json(data) -> Table:
    """The table a save or file describes, refused (ValueError) unless every seat is written as the
    app writes it: people a list of text names, bot a level or null, phone true where a phone plays
    it (Seat.from_json checks the rest), nothing else."""
    if not isinstance(data, list) or not all(isinstance(seat, dict) for seat in data):
        raise ValueError("it does not say who sits at the table")
    for seat in data:
        people = seat.get("people", [])
        if (set(seat) - {"people", "bot", "phone"} or not isinstance(people, list)
                or not all(isinstance(name, str) for name in people)
                or not isinstance(seat.get("bot"), (str, type(None)))):
            raise ValueError("a seat at its table is not one or two names or a bot")
        for name in people:      # before check_name reads it character by character
            if len(name) > MAX_NAME_CHARS:
                raise ValueError(f"a name at its table is {len(name):,} characters long; "
                                 f"a name can have at most {NAME_MAX}")
    return Table.from_json(data)


def _parse(text, what: str):
    """The save's text read by the reader every stored record goes through (records.parse)."""
    try:
        return parse(text, MAX_SAVE_CHARS, MAX_NESTING)
    except Unreadable as error:
        reason = error.reason + (" to be a game" if error.reason.endswith("nests too deep") else "")
        raise BadSave(f"This save is damaged: its {what} {reason}.") from None


def load_text(text, key_id: str | None = None) -> Save:
    """The save in text, checked field by field; anything wrong with it raises BadSave and only that."""
    try:
        return _load(text, key_id)
    except BadSave:
        raise
    except pycore.BadRecord as error:
        raise BadSave(f"This save cannot be replayed: {error}") from None
    except Exception as error:     # a shape nobody foresaw must still be a listed bad save
        raise BadSave(f"This save is damaged ({type(error).__name__}: {error}).") from None


def _load(text, key_id: str | None) -> Save:
    data = _parse(text, "text")
    if not isinstance(data, dict) or type(data.get("format")) is not int or data["format"] != FORMAT:
        raise BadSave("This save was not written by this version of Thieves' Table.")
    save_id = data.get("id")
    problem = check_id(save_id)
    if problem:
        raise BadSave(f"This save is damaged: {problem}.")
    if key_id is not None and save_id != key_id:
        raise BadSave(f"This save is damaged: it is stored as “{key_id}” but holds the game “{save_id}”.")
    if not isinstance(data.get("table"), list) or not all(isinstance(seat, dict) for seat in data["table"]):
        raise BadSave("This save is damaged: it does not say who sits at the table.")
    for moment in ("created", "updated"):
        if not is_time(data.get(moment, 0)):
            raise BadSave(f"This save is damaged: its “{moment}” time is not a time.")
    revision = data.get("revision", 0)
    if not is_count(revision):
        raise BadSave("This save is damaged: its revision is not a count.")
    takebacks = data.get("takebacks", 0)
    if not is_count(takebacks):
        raise BadSave("This save is damaged: its take-backs are not a count.")
    record = data.get("record")
    check_record(record)
    try:
        table = table_from_json(data["table"])
    except ValueError as error:
        raise BadSave(f"This save is damaged: {error}") from None
    state = pycore.replay(record)
    if len(table.seats) != state.seats or data.get("game") != state.game.id:
        raise BadSave("This save is damaged: its table does not match its game.")
    try:
        check_table(table, state.game, state.options)
    except ValueError as error:
        raise BadSave(f"This save is damaged: {error}") from None
    return Save(save_id, state.game.id, table, state, float(data.get("created", 0)),
                float(data.get("updated", 0)), revision, seat_counts(data.get("seen"), state.seats), takebacks,
                seat_counts(data.get("hints"), state.seats))


def check_record(record):
    """The size and depth checks on a game record's text, before the engine parses it (BadSave)."""
    _parse(record, "game record")


def seat_counts(value, seats: int) -> dict:
    """seat -> count as a save keeps it ({"0": 3}); anything damaged is forgotten (a recap's starting
    points, hints asked: nothing a game depends on)."""
    if not isinstance(value, dict) or not all(
            isinstance(key, str) and key.isdecimal() and len(key) < 4 and int(key) < seats
            and is_count(count) for key, count in value.items()):
        return {}
    return {int(key): count for key, count in value.items()}


def _stored_revision(text) -> int | None:
    """The revision of stored text, or None when it is not a readable save."""
    try:
        data = _parse(text, "text")
    except BadSave:
        return None
    revision = data.get("revision", 0) if isinstance(data, dict) else None
    return revision if isinstance(revision, int) else None


@dataclass
class Listing:
    entries: list             # [(save_id, Entry or BadSave)]: in progress and bad first, newest first
    used_bytes: int           # what the saves take in storage (UTF-16: two bytes a character)

    @property
    def finished(self) -> list:
        return [entry for _, entry in self.entries if isinstance(entry, Entry) and entry.finished]


class SaveStore:
    def __init__(self, storage, summarize=None):
        self.storage = storage
        self.summarize = summarize or (lambda save: "")

    # -- writing --------------------------------------------------------------------------------
    def put(self, save: Save):
        """Store the save over the revision it was loaded from, then its index entry.

        Raises SaveConflict when another tab has written or deleted it since, StorageFull when the
        device is full; either way nothing is changed and save.revision stays the stored one.
        """
        key = PREFIX + save.id
        stored = self.storage.get(key)
        if stored is None and save.revision:
            raise SaveConflict("This game was deleted in another tab, so this move is not saved.")
        if stored is not None and _stored_revision(stored) != save.revision:
            raise SaveConflict("This game moved on in another tab, so this move is not saved.")
        text = save.to_json(revision=save.revision + 1)
        self.storage.set(key, text)
        entry = self.entry(save, save.revision + 1, len(text))
        try:
            self.storage.set(INDEX_PREFIX + save.id, entry.to_json())
        except StorageFull:
            self._restore(key, stored)     # the old text was stored before: it fits again
            raise
        save.revision += 1

    def _restore(self, key: str, text):
        if text is None:
            self.storage.remove(key)
        else:
            self.storage.set(key, text)

    def entry(self, save: Save, revision: int, size: int) -> Entry:
        return Entry(save.id, save.game, save.table.names(), self.summarize(save), save.updated,
                     bool(save.state.is_over), revision, size)

    def remove(self, save_id: str):
        self.storage.remove(PREFIX + save_id)
        self.storage.remove(INDEX_PREFIX + save_id)

    def remove_finished(self, keep: int = 0) -> tuple:
        """Delete finished games but the newest `keep`: (how many, bytes freed)."""
        finished = self.listing().finished
        doomed = finished[keep:]
        for entry in doomed:
            self.remove(entry.id)
        return len(doomed), sum(2 * entry.size for entry in doomed)

    # -- reading --------------------------------------------------------------------------------
    def load(self, save_id: str) -> Save:
        text = self.storage.get(PREFIX + save_id)
        if text is None:
            raise BadSave("There is no saved game with that name on this device.")
        return load_text(text, save_id)

    def has(self, save_id: str) -> bool:
        return self.storage.get(PREFIX + save_id) is not None

    def text(self, save_id: str):
        """A save as stored (its JSON text, unread), or None."""
        return self.storage.get(PREFIX + save_id)

    def listing(self) -> Listing:
        """Every save, from the index; a save with no (or a stale) entry is read once and indexed.
        One bad save never hides the others."""
        keys = set(self.storage.keys())
        entries, used = [], 0
        for key in sorted(keys):
            if key.startswith(INDEX_PREFIX) and PREFIX + key[len(INDEX_PREFIX):] not in keys:
                self.storage.remove(key)             # the save went (another tab, an old version)
            if not key.startswith(PREFIX):
                continue
            save_id = key[len(PREFIX):]
            text = self.storage.get(key) or ""
            used += 2 * (len(key) + len(text))
            entries.append((save_id, self._entry_for(save_id, text)))
        entries.sort(key=lambda item: (isinstance(item[1], Entry) and item[1].finished,
                                       -item[1].updated if isinstance(item[1], Entry) else 0))
        return Listing(entries, used)

    def _entry_for(self, save_id: str, text: str):
        indexed = self.storage.get(INDEX_PREFIX + save_id)
        if indexed is not None:
            try:
                entry = Entry.from_json(indexed)
                if entry.size == len(text) and entry.id == save_id:
                    return entry
            except (BadSave, TypeError, ValueError):
                pass                                   # rebuilt below
        try:
            save = load_text(text, save_id)
        except BadSave as error:
            return error
        entry = self.entry(save, save.revision, len(text))
        try:
            self.storage.set(INDEX_PREFIX + save_id, entry.to_json())
        except SaveFailed:
            pass                                       # listed all the same; indexed another time
        return entry
