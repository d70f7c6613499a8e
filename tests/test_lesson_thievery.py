"""Thievery's guided first game, in CPython, on what issue 35 found missing: every power-up told by
name and effect in its tier, when one is drawn (not while holding three), partnerships and how a team
wins, people sharing a hand; a missed guess taught as a clue, certain only of bots; who guesses said
in a word while the bots play; the coach's Next never ringed while it does nothing."""
import re

import pycore
from frontend.boards import BOARDS
from frontend.markup import esc
from frontend.shell import lesson as lessons
from frontend.shell.coach import LessonView
from pycore.thievery import POWERS, POWERUP_HANDS
from pycore.thievery.rules import MAX_HELD, TEAMS

GAME_ID = "thievery"
BOARD, GAME = BOARDS[GAME_ID], pycore.GAMES[GAME_ID]
TIER_WORDS = {"common": "Common:", "uncommon": "Uncommon:", "rare": "Rare:", "very rare": "Very rare:"}
EFFECTS = {"casing": "shows you one face-down card", "loose_lips": "counts how many of a rank",
           "tip_off": "shows one of yours to a player", "second_storey": "forgives your next wrong guess",
           "pickpocket": "one extra guess at the start of your turn", "alarm": "ends a run at once, even out of turn",
           "stakeout": "shields a hand until it next plays", "misdirection": "names whom a guess must target",
           "crack": "flips any opponent face-down card without guessing"}


def lesson():
    return lessons.lesson_of(BOARD, GAME_ID)


def said() -> list:
    return [" ".join(step.words) for step in lesson().steps]


def test_every_power_up_is_told_by_name_and_effect_in_its_tier():
    """Each power-up the engine deals is named with what it does, in the sentence of its tier."""
    for power, info in POWERS.items():
        telling = [words for words in said() if info["title"] in words]
        assert telling, f"{info['title']} is never named"
        words = telling[0]
        assert words.startswith(TIER_WORDS[info["tier"]]), (info["title"], words)
        assert EFFECTS[power] in words.split(info["title"])[1], (info["title"], words)


def test_when_a_power_up_is_drawn_is_told_as_the_engine_draws_it():
    """At five and six hands, one at the start of each turn, none while holding three, never two
    alike, none for bots: the words agree with the engine's facts."""
    words = next(words for words in said() if "power-up is drawn" in words)
    assert POWERUP_HANDS == (5, 6) and "five and six hands" in words
    assert MAX_HELD == 3 and "none while you hold three" in words
    assert "never two alike" in words and "Bots draw none" in words


def test_partnerships_and_shared_hands_are_told():
    """Teams (hands 1 and 3 against 2 and 4, as the engine pairs them), guessing only at the other
    team, a partner's card shown, how a team wins; people sharing a hand play it and win together."""
    words = " ".join(said())
    (a, c), (b, d) = TEAMS
    assert f"hands {a + 1} and {c + 1} against {b + 1} and {d + 1}" in words
    assert "You guess only at the other team" in words and "your partner may show you a card" in words
    assert "A team wins when every card of the other team is face up" in words
    assert "share a hand: both play it, and both win" in words


def test_a_miss_is_taught_as_a_clue_certain_only_of_bots():
    """The step that reads Sid's miss says a bot never names a card it holds and a person might; and
    so the bots play: no guess of theirs in the lesson names a card of its own row (the target's colour
    and that rank)."""
    steps = lesson().steps
    number = next(i for i, step in enumerate(steps) if "named a 5" in step.say)
    assert "A bot never names a card it holds" in steps[number].say and "a person might" in steps[number].say
    assert "not proof" in steps[number].then
    *_, (_, _, play) = lessons.walk(lesson(), BOARD, GAME)
    state = play.state
    guesses = [e for e in state.view(None)["log"] if e["type"] == "guess" and e["by"] != 0]
    assert guesses
    for event in guesses:
        colour = state.rows[event["hand"]][event["index"]] // 13
        assert colour * 13 + event["rank"] - 1 not in state.rows[event["by"]], event


class Unsettled(LessonView):
    """A lesson whose bots move only when the test says so (the screen paces them one at a time)."""

    def settle(self):
        pass


def ringed(page: str) -> dict:
    found = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", page)
    return lessons.attributes(found.group(2)) if found else {}


def test_while_bots_play_who_guesses_is_a_word_and_nothing_dead_is_ringed():
    """The whole lesson, the bots moving one at a time: while a bot is still to act nothing is ringed
    and Next shows greyed; each bot guess lands in the coach's panel in words naming the guesser,
    whose row says "guessing"; once no bot is to act, Next is ringed and works."""
    view = Unsettled(lesson(), BOARD, GAME)
    names, bot_moves = view.play.names, 0
    while not view.run.progress.done:
        page = view.html()
        if any(seat != 0 for seat in view.play.state.to_act) and view.run.bots_may_move():
            assert "data-coach-here" not in page, f"step {view.run.number}: a ring while the bots play"
            assert re.search(r'<button[^>]*data-command="coach-next"[^>]*disabled', page)
            seat = next(seat for seat in view.play.state.to_act if seat != 0)
            view.play.bot_act(seat)
            event = view.play.public_log()[-1]
            if event["type"] == "guess":
                bot_moves += 1
                page = view.html()
                news = re.search(r'data-testid="coach-news">([^<]*)<', page).group(1)
                assert news.startswith(esc(names[event["by"]])), news
                if not view.play.state.is_over and view.play.state.turn == event["by"]:
                    row = page.split(f'data-hand="{event["by"]}"')[1].split("</header>")[0]
                    assert 'class="badge turn">guessing<' in row, row
            continue
        target = ringed(page)
        assert target and "disabled" not in target, f"step {view.run.number}: {target}"
        view.tap(target)
    assert bot_moves >= 10
