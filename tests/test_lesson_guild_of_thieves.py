"""Guild of Thieves' guided first game in CPython: every core rule of issue 25 comes up (a house
chosen, a rich house robbed by naming its lock, a wrong guess and the lock it shows, a card taken
from inside, dues paid into the Guild House, the Joker taken, the box opened), what the coach says
a move did is what the engine did, and the coach rings exactly one element at every tap."""
import re

import pycore
from frontend.boards import BOARDS
from frontend.shell import lesson as lessons
from pycore.guild_of_thieves import card_text, card_words

GAME_ID = "guild-of-thieves"


def lesson():
    return lessons.Lesson.of(GAME_ID, BOARDS[GAME_ID].LESSON)


def own_events(play, since: int) -> list:
    return play.moment.view(0)["log"][since:]


def test_guild_lesson_meets_every_core_rule():
    """Each step's move, checked against what the engine says happened, in the coach's own words."""
    seen, before = [], 0
    game = pycore.GAMES[GAME_ID]
    for number, step, play in lessons.walk(lesson(), BOARDS[GAME_ID], game):
        assert play.names == ["You", "Sly"]          # the coach's words name them
        events = own_events(play, before)
        before = len(play.moment.view(0)["log"])
        action = step.do or {}
        kind = action.get("type")
        view = play.moment.view(0)
        if kind == "choose_house":
            chosen = next(e for e in events if e["type"] == "choose_house" and e["by"] == 0)
            assert chosen["kind"] == "rich" and f"rich house {chosen['house'] + 1}" in step.say
            assert all(card_text(card) in step.then for card in chosen["cards"])
            seen.append("house")
        elif kind == "rob":
            rob = next(e for e in events if e["type"] == "rob" and e["by"] == 0)
            assert f"rich house {action['house'] + 1}" in step.say.lower() and rob["kind"] == "rich"
            if rob["hit"]:
                inside = next(e for e in events if e["type"] == "saw")["cards"]
                assert step.then.startswith("Right") and all(card_text(c) in step.then or c == "JK" for c in inside)
                # Named from what the person saw before (a wrong look last turn), or a guess said so.
                known = any(e["type"] == "learned_lock" and e["house"] == action["house"] for e in play.moment.view(0)["log"])
                assert known or "luck" in step.say, f"step {number}: a hit the coach does not call a guess"
                seen.append("hit known" if known else "hit lucky")
            else:
                learned = next(e for e in events if e["type"] == "learned_lock")
                assert step.then.startswith("Wrong") and card_words(learned["lock"]) in step.then
                seen.append("miss")
        elif kind == "steal":
            assert action["card"] in view["hand"]
            seen.append("joker" if action["card"] == "JK" else "took")
        elif kind == "dues" and view["step"] != "dues_second":
            paid = next(e for e in events if e["type"] == "dues" and e["by"] == 0)
            assert paid["drew"] in view["hand"] and card_text(paid["drew"]) in step.then
            seen.append("dues")
        elif kind == "open_box":
            assert play.state.is_over and play.state.outcome["winners"] == [0]
            seen.append("opened")
        # What the coach says is left in the notebook is what the notebook says.
        left = {"One": 1, "Two": 2, "Three": 3, "14": 14}
        for word, count in left.items():
            if re.search(rf"\b{word} combinations? (is|are) (still )?(left|lit)", step.say + " " + step.then) and not play.state.is_over:
                assert len(view["notebook"]["possible"]) == count, f"step {number}: {word} left?"
    assert seen == ["house", "miss", "dues", "hit known", "took", "hit lucky", "joker", "miss", "dues",
                    "hit known", "took", "opened"], seen
    assert seen.count("hit lucky") == 1, "one lucky guess at most: the rest the person can know"


def test_the_ring_finds_its_way_back_from_a_stray_tap():
    """The notebook opened or the box's dial begun when a house is asked for: the ring shuts it first."""
    board = BOARDS[GAME_ID]
    wanted = {"type": "rob", "house": 10, "guess": "H"}
    assert board.lesson_tap({**board.new_draft(), "notebook": True}, wanted, {"step": "rob"}) == ("notebook", {})
    assert board.lesson_tap({**board.new_draft(), "mode": "box"}, wanted, {"step": "rob"}) == ("box-cancel", {})
    assert board.lesson_tap({**board.new_draft(), "house": 3}, wanted, {"step": "rob"}) == ("house", {"house": 10})
    assert board.lesson_tap({**board.new_draft(), "house": 10}, wanted, {"step": "rob"}) is None
    opening = {"type": "open_box", "suit": "D", "value": "10"}
    assert board.lesson_tap(board.new_draft(), opening, {"step": "lock_door"}) == ("box", {})
    assert board.lesson_tap({**board.new_draft(), "mode": "box"}, opening, {"step": "lock_door"}) == ("box-pick", {"code": "10D"})
