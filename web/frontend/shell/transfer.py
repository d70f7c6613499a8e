"""Keeping games beyond this browser: pure Python.

- An export file holds saves exactly as the app stores them; importing one checks every save the
  way a stored save is checked (save_store.load_text), and takes all of them or none.
- A shared link carries a finished game in the URL's fragment (never sent to a server): the record
  and the table's names, compressed.  It opens in Watch it back; the embed reads the same payload.

>>> text = share_payload('{"game": "thievery"}', ["Ann", "Ben"])
>>> read_share(text)
('{"game": "thievery"}', ['Ann', 'Ben'])
>>> try:
...     read_share("not-a-payload")
... except BadFile as refusal:
...     print(refusal)
This link does not hold a game (it is damaged or cut short).
"""
from __future__ import annotations

import base64
import json
import zlib

from .save_store import BadSave, Save, load_text, nesting

FILE_FORMAT = "thieves-table-saves"
FILE_VERSION = 1
MAX_FILE_CHARS = 20_000_000
MAX_SHARE_CHARS = 400_000


class BadFile(ValueError):
    """A file or link that cannot be taken in; the message says why, and nothing was changed."""


def export_text(saves_text: list) -> str:
    """An export file of stored saves (their text as stored)."""
    return json.dumps({"format": FILE_FORMAT, "version": FILE_VERSION, "saves": [json.loads(text) for text in saves_text]},
                      indent=1)


def read_export(text) -> list:
    """The saves of an export file, every one checked; BadFile (naming the first bad one) if any is not
    a game this table can open, so an import takes all of them or none."""
    if not isinstance(text, str) or len(text) > MAX_FILE_CHARS:
        raise BadFile("This file is not a Thieves' Table export (it is too large or not text).")
    if nesting(text) > 40:
        raise BadFile("This file is not a Thieves' Table export (it nests too deep).")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadFile("This file is not a Thieves' Table export (it is not readable data).") from None
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
        raise BadFile("This file is not a Thieves' Table export.")
    if data.get("version") != FILE_VERSION or not isinstance(data.get("saves"), list):
        raise BadFile("This export was made by another version of Thieves' Table.")
    saves = []
    for number, stored in enumerate(data["saves"], 1):
        try:
            saves.append(load_text(json.dumps(stored)))
        except BadSave as error:
            raise BadFile(f"Game {number} of this file cannot be opened, so nothing was imported: {error}") from None
        except (TypeError, ValueError):
            raise BadFile(f"Game {number} of this file is damaged, so nothing was imported.") from None
    if not saves:
        raise BadFile("This file holds no games.")
    return saves


def import_id(save: Save, taken) -> str:
    """The id an imported save is stored under: its own, unless that is taken by another game."""
    if save.id not in taken:
        return save.id
    number = 2
    while f"{save.id}-{number}" in taken:
        number += 1
    return f"{save.id}-{number}"


def share_payload(record: str, names: list) -> str:
    """A finished game as a link's fragment: its record and names, compressed, URL-safe."""
    raw = json.dumps({"record": record, "names": names}, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def read_share(payload: str) -> tuple:
    """(record text, names) of a shared link; BadFile if it is damaged."""
    if not isinstance(payload, str) or not payload or len(payload) > MAX_SHARE_CHARS:
        raise BadFile("This link does not hold a game (it is empty or far too long).")
    try:
        raw = zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), bufsize=1 << 16)
        if len(raw) > 4 * MAX_SHARE_CHARS * 10:
            raise ValueError("too large")
        data = json.loads(raw)
        record, names = data["record"], data["names"]
    except (ValueError, KeyError, TypeError, zlib.error, RecursionError):
        raise BadFile("This link does not hold a game (it is damaged or cut short).") from None
    if not isinstance(record, str) or not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise BadFile("This link does not hold a game (it is damaged or cut short).")
    return record, names
