"""Master Thieves: what a seat cannot see, and its fair redeal.  Everything in the cabinet and on
the cushions is public (seen when it moves; remembering it is the game): only the roles chosen and
not yet revealed are hidden, each from everyone but its chooser."""
from __future__ import annotations

from .rules import ROLES, MasterState


def redeal(state: MasterState, seat, rng) -> None:
    """The others' roles chosen and not yet revealed, chosen afresh (any role is possible)."""
    if state.phase == "choose":
        for other in range(state.seats):
            if other != seat and state.roles[other] is not None:
                state.roles[other] = rng.choice(ROLES)


def hidden_items(state: MasterState, seat) -> dict:
    """What ``seat`` cannot see (for the shared tests): the others' roles, chosen and not yet
    revealed."""
    if state.phase != "choose":
        return {}
    return {f"role of seat {other + 1}": role for other, role in enumerate(state.roles)
            if other != seat and role is not None}
