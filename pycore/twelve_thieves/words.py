"""12 Thieves in words: the sentence the log shows for each event (the engine owns it).

``describe(event, names, viewer=None)``: ``names[seat]`` is what the table calls each player,
``viewer`` the seat reading the log (its own moves read "you").  Palaces are named as on the
board: "the Sun palace".

>>> describe({"type": "place_thief", "by": 1, "palace": 2, "pay": ["star", "dancer"]}, ["Ann", "Bo"])
'Bo placed a thief at the Star palace, paying 1 Star and 1 Dancer.'
>>> describe({"type": "steal", "by": 0, "palace": 0, "chest": 4, "chests": 1}, ["Ann", "Bo"], 0)
'You stole the 4-chest of the Sun palace: 4 thieves go home (1 chest now).'
"""
from __future__ import annotations

from ..kit.words import Reader, guard_words, join_names
from .rules import CARDS, DANCER, GUARD_ROUNDS, PALACE_NAMES, PALACES

CARD_NAMES = {**PALACE_NAMES, DANCER: "Dancer"}
PALACE_SYMBOLS = {"sun": "☀", "moon": "☾", "star": "★", "lamp": "♨", "rose": "✿", "key": "⚷",
                  DANCER: "✦"}


def palace_name(palace: int) -> str:
    """'the Sun palace'"""
    return f"the {PALACE_NAMES[PALACES[palace]]} palace"


def cards_words(cards) -> str:
    """['sun', 'sun', 'dancer'] -> '2 Sun and 1 Dancer'"""
    counts = [(CARD_NAMES[card], list(cards).count(card)) for card in CARDS if card in cards]
    return join_names([f"{count} {name}" for name, count in counts]) or "nothing"


def _plural(count, word):
    return f"{count} {word}{'' if count == 1 else 's'}"


def _turn(event, reader):
    return f"Round {event['round']}: {reader.whose(event['seat'])} turn."


def _deal(event, reader):
    if "cards" in event:
        return f"The cards are dealt: you hold {cards_words(event['cards'])}."
    return f"The cards are dealt: {join_names([str(n) for n in event['hands']])} cards in turn order."


def _steal(event, reader):
    return (f"{reader.Who(event['by'])} stole the {event['chest']}-chest of {palace_name(event['palace'])}: "
            f"{event['chest']} thieves go home ({_plural(event['chests'], 'chest')} now).")


def _move(what):
    def sentence(event, reader):
        return (f"{reader.Who(event['by'])} moved {what} from {palace_name(event['from'])} to "
                f"{palace_name(event['to'])}, paying {cards_words(event['pay'])}.")
    return sentence


def _draw(event, reader):
    parts = []
    if "cards" in event and event["cards"]:
        parts.append(cards_words(event["cards"]))
    elif event["deck"]:
        parts.append(_plural(event["deck"], "card"))
    if event["dancers"]:
        parts.append(f"{_plural(event['dancers'], 'Dancer')} from the supply")
    return f"{reader.Who(event['by'])} drew {join_names(parts) or 'nothing (no cards left)'}."


def _over(event, reader):
    chests = ", ".join(f"{reader.who(seat)} {count}" for seat, count in enumerate(event["chests"]))
    if event["reason"] == "guard":
        return f"{guard_words(GUARD_ROUNDS)} (Chests: {chests}.)"
    return f"{reader.winners(event['winners'])} (chests: {chests})"


SENTENCES = {
    "place_guard": lambda event, reader: (f"{reader.Who(event['by'])} placed a guard at "
                                          f"{palace_name(event['palace'])}."),
    "deal": _deal,
    "turn": _turn,
    "place_thief": lambda event, reader: (f"{reader.Who(event['by'])} placed a thief at "
                                          f"{palace_name(event['palace'])}, "
                                          f"paying {cards_words(event['pay'])}."),
    "steal": _steal,
    "escort": _move("a guard and a thief"),
    "move_guard": _move("a guard"),
    "move_neutral": _move("a neutral guard"),
    "reshuffle": lambda event, reader: (f"The deck ran out: {_plural(event['cards'], 'discard')} "
                                        f"shuffled into a new deck."),
    "draw": _draw,
    "over": _over,
}


def describe(event: dict, names: list, viewer=None) -> str:
    """The sentence the log shows for ``event``, read by ``viewer``."""
    return SENTENCES[event["type"]](event, Reader(names, viewer))
