"""Thievery's draft: the screen's own state between moves (the row being sorted, the card picked to
guess at, the power-up being played and the choices made for it so far, the table helper) and the
taps that change it; a hint drawn on it."""
from __future__ import annotations

from ... import widgets
from .sheet import sort_order


# The screen's own preference, for this device while the page lives: the table helper (off until
# turned on).  The draft is new after every move, so the preference lives here and each new draft
# starts from it.
PREFERENCES = {"helper": False}


def new_draft() -> dict:
    return {"order": None, "picked": None, "target": None, "power": None, "args": {},
            "helper": PREFERENCES["helper"]}


def tap(draft, command, data, view):
    if command == "sort-tap":
        sort_order(draft, view["rows"][view["seat"]])
        widgets.sort_tap(draft, int(data["place"]))
    elif command == "reorder":
        widgets.move(sort_order(draft, view["rows"][view["seat"]]), int(data["from"]), int(data["to"]))
        draft["picked"] = None
    elif command == "auto-sort":
        row = view["rows"][view["seat"]]
        draft["order"] = sorted(range(len(row)), key=lambda i: (row[i]["rank"], row[i]["colour"]))
        draft["picked"] = None
    elif command == "pick-card":
        picked = (int(data["hand"]), int(data["index"]))
        if picked != draft["target"]:
            draft.pop("hinted", None)       # a hint's rank rings only on the hint's own card
        draft["target"] = picked
    elif command == "clear-target":
        draft["target"] = None
    elif command == "helper":
        draft["helper"] = PREFERENCES["helper"] = not draft.get("helper")
    elif command == "power":
        draft.update(power=data["power"], args={}, target=None)
    elif command == "power-arg":
        draft["args"][data["key"]] = int(data["value"])
    elif command == "power-cancel":
        draft.update(power=None, args={})


def hint_draft(draft, action, view) -> dict:
    """A hint (what the Ruthless bot would do here) drawn on the board: the card it would guess at
    picked and its rank marked on the pad, the order it would lock in arranged, the power-up it
    would play opened."""
    kind = action["type"]
    if kind == "guess":
        draft.update(target=(action["hand"], action["index"]), hinted=action["rank"], power=None, args={})
    elif kind == "lock_in":
        draft.update(order=list(action["order"]), picked=None)
    elif kind == "power":
        draft.update(power=action["power"], args={}, target=None)
    return draft
