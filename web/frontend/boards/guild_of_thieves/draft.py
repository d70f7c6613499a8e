"""Guild of Thieves' draft: the screen's own state between moves (the house picked, paying dues or
opening the box, the suit and value chosen, the notebook open or shut), the taps that change it, and
a hint drawn on it."""
from __future__ import annotations

from pycore.guild_of_thieves import rank_of, suit_of

from ...widgets import matching


def new_draft() -> dict:
    return {"house": None, "mode": None, "suit": None, "value": None, "notebook": False}


def tap(draft, command, data, view):
    if command == "house":
        draft.update(house=int(data["house"]), notebook=False)
    elif command == "clear-house":
        draft["house"] = None
    elif command in ("dues-start", "box"):
        draft.update(mode="dues" if command == "dues-start" else "box", suit=None, value=None, house=None, notebook=False)
    elif command == "box-pick":
        draft["suit"], draft["value"] = suit_of(data["code"]), rank_of(data["code"])
    elif command in ("dues-cancel", "box-cancel"):
        draft.update(mode=None, suit=None, value=None)
    elif command == "notebook":
        draft["notebook"] = not draft.get("notebook")


def hint_draft(draft, action, view) -> dict:
    """The draft that puts a hinted action's own button on the screen: its house picked (the rob
    pad shows the guess), the box's dial set to its combination, dues begun."""
    kind = action["type"]
    if kind in ("rob", "choose_house"):
        draft.update(house=action["house"], mode=None, notebook=False)
    elif kind == "open_box":
        draft.update(mode="box", suit=action["suit"], value=action["value"], house=None, notebook=False)
    elif kind == "dues" and view["step"] != "dues_second":
        draft.update(mode="dues", house=None, notebook=False)
    return draft


def tidy(draft, view, legal):
    """Forget a choice the game has moved past (another seat's, a step gone)."""
    if draft["house"] is not None:
        wanted = "choose_house" if view["phase"] == "choose" else "rob"
        if not matching(legal, type=wanted, house=draft["house"]):
            draft["house"] = None
    wanted = {"dues": "dues", "box": "open_box"}.get(draft["mode"])
    if wanted and not matching(legal, type=wanted):
        draft.update(mode=None, suit=None, value=None)
