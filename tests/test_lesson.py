"""The guided first games (#/learn/<game>), in CPython: every quoted rule sentence is in the game's
rule text, every scripted move is legal when its step comes (replayed through the engine exactly as
the screen plays it), the coach rings exactly one element at every step, and a record resumes."""
import json
import re
from pathlib import Path

import pytest

import pycore
from frontend.boards import BOARDS
from frontend.shell import lesson as lessons
from frontend.markup import esc
from frontend.shell.coach import REFUSED, LessonView

RULES = Path(__file__).resolve().parent.parent.parent / "shared" / "rules"
RULES = RULES if RULES.exists() else Path("/work/shared/rules")
WITH_LESSONS = [game_id for game_id, board in BOARDS.items() if board.LESSON]
# Every lesson, a game's shorter ones (Thieves of Eldris' solo lesson) beside its whole-game lesson.
EVERY_LESSON = [f"{game_id}/{part}" if part else game_id
                for game_id, board in BOARDS.items() for part in lessons.lessons_of(board)]


def rule_text(game_id: str) -> str:
    """The game's rule text and the rulings, each line's whitespace as one space."""
    texts = [path.read_text(encoding="utf-8") for path in (RULES / f"{game_id}.txt", RULES / f"{game_id}.en.txt", RULES / "RULINGS.md") if path.exists()]
    return " ".join(re.sub(r"\s+", " ", text) for text in texts)


def lesson_of(key):
    """A lesson by its key: "thievery", or "thieves-of-eldris/solo" for a part's lesson."""
    game_id, _, part = key.partition("/")
    return lessons.lesson_of(BOARDS[game_id], game_id, part)


def test_thieves_of_eldris_has_a_solo_lesson():
    assert "thieves-of-eldris/solo" in EVERY_LESSON


def test_thievery_has_a_lesson():
    assert "thievery" in WITH_LESSONS


@pytest.mark.parametrize("key", EVERY_LESSON)
def test_every_quoted_rule_is_in_the_rule_text(key):
    text = rule_text(key.partition("/")[0])
    for number, step in enumerate(lesson_of(key).steps, 1):
        assert step.rule, f"step {number} quotes no rule"
        assert re.sub(r"\s+", " ", step.rule) in text, f"step {number}: “{step.rule}” is not in the rule text"


@pytest.mark.parametrize("key", EVERY_LESSON)
def test_the_coach_says_little_at_a_time(key):
    for number, step in enumerate(lesson_of(key).steps, 1):
        for words in (step.say, step.then):
            sentences = [part for part in re.split(r"(?<=[.!?])\s+", words) if part]
            assert len(sentences) <= 2 and len(words) <= 170, f"step {number} says too much: {words!r}"


@pytest.mark.parametrize("key", EVERY_LESSON)
def test_the_lesson_plays_through_the_engine_and_the_person_wins(key):
    lesson = lesson_of(key)
    game_id = lesson.game_id
    steps = list(lessons.walk(lesson, BOARDS[game_id], pycore.GAMES[game_id]))
    assert [number for number, _, _ in steps] == list(range(1, len(lesson.steps) + 1))
    play = steps[-1][2]
    assert (play.state.is_over and play.state.outcome["winners"] == [0]) if not lesson.end else not play.state.is_over


def test_thievery_lesson_meets_every_core_rule():
    """Sorting with an ace placed, hits that go again, a miss that ends the turn, the round won."""
    lesson = lesson_of("thievery")
    seen = []
    for number, step, play in lessons.walk(lesson, BOARDS["thievery"], pycore.GAMES["thievery"]):
        assert play.names == ["You", "Sly", "Sid"]      # the coach's words name them
        if step.do and step.do["type"] == "lock_in":
            ranks = [play.state.rows[0][i] % 13 + 1 for i in range(len(play.state.rows[0]))]
            ace = ranks.index(1)
            assert ace not in (0, len(ranks) - 1), "the lesson places its ace inside the row"
            assert f"between the {ranks[ace - 1]} and the {ranks[ace + 1]}" in step.then, "the coach says where it went"
            seen.append("sorted")
        if step.do and step.do["type"] == "guess":
            guess = next(e for e in reversed(play.moment.view(0)["log"]) if e["type"] == "guess" and e["by"] == 0)
            hit = guess["hit"]
            assert step.then.startswith(("Right", "Every", "Fenced")) == hit, f"step {number}: {step.then!r}"
            seen.append("hit" if hit else "miss")
            if not hit:
                assert play.state.to_act == (0,) and play.state.turns > 1, "the miss passed the turn round"
    assert seen[:4] == ["sorted", "hit", "hit", "miss"] and seen[-1] == "hit"
    assert play.state.outcome["winners"] == [0]


@pytest.mark.parametrize("key", EVERY_LESSON)
def test_the_coach_rings_exactly_one_element_at_every_moment(key):
    """Every tap the coach asks for, made on the screen as drawn (HTML), rings one element; the
    draft taps toward a move lead to its button (a house, the dues, a palace, a die); the lesson
    ends with the lesson-done panel."""
    lesson = lesson_of(key)
    game_id = lesson.game_id
    view = LessonView(lesson, BOARDS[game_id], pycore.GAMES[game_id])
    taps = 0
    while not view.run.progress.done:
        page = view.html()
        assert page.count("data-coach-here") == 1, f"step {view.run.number}: {page.count('data-coach-here')} rings"
        assert 'data-testid="coach"' in page
        target = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", page).group(2)
        view.tap(lessons.attributes(target))
        taps += 1
        assert taps < 120, "the lesson does not end"
    page = view.html()
    assert 'data-testid="lesson-done"' in page and page.count("data-coach-here") == 1


def test_a_lesson_record_resumes_where_it_was():
    game_id = "thievery"
    lesson = lesson_of(game_id)
    view = LessonView(lesson, BOARDS[game_id], pycore.GAMES[game_id])
    # On to the miss: its move landed and the bots have played their turns after it.
    while not (view.run.progress.landed and view.run.step.do and view.run.step.do.get("rank") == 13):
        target = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html()).group(2)
        view.tap(lessons.attributes(target))
    record = view.record()
    again = LessonView.resumed(lesson, BOARDS[game_id], pycore.GAMES[game_id], record)
    assert again.run.progress == view.run.progress
    assert again.play.state.history == view.play.state.history
    assert again.html() == view.html()
    # A repeat takes the game back to the start of the step: the move is asked for again.
    mark = view.run.progress.marks[view.run.progress.step]
    assert len(view.play.state.history) > mark + 1
    view.lesson_repeat()
    assert len(view.play.state.history) == mark and view.run.waiting_for_move()
    assert esc(view.run.step.say) in view.html()


def test_a_broken_record_starts_the_lesson_afresh():
    game_id = "thievery"
    lesson = lesson_of(game_id)
    view = LessonView.resumed(lesson, BOARDS[game_id], pycore.GAMES[game_id], '{"v": 1, "step": 3}')
    fresh = LessonView(lesson, BOARDS[game_id], pycore.GAMES[game_id])
    assert view.run.progress == fresh.run.progress and view.play.state.history == fresh.play.state.history


def test_a_move_that_is_not_the_steps_is_gently_refused():
    """A draft tap is allowed (the ring then points the way back); another move is refused, the
    coach saying so, and nothing is played."""
    game_id = "thievery"
    lesson = lesson_of(game_id)
    view = LessonView(lesson, BOARDS[game_id], pycore.GAMES[game_id])
    while not (view.run.step.do and view.run.step.do["type"] == "guess"):
        target = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html()).group(2)
        view.tap(lessons.attributes(target))
    wanted = view.run.step.do
    # Pick another card than the one asked for: allowed; the ring goes back to the asked-for card.
    other = next(a for a in view.play.moment.legal_actions(0) if (a["hand"], a["index"]) != (wanted["hand"], wanted["index"]))
    view.tap({"data-command": "pick-card", "data-hand": str(other["hand"]), "data-index": str(other["index"])})
    page = view.html()
    assert page.count("data-coach-here") == 1
    ringed = lessons.attributes(re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", page).group(2))
    assert ringed["data-command"] == "pick-card" and ringed["data-index"] == str(wanted["index"])
    # Guess at that other card: refused, nothing played.
    actions = len(view.play.state.history)
    view.tap({"data-act": json.dumps(other)})
    assert len(view.play.state.history) == actions and view.play.error == REFUSED
    assert esc(REFUSED) in view.html()


def test_learn_to_play_shows_only_for_games_with_a_lesson():
    from frontend.shell.home_and_rules import rules_page
    for game_id, board in BOARDS.items():
        page = rules_page(pycore.GAMES[game_id], board)
        assert (f'href="#/learn/{game_id}"' in page) == bool(board.LESSON), game_id
        for part, data in board.LESSON_PARTS.items():     # "Learn solo" beside "Learn to play"
            assert f'href="#/learn/{game_id}/{part}" data-testid="learn-{part}">{data["title"]}<' in page


def test_each_lesson_keeps_its_own_record_and_route():
    """The whole-game lesson and a part's lesson never share a record or a game id, and the
    whole-game lesson's end offers the part's lesson next."""
    whole, solo = lesson_of("thieves-of-eldris"), lesson_of("thieves-of-eldris/solo")
    assert (whole.key, solo.key) == ("thieves-of-eldris", "thieves-of-eldris/solo")
    board, game = BOARDS["thieves-of-eldris"], pycore.GAMES["thieves-of-eldris"]
    assert lessons.new_play(solo, board, game).save.id == "lesson-thieves-of-eldris/solo"
    assert lessons.new_play(solo, board, game).state.seats == 1, "the solo lesson is the solo game"
    view = LessonView(whole, board, game)
    view.run.progress.done = True
    assert 'data-command="next-lesson" data-part="solo">Next: the solo lesson<' in view.html()
    alone = LessonView(solo, board, game)
    alone.run.progress.done = True
    assert "next-lesson" not in alone.html()


def test_the_rules_opened_from_a_lesson_lead_back_to_the_lesson():
    from frontend.shell.home_and_rules import rules_page
    game, board = pycore.GAMES["twelve-thieves"], BOARDS["twelve-thieves"]
    page = rules_page(game, board, back="#/learn/twelve-thieves")
    assert 'href="#/learn/twelve-thieves" data-testid="back-to-game">Back to the lesson<' in page
    assert ">Back to the game<" in rules_page(game, board, back="#/play/abc")
