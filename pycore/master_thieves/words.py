"""Master Thieves in words: the sentence the log shows for each event (the engine owns it).

``describe(event, names, viewer=None)``: ``names[seat]`` is what the table calls each player,
``viewer`` the seat reading the log (its own moves read "you").  Drawers are named as seen at that
moment: "the top north drawer".

RULINGS, "What is secret": "the log, recaps and covers say who opened which drawer and what
happened (a spill, a take, a fake put in) but never which stones were inside".  So no sentence
names a stone that lay in, went into or came out of a drawer, nor the drawer a stone was hidden
in; the events keep the stones (the board shows them as the drawer opens, and a memory replays
them).  Only the red cushion's sharing, in plain view on the table, is told stone by stone.

>>> describe({"type": "open", "by": 1, "role": "thief", "tier": 0, "side": 2, "full": False,
...           "spilled": {"ruby": 0, "sapphire": 1, "diamond": 2}, "alarm": None,
...           "alarm_took": {"ruby": 0, "sapphire": 0, "diamond": 0},
...           "seen": {"ruby": 1, "sapphire": 0, "diamond": 0}, "secret_seen": None, "token": None},
...          ["Ann", "Bo"])
'Bo (Thief) opened the top south drawer: stones spilled onto the red cushion.'
"""
from __future__ import annotations

from ..kit.words import Reader, guard_words, join_names
from .cabinet import KINDS, SIDES, TIERS, stones_count
from .rules import ROLE_NAMES

SIDE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
QUARTERS = {1: "a quarter turn", 2: "a half turn", 3: "three quarters"}


def drawer_name(tier: int, side: int) -> str:
    """'the top north drawer'."""
    return f"the {TIERS[tier]} {SIDE_NAMES[SIDES[side]]} drawer"


def stones_text(stones: dict) -> str:
    """'a ruby, 2 sapphires and a diamond'; 'nothing'."""
    parts = []
    for kind in KINDS:
        count = stones.get(kind, 0)
        if count:
            parts.append(f"a {kind}" if count == 1 else f"{count} {kind}s")
    return join_names(parts) if parts else "nothing"


def _open(event, reader):
    role = ROLE_NAMES[event["role"]]
    pulled = "pulled out" if event["full"] else "opened"
    text = f"{reader.Who(event['by'])} ({role}) {pulled} {drawer_name(event['tier'], event['side'])}"
    if event["alarm"] is not None:
        owner = event["alarm"]
        if stones_count(event["alarm_took"]):
            return (f"{text}: {reader.whose(owner)} alarm token fell out with stones, which go to "
                    f"{reader.who(owner)}.")
        return f"{text}: {reader.whose(owner)} alarm token fell out alone and went back to {reader.who(owner)}."
    if stones_count(event["spilled"]):
        return f"{text}: stones spilled onto the red cushion."
    return f"{text}. Nothing spilled."


def _share(event, reader):
    role = "Smugglers" if event["role"] == "smuggler" else "Detectives"
    parts = [f"{reader.who(seat)} {stones_text(got)}" for seat, got in zip(event["to"], event["got"])]
    if len(event["to"]) == 1:
        text = f"The {role[:-1]}, {reader.who(event['to'][0])}, took the red cushion: {stones_text(event['got'][0])}."
    else:
        text = f"The {role} shared the red cushion: {join_names(parts)}."
    if stones_count(event["left"]):
        text += f" {stones_text(event['left']).capitalize()} stayed on the red cushion."
    return text


def _over(event, reader):
    scores = ", ".join(f"{reader.who(seat)} {score}" for seat, score in enumerate(event["scores"]))
    if event["reason"] == "guard":
        return f"{guard_words(event['round'])} Scores: {scores}."
    return f"The game is over (a white cushion is empty). Scores: {scores}. {reader.winners(event['winners'])}"


def _turn(event, reader):
    how = QUARTERS[event["quarters"]]
    if event["by"] is None:
        return f"The {TIERS[event['tier']]} tier was given {how} clockwise."
    return f"{reader.Who(event['by'])} turned the {TIERS[event['tier']]} tier {how} clockwise."


def _flip(event, reader):
    if event["by"] is None:
        return "The cabinet was flipped upside down."
    return f"{reader.Who(event['by'])} flipped the cabinet upside down."


SENTENCES = {
    "ruby": lambda e, r: "A ruby went into a secret compartment.",
    "hide": lambda e, r: f"{r.Who(e['by'])} hid a diamond.",
    "turn": _turn,
    "flip": _flip,
    "round": lambda e, r: f"Round {e['round']}: {r.who(e['first'])} {'are' if e['first'] == r.viewer else 'is'} first.",
    "chose": lambda e, r: f"{r.Who(e['by'])} chose the {ROLE_NAMES[e['role']]} (secret until the reveal).",
    "reveal": lambda e, r: "Roles: " + ", ".join(f"{r.who(seat)} {ROLE_NAMES[role]}"
                                                 for seat, role in enumerate(e["roles"])) + ".",
    "open": _open,
    "smuggle": lambda e, r: f"{r.Who(e['by'])} tipped what lay in the drawer onto the red cushion.",
    "take": lambda e, r: f"{r.Who(e['by'])} took what lay in the drawer.",
    "place_fake": lambda e, r: f"{r.Who(e['by'])} put a fake into {drawer_name(e['tier'], e['side'])}.",
    "alarm": lambda e, r: f"{r.Who(e['by'])} set an alarm token in {drawer_name(e['tier'], e['side'])}.",
    "share": _share,
    "over": _over,
}


def describe(event: dict, names: list, viewer=None) -> str:
    sentence = SENTENCES.get(event.get("type"))
    if sentence is None:
        return f"({event.get('type')})"
    return sentence(event, Reader(names, viewer))
