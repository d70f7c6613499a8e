"""Thievery (thievery.txt): sort your row, then read the table and name everyone else's cards.

``GAME`` is the game object of the engine contract; the rules, the view and the facts are in
:mod:`pycore.thievery.rules`, the bots in :mod:`pycore.thievery.bots`.
"""
from ..core import Game
from . import rules
from .bots import BOTS
from .rules import POWERS, TABLE_RULES, ThieveryState

GAME = Game(
    id="thievery",
    title="Thievery",
    min_seats=3,
    max_seats=6,
    options={"powerups": True, "partnerships": False, "bots": []},
    state_class=ThieveryState,
    bots=BOTS,
    check_options=rules.check_options,
    audit=rules.audit,
    exchange_hidden=rules.exchange_hidden,
)

__all__ = ["GAME", "ThieveryState", "POWERS", "TABLE_RULES"]
