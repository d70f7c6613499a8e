"""Guild of Thieves' guided first game in CPython: every core rule comes up (issues 25 and 35) (a house
chosen, a wrong guess in town that shows the lock and one at a player's house that tells only "wrong",
a lock walked in by, the last card taken with its lock, dues, your lock changed, your house robbed, the
door locked behind you, a wrong opening that puts the opener's hand and the Joker under their lock for
anyone to rob, the Joker taken from there, the box opened), what the coach says a move did is what
the engine did, the lesson and the real game it opens keep the same notebook setting and say so, and
the coach rings exactly one element at every tap (tests/test_app_lesson.py plays it in Chromium)."""
import re

import pycore
from frontend.boards import BOARDS
from frontend.shell import lesson as lessons
from frontend.shell.coach import LessonView
from pycore.guild_of_thieves import card_text, card_words

GAME_ID = "guild-of-thieves"
BOARD, GAME = BOARDS[GAME_ID], pycore.GAMES[GAME_ID]
NUMBERS = {"One": 1, "Two": 2, "Three": 3, "5": 5, "14": 14}


def lesson():
    return lessons.lesson_of(BOARD, GAME_ID)


def said() -> str:
    return " ".join(" ".join(step.words) for step in lesson().steps)


def own_events(play, since: int) -> list:
    return play.moment.view(0)["log"][since:]


def place_words(event) -> str:
    kind = "slum" if event["kind"] == "slum" else "rich house"
    return f"{kind} {event['house'] + 1}"


def test_guild_lesson_meets_every_core_rule():
    """Each step's move, checked against what the engine says happened, in the coach's own words."""
    seen, before = [], 0
    for number, step, play in lessons.walk(lesson(), BOARD, GAME):
        assert play.names == ["You", "Nell"]          # the coach's words name them
        events = own_events(play, before)
        before = len(play.moment.view(0)["log"])
        action = step.do or {}
        kind = action.get("type")
        view = play.moment.view(0)
        words = " ".join(step.words)
        if kind == "choose_house":
            chosen = next(e for e in events if e["type"] == "choose_house" and e["by"] == 0)
            assert f"{place_words(chosen)}," in step.say
            assert all(card_text(card) in step.then for card in chosen["cards"])
            assert card_words(chosen["lock"]) in step.then
            seen.append("house")
        elif kind == "rob":
            rob = next(e for e in events if e["type"] == "rob" and e["by"] == 0)
            assert place_words(rob) in step.say.lower() or f"Nell’s {place_words(rob)}" in step.say
            if rob["hit"]:
                inside = next(e for e in events if e["type"] == "saw")["cards"]
                assert step.then.startswith(("Right", "Correct")), step.then
                assert all(card_text(c) in step.then or (c == "JK" and "Joker" in step.then)
                           or card_words(c) in step.then for c in inside)
                # Named from what the person saw before (a wrong look), or a guess said so.
                known = any(e["type"] == "learned_lock" and e["house"] == action["house"] for e in play.moment.view(0)["log"])
                assert known or "luck" in step.say, f"step {number}: a hit the coach does not call a guess"
                seen.append("hit known" if known else "hit lucky")
            elif rob["owner"] is None:
                learned = next(e for e in events if e["type"] == "learned_lock")
                assert step.then.startswith("Wrong") and card_words(learned["lock"]) in step.then
                seen.append("miss in town")
            else:
                assert not [e for e in events if e["type"] == "learned_lock"]
                assert step.then.startswith("Wrong") and "only “wrong”" in step.then
                seen.append("miss at Nell's")
        elif kind == "steal":
            assert action["card"] in view["hand"]
            took = next(e for e in events if e["type"] == "steal")
            if took["took_lock"]:
                assert "lock" in step.say and "out of play" in step.then
            seen.append("joker" if action["card"] == "JK" else "took the lock" if took["took_lock"] else "took")
        elif kind == "dues" and view["step"] != "dues_second" and any(e["type"] == "dues" for e in events):
            paid = next(e for e in events if e["type"] == "dues" and e["by"] == 0)
            assert paid["drew"] in view["hand"] and card_text(paid["drew"]) in step.then
            seen.append("dues")
        elif kind in ("change_lock", "lock_door"):
            event = next(e for e in events if e["type"] == kind)
            assert card_words(action["card"]) in step.then
            assert card_words(event.get("old") or event.get("took")) in step.then
            seen.append(kind)
        elif kind == "open_box":
            assert play.state.is_over and play.state.outcome["winners"] == [0]
            seen.append("opened")
        # What the coach says is left in the notebook is what the notebook says.
        for word, count in NUMBERS.items():
            if re.search(rf"\b{word} combinations? (is|are) (still )?left", words) and not play.state.is_over:
                assert len(view["notebook"]["possible"]) == count, f"step {number}: {word} left?"
    assert seen == ["house", "miss in town", "hit known", "took the lock", "dues", "change_lock", "miss at Nell's",
                    "dues", "hit lucky", "took", "lock_door", "miss in town", "hit known", "joker", "miss in town",
                    "hit known", "took", "opened"], seen
    assert seen.count("hit lucky") == 1, "one lucky guess at most: the rest the person can know"


def walked() -> list:
    """(step, the state once the bots had played on after it, its events) for every step."""
    out, before = [], 0
    for _, step, play in lessons.walk(lesson(), BOARD, GAME):
        log = play.moment.view(0)["log"]
        out.append((step, play.state.clone(), log[before:]))
        before = len(log)
    return out


def test_a_wrong_opening_puts_the_hand_and_the_joker_under_the_lock_for_anyone_to_rob():
    """Issue 35: Nell opens the box wrong, is out, her hand and the Joker lie under her lock in a house
    of the town, and the person robs it for the Joker; the coach tells each as it happens."""
    steps = walked()
    dying = next(i for i, (_, _, events) in enumerate(steps) if any(e["type"] == "out" for e in events))
    step, state, events = steps[dying]
    opened = next(e for e in events if e["type"] == "open_box")
    out = next(e for e in events if e["type"] == "out")
    assert opened["by"] == 1 and not opened["right"] and out["seat"] == 1 and out["to"] == "house"
    assert card_text(opened["value"] + opened["suit"]) in step.after and "out of the game" in step.after
    house = state.houses[out["house"]]
    assert house.owner is None and house.in_play and "JK" in house.cards
    told = steps[dying + 1][0]
    assert "Joker included, goes under their lock" in told.say and "Rob it" in told.say
    took = next(i for i, (step, *_) in enumerate(steps) if step.do == {"type": "steal", "card": "JK"})
    assert took > dying and steps[took - 1][0].do["house"] == out["house"]


def test_a_wrong_guess_shows_the_lock_only_in_town():
    """A wrong guess at a neutral house shows the guesser its lock; at a player's house, only "wrong"."""
    for step, _, events in walked():
        rob = next((e for e in events if e["type"] == "rob" and e["by"] == 0 and not e["hit"]), None)
        if rob is None:
            continue
        learned = [e for e in events if e["type"] == "learned_lock"]
        assert bool(learned) == (rob["owner"] is None), step.say
        assert ("look" in step.then) == (rob["owner"] is None), step.then


def test_the_notebook_is_told_as_the_option_it_is_and_the_real_game_keeps_it():
    """Pen & Paper is an option, off by default: the coach says so, the lesson turns it on, and the
    real game the lesson opens has it on too, said in words on the lesson's last screen."""
    assert GAME.options["pen_and_paper"] is False and lesson().options == {"pen_and_paper": True}
    words = said()
    assert "Pen & Paper, an option off by default" in words
    assert "The real game after this lesson keeps Pen & Paper on" in words
    assert "Your Notebook" not in words and "standard" not in words
    view = LessonView(lesson(), BOARD, GAME)
    assert view.real_game_options() == {**GAME.options, "pen_and_paper": True}
    view.run.progress.done = True
    assert "with “A notebook of what you have seen” on, as in the lesson," in view.done_html()


def test_a_card_seen_rules_out_its_suit_and_value_because_of_what_the_combination_is():
    """Why a card seen rules its suit and rank out: the combination is one whole suit and all four
    cards of one value, set aside unseen (told before the first card is seen)."""
    steps = lesson().steps
    why = next(i for i, step in enumerate(steps) if "one whole suit and all four cards of one value" in step.say)
    first_card = next(i for i, step in enumerate(steps) if step.do)
    assert why < first_card and "any card you see rules out its suit and its value" in steps[why].say


def test_lock_the_door_change_your_lock_and_the_draw_are_taught():
    words = said()
    assert "lock the door behind you" in words and "changing your lock" in words
    draw = lesson().steps[-1].say
    assert "draw" in draw and "nobody holds the Joker" in draw and "everyone is out" in draw and "all agree" in draw


def test_the_ring_finds_its_way_back_from_a_stray_tap():
    """The notebook opened or the box's dial begun when a house is asked for: the ring shuts it first."""
    wanted = {"type": "rob", "house": 10, "guess": "H"}
    assert BOARD.lesson_tap({**BOARD.new_draft(), "notebook": True}, wanted, {"step": "rob"}) == ("notebook", {})
    assert BOARD.lesson_tap({**BOARD.new_draft(), "mode": "box"}, wanted, {"step": "rob"}) == ("box-cancel", {})
    assert BOARD.lesson_tap({**BOARD.new_draft(), "house": 3}, wanted, {"step": "rob"}) == ("house", {"house": 10})
    assert BOARD.lesson_tap({**BOARD.new_draft(), "house": 10}, wanted, {"step": "rob"}) is None
    opening = {"type": "open_box", "suit": "D", "value": "10"}
    assert BOARD.lesson_tap(BOARD.new_draft(), opening, {"step": "lock_door"}) == ("box", {})
    assert BOARD.lesson_tap({**BOARD.new_draft(), "mode": "box"}, opening, {"step": "lock_door"}) == ("box-pick", {"code": "10D"})
