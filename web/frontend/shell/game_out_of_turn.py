"""Acting out of turn, where the game allows it: who is it, then (hot-seat) a cover, then their
board; afterwards the device goes on with whoever holds it.

A part of the game screen (game.py's GameScreen), with its own taps: its ``commands`` (and
``fields``) table, which the screen merges into its own."""
from __future__ import annotations


class OutOfTurn:
    def offer_interject(self, data):
        self.stop()
        self.interject = {"seat": None, "uncovered": False}
        self.render()

    def interject_as(self, data):
        play, seat = self.play, int(data["seat"])
        self.interject = {"seat": seat, "uncovered": not play.hot_seat}
        if play.hot_seat:
            self.covering = seat
            play.conductor.viewer = None
        else:
            play.conductor.uncover(seat)
        self.render()

    def interject_done(self, data):
        self.end_interject()

    def end_interject(self):
        play, seat = self.play, self.interject["seat"]
        self.interject = None
        if play.hot_seat:
            # The one who acted out of turn holds the device: if the turn is now theirs they play
            # on; if not, the next step covers the screen for whoever's turn it is.
            play.conductor.viewer = seat
        else:
            play.conductor = type(play.conductor)(play.save.table, play.conductor.shows_secrets)
        self.advance()

    commands = {"interject": offer_interject, "interject-as": interject_as, "interject-done": interject_done}
