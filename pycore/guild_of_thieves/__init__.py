"""Guild of Thieves: find the Jeweled Box (the Joker) and open it with the right combination.

The rules, with the shapes of actions, views and events, are in :mod:`.rules`; the bots in
:mod:`.bots`; what a seat can infer from its view in :mod:`.knowledge`.

>>> import pycore
>>> game = pycore.GAMES["guild-of-thieves"]
>>> game.title, game.min_seats, game.max_seats
('Guild of Thieves', 2, 16)
>>> state = game.new_game(seats=20, seed=1, options={"double_deck": True})
>>> len(state.view(None)["houses"])
32
"""
from ..core import Game
from . import bots
from .rules import OPTIONS, TABLE_RULES, GuildState, audit, check_options, exchange_hidden

GAME = Game(
    id="guild-of-thieves",
    title="Guild of Thieves",
    min_seats=2,
    max_seats=16,
    options=OPTIONS,
    state_class=GuildState,
    bots={"novice": bots.Novice(), "sharp": bots.Sharp(), "ruthless": bots.Ruthless()},
    check_options=check_options,
    audit=audit,
    exchange_hidden=exchange_hidden,
)

__all__ = ["GAME", "TABLE_RULES"]
