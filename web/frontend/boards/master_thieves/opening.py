"""The opening on the table: what the last drawer pulled showed and where its stones went.

Read from the view's log (the engine's public events), never from its sentences: the "open" event
holds what fell out and what lay inside, the events after it what the player did with the drawer
("take", "smuggle", "place_fake", "alarm") and how the cabinet moved ("turn", "flip").  The board
shows an opening while it is the news, and shuts it when that opening's landing ends (RULINGS):
it shows through the opener's own steps after it and the next actor's screen (a spill ends a turn
at once and the device passes straight on, nothing secret to cover, so the table still sees what
fell); an opening that ends the round lands on the first screen after it, and shuts on the cover
and as soon as anyone has chosen a role: no cover, role choice made or later round shows it open
(remembering is the game).

>>> log = [{"type": "open", "by": 1, "role": "thief", "tier": 0, "side": 1, "full": False,
...         "spilled": {"ruby": 0, "sapphire": 0, "diamond": 0}, "alarm": None,
...         "alarm_took": {"ruby": 0, "sapphire": 0, "diamond": 0},
...         "seen": {"ruby": 1, "sapphire": 0, "diamond": 2}, "secret_seen": None, "token": None},
...        {"type": "take", "by": 1, "stones": {"ruby": 1, "sapphire": 0, "diamond": 2}},
...        {"type": "turn", "by": 1, "tier": 0, "quarters": 2}]
>>> opening = last_opening(log)
>>> opening.went, opening.place, opening.taker
('black', (0, 3), 1)
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pycore.master_thieves import KINDS, stones_count

EW = {0: 0, 1: 3, 2: 2, 3: 1}         # a flip swaps east and west


def moved(place: tuple, event: dict) -> tuple:
    """Where a drawer at ``place`` stands after a "turn" or "flip" event (the cabinet's own moves)."""
    tier, side = place
    if event["type"] == "turn" and event["tier"] == tier:
        return tier, (side + event["quarters"]) % 4
    if event["type"] == "flip":
        return 2 - tier, EW[side]
    return place


@dataclass
class Opening:
    """One opening, as the table saw it."""
    by: int
    role: str
    opened_at: tuple                 # (tier, side) when it was opened
    full: bool                       # a Master Thief's full pull: the secret compartment too
    inside: dict                     # the upward normal half, as it opened
    secret: dict | None              # the upward secret half (a full pull), else None
    spilled: dict                    # fell out onto the red cushion
    alarm: int | None                # whose alarm token fell out, else None
    alarm_took: dict                 # the stones that fell with it (to its owner)
    token: int | None                # whose alarm token lies in the drawer as it opens
    place: tuple = None              # where that drawer stands now
    taken: dict | None = None        # "take": to the opener's black cushion
    smuggled: dict | None = None     # "smuggle": to the red cushion
    fakes: list = field(default_factory=list)   # fakes put in, in order
    alarm_set: bool = False          # the opener set their alarm token in it
    turn_over: bool = False          # another seat has acted since (a share, a new round)
    revealed_after: bool = False     # a later round's roles are revealed: old news

    @property
    def went(self) -> str:
        """Where the stones inside went: "black", "red" or "stay"."""
        if self.taken is not None:
            return "black"
        if self.smuggled is not None:
            return "red"
        return "stay"

    @property
    def taker(self):
        """Whose black cushion got stones from this opening (a take, or a fallen alarm token)."""
        if self.taken is not None and stones_count(self.taken):
            return self.by
        if self.alarm is not None and stones_count(self.alarm_took):
            return self.alarm
        return None

    def arrived(self, where: str) -> dict:
        """The stones this opening put on the red cushion ("red") or a black cushion ("black")."""
        total = {kind: 0 for kind in KINDS}
        parts = ([self.spilled, self.smuggled] if where == "red" else [self.taken, self.alarm_took])
        for part in parts:
            for kind in KINDS:
                total[kind] += (part or {}).get(kind, 0)
        return total


def last_opening(log: list) -> Opening | None:
    """The last drawer opened in ``log`` and all that followed it (None before the first)."""
    start = next((index for index in range(len(log) - 1, -1, -1) if log[index].get("type") == "open"), None)
    if start is None:
        return None
    event = log[start]
    opening = Opening(event["by"], event["role"], (event["tier"], event["side"]), event["full"],
                      dict(event["seen"]), dict(event["secret_seen"]) if event["secret_seen"] is not None else None,
                      dict(event["spilled"]), event["alarm"], dict(event["alarm_took"]), event["token"])
    place = opening.opened_at
    for later in log[start + 1:]:
        kind = later.get("type")
        if kind in ("turn", "flip"):
            place = moved(place, later)
        elif kind == "take":
            opening.taken = dict(later["stones"])
        elif kind == "smuggle":
            opening.smuggled = dict(later["stones"])
        elif kind == "place_fake":
            opening.fakes.append(later["stone"])
        elif kind == "alarm":
            opening.alarm_set = True
        elif kind in ("share", "round", "over"):
            opening.turn_over = True
        elif kind == "reveal":
            opening.revealed_after = True
    opening.place = place
    return opening


def on_show(view: dict, moment: str | None = None) -> Opening | None:
    """The opening the board shows now (see the module's docstring), else None.  ``moment``: the
    screen's (a "handover" cover never shows it)."""
    opening = last_opening(view["log"])
    if opening is None or opening.revealed_after:
        return None
    if not opening.turn_over:
        return opening if view["phase"] == "act" else None
    # The round ended with it: its landing is the next round's first screen, never its cover, and
    # only until a role is chosen.
    chosen = any(view.get("chosen") or []) or any(event.get("type") == "chose" for event in view["log"][-3:])
    return opening if view["phase"] == "choose" and not chosen and moment != "handover" else None
