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

import math

from . import records
from .save_store import MAX_ID_CHARS, MAX_NAME_CHARS, is_count
from .table import name_key

KEY = "thieves-table:stats"
COUNTED_KEPT = 500          # ids of counted games remembered (older ones cannot come back unfinished)


MAX_RESULT_CHARS = 200      # a best result in words ("2 cards left to find")


def _is_row(row) -> bool:
    """A player's row as record_game writes it: a name, whole counts with no more won than played,
    and the best result as a number and its words (or none yet)."""
    if not isinstance(row, dict) or set(row) - {"name", "played", "won", "best", "best_value"}:
        return False
    name, played, won = row.get("name"), row.get("played"), row.get("won")
    best, value = row.get("best"), row.get("best_value")
    return (isinstance(name, str) and 0 < len(name) <= MAX_NAME_CHARS
            and is_count(played) and is_count(won) and won <= played
            and (best is None and value is None
                 or isinstance(best, str) and len(best) <= MAX_RESULT_CHARS
                 and isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)))


def check(data, damaged) -> dict:
    """The tallies in a stored record, each part checked: a damaged row, game or list of counted
    games is dropped (said), the rest kept."""
    if not isinstance(data, dict):
        raise records.Damaged("it is not a table of games")
    games = data.get("games", {})
    if not isinstance(games, dict):
        damaged("the games")
        games = {}
    kept = {}
    for game_id, table in games.items():
        if not isinstance(table, dict):
            damaged("a game's rows")
            continue
        rows = {key: row for key, row in table.items() if _is_row(row)}
        if len(rows) != len(table):
            damaged("a player's row")
        kept[game_id] = rows
    counted = data.get("counted", [])
    if not isinstance(counted, list):
        damaged("the games counted")
        counted = []
    ids = [save_id for save_id in counted if isinstance(save_id, str) and len(save_id) <= MAX_ID_CHARS]
    if len(ids) != len(counted):
        damaged("the games counted")
    return {"games": kept, "counted": ids[-COUNTED_KEPT:]}


# Each game's rows (a name, four numbers, a few words) and the ids of the last games counted: a
# table of a thousand names is ~150 KB; nesting 4 deep ({"games": {game: {name: row}}}).
RECORD = records.Kind("stats", "The table's tallies", "they start again from nothing",
                      max_chars=2_000_000, max_nesting=4, check=check)


def load(storage) -> dict:
    """{"games": {game: {name key: row}}, "counted": [save id]}; a damaged record is set aside."""
    return records.read(storage, KEY, RECORD, default=lambda: {"games": {}, "counted": []})


def record_game(storage, save_id: str, game_id: str, names: list, people: list, outcome: dict, best_result) -> bool:
    """Count a finished game for its people (seats in ``people``); False when it was counted before
    (or storage refuses: the table forgets rather than stops the game)."""
    data = load(storage)
    if save_id in data["counted"]:
        return False
    table = data["games"].setdefault(game_id, {})
    for seat in people:
        key = name_key(names[seat])
        row = table.get(key) or {"name": names[seat], "played": 0, "won": 0, "best": None, "best_value": None}
        row["played"] += 1
        row["won"] += seat in outcome["winners"]
        value, words = best_result(seat)
        if row.get("best_value") is None or value > row["best_value"]:
            row["best_value"], row["best"] = value, words
        row["name"] = names[seat]
        table[key] = row
    data["counted"] = (data["counted"] + [save_id])[-COUNTED_KEPT:]
    return records.write(storage, KEY, data)   # refused (full, blocked): the game is saved; the tally waits


def rows(data: dict, game_id: str) -> list:
    """The people who played this game here, most wins first."""
    table = data["games"].get(game_id, {})
    found = [row for row in table.values() if row["played"]]
    return sorted(found, key=lambda row: (-row["won"], -row["played"], row["name"]))


def reset(storage) -> None:
    records.write(storage, KEY, {"games": {}, "counted": load(storage)["counted"]})
