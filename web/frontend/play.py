"""A game in progress on the screen: engine state + table + whose secrets show.  Pure Python."""
from __future__ import annotations

import random

import pycore

from .table import Conductor


class Play:
    def __init__(self, save, screen):
        self.save = save
        self.screen = screen
        self.conductor = Conductor(save.table)
        self.ui: dict = screen.new_ui()
        self.banner: list = []       # what just happened, in words (shown on the board and covers)
        self.error: str = ""         # why the last tap was refused
        self.rng = random.Random(save.state.seed * 7919 + len(save.state.history))

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

    def my_turn(self) -> bool:
        return self.viewer is not None and self.viewer in self.state.to_act

    def step(self):
        return self.conductor.next_step(self.state)

    # -- acting ---------------------------------------------------------------------------------
    def act(self, seat: int, action: dict) -> bool:
        """Apply a person's action; on refusal keep the reason for the screen and change nothing."""
        try:
            events = self.state.apply(seat, action)
        except pycore.IllegalAction as error:
            self.error = str(error)
            return False
        self.error = ""
        self._after(seat, events)
        return True

    def bot_act(self, seat: int) -> dict:
        level = self.save.table.seats[seat].bot
        bot = self.state.game.bots[level]
        action = bot.choose(self.state.view(seat), self.state.legal_actions(seat), self.rng)
        events = self.state.apply(seat, action)
        self._after(seat, events)
        return action

    def _after(self, seat, events):
        # In hot-seat the news may end up on a cover, so it is told from nobody's side.
        teller = None if self.save.table.hot_seat else self.viewer
        lines = [self.screen.describe(event, self.names, teller) for event in events]
        self.banner = [line for line in lines if line]
        if seat != self.viewer:
            return      # someone else moved (a bot): the person on screen keeps what they were doing
        self.ui = self.screen.new_ui() if self.viewer not in self.state.to_act \
            else self.screen.keep_ui(self.ui, self.state.view(self.viewer))
