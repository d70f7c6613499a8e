"""A guided first game (#/learn/<game>): the lesson's steps, where it has got to, and the one element
the coach rings.  Pure Python, so CPython tests replay a lesson exactly as the screen plays it.

A lesson is data, one per board (``LESSON`` in ``boards/<game>/lesson.py``; see frontend.boards):

    LESSON = {
        "seed": 126,                       # the engine's seed: the deal, and every bot's choices
        "seats": ["You", "sharp", "sharp"],   # the person's name, then a bot level per seat
        "options": {},                     # the game's options (the bots are added as in any game)
        "steps": [
            {"say": "…", "rule": "…"},                          # read, then tap the coach's Next
            {"say": "…", "tap": ["auto-sort", {}], "rule": "…"},  # one tap that changes the draft
            {"say": "…", "do": {"type": "lock_in", …}, "then": "…", "rule": "…"},   # one move
        ],
        "more": "…",                       # the last words: where to read the rest
        "end": "…",                        # only for a lesson that stops before its game ends: what
    }                                      # the coach says at the end (else: a whole game played)

A board may add shorter lessons on one part of its game (``LESSON_PARTS``: part -> a lesson, with a
``"title"`` such as "Learn solo"): #/learn/<game>/<part>, embed.html?…&mode=tutorial&part=<part>,
each with its own record.  ``lessons_of(board)`` lists them all, the whole-game lesson first.

``say`` is what the coach says (one or two short sentences); ``do`` the action the person makes
(a move may take several taps: the board's ``lesson_tap`` names the next one), ``tap`` a draft tap
the person makes ([command, data]), or neither for a plain Next; ``then`` one sentence on what the
move did, shown once it has landed; ``after`` (optional) what to see once the bots have played on
after it (shown in ``then``'s place when Next opens: ``then`` never tells a bot's move before the
screen shows it); ``look`` (optional) the data attributes of one element the coach marks as the
thing to watch (``{"motion": "mt-drawer-0-1"}``), not to tap; ``rule`` the sentence of the rule
text the step teaches, quoted word for word (a test finds it in the text), or a list of them when
the step teaches several.

While the bots play on, each move lands on screen with its sentence in the coach's panel (a phone
has no log column), one at a time, paced to be read; the coach's Next is ringed only once it opens.

A board's ``CORE_RULES`` (frontend.boards) lists the rules that decide its game, each with the step
that teaches it (``core_rules``): tests/test_lesson.py holds every lesson to its list.

The flow, the same in the browser and in the replay: bots move only while the lesson is not
waiting for the person's move (a plain Next step, or a move landed and its ``then`` showing); Next
waits until no bot is to act, so every step starts from the same moment of the same game.
"""
from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field

from . import records

KEY_PREFIX = "thieves-table:lesson:"    # the lesson's own record (never among the saved games)


@dataclass
class Step:
    say: str
    rule: str | list = ""           # the rule text's words the step teaches (a list: several)
    do: dict | None = None          # the move the person makes
    tap: tuple | None = None        # (command, data): a draft tap the person makes
    then: str = ""                  # what the move did, once it has landed
    after: str = ""                 # what to see once the bots have played on after it
    look: dict | None = None        # data attributes of the one element to watch (not to tap)

    @property
    def kind(self) -> str:
        return "do" if self.do is not None else "tap" if self.tap is not None else "next"

    @property
    def rules(self) -> list:
        """The quotes the step teaches, one or several."""
        return [self.rule] if isinstance(self.rule, str) else list(self.rule)

    @property
    def words(self) -> list:
        """Everything the coach says on this step."""
        return [words for words in (self.say, self.then, self.after) if words]

    @classmethod
    def from_data(cls, data: dict) -> "Step":
        tap = data.get("tap")
        return cls(say=data["say"], rule=data.get("rule", ""), do=data.get("do"),
                   tap=(tap[0], dict(tap[1])) if tap else None, then=data.get("then", ""),
                   after=data.get("after", ""), look=data.get("look"))


@dataclass
class Lesson:
    game_id: str
    seed: int
    person: str
    bots: list                      # a bot level per seat after the person's
    options: dict
    steps: list
    more: str = ""
    end: str = ""                   # the lesson stops before the game ends: the coach's words then
    part: str = ""                  # "" for the whole-game lesson, else the part it teaches ("solo")
    title: str = "Learn to play"    # its button's words

    @classmethod
    def of(cls, game_id: str, data: dict, part: str = "") -> "Lesson":
        person, *bots = data["seats"]
        return cls(game_id, data["seed"], person, bots, dict(data.get("options") or {}),
                   [Step.from_data(step) for step in data["steps"]], data.get("more", ""),
                   data.get("end", ""), part, data.get("title", "Learn to play"))

    @property
    def key(self) -> str:
        return key_of(self.game_id, self.part)


def key_of(game_id: str, part: str = "") -> str:
    """A lesson's name in routes and records: the game's id, then "/<part>" for a part's lesson."""
    return f"{game_id}/{part}" if part else game_id


def lessons_of(board) -> dict:
    """Every lesson of a board, part -> its data: the whole-game lesson ("") first, then its parts."""
    found = {"": board.LESSON} if board.LESSON else {}
    return {**found, **(board.LESSON_PARTS if board.LESSON else {})}


def has_lesson(board, part: str = "") -> bool:
    return part in lessons_of(board)


def learn_links(board, game_id: str) -> list:
    """(part, href, title) of each of a board's lessons, for the buttons that open them."""
    return [(part, f"#/learn/{key_of(game_id, part)}", data.get("title", "Learn to play"))
            for part, data in lessons_of(board).items()]


def lesson_of(board, game_id: str, part: str = "") -> "Lesson | None":
    data = lessons_of(board).get(part)
    return Lesson.of(game_id, data, part) if data else None


def core_rules(board, part: str = "") -> list:
    """The board's core rules for one of its lessons (``CORE_RULES``: a list for the whole-game
    lesson, or a dict keyed by part, "" for the whole game): [] where none are listed yet.

    >>> class Board: CORE_RULES = {"": [{"rule": "a", "quote": "b", "step": 0}], "solo": []}
    >>> core_rules(Board), core_rules(Board, "solo"), core_rules(Board, "other")
    ([{'rule': 'a', 'quote': 'b', 'step': 0}], [], [])
    """
    listed = getattr(board, "CORE_RULES", None) or []
    if isinstance(listed, dict):
        return list(listed.get(part, []))
    return list(listed) if not part else []


@dataclass
class Progress:
    """Where a lesson has got to: the step, whether its move has landed (``then`` showing), and how
    many actions the game had when each step began (a repeat takes the game back there)."""
    step: int = 0
    landed: bool = False
    marks: list = field(default_factory=lambda: [0])
    done: bool = False

    def to_json(self, history: list) -> str:
        return json.dumps({"v": 1, "step": self.step, "landed": self.landed, "marks": self.marks,
                           "done": self.done, "history": [[seat, action] for seat, action in history]})

    @classmethod
    def from_record(cls, data: dict):
        """(progress, history) from a record read_progress has checked."""
        return (cls(data["step"], data["landed"], list(data["marks"]), data.get("done", False)),
                [(seat, dict(action)) for seat, action in data["history"]])


def _is_count(value) -> bool:
    return type(value) is int and value >= 0


def check_record(data, damaged) -> dict:
    """A lesson's record as Progress.to_json writes it, or Damaged: its steps add up, and each move
    is a seat and an action (whether the moves are legal is seen as they replay: resume)."""
    if not isinstance(data, dict) or data.get("v") != 1:
        raise records.Damaged("it is not a lesson's record of this version")
    step, marks, history = data.get("step"), data.get("marks"), data.get("history")
    if not (_is_count(step) and isinstance(data.get("landed"), bool) and isinstance(data.get("done", False), bool)
            and isinstance(marks, list) and len(marks) == step + 1 and all(_is_count(mark) for mark in marks)):
        raise records.Damaged("its steps do not add up")
    if not (isinstance(history, list) and all(
            isinstance(move, list) and len(move) == 2 and _is_count(move[0]) and isinstance(move[1], dict)
            for move in history)):
        raise records.Damaged("its moves are not moves")
    return data


# A lesson's game is one short game's moves: like a save, at most MAX_SAVE_CHARS and 20 deep.
RECORD = records.Kind("lesson", "Your place in this lesson", "the lesson starts again from its first step",
                      max_chars=2_000_000, max_nesting=20, check=check_record)


def read_progress(storage, key: str):
    """The lesson's stored record (``key``: key_of(game, part)), checked, as (progress, history);
    None when there is none or it was damaged (set aside, and said)."""
    data = records.read(storage, KEY_PREFIX + key, RECORD)
    return None if data is None else Progress.from_record(data)


def resume(lesson: Lesson, board, storage) -> tuple:
    """(play, progress): the lesson's game where its record left it, or from its start (progress
    None) when there is no record, or it no longer fits the lesson (its moves replayed are not
    legal, a rule or a bot having changed): that record is set aside, and said."""
    import pycore
    game = pycore.GAMES[lesson.game_id]
    read = read_progress(storage, lesson.key)
    if read is None:
        return new_play(lesson, board, game), None
    progress, history = read
    play = new_play(lesson, board, game)
    try:
        if progress.step >= len(lesson.steps):
            raise records.Damaged("it is past the lesson's last step")
        for seat, action in history:
            play.state.apply(seat, action)
    except Exception as error:      # not legal now, or not an action at all: the lesson from its start
        reason = str(error) if isinstance(error, records.Damaged) else "its moves no longer fit the game"
        return records.set_aside(storage, KEY_PREFIX + lesson.key, RECORD, reason,
                                 lambda: (new_play(lesson, board, game), None))
    return play, progress


class Run:
    """One lesson being played: its steps and where it is.  It says what the person is asked for,
    whether bots may move, and when Next may be tapped; the screen (coach.py) and the replay both
    drive it."""

    def __init__(self, lesson: Lesson, progress: Progress | None = None):
        self.lesson = lesson
        self.progress = progress or Progress()

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return None if self.progress.done else steps[self.progress.step]

    @property
    def number(self) -> int:
        return self.progress.step + 1

    def waiting_for_move(self) -> bool:
        """Whether the person is asked for a move or a tap now (bots wait meanwhile)."""
        step = self.step
        return step is not None and step.kind != "next" and not self.progress.landed

    def bots_may_move(self) -> bool:
        return not self.waiting_for_move()

    def next_open(self, moment) -> bool:
        """Next may be tapped: nothing is asked of the person, and no bot is still to act."""
        if self.waiting_for_move():
            return False
        return moment.is_over or not any(seat != 0 for seat in moment.to_act)

    def expects(self, action: dict) -> bool:
        return self.waiting_for_move() and self.step.do == action

    def expects_tap(self, command: str, data: dict) -> bool:
        step = self.step
        if not self.waiting_for_move() or step.tap is None:
            return False
        wanted_command, wanted = step.tap
        return command == wanted_command and all(str(data.get(key)) == str(value) for key, value in wanted.items())

    def landed(self):
        self.progress.landed = True

    def next(self, actions: int):
        """On to the next step (``actions``: the game's length now, where the next step starts)."""
        progress = self.progress
        if progress.step + 1 >= len(self.lesson.steps):
            progress.done, progress.landed = True, False
            return
        progress.step += 1
        progress.landed = False
        progress.marks.append(actions)

    def repeat(self) -> int:
        """Back to the start of this step: the number of actions the game keeps."""
        progress = self.progress
        progress.landed = False
        return progress.marks[progress.step]


# -- the coach's ring: exactly one element of the drawn screen ----------------------------------------
START_TAG = re.compile(r"<(button|a|span|div|section|li|p)\b([^<>]*)>")
ATTRIBUTE = re.compile(r'([\w:-]+)(?:="([^"]*)")?')


def attributes(tag_body: str) -> dict:
    return {name: html.unescape(value or "") for name, value in ATTRIBUTE.findall(tag_body)}


def acts_on(found: dict, action: dict) -> bool:
    if "data-act" not in found:
        return False
    try:
        return json.loads(found["data-act"]) == action
    except ValueError:
        return False


def taps_on(found: dict, command: str, data: dict) -> bool:
    return (found.get("data-command") == command
            and all(found.get(f"data-{key}") == str(value) for key, value in data.items()))


def ring(page: str, action: dict | None = None, tap: tuple | None = None) -> tuple:
    """``page`` with ``data-coach-here`` on the first element that sends ``action`` (its data-act)
    or makes the draft tap ``tap`` ((command, data)), and whether one was found.

    >>> ring('<p><button data-command="menu" data-n="2">2</button><button data-act="{&quot;type&quot;: &quot;go&quot;}">Go</button></p>', {"type": "go"})
    ('<p><button data-command="menu" data-n="2">2</button><button data-act="{&quot;type&quot;: &quot;go&quot;}" data-coach-here>Go</button></p>', True)
    >>> ring('<button data-command="menu" data-n="2">2</button>', tap=("menu", {"n": 2}))[1]
    True
    """
    for match in START_TAG.finditer(page):
        found = attributes(match.group(2))
        if (action is not None and acts_on(found, action)) or (tap is not None and taps_on(found, *tap)):
            end = match.end() - 1
            return page[:end] + " data-coach-here" + page[end:], True
    return page, False


def look_at(page: str, look: dict | None) -> str:
    """``page`` with ``data-coach-look`` on the first element whose data attributes are ``look``'s
    (the thing the coach asks the person to watch: a drawer their diamonds lie in).

    >>> look_at('<p><span data-motion="a">A</span><span data-motion="b">B</span></p>', {"motion": "b"})
    '<p><span data-motion="a">A</span><span data-motion="b" data-coach-look>B</span></p>'
    """
    if not look:
        return page
    for match in START_TAG.finditer(page):
        found = attributes(match.group(2))
        if all(found.get(f"data-{key}") == str(value) for key, value in look.items()):
            end = match.end() - 1
            return page[:end] + " data-coach-look" + page[end:]
    return page


# -- the lesson's game, and the whole lesson played through as the screen plays it --------------------
def new_play(lesson: Lesson, board, game):
    """The lesson's game at its start: the person in seat 0, the bots after, the fixed seed."""
    from .play import Play
    from .save_store import Save
    from .setup_form import with_bots
    from .table import Seat, Table
    table = Table([Seat(people=[lesson.person])] + [Seat(bot=level) for level in lesson.bots])
    options = with_bots(game, table, {**game.options, **lesson.options})
    state = game.new_game(seats=len(table.seats), seed=lesson.seed, options=options)
    return Play(Save(f"lesson-{lesson.key}", lesson.game_id, table, state, 0, 0), board)


def bots_play(play):
    """Every bot move due now, one after another, in the order the screen makes them."""
    while True:
        step = play.step()
        if step.kind != "bot":
            return
        play.bot_act(step.seat)


class LessonBroken(AssertionError):
    """The lesson's script no longer fits its game (a rule or a bot changed): say where."""


def walk(lesson: Lesson, board, game):
    """Play the lesson through as a person following the coach does, step by step: yields (number,
    step, play) once each step's move has landed and the bots have moved.  Raises LessonBroken
    where a scripted move is not legal when its step comes."""
    play = new_play(lesson, board, game)
    run = Run(lesson)
    while run.step is not None:
        step = run.step
        if step.kind == "do":
            legal = play.moment.legal_actions(0) if 0 in play.state.to_act else []
            if step.do not in legal:
                raise LessonBroken(f"step {run.number} ({step.say!r}): {step.do} is not legal now: "
                                   f"{play.state.why_not(0, step.do) or 'it is not the person’s turn'}")
            if not play.act(0, step.do):
                raise LessonBroken(f"step {run.number}: {play.error}")
        elif step.kind == "tap":
            play.tap(*step.tap)
        if step.kind != "tap":          # a tap goes straight on to the next step (bots wait for it)
            run.landed()
            bots_play(play)
        yield run.number, step, play
        run.next(len(play.state.history))
