"""A table that remembers: on this device, per name and game, games played and won and the best
result.  Pure Python over the same storage mapping the saves use (one key).

A game counts once, when it ends (the save's id is remembered).  Bots are not counted: the table
remembers people.  The best result is the board's own measure (``best_result``), else the score.

>>> store = {}
>>> class Storage(dict):
...     def set(self, key, value): self[key] = value
>>> storage = Storage()
>>> record_game(storage, "g1", "thievery", ["Ann", "Rook"], [0], {"winners": [0]}, lambda seat: (-2, "2 cards left hidden"))
True
>>> record_game(storage, "g1", "thievery", ["Ann", "Rook"], [0], {"winners": [0]}, lambda seat: (-2, "2 hidden"))
False
>>> [(row["name"], row["played"], row["won"], row["best"]) for row in rows(load(storage), "thievery")]
[('Ann', 1, 1, '2 cards left hidden')]
"""
from __future__ import annotations

import json

from .table import name_key

KEY = "thieves-table:stats"
COUNTED_KEPT = 500          # ids of counted games remembered (older ones cannot come back unfinished)


def load(storage) -> dict:
    try:
        data = json.loads(storage.get(KEY) or "{}")
    except ValueError:
        data = {}
    if not isinstance(data, dict) or not isinstance(data.get("games", {}), dict):
        return {"games": {}, "counted": []}
    data.setdefault("games", {})
    data["counted"] = [i for i in data.get("counted", []) if isinstance(i, str)]
    return data


def record_game(storage, save_id: str, game_id: str, names: list, people: list, outcome: dict, best_result) -> bool:
    """Count a finished game for its people (seats in ``people``); False when it was counted before
    (or storage refuses: the table forgets rather than stops the game)."""
    data = load(storage)
    if save_id in data["counted"]:
        return False
    table = data["games"].setdefault(game_id, {})
    for seat in people:
        key = name_key(names[seat])
        row = table.get(key) if isinstance(table.get(key), dict) else None
        row = row or {"name": names[seat], "played": 0, "won": 0, "best": None, "best_value": None}
        row["played"] = int(row.get("played", 0)) + 1
        row["won"] = int(row.get("won", 0)) + (seat in outcome["winners"])
        value, words = best_result(seat)
        if row.get("best_value") is None or value > row["best_value"]:
            row["best_value"], row["best"] = value, words
        row["name"] = names[seat]
        table[key] = row
    data["counted"] = (data["counted"] + [save_id])[-COUNTED_KEPT:]
    try:
        storage.set(KEY, json.dumps(data))
    except Exception:      # a full or blocked storage: the game itself is saved; the tally waits
        return False
    return True


def rows(data: dict, game_id: str) -> list:
    """The people who played this game here, most wins first."""
    table = data["games"].get(game_id, {})
    found = [row for row in table.values() if isinstance(row, dict) and row.get("played")]
    return sorted(found, key=lambda row: (-row.get("won", 0), -row.get("played", 0), row.get("name", "")))


def reset(storage) -> None:
    storage.set(KEY, json.dumps({"games": {}, "counted": load(storage)["counted"]}))
