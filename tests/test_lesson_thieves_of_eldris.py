"""Thieves of Eldris' guided first game, in CPython: every core rule comes up when the engine plays it
(issues 25 and 35: your Cutpurse and Targets, the roll and the Sigil, moving cards by Trait, thefts
on the edge and in the corner and Nell's in the centre, doubles that reset the Sigil and the
Dexterity ability, a wrong accusation and a right one, the win at $8), the coach's words agree with
the game's, the other abilities and triples are told, Nell's moves land in the coach's panel as they
happen, the log never tells a roll before "Roll", and the ring leads the whole way by taps.  The
short solo lesson: Rivals, Threats, a wager, the order of thefts, a Target nobody robs, the titles."""
import re

import pycore
from frontend.boards import BOARDS
from frontend.boards.thieves_of_eldris import lesson as eldris_lesson
from frontend.markup import esc
from frontend.shell import lesson as lessons
from frontend.shell.coach import LessonView
from pycore.thieves_of_eldris import PAYOUT, TRAIT_OF, money
from pycore.thieves_of_eldris.rules import ORTHOGONAL, solo_title

GAME_ID = "thieves-of-eldris"
BOARD, GAME = BOARDS[GAME_ID], pycore.GAMES[GAME_ID]


def lesson():
    return lessons.Lesson.of(GAME_ID, BOARD.LESSON)


def ringed(page: str) -> dict:
    found = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", page)
    return lessons.attributes(found.group(2)) if found else {}


class Unsettled(LessonView):
    """A lesson whose bots move only when the test says so (the screen paces them one at a time)."""

    def settle(self):
        pass


def view_at(number: int, landed: bool = False, view_class=LessonView) -> LessonView:
    """The lesson tapped through by its ring to step ``number`` (0-based), its move landed or not."""
    view = view_class(lesson(), BOARD, GAME)
    while not (view.run.progress.step == number and view.run.progress.landed == landed):
        target = ringed(view.html())
        if target:
            view.tap(target)
        else:                       # an Unsettled lesson: the bots move when the test says
            lessons.bots_play(view.play)
    return view


def step_of(kind: str, nth: int = 0, **fields) -> int:
    """The index of the ``nth`` step whose move is of ``kind`` (with ``fields``)."""
    found = [i for i, step in enumerate(lesson().steps) if step.do and step.do["type"] == kind
             and all(step.do.get(key) == value for key, value in fields.items())]
    return found[nth]


def test_thieves_of_eldris_lesson_meets_every_core_rule():
    seen = []
    for number, step, play in lessons.walk(lesson(), BOARD, GAME):
        assert play.names == ["You", "Nell"]        # the coach's words name them
        mine = [event for event in play.moment.view(0)["log"] if event.get("by") == 0]
        if step.do is None:
            continue
        kind = step.do["type"]
        if kind == "choose_cutpurse":
            view = play.moment.view(0)
            assert view["cutpurse"] == "Monk" and sorted(view["targets"]) == ["Lightpriest", "Merchant"]
            seen.append("cutpurse")
        elif kind == "reroll":
            assert not play.moment.view(0)["players"][0]["sigil"], "the reroll used the Sigil"
            seen.append("sigil")
        elif kind == "reset_sigil":
            rolled = next(event for event in reversed(mine) if event["type"] == "roll")
            assert len(set(rolled["dice"])) == 2, f"step {number}: doubles, not {rolled['dice']}"
            assert play.moment.view(0)["players"][0]["sigil"], "the doubles reset the Sigil"
            seen.append("doubles")
        elif kind == "ability":
            rolled = next(event for event in reversed(mine) if event["type"] == "roll")
            assert rolled["dice"].count(step.do["trait"]) == 2
            seen.append(f"ability-{step.do['trait']}")
        elif kind in ("move", "shift"):
            moved = next(event for event in reversed(mine) if event["type"] == "move")
            if kind == "move":
                # The die of the moved card's trait paid for it, and the card swapped with a neighbour.
                assert moved["how"] == "die" and moved["trait"] == TRAIT_OF[moved["character"]], f"step {number}: {moved}"
            else:
                assert moved["how"] == "dexterity"
            assert step.do["to"] in ORTHOGONAL[step.do["from"]]
            assert moved["character"] in step.say, f"step {number}: the coach names the card it moves"
            seen.append("move" if kind == "move" else "shift")
        elif kind == "steal":
            theft = next(event for event in reversed(mine) if event["type"] == "steal")
            assert theft["character"] == step.do["character"]
            # The coach says where the Target stood and what it pays there.
            assert theft["place"] in step.say and money(PAYOUT[theft["place"]]) in step.say, f"step {number}"
            seen.append(f"steal-{theft['place']}")
        elif kind == "reveal":
            accused = next(event for event in reversed(mine) if event["type"] == "reveal")
            assert step.then.startswith("Right" if accused["right"] else "Wrong"), f"step {number}"
            seen.append("reveal-right" if accused["right"] else "reveal-wrong")
    assert seen.count("move") == 15 and seen.count("shift") == 2
    for rule in ("cutpurse", "sigil", "steal-edge", "steal-corner", "doubles", "ability-dexterity",
                 "reveal-wrong", "reveal-right"):
        assert rule in seen, f"the lesson never meets {rule}: {seen}"
    assert seen.index("sigil") < seen.index("doubles"), "the Sigil is used before the doubles reset it"
    assert seen.index("reveal-wrong") < seen.index("reveal-right")
    nell_thefts = [e["place"] for e in play.moment.view(0)["log"] if e["type"] == "steal" and e["by"] == 1]
    assert "centre" in nell_thefts, "Nell's theft shows the centre's pay"
    assert play.state.is_over and play.state.outcome["winners"] == [0]
    assert play.state.outcome["reason"] == "eight" and play.state.money[0] == 16


def test_the_coach_rings_exactly_one_element_at_every_tap_of_eldris_lesson():
    """Every tap the coach asks for, made on the screen as drawn (HTML), rings one element: the
    roll, a move's first card before its second, each die to throw again, the card to accuse."""
    view = LessonView(lesson(), BOARD, GAME)
    taps = 0
    commands = set()
    while not view.run.progress.done:
        page = view.html()
        assert page.count("data-coach-here") == 1, f"step {view.run.number}: {page.count('data-coach-here')} rings"
        target = ringed(page)
        commands.add(target.get("data-command") or "act")
        view.tap(target)
        taps += 1
        assert taps < 150, "the lesson does not end"
    assert 'data-testid="lesson-done"' in view.html()
    assert {"roll", "pick", "reroll-die", "focus", "act"} <= commands, commands


# -- what issue 35 found missing ---------------------------------------------------------------------
def words_of(steps) -> str:
    return " ".join(" ".join(step.words) for step in steps)


def test_all_six_abilities_and_triples_are_told_the_dexterity_one_played():
    """Doubles' abilities, each in its own words (Charisma, Dexterity, Constitution, Wisdom,
    Intelligence, Strength), and triples: each a core rule quoting its line of the text, taught by a
    step; Dexterity's is a move the person makes, two steps of one card."""
    steps = lesson().steps
    rules = {entry["quote"]: entry["step"] for entry in eldris_lesson.CORE_RULES[""]}
    for quote in (eldris_lesson.CHARISMA, eldris_lesson.DEXTERITY, eldris_lesson.CONSTITUTION, eldris_lesson.WISDOM,
                  eldris_lesson.INTELLIGENCE, eldris_lesson.STRENGTH, eldris_lesson.TRIPLES):
        assert quote in rules, quote
    told = {"Charisma": "peek at the deck’s top card", "Constitution": "pick your Cutpurse again",
            "Intelligence": "draw a Target and shuffle one", "Wisdom": "swaps two cards of one Trait",
            "Strength": "steal or accuse diagonally", "Dexterity": "moves any one card up to two steps",
            "Triples": "any ability"}
    words = words_of(steps)
    for trait, effect in told.items():
        assert trait in words and effect in words, (trait, effect)
    ability = step_of("ability", trait="dexterity")
    assert [steps[ability + 1].do["type"], steps[ability + 2].do["type"]] == ["shift", "shift"]
    assert steps[ability + 2].do["from"] == steps[ability + 1].do["to"], "the same card steps twice"


def test_an_accusation_is_only_beside_your_own_cutpurse_and_a_wrong_one_is_told_on_screen():
    """The coach says a card may be accused only beside your own Cutpurse (and every accusation the
    engine allows then is); the wrong accusation's words are on the screen, in the coach's panel,
    and the board marks the accuser's Cutpurse as known to all, not only the log."""
    number = step_of("reveal")
    assert "only a card beside your own Cutpurse" in lesson().steps[number].say
    before = view_at(number)
    state = before.play.state
    near = {state.square[p] for p in ORTHOGONAL[state.position("Monk")]}
    reveals = [a for a in state.legal_actions(0) if a["type"] == "reveal"]
    assert reveals and {a["character"] for a in reveals} <= near
    # The move lands: its words stay in the coach's panel while Nell plays, then what it leaves behind.
    view = view_at(number, view_class=Unsettled)
    for _ in range(2):                                  # the Ranger in focus, then Nell named
        view.tap(ringed(view.html()))
    assert view.run.progress.landed
    step = lesson().steps[number]
    assert step.then.startswith("Wrong!") and "No money" in step.then
    for seat in (None, 1):
        page = view.html()
        assert f'<p class="tt-coach-say">{esc(view.coach_words())}</p>' in page
        assert view.coach_words() == (step.then if seat is None else step.after)
        known = page.split('data-motion="known-0"')
        assert len(known) == 2 and "Monk" in known[1][:1200], "the board marks the accuser's Cutpurse known to all"
        while 1 in view.play.state.to_act:
            view.play.bot_act(1)
    assert "known to all" in step.after
    assert view.play.state.money == before.play.state.money, "a wrong accusation moves no money"


def test_the_coachs_reading_of_the_table_is_true():
    """What the coach asserts: the first roll brings no Target beside the Monk however its three dice
    are spent (so the Sigil reroll); Nell's Cutpurse stands beside the robbed Knight, one of the four
    named; the Ranger and the Necromancer are those beside your Monk when you accuse; only the
    Necromancer stood beside both of Nell's thefts, and it is Nell's Cutpurse."""
    def applied(state, move):
        after = state.clone()
        after.apply(0, move)
        return after

    def reaches(state, dice: int) -> bool:
        if not dice:
            return any(state.position(t) in ORTHOGONAL[state.position("Monk")] for t in state.targets[0])
        return any(reaches(applied(state, move), dice - 1) for move in state.legal_actions(0) if move["type"] == "move")

    state = GAME.new_game(seats=2, seed=542)
    state.apply(0, {"type": "choose_cutpurse", "character": "Monk"})
    assert not reaches(state, 3)
    steps, accusation = lesson().steps, step_of("reveal")
    *_, (_, _, play) = lessons.walk(lesson(), BOARD, GAME)
    replay, beside, cutpurses = GAME.new_game(seats=2, seed=542), [], []
    for seat, action in play.state.history:
        if seat == 1 and action["type"] == "steal":        # who stands beside the Target Nell robs
            beside.append({replay.square[p] for p in ORTHOGONAL[replay.position(action["character"])]})
            cutpurses.append(replay.cutpurse[1])
        if action == steps[accusation].do:
            suspects = {replay.square[p] for p in ORTHOGONAL[replay.position("Monk")]} & beside[0]
        replay.apply(seat, action)
    assert beside[0] == {"Ranger", "Ninja", "Necromancer", "Gladiator"}
    assert all(name in steps[step_of("reset_sigil") - 1].say for name in beside[0])
    assert suspects == {"Ranger", "Necromancer"} and "the Ranger and the Necromancer" in steps[accusation].say
    assert beside[0] & beside[1] == {"Necromancer"} == set(cutpurses)


def test_the_pay_of_each_place_is_said_with_the_theft():
    """Corner $2 (the person's theft), edge $1.5 (the person's), centre $1 (Nell's, told as it lands)."""
    steps = lesson().steps
    corner = steps[step_of("steal", character="Wizard")]
    assert "corner" in corner.say and "$2" in corner.say
    assert "centre" in corner.after and "$1," in corner.after
    edge = steps[step_of("steal", character="Merchant")]
    assert "edge" in edge.say and "$1.5" in edge.say


def test_each_character_is_once_in_each_deck_and_the_counters_are_explained():
    """The coach says each character is once in the Square and once in the deck (and so it is);
    once the first theft has landed, the coach explains what the line at the top counts, and that
    line shows it: the money, three face-down cards, one Target robbed."""
    steps = lesson().steps
    assert "once in the Square and once in the deck" in steps[step_of("choose_cutpurse")].then
    state = GAME.new_game(seats=2, seed=542)
    assert sorted(state.square) == sorted(state.deck + state.dealt[0] + state.dealt[1]) == sorted(set(state.square))
    number = step_of("steal", character="Merchant")
    after = steps[number].after
    assert all(said in after for said in ("$1.5", "three face-down cards", "Targets robbed"))
    view = view_at(number, landed=True)
    page = view.html()
    assert view.coach_words() == after
    mine = page.split('data-motion="player-0"')[1].split("</li>")[0]
    assert "$1.5" in mine and 'aria-label="3 cards face down"' in mine and 'aria-label="robbed 1: Merchant"' in mine


def test_the_opponent_is_the_level_the_coach_names():
    """Nell is a Novice bot, as the coach says and the board's badge reads, the level of the real
    game after the lesson."""
    assert lesson().bots == ["novice"]
    assert "Nell, a Novice bot" in lesson().steps[0].say
    page = LessonView(lesson(), BOARD, GAME).html()
    assert '<span class="tag badge bot" aria-label="Novice bot">Novice</span>' in page


def test_nells_moves_land_in_the_coachs_panel_as_they_happen():
    """After each theft of yours the coach says to watch Nell, before Nell has moved (its words tell
    no move of Nell's yet); each of Nell's moves then lands in the coach's panel naming the card moved,
    one at a time, with nothing ringed until Nell is done; then the coach says what Nell's moves
    showed."""
    for character in ("Merchant", "Wizard", "Artificer"):
        number = step_of("steal", character=character)
        step = lesson().steps[number]
        view = view_at(number, view_class=Unsettled)
        view.tap(ringed(view.html()))
        assert view.run.progress.landed and 1 in view.play.state.to_act
        assert "Watch Nell" in view.coach_words() and "Nell" not in step.then.split("Watch Nell")[0]
        page = view.html()
        assert "data-coach-here" not in page and 'data-testid="coach-news"' not in page
        moved = []
        while 1 in view.play.state.to_act:
            view.play.bot_act(1)
            page = view.html()
            event = view.play.public_log()[-1]
            if event["type"] == "move":
                moved.append(event["character"])
                news = re.search(r'data-testid="coach-news">([^<]*)<', page).group(1)
                assert news.startswith("Nell: moved") and esc(f"the {event['character']}") in news, news
            if 1 in view.play.state.to_act:
                assert "data-coach-here" not in page, "a ring while Nell still plays"
        assert len(moved) == 3
        assert ringed(view.html()).get("data-command") == "coach-next"
        assert view.coach_words() == step.after


def test_the_rolls_words_match_the_ringed_die_and_the_log_keeps_the_roll_until_it_is_shown():
    """Every step that asks for the roll says "tap a die", and the ring is on a die; until that tap
    the log (the side column, the menu's) does not tell the roll; after it, it does."""
    rolls = 0
    for number, step in enumerate(lesson().steps):
        if "Tap a die to roll" not in step.say and "tap a die" not in step.say:
            continue
        view = view_at(number)
        page = view.html()
        target = ringed(page)
        assert target.get("data-command") == "roll" and "die" in target.get("class", ""), (number, target)
        rolled = GAME.describe(view.play.view()["log"][-1], view.play.names, 0)
        assert rolled.startswith("You rolled") and rolled not in view.play.log_lines(), f"step {number}: the log tells the roll"
        assert esc(rolled) not in page
        view.tap(target)
        assert view.play.log_lines()[-1] == rolled and esc(rolled) in view.html()
        rolls += 1
    assert rolls == 5


def test_the_board_holds_back_only_an_unshown_roll():
    """The board's hook: one entry (the roll) until it is shown, none once "Roll" is tapped, none in
    another seat's turn or a public view."""
    state = GAME.new_game(seats=2, seed=542)
    state.apply(0, {"type": "choose_cutpurse", "character": state.dealt[0][0]})
    draft = BOARD.new_draft()
    assert BOARD.held_back(state.view(0), draft) == 1
    assert BOARD.held_back(state.view(1), draft) == BOARD.held_back(state.view(None), draft) == 0
    BOARD.tap(draft, "roll", {}, state.view(0))
    assert BOARD.held_back(state.view(0), draft) == 0


# -- the solo lesson -------------------------------------------------------------------------------
def solo_lesson():
    return lessons.lesson_of(BOARD, GAME_ID, "solo")


def test_the_solo_lesson_meets_rivals_threats_wagers_and_the_order_of_thefts():
    """The short solo lesson (issue 25: "a short solo lesson with Rivals and Threats"): your Cutpurse
    from the Display, a known Rival and Threat tokens on every character of the concealed Threats'
    Trait, a right wager, the Rivals robbing first and you second (two Targets in one round), and
    the next round's Foes' Stack; what the coach says of each is what the engine did."""
    seen = []
    for number, step, play in lessons.walk(solo_lesson(), BOARD, GAME):
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


def test_the_solo_lesson_tells_a_target_nobody_robs_stays_and_the_titles():
    """Issue 35: a Target nobody stands beside is not robbed and stays for the next round (as the
    engine plays it); the end's four titles, each with the haul that earns it as the engine counts
    it, and the game without tokens, in the coach's words rather than "see the rules"."""
    words = words_of(solo_lesson().steps) + " " + solo_lesson().end
    assert "stays in play for the next round" in words and "without tokens" in words
    assert "title" not in solo_lesson().more, "the titles are told, not left to the rules page"
    told = {"Petty Pickpocket": (0, 7, "up to $3.5 Petty Pickpocket"),
            "Street Scoundrel": (8, 13, "$4 to $6.5 Street Scoundrel"),
            "Skilled Swindler": (14, 19, "$7 to $9.5 makes a Skilled Swindler"),
            "Legend Among Thieves": (20, 60, "$10 or more a Legend Among Thieves")}
    for title, (low, high, said) in told.items():
        assert said in words, said
        assert solo_title(low) == solo_title(high) == title and (low == 0 or solo_title(low - 1) != title)
    # The engine: a Target with neither you nor a Rival beside it is still in the Display after the round.
    game = GAME
    for seed in range(40):
        state = game.new_game(seats=1, seed=seed)
        state.apply(0, {"type": "choose_cutpurse", "character": state.display[0]})
        while state.step != "wager":
            state.apply(0, state.legal_actions(0)[0])
        near_you = set(ORTHOGONAL[state.position(state.cutpurse[0])])
        rivals = {state.position(c) for c in state.rivals if state.in_square(c)} | \
            {state.position(c) for c in state.threats if state.in_square(c)}
        lucky = [c for c in state.display if state.position(c) not in near_you
                 and not rivals.intersection(ORTHOGONAL[state.position(c)])]
        if lucky:
            state.apply(0, {"type": "reveal_foes"})
            assert all(card in state.display and state.in_square(card) for card in lucky), seed
            return
    raise AssertionError("no deal with a lucky Target in 40 seeds")
