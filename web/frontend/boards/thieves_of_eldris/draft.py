"""Thieves of Eldris' draft: what the screen holds between taps (the roll shown, the card picked in
the Square, the dice picked for a reroll, the card in focus in the Nick Phase), the taps that
change it, and the moves the legal actions allow (two taps: a card, then where it goes)."""
from __future__ import annotations

from ...widgets import matching


def new_draft() -> dict:
    # rolled: the roll (its place in the log) this screen has shown; rolling: animate it once.
    return {"pick": None, "reroll": [], "focus": None, "rolled": None, "rolling": False}


def roll_mark(view):
    """The roll that starts the turn of the seat on screen while nothing has followed it (its
    place in the seat's log), else None."""
    log = view["log"]
    if view["step"] == "slip" and log and log[-1]["type"] == "roll" and log[-1]["by"] == view["seat"]:
        return len(log)
    return None


def held_back(view, draft) -> int:
    """The roll that starts the seat's turn stays out of the log until "Roll" shows it on the board
    (the engine rolled it as the turn began): the log never tells the dice before the dice do.

    >>> view = {"step": "slip", "seat": 0, "log": [{"type": "turn"}, {"type": "roll", "by": 0}]}
    >>> held_back(view, new_draft()), held_back(view, {**new_draft(), "rolled": 2})
    (1, 0)
    """
    mark = roll_mark(view)
    return 1 if mark is not None and draft.get("rolled") != mark else 0


def tap(draft, command, data, view):
    if command == "roll":
        draft.update(rolled=roll_mark(view), rolling=True)
    elif command == "pick":
        draft.update(pick=int(data["position"]), reroll=[])
    elif command == "unpick":
        draft["pick"] = None
    elif command == "reroll-die":
        die = int(data["die"])
        chosen = set(draft["reroll"]) ^ {die}
        draft.update(reroll=sorted(chosen), pick=None)
    elif command == "focus":
        draft["focus"] = data["character"]
    elif command == "unfocus":
        draft["focus"] = None


def pairs(legal) -> dict:
    """position -> {other position: the action} for the moves made by tapping two cards."""
    found = {}
    for action in legal:
        if action["type"] in ("move", "shift"):
            found.setdefault(action["from"], {})[action["to"]] = action
        elif action["type"] == "exchange":
            found.setdefault(action["a"], {})[action["b"]] = action
            found.setdefault(action["b"], {})[action["a"]] = action
    return found


def nick_choices(legal) -> dict:
    """character -> the steal and reveal actions about it (the cards in focus in the Nick Phase)."""
    found = {}
    for action in legal:
        if action["type"] in ("steal", "reveal"):
            found.setdefault(action["character"], []).append(action)
    return found


def hint_draft(draft, action, view) -> dict:
    """The draft that puts a hinted action's button on screen: the roll shown (the engine rolled
    it already), a move's first card picked, the dice to roll again chosen, the card to accuse
    from in focus.  Every other choice is on screen from the start."""
    draft.update(rolled=roll_mark(view), pick=None, reroll=[], focus=None)
    kind = action["type"]
    if kind in ("move", "shift"):
        draft["pick"] = action["from"]
    elif kind == "exchange":
        draft["pick"] = action["a"]
    elif kind == "reroll":
        draft["reroll"] = sorted(action["dice"])
    elif kind == "reveal":
        draft["focus"] = action["character"]
    return draft


def tidy(draft, legal, view):
    """Forget a choice the game has moved past; the second Dexterity step keeps its card picked."""
    moves = pairs(legal)
    if view["step"] == "dexterity" and view["dexterity"] is not None:
        draft["pick"] = view["dexterity"]
    if draft["pick"] is not None and draft["pick"] not in moves:
        draft["pick"] = None
    if draft["reroll"] and not matching(legal, type="reroll"):
        draft["reroll"] = []
    if draft["focus"] is not None and draft["focus"] not in nick_choices(legal):
        draft["focus"] = None
