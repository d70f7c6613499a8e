"""The engine contract every game follows (see DESIGN.md, "The engine contract").

A game is a small declarative object (:class:`Game`) that knows its id, seat range, options and
bots, and builds a :class:`State`.  A state answers who acts, what is legal, applies one action at a
time and builds a seat's view.  Chance comes only from the state's own seeded generator, so a game
record (seed + actions) is the whole game.

>>> import pycore
>>> state = pycore.GAMES["thievery"].new_game(seats=3, seed=1)
>>> text = pycore.record(state)
>>> pycore.replay(text).view(0) == state.view(0)
True
"""
from __future__ import annotations

import copy
import json
import random

ENGINE_VERSION = "1.0"


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why."""


class BadRecord(ValueError):
    """A game record that cannot be replayed; the message says why."""


class State:
    """Base of every game's state.

    Subclasses implement ``to_act``, ``legal_actions``, ``_apply`` (which raises IllegalAction
    before changing anything), ``view``, ``is_over`` and ``outcome``.  ``apply`` here keeps the
    history that makes the record.
    """

    game: "Game"

    def __init__(self, game: "Game", seats: int, seed: int, options: dict):
        self.game = game
        self.seats = seats
        self.seed = seed
        self.options = dict(options)
        self.rng = random.Random(seed)
        self.history: list[tuple[int, dict]] = []

    # -- the contract -------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list:
        raise NotImplementedError

    def apply(self, seat: int, action: dict) -> list:
        """Apply one action for ``seat``; returns the public events it caused."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalAction(f"there is no seat {seat!r} at this table")
        if not isinstance(action, dict):
            raise IllegalAction(f"an action is a dict, not {type(action).__name__}")
        if self.is_over:
            raise IllegalAction("the game is over")
        events = self._apply(seat, action) or []
        self.history.append((seat, copy.deepcopy(action)))
        return events

    def _apply(self, seat: int, action: dict) -> list:
        raise NotImplementedError

    def view(self, seat) -> dict:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def outcome(self):
        raise NotImplementedError

    def clone(self) -> "State":
        return copy.deepcopy(self)

    def __repr__(self) -> str:
        return (f"<{self.game.title} seats={self.seats} seed={self.seed} "
                f"actions={len(self.history)}{' over' if self.is_over else ''}>")


class Game:
    """A game's facts: id, title, seat range, options (name -> default), bots, state class."""

    def __init__(self, id: str, title: str, min_seats: int, max_seats: int, options: dict,
                 state_class, bots: dict, check_options=None, audit=None, exchange_hidden=None):
        self.id = id
        self.title = title
        self.min_seats = min_seats
        self.max_seats = max_seats
        self.options = dict(options)
        self.state_class = state_class
        self.bots = bots
        self._check_options = check_options
        # Hooks for the shared tests (tests/test_conformance.py):
        # audit(state) asserts the game's own invariants (cards conserved ...);
        # exchange_hidden(state, seat, rng) returns a clone in which things hidden from that seat
        # have been exchanged, so the test can check that the seat's view did not change.
        self.audit = audit
        self.exchange_hidden = exchange_hidden

    def new_game(self, seats: int, seed: int = 0, options: dict | None = None) -> State:
        """A new game; equal arguments deal exactly the same way.  Bad arguments raise ValueError."""
        if isinstance(seats, bool) or not isinstance(seats, int):
            raise ValueError(f"seats must be a whole number, not {seats!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"the seed must be a whole number, not {seed!r}")
        merged = dict(self.options)
        for name, value in (options or {}).items():
            if name not in self.options:
                raise ValueError(f"{self.title} has no option {name!r}")
            merged[name] = value
        max_seats = self.max_seats
        if self._check_options:
            # A game may move its seat range with an option (Guild of Thieves' Double Deck).
            max_seats = self._check_options(seats, merged) or max_seats
        if not self.min_seats <= seats <= max_seats:
            raise ValueError(f"{self.title} is for {self.min_seats} to {max_seats} seats, not {seats}")
        return self.state_class(self, seats, seed, merged)

    def __repr__(self) -> str:
        return f"<Game {self.id}: {self.title}, {self.min_seats}-{self.max_seats} seats>"


def record(state: State) -> str:
    """The game record: JSON with game id, engine version, seats, options, seed and actions."""
    return json.dumps({
        "game": state.game.id,
        "engine": ENGINE_VERSION,
        "seats": state.seats,
        "options": state.options,
        "seed": state.seed,
        "actions": [[seat, action] for seat, action in state.history],
    }, separators=(",", ":"), sort_keys=True)


def replay(text, games: dict) -> State:
    """Rebuild a game from its record; anything wrong raises BadRecord with the reason."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise BadRecord(f"this is not a game record (not JSON: {error})") from None
    if not isinstance(data, dict):
        raise BadRecord("this is not a game record (not a JSON object)")
    missing = [key for key in ("game", "engine", "seats", "options", "seed", "actions") if key not in data]
    if missing:
        raise BadRecord(f"this game record lacks {', '.join(missing)}")
    game = games.get(data["game"]) if isinstance(data["game"], str) else None
    if game is None:
        raise BadRecord(f"this record is for a game this table does not have: {data['game']!r}")
    if data["engine"] != ENGINE_VERSION:
        raise BadRecord(f"this record was made by engine version {data['engine']!r}; "
                        f"this table runs {ENGINE_VERSION}")
    if not isinstance(data["options"], dict) or not isinstance(data["actions"], list):
        raise BadRecord("this game record is damaged (options or actions have the wrong shape)")
    try:
        state = game.new_game(seats=data["seats"], seed=data["seed"], options=data["options"])
    except ValueError as error:
        raise BadRecord(f"this game record cannot start: {error}") from None
    for number, entry in enumerate(data["actions"], 1):
        if not (isinstance(entry, list) and len(entry) == 2):
            raise BadRecord(f"action {number} of the record is damaged: {entry!r}")
        seat, action = entry
        try:
            state.apply(seat, action)
        except Exception as error:  # IllegalAction, or an action too damaged to even read
            raise BadRecord(f"action {number} of the record (seat {seat}: {action!r}) "
                            f"is not legal: {error}") from None
    return state
