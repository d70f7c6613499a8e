"""Guild of Thieves in words: the sentence the log shows for each event (the engine owns it).

``describe(event, names, viewer=None)``: ``names[seat]`` is what the table calls each player,
``viewer`` the seat reading the log (its own moves read "you"; None reads as nobody's).  Houses
are named as on the board, numbered from 1 row by row: "slum 3", "rich house 7".

>>> describe({"type": "rob", "by": 1, "house": 6, "kind": "rich", "owner": None, "guess": "H",
...           "hit": False}, ["Ann", "Bo"])
'Bo named Hearts at rich house 7: wrong lock.'
>>> describe({"type": "over", "winners": [], "reason": "stuck", "combination": "5H"}, ["Ann", "Bo"])
'The Joker is stuck in the Guild House: the game is a draw. The combination was the 5 of Hearts.'
"""
from __future__ import annotations

from ..kit.words import Reader, capital, join_names
from .rules import JOKER, ROYAL_NAMES, SUIT_NAMES, card_name, rank_of, suit_of

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
GUESS_WORDS = {**SUIT_NAMES, **ROYAL_NAMES}
# Why a game ended in a draw, by the engine's "reason".
DRAW_REASONS = {"all_out": "everyone is out", "agreed": "everyone agreed",
                "rounds": "100 rounds passed without a winner",
                "stuck": "the Joker is stuck in the Guild House"}


def card_text(card: str) -> str:
    """'10H' -> '10♥', 'JK' -> 'Joker'."""
    if card == JOKER:
        return "Joker"
    return rank_of(card) + SUIT_SYMBOLS.get(suit_of(card), "?")


def card_words(card: str) -> str:
    """'10H' -> '10 of Hearts', 'QS' -> 'Queen of Spades', 'JK' -> 'Joker'."""
    return "Joker" if card == JOKER else card_name(card)


def card_list(cards) -> str:
    return join_names([card_text(card) for card in cards])


def house_name(number: int, kind: str) -> str:
    """'slum 3', 'rich house 7' (numbered 1.. row by row, as on the board)."""
    return f"{'slum' if kind == 'slum' else 'rich house'} {number + 1}"


def _where(event, reader):
    owner = event.get("owner")
    if owner is None:
        return house_name(event["house"], event["kind"])
    return "your house" if owner == reader.viewer else f"{reader.names[owner]}'s house"


def _choose_house(event, reader):
    where = house_name(event["house"], event["kind"])
    if "cards" in event:
        return (f"You chose {where}: {card_list(event['cards'])} in your hand, "
                f"the {card_words(event['lock'])} as your lock.")
    return f"{reader.Who(event['by'])} chose {where}."


def _turn(event, reader):
    seat = event["seat"]
    whose = "your" if seat == reader.viewer else reader.names[seat] + "'s"
    return f"Round {event['round']}: {whose} turn."


def _rob(event, reader):
    guess = GUESS_WORDS.get(event["guess"], event["guess"])
    said = f"{reader.Who(event['by'])} named {guess} at {_where(event, reader)}"
    if not event["hit"]:
        return f"{said}: wrong lock."
    lock = f" The lock is the {card_words(event['lock'])}, face up now." if event.get("lock") else ""
    return f"{said} and got in.{lock}"


def _saw(event, reader):
    owner = event.get("owner")
    if owner is None:
        return f"You saw {card_list(event['cards'])} in {house_name(event['house'], event['kind'])}."
    return f"You saw {reader.names[owner]}'s hand: {card_list(event['cards'])}."


def _steal(event, reader):
    by, target = event["by"], _where(event, reader)
    if not event["took"]:
        return f"{reader.Who(by)} took nothing from {target}."
    if "card" not in event:
        text = f"{reader.Who(by)} took a card from {target}"
    elif by == reader.viewer:
        text = f"You took the {card_words(event['card'])} from {target}"
    else:
        text = f"{reader.Who(by)} took your {card_words(event['card'])}"
    if event.get("took_lock"):
        text += ", the last card, and its lock with it: the house is out of play"
    return text + "."


def _lock_door(event, reader):
    target = house_name(event["house"], event["kind"])
    if "placed" in event:
        return (f"You locked the door of {target}: the {card_words(event['took'])} to your hand, "
                f"the {card_words(event['placed'])} face down in its place.")
    return (f"{reader.Who(event['by'])} locked the door of {target}: took its "
            f"{card_words(event['took'])} and put a royalty there face down.")


def _dues(event, reader):
    if "paid" in event:
        found = ": the Jeweled Box!" if event["drew"] == JOKER else "."
        return (f"You paid dues with {card_list(event['paid'])} and drew the "
                f"{card_words(event['drew'])}{found}")
    if event.get("drew") == JOKER:
        return (f"{reader.Who(event['by'])} paid dues and drew the Joker from the top of the "
                f"Guild House: the Jeweled Box!")
    return f"{reader.Who(event['by'])} paid dues: two cards into the Guild House, one drawn."


def _change_lock(event, reader):
    if "new" in event:
        return (f"You changed your lock: the {card_words(event['old'])} back to your hand, "
                f"the {card_words(event['new'])} face down in its place.")
    old = f" (the face-up {card_words(event['old'])} went back to their hand)" if event.get("old") else ""
    return f"{reader.Who(event['by'])} changed their lock{old}."


def _open_box(event, reader):
    combo = card_words(event["value"] + event["suit"])
    if event["right"]:
        return f"{reader.Who(event['by'])} opened the Jeweled Box with the {combo}!"
    return f"{reader.Who(event['by'])} tried the {combo} on the Jeweled Box: wrong, and the trap springs."


def _out(event, reader):
    seat, count = event["seat"], event["cards"]
    who = f"{reader.Who(seat)} {'are' if seat == reader.viewer else 'is'} out"
    cards = f"{count} card{'s' if count != 1 else ''}"
    if event["to"] == "guild_house":
        return f"{who}: {cards} go to the bottom of the Guild House."
    return f"{who}: {cards} lie face down under the lock of house {event['house'] + 1}, which joins the town."


def _draw_answer(event, reader):
    if event["agree"]:
        return f"{reader.Who(event['by'])} agreed to a draw."
    return f"{reader.Who(event['by'])} said no to a draw: play on."


def _over(event, reader):
    combo = f" The combination was the {card_words(event['combination'])}." if event.get("combination") else ""
    winners = event.get("winners") or []
    if winners:
        return reader.winners(winners) + combo
    return f"{capital(DRAW_REASONS.get(event.get('reason'), 'nobody won'))}: the game is a draw.{combo}"


SENTENCES = {
    "choose_house": _choose_house,
    "turn": _turn,
    "rob": _rob,
    "saw": _saw,
    "learned_lock": lambda event, reader: (f"You got a look at the lock of "
                                           f"{house_name(event['house'], event['kind'])}: "
                                           f"the {card_words(event['lock'])}."),
    "steal": _steal,
    "lock_door": _lock_door,
    "dues": _dues,
    "change_lock": _change_lock,
    "open_box": _open_box,
    "out": _out,
    "draw_offer": lambda event, reader: f"{reader.Who(event['by'])} offered a draw.",
    "draw_answer": _draw_answer,
    "over": _over,
}


def describe(event: dict, names: list, viewer=None) -> str:
    """The sentence the log shows for ``event``, read by ``viewer``."""
    return SENTENCES[event["type"]](event, Reader(names, viewer))
