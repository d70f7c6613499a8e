"""The engine contract every game follows (see DESIGN.md, "The engine contract").

A game is a small declarative object (:class:`Game`) that knows its id, seat range, options and
bots, and builds a :class:`State`.  A state answers who acts, what is legal (and why an action is
not: ``why_not``), applies one action at a time and builds a seat's view.  Chance comes only from the state's own seeded generator, so a game
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

from .kit.errors import (MAX_NESTING, REFUSAL_LENGTH, SHOWN_LENGTH, BadRecord, IllegalAction,  # noqa: F401
                         brief, nests_deeper, shown)
from .kit.events import EventLog

# 1.1: the rule fixes of the shared kit (a skipped Thievery turn draws a power-up, stakeouts and
# misdirections stack, ...) change what a 1.0 record would replay into, so 1.0 records are refused.
# 1.2: the rule fixes of issue 18 (Master Thieves' set-up flips once, an alarm token takes a full
# pull's secret stones too, the round limits become guards far beyond any real game).
ENGINE_VERSION = "1.2"


class State:
    """Base of every game's state.

    A game's state declares ``moves`` (a :class:`pycore.kit.MoveTable`) and implements ``to_act``,
    ``is_over``, ``outcome`` and ``clone``; ``redeal_hidden(seat, rng)`` (for
    :func:`pycore.kit.resample`) is its game's ``redeal``.
    ``legal_actions``, ``why_not`` and ``apply`` come from the move table; ``apply`` here also keeps
    the history that makes the record.  ``view`` and ``view_all`` ask the game (its ``view`` function, as
    boardgame.io's ``playerView``), so the rules never import the module that reads them.
    ``log`` is the game's :class:`pycore.kit.EventLog`.
    """

    game: "Game"
    moves = None

    def __init__(self, game: "Game", seats: int, seed: int, options: dict):
        self.game = game
        self.seats = seats
        self.seed = seed
        self.options = dict(options)
        self.rng = random.Random(seed)
        self.history: list[tuple[int, dict]] = []
        self.log = EventLog()
        self._news: list[dict] = []   # copies of the public events of the action being applied

    # -- the contract -------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list:
        """Every action ``seat`` may take now (for a seat not in ``to_act``: its out-of-turn moves)."""
        if self.is_over or isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < self.seats:
            return []
        return self.moves.legal(self, seat)

    def why_not(self, seat: int, action: dict) -> str | None:
        """None when ``seat`` may take ``action`` now, else the refusal ``apply`` would raise, in
        the same words (from the move table: legality is written once).  Nothing changes."""
        try:
            self._check_call(seat, action)
            reason = self.moves.why_not(self, seat, action)
        except IllegalAction as refusal:
            reason = str(refusal)
        return None if reason is None else brief(reason)

    def apply(self, seat: int, action: dict) -> list:
        """Apply one action for ``seat``; returns copies of the public events it caused."""
        self._check_call(seat, action)
        self._news = []
        try:
            self.moves.apply(self, seat, action)
        except IllegalAction as refusal:
            message = str(refusal)
            if len(message) <= REFUSAL_LENGTH:
                raise
            raise IllegalAction(brief(message)) from None
        self.history.append((seat, copy.deepcopy(action)))
        events, self._news = self._news, []
        return events

    def _check_call(self, seat, action) -> None:
        """IllegalAction unless ``seat`` is at the table, ``action`` a dict of a sane depth and the
        game still on (before the move table is asked)."""
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise IllegalAction(f"there is no seat {shown(seat)} at this table")
        if not isinstance(action, dict):
            raise IllegalAction(f"an action is a dict, not {type(action).__name__}")
        if nests_deeper(action):
            raise IllegalAction("that action nests lists and dicts too deep to be a move")
        if self.is_over:
            raise IllegalAction("the game is over")

    def tell(self, public: dict | None, private: dict | None = None) -> None:
        """Log an event: ``public`` for everyone (or None), ``private`` {seat: that seat's version};
        the public one is also among the events ``apply`` returns."""
        event = self.log.add(public, private)
        if event is not None:
            self._news.append(event)

    def view(self, seat=None) -> dict:
        """Exactly what ``seat`` may know now (None: the public view), built by the game's view."""
        return self.game.view(self, seat)

    def view_all(self) -> dict:
        """The public view with every hidden thing turned up, for watching a game back (the public
        view where a game has no such view)."""
        if self.game.view_all is None:
            return self.view(None)
        return self.game.view_all(self)

    @property
    def is_over(self) -> bool:
        """Over once the game's phase is "over" (a game that keeps it elsewhere says so itself)."""
        return self.phase == "over"

    @property
    def outcome(self):
        raise NotImplementedError

    def clone(self) -> "State":
        return copy.deepcopy(self)

    def redeal_hidden(self, seat: int, rng) -> None:
        """Deal afresh in place what ``seat`` cannot see (see :func:`pycore.kit.resample`): the
        game's ``redeal`` (its package's secrecy.py)."""
        self.game.redeal(self, seat, rng)

    def _clone_base(self, *names) -> "State":
        """A shallow copy with its own generator, history and log (for a game's clone), and its
        own copy of each named attribute (plain data: lists, dicts, sets, tuples, all the way
        down)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.options = copy.deepcopy(self.options)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.history = list(self.history)
        other.log = self.log.copy()
        for name in names:
            setattr(other, name, _plain_copy(getattr(self, name)))
        return other

    def __repr__(self) -> str:
        return (f"<{self.game.title} seats={self.seats} seed={self.seed} "
                f"actions={len(self.history)}{' over' if self.is_over else ''}>")


def _plain_copy(value):
    """A copy of plain data: lists, dicts, sets and tuples copied all the way down (a set's and a
    tuple's members are immutable, but a tuple may hold lists)."""
    kind = type(value)
    if kind is list:
        return [_plain_copy(item) for item in value]
    if kind is dict:
        return {key: _plain_copy(item) for key, item in value.items()}
    if kind is set:
        return set(value)
    if kind is tuple:
        return tuple(_plain_copy(item) for item in value)
    return value


# The bots' levels, weakest first: every game has one of each; the hints are the strongest's advice.
BOT_LEVELS = ("novice", "sharp", "ruthless")
HINT_LEVEL = BOT_LEVELS[-1]


class Game:
    """A game's facts: id, title, seat range, options (name -> default), bots, state class, words.

    ``seat_range(options)`` gives the seats a table with those options may have (an option may
    widen it: Guild of Thieves' Double Deck); ``min_seats``/``max_seats`` are the range with the
    default options.  ``check_options(seats, options)`` only validates (ValueError saying why).
    ``describe(event, names, viewer=None)`` is the sentence the log shows for one event.
    ``check_seating(seating)`` validates who sits where before a table starts.  ``conformance``
    lists the tables (seats, options) the shared conformance test plays.

    ``view(state, seat)`` builds a seat's view (the one function that strips secrets, like
    boardgame.io's ``playerView``) and ``view_all(state)`` the view with everything turned up;
    ``redeal(state, seat, rng)``, where given, deals afresh what a seat cannot see.  The game's
    package wires these in, so its rules never import the modules that read them.

    ``bots`` has one bot for each of ``BOT_LEVELS`` (weakest first; the shell names them by
    capitalising).  A bot reads only a seat's view: ``choose(view, legal, rng)`` returns one of
    ``legal``; the ``HINT_LEVEL`` bot also has ``advise(view, legal, rng)`` -> ``{"action": one of
    legal, "why": a sentence}``, the hint a person is shown.  A state's ``why_not(seat, action)`` is
    None for a legal action, else the words ``apply`` would raise.  The game's board package
    (``web/frontend/boards``) exports ``TABLE_RULES``, its rulings for the rules page.

    One shape for every game's package: ``rules.py`` (facts, state, move table), ``view.py``,
    ``words.py``, ``bots.py``, ``knowledge.py`` (what the bots read from a view) and ``secrecy.py``
    (``redeal`` and ``hidden``, required here: the shared secrecy check covers every game).
    """

    def __init__(self, id: str, title: str, min_seats: int, max_seats: int, options: dict,
                 state_class, bots: dict, words, conformance: list, view, view_all=None,
                 people_per_seat: int = 1, seat_range=None, check_options=None, audit=None,
                 hidden=None, redeal=None):
        self.id = id
        self.title = title
        self.min_seats = min_seats
        self.max_seats = max_seats
        self.options = dict(options)
        self.state_class = state_class
        if tuple(bots) != BOT_LEVELS or not callable(getattr(bots[HINT_LEVEL], "advise", None)):
            raise TypeError(f"{id}: bots must be {BOT_LEVELS} in that order, the {HINT_LEVEL} one with advise()")
        self.bots = bots
        self.words = words
        self.conformance = list(conformance)
        self.view = view
        self.view_all = view_all
        if redeal is None or hidden is None:
            raise TypeError(f"{id}: a game needs redeal and hidden (its secrecy.py)")
        self.redeal = redeal
        self.people_per_seat = people_per_seat
        self._seat_range = seat_range
        self._check_options = check_options
        # audit(state) asserts the game's own invariants (cards conserved ...) for the shared tests.
        self.audit = audit
        # hidden(state, seat) -> {name: value}: what the seat cannot see and its view leaves open
        # (each item could be otherwise); the shared tests check that resample deals each afresh.
        self.hidden = hidden

    def seat_range(self, options: dict | None = None) -> tuple:
        """(fewest, most) seats with these options (missing options take their defaults)."""
        if self._seat_range is None:
            return self.min_seats, self.max_seats
        return self._seat_range({**self.options, **(options or {})})

    def describe(self, event: dict, names: list, viewer=None) -> str:
        """The sentence the log shows for ``event``; ``names[seat]`` is what the table calls a seat,
        ``viewer`` the seat reading it (its own moves read "you"), None for everyone."""
        return self.words.describe(event, names, viewer)

    def check_seating(self, seating: list, options: dict | None = None) -> None:
        """Who sits where, one entry per seat: ``{"people": [names], "bot": level or None}``.

        As many seats as ``seat_range(options)`` allows.  The first people to join take a seat
        each; only after that may people share one (at most ``people_per_seat``): no seat has two
        people while another seat is a bot or empty.  A bot level must be one of ``bots``.
        Raises ValueError saying why.
        """
        _check_seating(self, seating, options)

    def new_game(self, seats: int, seed: int = 0, options: dict | None = None) -> State:
        """A new game; equal arguments deal exactly the same way.  Bad arguments raise ValueError."""
        if isinstance(seats, bool) or not isinstance(seats, int):
            raise ValueError(f"seats must be a whole number, not {shown(seats)}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"the seed must be a whole number, not {shown(seed)}")
        merged = dict(self.options)
        for name, value in (options or {}).items():
            if name not in self.options:
                raise ValueError(f"{self.title} has no option {shown(name)}")
            merged[name] = value
        if self._check_options:
            self._check_options(seats, merged)
        fewest, most = self.seat_range(merged)
        if not fewest <= seats <= most:
            raise ValueError(f"{self.title} is for {fewest} to {most} seats, not {shown(seats)}")
        return self.state_class(self, seats, seed, merged)

    def __repr__(self) -> str:
        return f"<Game {self.id}: {self.title}, {self.min_seats}-{self.max_seats} seats>"


def _check_seating(game: Game, seating: list, options) -> None:
    if not isinstance(seating, list):
        raise ValueError("a seating lists the seats")
    fewest, most = game.seat_range(options)
    if not fewest <= len(seating) <= most:
        raise ValueError(f"{game.title} is for {fewest} to {most} seats, not {len(seating)}")
    for number, seat in enumerate(seating, 1):
        if not isinstance(seat, dict) or not isinstance(seat.get("people") or [], list):
            raise ValueError(f"seat {number} is not a seat ({{\"people\": [...], \"bot\": ...}})")
        people, bot = seat.get("people") or [], seat.get("bot")
        if bot is not None and bot not in game.bots:
            raise ValueError(f"seat {number}: there is no bot level {shown(bot)}")
        if people and bot is not None:
            raise ValueError(f"seat {number} is played by people or by a bot, not both")
        if len(people) > game.people_per_seat:
            raise ValueError(f"seat {number}: at most {game.people_per_seat} "
                             f"{'person plays' if game.people_per_seat == 1 else 'people share'} a seat")
    shared = [number for number, seat in enumerate(seating, 1) if len(seat.get("people") or []) > 1]
    free = [number for number, seat in enumerate(seating, 1) if not seat.get("people")]
    if shared and free:
        raise ValueError(f"seat {shared[0]} is shared while seat {free[0]} has nobody: the first "
                         f"people take a seat each; only after that do new people share one")


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
        raise BadRecord(f"this is not a game record (not JSON: {brief(str(error))})") from None
    except (RecursionError, MemoryError):
        raise BadRecord("this is not a game record (nested too deep, or too big)") from None
    if not isinstance(data, dict):
        raise BadRecord("this is not a game record (not a JSON object)")
    if nests_deeper(data):
        raise BadRecord("this game record is damaged (it nests lists and dicts too deep)")
    missing = [key for key in ("game", "engine", "seats", "options", "seed", "actions") if key not in data]
    if missing:
        raise BadRecord(f"this game record lacks {', '.join(missing)}")
    game = games.get(data["game"]) if isinstance(data["game"], str) else None
    if game is None:
        raise BadRecord(f"this record is for a game this table does not have: {shown(data['game'])}")
    if data["engine"] != ENGINE_VERSION:
        raise BadRecord(f"this record was made by engine version {shown(data['engine'])}; "
                        f"this table runs {ENGINE_VERSION}")
    if not isinstance(data["options"], dict) or not isinstance(data["actions"], list):
        raise BadRecord("this game record is damaged (options or actions have the wrong shape)")
    try:
        state = game.new_game(seats=data["seats"], seed=data["seed"], options=data["options"])
    except ValueError as error:
        raise BadRecord(f"this game record cannot start: {brief(str(error))}") from None
    for number, entry in enumerate(data["actions"], 1):
        if not (isinstance(entry, list) and len(entry) == 2):
            raise BadRecord(f"action {number} of the record is damaged: {shown(entry)}")
        seat, action = entry
        try:
            state.apply(seat, action)
        except Exception as error:  # IllegalAction, or an action too damaged to even read
            raise BadRecord(f"action {number} of the record (seat {shown(seat)}: {shown(action)}) "
                            f"is not legal: {brief(str(error))}") from None
    return state
