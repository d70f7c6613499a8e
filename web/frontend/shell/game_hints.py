"""Hints: the strongest bot's advice from the person's own view, asked for or shown before each
move where Settings turn that on, and why.

A part of the game screen (game.py's GameScreen), with its own taps: its ``commands`` (and
``fields``) table, which the screen merges into its own."""
from __future__ import annotations


class Hints:
    def auto_hints(self) -> bool:
        """A hint before each of the person's moves: turned on for this game in Settings (a real
        game after its lesson turns it on), where hints are allowed at all."""
        return (self.play.state.game.id in (self.app.settings.get("auto_hints") or [])
                and self.hints_allowed() and bool(self.play.legal()) and self.play.landing is None)

    def show_hint(self, data):
        """The Ruthless bot's advice, drawn once into the draft (its card picked, its house open):
        the person still chooses anything legal, so the next tap, Back or "Put it back" is theirs."""
        self.overlay = None
        play = self.play
        self.hint = play.hint()
        if self.hint is not None:
            play.draft = self.board.hint_draft(dict(play.draft), self.hint["action"], play.view())
            self.saved(None, {"type": "hint"})
        self.render()

    def show_hint_why(self, data):
        self.overlay = "hint-why"
        self.render()

    commands = {"hint": show_hint, "hint-why": show_hint_why}
