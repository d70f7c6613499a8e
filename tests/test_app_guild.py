"""Guild of Thieves in the built app, in real Chromium, through taps (a 390×844 phone unless stated).

The test player reads the saved record back and replays it in CPython (driver.saved_state), so it can
guess locks right or wrong, find the Joker and open the box on purpose.  At every decision point
the play layout is checked at the four sizes (tests/layout.py ``at_every_size``): the subject of the
choice (the house picked, the cards to take, the hand paying dues) and every control in view and
uncovered, the page never scrolling; at a turn's start the board takes its share of the screen.
At the end every hidden fact of the final state (every hand, every lock, the combination) is on the
end screen with the reason.
"""
import json
import random

import pytest

import pycore
from conftest import ARTIFACTS
from browsing import screenshot
from driver import SAVE_PREFIX, act, act_of, boot, inject, save_id, saved_state, set_up, wait_for_actions
from frontend.boards import guild_of_thieves as guild
from frontend.boards.guild_of_thieves.cards import visit
from frontend.shell.table import Seat, Table
from layout import SIZES, FirstOfEachKind, at_every_size, text_audit, visible_text
from pycore.guild_of_thieves import JOKER, card_text

pytestmark = pytest.mark.browser

GAME = pycore.GAMES["guild-of-thieves"]
SHOTS = ARTIFACTS / "guild-of-thieves"
MOMENTS = ("[data-testid=cover], [data-testid=landing], [data-testid=end], "
           "[data-testid=play][data-moment=turn]")


def secrets_of(state, seat) -> list:
    """Texts that would give ``seat``'s secrets away on a screen that is not its own: the cards of
    its hand, of a house it is robbing, of its dues in the Guild House and of every card it has seen,
    the face-down locks it knows, and the words only its own screen says.  Card texts the public
    board shows anyway (face-up locks, combinations opened wrong, a Joker known on top) are left out."""
    view, public = state.view(seat), state.view(None)
    shown = {card_text(house["lock"]) for house in public["houses"] if house["lock"]}
    shown |= {card_text(code) for code in public["wrong_combinations"]}
    if public["guild_house"]["known_top"]:
        shown.add(card_text(JOKER))
    cards = set(view["hand"]) | set(view["seen"]) | {paid["card"] for paid in view["guild_house"]["mine"]}
    cards |= {house["known_lock"] for house in view["houses"] if house["known_lock"] and not house["lock_face_up"]}
    if view["pending"]:
        cards |= set(view["pending"]["cards"])
    words = ["Your lock", "only you know it", "You hold the Jeweled Box", "Notebook"]
    return sorted({card_text(card) for card in cards} - shown) + words


def ours(problems) -> list:
    """The problems of this board (the text audit reads every board's stylesheet: not theirs)."""
    return [problem for problem in problems if "[data-game=" not in problem or "guild-of-thieves" in problem]


def assert_clean(problems):
    problems = ours(problems)
    assert not problems, "\n".join(problems)


def check(page, where, turn_start=False, audit=False, sizes=SIZES):
    """The layout at every size (or those given; and, where asked, the table standard's text audit)."""
    problems = at_every_size(page, where, sizes=sizes, turn_start=turn_start)
    if audit:
        problems += at_every_size(page, where, check=text_audit, sizes={k: SIZES[k] for k in ("phone", "landscape", "tablet")})
    if ours(problems):      # a picture of what went wrong, for the person reading the failure
        shoot(page, "failed-" + where.replace(" ", "-"), [k for k in SIZES if any(f"{SIZES[k]['width']}×" in p for p in problems)])
    assert_clean(problems)


def shoot(page, name, sizes=("phone", "landscape", "tablet")):
    """Screenshots of this moment for a person to look at (test-artifacts/guild-of-thieves/)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    before = page.viewport_size
    for size in sizes:
        page.set_viewport_size(SIZES[size])
        page.wait_for_timeout(80)
        screenshot(page, str(SHOTS / f"{name}-{size}.png"))
    page.set_viewport_size(before)


def settle(page, timeout=60_000):
    page.wait_for_selector(MOMENTS, timeout=timeout)


def on_screen(page):
    seat = page.get_attribute("[data-testid=play]", "data-seat")
    return int(seat) if seat not in (None, "") else None


def joker_place(state):
    """Where the Joker lies (the test sees everything): ("hand", seat), ("house", k), ("guild", depth)."""
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


class Person:
    """Whoever holds the device, one decision at a time through the screen's own buttons, checking
    the layout at each.  ``wrong_turns``: the turns (counted from 0) on which it guesses a lock wrong;
    ``hunt``: it goes for the Joker and opens the box as soon as it holds it."""

    def __init__(self, rng, wrong_turns=(0,), hunt=False, shots=False, motion=True):
        self.rng, self.wrong_turns, self.hunt, self.shots = rng, set(wrong_turns), hunt, shots
        self.motion = motion         # whether the page lets things move (prefers-reduced-motion)
        self.turns = 0
        self.seen = set()            # moments met: "cover", "landing", "reveal", "dues", "lock_door", ...
        self.audited = set()
        self.sized = FirstOfEachKind()

    def look(self, page, where, turn_start=False):
        """``where``: the kind of moment; at every size the first of each kind, then on the phone."""
        first = where not in self.audited
        self.audited.add(where)
        check(page, where, turn_start=turn_start, audit=first, sizes=self.sized(where, turn_start))
        if first and self.shots:
            shoot(page, where.replace(" ", "-"))

    def act(self, page) -> bool:
        """One decision; False at the end."""
        settle(page)
        if page.locator("[data-testid=end]").count():
            return False
        if page.locator("[data-testid=cover]").count():
            self.seen.add("cover")
            assert page.locator("[data-testid=board] .pl.turn, [data-testid=hand], [data-testid=visit]").count() == 0
            state = saved_state(page)
            if state.history:       # nothing of the one who just moved shows while the device passes
                text = visible_text(page)
                assert not [secret for secret in secrets_of(state, state.history[-1][0]) if secret in text]
            page.click("[data-command=uncover]")
            return True
        if page.locator("[data-testid=landing]").count():
            self.landing(page)
            return True
        state = saved_state(page)
        done = len(state.history)
        seat = on_screen(page)
        view, legal = state.view(seat), state.legal_actions(seat)
        kinds = {a["type"] for a in legal}
        if view["phase"] == "choose":
            self.look(page, "choose")
            free = sorted(a["house"] for a in legal)
            number = self.rng.choice(free)
            page.click(f"[data-command=house][data-house='{number}']")
            self.look(page, "choose picked")
            page.click(act({"type": "choose_house", "house": number}))
        elif view["phase"] == "draw_offer":
            page.click(act({"type": "answer_draw", "agree": False}))
        elif "open_box" in kinds and self.hunt and view["step"] != "steal":
            self.open_box(page, state)
        elif view["step"] == "rob":
            self.rob(page, state, seat, legal)
        elif view["step"] == "steal":
            self.seen.add("reveal")
            self.look(page, "steal")
            cards = view["pending"]["cards"]
            page.click(act({"type": "steal", "card": JOKER if JOKER in cards else self.rng.choice(cards)}))
            # The card flies from the house to the thief (a moving picture, none under reduced motion).
            page.wait_for_selector("[data-motion=fly-steal].gt-fly", state="attached")
            moving = page.evaluate("document.querySelector('[data-motion=fly-steal]').getAnimations().length")
            assert (moving > 0) == self.motion, f"the stolen card's flight: {moving} animations"
            self.seen.add("flight")
        elif view["step"] == "dues_second":
            self.look(page, "dues second")
            page.locator("[data-testid=sheet] " + act_of("dues")).first.click()
        else:
            self.later_steps(page, view, kinds)
        wait_for_actions(page, done)
        return True

    def rob(self, page, state, seat, legal):
        view = state.view(seat)
        self.look(page, "turn start", turn_start=True)
        targets = sorted({a["house"] for a in legal if a["type"] == "rob"})
        place = joker_place(state) if self.hunt else None
        if place and place[0] == "house" and place[1] in targets:
            number = place[1]
        elif place and place[0] == "hand" and place[1] != seat and state.home[place[1]] in targets:
            number = state.home[place[1]]
        else:
            closed = [k for k in targets if not view["houses"][k]["lock_face_up"]]
            number = self.rng.choice(closed or targets)
        lock = state.houses[number].lock
        allowed = [a["guess"] for a in legal if a["type"] == "rob" and a["house"] == number]
        wrong = [g for g in allowed if g not in (lock[-1], lock[:-1])]
        guess = wrong[0] if self.turns in self.wrong_turns and wrong else lock[-1]
        self.turns += 1
        page.click(f"[data-command=house][data-house='{number}']")
        page.wait_for_selector("[data-testid=guess-pad]")
        self.look(page, "rob pad")
        page.click(act({"type": "rob", "house": number, "guess": guess}))
        motion = "tt-shake" if guess != lock[-1] else "tt-flip"
        self.seen.add("wrong" if motion == "tt-shake" else "right")
        # The lock tells what happened: it turns face up, or shakes and keeps a mark of the guess.
        page.wait_for_selector(f"[data-motion='lock-{number}'].{motion}")
        if motion == "tt-shake":
            assert page.locator(f"[data-motion='wrong-{number}-{guess}']").count() == 1

    def later_steps(self, page, view, kinds):
        self.look(page, "steps")
        for step in ("lock_door", "dues", "change_lock"):
            if step in kinds and step not in self.seen and not (step == "dues" and JOKER in view["hand"]):
                self.seen.add(step)
                if step == "dues":
                    page.click("[data-command=dues-start]")
                    page.wait_for_selector("[data-testid=sheet] [data-testid=dues]")
                    self.look(page, "dues")
                    page.locator("[data-testid=sheet] " + act_of("dues")).first.click()
                else:
                    page.locator("[data-testid=sheet] " + act_of(step)).first.click()
                return
        page.click(act({"type": "end_turn"}))
        self.seen.add("end")

    def landing(self, page):
        """As a turn ends (hot-seat) the thief's own board shows what it saw at the house it robbed
        (the cards inside, the lock), names nobody's next turn, and the device passes on."""
        self.seen.add("landing")
        state = saved_state(page)
        seen = visit(state.view(on_screen(page)))
        if seen:
            ribbon = page.inner_text("[data-testid=board] [data-testid=visit]")
            for card in seen["saw"] + ([seen["lock"]] if seen["lock"] else []):
                assert card_text(card) in ribbon, (card, ribbon)
        assert page.locator("[data-testid=board] .pl.turn").count() == 0
        self.look(page, "landing")
        page.click("[data-command=pass-device]")

    def open_box(self, page, state):
        self.seen.add("box")
        code = state.combination_code
        page.click("[data-command=box]")
        page.wait_for_selector("[data-testid=sheet] [data-testid=box]")
        assert page.locator("[data-testid=dial] [data-pick]").count() == 36     # the box's dial, on the board
        self.look(page, "box")
        page.click(f"[data-command=box-pick][data-code='{code}']")
        self.look(page, "box chosen")
        page.click(act({"type": "open_box", "suit": code[-1], "value": code[:-1]}))


def the_end_shows_everything(page, names):
    """Every hidden fact of the final state on the end screen, whole, at every size, and the reason."""
    page.wait_for_selector("[data-testid=end]")
    state = saved_state(page)
    assert state.is_over
    public = state.view(None)
    reason = guild.reason(public, names)
    problems = []
    for size in ("phone", "landscape", "tablet", "big-tablet"):
        page.set_viewport_size(SIZES[size])
        page.wait_for_timeout(60)
        assert page.inner_text("[data-testid=reason]") == reason
        rows = page.locator("[data-testid=final-hands] li")
        assert rows.count() == state.seats
        for player in public["players"]:
            row = rows.nth(player["seat"]).inner_text()
            for card in (player["cards"] or []):
                assert card_text(card) in row, (size, names[player["seat"]], card, row)
            if player["house"] is not None:
                assert card_text(public["houses"][player["house"]]["lock"]) in row
        for house in public["houses"]:
            if house["in_play"]:
                tile = page.locator(f"[data-testid=town] [data-motion='house-{house['house']}']")
                assert card_text(house["lock"]) in tile.inner_text()
        assert card_text(public["combination"]) in page.inner_text("[data-testid=combination]")
        assert "…" not in page.inner_text("[data-testid=board]")
        problems += text_audit(page, "the end")
    page.set_viewport_size(SIZES["phone"])
    assert_clean(problems)
    return state


def joker_position(start, rng, limit=4000, tries=20):
    """Bots play on until some seat, at the start of its turn, holds the Joker.  The hot-seat game's
    deal is new every run, and in some the bots end the game before anyone holds it: then they play
    from the same position again with other choices."""
    for _ in range(tries):
        state = start.clone()
        for _ in range(limit):
            view = state.view(None)
            if view["step"] == "rob" and JOKER in state.hands[state.to_act[0]]:
                return state
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = GAME.bots["sharp"].choose(state.view(seat), legal, rng)
            if action["type"] in ("open_box", "offer_draw"):
                action = next(a for a in legal if a["type"] not in ("open_box", "offer_draw"))
            state.apply(seat, action)
            if state.is_over:
                break
    raise AssertionError("nobody found the Joker")


def test_hot_seat_three_people(server, page):
    """Ana, Ben and Cy pass the phone: houses chosen, locks guessed right and wrong, a theft, dues,
    a door locked; every decision point fits every size.  Then a later position (someone holds the
    Joker) is put in, the box is opened, and the end shows every hand, lock and the combination."""
    names = ["Ana", "Ben", "Cy"]
    boot(page, server.url + "?fast#/")
    set_up(page, "guild-of-thieves", names, options={"pen_and_paper": True})
    person = Person(random.Random(5), wrong_turns=(0, 4), shots=True)
    while person.turns < 5 or "end" not in person.seen:
        assert person.act(page)
    assert {"cover", "reveal", "flight", "dues", "wrong", "right", "end", "landing"} <= person.seen, person.seen
    # The notebook, one tap away: in the sheet on a phone, beside the town on a tablet.
    settle(page)
    if page.locator("[data-command=uncover]").count():
        page.click("[data-command=uncover]")
    page.wait_for_selector("[data-testid=play][data-moment=turn]")
    page.click("[data-testid=board] [data-command=notebook]")
    page.wait_for_selector("[data-testid=sheet] [data-testid=notes]")
    assert_clean(at_every_size(page, "notebook open", sizes={"phone": SIZES["phone"], "landscape": SIZES["landscape"]}))
    shoot(page, "notebook", ("phone", "landscape"))
    page.click("[data-testid=sheet] [data-command=notebook]")
    page.set_viewport_size(SIZES["tablet"])
    assert page.locator(".nb-side [data-testid=notebook]").is_visible()
    page.set_viewport_size(SIZES["phone"])
    # A later moment: whoever holds the Joker opens the box.
    state = joker_position(saved_state(page), random.Random(2))
    opener_seat = state.to_act[0]
    inject(page, state, Table([Seat([name]) for name in names]), "late")
    page.goto(server.url + "?fast#/play/late")
    opener = Person(random.Random(1), wrong_turns=(), hunt=True, shots=True)
    for _ in range(6):
        if not opener.act(page):
            break
    assert "box" in opener.seen
    state = the_end_shows_everything(page, names)
    assert state.outcome["winners"] == [opener_seat]
    shoot(page, "end", ("phone", "landscape", "tablet", "big-tablet"))
    assert not page.problems


def test_one_person_against_bots(server, page):
    """Ana against a Sharp and a Ruthless bot hunts the Joker; the bots play between her turns; the
    game ends (by her box or a bot's) with everything turned up."""
    page.emulate_media(reduced_motion="reduce")       # and she asked for no motion: nothing moves
    boot(page, server.url + "?fast#/")
    set_up(page, "guild-of-thieves", ["Ana", "sharp", "ruthless"])
    person = Person(random.Random(3), wrong_turns=(1,), hunt=True, motion=False)
    for _ in range(200):
        if not person.act(page):
            break
    assert "cover" not in person.seen          # alone at the device: no covers
    the_end_shows_everything(page, saved_names(page))
    assert not page.problems


def saved_names(page):
    """The names the table gives its seats (bots' included), as the browser saved them."""
    text = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_PREFIX + save_id(page))})")
    return Table.from_json(json.loads(text)["table"]).names()


def bots_until(seats, options, seed, moves, wanted):
    """Sharp bots play a game until, after at least ``moves`` actions, ``wanted(state)`` holds (the
    next seed where a game ends first: the trap or a stuck Joker ends some long games)."""
    for attempt in range(seed, seed + 40):
        state = GAME.new_game(seats=seats, seed=attempt, options=options)
        rng = random.Random(attempt)
        while not state.is_over and not (len(state.history) >= moves and wanted(state)):
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = GAME.bots["sharp"].choose(state.view(seat), legal, rng)
            if action["type"] in ("open_box", "offer_draw"):
                action = next((a for a in legal if a["type"] not in ("open_box", "offer_draw")), action)
            state.apply(seat, action)
        if not state.is_over:
            return state
    raise AssertionError(f"no game of {seats} reached {moves} moves and the position wanted")


def turn_start(state):
    return state.to_act[0] == 0 and state.view(None)["step"] == "rob"


def every_step(state):
    kinds = {a["type"] for a in state.legal_actions(state.to_act[0])}
    return {"lock_door", "dues", "change_lock", "open_box"} <= kinds


# The biggest tables at a turn's start, and the most crowded moments found in bots' games:
# name -> (seats, options, seed, actions at least, what holds then).
POSITIONS = {
    "16 players": (16, {}, 16, 64, turn_start),
    "32 players, Double Deck": (32, {"double_deck": True}, 32, 128, turn_start),
    "every step at once": (3, {}, 30, 78, every_step),
    "a hand of 13 to steal from": (3, {}, 14, 275, lambda s: s.view(s.to_act[0])["pending"] is not None),
    "a hand of 13 at turn start": (3, {}, 38, 367, lambda s: s.view(None)["step"] == "rob"),
}


def people(seats):
    names = ["Ana", "Bartholomew Jones 12", "Cy"] + [f"Player {i + 1}" for i in range(3, seats)]
    return Table([Seat([names[i]]) for i in range(seats)])


def test_every_size_at_the_biggest_and_most_crowded_moments(server, page):
    """16 players and 32 with Double Deck: the whole town fits the board at every size, every house
    a control in view, and a house picked stays in view with the rob pad.  The sheet at its tallest
    (every later step offered at once, a big hand to steal from, a big hand of one's own) keeps
    every control in view, the phone on its side included."""
    boot(page, server.url + "?fast#/")
    states = {}
    for name, (seats, options, seed, moves, wanted) in POSITIONS.items():
        states[name] = bots_until(seats, options, seed, moves, wanted)
        inject(page, states[name], people(seats), name.replace(" ", "-").replace(",", ""))
    problems = []
    for name, state in states.items():
        page.goto(server.url + "?fast#/play/" + name.replace(" ", "-").replace(",", ""))
        page.wait_for_selector("[data-command=uncover]")
        page.click("[data-command=uncover]")
        page.wait_for_selector("[data-testid=play][data-moment=turn]")
        rob = state.view(None)["step"] == "rob"
        problems += at_every_size(page, name, turn_start=rob)
        shoot(page, name.replace(" ", "-").replace(",", ""), ("phone", "landscape", "tablet", "big-tablet"))
        if name.endswith("players"):
            targets = sorted({a["house"] for a in state.legal_actions(0) if a["type"] == "rob"})
            assert page.locator("[data-testid=town] [data-pick]").count() == len(targets)
            problems += at_every_size(page, name, check=text_audit, sizes={k: SIZES[k] for k in ("phone", "landscape", "tablet")})
            page.click(f"[data-command=house][data-house='{targets[-1]}']")
            page.wait_for_selector("[data-testid=guess-pad]")
            problems += at_every_size(page, f"{name}, a house picked")
    assert_clean(problems)
    assert not page.problems


def test_the_set_up_and_the_rules_page(server, page):
    """The set-up offers the notebook first, in a newcomer's words, and follows Double Deck; the
    rules page reads at every size: no text under 12 px, no label cut (the figures' words lie inside
    their pictures)."""
    boot(page, server.url + "?fast#/new/guild-of-thieves")
    page.wait_for_selector(".setup")
    first = page.locator(".options .check").first
    assert "A notebook of what you have seen" in first.inner_text()
    assert first.locator("[data-field=option][data-option=pen_and_paper]").count() == 1
    plus = "[data-command=setup-seats][data-delta='1']"
    for _ in range(20):
        if page.locator(plus).is_disabled():
            break
        page.click(plus)
    assert page.inner_text("[data-testid=seat-count]") == "16"
    page.locator("[data-field=option][data-option=double_deck]").click()
    page.click(plus)
    assert page.inner_text("[data-testid=seat-count]") == "17"
    page.locator("[data-field=option][data-option=double_deck]").click()
    assert page.inner_text("[data-testid=seat-count]") == "16"
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES["phone"]["width"]
    page.goto(server.url + "?fast#/rules/guild-of-thieves")
    page.wait_for_selector(".rules")
    assert "A notebook of what you have seen" in visible_text(page)
    problems = []
    for size in ("phone", "landscape", "tablet"):
        page.set_viewport_size(SIZES[size])
        problems += text_audit(page, "rules")
        cut = page.evaluate("""() => [...document.querySelectorAll('.rules-figure svg')].flatMap(svg => {
            const box = svg.viewBox.baseVal;
            return [...svg.querySelectorAll('text')].map(t => [t.textContent, t.getBBox()])
              .filter(([, b]) => b.x < box.x - 0.5 || b.x + b.width > box.x + box.width + 0.5)
              .map(([text]) => text); })""")
        problems += [f"rules at {size}: the figure cuts '{text}'" for text in cut]
    page.set_viewport_size(SIZES["phone"])
    shoot(page, "rules", ("phone",))
    assert_clean(problems)


def test_watch_it_back_turns_everything_up(server, page):
    """A finished game watched back: at the end, in a middle round and a move later, every hand,
    every lock, what lies in each house and in the Guild House, where the Joker is and the
    combination, as the replayed game holds them at that move, on the board the game was played
    on, with nothing to tap but the watch's own controls; it reads well at every size."""
    from pycore.guild_of_thieves import card_words
    from test_app_twelve_thieves import watched_back
    names, problems = ["Ana", "Ben", "Cy"], []

    def titles(selector):
        return page.locator(selector).evaluate_all("cards => cards.map(c => c.title)")
    for where, at in watched_back(page, server, GAME, names, 21, SHOTS, problems):
        for seat in range(3):
            row = f"[data-testid=final-hands] li:nth-child({seat + 1}) .fh-cards .gcard"
            assert sorted(titles(row)) == sorted(card_words(card) for card in at.hands[seat]), (where, seat)
        for house in at.houses:
            if house.in_play:
                tile = page.inner_text(f"[data-testid=town] [data-motion='house-{house.number}']")
                assert card_text(house.lock) in tile, (where, house.number)
            if house.in_play and house.owner is None:
                inside = titles(f"[data-inside='house-{house.number}'] .gcard")
                assert sorted(inside) == sorted(card_words(card) for card in house.cards), (where, house.number)
        assert titles("[data-inside='guild-house'] .gcard") == [card_words(card) for card, _ in at.guild], where
        assert card_text(at.combination_code) in page.inner_text("[data-testid=combination]"), where
        assert guild.town.joker_words(at.view_all(), names) in page.inner_text("[data-testid=inside]"), where
    assert not problems, "\n".join(problems)
    assert not page.problems


PLAYERS_FIT = """() => {
    const strip = document.querySelector('[data-testid=board] .players');
    const board = document.querySelector('[data-testid=board]').getBoundingClientRect();
    const right = Math.min(board.right, innerWidth);
    const out = [...strip.querySelectorAll('.pl')].filter(chip => chip.getBoundingClientRect().right > right + 0.5)
        .map(chip => chip.innerText.replace(/\\s+/g, ' '));
    return {kind: strip.classList.contains('slide') ? 'slide' : 'wrap', out,
            slides: strip.scrollWidth > strip.clientWidth + 1, mask: getComputedStyle(strip).maskImage || getComputedStyle(strip).webkitMaskImage};
}"""


def test_the_players_fit_and_the_guess_pad_stays_in_view_with_a_hint(server, page):
    """The players' line at a small table (Ana, and two bots with their levels) wraps: no player
    runs off the edge ("3 Rook 2 Ruth…") at any size; at 16 players it slides sideways with its
    far edge fading, a cue that more lie beyond.  On a phone on its side the rob pad, every guess
    in view, fits the sheet with a hint open above it as well as without."""
    table = Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(bot="ruthless")])
    state = bots_until(3, {}, 22, 12, turn_start)
    big = bots_until(16, {}, 16, 64, turn_start)
    boot(page, server.url + "?fast#/")
    inject(page, state, table, "small")
    inject(page, big, Table([Seat(bot="sharp") if seat % 2 else Seat([f"Player {seat + 1}"]) for seat in range(16)]), "big")
    page.goto(server.url + "?fast#/play/small")
    page.wait_for_selector("[data-testid=play][data-moment=turn]")
    problems = []

    def players_fit(page, where):
        found = page.evaluate(PLAYERS_FIT)
        size = page.viewport_size
        where = f"{where} at {size['width']}×{size['height']}"
        if found["kind"] == "wrap":
            return [f"{where}: runs off the edge: {chip}" for chip in found["out"]]
        return [] if found["mask"] not in ("", "none") else [f"{where}: the sliding players' line has no cue"]
    problems += at_every_size(page, "three players", check=players_fit)
    assert page.evaluate(PLAYERS_FIT)["kind"] == "wrap"
    number = next(a["house"] for a in state.legal_actions(0) if a["type"] == "rob")
    page.click(f"[data-command=house][data-house='{number}']")
    page.wait_for_selector("[data-testid=guess-pad]")
    problems += at_every_size(page, "the rob pad")
    page.click("[data-command=menu]")
    page.click("[data-testid=menu] [data-command=hint]")
    page.wait_for_selector("[data-testid=hint]")
    page.wait_for_selector("[data-testid=guess-pad]")
    problems += at_every_size(page, "the rob pad, a hint open")
    shoot(page, "hint")
    page.goto(server.url + "?fast#/play/big")
    page.wait_for_selector("[data-testid=cover], [data-testid=play][data-moment=turn]")
    if page.locator("[data-command=uncover]").count():
        page.click("[data-command=uncover]")
    page.wait_for_selector("[data-testid=play][data-moment=turn]")
    found = page.evaluate(PLAYERS_FIT)
    assert found["kind"] == "slide" and found["slides"], found
    problems += at_every_size(page, "16 players", check=players_fit)
    assert_clean(problems)
    assert not page.problems
