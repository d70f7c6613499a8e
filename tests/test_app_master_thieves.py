"""Master Thieves in the built app, in real Chromium, through taps (a 390 px phone unless stated).

The test player reads the saved record back and replays it in CPython to know whose turn it is;
it taps the very buttons the screen offers.
"""
import random

import pytest

import pycore
from conftest import ARTIFACTS, PHONE, TABLET
from driver import act, act_of, between_turns, boot, frame_embed, inject, saved_state, set_up, wait_for_actions
from frontend.shell.table import Seat, Table
from test_app_reach import Audit, bots_play, solo_table

pytestmark = pytest.mark.browser

GAME = pycore.GAMES["master-thieves"]
MOMENTS = ("[data-testid=cover], [data-testid=end], [data-testid=sheet] [data-act], [data-testid=cabinet] [data-act], "
           "[data-command=pass-device]")
# The roles people pick: mostly the Connoisseur (fakes leave the white cushion: the game ends soon).
ROLE_CHOICES = ["connoisseur"] * 4 + ["detective", "thief", "master_thief", "goldsmith", "smuggler"]


def settle(page, timeout=60_000):
    page.wait_for_selector(MOMENTS, timeout=timeout)


def cover_is_clean(page):
    """A cover names who takes the device; no role card, no sheet, no open drawer."""
    cover = page.locator("[data-testid=cover]")
    assert cover.locator(".mt-role, [data-testid=sheet], [data-testid=open-drawer], [data-testid=cabinet]").count() == 0
    assert "chose the" not in cover.inner_text()


class Person:
    """One decision at a time for whoever holds the device, through the screen's own buttons."""

    def __init__(self, rng):
        self.rng = rng
        self.seen = set()

    def act(self, page) -> bool:
        settle(page)
        handed = between_turns(page, cover_is_clean, self.seen)
        if handed is not None:
            return handed
        state = saved_state(page)
        done = len(state.history)
        rng = self.rng
        if page.locator(act_of("choose_role")).count():
            self.seen.add("roles")
            assert page.locator(act_of("choose_role")).count() == 6
            page.click(act({"type": "choose_role", "role": rng.choice(ROLE_CHOICES)}))
            wait_for_actions(page, done)
            return True
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        kinds = {a["type"] for a in legal}
        if kinds == {"hide"} or kinds == {"open"}:
            self.seen.add(legal[0]["type"])
            action = rng.choice(legal)
            assert page.locator(f"[data-testid=cabinet] {act(action)}").count() == 1
        elif "place_fake" in kinds or "no_fake" in kinds:
            self.seen.add("place")
            places = [a for a in legal if a["type"] == "place_fake"]
            action = places[0] if places else {"type": "no_fake"}
        elif "alarm" in kinds:
            self.seen.add("alarm")
            action = {"type": "alarm", "set": rng.random() < 0.7}
        else:
            choice = rng.choice(["turn", "flip", "done", "done"])
            options = [a for a in legal if a["type"] == choice] or [{"type": "done"}]
            action = rng.choice(options)
            self.seen.add(action["type"])
        page.click(act(action))
        wait_for_actions(page, done)
        return True


def test_hot_seat_game_to_the_end(server, page):
    """Three people pass the phone: diamonds hidden, roles chosen behind covers and revealed
    together, drawers opened, fakes and an alarm put in, tiers turned, the cabinet flipped, the end."""
    boot(page, server.url + "?fast#/")
    assert page.locator(".game-card[data-game=master-thieves]").count() == 1
    set_up(page, "master-thieves", ["Ana", "Ben", "Cy"])
    person = Person(random.Random(4))
    for _ in range(900):
        if not person.act(page):
            break
    state = saved_state(page)
    assert state.is_over, "the game did not end"
    print("hot-seat game:", len(state.history), "actions; the screen showed", sorted(person.seen))
    assert {"cover", "hide", "roles", "open", "place", "turn", "flip", "done"} <= person.seen, person.seen
    end = page.inner_text("[data-testid=end]")
    names = ["Ana", "Ben", "Cy"]
    assert any(names[w] in end for w in state.outcome["winners"]), end
    assert page.locator("[data-testid=standings] tbody tr").count() == 3
    log = page.inner_text(".log")
    assert "Roles:" in log and "opened the" in log and "The game is over" in log
    assert not page.problems
    page.click("[data-command=rematch]")
    page.wait_for_selector("[data-testid=cover]")
    assert saved_state(page).history == []


def test_a_role_stays_secret_until_everyone_has_chosen(server, page):
    """Ana chooses; Ben's cover and Ben's screen show that she has chosen, never what."""
    state = GAME.new_game(seats=3, seed=3)
    bots_play(state, lambda s: s.phase == "choose")
    boot(page, server.url + "#/")
    inject(page, state, Table([Seat(["Ana"]), Seat(["Ben"]), Seat(["Cy"])]))
    boot(page, server.url + "?fast#/play/injected")
    page.click("[data-command=uncover]")
    page.wait_for_selector(act_of("choose_role"))
    page.click(act({"type": "choose_role", "role": "master_thief"}))
    page.wait_for_selector("[data-testid=cover]")
    cover_is_clean(page)
    page.click("[data-command=uncover]")
    page.wait_for_selector(act_of("choose_role"))
    # Everywhere but Ben's own role cards: the cushions, the news, the log.
    for where in (".mt-players", ".log", "[data-testid=status]"):
        assert "Master Thief" not in page.inner_text(where), where
    if page.locator("[data-testid=news]").count():
        assert "Master Thief" not in page.inner_text("[data-testid=news]")
    assert "chosen" in page.inner_text(".mt-players")


def test_bots_only_game_watched_to_the_end(server, page):
    boot(page, server.url + "?fast#/")
    set_up(page, "master-thieves", ["novice", "sharp", "ruthless"])
    assert page.locator("[data-testid=cover]").count() == 0
    page.wait_for_selector("[data-testid=cabinet]")
    page.wait_for_selector("[data-testid=end]", timeout=120_000)
    state = saved_state(page)
    assert state.is_over
    assert page.locator("[data-testid=sheet], [data-testid=notebook]").count() == 0
    assert "Round 1" in page.inner_text(".log")
    assert not page.problems


def test_against_bots_to_the_end(server, page):
    """One person against two bots: no covers, the game ends."""
    boot(page, server.url + "?fast#/")
    set_up(page, "master-thieves", ["Ana", "sharp", "ruthless"])
    person = Person(random.Random(9))
    for _ in range(600):
        assert page.locator("[data-testid=cover]").count() == 0
        if not person.act(page):
            break
    assert saved_state(page).is_over
    assert page.locator("[data-testid=end]").count() == 1
    assert not page.problems


def test_save_and_resume(server, page):
    """The game survives the tab: a reload comes back to the same moment."""
    boot(page, server.url + "?fast#/")
    set_up(page, "master-thieves", ["Ana", "sharp"])
    person = Person(random.Random(2))
    for _ in range(20):
        person.act(page)
    before = saved_state(page)
    url = page.url
    page.goto("about:blank")
    boot(page, url)
    settle(page)
    after = saved_state(page)      # the bot may have moved on since: the game continues, not restarts
    assert len(before.history) >= 20 and after.history[:len(before.history)] == before.history
    assert after.seed == before.seed
    assert page.locator("[data-testid=cabinet]").count() == 1


def test_rules_page_in_english_and_czech(server, page):
    boot(page, server.url + "?fast#/rules/master-thieves")
    page.wait_for_selector(".rules")
    english, czech = page.locator("[data-testid=rules-en]"), page.locator("[data-testid=rules-cs]")
    assert english.is_visible() and not czech.is_visible()
    assert english.locator("svg").count() == 2 and "upper half" in english.inner_text()
    page.click("label[for=mt-lang-cs]")
    assert czech.is_visible() and not english.is_visible()
    assert "Sekretář" in czech.inner_text() and czech.locator("svg").count() == 2
    assert czech.get_attribute("lang") == "cs"
    assert page.locator("#how-this-table-plays-it").count() == 1
    page.click("label[for=mt-lang-en]")
    assert english.is_visible()


def test_embed_demo_posts_ready_move_over(server, page):
    boot(page, server.url + "#/")
    frame_embed(page, "embed.html?game=master-thieves&mode=demo&seed=2&fast")
    page.wait_for_function("window.received.some(m => m.type === 'over')", timeout=120_000)
    types = [m["type"] for m in page.evaluate("window.received")]
    assert types[0] == "ready" and "move" in types and types[-1] == "over"
    assert page.frame_locator("iframe").locator("[data-testid=end]").count() == 1


def moment(seed, until):
    """A solo table (Ann against bots) played by bots to a wanted moment of Ann's."""
    state = GAME.new_game(seats=4, seed=seed, options={"notebook": True})
    return bots_play(state, until)


@pytest.mark.parametrize("size_name,size", [("phone", PHONE), ("tablet", TABLET),
                                            ("wide", {"width": 1024, "height": 768})])
def test_layout_audit_and_screenshots(server, browser, size_name, size):
    """No sideways scrolling, 44 px targets, readable text; screenshots of each moment
    (test-artifacts/master-*.png and reach-*-master-*.png) for a person to look at."""
    context = browser.new_context(viewport=size, has_touch=True)
    page = context.new_page()
    audit = Audit(page, size_name)
    ARTIFACTS.mkdir(exist_ok=True)

    def shoot(name):
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name} scrolls sideways at {size['width']} px ({width} px wide)"
        audit(f"master-{name}")

    try:
        boot(page, server.url + "?fast#/")
        moments = {
            "roles": lambda s: s.phase == "choose" and s.round == 2 and 0 in s.to_act,
            "open": lambda s: s.phase == "act" and s.actor == 0 and s.step == "open" and s.round > 1,
            "handle": lambda s: s.phase == "act" and s.actor == 0 and s.step == "handle",
            "place": lambda s: s.phase == "act" and s.actor == 0 and s.step == "place",
        }
        for name, until in moments.items():
            inject(page, moment(7, until), solo_table(4), name)
        inject(page, moment(8, lambda s: False), solo_table(4), "end")
        page.goto(server.url + "?fast#/rules/master-thieves")
        page.wait_for_selector(".rules")
        shoot("rules")
        page.click("label[for=mt-lang-cs]")
        shoot("rules-cs")
        for name in moments:
            page.goto(server.url + f"?fast#/play/{name}")
            page.wait_for_selector("[data-testid=sheet]")
            page.wait_for_selector("main [data-act]")
            page.screenshot(path=str(ARTIFACTS / f"master-{size_name}-{name}.png"))   # as the eye sees it
            shoot(name)
        page.goto(server.url + "?fast#/play/end")
        page.wait_for_selector("[data-testid=end]")
        shoot("end")
        assert not audit.problems, "\n".join(audit.problems)
    finally:
        context.close()
