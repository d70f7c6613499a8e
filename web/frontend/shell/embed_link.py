"""The embed link (embed.html?game=…&mode=…&seed=…&part=…&parent=…) read and checked: pure Python.

Every bad parameter is refused with a sentence that says what to write instead; the app shows it
in the frame and posts it to the parent page as an `error` message.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

MODES = ("demo", "tutorial", "replay")
SEED_DIGITS = 9
_SEED = re.compile(rf"-?[0-9]{{1,{SEED_DIGITS}}}", re.ASCII)   # ASCII digits: "²" is a digit to str.isdigit


class EmbedProblem(ValueError):
    """A link the embed cannot play; the message is for the person who wrote the link, and goes
    to `parent` (the named page around the frame once that is known good, else the frame's own origin)."""

    def __init__(self, message: str, parent: str = ""):
        super().__init__(message)
        self.parent = parent


@dataclass
class EmbedSettings:
    game: str
    mode: str
    seed: int
    parent: str            # the origin the frame reports to
    record: str = ""       # mode=replay: the game to watch back (a shared link's payload)
    at: int | None = None  # mode=replay: the move to show first (None: the end)
    part: str = ""         # mode=tutorial: one of the game's shorter lessons ("solo"), "" the whole game


def shown(value: str, limit: int = 24) -> str:
    """A parameter quoted back without pasting 5,000 characters into the page."""
    return value if len(value) <= limit else value[:limit] + "…"


def check_origin(value: str) -> str:
    """An origin as written in parent=…: scheme://host[:port], nothing more."""
    try:
        parts = urlsplit(value)
        port = parts.port           # raises ValueError for a bad port
    except ValueError:
        parts, port = None, None
    if (parts is None or parts.scheme not in ("http", "https") or not parts.hostname
            or parts.path not in ("", "/") or parts.query or parts.fragment or parts.username):
        raise EmbedProblem(f"The parent must be a web origin such as https://rules.example, not “{shown(value)}”.")
    return f"{parts.scheme}://{parts.hostname}" + (f":{port}" if port else "")


def read_link(query: dict, games: list, own_origin: str, framed_by: str | None,
              parts: dict | None = None) -> EmbedSettings:
    """The settings of an embed link, or EmbedProblem saying what is wrong with it.

    parts: game id -> the parts its shorter lessons teach (part=… names one, with mode=tutorial).
    framed_by: the origin of the page around the frame ("" unknown, None when not framed).  The
    frame reports to its own origin unless parent=… names another one, and that must be the page
    actually around it, so moves are never told to a page the link did not name.
    """
    parent = own_origin
    if "parent" in query:
        try:
            parent = check_origin(query["parent"])
        except EmbedProblem as problem:
            raise EmbedProblem(str(problem), own_origin) from None
    if framed_by and framed_by != parent:
        raise EmbedProblem(f"This table reports to {parent}, but the page around it is {framed_by}: "
                           f"add parent={framed_by} to the link if that page is meant to show it.", own_origin)
    known = ", ".join(games)
    game = query.get("game", "")
    if game not in games:
        raise EmbedProblem(f"There is no game “{shown(game)}” at this table. Games here: {known}." if game
                           else f"Say which game to show: embed.html?game=… (games here: {known}).", parent)
    mode = query.get("mode", "demo")
    if mode not in MODES:
        raise EmbedProblem(f"The mode must be demo, tutorial or replay, not “{shown(mode)}”.", parent)
    if mode == "replay":
        record, at = query.get("record", ""), query.get("at", "")
        if not record:
            raise EmbedProblem("A replay needs the game to show: record=… (copy it from “Embed this moment”).", parent)
        if at and not (at.isascii() and at.isdigit() and len(at) <= 6):
            raise EmbedProblem(f"at= must be a move number such as 12, not “{shown(at)}”.", parent)
        return EmbedSettings(game, mode, 0, parent, record, int(at) if at else None)
    seed = query.get("seed", "1")
    if not _SEED.fullmatch(seed):
        raise EmbedProblem(f"The seed must be a whole number of at most {SEED_DIGITS} digits "
                           f"(such as 7 or -12), not “{shown(seed)}”.", parent)
    part = query.get("part", "")
    if part:
        known_parts = list((parts or {}).get(game, ()))
        if mode != "tutorial":
            raise EmbedProblem(f"part=… names a lesson: write mode=tutorial with it, not mode={shown(mode)}.", parent)
        if part not in known_parts:
            raise EmbedProblem(f"This game has no lesson “{shown(part)}”"
                               + (f": write part={' or part='.join(known_parts)}, or leave part out." if known_parts
                                  else ": leave part out for its guided first game."), parent)
    return EmbedSettings(game, mode, int(seed), parent, part=part)
