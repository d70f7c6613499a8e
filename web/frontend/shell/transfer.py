"""Games carried beyond this browser: export files, imports and shared links.  Pure Python.

- An export file holds saves exactly as the app stores them; importing one checks every save the
  way a stored save is checked (save_store.load_text), and takes all of them or none.
- A shared link carries a finished game in the URL's fragment (never sent to a server): the record
  and the table's names, compressed.  It opens in Watch it back; the embed reads the same payload.

Files and links come from strangers: every check here takes time linear in the text's size, and a
link is inflated only up to what a game's record could be (a link of 330 KB could inflate to 256 MB).

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

import pycore

from .save_store import MAX_ID_CHARS, MAX_NAME_CHARS, MAX_SAVE_CHARS, BadSave, Save, check_record, load_text, nesting
from .table import check_name

FILE_FORMAT = "thieves-table-saves"
FILE_VERSION = 1
MAX_FILE_CHARS = 10_000_000    # twice what any browser's storage holds (5 million characters)
MAX_SHARE_CHARS = 400_000
# A link's JSON: the record (at most a save's size, its quotes escaped) and the names.
MAX_SHARE_INFLATED = 2 * MAX_SAVE_CHARS + 1_000_000
MAX_SHARE_NAMES = 64          # names a link may carry: more than the largest table has seats
MAX_LABEL_CHARS = 2 * MAX_NAME_CHARS + 3    # two people's names sharing a seat, and " & "


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
    if nesting(text, 40) > 40:
        raise BadFile("This file is not a Thieves' Table export (it nests too deep).")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadFile("This file is not a Thieves' Table export (it is not readable data).") from None
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
        raise BadFile("This file is not a Thieves' Table export.")
    if type(data.get("version")) is not int or data["version"] != FILE_VERSION or not isinstance(data.get("saves"), list):
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
    while True:
        suffix = f"-{number}"
        candidate = save.id[:MAX_ID_CHARS - len(suffix)] + suffix     # still an id a save may have
        if candidate not in taken:
            return candidate
        number += 1


def game_key(stored) -> tuple | None:
    """What makes two saves the same game (a file imported twice): its game, its table, its record
    and when it began; from a Save, or from the text a save is stored as (None if unreadable)."""
    if isinstance(stored, Save):
        return stored.game, json.dumps(stored.table.to_json()), pycore.record(stored.state), stored.created
    try:
        data = json.loads(stored)
        return data["game"], json.dumps(data["table"]), data["record"], data["created"]
    except (TypeError, ValueError, KeyError):
        return None


def import_file(store, text) -> str:
    """The games of an exported file put in ``store`` under ids of their own, each game once (the
    same file imported again adds nothing, and says so); what to tell the person.  Raises BadFile
    (nothing imported) or the store's SaveFailed (some imported)."""
    saves = read_export(text)
    taken = {save_id for save_id, _ in store.listing().entries}
    here = {game_key(store.text(save_id)) for save_id in taken}
    new = []
    for save in saves:
        key = game_key(save)
        if key in here:
            continue
        here.add(key)
        new.append(save)
    for save in new:
        save.id = import_id(save, taken)
        save.revision = 0
        taken.add(save.id)
        store.put(save)
    return imported_words(len(new), len(saves) - len(new))


def imported_words(imported: int, already: int) -> str:
    """What an import tells the person.

    >>> imported_words(2, 0), imported_words(1, 2), imported_words(0, 1)
    ('Imported 2 games.', 'Imported 1 game; 2 were already on this device.', 'Nothing imported: that game is already on this device.')
    """
    games = f"{imported} game{'s' if imported != 1 else ''}"
    if not already:
        return f"Imported {games}."
    if not imported:
        return ("Nothing imported: that game is already on this device." if already == 1 else
                f"Nothing imported: those {already} games are already on this device.")
    return f"Imported {games}; {already} {'was' if already == 1 else 'were'} already on this device."


def share_payload(record: str, names: list) -> str:
    """A finished game as a link's fragment: its record and names, compressed, URL-safe."""
    raw = json.dumps({"record": record, "names": names}, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def inflate(packed: bytes, limit: int) -> bytes:
    """A whole zlib stream inflated, never more than `limit` bytes of it held: ValueError past the
    limit (zlib.decompress inflates it all first; its bufsize is only where it starts)."""
    inflater = zlib.decompressobj()
    raw = inflater.decompress(packed, limit + 1)
    if len(raw) > limit:
        raise ValueError(f"it inflates past {limit:,} bytes")
    if not inflater.eof or inflater.unused_data:
        raise ValueError("it is cut short, or something follows it")
    return raw


def check_label(label) -> str:
    """A seat's name as a link carries it (Table.names: one person, two joined by " & ", or a
    bot's): each person's name checked as a new game checks it (table.check_name)."""
    if not isinstance(label, str):
        raise ValueError("a name in this link is not text.")
    if len(label) > MAX_LABEL_CHARS:
        raise ValueError(f"a name in this link is {len(label):,} characters long; a name can have at most 20.")
    try:
        return check_name(label)
    except ValueError as whole_refused:
        for at in (i for i in range(len(label)) if label.startswith(" & ", i)):
            try:
                return f"{check_name(label[:at])} & {check_name(label[at + 3:])}"
            except ValueError:
                continue
        raise whole_refused from None


def read_share(payload: str) -> tuple:
    """(record text, names) of a shared link; BadFile if it is damaged."""
    if not isinstance(payload, str) or not payload or len(payload) > MAX_SHARE_CHARS:
        raise BadFile("This link does not hold a game (it is empty or far too long).")
    try:
        raw = inflate(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), MAX_SHARE_INFLATED)
        if nesting(raw, 4) > 4:            # {"record": "...", "names": [...]}
            raise ValueError("it nests too deep")
        data = json.loads(raw)
        record, names = data["record"], data["names"]
    except (ValueError, KeyError, TypeError, zlib.error, RecursionError):
        raise BadFile("This link does not hold a game (it is damaged or cut short).") from None
    if not isinstance(record, str) or not isinstance(names, list) or len(names) > MAX_SHARE_NAMES:
        raise BadFile("This link does not hold a game (it is damaged or cut short).")
    try:
        check_record(record)
    except BadSave:
        raise BadFile("This link does not hold a game (its record is damaged).") from None
    try:
        names = [check_label(name) for name in names]
    except ValueError as error:
        raise BadFile(f"This link's names are not a table's: {error}") from None
    return record, names
