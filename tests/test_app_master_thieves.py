"""Master Thieves in the built app, in real Chromium, through taps (a 390 px phone unless stated).

The test player reads the saved record back and replays it in CPython to know whose turn it is;
it taps the very buttons the screen offers.  At every decision point the play layout is checked at
the four sizes (tests/layout.py); the end screen must turn every hidden fact up and say why.
"""
import random
import re

import pytest

import pycore
from conftest import ARTIFACTS
from browsing import screenshot
from driver import act, act_of, between_turns, boot, inject, saved_state, set_up, wait_for_actions
from frontend.shell.table import Seat, Table
from layout import AT_REST, SIZES, FirstOfEachKind, at_every_size, text_audit, visible_text
from layout import settle as settle_frames
from test_app_reach import AUDIT as REACH_AUDIT, MIN_TARGET
from pycore.master_thieves import ROLE_NAMES

pytestmark = pytest.mark.browser

GAME = pycore.GAMES["master-thieves"]
SHOTS = ARTIFACTS / "master-thieves"
MOMENTS = ("[data-testid=cover], [data-testid=end], [data-testid=sheet] [data-act], [data-testid=cabinet] [data-act], "
           "[data-command=pass-device]")
LOG_LINES = "() => [...document.querySelectorAll('[data-testid=log] li')].map(li => li.textContent)"
STONE_WORDS = re.compile(r"\b(rub(y|ies)|sapphires?|diamonds?)\b", re.I)
# Events whose sentences may name stones without the notebook: the set-up's public hides and
# rubies (never where) and the red cushion's sharing, in plain view (the engine's words).
TOLD_STONES = ("ruby", "hide", "share")


def secrets_of(state, seat) -> list:
    """What on the screen would give ``seat``'s secrets away: its role, chosen and not yet revealed
    (its hand's role card reads "Your role: …"; its own log line "… chose the …")."""
    if state.phase != "choose" or state.roles[seat] is None:
        return []
    name = ROLE_NAMES[state.roles[seat]]
    return [f"Your role: {name}", f"chose the {name}"]


def ours(problems: list) -> list:
    """The text audit's problems of this board and the page, not another game's stylesheet (all the
    boards' rules are on every page) nor the shell's hidden live region (reported to the shell)."""
    return [problem for problem in problems
            if ("[data-game=" not in problem or "master-thieves" in problem) and "p.tt-live" not in problem]


def reach(page, where: str) -> list:
    """The table standard's targets (44 x 44 px) and contrast (4.5:1) on the screen now."""
    settle_frames(page)
    found = page.evaluate(REACH_AUDIT, MIN_TARGET)
    size = page.viewport_size
    at = f"{where} at {size['width']}×{size['height']}"
    return [f"{at}: small target {item}" for item in found["small"]] + [f"{at}: low contrast {item}" for item in found["faint"]]


def settle(page, timeout=60_000):
    page.wait_for_selector(MOMENTS, timeout=timeout)


def cover_is_clean(page):
    """A cover names who takes the device and what they will be shown; no role card, no sheet, no
    open drawer (which stones its recap may name: see no_stone_named)."""
    cover = page.locator("[data-testid=cover]")
    assert cover.locator(".mt-role, .mt-role-card, [data-testid=open-drawer], [data-testid=cabinet]").count() == 0
    text = cover.inner_text()
    assert "chose the" not in text and "show my role" in text, text


class Person:
    """One decision at a time for whoever holds the device, through the screen's own buttons; the
    layout is checked at every decision point (``check``: at every size the first time a person
    meets a kind of moment, on the phone after that).  ``roles(state, seat)``: the role a
    person picks.  Gathers the covers lifted per round and every news strip and cover read."""

    def __init__(self, rng, roles, name, check=True):
        self.rng, self.roles, self.name, self.check = rng, roles, name, check
        self.seen, self.problems, self.audited, self.sized = set(), [], set(), FirstOfEachKind()
        self.covers = {}                  # round -> covers lifted
        self.news = []                    # every strip and cover text seen

    def lift(self, page):
        cover_is_clean(page)
        round_ = saved_state(page).round
        self.covers[round_] = self.covers.get(round_, 0) + 1
        self.news.append(page.inner_text("[data-testid=cover]"))

    def act(self, page) -> bool:
        settle(page)
        handed = between_turns(page, self.lift, self.seen)
        if handed is not None:
            return handed
        state = saved_state(page)
        seat = int(page.get_attribute("[data-testid=play]", "data-seat"))    # whose screen it is
        legal = state.legal_actions(seat)
        kinds = {a["type"] for a in legal}
        if page.locator(".tt-strip:not(.empty)").count():
            self.news.append(page.inner_text(".tt-strip"))
        where = f"round {state.round} {state.phase}/{state.step or sorted(kinds)[0]} (action {len(state.history)})"
        if self.check:      # a hide, a role and an opening each start a person's turn in this game
            step = state.step or state.phase
            turn_start = bool(kinds & {"hide", "choose_role", "open"})
            # Each person's first moment of each kind at every size; their later ones on the phone.
            self.problems += at_every_size(page, where, sizes=self.sized(seat, step), turn_start=turn_start)
            if step not in self.audited:        # the table standard's text, once a kind of moment
                self.audited.add(step)
                self.problems += ours(at_every_size(page, where, check=text_audit))
                self.problems += at_every_size(page, where, check=reach)
                SHOTS.mkdir(parents=True, exist_ok=True)
                screenshot(page, str(SHOTS / f"{self.name}-{step}.png"))
        done, rng = len(state.history), self.rng
        if "choose_role" in kinds:
            self.seen.add("roles")
            assert page.locator(act_of("choose_role")).count() == 6
            # The others' roles: that they have chosen shows, never what.
            shown = visible_text(page)
            self.problems += [f"{where}: another's secret on screen: {secret}" for other in range(state.seats) if other != seat
                              for secret in secrets_of(state, other) if secret in shown]
            if any(state.roles[other] for other in range(state.seats) if other != seat):
                self.seen.add("chosen")
                assert "chosen" in page.inner_text(".mt-players")
            action = {"type": "choose_role", "role": self.roles(state, seat)}
        elif kinds <= {"hide", "open"}:
            self.seen.add(legal[0]["type"])
            action = rng.choice(legal)
            if "open" in kinds and state.roles[seat] != "connoisseur":     # the others open a clean drawer
                action = rng.choice([a for a in legal if not spills(state, (a["tier"], a["side"]))] or legal)
            assert page.locator(f"[data-testid=cabinet] {act(action)}").count() == 1
        elif "no_fake" in kinds:
            self.seen.add("place")
            places = [a for a in legal if a["type"] == "place_fake"]
            action = places[0] if places else {"type": "no_fake"}
        elif "alarm" in kinds:
            self.seen.add("alarm")
            action = {"type": "alarm", "set": True}
        else:
            choice = rng.choice(["turn", "flip", "done"])
            action = rng.choice([a for a in legal if a["type"] == choice] or [{"type": "done"}])
            self.seen.add(action["type"])
        page.click(act(action))
        wait_for_actions(page, done)
        return True


def spills(state, place) -> bool:
    """Would opening this drawer spill stones (the test sees inside the cabinet)?"""
    cabinet = state.cabinet
    halves = ["normal"] + (["secret"] if cabinet.at(place).long and state.roles[state.actor] == "master_thief" else [])
    return any(sum(cabinet.downward(place, half).values()) for half in halves)


def end_turns_everything_up(page, state, names):
    """Every hidden fact of the final state (each player's last role) is on the end screen, with the
    winner's reason (the board's own sentence)."""
    from frontend.boards import BOARDS
    end = visible_text(page)
    for seat, role in enumerate(state.roles):
        assert ROLE_NAMES[role] in end, f"{names[seat]}'s {ROLE_NAMES[role]} is not on the end screen"
    reason = BOARDS["master-thieves"].reason(state.view(None), names)
    assert reason in end, f"the reason is not on the end screen: {reason}"


def no_stone_named(page, state, names, news):
    """Without the notebook no log line, recap or cover names a stone (RULINGS, "What is secret"):
    only the set-up's hides and rubies and the red cushion's sharing may."""
    allowed = {GAME.describe(event, names, None) for event in state.view(None)["log"] if event["type"] in TOLD_STONES}
    allowed |= {GAME.describe(event, names, seat) for seat in range(state.seats)
                for event in state.view(seat)["log"] if event["type"] in TOLD_STONES}
    lines = page.evaluate(LOG_LINES)
    for text in news:
        lines += text.splitlines()
    for line in lines:
        if STONE_WORDS.search(line):
            assert line.strip() in allowed or any(line.strip().endswith(told) for told in allowed), line


def hot_seat_roles(state, seat):
    """Ana the Connoisseur every round (her fakes run out by round 4); Ben the Goldsmith, the Thief
    and then a Detective; Cy a Detective (so Ana puts in more fakes)."""
    if seat == 0:
        return "connoisseur"
    if seat == 1:
        return {1: "goldsmith", 2: "thief"}.get(state.round, "detective")
    return "detective"


def test_hot_seat_game_three_people(server, page):
    """Three people pass the phone: diamonds hidden in the open, roles chosen behind covers (one a
    person a round, nothing else covered), drawers opened, fakes and an alarm put in, tiers turned;
    at every decision point the layout holds at four sizes; the end turns everything up."""
    boot(page, server.url + "?fast#/")
    set_up(page, "master-thieves", ["Ana", "Ben", "Cy"])
    person = Person(random.Random(4), hot_seat_roles, "hot-seat")
    for _ in range(400):
        if not person.act(page):
            break
    state = saved_state(page)
    assert state.is_over, "the game did not end"
    assert not person.problems, "\n".join(person.problems)
    assert {"hide", "roles", "open", "place", "alarm", "done"} <= person.seen, person.seen
    # Covers only where a secret is: the role choices, 3 people x 3 rounds in the first three.
    assert sum(person.covers.get(round_, 0) for round_ in (1, 2, 3)) == 9, person.covers
    assert sum(person.covers.values()) == 3 * state.round and 0 not in person.covers, person.covers
    names = ["Ana", "Ben", "Cy"]
    end_turns_everything_up(page, state, names)
    no_stone_named(page, state, names, person.news)
    assert not page.problems


def test_against_bots_one_person(server, page):
    """One person against two bots, from late in a game (bots played it so far: the hot-seat game
    above plays a set-up and the first rounds): no covers, the layout holds at every decision point, the
    game survives the tab closing, and the end turns everything up."""
    state = GAME.new_game(seats=3, seed=14)
    rng = random.Random(14)
    while not (state.phase == "choose" and min(sum(white.values()) for white in state.white) <= 3):
        seat = state.to_act[0]
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    table = Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(bot="novice")])
    boot(page, server.url + "?fast#/")
    inject(page, state, table, "solo")
    page.goto(server.url + "?fast#/play/solo")
    person = Person(random.Random(9), lambda state, seat: "connoisseur", "solo")
    for turn in range(300):
        assert page.locator("[data-testid=cover]").count() == 0
        if turn == 3:           # the tab closes and opens again: the same game, the same moment
            before, url = saved_state(page), page.url
            page.goto("about:blank")
            boot(page, url)
            after = saved_state(page)
            assert after.history[:len(before.history)] == before.history and after.seed == before.seed
        if not person.act(page):
            break
    state = saved_state(page)
    assert state.is_over
    assert not person.problems, "\n".join(person.problems)
    names = table.names()
    end_turns_everything_up(page, state, names)
    no_stone_named(page, state, names, person.news)
    assert not page.problems


# -- an opening on the table -----------------------------------------------------------------------------
def opening_position():
    """Ana (against two bots) is the Master Thief at round 1 with a long drawer that will come out
    clean with a ruby in its secret compartment; all twelve diamonds lie together in one drawer
    (opening it spills them).  Returns (state, the clean drawer, the drawer of the diamonds)."""
    for seed in range(40):
        state = GAME.new_game(seats=3, seed=seed)
        while state.phase == "setup":
            state.apply(state.to_act[0], {"type": "hide", "tier": 0, "side": 1})
        cabinet = state.cabinet
        heap = next(place for place in [(tier, side) for tier in range(3) for side in range(4)]
                    if cabinet.downward(place, "normal")["diamond"] == 12)
        for place in cabinet.long_places():
            drawer = cabinet.at(place)
            clean = (not sum(cabinet.downward(place, "normal").values()) and not sum(cabinet.downward(place, "secret").values())
                     and drawer.alarm is None)
            if clean and cabinet.upward(place, "secret")["ruby"]:
                for seat, role in enumerate(("master_thief", "detective", "detective")):
                    state.apply(seat, {"type": "choose_role", "role": role})
                return state, place, heap
    raise AssertionError("no seed gives a clean long drawer with a ruby")


STONE_ANIMATIONS = """() => [...document.querySelectorAll('[data-testid=open-drawer] .mt-stone')]
  .filter(el => el.getClientRects().length)
  .map(el => ({motion: el.dataset.motion || '', running: el.getAnimations().length}))"""


# Each stone that starts to move as the board's motion class is added, counted by class if it
# moves right then (the next bot's move redraws the board).
RECORD_MOTION = """() => {
  window.moved = {'mt-fly': 0, 'mt-fall': 0, 'mt-pull': 0};
  if (window.motionWatch) window.motionWatch.disconnect();     // one watcher a page, not one a game
  window.motionWatch = new MutationObserver(changes => { for (const change of changes) {
    const el = change.target;
    for (const cls of Object.keys(window.moved))
      if (el.classList && el.classList.contains(cls) && !(change.oldValue || '').includes(cls) && el.getAnimations().length)
        window.moved[cls] += 1;
  }});
  window.motionWatch.observe(document.body, {subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true});
}"""


def open_game(page, server, state, name):
    """Put this game among the saves and open it from home, as a person would."""
    page.goto(server.url + "?fast#/")
    page.wait_for_selector(".game-card")
    inject(page, state, Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(bot="novice")]), name)
    page.goto(server.url + f"?fast#/play/{name}")


def take_the_ruby(page, server, name):
    """Open the clean long drawer of :func:`opening_position`: the stones on the table, and how
    they move right after the tap (the board's motion, recorded as it is added)."""
    state, clean, heap = opening_position()
    open_game(page, server, state, name)
    page.wait_for_selector(f"[data-testid=cabinet] {act_of('open')}")
    assert page.locator("[data-testid=open-drawer]").count() == 0      # no drawer out yet
    page.evaluate(RECORD_MOTION)
    page.click(act({"type": "open", "tier": clean[0], "side": clean[1]}))
    page.wait_for_selector("[data-testid=open-drawer] .mt-stone")
    return page.evaluate(STONE_ANIMATIONS), page.evaluate("window.moved"), saved_state(page).black[0]["ruby"]


def test_an_opening_shows_its_stones_on_the_table_and_moves_them(server, page):
    """The pulled drawer is drawn open on the table with its stones, and they fly to the taker's
    black cushion (a take) or fall to the red one (a spill): animations run, none under reduced
    motion.  Without the notebook the log says who pulled which drawer and took, not what."""
    boot(page, server.url + "?fast#/")
    stones, moved, took = take_the_ruby(page, server, "take")
    flying = [stone for stone in stones if stone["motion"] == "mt-fly"]
    assert took and len(flying) == took and all(stone["running"] for stone in flying), stones
    assert moved["mt-fly"] == took and moved["mt-pull"] == 1, moved
    assert page.locator("[data-testid=open-drawer] .mt-ghost:visible").count() == took   # where they lay
    assert page.locator("[data-testid=open-drawer] .mt-tag.black:visible").inner_text() == "Ana"
    SHOTS.mkdir(parents=True, exist_ok=True)
    screenshot(page, str(SHOTS / "opening-take.png"))
    page.click(act({"type": "done"}))
    page.wait_for_selector(act_of("choose_role"))
    lines = [line for line in page.evaluate(LOG_LINES) if "pulled" in line or "took" in line]
    assert lines and not any(STONE_WORDS.search(line) for line in lines), lines
    # Under reduced motion: the same picture, still.
    page.emulate_media(reduced_motion="reduce")
    stones, moved, took = take_the_ruby(page, server, "still")
    assert [stone["motion"] for stone in stones].count("mt-fly") == took
    assert not any(stone["running"] for stone in stones) and not any(moved.values()), (stones, moved)
    page.emulate_media(reduced_motion="no-preference")
    # A spill: all twelve diamonds fall onto the red cushion (then the Detectives share them).
    state, clean, heap = opening_position()
    open_game(page, server, state, "spill")
    page.wait_for_selector(f"[data-testid=cabinet] {act_of('open')}")
    page.evaluate(RECORD_MOTION)
    page.click(act({"type": "open", "tier": heap[0], "side": heap[1]}))
    page.wait_for_function("window.moved['mt-fall'] >= 12")
    assert page.evaluate("window.moved['mt-fall']") == 12
    assert sum(saved_state(page).black[seat]["diamond"] for seat in (1, 2)) == 12   # shared
    screenshot(page, str(SHOTS / "opening-spill.png"))
    assert not page.problems


# -- the rest of the game's screens ------------------------------------------------------------------------
def test_rules_page_in_english_and_czech(server, page):
    boot(page, server.url + "?fast#/rules/master-thieves")
    page.wait_for_selector(".rules")
    english, czech = page.locator("[data-testid=rules-en]"), page.locator("[data-testid=rules-cs]")
    assert english.is_visible() and not czech.is_visible()
    assert english.locator("svg").count() == 2 and "upper half" in english.inner_text()
    problems = []
    for size in ("phone", "landscape", "tablet"):
        page.set_viewport_size(SIZES[size])
        problems += text_audit(page, "rules (English)")
    page.click("label[for=mt-lang-cs]")
    assert czech.is_visible() and not english.is_visible()
    assert "Sekretář" in czech.inner_text() and czech.locator("svg").count() == 2
    assert czech.get_attribute("lang") == "cs"
    problems += text_audit(page, "rules (Czech)")
    assert page.locator("#how-this-table-plays-it").count() == 1
    # The flip figure: the ruby lies clear of the side letters.
    overlaps = page.evaluate("""() => [...document.querySelectorAll('.rules-figure svg')].flatMap(svg => {
        const gems = [...svg.querySelectorAll('g[transform*=scale]')].map(g => g.getBoundingClientRect());
        return [...svg.querySelectorAll('text')].filter(t => /^[NESW]$/.test(t.textContent)).map(t => t.getBoundingClientRect())
          .filter(r => gems.some(g => r.left < g.right && g.left < r.right && r.top < g.bottom && g.top < r.bottom)).length
          ? ['a ruby on a side letter'] : []; })""")
    problems = ours(problems)
    assert not overlaps and not problems, problems + overlaps


def test_watch_it_back_turns_every_role_and_drawer_up(server, page):
    """A finished game watched back: at the end, in a middle round and a move later, every role
    chosen and what each half of each compartment of every drawer holds, as the replayed game
    holds them at that move, on the board the game was played on, with nothing to tap but the
    watch's own controls; it reads well at every size."""
    from pycore.master_thieves import stones_count, stones_text
    from test_app_twelve_thieves import watched_back
    problems = []
    for where, at in watched_back(page, server, GAME, ["Ana", "Ben", "Cy"], 31, SHOTS, problems):
        everything = at.view_all()
        strip = page.locator(".mt-players > li")
        for seat, role in enumerate(everything["roles"]):
            if role is not None:
                assert ROLE_NAMES[role] in strip.nth(seat).inner_text(), (where, seat, role)
        rows = page.locator("[data-testid=drawers] tbody tr")
        for tier, row in enumerate(everything["drawers"]):
            for side, drawer in enumerate(row):
                cells = rows.nth(4 * tier + side).locator("td")
                for column, half in enumerate(("up", "down", "secret_up", "secret_down")):
                    if drawer[half] is not None and stones_count(drawer[half]):
                        label = cells.nth(column).locator(".mt-stones").get_attribute("aria-label")
                        assert label == stones_text(drawer[half]), (where, tier, side, half, label)
    assert not problems, "\n".join(problems)
    assert not page.problems


ROLE_CARDS_CUT = """() => [...document.querySelectorAll('.mt-role-card')].filter(card => {
  const name = card.querySelector('strong');
  return name.scrollWidth > name.clientWidth + 1 || card.scrollWidth > card.clientWidth + 1
    || name.getBoundingClientRect().right > card.getBoundingClientRect().right + 0.5;
}).map(card => card.querySelector('strong').textContent)"""
CABINET = """() => {
  const box = sel => document.querySelector(sel).getBoundingClientRect();
  const board = box('[data-testid=board]'), cabinet = box('[data-testid=cabinet]'), middle = box('.mt-middle');
  const table = box('[data-testid=red-cushion]');
  return {height: cabinet.height, share: cabinet.width / middle.width,
          below: board.bottom - Math.max(table.bottom, cabinet.bottom)};
}"""
TURNED_UP_IN_VIEW = """() => [...document.querySelectorAll('[data-testid=turned-up] td')].filter(cell => {
  const r = cell.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(top && cell.contains(top)) || r.bottom > innerHeight;
}).length"""


def bots_until(state, until):
    rng = random.Random(3)
    while not state.is_over and not until(state):
        seat = state.to_act[0]
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


def test_role_cards_the_cabinet_and_the_end_turned_up_at_every_size(server, page):
    """Issue 24: on a tablet the six role cards were 51 px wide with their names cut ("Smugg",
    "Maste"); on a phone the cabinet was 183 px tall with 220 px empty under it, on a tablet about
    385 px wide; the live end never showed what was left in the drawers.  Now: no role name cut at
    any size; the cabinet takes the board's free height (phone, tablet) and the larger share of
    its width (tablet); the end shows every drawer's contents, in view above the end panel."""
    table = Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(bot="sharp")])
    roles = bots_until(GAME.new_game(seats=3, seed=5), lambda s: s.phase == "choose" and 0 in s.to_act)
    opening = bots_until(GAME.new_game(seats=3, seed=5), lambda s: s.phase == "act" and s.actor == 0 and s.step == "open")
    handle = bots_until(GAME.new_game(seats=3, seed=5), lambda s: s.phase == "act" and s.actor == 0 and s.step == "handle")
    over = bots_until(GAME.new_game(seats=3, seed=5), lambda s: False)
    boot(page, server.url + "?fast#/")
    for name, state in (("roles", roles), ("opening", opening), ("handle", handle), ("over", over)):
        inject(page, state, table, name)
    problems = []
    page.goto(server.url + "?fast#/play/roles")
    page.wait_for_selector(act_of("choose_role"))
    for size in SIZES.values():
        page.set_viewport_size(size)
        settle_frames(page)
        cut = page.evaluate(ROLE_CARDS_CUT)
        if cut:
            problems.append(f"role names cut at {size['width']}×{size['height']}: {cut}")
    if opening.actor == 0 and not opening.is_over:
        page.goto(server.url + "?fast#/")
        page.goto(server.url + "?fast#/play/opening")
        page.wait_for_selector(f"[data-testid=cabinet] {act_of('open')}")
        for size_name in ("phone", "tablet", "big-tablet"):
            page.set_viewport_size(SIZES[size_name])
            page.evaluate(AT_REST)
            found = page.evaluate(CABINET)
            where = f"opening at {size_name}"
            if found["below"] > 24:
                problems.append(f"{where}: {found['below']:.0f} px of board empty under the cabinet and the table")
            if size_name != "phone" and found["share"] < 0.55:
                problems.append(f"{where}: the cabinet takes {found['share']:.0%} of the middle's width")
            if size_name == "phone" and found["height"] < 230:
                problems.append(f"{where}: the cabinet is {found['height']:.0f} px tall")
    # Turning a tier after a take: the pulled drawer on the table stays above the player's panel
    # (it ran under it on the phone, and under the action panel in a 720×620 embed).
    assert handle.actor == 0 and handle.step == "handle"
    page.goto(server.url + "?fast#/")
    page.goto(server.url + "?fast#/play/handle")
    page.wait_for_selector(act_of("flip"))
    for size in [*SIZES.values(), {"width": 720, "height": 620}]:
        page.set_viewport_size(size)
        page.evaluate(AT_REST)
        found = page.evaluate(CABINET)
        if found["below"] < -1:
            problems.append(f"turning a tier at {size['width']}×{size['height']}: the table runs {-found['below']:.0f} px under the board's edge")
    page.goto(server.url + "?fast#/")
    page.goto(server.url + "?fast#/play/over")
    page.wait_for_selector("[data-testid=end]")
    for size in SIZES.values():
        page.set_viewport_size(size)
        page.evaluate(AT_REST)
        assert page.locator("[data-testid=turned-up] td").count() == 12
        hidden = page.evaluate(TURNED_UP_IN_VIEW)
        if hidden:
            problems.append(f"the end at {size['width']}×{size['height']}: {hidden} drawers of the turned-up cabinet out of view or covered")
    assert not problems, "\n".join(problems)
    assert not page.problems
