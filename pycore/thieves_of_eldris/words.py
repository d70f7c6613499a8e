"""Thieves of Eldris in words: the sentence the log shows for each event (the engine owns it).

``describe(event, names, viewer=None)``: ``names[seat]`` is what the table calls each player,
``viewer`` the seat reading the log (its own moves read "you").  Places in the Square are named
by row and column from 1 ("row 2, column 5"); money as the coins a person counts.

>>> describe({"type": "steal", "by": 1, "character": "Bard", "at": 0, "place": "corner",
...           "paid": 4}, ["Ann", "Bo"])
'Bo stole from the Bard in the corner (row 1, column 1): $2.'
>>> describe({"type": "reveal", "by": 0, "character": "Monk", "player": 1, "right": False,
...           "cutpurse": "Ninja"}, ["Ann", "Bo"], viewer=1)
"Ann accused you of being the Monk — wrong! Ann's Cutpurse is the Ninja."
"""
from __future__ import annotations

from ..kit.words import Reader, capital, guard_words, join_names
from .rules import COLUMNS, GUARD_ROUNDS, coins

TRAIT_NAMES = {"strength": "Strength", "dexterity": "Dexterity", "constitution": "Constitution",
               "wisdom": "Wisdom", "intelligence": "Intelligence", "charisma": "Charisma"}
PLACE_WORDS = {"corner": "in the corner", "edge": "on the edge", "centre": "in the centre"}
ABILITY_WORDS = {
    "charisma": "peeked at the top card of the Townsfolk deck",
    "dexterity": "will move one card up to two steps",
    "constitution": "may change their Cutpurse",
    "wisdom": "will swap two cards of one trait",
    "intelligence": "swaps a Target with the Townsfolk deck",
    "strength": "may steal or reveal diagonally this turn",
}
# (said of you, said of another); "eight" names the winner's whole purse, as the end screen does.
REASONS = {"eight": ("reached {money}", "reached {money}"),
           "last": ("are the last thief in the game", "is the last thief in the game")}


def money(half_coins: int) -> str:
    """4 -> '$2', 3 -> '$1.5'."""
    return f"${coins(half_coins)}"


def place_name(position: int) -> str:
    return f"row {position // COLUMNS + 1}, column {position % COLUMNS + 1}"


def trait_name(trait: str) -> str:
    return TRAIT_NAMES[trait]


def _chose(event, reader):
    who, why = reader.Who(event["by"]), event["why"]
    if "display" in event:   # solo: nothing is secret
        verb = "took" if why == "choose" else "changed to"
        return f"You {verb} the {event['character']} as your Cutpurse."
    if "character" in event:
        also = ""
        if event.get("targets") is not None:
            also = f"; Targets: {join_names(event['targets']) or 'none'}"
        elif event.get("shadow"):
            also = f"; Shadow: the {event['shadow']}"
        if event.get("drew"):
            also += f"; new Target: the {event['drew']}"
        first = {"choose": "You chose", "constitution": "With Constitution you kept or changed: "
                 "your Cutpurse is", "replace": "Your new Cutpurse is"}[why]
        return f"{first} the {event['character']}{also}."
    if why == "choose":
        return f"{who} chose a Cutpurse in secret."
    if why == "constitution":
        return f"{who} may have changed their Cutpurse."
    drew = " and drew a new Target" if event.get("drew") else ""
    return f"{who} chose a new Cutpurse from their Targets{drew}."


def _dice(faces) -> str:
    return join_names([trait_name(face) for face in faces])


def _move(event, reader):
    how = {"dexterity": "with the Dexterity ability", "wisdom": "with the Wisdom ability"}.get(
        event["how"]) or f"with the {trait_name(event['trait'])} die"
    return (f"{reader.Who(event['by'])} moved the {event['character']} {how}: it swapped places "
            f"with the {event['other']} ({place_name(event['from'])} ↔ {place_name(event['to'])}).")


def _ability(event, reader):
    trait, who = event["trait"], reader.Who(event["by"])
    if trait == "charisma" and "card" in event:
        return f"Charisma: you peeked at the top of the Townsfolk deck — the {event['card']}."
    if trait == "intelligence" and "card" in event:
        where = "into the Display" if event["to"] == "display" else "into your Targets"
        return f"Intelligence: {who} drew the {event['card']} {where}."
    return f"{who} took the {trait_name(trait)} ability: {ABILITY_WORDS[trait]}."


def _returned(event, reader):
    card = f"the {event['character']}" if "character" in event else "a Target"
    return f"{reader.Who(event['by'])} shuffled {card} back into the Townsfolk deck."


def _steal(event, reader):
    return (f"{reader.Who(event['by'])} stole from the {event['character']} "
            f"{PLACE_WORDS[event['place']]} ({place_name(event['at'])}): {money(event['paid'])}.")


def _reveal(event, reader):
    by, accused = event["by"], event["player"]
    said = f"{reader.Who(by)} accused {reader.who(accused)} of being the {event['character']}"
    if event["right"]:
        paid = f"{money(event['paid'])} from them and " if event.get("paid") else ""
        return f"{said} — right! {paid}$2 from the Guild; the {event['character']} leaves the Square."
    return f"{said} — wrong! {capital(reader.whose(by))} Cutpurse is the {event['cutpurse']}."


def _theft(event, reader):
    who = "The Rivals" if event["by"] == "rivals" else "You"
    return (f"{who} robbed the {event['character']} {PLACE_WORDS[event['place']]} "
            f"({place_name(event['at'])}): {money(event['paid'])}.")


def _over(event, reader):
    if "title" in event:
        mine, theirs = event["money"][0], event["rivals"]
        verdict = "you join the Guild!" if mine >= theirs else "the Rivals out-stole you."
        return (f"Four rounds done: you have {money(mine)}, the Rivals {money(theirs)} — "
                f"{verdict} Title: {event['title']}.")
    if event["reason"] == "guard":
        return guard_words(GUARD_ROUNDS)
    seat = event["winners"][0]
    you = seat == reader.viewer
    why = REASONS[event["reason"]][0 if you else 1].format(money=money(event["money"][seat]))
    return f"{reader.Who(seat)} {why} and {'win' if you else 'wins'} the game!"


SENTENCES = {
    "turn": lambda e, r: (f"Round {e['round']}: {r.whose(e['seat'])} turn." if e["seat"] is not None
                          else f"Round {e['round']}."),
    "chose": _chose,
    "roll": lambda e, r: f"{r.Who(e['by'])} rolled {_dice(e['dice'])}.",
    "reroll": lambda e, r: (f"{r.Who(e['by'])} flipped the Sigil and rolled again: "
                            f"{_dice(e['faces'])}."),
    "reset_sigil": lambda e, r: f"{r.Who(e['by'])} used doubles to make the Sigil active again.",
    "ability": _ability,
    "move": _move,
    "stop": lambda e, r: f"{r.Who(e['by'])} stopped after one Dexterity step.",
    "returned": _returned,
    "steal": _steal,
    "scout": lambda e, r: (f"You scouted your next Target: the {e['character']}." if "character" in e
                           else f"{r.Who(e['by'])} scouted a new Target."),
    "display": lambda e, r: f"The {e['character']} joins the Display of Targets.",
    "deck_empty": lambda e, r: "The Townsfolk deck is empty: no new Target.",
    "reveal": _reveal,
    "shadow": lambda e, r: f"{r.Who(e['seat'])} must use the Shadow from now on.",
    "out": lambda e, r: f"{r.Who(e['seat'])} {'are' if e['seat'] == r.viewer else 'is'} out of the game.",
    "pass": lambda e, r: f"{r.Who(e['by'])} passed.",
    "foes": lambda e, r: (f"Round {e['round']}: the Foes' Stack shows the {e['rival']} as a Rival"
                          + (f" and Threats of {_dice(e['threats'])}." if e["threats"] else ".")
                          if e["rival"] else f"Round {e['round']}: no Foes are left to draw."),
    "foes_revealed": lambda e, r: (f"The Threats were the {join_names(e['threats'])}: Rivals now."
                                   if e["threats"] else "There were no Threats to reveal."),
    "wager": lambda e, r: f"You wagered $1 on the {e['character']}.",
    "wager_result": lambda e, r: (f"Your wager on the {e['character']} was right: $3 back and "
                                  f"the Rival leaves the Square." if e["right"] else
                                  f"Your wager on the {e['character']} was wrong: the $1 is lost."),
    "theft": _theft,
    "competition": lambda e, r: f"Stiff competition: Rivals next to your Cutpurse took {money(e['paid'])}.",
    "over": _over,
}


def describe(event: dict, names: list, viewer=None) -> str:
    """The sentence the log shows for ``event``, read by ``viewer``."""
    return SENTENCES[event["type"]](event, Reader(names, viewer))
