"""Thievery: the one function that builds a seat's view (the only door to secrets).

View (``state.view(seat)``; ``seat=None`` is the public view)
------------------------------------------------------------
::

    {"game": "thievery", "seat": seat or None, "seats": n,
     "phase": "sorting" | "guessing" | "over",
     "to_act": [seats that must act now],
     "log": [events this seat may see, oldest first],
     "outcome": None or {"winners": [hands], "scores": {"0": face-down cards left, ...}},
     "turn": hand whose guessing turn it is, or None,
     "targets": [hands the hand whose turn it is may guess at right now] ([] outside guessing),
     "bots": [seats played by bots], "powerups_on": bool, "teams": [[0, 2], [1, 3]] or None,
     "rows": [per hand, left to right: {"colour": "red" | "black" | None, "rank": int or None,
              "face_up": bool, "misses": [ranks named wrongly at this card, ascending],
              "known": bool}],
     "locked": [bool per hand], "held": [ids of the viewer's own power-ups, in draw order],
     "held_counts": [int per hand], "stakeouts": [hands under a stakeout, in the order named],
     "misdirections": [{"victim": v, "hand": t}, ...] (by victim),
     "free_miss": bool, "shields": ["pickpocket" and/or "second_storey" active this turn],
     "guessed_this_turn": int, "showing": {"partner": p, "for": x} or None}

- Sorting phase: the viewer's own row shows its ranks and colours in the order dealt until it
  locks in, then in its locked order.  Every other row shows only its length: cards with colour
  None and rank None.
- Guessing: every card shows its colour.  ``rank`` is set when the card is face up, or it is the
  viewer's own, or the viewer learned it privately (casing, tip-off, a partner's show); ``known`` is
  true when the rank is shown but the card is still face down.
- Over: every rank is shown to everyone (``known`` marks the cards that were never flipped), and
  ``"held_by"`` (below) is added.

Everything turned up: ``state.view_all()``
------------------------------------------
The public view with every hidden thing of the moment turned up, for watching a finished game back
(never for a game on a screen): every card's colour and rank in every row (``known`` where it is
face down; while sorting, each row in the order its owner has it), and ``"held_by"``: the power-ups
each hand holds, [ids in draw order] per hand.  At the end every view holds the same.
"""
from __future__ import annotations

from ..kit import check_seat, view_header
from .rules import colour_of, rank_of


def _row(state, seat, hand, everything) -> list:
    row = []
    for index, card in enumerate(state.rows[hand]):
        if state.phase == "sorting":
            mine = hand == seat or everything
            row.append({"colour": colour_of(card) if mine else None,
                        "rank": rank_of(card) if mine else None,
                        "face_up": False, "misses": [], "known": mine})
            continue
        up = state.face_up[hand][index]
        visible = (up or everything or hand == seat
                   or (seat is not None and (hand, index) in state.learned[seat]))
        row.append({"colour": colour_of(card), "rank": rank_of(card) if visible else None,
                    "face_up": up, "misses": list(state.misses[hand][index]),
                    "known": visible and not up})
    return row


def build_view(state, seat, everything=False) -> dict:
    """Everything ``seat`` may know (None: what everyone may know); ``everything``: every hidden
    thing turned up as well (as at the end)."""
    check_seat(seat, state.seats)
    guessing = state.phase == "guessing"
    everything = everything or state.phase == "over"
    view = {
        **view_header(state, seat, state.phase),
        "turn": state.turn if guessing else None,
        "targets": state.targets(state.turn) if guessing and not state.showing else [],
        "bots": list(state.bot_seats), "powerups_on": state.powerups_on, "teams": state.teams,
        "rows": [_row(state, seat, hand, everything) for hand in range(state.seats)],
        "locked": list(state.locked),
        "held": list(state.held[seat]) if seat is not None else [],
        "held_counts": [len(held) for held in state.held],
        "stakeouts": list(state.stakeouts),
        "misdirections": [{"victim": victim, "hand": hand}
                          for victim, hand in sorted(state.misdirections.items())],
        "free_miss": bool(state.shields), "shields": list(state.shields),
        "guessed_this_turn": state.guessed,
        "showing": {"partner": state.showing[0], "for": state.showing[1]} if state.showing else None,
    }
    if everything:
        view["held_by"] = [list(held) for held in state.held]
    return view


def view_all(state) -> dict:
    """The public view with every hidden thing turned up: for watching a finished game back only."""
    return build_view(state, None, everything=True)
