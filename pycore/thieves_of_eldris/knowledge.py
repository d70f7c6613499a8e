"""Thieves of Eldris: what a seat can read from its view alone, for the bots.

:func:`cutpurse_odds` weighs, for every opponent, each character being their Cutpurse from
where they stole and accused (their Cutpurse stood next to it then) and which cards they moved;
:func:`threat_odds` weighs, solo, each marked character being a concealed Threat.

>>> import pycore
>>> state = pycore.GAMES["thieves-of-eldris"].new_game(seats=3, seed=4)
>>> cutpurse_odds(state.view(0))
{}
"""
from __future__ import annotations

from .planner import reach_of
from .rules import TRAIT_OF

def _squares_back(view):
    """The Square as it stood before each event of the log (walking the moves back)."""
    square = [entry["character"] for entry in view["square"]]
    before = [None] * len(view["log"])
    for index in range(len(view["log"]) - 1, -1, -1):
        event = view["log"][index]
        if event["type"] == "move":
            a, b = event["from"], event["to"]
            square[a], square[b] = square[b], square[a]
            before[index] = None
        elif event["type"] in ("steal", "reveal"):
            before[index] = tuple(square)
    return before


MOVE_HINT = 1.3      # a player's own moves favour the cards they moved
EVIDENCE_MISS = 0.03  # how much a character that was not next to the theft keeps


def cutpurse_odds(view) -> dict:
    """seat -> {character: probability it is that seat's Cutpurse}, for every opponent still
    with a secret Cutpurse, from this seat's view only."""
    me = view["seat"]
    gone = {entry["character"] for entry in view["square"] if not entry["occupied"]}
    mine = {view.get("cutpurse"), view.get("shadow"), *view.get("targets", []), *view.get("dealt", [])}
    excluded = gone | mine | set(view["display"])
    for player in view["players"]:
        excluded |= set(player["stolen"]) | set(player["claimed"])
    known = {p["seat"]: p["known_cutpurse"] for p in view["players"] if p["known_cutpurse"]}
    excluded |= set(known.values())
    squares = _squares_back(view)
    weights = {}
    strength = False
    for index, event in enumerate(view["log"]):
        kind = event["type"]
        if kind == "turn":
            strength = False
        elif kind == "ability" and event["trait"] == "strength":
            strength = True
        elif kind == "chose" or kind == "shadow":
            seat = event.get("by", event.get("seat"))
            weights[seat] = {}
        elif kind in ("steal", "reveal") and event["by"] != me:
            square = squares[index]
            target = square.index(event["character"])
            near = {square[p] for p in reach_of(target, strength)}
            seat = event["by"]
            table = weights.setdefault(seat, {})
            for character in TRAIT_OF:
                if character not in near:
                    table[character] = table.get(character, 1.0) * EVIDENCE_MISS
        elif kind == "move" and event["by"] != me and event["how"] == "die":
            table = weights.setdefault(event["by"], {})
            table[event["character"]] = table.get(event["character"], 1.0) * MOVE_HINT
    odds = {}
    for player in view["players"]:
        seat = player["seat"]
        if seat == me or player["out"] or not player["chosen"]:
            continue
        if seat in known:
            odds[seat] = {known[seat]: 1.0}
            continue
        table = weights.get(seat, {})
        candidates = {c: table.get(c, 1.0) for c in TRAIT_OF if c not in excluded}
        total = sum(candidates.values()) or 1.0
        odds[seat] = {c: w / total for c, w in candidates.items()}
    return odds


def known_cutpurse(view, action) -> bool:
    return view["players"][action["player"]]["known_cutpurse"] == action["character"]


def nothing_to_steal(view) -> bool:
    """No Target of this seat's is left in the Square and the deck can bring no new one."""
    pool = view["targets"] if view["mode"] == "small" else view["display"]
    occupied = {e["character"] for e in view["square"] if e["occupied"]}
    return not view["deck"] and not occupied.intersection(pool)


def threat_marks(view) -> list:
    """The characters under a Threat token (without tokens: where one would lie, worked out by
    hand)."""
    marked = [e["character"] for e in view["square"] if "threat" in e["tokens"]]
    if marked:
        return marked
    traits = set(view["solo"]["threats"])
    taken = set(view["solo"]["rivals"]) | set(view["display"]) | {view["cutpurse"]}
    return [e["character"] for e in view["square"]
            if e["occupied"] and e["trait"] in traits and e["character"] not in taken]


def threat_odds(view) -> dict:
    """Each character under a Threat token: the odds it is one of the concealed Threats."""
    threats = view["solo"]["threats"]
    marks = threat_marks(view)
    return {c: threats.count(TRAIT_OF[c]) / sum(TRAIT_OF[o] == TRAIT_OF[c] for o in marks)
            for c in marks}
