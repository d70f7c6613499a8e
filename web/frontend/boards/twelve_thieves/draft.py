"""12 Thieves' draft: the screen's own state between moves (the palace picked, the way of moving
chosen, the cards to pay with), the taps that change it, and a hint drawn on it."""
from __future__ import annotations

from ...widgets import matching
from .hooks import MOVE_WORDS


def new_draft() -> dict:
    """The palace picked, what to do there (a thief or a kind of guard move), the destination."""
    return {"palace": None, "mode": None, "to": None}


def tap(draft, command, data, view):
    if command == "palace":
        draft.update(palace=int(data["palace"]), mode=None, to=None)
    elif command == "mode":
        draft.update(mode=data["mode"], to=None)
    elif command == "move-to":
        draft["to"] = int(data["to"])
    elif command == "back":         # one step back: the destination, the action, the palace
        if draft["to"] is not None:
            draft["to"] = None
        elif draft["mode"]:
            draft["mode"] = None
        else:
            draft["palace"] = None


def hint_draft(draft, action, view) -> dict:
    """The draft that puts a hinted action's button on screen: a steal's palace picked; a thief's
    palace and its payment; a guard move's palace, which guard and its destination, then its
    payment.  A guard placed, a draw and the end of a turn are on screen from the start."""
    kind = action["type"]
    if kind == "steal":
        return {"palace": action["palace"], "mode": None, "to": None}
    if kind == "place_thief":
        return {"palace": action["palace"], "mode": kind, "to": None}
    if kind in MOVE_WORDS:
        return {"palace": action["from"], "mode": kind, "to": action["to"]}
    return new_draft()


def from_palace(legal, palace) -> list:
    """Every legal action that starts at ``palace``."""
    return [a for a in legal if a.get("palace") == palace and a["type"] in ("place_thief", "steal")
            or a.get("from") == palace]


def mode_actions(legal, draft) -> list:
    """The legal actions of the draft's mode from its palace (and to its destination, if chosen)."""
    mode, palace = draft["mode"], draft["palace"]
    if mode == "place_thief":
        return matching(legal, type=mode, palace=palace)
    if mode == "guard":
        return [a for a in matching(legal, **{"from": palace}) if a["type"] in MOVE_WORDS]
    fixed = {"type": mode, "from": palace} | ({"to": draft["to"]} if draft["to"] is not None else {})
    return matching(legal, **fixed)


def tidy(draft, legal):
    """Forget a choice the game has moved past."""
    if draft["palace"] is not None and not from_palace(legal, draft["palace"]):
        draft.update(palace=None, mode=None, to=None)
    if draft["mode"] and not mode_actions(legal, draft):
        draft.update(mode=None, to=None)
