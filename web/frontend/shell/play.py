"""A game in progress on the screen: engine state + table + whose secrets show.  Pure Python."""
from __future__ import annotations

import random
from dataclasses import dataclass

import pycore

from .table import Conductor

RECAP_LINES = 5     # a cover's recap: the latest lines; the log below keeps the rest


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


class Play:
    def __init__(self, save, board):
        self.save = save
        self.board = board
        self.conductor = Conductor(save.table)
        self.draft: dict = board.new_draft()
        self.banner: list = []       # what just happened, in words (shown on the board and covers)
        self.error: str = ""         # why the last tap was refused
        self.rng = random.Random(save.state.seed * 7919 + len(save.state.history))
        # seat -> length of the public log when that seat last acted (a seat that has not acted
        # since the game was opened on this screen: from then on).
        self.seen: dict = {}
        self.opened_at = len(self.public_log())
        # Public events not yet drawn with motion (None: nothing new); a fresh deal is new.
        self.fresh: list | None = [] if not save.state.history else None
        self.last_events: list = []  # the public events of the last action

    # -- what the screen shows ---------------------------------------------------------------
    @property
    def state(self):
        return self.save.state

    @property
    def viewer(self):
        return self.conductor.viewer

    @property
    def names(self) -> list:
        return self.save.table.names()

    def view(self) -> dict:
        return self.state.view(self.viewer)

    def legal(self) -> list:
        return [] if self.viewer is None else self.state.legal_actions(self.viewer)

    def step(self):
        return self.conductor.next_step(self.state)

    def take_over_seats(self) -> list:
        """Bot seats a person may take now: the engine lists take_over among their legal actions."""
        if self.state.is_over:
            return []
        return [seat for seat in self.save.table.bots() if {"type": "take_over"} in self.state.legal_actions(seat)]

    def scene(self) -> Scene:
        table = self.save.table
        bots = {seat: table.kind(seat) for seat in table.bots()}
        legal = self.legal()
        moment = "over" if self.state.is_over else "turn" if legal else "wait"
        return Scene(self.view(), legal, self.draft, self.names, bots, self.take_over_seats(), moment)

    def public_log(self) -> list:
        return self.state.view(None)["log"]

    def recap(self, seat: int) -> list:
        """What happened since ``seat`` last acted, briefly, in words (public events only): the
        board groups it if it can (``recap``), else one sentence an event; the latest lines."""
        events = self.public_log()[self.seen.get(seat, self.opened_at):]
        if not events:
            return []
        grouped = getattr(self.board, "recap", None)
        game, names = self.state.game, self.names
        lines = grouped(events, names, seat) if grouped else [game.describe(event, names, seat) for event in events]
        if len(lines) > RECAP_LINES:
            earlier = len(lines) - RECAP_LINES + 1
            lines = [f"… {earlier} earlier {'moves' if earlier > 1 else 'move'} (in the log)"] + lines[-RECAP_LINES + 1:]
        return lines

    def news(self) -> tuple:
        """(lines, head) for the board: the recap while the person on screen has yet to act since
        others moved, else what the last action did."""
        viewer = self.viewer
        if viewer is not None and viewer in self.state.to_act:
            lines = self.recap(viewer)
            if lines:
                return lines, "Since your last move:"
        return self.banner, ""

    def motion(self) -> dict:
        """Stable element keys -> motion classes for what happened since the board was last drawn
        (the board's ``motion`` hook), once."""
        fresh, self.fresh = self.fresh, None
        hook = getattr(self.board, "motion", None)
        if fresh is None or hook is None:
            return {}
        return hook(fresh, self.view())

    def missed_out(self, seat: int) -> bool:
        """The seat's action just ended its turn with a miss (the board shakes something)."""
        hook = getattr(self.board, "motion", None)
        if hook is None or self.state.is_over or seat in self.state.to_act:
            return False
        return "tt-shake" in hook(self.last_events, self.view()).values()

    def tap(self, command: str, data: dict):
        """A tap that changes the draft only (the board keeps it)."""
        self.board.tap(self.draft, command, data, self.view())

    # -- acting ---------------------------------------------------------------------------------
    def act(self, seat: int, action: dict) -> bool:
        """Apply a person's action; on refusal keep the reason for the screen and change nothing."""
        try:
            self._apply(seat, action)
        except pycore.IllegalAction as error:
            self.error = str(error)
            return False
        self.error = ""
        return True

    def bot_act(self, seat: int) -> dict:
        level = self.save.table.seats[seat].bot
        bot = self.state.game.bots[level]
        action = bot.choose(self.state.view(seat), self.state.legal_actions(seat), self.rng)
        self._apply(seat, action)
        return action

    def _apply(self, seat: int, action: dict):
        # In hot-seat the news may end up on a cover, so it is told from the public view; alone
        # at the device, the person's own view tells it (what they just saw included).
        teller = None if self.save.table.hot_seat else self.viewer
        before = len(self.state.view(teller)["log"])
        public_before = len(self.public_log())
        self.state.apply(seat, action)
        game, names = self.state.game, self.names
        self.banner = [game.describe(event, names, teller) for event in self.state.view(teller)["log"][before:]]
        public = self.public_log()
        self.last_events = public[public_before:]
        self.fresh = (self.fresh or []) + self.last_events
        if seat in self.save.table.person_seats:
            self.seen[seat] = len(public)
        if seat == self.viewer:     # someone else moved (a bot): the person on screen keeps their draft
            self.draft = self.board.new_draft()
