"""Taking a move back: at once against bots; in hot-seat only when everyone at the table has
taken the device and agreed (nobody's secrets stay on the screen meanwhile).

A part of the game screen (game.py's GameScreen), with its own taps: its ``commands`` (and
``fields``) table, which the screen merges into its own."""
from __future__ import annotations


class TakeBack:
    def ask_take_back(self, data):
        if not self.can_take_back():
            return
        play = self.play
        if play.hot_seat:
            # Everyone at the table takes the device to agree: nobody's secrets stay on the screen
            # (the one who just moved sees a cover again if the panel is closed).
            self.stop()
            if play.landing is not None:
                play.end_landing()
            play.conductor.viewer = None
            self.agreeing, self.overlay = set(), "take-back"
            self.render()
            return
        self.take_back()

    def agree_take_back(self, data):
        if self.agreeing is not None:
            self.agreeing ^= {data["name"]}
            self.render()

    def confirm_take_back(self, data):
        play = self.play
        everyone = {name for seat in play.save.table.person_seats for name in play.save.table.seats[seat].people}
        if self.agreeing is not None and self.agreeing >= everyone:
            self.take_back()

    def take_back(self):
        self.stop()
        self.overlay, self.agreeing, self.hint = None, None, None
        play = self.play
        if play.take_back():
            play.conductor = type(play.conductor)(play.save.table, play.conductor.shows_secrets)
            if self.saved(None, {"type": "take_back"}):
                self.advance()

    commands = {"take-back": ask_take_back, "agree-take-back": agree_take_back, "confirm-take-back": confirm_take_back}
