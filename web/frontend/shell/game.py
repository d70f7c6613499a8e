"""The game screen: one game on the play layout, from its first move to its end.

Its parts, a module each with its own taps: the bots' pace and the hand-over (a person's move
lands, their secrets go face down, then "Pass to Ben" — and a cover only where Ben's screen shows
secrets: game_pacing.py), saving after every action (game_saving.py), take-back, hints, taking
over a bot and acting out of turn where the game allows it.  Here: what comes next, the menu and
panels, and each moment drawn with layout.py.  It names no game: what differs is asked of the
board (frontend.boards).
"""
from __future__ import annotations

from ..markup import button, esc
from . import dom, layout, saved_games, settings
from .game_hints import Hints
from .game_out_of_turn import OutOfTurn
from .game_pacing import LANDING_MS, Pacing
from .game_phones import Phones
from .game_saving import Saving
from .game_take_back import TakeBack
from .game_take_over import TakeOver
from .games_kept import deal
from .lesson import learn_links
from .play_view import GameView


class GameScreen(Pacing, Saving, TakeBack, Hints, TakeOver, OutOfTurn, Phones, GameView):
    """The game screen: the flow and the drawing here, each feature a part of its own (game_*.py)."""

    def __init__(self, app, save, board, embed=None):
        super().__init__(save, board, embedded=embed is not None, device_settings=app.settings)
        self.app = app
        self.embed = embed              # the embed's session (embed_session.py), None in the app
        self.timer = None
        self.skipping = False           # "Skip to my turn": bots move at once until a person acts
        self.bot_turn = None            # (seat, when its turn began, the seats choosing with it): for its pace
        self.pacing = None              # a bot's timer about to be set once the frame is painted
        if self.phones_waiting():
            self.overlay = "phones"     # a table of phones starts with the codes to scan

    # -- the flow ---------------------------------------------------------------------------------
    def stop(self):
        dom.cancel(self.timer)
        self.timer = self.pacing = None

    def advance(self):
        """Whatever comes next: a person's landing, a bot's move, a hand-over, a person's turn, the end."""
        play = self.play
        self.stop()
        self.covering = None
        if play.landing is not None:        # the person who just moved is still looking at it
            self.render()
            if not play.landing_private and not self.app.quick:    # tests tap on, never racing a timer
                self.timer = dom.later(LANDING_MS, self.end_landing)
            return
        with dom.timed("tt:step"):
            step = play.step()
        if step.kind != "bot":
            self.skipping = False
        if step.kind == "over" and self.embed is None:
            self.tally = self.remember()
        if step.kind == "cover":
            self.covering = step.seat
        if step.kind == "person" and self.hint is None and self.auto_hints():
            self.show_hint_unasked()
        self.render()
        if step.kind != "bot":
            self.bot_turn = None
        if step.kind == "bot" and self.interject is None:
            self.pace_bot(step.seat)
        if step.kind == "over" and self.embed is not None:
            self.embed.post({"type": "over", "game": play.state.game.id, "winners": play.state.outcome["winners"]})
        self.tell_phones()

    def menu_entries(self) -> list:
        """The play menu's entries, and "Learn to play" (and "Learn solo") for a game with lessons."""
        entries = super().menu_entries()
        if self.phones is not None:
            entries.append(button("Phones at this table", "phones", "btn"))
        if self.embed is None:
            entries += [f'<a class="btn" href="{esc(href)}">{esc(title)}</a>'
                        for _, href, title in learn_links(self.board, self.play.state.game.id)]
        return entries

    def overlay_html(self) -> str:
        if self.overlay == "phones" and self.phones is not None:
            return self.phones_panel()
        if self.overlay == "settings" and self.hints_allowed():
            game = self.play.state.game
            return layout.overlay("Settings", settings.panel(self.settings, self.board.SOUND_WORDS,
                                                             game=(game.id, game.title)), "settings-panel")
        return super().overlay_html()

    def person_act(self, seat: int, action: dict, then=None):
        """Apply a person's action, go on (advance, or end acting out of turn: the move is drawn at
        once), and save it after that frame."""
        play = self.play
        self.hint, self.bot_turn = None, None
        with dom.timed("tt:act"):
            acted = play.act(seat, action)
        if acted:
            self.keep(seat, action)
            (then or self.advance)()
        else:
            self.render()

    def send(self, action: dict):
        """A tapped button's action, for whoever has the screen (someone acting out of turn first)."""
        if self.interject is not None and self.interject.get("uncovered"):
            self.person_act(self.interject["seat"], action, then=self.end_interject)
        elif self.play.viewer is not None and self.play.landing is None:
            self.person_act(self.play.viewer, action)

    def explain(self, action: dict | None, words: str = ""):
        """Something that is no choice now was tapped (an unavailable button, your own card, an
        empty house): say why in one line, in the engine's words for the ``action`` it would have
        been, else in the board's ``words``."""
        self.play.error = self.play.why_not(action, words) if action is not None else words
        self.render()

    # -- taps of the game screen (the table after them; the rest are the board's draft) ------------

    def toggle_menu(self, data):
        self.overlay = None if self.overlay == "menu" else "menu"
        self.render()

    def show_recap(self, data):
        self.overlay = "recap"
        self.render()

    def show_log(self, data):
        self.overlay = "log"
        self.render()

    def show_settings(self, data):
        self.overlay = "settings"
        self.render()

    def close_overlay(self, data):
        closing, self.overlay = self.overlay, None
        if closing == "take-back":
            self.agreeing = None
            self.advance()          # whoever is to act sees a cover before their secrets show
            return
        self.render()

    def open_rules(self, data):
        """Rules inside the app: the rules page, whose Back returns to the game as it was."""
        self.overlay = None
        self.app.back_to = saved_games.play_href(self.play.save.id)
        dom.go(f"#/rules/{self.play.state.game.id}")

    def rematch(self, data):
        if self.embed is not None:
            self.embed.rematch()
            return
        play = self.play
        deal(self.app, play.state.game, type(play.save.table).from_json(play.save.table.to_json()),
             dict(play.state.options))

    def board_tap(self, command: str, data: dict):
        """A tap the shell does not handle is the board's: it changes the draft only (a line that
        said why the last tap did nothing has been read)."""
        self.play.error = ""
        self.play.tap(command, data)
        self.render()

    # The game screen's taps (data-command -> method), its parts' with them; App adds the ones
    # every screen shares, and passes any other to the board (board_tap).
    commands = {
        "rematch": rematch, "menu": toggle_menu, "recap": show_recap, "show-log": show_log,
        "close-overlay": close_overlay, "settings": show_settings, "settings-close": close_overlay,
        "open-rules": open_rules,
        **Pacing.commands, **Saving.commands, **TakeBack.commands, **Hints.commands, **TakeOver.commands,
        **OutOfTurn.commands, **Phones.commands,
    }
    fields = {**TakeOver.fields, **Phones.fields}

    # -- drawing ----------------------------------------------------------------------------------
    def render(self):
        with dom.timed("tt:compose"):
            screen = self.compose()
        with dom.timed("tt:html"):
            html = layout.play_screen(screen)
        dom.render(html)
        dom.playing(True)
        play = self.play
        bots_playing = any(seat in play.save.table.bots() for seat in play.state.to_act)
        with dom.timed("tt:after-render"):
            self.after_render(focus=not bots_playing or screen.moment in ("handover", "landing", "over"))

    def after_render(self, focus: bool):
        """Motion and cues for what happened since the board was last drawn (kept behind a hand-over
        for whoever takes the device), the status read out, the subject of the choice in view, and
        focus on the next thing to do (not while bots play: the person may be reading)."""
        with dom.timed("tt:motion"):
            marks = {} if self.covering is not None else self.play.motion()
            dom.animate(marks)
        kinds = set(marks.values())
        if kinds:
            dom.cue("miss" if "tt-shake" in kinds else "hit" if "tt-flip" in kinds else "move", self.app.settings)
        with dom.timed("tt:announce"):
            dom.announce()
        if self.hint:
            dom.mark_hint(self.hint["action"])
        # Focus, then the subject scrolled into view, just before the frame: one layout, the
        # frame's own, where both inside the tap forced one each and the frame a third.
        dom.settle(NEXT_THING if focus or self.overlay else None)


# Where focus goes after each render: the first of these on the screen.
NEXT_THING = ["[data-testid=settings] button", "[data-testid=menu] button, [data-testid=menu] a",
              ".tt-overlay [data-command=close-overlay]", "[data-command=uncover]", "[data-command=pass-device]",
              "[data-testid=sheet] [data-act]", "[data-testid=sheet] [data-command]",
              "[data-pick]", "[data-testid=board] [data-act]", "[data-testid=sort-row] button",
              "[data-command=rematch]", "[data-testid=status]"]
