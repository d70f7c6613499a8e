"""Thievery (thievery.txt): sort your row, then read the table and name everyone else's cards.

``GAME`` is the game object of the engine contract.  The package: :mod:`.rules` (the facts, the
state, the move table), :mod:`.view` (a seat's view), :mod:`.words` (the log's sentences),
:mod:`.bots` (Novice, Sharp, Ruthless) with :mod:`.knowledge`.  A board needs only the names in
``__all__``.

>>> GAME.seat_range({"partnerships": True})
(3, 6)
>>> GAME.check_seating([{"people": ["Ann", "Bo"]}, {"people": ["Cy"]}, {"bot": "sharp"}])
Traceback (most recent call last):
...
ValueError: seat 1 is shared while seat 3 has nobody: the first people take a seat each; only after that do new people share one
"""
from ..core import Game
from . import words
from .bots import BOTS
from .knowledge import COLOUR_INDEX, Table, fence, fence_candidates
from .secrecy import hidden_items, redeal
from .rules import (ACE, COLOURS, MAX_HELD, PARTNERSHIP_HANDS, POWERS, POWERUP_HANDS, RANK_NAMES,
                    RANKS, TABLE_RULES, TEAMS, ThieveryState, audit, check_options)
from .words import article, describe, plural_rank, rank_word
from .view import build_view, view_all


def _tables() -> list:
    """The tables the shared conformance test plays: every size, with and without power-ups,
    with bots, and partnerships."""
    tables = []
    for hands in (3, 4, 5, 6):
        for powerups in (True, False):
            tables.append((hands, {"powerups": powerups}))
        tables.append((hands, {"bots": list(range(1, hands))}))
    tables.append((4, {"partnerships": True}))
    tables.append((4, {"partnerships": True, "bots": [1, 3]}))
    return tables


CONFORMANCE = _tables()

GAME = Game(
    id="thievery", title="Thievery", min_seats=3, max_seats=6,
    options={"powerups": True, "partnerships": False, "bots": []},
    state_class=ThieveryState, view=build_view, view_all=view_all, bots=BOTS, words=words,
    conformance=CONFORMANCE,
    people_per_seat=2,          # "at most two people share a hand"
    check_options=check_options, audit=audit, redeal=redeal, hidden=hidden_items,
)

__all__ = ["GAME", "CONFORMANCE", "ThieveryState", "POWERS", "TABLE_RULES", "RANKS", "ACE",
           "COLOURS", "RANK_NAMES", "MAX_HELD", "TEAMS", "POWERUP_HANDS", "PARTNERSHIP_HANDS",
           "describe", "rank_word", "plural_rank", "article", "COLOUR_INDEX", "Table", "fence",
           "fence_candidates"]
