"""Guild of Thieves in the built app, in real Chromium, through taps (a 390 px phone unless stated).

The test player reads the saved record back and replays it in CPython, so it can choose right and
wrong lock guesses, find the Joker and open the box on purpose.
"""
import random

import pytest

import pycore
from conftest import ARTIFACTS, PHONE, TABLET
from driver import act, act_of, between_turns, boot, frame_embed, inject, saved_state, set_up, wait_for_actions
from frontend.shell.table import Seat, Table

pytestmark = pytest.mark.browser

GAME = pycore.GAMES["guild-of-thieves"]
JOKER = "JK"
MOMENTS = ("[data-testid=cover], [data-testid=end], [data-command=house], [data-testid=reveal], "
           "[data-testid=steps], [data-testid=draw-answer], [data-testid=dues], [data-testid=box], "
           "[data-command=pass-device]")


def settle(page, timeout=60_000):
    """Wait until a person has something to do (or a cover, or the end)."""
    page.wait_for_selector(MOMENTS, timeout=timeout)


def cover_is_clean(page):
    cover = page.locator("[data-testid=cover]")
    text = cover.inner_text()
    assert cover.locator(".gcard, .lock, [data-testid=hand], [data-testid=reveal], [data-testid=notebook]").count() == 0
    assert "You saw" not in text and "You took" not in text and "Your hand" not in text, text


def joker_place(state):
    """Where the Joker lies now (the test looks at everything): ("hand", seat), ("house", k),
    ("guild", depth) or None."""
    for seat, hand in enumerate(state.hands):
        if JOKER in hand:
            return ("hand", seat)
    for house in state.houses:
        if house.owner is None and JOKER in house.cards:
            return ("house", house.number)
    for depth, (card, _) in enumerate(state.guild):
        if card == JOKER:
            return ("guild", depth)
    return None


def right_guess(state, number):
    lock = state.houses[number].lock
    return lock[-1]


class Person:
    """One decision at a time for whoever holds the device, through the screen's own buttons."""

    def __init__(self, rng, open_after=4, offer_draw_at=2):
        self.rng = rng
        self.turns = 0
        self.open_after = open_after
        self.offer_draw_at = offer_draw_at
        self.offered = False
        self.seen = set()            # what the screen showed: "reveal", "dues", "lock_door" ...

    WANTED = {"reveal", "dues", "lock_door", "change_lock", "end"}

    def ready(self) -> bool:
        """Open the box once every step has been tried (or it is getting long)."""
        return self.turns >= self.open_after and (self.WANTED <= self.seen or self.turns >= 3 * self.open_after)

    def act(self, page) -> bool:
        settle(page)
        handed = between_turns(page, cover_is_clean, self.seen)    # a box opened wrong: seen, passed on
        if handed is not None:
            return handed
        if page.locator("[data-testid=notebook]").count():
            self.seen.add("notebook")
        state = saved_state(page)
        done = len(state.history)
        seat = state.to_act[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        kinds = {a["type"] for a in legal}
        rng = self.rng
        if view["phase"] == "choose":
            free = [a["house"] for a in legal]
            rich = [k for k in free if view["houses"][k]["kind"] == "rich"]    # two cards: dues at once
            page.click(f"[data-command=house][data-house='{rng.choice(rich or free)}']")
            page.click(act_of("choose_house"))
        elif view["phase"] == "draw_offer":
            self.seen.add("draw-answer")
            page.click(act({"type": "answer_draw", "agree": False}))
        elif "open_box" in kinds and self.ready() and view["step"] in ("rob", "end", "dues", "change_lock", "lock_door"):
            self.seen.add("box")
            code = state.combination_code
            page.click("[data-command=box]")
            page.wait_for_selector("[data-testid=box]")
            page.click(f"[data-command=box-suit][data-suit={code[-1]}]")
            page.click(f"[data-command=box-value][data-value='{code[:-1]}']")
            page.click(act({"type": "open_box", "suit": code[-1], "value": code[:-1]}))
        elif view["step"] == "rob":
            self.turns += 1
            if not self.offered and self.turns >= self.offer_draw_at and "offer_draw" in kinds:
                self.offered = True
                self.seen.add("offer")
                page.click(act({"type": "offer_draw"}))
                wait_for_actions(page, done)
                return True
            targets = sorted({a["house"] for a in legal if a["type"] == "rob"})
            place = joker_place(state) if self.ready() or self.turns >= 3 * self.open_after - 3 else None
            # Slums give their last card and their lock (a royalty to lock doors with); rich town
            # houses keep a card behind, so the door can be locked.
            royal = any(card[:-1] in "KQJA" and card != JOKER for card in view["hand"])
            town = [k for k in targets if view["houses"][k]["owner"] is None]
            wanted = [k for k in town if view["houses"][k]["cards"] == (2 if royal else 1)]
            if place and place[0] == "house" and place[1] in targets:
                number = place[1]
            elif place and place[0] == "hand" and place[1] != seat and state.home[place[1]] in targets:
                number = state.home[place[1]]
            else:
                number = rng.choice(wanted or targets)
            right = right_guess(state, number)
            allowed = [a["guess"] for a in legal if a["type"] == "rob" and a["house"] == number]
            wrong = [g for g in allowed if g != right and g != state.houses[number].lock[:-1]]
            guess = rng.choice(wrong) if wrong and rng.random() < 0.25 else right
            page.click(f"[data-command=house][data-house='{number}']")
            page.wait_for_selector("[data-testid=guess-pad]")
            page.click(act({"type": "rob", "house": number, "guess": guess}))
        elif view["step"] == "steal":
            self.seen.add("reveal")
            cards = view["pending"]["cards"]
            assert page.locator("[data-testid=reveal] .steal-btn[data-act]").count() == len(cards)
            if JOKER in cards:
                page.click(act({"type": "steal", "card": JOKER}))
            elif rng.random() < 0.85:
                page.click(act({"type": "steal", "card": rng.choice(cards)}))
            else:
                page.click(act({"type": "steal", "card": None}))
        elif view["step"] == "dues_second":
            page.locator("[data-testid=dues] " + act_of("dues")).first.click()
        else:
            choices = ["end"]
            if "lock_door" in kinds:
                choices += ["lock_door"] * 2
            if "dues" in kinds and JOKER not in view["hand"]:
                choices += ["dues"] * 2
            if "change_lock" in kinds:
                choices.append("change_lock")
            fresh = [c for c in choices if c not in self.seen]     # try every step at least once
            choice = rng.choice(fresh if fresh and rng.random() < 0.8 else choices)
            place = joker_place(state)
            if self.ready() and place and place[0] == "guild" and "dues" in choices:
                choice = "dues"                                     # dig the Joker out
            self.seen.add(choice)
            if choice == "lock_door":
                page.locator(act_of("lock_door")).first.click()
            elif choice == "dues":
                page.click("[data-command=dues-start]")
                page.wait_for_selector("[data-testid=dues]")
                page.locator("[data-testid=dues] " + act_of("dues")).first.click()
            elif choice == "change_lock":
                page.locator(act_of("change_lock")).first.click()
            else:
                page.click(act({"type": "end_turn"}))
        wait_for_actions(page, done)
        return True


def test_hot_seat_game_to_the_end(server, page):
    """Three people pass the phone: houses, robbing right and wrong, the private reveal, dues,
    locks, a draw offer turned down, and the box opened; then a rematch."""
    boot(page, server.url + "?fast#/")
    assert page.locator(".game-card[data-game=guild-of-thieves]").count() == 1
    set_up(page, "guild-of-thieves", ["Ana", "Ben", "Cy"], options={"pen_and_paper": True})
    assert "Pass to Ana" in page.inner_text("[data-testid=cover]")
    person = Person(random.Random(5), open_after=18)
    for _ in range(600):
        if not person.act(page):
            break
    state = saved_state(page)
    assert state.is_over, "the game did not end"
    print("hot-seat game:", len(state.history), "actions; the screen showed", sorted(person.seen))
    assert {"cover", "reveal", "draw-answer", "offer", "end", "dues", "lock_door", "change_lock",
            "notebook"} <= person.seen, person.seen
    end = page.inner_text("[data-testid=end]")
    names = ["Ana", "Ben", "Cy"]
    winners = state.outcome["winners"]
    assert winners and any(names[w] in end for w in winners), end
    code = state.outcome["combination"]
    assert page.locator("[data-testid=combination]").count() == 1
    assert code[:-1] in page.inner_text("[data-testid=combination]")
    log = page.inner_text(".log")
    assert "named" in log and "wrong" in log and "right" in log
    assert "opened the Jeweled Box" in log
    assert not page.problems
    page.click("[data-command=rematch]")
    page.wait_for_selector("[data-testid=cover]")
    assert saved_state(page).history == []


def test_bots_only_game_watched_to_the_end(server, page):
    boot(page, server.url + "?fast#/")
    set_up(page, "guild-of-thieves", ["novice", "sharp", "ruthless"])
    assert page.locator("[data-testid=cover]").count() == 0
    page.wait_for_selector("[data-testid=town]")
    for _ in range(200):
        # Watching: nobody's hand, notebook or reveal is ever on the screen.
        assert page.locator("[data-testid=hand], [data-testid=reveal], .lock.known").count() == 0
        if page.locator("[data-testid=end]").count():
            break
        page.wait_for_timeout(250)
    page.wait_for_selector("[data-testid=end]", timeout=90_000)
    state = saved_state(page)
    assert state.is_over
    assert page.locator("[data-testid=combination]").count() == 1
    assert "Round 1" in page.inner_text(".log")     # the whole game, every event in words
    assert not page.problems


def play_until(state, rng, stop, limit=5000):
    """Bots play every seat until stop(state) says so."""
    for _ in range(limit):
        if state.is_over or stop(state):
            return state
        seat = state.to_act[0]
        bot = GAME.bots["sharp"]
        action = bot.choose(state.view(seat), state.legal_actions(seat), rng)
        if action["type"] in ("open_box", "offer_draw"):
            plain = [a for a in state.legal_actions(seat) if a["type"] not in ("open_box", "offer_draw")]
            action = rng.choice(plain) if plain else action
        state.apply(seat, action)
    raise AssertionError("the wanted moment never came")


def test_the_cover_hides_the_reveal_and_the_hand(server, page):
    """A thief sees the house's cards; the next person's cover shows none of it."""
    state = GAME.new_game(seats=3, seed=21, options={})
    play_until(state, random.Random(1), lambda s: s.view(None)["step"] == "steal" and s.to_act[0] == 0)
    table = Table([Seat(["Ana"]), Seat(["Ben"]), Seat(["Cy"])])
    boot(page, server.url + "#/")
    inject(page, state, table)
    boot(page, server.url + "?fast#/play/injected")
    cover_is_clean(page)
    assert "Pass to Ana" in page.inner_text("[data-testid=cover]")
    page.click("[data-command=uncover]")
    page.wait_for_selector("[data-testid=reveal]")
    shown = state.view(0)["pending"]["cards"]
    assert page.locator("[data-testid=reveal] .gcard").count() == len(shown)
    page.click(act({"type": "steal", "card": None}))
    page.wait_for_selector("[data-testid=steps]")
    page.click(act({"type": "end_turn"}))
    page.wait_for_selector("[data-testid=cover]")
    assert "Pass to Ben" in page.inner_text("[data-testid=cover]")
    cover_is_clean(page)
    assert page.locator("[data-testid=reveal], [data-testid=town]").count() == 0


def test_set_up_limits_follow_double_deck(server, page):
    boot(page, server.url + "?fast#/new/guild-of-thieves")
    page.wait_for_selector(".setup")
    plus = "[data-command=setup-seats][data-delta='1']"
    for _ in range(20):
        if page.locator(plus).is_disabled():
            break
        page.click(plus)
    assert page.inner_text("[data-testid=seat-count]") == "16"
    page.locator("[data-field=option-double_deck]").click()
    page.click(plus)
    assert page.inner_text("[data-testid=seat-count]") == "17"
    page.locator("[data-field=option-double_deck]").click()
    assert page.inner_text("[data-testid=seat-count]") == "16"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]


def test_embed_demo_posts_ready_move_over(server, page):
    boot(page, server.url + "#/")
    frame_embed(page, "embed.html?game=guild-of-thieves&mode=demo&seed=2&fast")
    page.wait_for_function("window.received.some(m => m.type === 'over')", timeout=120_000)
    messages = page.evaluate("window.received")
    types = [m["type"] for m in messages]
    assert types[0] == "ready" and "move" in types and types[-1] == "over"
    assert messages[0]["game"] == "guild-of-thieves" and messages[0]["seats"] == 4
    moves = [m for m in messages if m["type"] == "move"]
    assert all(m["action"]["type"] for m in moves)
    frame = page.frame_locator("iframe")
    assert frame.locator("[data-testid=end]").count() == 1
    # The embed shows a bots' table: nobody's hand.
    assert frame.locator("[data-testid=hand]").count() == 0


def big_table(seats, options, seed, moves):
    state = GAME.new_game(seats=seats, seed=seed, options=options)
    rng = random.Random(seed)
    play_until(state, rng, lambda s: len(s.history) >= moves and s.to_act[0] == 0 and s.view(None)["step"] == "rob")
    people = ["Ana", "Bartholomew Jones 12", "Cy"] + [f"Player {i + 1}" for i in range(3, seats)]
    return state, Table([Seat([people[i]]) for i in range(seats)])


@pytest.mark.parametrize("size_name,size", [("phone", PHONE), ("tablet", TABLET)])
def test_layout_and_screenshots(server, browser, size_name, size):
    """No sideways scrolling, 16 players and a Double Deck table of 32 included; a screenshot of each
    moment for a person to look at (test-artifacts/guild-*.png)."""
    context = browser.new_context(viewport=size)
    page = context.new_page()
    ARTIFACTS.mkdir(exist_ok=True)

    def shoot(name):
        page.wait_for_timeout(120)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name} scrolls sideways at {size['width']} px ({width} px wide)"
        page.screenshot(path=str(ARTIFACTS / f"guild-{size_name}-{name}.png"), full_page=True)

    try:
        boot(page, server.url + "?fast#/")
        sixteen, table16 = big_table(16, {}, 4, 60)
        double, table32 = big_table(32, {"double_deck": True}, 5, 120)
        # A solo game with Pen & Paper and the Joker known on top of the Guild House.
        solo = GAME.new_game(seats=3, seed=8, options={"pen_and_paper": True, "i_know_where_you_live": True})
        solo_table = Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(bot="ruthless")])
        inject(page, sixteen, table16, "sixteen")
        inject(page, double, table32, "double")
        inject(page, solo, solo_table, "solo")
        watch = GAME.new_game(seats=5, seed=6, options={"i_know_where_you_live": True})
        play_until(watch, random.Random(6), lambda s: len(s.history) >= 40)
        inject(page, watch, Table([Seat(bot=level) for level in ("novice", "sharp", "ruthless", "sharp", "novice")]), "watch")
        page.goto(server.url + "?fast#/rules/guild-of-thieves")
        page.wait_for_selector(".rules")
        shoot("rules")
        page.goto(server.url + "#/play/watch")        # bots at their normal pace: time to look
        page.wait_for_selector("[data-testid=town]")
        assert page.locator("[data-testid=hand], [data-testid=notebook], .lock.known").count() == 0
        shoot("watch")
        page.goto(server.url + "?fast#/play/sixteen")
        page.wait_for_selector("[data-testid=cover]")
        shoot("cover")
        page.click("[data-command=uncover]")
        page.wait_for_selector("[data-command=house]")
        shoot("sixteen")
        page.locator("[data-command=house]").first.click()
        page.wait_for_selector("[data-testid=guess-pad]")
        shoot("sixteen-pad")
        page.goto(server.url + "?fast#/play/double")
        page.wait_for_selector("[data-testid=cover]")
        page.click("[data-command=uncover]")
        page.wait_for_selector("[data-command=house]")
        shoot("double-deck")
        page.goto(server.url + "?fast#/play/solo")
        page.wait_for_selector("[data-command=house]")
        shoot("choose")
        page.locator("[data-command=house]").nth(5).click()
        page.wait_for_selector("[data-testid=choose]")
        page.click(act_of("choose_house"))
        person = Person(random.Random(3), open_after=3)
        shots = {"guess-pad", "reveal", "steps", "dues", "box", "notebook"}
        for _ in range(300):
            if page.locator("[data-testid=end]").count():
                break
            settle(page)
            if page.locator("[data-command=house]").count() and "guess-pad" in shots:
                page.locator("[data-command=house]").first.click()
                page.wait_for_selector("[data-testid=guess-pad]")
                shoot("guess-pad")
                shots.discard("guess-pad")
                page.click("[data-command=clear-house]")
            for name in ("reveal", "steps", "notebook"):
                if name in shots and page.locator(f"[data-testid={name}]").count():
                    shoot(name)
                    shots.discard(name)
            if "dues" in shots and page.locator("[data-command=dues-start]").count():
                page.click("[data-command=dues-start]")
                page.wait_for_selector("[data-testid=dues]")
                shoot("dues")
                shots.discard("dues")
                page.click("[data-command=dues-cancel]")
            if "box" in shots and page.locator("[data-command=box]").count():
                page.click("[data-command=box]")
                page.wait_for_selector("[data-testid=box]")
                page.locator("[data-command=box-suit]").first.click()
                shoot("box")
                shots.discard("box")
                page.click("[data-command=box-cancel]")
            if not person.act(page):
                break
        page.wait_for_selector("[data-testid=end]", timeout=60_000)
        shoot("end")
        assert not shots or shots <= {"box", "dues"}, f"never reached: {shots}"
    finally:
        context.close()


def test_resume_and_play_on_offline(server, context):
    """Saved after every action: close the tab, kill the server, reopen, and play on to the end."""
    page = context.new_page()
    boot(page, server.url + "?fast#/")
    set_up(page, "guild-of-thieves", ["Ana", "sharp", "novice"])
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    person = Person(random.Random(11), open_after=6)
    for _ in range(6):
        person.act(page)
    before = saved_state(page)
    url = page.url
    page.close()
    server.kill()
    again = context.new_page()
    boot(again, url)
    settle(again)
    after = saved_state(again)
    assert after.history[:len(before.history)] == before.history
    for _ in range(600):
        if not person.act(again):
            break
    assert saved_state(again).is_over
    assert again.locator("[data-testid=end]").count() == 1
