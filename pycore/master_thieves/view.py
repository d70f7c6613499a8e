"""Master Thieves: the one function that builds a seat's view (the only door to secrets).

The only secrets are the roles chosen and not yet revealed.  Everything else happens in the open,
but like a person at the table the view shows only what can be seen NOW: the drawers' faces, the
drawer standing open and what lies in it, the cushions.  What went into a drawer earlier is in the
log of public events, and remembering it is the game (the notebook option helps).

View: ``state.view(seat)`` (``seat=None`` is the public view; a seat not at the table: ValueError)
--------------------------------------------------------------------------------------------------
The header: ``game`` "master-thieves", ``seat``, ``seats``, ``phase`` ("setup", "choose", "act",
"over"), ``to_act``, ``log``, ``outcome``.  Then:

``options``     the table's options
``round``       the round number (0 during set-up), ``first``: the round's first player
``to_hide``     set-up diamonds still to hide
``actor``       the seat acting now (phase "act"), else None
``step``        the actor's step: "open", "place", "alarm", "handle"; else None
``fakes_left``  fakes the actor may still place (step "place"), else 0
``turned``, ``flipped``   whether the actor has turned a tier / flipped the cabinet this turn
``roles``       per seat: its role once revealed (its own as soon as chosen, in its own view), else None
``chosen``      per seat: has it chosen a role this round
``order``       seats still to act this round, in order
``faces``       per tier (top first), per side (N, E, S, W): true for a long drawer
``open``        the drawer standing open: {"tier", "side", "normal": stones in its upward half,
                "secret": stones in the upward secret half (a full pull) or None,
                "token": owner of an alarm token in it or None}; else None
``players``     per seat: {"seat", "white": stones, "black": stones, "token_home": bool, "score"}
``red``         stones on the red cushion
``notebook``    only with the notebook option: per tier, per side: {"up": stones, "down": stones,
                "secret_up", "secret_down": stones or None (short drawer), "token": "up"|"down"|None,
                "token_owner": seat|None}: what the public record puts there now

Everything turned up: once the game is over, every view, and ``state.view_all()`` at any moment
(for watching a finished game back, never for a game on a screen: it is the public view with
nothing hidden) hold every role chosen (``roles``, revealed or not) and ``drawers``: what every
drawer holds, each half of each compartment, in the shape of ``notebook``.
"""
from __future__ import annotations

from ..kit import check_seat, view_header
from .rules import SETUP_DIAMONDS


def _open_drawer(state):
    if state.opened is None:
        return None
    cabinet, place = state.cabinet, state.opened
    drawer = cabinet.at(place)
    return {"tier": place[0], "side": place[1], "normal": dict(cabinet.upward(place, "normal")),
            "secret": dict(cabinet.upward(place, "secret")) if state.full_pull else None,
            "token": drawer.alarm[1] if drawer.alarm is not None else None}


def notebook(cabinet) -> list:
    """What the public record puts in each drawer now (the record is public, so this is exact)."""
    pages = []
    for tier, row in enumerate(cabinet.slots):
        pages.append([])
        for side, number in enumerate(row):
            drawer = cabinet.drawers[number]
            up, down = cabinet.up, 1 - cabinet.up
            secret = drawer.halves.get("secret")
            pages[tier].append({
                "up": dict(drawer.halves["normal"][up]), "down": dict(drawer.halves["normal"][down]),
                "secret_up": dict(secret[up]) if secret else None,
                "secret_down": dict(secret[down]) if secret else None,
                "token": None if drawer.alarm is None else "up" if drawer.alarm[0] == up else "down",
                "token_owner": None if drawer.alarm is None else drawer.alarm[1]})
    return pages


def build_view(state, seat=None, everything=False) -> dict:
    """Everything ``seat`` may know (None: what everyone knows); ``everything``: nothing hidden
    (the end turns everything up for every seat)."""
    check_seat(seat, state.seats)
    turned_up = everything or state.phase == "over"
    revealed = turned_up or state.phase == "act"
    acting = state.phase == "act"
    view = {
        **view_header(state, seat, state.phase),
        "options": dict(state.options),
        "round": state.round,
        "first": state.first,
        "to_hide": SETUP_DIAMONDS - state.hidden,
        "actor": state.actor if acting else None,
        "step": state.step if acting else None,
        "fakes_left": state.fakes_left if acting and state.step == "place" else 0,
        "turned": acting and state.turned,
        "flipped": acting and state.flipped,
        "roles": [role if revealed or other == seat else None for other, role in enumerate(state.roles)],
        "chosen": [role is not None for role in state.roles],
        "order": list(state.order) if acting else [],
        "faces": state.cabinet.faces(),
        "open": _open_drawer(state) if acting else None,
        "players": [{"seat": other, "white": dict(state.white[other]), "black": dict(state.black[other]),
                     "token_home": state.token_home[other], "score": state.score(other)}
                    for other in range(state.seats)],
        "red": dict(state.red),
    }
    if state.options.get("notebook"):
        view["notebook"] = notebook(state.cabinet)
    if turned_up:
        view["drawers"] = notebook(state.cabinet)
    return view


def view_all(state) -> dict:
    """The public view with every hidden thing turned up (watching a finished game back)."""
    return build_view(state, None, everything=True)
