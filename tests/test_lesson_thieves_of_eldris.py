"""Thieves of Eldris' guided first game, in CPython: every core rule the lesson promises comes up
when the engine plays it (issue 25: your Cutpurse and Targets, rolling and using dice by trait,
moving a card on the Square, robbing beside your Cutpurse on the edge and in the centre, doubles
and a Sigil, an accusation), and the coach rings one element at every tap of it."""
import re

import pycore
from frontend.boards import BOARDS
from frontend.shell import lesson as lessons
from frontend.shell.coach import LessonView
from pycore.thieves_of_eldris import PAYOUT, TRAIT_OF, money

GAME_ID = "thieves-of-eldris"


def lesson():
    return lessons.Lesson.of(GAME_ID, BOARDS[GAME_ID].LESSON)


def test_thieves_of_eldris_lesson_meets_every_core_rule():
    seen = []
    for number, step, play in lessons.walk(lesson(), BOARDS[GAME_ID], pycore.GAMES[GAME_ID]):
        assert play.names == ["You", "Sly"]         # the coach's words name them
        mine = [event for event in play.moment.view(0)["log"] if event.get("by") == 0]
        if step.do is None:
            continue
        kind = step.do["type"]
        if kind == "choose_cutpurse":
            view = play.moment.view(0)
            assert view["cutpurse"] == "Beastmaster" and sorted(view["targets"]) == ["Bard", "Knight"]
            seen.append("cutpurse")
        elif kind == "reroll":
            assert not play.moment.view(0)["players"][0]["sigil"], "the reroll used the Sigil"
            seen.append("sigil")
        elif kind == "reset_sigil":
            rolled = next(event for event in reversed(mine) if event["type"] == "roll")
            traits = [die for die in rolled["dice"]]
            assert len(set(traits)) == 2, f"step {number}: doubles, not {traits}"
            assert play.moment.view(0)["players"][0]["sigil"], "the doubles reset the Sigil"
            seen.append("doubles")
        elif kind == "move":
            # The die of the moved card's trait paid for it, and the card swapped with a neighbour.
            moved = next(event for event in reversed(mine) if event["type"] == "move")
            assert moved["how"] == "die" and moved["trait"] == TRAIT_OF[moved["character"]], f"step {number}: {moved}"
            assert play.moment.view(0)["dice"][moved["die"]]["spent"] or play.moment.view(0)["step"] != "slip"
            assert play.moment.view(0)["square"][step.do["to"]]["character"] == moved["character"]
            assert moved["character"] in step.say, f"step {number}: the coach names the card it moves"
            seen.append("move")
        elif kind == "steal":
            theft = next(event for event in reversed(mine) if event["type"] == "steal")
            assert theft["character"] == step.do["character"]
            # The coach says where the Target stood and what it pays there.
            assert theft["place"] in step.say and f"for {money(PAYOUT[theft['place']])}." in step.say, f"step {number}"
            seen.append(f"steal-{theft['place']}")
        elif kind == "reveal":
            accused = next(event for event in reversed(mine) if event["type"] == "reveal")
            assert accused["right"], f"step {number}: the accusation is right, as the coach says"
            seen.append("reveal")
    for rule in ("cutpurse", "sigil", "move", "steal-edge", "steal-centre", "doubles", "reveal"):
        assert rule in seen, f"the lesson never meets {rule}: {seen}"
    assert seen.index("sigil") < seen.index("doubles"), "the Sigil is used before the doubles reset it"
    assert play.state.is_over and play.state.outcome["winners"] == [0]
    assert play.state.outcome["reason"] == "eight"


def test_the_coach_rings_exactly_one_element_at_every_tap_of_eldris_lesson():
    """Every tap the coach asks for, made on the screen as drawn (HTML), rings one element: the
    roll, a move's first card before its second, each die to throw again, the card to accuse."""
    view = LessonView(lesson(), BOARDS[GAME_ID], pycore.GAMES[GAME_ID])
    taps = 0
    commands = set()
    while not view.run.progress.done:
        page = view.html()
        assert page.count("data-coach-here") == 1, f"step {view.run.number}: {page.count('data-coach-here')} rings"
        target = lessons.attributes(re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", page).group(2))
        commands.add(target.get("data-command") or "act")
        view.tap(target)
        taps += 1
        assert taps < 120, "the lesson does not end"
    assert 'data-testid="lesson-done"' in view.html()
    assert {"roll", "pick", "reroll-die", "focus", "act"} <= commands, commands


def solo_lesson():
    return lessons.lesson_of(BOARDS[GAME_ID], GAME_ID, "solo")


def test_the_solo_lesson_meets_rivals_threats_wagers_and_the_order_of_thefts():
    """The short solo lesson (issue 25: "a short solo lesson with Rivals and Threats"): your Cutpurse
    from the Display, a known Rival and Threat tokens on every character of the concealed Threats'
    Trait, a right wager, the Rivals robbing first and you second (two Targets in one round), and
    the next round's Foes' Stack; what the coach says of each is what the engine did."""
    seen = []
    for number, step, play in lessons.walk(solo_lesson(), BOARDS[GAME_ID], pycore.GAMES[GAME_ID]):
        view = play.moment.view(0)
        log = view["log"]
        assert view["mode"] == "solo" and play.names == ["You"]
        if step.do and step.do["type"] == "choose_cutpurse":
            assert view["cutpurse"] == "Wizard" and "Barbarian" in step.then
            assert sorted(view["display"]) == ["Barbarian", "Knight", "Lightpriest"]
            # "Place a Rival token on the character in the Square that matches the topmost card of
            # the Foes' Stack." / "Place Threat tokens on all other characters in the Square matching
            # the Traits of the two concealed Threat cards."
            tokens = {cell["character"]: cell["tokens"] for cell in view["square"]}
            assert view["solo"]["rivals"] == ["Ranger"] and "rival" in tokens["Ranger"]
            assert view["solo"]["threats"] == ["constitution", "constitution"]
            threatened = {c for c, marks in tokens.items() if "threat" in marks}
            assert threatened and all(TRAIT_OF[c] == "constitution" for c in threatened)
            assert {"Paladin", "Shieldmaiden"} <= threatened
            seen.append("foes")
        elif step.do and step.do["type"] == "move":
            moved = next(event for event in reversed(log) if event["type"] == "move")
            assert moved["character"] in step.say and moved["trait"] == TRAIT_OF[moved["character"]]
            seen.append("move")
        elif step.do and step.do["type"] == "wager":
            assert view["solo"]["wagers"] == ["Shieldmaiden"] and view["players"][0]["money"] == 0
            seen.append("wager")
        elif step.do and step.do["type"] == "reveal_foes":
            events = log[next(i for i, e in enumerate(log) if e["type"] == "foes_revealed"):]
            kinds = [event["type"] for event in events]
            assert events[0]["threats"] == ["Paladin", "Shieldmaiden"]
            assert {"type": "wager_result", "character": "Shieldmaiden", "right": True} in events
            thefts = [(e["by"], e["character"], e["place"]) for e in events if e["type"] == "theft"]
            # "1. Rivals Steal first" ... "2. You Steal second"; "In Solo, multiple Targets may be
            # robbed on the same turn!"
            assert thefts == [("rivals", "Knight", "centre"), ("you", "Lightpriest", "edge"),
                              ("you", "Barbarian", "edge")], thefts
            assert "competition" not in kinds, "no Rival stood beside the Wizard"
            assert view["players"][0]["money"] == 12 and view["solo"]["spoils"] == 2   # $6 and $1
            assert view["round"] == 2 and len(view["solo"]["rivals"]) == 3 and len(view["display"]) == 3
            seen.append("reveal")
    assert seen == ["foes", "move", "move", "move", "wager", "reveal"], seen
    assert not play.state.is_over, "a round of the solo game, then the coach says how it ends"
