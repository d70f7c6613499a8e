"""The bots' pace and the hand-over: each bot move waits for the last to be seen landing, a
person's own move lands before the device moves on, and "Pass to …" and the cover hand it over.

A part of the game screen (game.py's GameScreen), with its own taps: its ``commands`` (and
``fields``) table, which the screen merges into its own."""
from __future__ import annotations

from . import dom, settings

LANDING_MS = 1600          # a person sees their own move land before the device moves on


class Pacing:
    def pace_bot(self, seat: int):
        """The bot's timer.  Its pause waits for the board's motion to play out, read from the
        animations, which needs the new screen's style and layout: read once the frame has made
        them, not forced inside the tap that drew it."""
        if self.skipping or self.app.quick:          # no motion to wait for
            self.timer = dom.later(self.bot_pause(seat), lambda: self.bot_move(seat))
            return
        pacing = self.pacing = object()

        def set_timer():
            if self.pacing is pacing and self.app.game is self:
                self.pacing = None
                self.timer = dom.later(self.bot_pause(seat), lambda: self.bot_move(seat))
        dom.after_paint(set_timer, motion=True)

    def bot_pause(self, seat: int) -> int:
        """A bot thinks for the chosen time and the last move is seen to land; at Normal a bot's
        whole turn stays within a few seconds (settings.bot_wait)."""
        if self.skipping:
            return 0
        if self.app.quick:
            return self.app.pause
        now = dom.now()
        same_turn, self.bot_turn = settings.continues_turn(self.bot_turn, seat, self.play.moment.to_act, now)
        with dom.timed("tt:motion-left"):
            left = dom.motion_left()
        # A board whose bots' turns are the game to watch (Thievery's runs of guesses) shows each
        # move at the chosen speed: no hurrying a long turn.
        return settings.bot_wait(self.app.settings["bot_speed"], left, same_turn and not self.board.BOT_EACH_MOVE,
                                 (now - self.bot_turn[1]) * 1000)

    def end_landing(self):
        self.timer = None
        if self.play.landing is not None:
            self.play.end_landing()
            self.advance()

    def bot_move(self, seat: int):
        self.timer = None
        play = self.play
        if self.app.game is not self or play.state.is_over or seat not in play.state.to_act:
            return
        with dom.timed("tt:bot"):
            action = play.bot_act(seat)
        self.keep(seat, action)
        self.advance()

    def pass_device(self, data):
        self.end_landing()

    def uncover(self, data):
        self.play.conductor.uncover(int(data["seat"]))
        self.covering = None
        if self.interject is not None:
            self.interject["uncovered"] = True
        self.render()

    def skip_bots(self, data):
        self.skipping = True
        self.advance()

    commands = {"pass-device": pass_device, "uncover": uncover, "skip-bots": skip_bots}
