"""Thieves of Eldris on the screen: the board in CPython at every table size, then the built app in
real Chromium through taps (a 390 px phone unless stated).

The test person reads the saved record back and replays it in CPython, so it can play well on
purpose: it plays the Sharp bot's move from its own view, except that it unmasks an opponent
whenever the right Cutpurse stands next to its own (it knows; the screen does not).
"""
import random

import pytest

import pycore
from conftest import ARTIFACTS, PHONE
from driver import act, between_turns, boot, frame_embed, inject, saved_state, set_up, wait_for_actions
from frontend.boards import thieves_of_eldris as board
from frontend.shell.table import Seat, Table
from test_app_reach import AUDIT, MIN_TARGET, SIZES
from test_frontend_boards import test_boards_offer_exactly_the_legal_actions_and_keep_secrets as board_check

GAME = pycore.GAMES["thieves-of-eldris"]
MOMENTS = "[data-testid=cover], [data-testid=end], [data-testid=sheet], [data-command=pass-device]"
SECRETS = "[data-testid=secrets], .tile.mine, .tile .own"


def cover_is_clean(page):
    """A cover shows no secret card, no tile marked as yours, and no Cutpurse."""
    cover = page.locator("[data-testid=cover]")
    assert cover.locator(SECRETS).count() == 0 and "Your Cutpurse" not in cover.inner_text()
browser_test = pytest.mark.browser


# -- the board in CPython: every table size ---------------------------------------------------------
@pytest.mark.parametrize("seats", [2, 3, 5, 6])
def test_the_board_offers_exactly_the_legal_actions_at_every_size(seats):
    """Every button legal, every legal action reachable by taps, nothing hidden on screen (the
    shared board test runs 1 seat; here the other sizes)."""
    board_check("thieves-of-eldris", seats, {})


# -- a person at the screen ---------------------------------------------------------------------------
def omniscient_reveal(state, seat, legal):
    """The reveal of an opponent's real Cutpurse, when one is on offer."""
    for action in legal:
        if action["type"] == "reveal" and state.cutpurse[action["player"]] == action["character"]:
            return action
    return None


class Person:
    """One decision at a time for whoever holds the device, through the screen's own buttons."""

    def __init__(self, rng):
        self.rng = rng
        self.seen = set()

    def act(self, page) -> bool:
        page.wait_for_selector(MOMENTS, timeout=90_000)
        handed = between_turns(page, cover_is_clean, self.seen)
        if handed is not None:
            return handed
        state = saved_state(page)
        done = len(state.history)
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = omniscient_reveal(state, seat, legal) or \
            GAME.bots["sharp"].choose(state.view(seat), legal, self.rng)
        self.seen.add(action["type"])
        self.tap(page, action)
        wait_for_actions(page, done)
        return True

    @staticmethod
    def tap(page, action):
        kind = action["type"]
        if kind in ("move", "shift"):
            page.click(f"[data-command=pick][data-position='{action['from']}']")
        elif kind == "exchange":
            page.click(f"[data-command=pick][data-position='{action['a']}']")
        elif kind == "reroll":
            for die in action["dice"]:
                page.click(f"[data-command=reroll-die][data-die='{die}']")
        elif kind == "reveal" and not page.locator(act(action)).count():
            page.click(f"[data-command=accuse][data-character='{action['character']}']")
        page.click(act(action))


def play_to_the_end(page, person, limit=2500):
    for _ in range(limit):
        if not person.act(page):
            break
    state = saved_state(page)
    assert state.is_over, "the game did not end"
    return state


@browser_test
def test_hot_seat_game_to_the_end(server, page):
    """Two people pass the phone: covers between them, each chooses a Cutpurse in secret, moves
    cards by taps, steals and unmasks; the end panel names the winner, then a rematch."""
    boot(page, server.url + "?fast#/")
    assert page.locator(".game-card[data-game=thieves-of-eldris]").count() == 1
    set_up(page, "thieves-of-eldris", ["Ana", "Ben"])
    assert "Pass to Ana" in page.inner_text("[data-testid=cover]")
    assert "Cutpurse in secret" in page.inner_text("[data-testid=cover]")
    person = Person(random.Random(3))
    state = play_to_the_end(page, person)
    assert {"cover", "choose_cutpurse", "move", "steal"} <= person.seen, person.seen
    names = ["Ana", "Ben"]
    end = page.inner_text("[data-testid=end]")
    assert names[state.outcome["winners"][0]] in end and "$" in page.inner_text("[data-testid=standings]")
    log = page.inner_text(".log")
    assert "stole from the" in log and "rolled" in log
    assert not page.problems
    page.click("[data-command=rematch]")
    page.wait_for_selector("[data-testid=cover]")
    assert saved_state(page).history == []


@browser_test
def test_a_game_against_bots_to_the_end(server, page):
    """One person against a Sharp and a Ruthless bot: no cover, the person's own cards on screen,
    the bots' never."""
    boot(page, server.url + "?fast#/")
    set_up(page, "thieves-of-eldris", ["Ana", "sharp", "ruthless"])
    page.wait_for_selector("[data-testid=sheet]")
    assert page.locator("[data-testid=cover]").count() == 0
    assert page.locator("[data-testid=secrets]").count() == 1, "Ana's dealt cards are hers to see"
    person = Person(random.Random(4))
    state = play_to_the_end(page, person)
    assert "cover" not in person.seen
    assert page.locator("[data-testid=end]").count() == 1
    assert page.locator("[data-testid=standings] tbody tr").count() == 3
    assert state.outcome["winners"]
    assert not page.problems


@browser_test
@pytest.mark.parametrize("tokens", [True, False])
def test_a_solo_game_to_the_end(server, page, tokens):
    """Solo: the Foes' Stack (the Rival's name, the Threats' traits), tokens on the Square (or
    none: the challenge), wagers and four rounds; the verdict and the title at the end."""
    boot(page, server.url + "?fast#/")
    set_up(page, "thieves-of-eldris", ["Ana"], options={} if tokens else {"without_tokens": True})
    page.wait_for_selector("[data-testid=sheet]")
    assert page.locator("[data-testid=foes]").count() == 1
    person = Person(random.Random(5))
    rounds_seen = set()
    for _ in range(200):
        state = saved_state(page)
        if state.is_over:
            break
        if state.step == "slip":
            foes = page.inner_text("[data-testid=foes]")
            rounds_seen.add(state.round)
            assert f"Round {state.round} of 4" in foes
            for rival in state.view(0)["solo"]["rivals"]:
                assert rival in foes
            for threat in state.threats:
                assert threat not in foes, "a Threat shows only its trait"
            tokens_shown = page.locator(".square .token").count()
            assert (tokens_shown > 0) == tokens
        person.act(page)
    page.wait_for_selector("[data-testid=end]")
    state = saved_state(page)
    assert rounds_seen == {1, 2, 3, 4}
    end = page.inner_text("[data-testid=end]")
    assert state.outcome["title"] in end
    assert ("You join the Guild" in end) == bool(state.outcome["winners"])
    assert "draw" not in end
    assert not page.problems


@browser_test
def test_save_and_resume(server, page):
    """The tab dies mid-turn: the game comes back at the same move."""
    boot(page, server.url + "?fast#/")
    set_up(page, "thieves-of-eldris", ["Ana"])
    person = Person(random.Random(6))
    for _ in range(5):
        person.act(page)
    before = saved_state(page)
    url = page.url
    page.goto("about:blank")
    boot(page, url)
    page.wait_for_selector("[data-testid=sheet]")
    after = saved_state(page)
    assert after.history == before.history and after.view(0) == before.view(0)
    for _ in range(3):
        person.act(page)
    assert len(saved_state(page).history) > len(before.history)


@browser_test
def test_the_rules_page_has_its_pictures_and_our_rulings(server, page):
    boot(page, server.url + "?fast#/rules/thieves-of-eldris")
    page.wait_for_selector(".rules")
    assert page.locator(".rules figure svg").count() >= 3
    text = page.inner_text(".rules")
    for words in ("corner $2", "Strength", "Shadow", "Foes' Stack", "Legend Among Thieves"):
        assert words in text, words
    rulings = page.locator(".table-rules li").count()
    assert rulings == len(board.table_rules())
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@browser_test
def test_the_embed_plays_a_demo(server, page):
    boot(page, server.url + "#/")
    frame_embed(page, "embed.html?game=thieves-of-eldris&mode=demo&seed=3&fast", width=390, height=800)
    page.wait_for_function("window.received.filter(m => m.type === 'move').length >= 8", timeout=120_000)
    messages = page.evaluate("window.received")
    assert messages[0]["type"] == "ready" and messages[0]["game"] == "thieves-of-eldris"
    frame = page.frame_locator("iframe")
    assert frame.locator("[data-testid=square] .tile").count() == 24
    assert frame.locator("[data-testid=secrets]").count() == 0, "a demo shows nobody's secret cards"


def bots_until(state, stop):
    rng = random.Random(1)
    while not state.is_over and not stop(state):
        seat = state.to_act[0]
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


@browser_test
@pytest.mark.parametrize("size_name", ["phone", "tablet"])
def test_the_table_standard_and_screenshots(server, browser, size_name):
    """44 px targets and AA contrast on the Nick Phase, a picked card, 6 players and solo, at a
    phone and a tablet; no sideways scrolling; the choice of the moment in view."""
    size = SIZES[size_name]
    context = browser.new_context(viewport=size, has_touch=True)
    page = context.new_page()
    problems = []
    ARTIFACTS.mkdir(exist_ok=True)

    def audit(name):
        page.wait_for_timeout(150)
        found = page.evaluate(AUDIT, MIN_TARGET)
        problems.extend(f"{name}: small {item}" for item in found["small"])
        problems.extend(f"{name}: faint {item}" for item in found["faint"])
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name} scrolls sideways ({width} px)"
        box = page.locator("[data-testid=sheet]").bounding_box() if page.locator("[data-testid=sheet]").count() else None
        if box:
            assert box["y"] < size["height"], f"{name}: the choice is below the fold"
        page.screenshot(path=str(ARTIFACTS / f"eldris-{size_name}-{name}.png"))

    try:
        boot(page, server.url + "?fast#/")
        nick = bots_until(GAME.new_game(3, 4), lambda s: s.round >= 2 and s.to_act == (0,) and s.step == "nick")
        inject(page, nick, Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(bot="ruthless")]), "nick")
        six = bots_until(GAME.new_game(6, 4), lambda s: s.round >= 2 and s.to_act == (0,) and s.step == "slip")
        inject(page, six, Table([Seat(["Ana"])] + [Seat(bot="sharp")] * 5), "six")
        solo = bots_until(GAME.new_game(1, 4), lambda s: s.round >= 2 and s.step == "wager")
        inject(page, solo, Table([Seat(["Ana"])]), "solo")
        for name in ("nick", "six", "solo"):
            page.goto(server.url + f"?fast#/play/{name}")
            page.wait_for_selector("[data-testid=sheet]")
            audit(name)
        page.goto(server.url + "?fast#/play/six")
        page.wait_for_selector("[data-testid=sheet]")
        page.locator("[data-command=pick]").first.click()
        page.wait_for_selector(".tile.target-spot")
        audit("picked")
        page.goto(server.url + "?fast#/rules/thieves-of-eldris")
        page.wait_for_selector(".rules")
        audit("rules")
    finally:
        context.close()
    assert not problems, "\n".join(problems)
