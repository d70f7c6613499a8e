"""Thieves' Table engines: pure Python, standard library only, CPython 3.11 and Pyodide 3.14.

The public names are the engine contract of DESIGN.md.  Every game (``GAMES[id]``) also offers
``game.describe(event, names, viewer=None)`` (the log's sentence for an event),
``game.seat_range(options)`` (fewest and most seats with those options),
``game.check_seating(seating)`` (who may sit where before a table starts: ValueError saying why)
and ``game.conformance`` (the tables the shared test plays); every state also offers
``state.why_not(seat, action)`` beside ``legal_actions`` (None when the action is legal now, else
the refusal ``apply`` would raise, in its words) and ``state.view_all()`` (everything turned up,
for watching a game back); every view starts with the header
``game, seat, seats, phase, to_act, log, outcome``.  The facts a board needs are the public names
of each game's package (``pycore.thievery.__all__``, ``pycore.guild_of_thieves.__all__``);
:mod:`pycore.kit` is what the games stand on (``pycore.kit.resample(state, seat, rng)``)::

    >>> import pycore
    >>> sorted(pycore.GAMES)[:1]
    ['guild-of-thieves']
    >>> game = pycore.GAMES["thievery"]
    >>> state = game.new_game(seats=4, seed=7, options={})
    >>> state.to_act
    (0, 1, 2, 3)
    >>> state.why_not(0, {"type": "lock_in", "order": [0]})
    'the order must list each of the 6 cards (0 to 5) exactly once'
"""
import importlib

from .core import BOT_LEVELS, ENGINE_VERSION, HINT_LEVEL, BadRecord, Game, IllegalAction, State
from .core import record
from .core import replay as _replay

# Every game, in the order the home screen shows them, by its package (pycore/<name>/, whose GAME
# has the id <name> with hyphens): adding a game is its engine package, its board package
# (web/frontend/boards/<name>/, found by the id) and its name here.
GAME_PACKAGES = ("thievery", "guild_of_thieves", "thieves_of_eldris", "master_thieves", "twelve_thieves")
GAMES = {game.id: game for game in (importlib.import_module(f"{__name__}.{name}").GAME for name in GAME_PACKAGES)}


def replay(text) -> State:
    """Rebuild any game from its record; a bad record raises BadRecord with the reason."""
    return _replay(text, GAMES)


__all__ = ["GAMES", "Game", "State", "IllegalAction", "BadRecord", "record", "replay",
           "ENGINE_VERSION", "BOT_LEVELS", "HINT_LEVEL"]
