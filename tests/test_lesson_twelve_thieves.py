"""12 Thieves' guided first game, in CPython: every core rule comes up (issues 25 and 35) (guards and where a
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

MOON, KEY = 1, 5

GAME_ID = "twelve-thieves"


def lesson():
    return lessons.Lesson.of(GAME_ID, BOARDS[GAME_ID].LESSON)


def own_events(play, since: int) -> list:
    """The person's own log entries after the first ``since`` (as the person reads them)."""
    return play.moment.view(0)["log"][since:]


def test_twelve_thieves_lesson_meets_every_core_rule():
    """Guards placed one at a time; thieves only where you have a guard and a foreign one, a card per
    foreign guard; a guard move that is no thief action; the draw of 3 after acting; a pass drawing
    4, Dancers among them; a Dancer paying; the steal at the top chest's number; a neutral guard
    moved for two cards; your guard moved with a thief as a thief action."""
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
        elif kind in ("move_guard", "move_neutral"):
            assert len(action["pay"]) == (2 if kind == "move_neutral" else 1)
            seen.append("guard moved" if kind == "move_guard" else "neutral moved")
        elif kind == "escort":
            seen.append("escort")
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
        + ["thief paying 1 with a Dancer", "steal", "thief paying 2 with a Dancer", "neutral moved", "drew 3",
           "escort", "thief paying 1", "thief paying 1", "drew 3"], seen
    # The game goes on (six chests win it), one chest each, as the coach's last words say.
    assert not state.is_over and [len(won) for won in state.won] == [1, 1]
    assert "one chest each" in lesson().end


def walked() -> list:
    """(step, the state when its move had landed, the state once the bots had played on after it)."""
    lesson_ = lesson()
    game, board = pycore.GAMES[GAME_ID], BOARDS[GAME_ID]
    out, play = [], lessons.new_play(lesson_, board, game)
    run = lessons.Run(lesson_)
    while run.step is not None:
        step = run.step
        if step.do:
            assert play.act(0, step.do), play.error
        landed = play.state.clone()
        lessons.bots_play(play)
        out.append((step, landed, play.state.clone(), play))
        run.next(len(play.state.history))
    return out


def test_what_the_issue_found_missing_is_taught_by_a_move_or_a_sentence():
    """Issue 35: your guard moved with a thief (a thief action, one card of either palace); your guard
    a foreign guard for Sly; several players' thieves at one palace counting apart and staying after
    a steal; a palace with no chests; the +1 of a card just drawn; the Dancer supply; and never the
    claim that Dancers lie face up in a hand."""
    steps = walked()
    words = " ".join(" ".join(step.words) for step, *_ in steps)
    assert "everyone knows how many you hold" not in words
    for said in ("8 Dancers wait face up beside the deck", "takes no more thieves", "a +1 on a card",
                 "count apart", "To Sly your guard is a foreign guard"):
        assert said in words, said
    escort = next(i for i, (step, *_) in enumerate(steps) if step.do and step.do["type"] == "escort")
    step, landed, after, _ = steps[escort]
    before = steps[escort - 1][2]
    assert landed.thief_actions == before.thief_actions + 1 == 1, "moving your guard with a thief is a thief action"
    assert 0 in landed.guards[MOON] and landed.thieves[MOON][0] == 1
    # The neutral guard moved off Moon leaves Sly's guard alone there: Sly may place no thief at Moon.
    neutral = next(i for i, (step, *_) in enumerate(steps) if step.do and step.do["type"] == "move_neutral")
    landed = steps[neutral][1]
    assert landed.guards[MOON] == [1] and landed.thieves[MOON][1] == 2
    # Sly's steal at Moon: Sly's four go home, the person's thief stays.
    _, _, after, play = steps[-2]
    steal = next(e for e in play.moment.view(None)["log"] if e["type"] == "steal" and e["by"] == 1)
    assert steal["palace"] == MOON and after.thieves[MOON] == [1, 0]
    # Sly's guard moved to Key: for the person a thief there now costs 2.
    costs = {len(a["pay"]) for a in after.legal_actions(0) if a["type"] == "place_thief" and a["palace"] == KEY} \
        if 0 in after.to_act else None
    assert 1 in after.guards[KEY] and sum(owner != 0 for owner in after.guards[KEY]) == 2
    assert costs in (None, set(), {2})
    # The +1 badges: the hand after the first draw of 3 marks the three cards just drawn.
    first_draw = next(i for i, (step, *_) in enumerate(steps) if "+1" in step.then)
    view = LessonView(lesson(), BOARDS[GAME_ID], pycore.GAMES[GAME_ID])
    while view.run.number <= first_draw or not view.run.progress.landed:
        if view.run.number == first_draw + 1 and view.run.progress.landed:
            break
        target = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html()).group(2)
        view.tap(lessons.attributes(target))
    assert sum(int(n) for n in re.findall(r'<span class="new">\+(\d+)</span>', view.html())) == 3


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
