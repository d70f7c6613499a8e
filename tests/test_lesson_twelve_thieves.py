"""12 Thieves' guided first game, in CPython: every core rule of issue 25 comes up (guards and where a
thief may go, a card per foreign guard, a steal at the chest's number, Dancers, a guard moved, a pass
drawing four), the coach's words agree with the game's, and the ring leads the whole way by taps
(tests/test_app_lesson.py plays it in Chromium, and in its example page with the server killed)."""
import json
import re

import pycore
from frontend.boards import BOARDS
from frontend.shell import lesson as lessons
from frontend.shell.coach import LessonView
from pycore.twelve_thieves import describe
from pycore.twelve_thieves.rules import NEUTRAL

GAME_ID = "twelve-thieves"


def lesson():
    return lessons.Lesson.of(GAME_ID, BOARDS[GAME_ID].LESSON)


def own_events(play, since: int) -> list:
    """The person's own log entries after the first ``since`` (as the person reads them)."""
    return play.moment.view(0)["log"][since:]


def test_twelve_thieves_lesson_meets_every_core_rule():
    """Guards placed one at a time; thieves only where you have a guard and a foreign one, a card per
    foreign guard; a guard move that is no thief action; the draw of 3 after acting; a pass drawing
    4, Dancers among them; a Dancer paying; the steal at the top chest's number; the person ahead."""
    seen, log_length = [], 0
    for number, step, play in lessons.walk(lesson(), BOARDS[GAME_ID], pycore.GAMES[GAME_ID]):
        state, action = play.state, step.do
        assert play.names == ["You", "Sly"]          # the coach's words name them
        events = own_events(play, log_length)
        log_length = len(play.moment.view(0)["log"])
        if action is None:
            continue
        kind = action["type"]
        mine = [event for event in events if event.get("by") == 0 and event["type"] == kind]
        assert mine or kind == "end_turn", f"step {number}: the person's move is not in the log"
        event = mine[0] if mine else None
        if kind == "place_guard":
            assert events[1]["type"] == "place_guard" and events[1]["by"] == 1, "Sly places one in turn"
            seen.append("guard")
        elif kind == "place_thief":
            palace = action["palace"]
            foreign = sum(1 for owner in state.guards[palace] if owner != 0)
            assert 0 in state.guards[palace] and foreign, "a thief goes where you and a foreign guard stand"
            assert len(action["pay"]) == foreign, f"step {number}: a card per foreign guard"
            seen.append(f"thief paying {len(action['pay'])}" + (" with a Dancer" if "dancer" in action["pay"] else ""))
        elif kind == "move_guard":
            assert state.thief_actions == 3, "a guard move is no thief action"
            assert any(owner not in (0, NEUTRAL) for owner in state.guards[action["to"]])
            seen.append("guard moved")
        elif kind == "steal":
            assert event["chest"] == 4 and state.chests[action["palace"]][0] == 5
            assert state.thieves[action["palace"]][0] == 0, "the four thieves went home"
            seen.append("steal")
        elif kind == "end_turn":
            drawn = next((e for e in events if e["type"] == "draw" and e["by"] == 0), None)
            if drawn:                                # after acting: 3 cards at once
                assert drawn["deck"] == 3 and len(drawn["cards"]) == 3
                seen.append("drew 3")
            else:                                    # a pass: the draw of four begins
                assert state.step == "draw" and state.draws_left == 4
                seen.append("pass")
        elif kind == "draw":
            seen.append(f"drew from the {action['from']}")
        # Where the coach repeats what happened, it says it in the game's own words.
        if step.then.startswith("You ") and " palace" in step.then:
            assert step.then == describe(event, play.names, 0), f"step {number}: {step.then!r}"
    assert seen == ["guard"] * 4 + ["thief paying 1"] * 3 + ["guard moved", "drew 3", "pass"] \
        + ["drew from the dancers"] * 2 + ["drew from the deck"] * 2 \
        + ["thief paying 1 with a Dancer", "steal", "thief paying 2 with a Dancer"], seen
    # The game goes on (six chests win it), the person a chest ahead, as the coach's last words say.
    assert not state.is_over and [len(won) for won in state.won] == [1, 0]
    assert "a chest ahead" in lesson().end


def test_a_wrong_palace_picked_the_ring_leads_back():
    """A palace other than the step's picked: the ring is on Back, then on the step's palace."""
    view = LessonView(lesson(), BOARDS[GAME_ID], pycore.GAMES[GAME_ID])
    while not (view.run.step.do and view.run.step.do["type"] == "move_guard" and not view.run.progress.landed):
        target = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html()).group(2)
        view.tap(lessons.attributes(target))
    wanted = view.run.step.do
    view.tap({"data-command": "palace", "data-palace": "5"})     # Key: not the guard's palace
    ringed = lessons.attributes(re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html()).group(2))
    assert ringed["data-command"] == "back"
    view.tap(ringed)
    ringed = lessons.attributes(re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html()).group(2))
    assert ringed["data-command"] == "palace" and ringed["data-palace"] == str(wanted["from"])
    # Followed from there, the ring ends on the move's own button.
    for _ in range(4):
        ringed = lessons.attributes(re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html()).group(2))
        if "data-act" in ringed:
            break
        view.tap(ringed)
    assert json.loads(ringed["data-act"]) == wanted


def test_the_guard_moves_read_from_the_view_are_the_engines():
    """lesson_tap's reading of which guard moves a palace offers agrees with the engine's legal
    actions, at every moment of random games (it decides which button the ring goes to)."""
    import random
    from frontend.boards.twelve_thieves.lesson import can_move
    game = pycore.GAMES[GAME_ID]
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_game(seats=2 + seed % 3, seed=seed)
        for _ in range(150):
            if state.is_over:
                break
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if state.phase == "turn" and state.step == "act":
                view = state.view(seat)
                for kind in ("move_guard", "move_neutral", "escort"):
                    for palace in range(6):
                        engine = any(a["type"] == kind and a["from"] == palace for a in legal)
                        assert can_move(view, kind, palace) == engine, (seed, kind, palace)
            state.apply(seat, rng.choice(legal))
