"""Thieves of Eldris (thieves-of-eldris.txt): slip characters around Skulduggery Square, steal
from your Targets next to your hidden Cutpurse, unmask the others' — first to $8; or alone, four
rounds against Rivals and Threats.

``GAME`` is the game object of the engine contract.  The package: :mod:`.rules` (the facts, the
state, the move table), :mod:`.view` (a seat's view), :mod:`.words` (the log's sentences),
:mod:`.secrecy` (what a seat cannot see, dealt afresh), :mod:`.bots` (Novice, Sharp, Ruthless)
with :mod:`.planner` (the order of the dice's moves) and :mod:`.knowledge` (what a seat can read
from its view).  A board needs only the names in ``__all__``.

>>> GAME.seat_range(), GAME.options
((1, 6), {'without_tokens': False})
>>> state = GAME.new_game(seats=1, seed=3, options={"without_tokens": True})
>>> state.view(0)["mode"], state.view(0)["step"]
('solo', 'choose')
"""
from ..core import Game
from . import words
from .bots import BOTS
from .rules import (CHARACTERS, COLUMNS, DICE, GUARD_ROUNDS, OPTIONS, PAYOUT, REVEAL_FROM_GUILD,
                    ROSTER, ROWS, SOLO_ROUNDS, SOLO_TITLES, TABLE_RULES, TRAIT_OF, TRAITS, WIN_AT, EldrisState,
                    audit, check_options, coins, mode_of, place_kind, solo_title)
from .secrecy import hidden_items, redeal
from .view import build_view, view_all
from .words import PLACE_WORDS, TRAIT_NAMES, describe, money, place_name, trait_name


def _tables() -> list:
    """The tables the shared conformance test plays: solo with and without tokens, every size."""
    return [(1, {}), (1, {"without_tokens": True}), (2, {}), (3, {}), (4, {}), (5, {}), (6, {})]


CONFORMANCE = _tables()

GAME = Game(
    id="thieves-of-eldris", title="Thieves of Eldris", min_seats=1, max_seats=6,
    options=OPTIONS, check_options=check_options, state_class=EldrisState, view=build_view,
    view_all=view_all, redeal=redeal, audit=audit, hidden=hidden_items,
    bots=BOTS, words=words, conformance=CONFORMANCE,
)

__all__ = ["GAME", "CONFORMANCE", "EldrisState", "TABLE_RULES", "TRAITS", "ROSTER", "CHARACTERS",
           "TRAIT_OF", "ROWS", "COLUMNS", "DICE", "PAYOUT", "REVEAL_FROM_GUILD", "WIN_AT", "GUARD_ROUNDS", "SOLO_ROUNDS",
           "SOLO_TITLES", "TRAIT_NAMES", "PLACE_WORDS", "coins", "money", "mode_of", "place_kind",
           "place_name", "solo_title", "trait_name", "describe"]
