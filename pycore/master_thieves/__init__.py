"""Master Thieves: a cabinet of twelve drawers that turns and flips; only memory says where the
gems are.

The package: :mod:`.cabinet` (the drawers, turning, flipping), :mod:`.rules` (the facts, the
state, the move table), :mod:`.view` (a seat's view), :mod:`.words` (the log's sentences),
:mod:`.secrecy` (what a seat cannot see, dealt afresh), :mod:`.bots` with :mod:`.knowledge`
(what a seat remembers of the public record).  A board needs
only the names in ``__all__``.

>>> import pycore
>>> game = pycore.GAMES["master-thieves"]
>>> game.title, game.seat_range()
('Master Thieves', (2, 8))
>>> state = game.new_game(seats=3, seed=1)
>>> state.view(None)["faces"][0]
[True, False, True, False]
"""
from ..core import Game
from . import bots, words
from .cabinet import KINDS, SIDES, TIERS, VALUES, stones_count, stones_value
from .rules import (FAKE_KINDS, GUARD_ROUNDS, OPTIONS, ROLE_NAMES, ROLES, SETUP_DIAMONDS, TABLE_RULES,
                    MasterState, audit, check_options)
from .secrecy import hidden_items, redeal
from .view import build_view, view_all
from .words import QUARTERS, SIDE_NAMES, describe, drawer_name, stones_text

# Every table size; the notebook at a small and a big table.
CONFORMANCE = [(seats, {}) for seats in range(2, 9)] + [(3, {"notebook": True}), (8, {"notebook": True})]

GAME = Game(
    id="master-thieves", title="Master Thieves", min_seats=2, max_seats=8,
    options=OPTIONS, check_options=check_options,
    state_class=MasterState, view=build_view, view_all=view_all, audit=audit, redeal=redeal, hidden=hidden_items,
    words=words, conformance=CONFORMANCE,
    bots={"novice": bots.Novice(), "sharp": bots.Sharp(), "ruthless": bots.Ruthless()},
)

__all__ = ["GAME", "CONFORMANCE", "MasterState", "TABLE_RULES", "ROLES", "ROLE_NAMES", "KINDS",
           "VALUES", "TIERS", "SIDES", "SIDE_NAMES", "QUARTERS", "FAKE_KINDS", "GUARD_ROUNDS",
           "SETUP_DIAMONDS", "stones_count", "stones_value", "stones_text", "drawer_name", "describe"]
