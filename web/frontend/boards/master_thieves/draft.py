"""Master Thieves' draft: the set-up's turns and flip, watched again one at a time."""
from __future__ import annotations

from pycore.master_thieves import QUARTERS, SIDE_NAMES, SIDES, TIERS

from ...markup import counted


# The set-up ends with every tier turned by chance and the cabinet flipped, all at once with the
# last diamond hidden (on a phone, while the bots hide theirs).  In round 1, until anyone turns or
# flips the cabinet, the board offers them again, one at a time: the cabinet drawn as it stood
# before them, then after each (a public record, like the log's lines; no stone is shown).
def new_draft() -> dict:
    """``replay``: None, or how many of the set-up's turns and flip the cabinet is drawn after."""
    return {"replay": None}


def tap(draft, command, data, view):
    if command == "setup-replay":
        stage = data.get("stage", "")
        draft["replay"] = None if stage in ("", None) else int(stage)


def setup_moves(view) -> list:
    """The set-up's own turns and flip after the last diamond was hidden (``by`` None), while they
    are the cabinet's last moves: round 1, nobody has turned or flipped it since (else [])."""
    if view["phase"] not in ("choose", "act") or view["round"] != 1:
        return []
    log = view["log"]
    hidden = max((index for index, event in enumerate(log) if event["type"] == "hide"), default=-1)
    moves = [event for event in log[hidden + 1:] if event["type"] in ("turn", "flip")]
    if hidden < 0 or any(event["by"] is not None for event in moves):
        return []
    return moves


def turned_faces(faces: list, event: dict, undo: bool = False) -> list:
    """The cabinet's faces after a "turn" or "flip" event (``undo``: before it).

    >>> faces = [[True, False, True, False], [False, True, False, True], [True, False, True, False]]
    >>> turned_faces(faces, {"type": "turn", "tier": 0, "quarters": 1})[0]
    [False, True, False, True]
    >>> turned_faces(turned_faces(faces, {"type": "flip"}), {"type": "flip"}, undo=True) == turned_faces(faces, {"type": "flip"})
    True
    """
    if event["type"] == "flip":     # its own undoing: the tiers reversed, east and west exchanged
        return [[row[0], row[3], row[2], row[1]] for row in reversed(faces)]
    quarters = -event["quarters"] if undo else event["quarters"]
    return [[row[(side - quarters) % 4] for side in range(4)] if tier == event["tier"] else list(row)
            for tier, row in enumerate(faces)]


def faces_at(view, stage: int) -> list:
    """The faces as they stood after the first ``stage`` of the set-up's moves."""
    moves, faces = setup_moves(view), view["faces"]
    for event in reversed(moves[stage:]):
        faces = turned_faces(faces, event, undo=True)
    return faces


def replay_words(event: dict) -> str:
    if event["type"] == "flip":
        return ("The cabinet was flipped upside down: the top tier is now the bottom one, east and "
                "west changed places, and every upper half now faces down.")
    steps = event["quarters"]
    return (f"The {TIERS[event['tier']]} tier was given {QUARTERS[steps]} clockwise: each drawer moved "
            f"{counted(steps, 'side')} on ({SIDE_NAMES['N']} to {SIDE_NAMES[SIDES[steps]]}), and kept its length.")


def replay_stage(scene):
    """The stage being watched, or None (the cabinet as it stands)."""
    stage = scene.draft.get("replay")
    return stage if stage is not None and setup_moves(scene.view) and scene.moment != "handover" else None
