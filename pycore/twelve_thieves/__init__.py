"""12 Thieves (twelve-thieves.txt): send thieves into six palaces and carry off their chests.

``GAME`` is the game object of the engine contract.  The package: :mod:`.rules` (the facts, the
state, the move table), :mod:`.view` (a seat's view), :mod:`.words` (the log's sentences),
:mod:`.bots` (Novice, Sharp, Ruthless).  A board needs only the names in ``__all__``.

>>> GAME.seat_range()
(2, 4)
>>> state = GAME.new_game(seats=4, seed=1)
>>> [palace["guards"] for palace in state.view(None)["palaces"]][:2]
[[None], [None]]
"""
from ..core import Game
from . import bots, words
from .secrecy import hidden_items, redeal
from .rules import (CARDS, CARDS_PER_PALACE, CHEST_STACK, CHESTS_TO_WIN, DANCER, DANCERS,
                    GUARD_ROUNDS, GUARD_SPACES, GUARDS_PER_PLAYER, OPTIONS, PALACE_NAMES, PALACES,
                    STARTING_HANDS, TABLE_RULES, THIEF_ACTIONS, THIEVES_PER_PLAYER, TwelveState,
                    audit, seat_range)
from .view import build_view, view_all
from .words import CARD_NAMES, PALACE_SYMBOLS, cards_words, describe, palace_name

# Every seat count (the options change nothing else).
CONFORMANCE = [(2, {}), (3, {}), (4, {})]

GAME = Game(
    id="twelve-thieves", title="12 Thieves", min_seats=2, max_seats=4, seat_range=seat_range,
    options=OPTIONS, state_class=TwelveState, view=build_view, view_all=view_all, audit=audit,
    redeal=redeal, hidden=hidden_items, words=words, conformance=CONFORMANCE,
    bots={"novice": bots.Novice(), "sharp": bots.Sharp(), "ruthless": bots.Ruthless()},
)

__all__ = ["GAME", "CONFORMANCE", "TwelveState", "TABLE_RULES", "PALACES", "PALACE_NAMES",
           "PALACE_SYMBOLS", "CARDS", "CARD_NAMES", "DANCER", "DANCERS", "CARDS_PER_PALACE",
           "CHEST_STACK", "CHESTS_TO_WIN", "GUARD_SPACES", "GUARDS_PER_PLAYER", "STARTING_HANDS",
           "THIEF_ACTIONS", "THIEVES_PER_PLAYER", "GUARD_ROUNDS", "cards_words", "palace_name",
           "describe"]
