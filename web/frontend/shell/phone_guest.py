"""A joined phone's screen (issue 40): its seat's play screen, drawn by the same board and layout as
any game's, from nothing but what the host sends: the seat's view and legal actions.  Pure Python.

The phone holds no engine state: ``SeatOnly`` answers the reading half of the engine contract for
its one seat from the last message, so the shell's Play and GameView draw it unchanged; acting goes
back to the host, whose engine referees.  The phone keeps nothing (no save): the host's save is the
game.
"""
from __future__ import annotations

import random

import pycore

from ..markup import button, esc
from . import layout
from .play import Play
from .play_view import GameView
from .table import Table


class SeatOnly:
    """One seat's side of a game played on another device: its view and legal actions as last told.
    Every other seat's view is out of reach; the public view a screen asks for is the seat's own
    (this phone is its person's alone)."""

    def __init__(self, game, seat: int, seats: int):
        self.game, self.seat = game, seat
        self.seats = seats              # the contract's count of seats, as every state has it
        self.history: list = []         # one entry per screen the host sent (Moment counts them)
        self.options: dict = {}         # the options stay the host's: nothing here reads them
        self.seed = random.SystemRandom().getrandbits(32)   # a hint's own chance, never the game's
        self._view: dict = {}
        self._legal: list = []

    def told(self, view: dict, legal: list):
        self._view, self._legal = view, legal
        self.history.append(None)

    def view(self, seat=None) -> dict:
        return self._view

    def legal_actions(self, seat: int) -> list:
        return list(self._legal) if seat == self.seat else []

    def why_not(self, seat: int, action: dict):
        return None         # the host says why, when it refuses

    @property
    def to_act(self) -> tuple:
        return tuple(self._view.get("to_act") or ())

    @property
    def is_over(self) -> bool:
        return self._view.get("outcome") is not None

    @property
    def outcome(self):
        return self._view.get("outcome")


class SeatSave:
    """What Play reads of a save, for a seat played here and kept by the host."""

    def __init__(self, table: Table, state: SeatOnly):
        self.id, self.game, self.table, self.state = "phone", state.game.id, table, state
        self.seen: dict = {}
        self.hints: dict = {}
        self.takebacks = 0


def phone_table(table: Table, seat: int) -> Table:
    """The host's table as this phone plays it: its own seat held here, every other person's elsewhere."""
    seats = [type(one)(list(one.people), one.bot, phone=not one.bot and index != seat)
             for index, one in enumerate(table.seats)]
    return Table(seats)


class PhoneView(GameView):
    """A seat's play screen on its own phone.  ``told(message)`` takes each screen the host sends
    (read_seat_message's); the person's action goes to ``send_to_host``."""

    def __init__(self, message: dict, board, device_settings: dict, send_to_host):
        game = pycore.GAMES[message["view"]["game"]]
        seat, table = message["seat"], message["table"]
        state = SeatOnly(game, seat, len(table.seats))
        save = SeatSave(phone_table(table, seat), state)
        super().__init__(save, board, device_settings=device_settings, play=Play(save, board))
        self.seat = seat
        self.send_to_host = send_to_host
        self.waiting = False            # an action sent, its answer not back yet
        self.told(message)
        self.play.fresh = None          # the game as it stands: nothing of it moves in

    def same_table(self, message: dict) -> bool:
        return (message["seat"] == self.seat and message["view"]["game"] == self.play.state.game.id
                and len(message["table"].seats) == len(self.play.save.table.seats))

    def told(self, message: dict):
        """The host's screen for this seat: what is new in its log moves (the board's motion)."""
        play, state = self.play, self.play.state
        before = state.view().get("log") or []
        state.told(message["view"], message["legal"])
        log = message["view"]["log"]
        fresh = log[len(before):] if log[:len(before)] == before else []
        play.fresh = (play.fresh or []) + fresh if (fresh or play.fresh is not None) else None
        play.last_events = fresh
        play.error = message["refused"]
        if self.waiting and not message["refused"]:
            play.draft = self.board.new_draft()     # the move landed: a fresh draft for the next
        self.waiting = False
        if message["refused"] or not play.legal():
            self.hint = None

    def act(self, action: dict):
        """A tapped action: to the host, which referees it (a screen answers, or why not)."""
        if not self.play.legal():
            self.play.error = "It is not your turn: wait for the others."
            return False
        self.waiting = True
        self.hint = None
        self.send_to_host(action)
        return True

    # -- what a phone's screen offers: its own seat's choices, no more ----------------------------
    def can_take_back(self) -> bool:
        return False            # the table's moves are the host's to take back

    def shell_choices(self, scene) -> str:
        if scene.moment != "wait":
            return ""
        names = self.play.names
        acting = [names[seat] for seat in self.play.state.to_act]
        who = ", ".join(acting) if acting else "the table"
        return f'<p class="muted tt-phone-wait" data-testid="phone-waiting">Waiting for {esc(who)}.</p>'

    def menu_entries(self) -> list:
        entries = super().menu_entries()
        entries = [entry for entry in entries if 'data-command="export-game"' not in entry]
        return entries + [button("Leave the table", "phone-leave", "btn")]

    def end(self) -> str:
        play = self.play
        view = play.view()
        return layout.end_sheet(play.state.outcome, play.names, None, home=True,
                                standings=self.board.standings(view, play.names),
                                headline=self.board.headline(play.state.outcome, play.names),
                                reason=self.board.reason(view, play.names))

    def saved(self, seat, action):
        """A hint is counted by the host's save only: the phone keeps nothing."""
