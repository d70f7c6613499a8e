"""12 Thieves in the built app, in real Chromium, through taps.

The test player reads the saved record back, asks a Sharp bot what to do, and does it through the
screen's own taps: a palace, then what to do there, then how to pay (or where a guard goes).  At
every decision point the play layout is checked at the four sizes (tests/layout.py): the palace
picked, the hand a payment comes from and every control of the step in view and uncovered.  Late
moments come from positions built here (tests/driver.py ``inject``).  Screenshots of the main
moments go to test-artifacts/twelve-thieves/.
"""
import random

import pytest

import pycore
from conftest import ARTIFACTS
from browsing import screenshot
from driver import act, boot, inject, saved_state, set_up, wait_for_actions
from frontend.boards import twelve_thieves
from frontend.shell.watch_back import Replay
from frontend.shell.table import Seat, Table
from layout import SIZES, FirstOfEachKind, at_every_size, check_choice, text_audit, visible_text
from pycore.twelve_thieves import CARD_NAMES, DANCER, PALACES

pytestmark = pytest.mark.browser

GAME = pycore.GAMES["twelve-thieves"]
SHOTS = ARTIFACTS / "twelve-thieves"
# A moment a person looks at: their choice, a hand-over, or the end.
MOMENTS = ("[data-testid=cover], [data-testid=end], [data-testid=landing], "
           "[data-testid=sheet] [data-act], [data-testid=bazaar] [data-act]")


def secrets_of(state, seat) -> list:
    """What would give ``seat``'s secrets away on the screen: the labels of its hand's palace
    cards as the board draws them ("2 Sun cards"; Dancers are public) and the private sentences
    of its log ("The cards are dealt: you hold …", "You drew 1 Sun.")."""
    view = state.view(seat)
    labels = [f"{count} {CARD_NAMES[name]} card{'s' if count != 1 else ''}"
              for name in PALACES if (count := view["hand"].count(name))]
    public = state.view(None)["log"]
    names = [f"P{other}" for other in range(state.seats)]
    private = [GAME.describe(event, names, seat) for event, seen in zip(view["log"], public) if event != seen]
    return labels + private


def hand_labels(state, seat) -> list:
    """The labels of every card group of the seat's hand, Dancers too (the end turns them up)."""
    hand = state.view(seat)["hand"]
    return [f"{hand.count(name)} {CARD_NAMES[name]} card{'s' if hand.count(name) != 1 else ''}"
            if name != DANCER else f"{hand.count(name)} Dancer{'s' if hand.count(name) != 1 else ''}"
            for name in dict.fromkeys(hand)]


def shoot(page, name):
    """The screen now, at each of the four sizes."""
    SHOTS.mkdir(parents=True, exist_ok=True)

    def one(page, where):
        page.wait_for_timeout(80)
        size = page.viewport_size
        screenshot(page, str(SHOTS / f"{where}-{size['width']}x{size['height']}.png"))
        return []
    at_every_size(page, name, check=one)


def last_turn(seats: int, seed: int):
    """A game the Sharp bots play to its end, rewound to the start of its last turn: the winner
    is one chest short, and their turn begins."""
    state, rng = GAME.new_game(seats=seats, seed=seed), random.Random(seed)
    starts = []
    while not state.is_over:
        seat = state.to_act[0]
        if state.phase == "turn" and state.step == "act" and not state.acted:
            starts.append(len(state.history))
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    again = GAME.new_game(seats=seats, seed=seed)
    for seat, action in state.history[:starts[-1]]:
        again.apply(seat, action)
    return again


class Player:
    """Whoever holds the device: a Sharp bot's choice, tapped through the screen, the layout
    checked at every decision point on the way."""

    def __init__(self, page, seed):
        self.page, self.rng = page, random.Random(seed)
        self.problems, self.seen = [], set()
        self.sized = FirstOfEachKind()
        self.covers = []            # (phase, seat) of each cover lifted

    def check(self, where, turn_start=False, kind=""):
        """At every size the first of each kind of moment (``kind``: the action and its step), then
        on the phone."""
        found = at_every_size(self.page, where, sizes=self.sized(kind or where, turn_start), turn_start=turn_start)
        if found:       # what the person saw, for whoever mends it
            SHOTS.mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(SHOTS / f"problem-{len(self.problems)}.png"))
        self.problems += found

    def step(self) -> bool:
        """One action (or a hand-over) through the screen; False once the game is over."""
        page = self.page
        page.wait_for_selector(MOMENTS, timeout=60_000)
        if page.locator("[data-testid=end]").count():
            return False
        for moment, tap in (("cover", "[data-command=uncover]"), ("landing", "[data-command=pass-device]")):
            if page.locator(f"[data-testid={moment}]").count():
                if moment == "cover":
                    state = saved_state(page)
                    self.covers.append((state.phase, state.to_act[0]))
                if moment not in self.seen:     # once: what a hand-over looks like
                    shoot(page, f"hot-seat-{moment}")
                self.seen.add(moment)
                page.click(tap)
                return True
        state = saved_state(page)
        seat = state.to_act[0]
        action = GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), self.rng)
        self.seen.add(action["type"])
        where = f"round {state.round} seat {seat + 1} {action['type']}"
        self.check(where, turn_start=state.phase == "turn" and not state.acted and state.step == "act",
                   kind=f"{state.phase} {state.step} {action['type']}")
        done = len(state.history)
        self.tap(action, where)
        wait_for_actions(page, done)
        return True

    def tap(self, action, where):
        """A palace, then what to do there, then the way to pay (or the destination)."""
        page, kind = self.page, action["type"]
        if kind in ("place_thief", "steal", "move_guard", "move_neutral", "escort"):
            page.click(f"[data-command=palace][data-palace='{action.get('palace', action.get('from'))}']")
            self.check(where + ": the palace picked", kind=f"{kind}: the palace picked")
            if "to" in action and not page.locator(f"[data-testid=sheet] [data-mode={kind}]").count():
                page.click("[data-testid=sheet] [data-command=mode][data-mode=guard]")
                self.check(where + ": which guard", kind=f"{kind}: which guard")
            if kind != "steal" and not page.locator(act(action)).count():
                page.click(f"[data-testid=sheet] [data-command=mode][data-mode={kind}]")
                self.check(where + ": how", kind=f"{kind}: how")
            if "to" in action and not page.locator(act(action)).count():
                page.click(f"[data-testid=sheet] [data-command=move-to][data-to='{action['to']}']")
                self.check(where + ": how to pay", kind=f"{kind}: how to pay")
        page.click(act(action))

    def play(self, limit: int) -> bool:
        for _ in range(limit):
            if not self.step():
                return True
        return False


def open_saved(page, name):
    """Open a saved game in the running app: by way of home, so no step is taken on the screen of
    the game before it."""
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector(".game-card")
    page.evaluate(f"location.hash = '#/play/{name}'")
    page.wait_for_selector("[data-testid=play]")


def end_shows_everything(page, state, names):
    """The end names the reason and turns every hand up, whole."""
    page.wait_for_selector("[data-testid=end]")
    text = visible_text(page)
    reason = twelve_thieves.reason(state.view(None), names)
    assert reason in text, f"the reason is missing: {reason}"
    for seat in range(state.seats):
        shown = page.locator(f"[data-hand-of='{seat}'] .tcard").evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")
        assert sorted(shown) == sorted(hand_labels(state, seat)), (seat, shown)


def test_hot_seat_three_people_set_up_turns_and_end(server, page):
    """Ana, Ben and Cy place their guards (no cover: nothing is secret yet), play a round through
    the screen, then the last turn of a game (injected) to its end."""
    boot(page, server.url + "?fast#/")
    set_up(page, "twelve-thieves", ["Ana", "Ben", "Cy"])
    player = Player(page, 5)
    while saved_state(page).phase == "guards":
        player.step()
    assert not [cover for cover in player.covers if cover[0] == "guards"], player.covers
    shoot(page, "hot-seat-first-turn")
    # The bar names whose turn it is: at a hot-seat table "your turn" would name nobody.
    for _ in range(4):          # past a landing and a cover, to the next person's own turn
        page.wait_for_selector(MOMENTS)
        tap = next((t for t in ("[data-command=uncover]", "[data-command=pass-device]") if page.locator(t).count()), None)
        if not tap:
            break
        page.click(tap)
    page.wait_for_selector("[data-testid=sheet] [data-act]")
    state = saved_state(page)
    bar = page.inner_text(".tt-bar-status")
    assert f"{['Ana', 'Ben', 'Cy'][state.to_act[0]]}'s turn" in bar and "your turn" not in bar, bar
    rounds_start = len(saved_state(page).history)
    while saved_state(page).round < 2:
        player.step()
    assert len(saved_state(page).history) > rounds_start
    assert {"place_guard", "end_turn"} <= player.seen, player.seen
    late = last_turn(3, 3)
    names = ["Ana", "Ben", "Cy"]
    inject(page, late, Table([Seat([name]) for name in names]), "late")
    open_saved(page, "late")
    assert player.play(80), "the last turn did not end the game"
    state = saved_state(page)
    assert state.is_over
    shoot(page, "hot-seat-end")
    assert not player.problems, "\n".join(player.problems)
    end_shows_everything(page, state, names)
    assert not page.problems


def test_solo_against_two_bots(server, page):
    """Ana against Sharp and Ruthless: the set-up, her first turn, then the last turn of a game."""
    boot(page, server.url + "?fast#/")
    set_up(page, "twelve-thieves", ["Ana", "sharp", "ruthless"])
    player = Player(page, 8)
    while saved_state(page).round < 2:
        player.step()
    assert not player.covers, "a cover in a game with one person"
    table = Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(bot="ruthless")])
    inject(page, last_turn(3, 29), table, "solo-late")
    open_saved(page, "solo-late")
    assert player.play(80), "the last turn did not end the game"
    state = saved_state(page)
    shoot(page, "solo-end")
    assert not player.problems, "\n".join(player.problems)
    end_shows_everything(page, state, table.names())
    assert not page.problems


def crowded(seed=7):
    """A solo position, Ana to act, with thieves of at least three seats out in the bazaar."""
    state, rng = GAME.new_game(seats=3, seed=seed), random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        view = state.view(0)
        seats_out = {s for p in view["palaces"] for s, n in enumerate(p["thieves"]) if n}
        if state.to_act == (0,) and state.phase == "turn" and not state.acted and len(seats_out) == 3:
            return state
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    raise AssertionError("the game ended before three players had thieves out")


def test_one_figure_per_thief_and_every_screen_reads_well(server, open_page):
    """Each palace draws exactly one figure per thief of each seat, as the engine's view has them;
    and the table standard's audits (tests/test_app_reach.py, tests/layout.py text_audit) pass on
    the set-up, the board and a palace picked at three sizes: 44 px tap targets, 4.5:1 text, no
    text under 12 px or wider than its box, no hover outside (hover: hover)."""
    from test_app_reach import Audit
    state = crowded()
    page = open_page(SIZES["phone"])
    problems = []
    try:
        boot(page, server.url + "?fast#/new/twelve-thieves")
        page.wait_for_selector(".setup")
        audits = {name: Audit(page, name) for name in ("phone", "landscape", "tablet")}
        for name, audit in audits.items():
            page.set_viewport_size(SIZES[name])
            audit("twelve-setup")
        inject(page, state, Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(bot="ruthless")]), "crowd")
        open_saved(page, "crowd")
        page.wait_for_selector("[data-command=palace]")
        counted = page.evaluate("""() => [...document.querySelectorAll('[data-testid=bazaar] .palace')].map(p =>
            [0, 1, 2].map(s => p.querySelectorAll(`svg.thief.s${s}:not(.ghost)`).length))""")
        assert counted == [palace["thieves"] for palace in state.view(0)["palaces"]]
        shoot(page, "crowded-turn")
        for moment in ("twelve-board", "twelve-palace"):
            if moment == "twelve-palace":
                page.locator("[data-command=palace]").first.click()
                page.wait_for_selector("[data-testid=sheet] [data-command=back]")
            for name, audit in audits.items():
                page.set_viewport_size(SIZES[name])
                audit(moment)
                problems += text_audit(page, moment)
    finally:
        page.close()
    problems += [problem for audit in audits.values() for problem in audit.problems]
    assert not problems, "\n".join(problems)


RUNNING_ON_BOARD = """() => document.getAnimations().filter(a => a.playState === 'running'
    && a.effect && a.effect.target && a.effect.target.closest('[data-testid=board]')).length"""


def test_a_thief_drops_in_and_nothing_moves_under_reduced_motion(server, page):
    """The thief a person places drops into its palace (its figure animates); with reduced motion
    the same move lands and nothing on the board moves."""
    state = crowded()
    thief = next(a for a in state.legal_actions(0) if a["type"] == "place_thief")
    figure = f"[data-motion='thief-{thief['palace']}-0-{state.view(0)['palaces'][thief['palace']]['thieves'][0]}']"
    boot(page, server.url + "?fast#/")
    table = Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(bot="ruthless")])
    for name, motion in (("still", "reduce"), ("moving", "no-preference")):
        page.emulate_media(reduced_motion=motion)
        inject(page, state, table, name)
        open_saved(page, name)
        page.click(f"[data-command=palace][data-palace='{thief['palace']}']")
        if not page.locator(act(thief)).count():
            page.click("[data-testid=sheet] [data-command=mode][data-mode=place_thief]")
        page.click(act(thief))
        page.wait_for_selector(figure)
        if motion == "reduce":
            page.wait_for_timeout(200)
            assert page.evaluate(RUNNING_ON_BOARD) == 0, "something moves under reduced motion"
        else:
            page.wait_for_function(f"document.querySelector({figure!r}).getAnimations().length > 0", timeout=5_000)
    assert saved_state(page).view(0)["palaces"][thief["palace"]]["thieves"][0] == state.view(0)["palaces"][thief["palace"]]["thieves"][0] + 1


def test_rules_page_draws_with_the_board(server, page):
    """The rules page's pictures are the board's own: a palace with its guards and costs, a
    steal, a pass draw, the cards; and it reads well at every size."""
    boot(page, server.url + "?fast#/rules/twelve-thieves")
    page.wait_for_selector(".rules")
    assert page.locator(".rules .palace").count() == 3          # a palace, and a steal's before and after
    assert page.locator(".rules .palace .shield").count() >= 8 and page.locator(".rules svg.thief").count() >= 6
    assert page.locator(".rules .tcard").count() >= 7 + 4        # the seven cards and a pass draw
    assert page.locator("table.costs tr").count() == 6
    rules = page.inner_text(".table-rules")
    assert "Dancer" in rules and "cover" in rules
    def reads_well(page, where):
        screenshot(page, str(SHOTS / f"rules-{page.viewport_size['width']}x{page.viewport_size['height']}.png"))
        wide = page.evaluate("document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth")
        return text_audit(page, where) + ([f"{where} scrolls sideways"] if wide else [])
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = at_every_size(page, "rules", check=reads_well)
    assert not problems, "\n".join(problems)


def watch_step(page, step=None) -> int:
    """The move Watch it back shows (waiting for ``step`` when given)."""
    if step is not None:
        page.wait_for_function(f"document.querySelector('[data-testid=play]')?.dataset.step === '{step}'")
    return int(page.get_attribute("[data-testid=play]", "data-step"))


def watched_back(page, server, game, names, seed, shots, problems):
    """Sharp bots play a game to its end; it is opened in Watch it back, and at the end, in a middle
    round and a move later this yields (where, the replayed state at that move) once the screen has
    read well at every size (``problems`` collects what does not) and the board offers nothing to
    tap.  Every board's Watch-it-back test walks these moments (tests/test_app_guild.py and
    tests/test_app_master_thieves.py import it)."""
    state, rng = game.new_game(seats=len(names), seed=seed), random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, game.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    replay = Replay(pycore.record(state))
    boot(page, server.url + "?fast#/")
    inject(page, state, Table([Seat([name]) for name in names]), "watched")
    page.evaluate("location.hash = '#/watch/watched'")
    number, first = replay.rounds()[len(replay.rounds()) // 2]

    def reads_well(page, where):
        shot = f"watch-{where}-{page.viewport_size['width']}x{page.viewport_size['height']}.png"
        screenshot(page, str(shots / shot))
        return check_choice(page, where) + text_audit(page, where)
    shots.mkdir(parents=True, exist_ok=True)
    for where, step in (("end", replay.length), (f"round-{number}", first), ("a-move-on", first + 1)):
        if step == first:
            page.select_option("[data-field=watch-round]", str(first))
        elif step == first + 1:
            page.click("[data-command=watch-go][aria-label='One move on']")
        watch_step(page, step)
        problems += at_every_size(page, where, check=reads_well)
        assert not page.locator("[data-testid=board] [data-act], [data-testid=board] [data-command]").count(), where
        yield where, replay.state_at(step)


def test_watch_it_back_turns_every_hand_up(server, page):
    """A finished game watched back: at the end, in a middle round and a move later, every
    player's hand is drawn whole, as the replayed game holds it at that move, on the board the game
    was played on, with nothing to tap but the watch's own controls; it reads well at every size."""
    problems = []
    for where, at in watched_back(page, server, GAME, ["Ana", "Ben", "Cy"], 12, SHOTS, problems):
        for seat in range(3):
            shown = page.locator(f"[data-hand-of='{seat}'] .tcard").evaluate_all(
                "cards => cards.map(c => c.getAttribute('aria-label'))")
            assert sorted(shown) == sorted(hand_labels(at, seat)), (where, seat, shown)
    assert not problems, "\n".join(problems)
    assert not page.problems


HANDS_IN_VIEW = """() => {
    const board = document.querySelector('[data-testid=board]').getBoundingClientRect();
    const bottom = Math.min(board.bottom, innerHeight), right = Math.min(board.right, innerWidth);
    const parts = [document.querySelector('[data-testid=final-hands] h3'),
                   ...document.querySelectorAll('[data-testid=final-hands] [data-hand-of] .tcard')];
    return parts.filter(el => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.top < board.top - 0.5 || r.bottom > bottom + 0.5 || r.right > right + 0.5 || !(top && el.contains(top));
    }).map(el => el.getAttribute('aria-label') || el.innerText);
}"""


@pytest.mark.parametrize("seats", [3, 4])
def test_the_end_shows_every_hand_above_the_end_panel(server, page, seats):
    """The end screen: "Every hand, turned up" and each card of every hand lie in view on the
    board, none under the end panel nor past the edge, at every size (a phone, on its side, a
    tablet), for three and four players; the standings' headers are short words."""
    state, rng = GAME.new_game(seats=seats, seed=40 + seats), random.Random(seats)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    names = ["Ana", "Bartholomew", "Cy", "Dorotheanna"][:seats]
    boot(page, server.url + "?fast#/")
    inject(page, state, Table([Seat([name]) for name in names]), "over")
    open_saved(page, "over")
    page.wait_for_selector("[data-testid=end]")
    end_shows_everything(page, state, names)

    def hands_in_view(page, where):
        page.wait_for_timeout(60)
        size = page.viewport_size
        return [f"{where} at {size['width']}×{size['height']}: not in view: {part}" for part in page.evaluate(HANDS_IN_VIEW)]
    problems = at_every_size(page, f"the end of {seats}", check=hands_in_view)
    problems += at_every_size(page, f"the end of {seats}", check=text_audit)
    headers = page.locator("[data-testid=standings] thead th").all_inner_texts()
    assert [h for h in headers if len(h) > 10] == [], headers
    shoot(page, f"end-{seats}")
    assert not problems, "\n".join(problems)
    assert not page.problems
