"""A game in progress on the screen: engine state + table + whose secrets show.  Pure Python."""
from __future__ import annotations

import random
from dataclasses import dataclass

import pycore

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


class Play:
    def __init__(self, save, board):
        self.save = save
        self.board = board
        self.conductor = Conductor(save.table)
        self.draft: dict = board.new_draft()
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
        return Scene(self.view(), self.legal(), self.draft, self.names, bots, self.take_over_seats())

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
        self.state.apply(seat, action)
        game, names = self.state.game, self.names
        self.banner = [game.describe(event, names, teller) for event in self.state.view(teller)["log"][before:]]
        if seat == self.viewer:     # someone else moved (a bot): the person on screen keeps their draft
            self.draft = self.board.new_draft()
