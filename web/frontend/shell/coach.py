"""The coach on the play screen: a lesson's game drawn as any game is (the board's ``draw``, the play
layout), with the coach's words in the sheet and exactly one element ringed (``data-coach-here``):
the next tap toward the step's move, or the coach's Next.  Pure Python; the browser's screen is
learn_screen.py, and CPython tests play a whole lesson through :class:`LessonView`.

Taps elsewhere: any tap that only changes the draft is allowed (the ring then points the way back);
a move that is not the step's is gently refused, the coach saying so.
"""
from __future__ import annotations

from ..markup import button, esc
from . import layout, lesson as lessons
from .play_view import GameView

REFUSED = "Not this time: in the lesson, tap the one ringed in white."
READ_MS_FLOOR, READ_MS_PER_WORD = 1100, 230     # a bot's sentence on screen long enough to be read


def reading_ms(words: str) -> int:
    """How long a bot's sentence stays before the next bot move replaces it (about 260 words a
    minute, and never a blink).

    >>> reading_ms(""), reading_ms("Nell hid a diamond in the top east drawer.")
    (0, 2070)
    """
    return max(READ_MS_FLOOR, READ_MS_PER_WORD * len(words.split())) if words else 0


class Coach:
    """What a lesson adds to a game's screen (mixed into GameView and the browser's GameScreen):
    ``self.lesson``, ``self.run`` and ``self.game`` beside the screen's ``play`` and ``board``."""

    lesson: lessons.Lesson
    run: lessons.Run
    embedded: bool

    def setup_lesson(self, lesson, game, progress=None):
        self.lesson, self.game = lesson, game
        self.run = lessons.Run(lesson, progress)
        self.retap()

    def retap(self):
        """The draft as this step found it: the tap steps just before it (since the last move or
        Next) tapped again.  A record keeps the game, not the board's draft: a lesson resumed or
        repeated half-way through a row of taps (Master Thieves' "Watch it again") goes on from
        where the taps had got to."""
        progress, steps = self.run.progress, self.lesson.steps
        if progress.done:
            return
        first = progress.step
        while first > 0 and steps[first - 1].kind == "tap" and progress.marks[first - 1] == progress.marks[progress.step]:
            first -= 1
        for step in steps[first:progress.step]:
            self.play.tap(*step.tap)

    # -- what the screen shows -------------------------------------------------------------------
    def hints_allowed(self) -> bool:
        return False                  # the coach is the help here

    def can_take_back(self) -> bool:
        return False                  # "Repeat this step" takes a step back instead

    def menu_entries(self) -> list:
        return [button("Repeat this step", "coach-repeat", "btn")] if not self.run.progress.done else []

    def compose(self) -> layout.Screen:
        screen = GameView.compose(self)
        # The coach speaks in the prompt's and the news strip's place (its words say what just
        # happened); while nothing but Next is asked, and at the end, the coach alone holds the sheet.
        step = self.run.step
        if screen.moment == "over" or not self.run.waiting_for_move():
            screen.sheet = ""
        elif step.kind == "tap" and not lessons.ring(screen.sheet, tap=step.tap)[1]:
            screen.sheet = ""       # a tap on the board (watching, not choosing): the sheet's choice waits
        screen.prompt, screen.news, screen.hint = "", "", ""
        screen.sheet = self.coach_html() + screen.sheet
        return screen

    def coach_html(self) -> str:
        run, step = self.run, self.run.step
        if step is None:
            return self.done_html()
        moment = self.play.moment
        words = self.coach_words()
        count = f"Step {run.number} of {len(self.lesson.steps)}"
        buttons = []
        if not run.waiting_for_move():
            buttons.append(button("Next", "coach-next", "btn primary tt-coach-next",
                                  disabled=not run.next_open(moment)))
        if step.kind == "do" and run.progress.landed and not moment.is_over:
            buttons.append(button("Repeat this step", "coach-repeat", "btn small"))
        waiting = "" if run.next_open(moment) or run.waiting_for_move() else \
            '<span class="muted tt-coach-wait">the bots are playing…</span>'
        news = self.bot_news()
        news = f'<p class="tt-coach-news" data-testid="coach-news">{esc(news)}</p>' if news else ""
        return (f'<div class="tt-coach" data-testid="coach" data-step="{run.number}" aria-live="polite">'
                f'<p class="tt-coach-count muted">{count}</p><p class="tt-coach-say">{esc(words)}</p>{news}'
                + (f'<p class="actions tt-coach-actions">{" ".join(buttons)}{waiting}</p>' if buttons else "")
                + "</div>")

    def coach_words(self) -> str:
        """The step's words now: what to do; once the move has landed, what it did; once the bots
        have played on after it, what to see in their moves (``after``, where the step has it)."""
        run, step = self.run, self.run.step
        if not run.progress.landed:
            return step.say
        return step.after if step.after and run.next_open(self.play.moment) else step.then

    def bot_news(self) -> str:
        """The sentence of the latest move, while it is a bot's made since this step began: each
        bot move lands on screen with its words, on a phone too (no log column there)."""
        play, progress = self.play, self.run.progress
        history = play.state.history
        if self.run.step is None or len(history) <= progress.marks[progress.step] or history[-1][0] == 0:
            return ""
        return play.news()

    def done_html(self) -> str:
        title = self.game.title
        if self.embedded:
            again = button("Play the lesson again", "coach-restart", "btn primary tt-coach-next")
            real = (f'<a class="btn" href="index.html#/new/{esc(self.game.id)}" target="_blank" rel="noopener">'
                    f'Play a real game (new tab)</a>')
        else:
            again = button("Play a real game", "coach-real-game", "btn primary tt-coach-next")
            real = button("Repeat the lesson", "coach-restart", "btn") + ' <a class="btn" href="#/">Home</a>'
        # After the whole-game lesson, its game's shorter ones (Thieves of Eldris' solo lesson).
        if not self.lesson.part:
            real += "".join(" " + button(f'Next: {esc(data.get("name") or data["title"])}', "next-lesson", "btn", part=part)
                            for part, data in lessons.lessons_of(self.board).items() if part)
        more = f" {esc(self.lesson.more)}" if self.lesson.more else ""
        ending = esc(self.lesson.end) if self.lesson.end else f"That is a whole game of {esc(title)}, played through."
        against = "against Novice bots" if self.lesson.bots else "the solo game"
        options = self.lesson_options_words()
        if self.embedded:
            hints = (f'<p class="muted small">To play the real game as in the lesson, turn {esc(options)} on '
                     'there.</p>' if options else "")
        else:
            kept = f", with {esc(options)} on, as in the lesson," if options else ""
            hints = (f'<p class="muted small">The real game is {against}{kept} with a hint shown before each of '
                     'your moves (Settings turns them off).</p>')
        return (f'<div class="tt-coach tt-coach-done" data-testid="lesson-done" aria-live="polite">'
                f'<div data-testid="coach"><p class="tt-coach-say">{ending}{more}</p></div>'
                f'<p class="actions tt-coach-actions">{again} {real}</p>{hints}</div>')

    def real_game_options(self) -> dict:
        """The options of the real game the lesson opens: the lesson's own (Guild of Thieves' lesson
        turns on Pen & Paper's notebook, an option off by default), so what the lesson teaches and the
        game it opens agree."""
        return {**self.game.options, **self.lesson.options}

    def lesson_options_words(self) -> str:
        """The options the lesson turns on that a game is dealt without, by their labels on the new
        game's form: "“A notebook of what you have seen”" ("" when it changes none)."""
        labels = {name: label for name, label, *_ in self.board.OPTION_FIELDS}
        changed = [labels.get(name, name) for name, value in self.lesson.options.items()
                   if value != self.game.options.get(name)]
        return " and ".join(f"“{label}”" for label in changed)

    def ringed(self, page: str) -> str:
        """The page with the coach's ring on the one element to tap now."""
        run = self.run
        step = run.step
        if step is not None:
            page = lessons.look_at(page, step.look)
        if step is None or not run.waiting_for_move():
            # Next is ringed only once a tap on it works (never while the bots are still playing).
            if step is not None and not run.next_open(self.play.moment):
                return page
            marker = 'class="btn primary tt-coach-next"'
            return page.replace(marker, marker + " data-coach-here", 1)
        if step.kind == "tap":
            return lessons.ring(page, tap=step.tap)[0]
        page, found = lessons.ring(page, action=step.do)
        if not found:
            toward = self.board.lesson_tap(self.play.draft, step.do, self.play.view())
            if toward is not None:
                page, found = lessons.ring(page, tap=toward)
        return page

    def html(self) -> str:
        return self.ringed(layout.play_screen(self.compose()))

    # -- the lesson's own moves ------------------------------------------------------------------
    def record(self) -> str:
        return self.run.progress.to_json(self.play.state.history)

    def rewind(self, keep: int):
        """The game back to its first ``keep`` actions (the same seed, so nothing is dealt afresh)."""
        play = self.play
        state = play.state
        replayed = state.game.new_game(seats=state.seats, seed=state.seed, options=state.options)
        for seat, action in state.history[:keep]:
            replayed.apply(seat, action)
        play.save.state = replayed
        play.draft, play.error, play.fresh = self.board.new_draft(), "", None
        self.retap()

    def lesson_move(self, action: dict) -> bool:
        """A move tapped: True when it is the step's (the caller plays it), else refused."""
        if self.run.expects(action):
            return True
        self.play.error = REFUSED
        return False

    def lesson_tap(self, command: str, data: dict) -> bool:
        """A draft tap made (the board has it): True when it was the step's, which is then done."""
        self.play.error = ""
        if self.run.expects_tap(command, data):
            self.run.next(len(self.play.state.history))
            return True
        return False

    def lesson_next(self) -> bool:
        if not self.run.next_open(self.play.moment):
            return False
        self.run.next(len(self.play.state.history))
        self.play.draft = self.board.new_draft()
        return True

    def lesson_repeat(self):
        self.rewind(self.run.repeat())

    def lesson_restart(self):
        self.run = lessons.Run(self.lesson)
        self.rewind(0)


class LessonView(Coach, GameView):
    """A lesson played in CPython: taps by the attributes of the element tapped, bots at once."""

    def __init__(self, lesson, board, game, progress=None, history=()):
        play = lessons.new_play(lesson, board, game)
        for seat, action in history:
            play.state.apply(seat, action)
        GameView.__init__(self, play.save, board, play=play)
        self.setup_lesson(lesson, game, progress)
        self.settle()

    @classmethod
    def resumed(cls, lesson, board, game, record: str) -> "LessonView":
        """The lesson as its stored ``record`` left it; from its start when the record is damaged or
        no longer fits (lessons.resume)."""
        from .records import Memory
        play, progress = lessons.resume(lesson, board, Memory({lessons.KEY_PREFIX + lesson.key: record}))
        return cls(lesson, board, game, progress, play.state.history)

    def settle(self):
        if self.run.bots_may_move():
            lessons.bots_play(self.play)

    def tap(self, found: dict):
        """A tap on the element with these attributes (as lessons.attributes reads them)."""
        import json
        if "data-act" in found:
            action = json.loads(found["data-act"])
            if self.lesson_move(action) and self.play.act(0, action):
                self.run.landed()
        elif "data-command" in found:
            command = found["data-command"]
            data = {key[5:]: value for key, value in found.items() if key.startswith("data-")
                    and key not in ("data-command", "data-motion", "data-pick", "data-subject", "data-coach-here")}
            if command == "coach-next":
                self.lesson_next()
            elif command == "coach-repeat":
                self.lesson_repeat()
            elif command == "coach-restart":
                self.lesson_restart()
            elif command in ("coach-real-game", "next-lesson"):
                return
            else:
                self.play.tap(command, data)
                self.lesson_tap(command, data)
        self.settle()
