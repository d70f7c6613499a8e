"""The guided first game on the page (#/learn/<game>, a part's lesson at #/learn/<game>/<part>, and
the embed's mode=tutorial): the game screen with the coach (coach.py).  Bots move one at a time at
the chosen speed while the lesson waits for nobody; each lesson keeps its own record (never among
the saved games), so leaving and coming back resumes it where it was; the embed keeps nothing.
"""
from __future__ import annotations

import pycore

from . import dom, lesson as lessons
from .coach import Coach, reading_ms
from .game import GameScreen
from .games_kept import deal
from .table import Seat, Table


class LessonScreen(Coach, GameScreen):
    def __init__(self, app, game_id: str, embed=None, part: str = "", storage=None):
        """``storage``: where the lesson's record is kept (None: the embed, which keeps nothing)."""
        board, game = app.boards[game_id], pycore.GAMES[game_id]
        lesson = lessons.lesson_of(board, game_id, part)
        if storage is None:
            play, progress = lessons.new_play(lesson, board, game), None
        else:
            play, progress = lessons.resume(lesson, board, storage)
        GameScreen.__init__(self, app, play.save, board, embed=embed)
        self.play = play
        self.setup_lesson(lesson, game, progress)
        self.told_over = False          # the embed's page has heard the game is over
        self.news_read = None           # (the public log's length, the bot sentence) last waited for

    @classmethod
    def open(cls, app, game_id: str, part: str = "") -> "LessonScreen":
        return cls(app, game_id, part=part, storage=dom.LocalStorage())

    # -- the flow: bots only while the lesson waits for nobody ------------------------------------------
    def advance(self):
        self.stop()
        self.covering = None
        step = self.play.step()
        self.render()
        if step.kind == "bot" and self.run.bots_may_move() and not self.overlay:
            self.pace_bot(step.seat)
        if step.kind == "over" and self.embed is not None and not self.told_over:
            self.told_over = True
            self.embed.post({"type": "over", "game": self.game.id, "winners": self.play.state.outcome["winners"]})

    def bot_pause(self, seat: int) -> int:
        """A bot waits, as in any game, and at least until the last bot move's sentence has been
        read: in a lesson each move lands on screen with its words, one at a time.  A move that
        logged nothing new (a bot's "done", a secret choice) leaves the same sentence up: it has
        been read once already, so the bot waits only as in any game."""
        pause = super().bot_pause(seat)
        if self.app.quick or self.skipping:
            return pause
        news = (len(self.play.public_log()), self.bot_news())
        if news == self.news_read:
            return pause
        self.news_read = news
        return max(pause, reading_ms(news[1]))

    def saved(self, seat, action) -> bool:
        """After every action: the lesson's record (the embed keeps none, and tells its page)."""
        if self.embed is not None:
            if seat is not None:
                self.embed.moved(self.play, seat)
            return True
        self.store_record()
        return True

    def store_record(self):
        if self.embed is None:
            try:
                dom.LocalStorage().set(lessons.KEY_PREFIX + self.lesson.key, self.record())
            except Exception:       # storage full or blocked: the lesson goes on, unkept
                pass

    def remember(self) -> str:
        return ""                   # a lesson is not counted among the table's games

    def send(self, action: dict):
        if self.play.landing is not None or self.covering is not None:
            return
        if not self.lesson_move(action):
            self.render()
            return
        self.person_act(0, action, then=self.landed)

    def landed(self):
        self.run.landed()
        self.store_record()
        self.advance()

    def board_tap(self, command: str, data: dict):
        self.play.tap(command, data)
        if self.lesson_tap(command, data):
            self.store_record()
        self.advance()

    def render(self):
        screen = self.compose()
        from . import layout
        dom.render(self.ringed(layout.play_screen(screen)))
        dom.playing(True)
        self.after_render(focus=False)
        if not self.overlay:            # focus on the ringed element: no other ring competes with it
            dom.focus_first(["[data-coach-here]"])
            dom.reveal_ring()

    # -- the coach's taps ----------------------------------------------------------------------------
    def next_lesson(self, data):
        """On to one of the game's shorter lessons (in the embed, in the same frame)."""
        part = data.get("part", "")
        if self.embed is None:
            dom.go(f"#/learn/{lessons.key_of(self.game.id, part)}")
            return
        self.app.show_game(LessonScreen(self.app, self.game.id, embed=self.embed, part=part))

    def coach_next(self, data):
        if self.lesson_next():
            self.store_record()
            if self.run.progress.done and self.embed is not None:
                self.embed.post({"type": "lesson-done", "game": self.game.id, "part": self.lesson.part})
        self.advance()

    def coach_repeat(self, data):
        self.overlay = None
        self.lesson_repeat()
        self.store_record()
        self.advance()

    def coach_restart(self, data):
        self.told_over = False
        self.lesson_restart()
        self.store_record()
        self.advance()

    def coach_real_game(self, data):
        """A real game against Novice bots, a hint shown before each of the person's moves (after a
        lesson played alone, the solo game: the person alone again)."""
        settings_ = self.app.settings
        hinted = set(settings_.get("auto_hints") or [])
        settings_["auto_hints"] = sorted(hinted | {self.game.id})
        from . import settings
        settings.save(dom.LocalStorage(), settings_)
        seats = max(self.board.DEFAULT_SEATS, self.game.seat_range(self.game.options)[0]) if self.lesson.bots else 1
        table = Table([Seat(people=[self.lesson.person])] + [Seat(bot="novice") for _ in range(seats - 1)])
        deal(self.app, self.game, table, self.real_game_options())

    def open_rules(self, data):
        self.overlay = None
        self.app.back_to = f"#/learn/{self.lesson.key}"
        dom.go(f"#/rules/{self.game.id}")

    def rematch(self, data):
        self.coach_restart(data)

    commands = {**GameScreen.commands, "coach-next": coach_next, "coach-repeat": coach_repeat,
                "coach-restart": coach_restart, "coach-real-game": coach_real_game,
                "open-rules": open_rules, "rematch": rematch, "next-lesson": next_lesson}
