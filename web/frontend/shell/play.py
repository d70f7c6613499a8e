"""A game in progress on the screen: engine state + table + whose secrets show.  Pure Python."""
from __future__ import annotations

import copy
import random
import weakref
from dataclasses import dataclass

import pycore

from .play_log import PlayLog
from .table import Conductor



@dataclass
class Scene:
    """Everything a board draws from: one seat's view and legal actions, the screen's own draft,
    and what the table (not the engine) knows: names, which seats are bots, seats a person may
    take over now."""
    view: dict
    legal: list
    draft: dict
    names: list
    bots: dict               # seat -> "Sharp bot", for seats a bot plays
    take_over: list          # bot seats a person may take now (the engine says so)
    # What the screen is for: "turn" (the seat on screen acts), "wait" (others act), "landing" (the
    # seat's turn just ended: its own view shows what the move did), "handover" (the public view
    # between two people: nothing of the next turn shows), "over".
    moment: str = "turn"

    def whose_turn(self, seat: int) -> str:
        """The bar's "Ana's turn"; "your turn" when it is the seat on screen and one person plays
        alone with bots (at a hot-seat table the bar names who is to hold the device)."""
        alone = len(self.names) - len(self.bots) == 1
        return "your turn" if alone and seat == self.view["seat"] else f"{self.names[seat]}'s turn"


class Moment:
    """One moment of a game as the screen reads it: the engine state after an action, with each
    seat's view and legal actions built the first time anyone asks and kept until the state moves
    on.  The seat on screen, its hand-over, the news, the log, the motion, the Conductor and a bot
    about to move all read the same copies (so nobody writes into them).  It answers the reading
    half of the engine contract, so whatever reads a State reads a Moment too."""

    def __init__(self, state):
        self.state = state
        self.actions = len(state.history)
        self.views: dict = {}       # seat (None: the public view) -> view
        self.legal: dict = {}       # seat -> legal actions

    def current(self, state) -> bool:
        """Whether this is still the moment of ``state`` (no action applied since, not another state)."""
        return state is self.state and len(state.history) == self.actions

    def view(self, seat=None) -> dict:
        if seat not in self.views:
            self.views[seat] = self.state.view(seat)
        return self.views[seat]

    def legal_actions(self, seat: int) -> list:
        if seat not in self.legal:
            self.legal[seat] = self.state.legal_actions(seat)
        return self.legal[seat]

    def why_not(self, seat: int, action: dict):
        return self.state.why_not(seat, action)

    @property
    def to_act(self) -> tuple:
        return self.state.to_act

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def outcome(self):
        return self.state.outcome

    @property
    def game(self):
        return self.state.game


# The moment each state on a screen is at, for what reads a state outside its Play (a save's line
# in the saved-games list is written just after the move it saves was drawn).
_MOMENTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def moment_of(state) -> Moment:
    """The moment ``state`` is at: the one a screen drew from when it is still current, else a new one."""
    moment = _MOMENTS.get(state)
    if moment is None or not moment.current(state):
        moment = _MOMENTS[state] = Moment(state)
    return moment


class Play(PlayLog):
    def __init__(self, save, board):
        self.save = save
        self.board = board
        self.conductor = Conductor(save.table, board.shows_secrets)
        self.draft: dict = board.new_draft()
        self.banner: list = []       # what the last action did, in public words (the embed tells it)
        self.error: str = ""         # why the last tap was refused
        # The seat whose turn just ended in hot-seat and who sees their move land before the device
        # moves on, and what the move did in their own words (private results included).
        self.landing: int | None = None
        self.landing_lines: list = []
        self.landing_private = False
        # Public events not yet drawn with motion (None: nothing new); a fresh deal is new.
        self.fresh: list | None = [] if not save.state.history else None
        self.last_events: list = []  # the public events of the last action
        self._moment: Moment | None = None
        # The log as last described for the screen: (viewer, names, the events, their lines); the
        # next screen describes only the events added since.
        self._described: tuple = (None, None, [], [])

    # -- what the screen shows ---------------------------------------------------------------
    @property
    def state(self):
        return self.save.state

    @property
    def seen(self) -> dict:
        """seat -> length of the public log when that person last acted (kept in the save)."""
        return self.save.seen

    @property
    def viewer(self):
        return self.landing if self.landing is not None else self.conductor.viewer

    @property
    def names(self) -> list:
        return self.save.table.names()

    @property
    def hot_seat(self) -> bool:
        return self.save.table.hot_seat

    @property
    def moment(self) -> Moment:
        """The views and legal actions of the state as it is now, each built once (a new moment
        after every action, a take-back or another state)."""
        if self._moment is None or not self._moment.current(self.state):
            self._moment = Moment(self.state)
            _MOMENTS[self.state] = self._moment
        return self._moment

    def view(self) -> dict:
        return self.moment.view(self.viewer)

    def public_view(self) -> dict:
        return self.moment.view(None)

    def legal(self) -> list:
        if self.viewer is None or self.landing is not None:
            return []
        return self.moment.legal_actions(self.viewer)

    def step(self):
        return self.conductor.next_step(self.moment)

    def take_over_seats(self) -> list:
        """Bot seats a person may take now: the engine lists take_over among their legal actions.
        A game that is not told which seats bots play (no "bots" option) has no such move to offer."""
        if self.state.is_over or "bots" not in self.state.options:
            return []
        moment = self.moment
        return [seat for seat in self.save.table.bots() if {"type": "take_over"} in moment.legal_actions(seat)]

    def scene(self, moment: str | None = None) -> Scene:
        table = self.save.table
        bots = {seat: table.kind(seat) for seat in table.bots()}
        legal = self.legal()
        if moment is None:
            moment = ("over" if self.state.is_over else "landing" if self.landing is not None
                      else "turn" if legal else "wait")
        # Between two people nobody's draft shows: the board is drawn as everyone may see it.
        draft = self.board.new_draft() if moment == "handover" else self.draft
        return Scene(self.view(), legal, draft, self.names, bots, self.take_over_seats(), moment)

    def motion(self) -> dict:
        """Stable element keys -> motion classes for what happened since the board was last drawn
        (the board's ``motion`` hook), once."""
        fresh, self.fresh = self.fresh, None
        if fresh is None:
            return {}
        return self.board.motion(fresh, self.view())

    def tap(self, command: str, data: dict):
        """A tap that changes the draft only (the board keeps it)."""
        self.board.tap(self.draft, command, data, self.view())

    def why_not(self, action: dict, words: str = "", seat: int | None = None) -> str:
        """Why a tap on something that is no choice now did nothing: the engine's own refusal of
        the action it would have been, with the seats named as the board names them, as a
        sentence ("No thief here…" style); ``words`` when the engine has none to say (it is legal
        now: the screen was behind; nobody's turn is on the screen).  ``seat``: whose action (the
        viewer's unless said: a phone's, at a table of phones)."""
        seat = self.viewer if seat is None else seat
        why = self.moment.why_not(seat, action) if seat is not None else None
        if not why:
            return words or ("Nothing is yours to choose on this screen just now." if seat is None else "")
        said = self.board.hint_words(why, self.names, seat)
        return said[:1].upper() + said[1:] + ("" if said.endswith((".", "!", "?")) else ".")

    # -- acting ---------------------------------------------------------------------------------
    def act(self, seat: int, action: dict) -> bool:
        """Apply a person's action; on refusal keep the reason for the screen and change nothing.
        In hot-seat, a person whose turn this ended, and whose screen showed secrets, lands: they see
        their own move before the device moves on."""
        private_before = len(self.moment.view(seat)["log"])
        try:
            self._apply(seat, action)
        except pycore.IllegalAction as error:
            self.error = str(error)
            return False
        self.error = ""
        if (self.hot_seat and not self.state.is_over and seat not in self.state.to_act
                and seat in self.save.table.person_seats and self.conductor.secret_for(self.moment, seat)):
            game, names = self.state.game, self.names
            own = self.moment.view(seat)["log"][private_before:]
            private = [event for event in own if event not in self.last_events]
            # What the move did: what only they learned, then the rest of the table's news told as
            # the board tells it (whose turn comes next goes without saying: it is not theirs to see).
            told = {event.get("type") for event in private}
            rest = [event for event in self.last_events if event.get("type") not in told]
            public = self.board.recap(rest, names, seat)
            self.landing_lines = [game.describe(event, names, seat) for event in private] + public
            self.landing_private = bool(private)
            self.landing = seat
        return True

    def end_landing(self):
        self.landing, self.landing_lines, self.landing_private = None, [], False
        self.conductor.viewer = None

    # -- take back and hints (issue 20) ---------------------------------------------------------
    def take_back_point(self):
        """How many actions the game keeps when the last person's decision is taken back (that
        person decides again from there), or None when no person has decided yet."""
        people = set(self.save.table.person_seats)
        for index in range(len(self.state.history) - 1, -1, -1):
            seat, action = self.state.history[index]
            if seat in people and action.get("type") != "take_over":
                return index
        return None

    def take_back(self) -> bool:
        """Back to the last person's previous decision: the same seed and the same record up to
        there, so nothing is dealt afresh."""
        keep = self.take_back_point()
        if keep is None:
            return False
        state = self.state
        replayed = state.game.new_game(seats=state.seats, seed=state.seed, options=state.options)
        for seat, action in state.history[:keep]:
            replayed.apply(seat, action)
        self.save.state = replayed
        self.save.takebacks += 1
        logged = len(self.public_log())
        self.save.seen.update({seat: min(count, logged) for seat, count in self.save.seen.items()})
        self.landing, self.landing_lines, self.landing_private = None, [], False
        self.draft, self.error, self.fresh = self.board.new_draft(), "", None
        return True

    def hint(self, asked: bool = True):
        """What the Ruthless bot would do in the place of the person on screen, from their view only:
        {"action", "why"}; counted for that seat when the person ``asked`` for it (a hint shown
        before each move by itself is not one they asked for)."""
        seat = self.viewer
        if seat is None or self.landing is not None:
            return None
        legal = self.moment.legal_actions(seat)
        if not legal:
            return None
        # The bot reads copies: what it works out must not write into the screen's own view.
        advice = self.state.game.bots[pycore.HINT_LEVEL].advise(copy.deepcopy(self.moment.view(seat)), list(legal),
                                                         self.move_rng())
        if asked:
            self.save.hints[seat] = self.save.hints.get(seat, 0) + 1
        return {**advice, "why": self.board.hint_words(advice["why"], self.names, seat)}

    def move_rng(self) -> random.Random:
        """The generator a bot (or a hint) decides with here: a function of the game and how far it
        has gone, so a resumed game, or one taken back and played the same way, goes on the same."""
        return random.Random(self.state.seed * 7919 + len(self.state.history))

    def bot_act(self, seat: int) -> dict:
        level = self.save.table.seats[seat].bot
        bot = self.state.game.bots[level]
        # The moment's own view and list: the state moves on as soon as the bot has chosen.
        moment = self.moment
        action = bot.choose(moment.view(seat), moment.legal_actions(seat), self.move_rng())
        self._apply(seat, action)
        return action

    def public_move(self, seat: int) -> dict:
        """The move just applied, as an onlooker of the table saw it (what an embed tells its page):
        who moved, the public words and the public events, from the public log only."""
        return {"seat": seat, "said": list(self.banner), "events": copy.deepcopy(self.last_events)}

    def _apply(self, seat: int, action: dict):
        public_before = len(self.public_log())
        self.state.apply(seat, action)
        game, names = self.state.game, self.names
        public = self.public_log()
        self.last_events = public[public_before:]
        self.banner = [game.describe(event, names, None) for event in self.last_events]
        self.fresh = (self.fresh or []) + self.last_events
        if seat in self.save.table.person_seats:
            self.seen[seat] = len(public)
        if seat == self.viewer:     # someone else moved (a bot): the person on screen keeps their draft
            self.draft = self.board.new_draft()
