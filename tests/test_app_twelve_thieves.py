"""12 Thieves in the built app, in real Chromium, through taps (a 390 px phone unless stated).

The test player reads the saved record back, asks a bot what to do, and does it through the
screen's own taps: a palace, then the sheet's buttons (each carrying its action).
"""
import random

import pytest

import pycore
from conftest import ARTIFACTS, PHONE
from driver import act, act_of, boot, inject, saved_state, set_up, wait_for_actions
from frontend.shell.table import Seat, Table
from pycore.twelve_thieves import MAX_ROUNDS

pytestmark = pytest.mark.browser

GAME = pycore.GAMES["twelve-thieves"]

TABLET_WIDE = {"width": 1024, "height": 768}
MOMENTS = "[data-testid=cover], [data-testid=end], [data-testid=sheet]"
SECRETS = "[data-testid=hand], .tcard, [data-testid=sheet]"


def settle(page, timeout=60_000):
    page.wait_for_selector(MOMENTS, timeout=timeout)


def cover_is_clean(page):
    cover = page.locator("[data-testid=cover]")
    assert cover.locator(SECRETS).count() == 0
    assert "you hold" not in cover.inner_text().lower()


def tap_action(page, action):
    """Do one legal action the way a person would: the palace first, then the sheet."""
    kind = action["type"]
    if kind in ("place_thief", "steal"):
        page.click(f"[data-command=palace][data-palace='{action['palace']}']")
    elif kind in ("move_guard", "move_neutral", "escort"):
        page.click(f"[data-command=palace][data-palace='{action['from']}']")
        page.click(f"[data-command=move-mode][data-mode={kind}]")
        step = page.locator(f"[data-command=move-to][data-to='{action['to']}']")
        if step.count():
            step.click()
    page.click(act(action))


class Person:
    """Whoever holds the device: a Sharp bot's choice, tapped through the screen."""

    def __init__(self, rng):
        self.rng = rng
        self.seen = set()

    def act(self, page) -> bool:
        """One tap's worth of play; False once the game is over."""
        settle(page)
        covered = page.locator("[data-testid=cover]").count() > 0
        if covered:
            cover_is_clean(page)
            self.seen.add("cover")
            page.click("[data-command=uncover]")
        if covered or page.locator("[data-testid=end]").count():
            return covered
        state = saved_state(page)
        done, seat = len(state.history), state.to_act[0]
        action = GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), self.rng)
        self.seen.add(action["type"])
        tap_action(page, action)
        wait_for_actions(page, done)
        return True


def test_hot_seat_game_to_the_end(server, page):
    """Two people pass the phone from the first guard to the last chest; covers between them."""
    boot(page, server.url + "?fast#/")
    assert page.locator(".game-card[data-game=twelve-thieves]").count() == 1
    set_up(page, "twelve-thieves", ["Ana", "Ben"])
    assert "Pass to Ana" in page.inner_text("[data-testid=cover]")
    assert "Ana places a guard" in page.inner_text("[data-testid=cover-reason]")
    person = Person(random.Random(5))
    for _ in range(1500):
        if not person.act(page):
            break
    state = saved_state(page)
    assert state.is_over, "the game did not end"
    print("hot-seat game:", len(state.history), "actions; the screen showed", sorted(person.seen))
    assert {"cover", "place_guard", "place_thief", "steal", "end_turn"} <= person.seen, person.seen
    end = page.inner_text("[data-testid=end]")
    winner = ["Ana", "Ben"][state.outcome["winners"][0]]
    assert winner in end and page.locator("[data-testid=standings]").count() == 1
    log = page.inner_text(".log")
    assert "placed a thief" in log and "stole the" in log
    assert not page.problems


def test_bots_only_game_watched_to_the_end(server, page):
    boot(page, server.url + "?fast#/")
    set_up(page, "twelve-thieves", ["novice", "sharp", "ruthless"])
    page.wait_for_selector("[data-testid=bazaar]")
    for _ in range(400):
        assert page.locator("[data-testid=cover], [data-testid=hand], [data-testid=sheet]").count() == 0
        if page.locator("[data-testid=end]").count():
            break
        page.wait_for_timeout(250)
    page.wait_for_selector("[data-testid=end]", timeout=120_000)
    assert saved_state(page).is_over
    assert "Round 1" in page.inner_text(".log")
    assert not page.problems


def test_rules_page_shows_a_palace_and_its_costs(server, page):
    boot(page, server.url + "?fast#/rules/twelve-thieves")
    page.wait_for_selector(".rules")
    assert page.locator(".rules-figure svg[role=img]").count() == 1
    assert page.locator("table.costs tr").count() == 6
    rules = page.inner_text(".table-rules")
    assert f"{MAX_ROUNDS} rounds" in rules and "Dancer" in rules
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_cost_shows_before_a_thief_goes_in(server, page):
    """A palace shows what a thief costs there, and the sheet names the cards of each way to pay."""
    state = GAME.new_game(seats=2, seed=3)
    while state.phase == "guards":
        seat = state.to_act[0]
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), random.Random(1)))
    places = [a for a in state.legal_actions(0) if a["type"] == "place_thief"]
    assert places, "no thief can go in on this deal"
    boot(page, server.url + "#/")
    inject(page, state, Table([Seat(["Ana"]), Seat(bot="sharp")]), "cost")
    boot(page, server.url + "?fast#/play/cost")
    palace = places[0]["palace"]
    tile = page.locator(f"[data-command=palace][data-palace='{palace}']")
    assert f"a thief: {len(places[0]['pay'])}" in tile.inner_text()
    tile.click()
    for action in [a for a in places if a["palace"] == palace]:
        assert page.locator(act(action)).count() == 1
    before = len(state.history)
    page.click(act(places[0]))
    wait_for_actions(page, before)
    assert saved_state(page).view(0)["palaces"][palace]["thieves"][0] == 1
    page.wait_for_selector(f"[data-motion=palace-{palace}].tt-slide")     # the thief slides in


def test_embed_demo_posts_ready_move_over(server, page):
    """A rules page frames a bots' demo: it hears ready, the moves and the end."""
    boot(page, server.url + "#/")
    page.evaluate("""src => {
        window.heard = [];
        addEventListener('message', ({data}) => data && data.source === 'thieves-table' && window.heard.push(data));
        document.body.append(Object.assign(document.createElement('iframe'), {src, width: 380, height: 700}));
    }""", "embed.html?game=twelve-thieves&mode=demo&seed=2&fast")
    page.wait_for_function("window.heard.some(m => m.type === 'over')", timeout=180_000)
    messages = page.evaluate("window.heard")
    types = [m["type"] for m in messages]
    assert types[0] == "ready" and "move" in types and types[-1] == "over"
    assert messages[0]["game"] == "twelve-thieves"
    frame = page.frame_locator("iframe")
    assert frame.locator("[data-testid=end]").count() == 1
    assert frame.locator("[data-testid=hand]").count() == 0


def test_resume_and_play_on_offline(server, context):
    """Saved after every action: close the tab, kill the server, reopen, and play on."""
    page = context.new_page()
    boot(page, server.url + "?fast#/")
    set_up(page, "twelve-thieves", ["Ana", "sharp", "novice"])
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    person = Person(random.Random(11))
    for _ in range(8):
        person.act(page)
    before, url = saved_state(page), page.url
    page.close()                 # the tab dies, and so does the server
    server.kill()
    again = context.new_page()
    boot(again, url)
    settle(again)
    assert saved_state(again).history[:len(before.history)] == before.history, "the save lost moves"
    for _ in range(8):
        person.act(again)
    assert len(saved_state(again).history) > len(before.history)


def position(seed, rounds):
    """A solo game (Ana against two bots) after some rounds of Sharp play, Ana to act."""
    state = GAME.new_game(seats=3, seed=seed)
    rng = random.Random(seed)
    while not (state.phase == "turn" and state.round >= rounds and state.to_act == (0,) and not state.acted):
        seat = state.to_act[0]
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


@pytest.mark.parametrize("size_name,size", [("phone", PHONE), ("tablet", TABLET_WIDE)])
def test_layout_and_screenshots(server, browser, size_name, size):
    """No sideways scrolling; a screenshot of each moment (test-artifacts/twelve-*.png)."""
    page = browser.new_page(viewport=size)
    ARTIFACTS.mkdir(exist_ok=True)

    def shoot(name):
        page.wait_for_timeout(150)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name} scrolls sideways at {size['width']} px ({width} px wide)"
        page.screenshot(path=str(ARTIFACTS / f"twelve-{size_name}-{name}.png"), full_page=size_name == "phone")

    try:
        boot(page, server.url + "?fast#/")
        solo = position(4, 6)
        inject(page, solo, Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(bot="ruthless")]), "solo")
        hot = position(7, 3)
        inject(page, hot, Table([Seat(["Ana"]), Seat(["Ben"]), Seat(["Cy"])]), "hot")
        page.goto(server.url + "?fast#/rules/twelve-thieves")
        page.wait_for_selector(".rules")
        shoot("rules")
        page.goto(server.url + "?fast#/play/hot")
        page.wait_for_selector("[data-testid=cover]")
        cover_is_clean(page)
        shoot("cover")
        page.goto(server.url + "?fast#/play/solo")
        page.wait_for_selector("[data-testid=sheet]")
        shoot("turn")
        legal = solo.legal_actions(0)
        thief = next((a for a in legal if a["type"] == "place_thief"), None)
        if thief:
            page.click(f"[data-command=palace][data-palace='{thief['palace']}']")
            page.wait_for_selector(act_of("place_thief"))
            shoot("palace")
        move = next((a for a in legal if a["type"] == "move_neutral"), None)
        if move:
            page.click(f"[data-command=palace][data-palace='{move['from']}']")
            page.click("[data-command=move-mode][data-mode=move_neutral]")
            shoot("move")
        page.click(act({"type": "end_turn"}))
        page.wait_for_selector(act_of("draw"))
        shoot("pass-draw")
        finished = position(9, 1)
        rng = random.Random(9)
        while not finished.is_over:
            seat = finished.to_act[0]
            finished.apply(seat, GAME.bots["ruthless"].choose(finished.view(seat), finished.legal_actions(seat), rng))
        inject(page, finished, Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(bot="ruthless")]), "over")
        page.goto(server.url + "?fast#/play/over")
        page.wait_for_selector("[data-testid=end]")
        shoot("end")
    finally:
        page.context.close()


@pytest.mark.parametrize("size_name", ["phone", "tablet", "landscape"])
def test_every_screen_has_big_targets_and_readable_text(server, browser, size_name):
    """The table standard's audit (tests/test_app_reach.py) on this game's screens: 44 px tap
    targets, 4.5:1 text, and the action sheet in view once a palace is picked."""
    from test_app_reach import SIZES, Audit, pad_in_view
    context = browser.new_context(viewport=SIZES[size_name], has_touch=True)
    page = context.new_page()
    audit = Audit(page, size_name)
    try:
        boot(page, server.url + "?fast#/")
        solo = position(4, 6)
        inject(page, solo, Table([Seat(["Ann"]), Seat(bot="sharp"), Seat(bot="ruthless")]), "twelve")
        page.goto(server.url + "?fast#/rules/twelve-thieves")
        page.wait_for_selector(".rules")
        audit("twelve-rules")
        page.goto(server.url + "?fast#/new/twelve-thieves")
        page.wait_for_selector(".setup")
        audit("twelve-setup")
        page.goto(server.url + "?fast#/play/twelve")
        page.wait_for_selector("[data-command=palace]")
        audit("twelve-board")
        page.locator("[data-command=palace]").first.click()
        page.wait_for_selector("[data-testid=sheet] [data-command=clear-palace]")
        audit("twelve-palace")
        assert not pad_in_view(page, "[data-testid=sheet]"), pad_in_view(page, "[data-testid=sheet]")
    finally:
        context.close()
    assert not audit.problems, "\n".join(audit.problems)
