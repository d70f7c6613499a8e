"""Thievery in words: the sentence the log shows for each event (the engine owns it).

``describe(event, names, viewer=None)``: ``names[seat]`` is what the table calls each hand,
``viewer`` the seat reading the log (its own moves read "you"; None reads as nobody's).

>>> describe({"type": "guess", "by": 0, "hand": 1, "index": 2, "rank": 1, "hit": False}, ["Ann", "Bo"])
"Ann guessed Bo's 3rd card is an ace — wrong."
>>> describe({"type": "turn", "hand": 1}, ["Ann", "Bo"], viewer=1)
'Your turn.'
"""
from __future__ import annotations

from ..kit.words import Reader, capital, ordinal
from .rules import POWERS

RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def rank_word(rank) -> str:
    return RANK_WORDS.get(rank, str(rank))


def plural_rank(rank) -> str:
    word = rank_word(rank)
    return word + ("es" if word == "6" or word.endswith("x") else "s")


def article(rank) -> str:
    word = rank_word(rank)
    return ("an " if word in ("ace", "8") else "a ") + word


def _card(reader: Reader, hand: int, index: int) -> str:
    return f"{reader.whose(hand)} {ordinal(index + 1)} card"


def _guess(event, reader):
    verdict = "right, it flips!" if event["hit"] else "wrong."
    return (f"{reader.Who(event['by'])} guessed {_card(reader, event['hand'], event['index'])} "
            f"is {article(event['rank'])} — {verdict}")


def _draw(event, reader):
    if "power" in event:
        return f"{reader.Who(event['hand'])} drew {POWERS[event['power']]['title']}."
    return f"{reader.Who(event['hand'])} drew a power-up."


def _show(event, reader):
    if event["shown"]:
        detail = f" ({_card(reader, event['by'], event['index'])})" if "index" in event else ""
        return f"{reader.Who(event['by'])} showed {reader.who(event['to'])} a card{detail}."
    return f"{reader.Who(event['by'])} chose not to show {reader.who(event['to'])} a card."


def _learned(event, reader):
    how = {"casing": "Casing the joint", "tip_off": "a tip-off", "show": "your partner"}[event["how"]]
    return f"From {how}: {_card(reader, event['hand'], event['index'])} is {article(event['rank'])}."


def _count(event, reader):
    n, rank = event["face_down"], event["rank"]
    return (f"Loose lips: {n} {plural_rank(rank) if n != 1 else rank_word(rank)} "
            f"{'is' if n == 1 else 'are'} still face down.")


def _power(event, reader):
    power, by = event["power"], reader.Who(event["by"])
    title = POWERS[power]["title"]
    if power in ("casing", "crack"):
        rank = f": {article(event['rank'])}" if "rank" in event else ""
        return f"{by} played {title} on {_card(reader, event['hand'], event['index'])}{rank}."
    if power == "tip_off":
        return f"{by} played {title}, showing {reader.who(event['to'])} a card."
    if power == "stakeout":
        return f"{by} played {title}: nobody may guess at {reader.who(event['hand'])} until their next turn."
    if power == "misdirection":
        return (f"{by} played {title}: {reader.who(event['victim'])} must guess at "
                f"{reader.who(event['hand'])} next.")
    if power == "alarm":
        ended = f" {capital(reader.whose(event['ended']))} run ends." if "ended" in event else ""
        return f"{by} tripped the alarm!{ended}"
    if power == "loose_lips" and "rank" in event:
        return f"{by} played {title} on the {plural_rank(event['rank'])}."
    return f"{by} played {title}."


SENTENCES = {
    "locked": lambda event, reader: f"{reader.Who(event['hand'])} locked in.",
    "rows_down": lambda event, reader: "Every row turns face down. The guessing starts.",
    "turn": lambda event, reader: ("Your turn." if event["hand"] == reader.viewer
                                   else f"{reader.names[event['hand']]}'s turn."),
    "skip": lambda event, reader: f"{reader.Who(event['hand'])} had nothing to guess at; the turn passes.",
    "guess": _guess,
    "draw": _draw,
    "power": _power,
    "lapsed": lambda event, reader: f"The {POWERS[event['power']]['title']} lapses.",
    "show": _show,
    "learned": _learned,
    "count": _count,
    "take_over": lambda event, reader: f"{reader.names[event['hand']]} takes over hand {event['hand'] + 1}.",
    "win": lambda event, reader: reader.winners(event["winners"]),
}


def describe(event: dict, names: list, viewer=None) -> str:
    """The sentence the log shows for ``event``, read by ``viewer``."""
    return SENTENCES[event["type"]](event, Reader(names, viewer))
