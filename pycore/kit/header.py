"""The header every view starts with (the engine contract of issue 6)."""
from __future__ import annotations


def view_header(state, seat, phase: str) -> dict:
    """``game``, ``seat``, ``seats``, ``phase``, ``to_act``, ``log`` (copies of what ``seat`` may
    see), ``outcome``; a game's own keys follow.  ``state`` has ``game``, ``seats``, ``to_act``,
    ``log`` (an :class:`~pycore.kit.EventLog`) and ``outcome``."""
    return {"game": state.game.id, "seat": seat, "seats": state.seats, "phase": phase,
            "to_act": list(state.to_act), "log": state.log.for_seat(seat), "outcome": state.outcome}
