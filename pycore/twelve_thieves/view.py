"""12 Thieves: the one function that builds a seat's view (the only door to secrets).

View: ``state.view(seat)`` (``seat=None`` is the public view; the keys marked *seat* are absent
there; a seat not at the table raises ValueError)
----------------------------------------------------------------------------------------------
The header: ``game`` ("twelve-thieves"), ``seat``, ``seats``, ``phase`` ("guards", "turn",
"over"), ``to_act``, ``log`` (the events this seat has seen, oldest first), ``outcome``.

Then the game's own keys:

``turn``            the seat placing a guard or taking its turn; None when over
``step``            in a turn: "act", or "draw" during a pass draw; None otherwise
``round``           the round (1..), 0 while guards are placed
``thief_actions``   thief actions taken this turn (0..3); ``thief_actions_left`` the rest
``acted``           whether this turn has taken any action (else ending it is a pass)
``draws_left``      cards still to draw in a pass draw
``target``          the chests that win (6 / 5 / 4 for 2 / 3 / 4 players)
``palaces``         one per palace: {"palace": p, "name": "sun", "guards": [seat or None (neutral)],
                    "open_spaces": n, "thieves": [per seat], "chests": [numbers, top first]}
``players``         one per seat: {"seat": s, "hand": cards held, "dancers": Dancers held (public:
                    taken and played face up), "thieves": in supply, "guards_to_place": n,
                    "chests": [numbers taken]}
``deck``            cards in the deck; ``discard`` palace cards in the discards, by palace (a list)
``dancer_supply``   Dancers face up beside the deck
``hand``            *seat* its cards in card order, e.g. ["sun", "sun", "moon", "dancer"]

Everything turned up: once the game is over, every view, and ``state.view_all()`` at any moment
(for watching a finished game back, never for a game on a screen: it is the public view with
nothing hidden), add to each of ``players`` ``"cards"``: that seat's hand in card order, as
``hand``.  The deck's order stays out (nobody ever sees it; its size is public).
"""
from __future__ import annotations

from ..kit import check_seat, view_header
from .rules import CARDS, GUARD_SPACES, PALACES, THIEF_ACTIONS, DANCER_INDEX


def build_view(state, seat=None, everything=False) -> dict:
    """Everything ``seat`` may know (None: what everyone knows); ``everything``: nothing hidden."""
    check_seat(seat, state.seats)
    over = state.phase == "over"
    view = {
        **view_header(state, seat, state.phase),
        "turn": None if over else state.current,
        "step": state.step if state.phase == "turn" else None,
        "round": state.round,
        "thief_actions": state.thief_actions,
        "thief_actions_left": THIEF_ACTIONS - state.thief_actions,
        "acted": state.acted,
        "draws_left": state.draws_left,
        "target": state.target,
        "palaces": [{"palace": p, "name": name, "guards": list(state.guards[p]),
                     "open_spaces": GUARD_SPACES - len(state.guards[p]),
                     "thieves": list(state.thieves[p]), "chests": list(state.chests[p])}
                    for p, name in enumerate(PALACES)],
        "players": [{"seat": s, "hand": sum(state.hands[s]), "dancers": state.hands[s][DANCER_INDEX],
                     "thieves": state.thieves_in_supply(s), "guards_to_place": state.guards_to_place[s],
                     "chests": list(state.won[s])} for s in range(state.seats)],
        "deck": len(state.deck),
        "discard": list(state.discard),
        "dancer_supply": state.dancer_supply,
    }
    if seat is not None:
        view["hand"] = hand_cards(state, seat)
    if everything or over:
        for player in view["players"]:
            player["cards"] = hand_cards(state, player["seat"])
    return view


def view_all(state) -> dict:
    """The public view with every hand turned up (watching a finished game back)."""
    return build_view(state, None, everything=True)


def hand_cards(state, seat) -> list:
    """A seat's hand as card names in card order."""
    return [card for index, card in enumerate(CARDS) for _ in range(state.hands[seat][index])]
