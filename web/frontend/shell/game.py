"""The game screen: one game on the play layout, from its first move to its end.

It paces the bots, hands the device over (a person's move lands, their secrets go face down, then
"Pass to Ben" — and a cover only where Ben's screen shows secrets), saves after every action,
lets a person take over a bot or act out of turn where the game allows it, and draws each moment
with layout.py.  It names no game: what differs is asked of the board (frontend.boards).
"""
from __future__ import annotations

from ..markup import esc
from . import dom, home_and_rules, layout, saved_games, settings, stats, tab_sync
from .home_screen import download_games
from .lesson import learn_links
from .play import Play
from .play_view import GameView
from .save_store import BadSave, SaveFailed
from .setup_screen import deal
from .table import Seat, check_name, name_key

LANDING_MS = 1600          # a person sees their own move land before the device moves on


class GameScreen(GameView):
    def __init__(self, app, save, board, embed=None):
        super().__init__(save, board, embedded=embed is not None, device_settings=app.settings)
        self.app = app
        self.embed = embed              # the embed's session (embed_session.py), None in the app
        self.timer = None
        self.skipping = False           # "Skip to my turn": bots move at once until a person acts
        self.bot_turn = None            # (seat, when its turn began, the seats choosing with it): for its pace
        self.pacing = None              # a bot's timer about to be set once the frame is painted

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

    def auto_hints(self) -> bool:
        """A hint before each of the person's moves: turned on for this game in Settings (a real
        game after its lesson turns it on), where hints are allowed at all."""
        return (self.play.state.game.id in (self.app.settings.get("auto_hints") or [])
                and self.hints_allowed() and bool(self.play.legal()) and self.play.landing is None)

    def menu_entries(self) -> list:
        """The play menu's entries, and "Learn to play" (and "Learn solo") for a game with lessons."""
        entries = super().menu_entries()
        if self.embed is None:
            entries += [f'<a class="btn" href="{esc(href)}">{esc(title)}</a>'
                        for _, href, title in learn_links(self.board, self.play.state.game.id)]
        return entries

    def overlay_html(self) -> str:
        if self.overlay == "settings" and self.hints_allowed():
            game = self.play.state.game
            return layout.overlay("Settings", settings.panel(self.settings, self.board.SOUND_WORDS,
                                                             game=(game.id, game.title)), "settings-panel")
        return super().overlay_html()

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
        dom.after_paint(set_timer)

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

    def saved(self, seat: int, action: dict) -> bool:
        """After every action: store the game (not in an embed) and tell the parent page.
        False when the write failed: the stored game is back on screen with the reason."""
        play = self.play
        if self.embed is not None:
            if seat is not None:
                self.embed.moved(play, seat)
            return True
        play.save.updated = dom.now()
        try:
            with dom.timed("tt:save"):
                self.app.store.put(play.save)
        except SaveFailed as error:
            tab_sync.show_stored_instead(self.app, self, error)
            return False
        return True

    def keep(self, seat: int, action: dict):
        """Save an action just applied: the parent page of an embed hears of it at once (before
        the end is told); a stored game is written once the move is painted, and before the next
        tap or bot move is handled (dom.after_paint).  A write that fails puts the stored game back
        on the screen, with the reason."""
        if self.embed is not None:
            self.saved(seat, action)
        else:
            dom.after_paint(lambda: self.saved(seat, action))

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

    def remember(self) -> str:
        """The game just ended: count it for its people once, and say how they stand at this table."""
        play = self.play
        board, state, names = play.board, play.state, play.names
        outcome = state.outcome

        def result(seat):
            return board.best_result(outcome, seat)
        people = play.save.table.person_seats
        storage = dom.LocalStorage()
        stats.record_game(storage, play.save.id, state.game.id, names, people, outcome, result)
        return home_and_rules.tally(state.game.title, stats.rows(stats.load(storage), state.game.id),
                                    {names[seat] for seat in people})

    # -- taps of the game screen (the table after them; the rest are the board's draft) ------------
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

    def show_hint_why(self, data):
        self.overlay = "hint-why"
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

    # Take back and hints (issue 20).
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

    def export_game(self, data):
        self.overlay = None
        download_games(self.app.store, [self.play.save.id], f"{self.play.save.id}.json")
        self.render()

    def watch_back(self, data):
        dom.go(f"#/watch/{self.play.save.id}")

    # Taking over a bot's seat: offered wherever the engine lists take_over for that seat.
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

    # Acting out of turn, where the game allows it: who is it, then (hot-seat) a cover, then their board.
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

    def type_taker_name(self, data, value: str):
        self.taker_name = value

    def board_tap(self, command: str, data: dict):
        """A tap the shell does not handle is the board's: it changes the draft only (a line that
        said why the last tap did nothing has been read)."""
        self.play.error = ""
        self.play.tap(command, data)
        self.render()

    # The game screen's taps (data-command -> method); App adds the ones every screen shares, and
    # passes any other to the board (board_tap).
    commands = {
        "pass-device": pass_device, "uncover": uncover, "skip-bots": skip_bots, "rematch": rematch,
        "menu": toggle_menu, "recap": show_recap, "show-log": show_log, "close-overlay": close_overlay,
        "settings": show_settings, "settings-close": close_overlay, "open-rules": open_rules,
        "take-back": ask_take_back, "agree-take-back": agree_take_back, "confirm-take-back": confirm_take_back,
        "hint": show_hint, "hint-why": show_hint_why, "export-game": export_game, "watch": watch_back,
        "take-over": offer_take_over, "take-over-cancel": cancel_take_over, "take-over-confirm": confirm_take_over,
        "interject": offer_interject, "interject-as": interject_as, "interject-done": interject_done,
    }
    fields = {"take-over-name": type_taker_name}

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
        dom.before_frame("settle", lambda: self.settle(focus or bool(self.overlay)))

    def settle(self, focus: bool):
        if focus:
            dom.focus_first(NEXT_THING)
        dom.reveal_subject()

    # -- another tab, a failed write ------------------------------------------------------------------
    def reload_from(self, stored):
        """Another tab moved this game on: continue from what is stored, keeping who holds the device."""
        keep_viewer = self.play.viewer
        self.stop()
        self.play = play = Play(stored, self.board)
        self.taking_over = self.interject = None
        if keep_viewer is not None and (not stored.table.hot_seat or keep_viewer in stored.state.to_act):
            play.conductor.uncover(keep_viewer)

    def stored_or_gone(self, store):
        try:
            return store.load(self.play.save.id)
        except BadSave as gone:
            return gone


# Where focus goes after each render: the first of these on the screen.
NEXT_THING = ["[data-testid=settings] button", "[data-testid=menu] button, [data-testid=menu] a",
              ".tt-overlay [data-command=close-overlay]", "[data-command=uncover]", "[data-command=pass-device]",
              "[data-testid=sheet] [data-act]", "[data-testid=sheet] [data-command]",
              "[data-pick]", "[data-testid=board] [data-act]", "[data-testid=sort-row] button",
              "[data-command=rematch]", "[data-testid=status]"]
