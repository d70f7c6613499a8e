"""Saved games: one record per game in the browser's storage, written after every action.

A save is JSON: {"format", "id", "game", "table", "record", "created", "updated"}; "record" is the
engine's own game record (pycore.record), so loading a save is pycore.replay.  Storage is any
mapping-like object with keys(), get(key), set(key, value) and remove(key): localStorage in the
browser, a dict in tests.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

import pycore

from .table import Table

PREFIX = "thieves-table:save:"
FORMAT = 1


class BadSave(ValueError):
    """A save that cannot be read; the message says why."""


@dataclass
class Save:
    id: str
    game: str
    table: Table
    state: object
    created: float
    updated: float

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "id": self.id, "game": self.game,
                           "table": self.table.to_json(), "record": pycore.record(self.state),
                           "created": self.created, "updated": self.updated})


def load_text(text: str) -> Save:
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        raise BadSave("This save is damaged: it is not readable data.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadSave("This save was not written by this version of Thieves' Table.")
    try:
        table = Table.from_json(data["table"])
        state = pycore.replay(data["record"])
    except pycore.BadRecord as error:
        raise BadSave(f"This save cannot be replayed: {error}") from None
    except (KeyError, TypeError, ValueError) as error:
        raise BadSave(f"This save is damaged: {error}") from None
    if len(table.seats) != state.seats or data.get("game") != state.game.id:
        raise BadSave("This save is damaged: its table does not match its game.")
    return Save(str(data["id"]), state.game.id, table, state,
                float(data.get("created", 0)), float(data.get("updated", 0)))


class SaveStore:
    def __init__(self, storage):
        self.storage = storage

    def put(self, save: Save):
        self.storage.set(PREFIX + save.id, save.to_json())

    def load(self, save_id: str) -> Save:
        text = self.storage.get(PREFIX + save_id)
        if text is None:
            raise BadSave("There is no saved game with that name on this device.")
        return load_text(text)

    def remove(self, save_id: str):
        self.storage.remove(PREFIX + save_id)

    def all(self) -> list:
        """[(save_id, Save or BadSave)], newest first; one bad save never hides the others."""
        found = []
        for key in list(self.storage.keys()):
            if not key.startswith(PREFIX):
                continue
            save_id = key[len(PREFIX):]
            try:
                found.append((save_id, self.load(save_id)))
            except BadSave as error:
                found.append((save_id, error))
        found.sort(key=lambda item: -item[1].updated if isinstance(item[1], Save) else 0)
        return found
