"""Taking over a bot's seat, wherever the engine lists take_over for it: a name (checked as at
the set-up), then the seat is that person's.

A part of the game screen (game.py's GameScreen), with its own taps: its ``commands`` (and
``fields``) table, which the screen merges into its own."""
from __future__ import annotations

from . import dom
from .table import Seat, check_name, name_key


class TakeOver:
    def offer_take_over(self, data):
        self.taking_over = int(data["seat"])
        self.taker_name = ""
        self.render()
        dom.focus("[data-field=take-over-name]")

    def cancel_take_over(self, data):
        self.taking_over = None
        self.render()

    def confirm_take_over(self, data):
        play, seat = self.play, self.taking_over
        try:
            name = check_name(self.taker_name)
        except ValueError as error:
            play.error = str(error)
            self.render()
            return
        taken = {name_key(n) for s in play.save.table.seats for n in s.people}
        if name_key(name) in taken:
            play.error = f"{name} is already at this table; choose another name."
            self.render()
            return
        if seat not in play.take_over_seats():
            play.error = "That seat cannot be taken just now; try again in a moment."
            self.render()
            return
        bot = play.save.table.seats[seat]
        play.save.table.seats[seat] = Seat(people=[name])    # named first, so the log says who
        if not play.act(seat, {"type": "take_over"}):
            play.save.table.seats[seat] = bot
            self.render()
            return
        play.conductor = type(play.conductor)(play.save.table, play.conductor.shows_secrets)
        self.taking_over = None
        if self.saved(seat, {"type": "take_over"}):
            self.advance()

    def type_taker_name(self, data, value: str):
        self.taker_name = value

    commands = {"take-over": offer_take_over, "take-over-cancel": cancel_take_over, "take-over-confirm": confirm_take_over}
    fields = {"take-over-name": type_taker_name}
