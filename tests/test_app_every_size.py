"""Issue 36, "a nine at every size": each board's own faults of round two, at 390×844, 844×390 and
1024×768, with the longest names a table may have (tests/layout.py ``LONG_NAMES``), each screen
checked with ``check_table`` (nothing cut by a box or the screen's edge, no word or name broken
without a hyphen, every legal control in view and uncovered, the end's standings whole, on its
side no page scroll), and a tap on something that is no choice answered in one line (item 6).

One booted page a game; every position is made here in CPython and injected (tests/driver.py), so
a game costs seconds.  The states every board shares (a turn, a hand-over, the end, watching back)
are the state tour's (tests/tour.py, test_app_tour.py), which plays them with the same names."""
from __future__ import annotations

import json
import random

import pytest

import pycore
from driver import boot, inject
from frontend.boards import BOARDS
from frontend.shell.save_store import Save, SaveStore
from frontend.shell.table import Seat, Table
from layout import LONG_NAMES, TABLE_SIZES, at_every_size, check_state, check_table, settle
from tour import MOMENT, hot_seat_table, new_game, play_forward, solo_table

PERSON = LONG_NAMES[1]          # the person alone against bots: no hyphen to wrap at


def open_at(page, url: str, state, table: Table, name: str, moment: str = "turn", query: str = "?fast"):
    inject(page, state, table, name)
    page.goto(url + f"{query}#/play/{name}")
    page.wait_for_function(f"() => ({MOMENT})() === {json.dumps(moment)}", timeout=30_000)


def at_sizes(page, where: str, **kwargs) -> list:
    return at_every_size(page, where, check=check_table, sizes=TABLE_SIZES, **kwargs)


def says_why(page, selector: str, words: str, thing: str) -> list:
    """Tap something that is no choice (``thing``, found by ``selector``): one line in the sheet
    says why (issue 36, item 6)."""
    if not page.locator(selector).count():
        return [f"{thing}: nothing there says why a tap on it does nothing"]
    page.locator(selector).first.click()
    try:
        page.wait_for_selector(".tt-notice", timeout=5_000)
    except Exception:
        return [f"a tap on {thing} said nothing"]
    said = page.inner_text(".tt-notice")
    return [] if words.lower() in said.lower() else [f"a tap on {thing} said {said!r}, not {words!r}"]


# -- Thievery --------------------------------------------------------------------------------------
def thievery_turn():
    return play_forward(new_game("thievery", 24), lambda s: s.phase == "guessing" and list(s.to_act) == [0])


def thievery_lost():
    for seed in range(21, 60):
        state = play_forward(new_game("thievery", seed), seed=seed)
        if 0 not in state.outcome["winners"]:
            return state
    raise AssertionError("no game the person lost")


# A bot's run of guesses from here (the app decides with Play.move_rng): four guesses.
THIEVERY_RUN = (32, 6)
RUN_TIMES = """(key) => { window.runTimes = []; let last = -1;
  window.runWatch = setInterval(() => { const n = JSON.parse(JSON.parse(localStorage.getItem(key)).record).actions.length;
    if (n !== last) { window.runTimes.push([n, performance.now()]); last = n; } }, 20); }"""


@pytest.mark.browser
def test_thievery_at_every_size(server, page):
    """Names beside their rows whole; your own card and a face-up one say why they are no choice;
    after a hint another card's pad rings no hinted rank; a solo end says how close the person came;
    a bot's run of guesses lands one guess at a time at Normal speed."""
    boot(page, server.url + "?fast#/")
    url, problems = server.url, []
    open_at(page, url, thievery_turn(), solo_table(), "thv-turn")
    problems += at_sizes(page, "thievery turn", turn_start=True)
    problems += says_why(page, ".hand.mine .card[data-why]", "your own cards", "your own card")
    # The hint picks a card and rings its rank; another card picked rings none.
    page.click("[data-testid=bar-hint]")
    page.wait_for_selector(".btn.rank.hinted")
    other = page.locator("[data-command=pick-card]:not(.target)").first
    key = other.get_attribute("data-motion")
    other.click()
    page.wait_for_selector(f".card.target[data-motion='{key}']")
    if page.locator(".btn.rank.hinted").count():
        problems.append("after a hint, another card picked: its pad still rings the hint's rank")
    problems += at_sizes(page, "thievery another card after a hint")
    # The end of a lost solo game: how close the person came.
    open_at(page, url, thievery_lost(), solo_table(), "thv-end", "over")
    close = page.locator("[data-testid=how-close]").inner_text() if page.locator("[data-testid=how-close]").count() else ""
    if not close.startswith("You found") or "of Sly's" not in close:
        problems.append(f"the solo end says {close!r}")
    problems += at_sizes(page, "thievery solo end")
    # At Normal speed a bot's run lands one guess at a time, each at the speed's pace.
    seed, moves = THIEVERY_RUN
    state = play_forward(new_game("thievery", seed), lambda s: len(s.history) >= moves)
    inject(page, state, solo_table(), "thv-run")
    page.goto(url + "#/play/thv-run")
    page.wait_for_selector("[data-testid=play]")
    page.evaluate(RUN_TIMES, "thieves-table:save:thv-run")
    page.wait_for_function(f"() => window.runTimes.length && window.runTimes.at(-1)[0] >= {moves + 4}", timeout=30_000)
    times = page.evaluate("() => (clearInterval(window.runWatch), window.runTimes)")
    steps = [later - earlier for (_, earlier), (_, later) in zip(times[1:], times[2:5])]
    if min(steps) < 800:
        problems.append(f"a bot's guesses landed {[round(step) for step in steps]} ms apart at Normal (each should take its 900 ms)")
    assert not problems, "\n".join(problems)
    assert not page.problems, page.problems


# -- Guild of Thieves -----------------------------------------------------------------------------
def guild_turn():
    """Hot-seat: every house chosen, a person to rob (the owners' names on their houses)."""
    return play_forward(new_game("guild-of-thieves", 24),
                        lambda s: s.view(None)["phase"] != "choose" and s.to_act and s.view(s.to_act[0])["step"] == "rob"
                        and len(s.history) > 6)


@pytest.mark.browser
def test_guild_at_every_size(server, page):
    """The owners' names on their houses on its side (not seat numbers); a house that is no choice
    says why; the tablet's hand-over gives the board the log's empty column."""
    boot(page, server.url + "?fast#/")
    url, problems = server.url, []
    state = guild_turn()
    open_at(page, url, state, hot_seat_table(), "guild-turn", "handover")
    page.set_viewport_size(TABLE_SIZES["tablet"])
    settle(page)
    board = page.locator("[data-testid=board]").bounding_box()
    if board["width"] < 0.9 * TABLE_SIZES["tablet"]["width"]:
        problems.append(f"the tablet's hand-over leaves the board {board['width']:.0f} of 1024 px (the log's column stays, empty)")
    page.click("[data-command=uncover]")
    page.wait_for_function(f"() => ({MOMENT})() === 'turn'")
    problems += at_sizes(page, "guild turn", turn_start=True)
    page.set_viewport_size(TABLE_SIZES["landscape"])
    settle(page)
    shown = page.evaluate("""() => [...document.querySelectorAll('.house.owned:not(.mine) .h-name')]
        .filter(name => getComputedStyle(name).display !== 'none' && name.getBoundingClientRect().width > 20).length""")
    if not shown:
        problems.append("on its side the houses show their owners as seat numbers, not names")
    problems += says_why(page, ".house[data-why]", "house", "a house that is no choice")
    assert not problems, "\n".join(problems)
    assert not page.problems, page.problems


# -- Thieves of Eldris ----------------------------------------------------------------------------
def eldris_at(step: str, seats: int = 3):
    """A person at ``step`` of their turn (seat 0), after the first round."""
    def wanted(state):
        view = state.view(0)
        return (list(state.to_act) == [0] and view["step"] == step and view["round"] > 1
                and (step != "nick" or any(a["type"] == "steal" for a in state.legal_actions(0))))
    return play_forward(new_game("thieves-of-eldris", 24) if seats == 3 else
                        pycore.GAMES["thieves-of-eldris"].new_game(seats=seats, seed=24), wanted)


def eldris_won_by_a_reveal():
    """The moment a right Reveal takes the person (seat 0) to $8: a Ruthless player among a Sharp
    and a Novice one (Sharp bots alone never accuse for the win)."""
    game = pycore.GAMES["thieves-of-eldris"]
    state, rng, levels = game.new_game(seats=3, seed=0), random.Random(0), ("ruthless", "sharp", "novice")
    while True:
        seat = state.to_act[0]
        action = game.bots[levels[seat]].choose(state.view(seat), state.legal_actions(seat), rng)
        state.apply(seat, action)
        if action["type"] == "reveal" and seat == 0 and state.view(None)["players"][0]["money"] >= 16:
            return state
        assert not state.is_over, "the game ended before a Reveal won it"


# The money flourish at its widest, on every purse of the seats' lines (the board's own keyframes,
# started afresh at each size and held at their peak): inside the screen and off what stands beside
# it (the name before it on its line).
FLOURISH = """() => {
  const problems = [];
  for (const purse of document.querySelectorAll('.e-seats .money')) {
    purse.classList.remove('e-coin'); void purse.offsetWidth; purse.classList.add('e-coin');
    const a = purse.getAnimations().find(each => each.animationName === 'e-coin');
    if (!a) { problems.push('a purse has no e-coin flourish'); continue; }
    a.pause(); a.currentTime = 0.35 * a.effect.getComputedTiming().duration;
    const r = purse.getBoundingClientRect();
    if (r.left < 0 || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight) problems.push(`a purse runs off the screen: ${Math.round(r.left)}–${Math.round(r.right)} of ${innerWidth}`);
    for (const beside of purse.parentElement.children) {
      const n = beside.getBoundingClientRect();
      if (beside !== purse && n.width && r.left < n.right - 1 && r.right > n.left + 1 && r.top < n.bottom - 1 && r.bottom > n.top + 1)
        problems.push(`a purse runs into "${beside.textContent.trim().slice(0, 30)}" beside it`);
    }
    a.finish(); purse.classList.remove('e-coin');
  }
  return problems;
}"""


@pytest.mark.browser
def test_eldris_at_every_size(server, page):
    """The purse's flourish stays on the screen and off the name; the Nick Phase says what a ring
    is; after a hint another card may be picked at once; an unringed card says why; a Reveal that
    reaches $8 ends the game at once (no bar saying a bot picks a new Cutpurse)."""
    boot(page, server.url + "?fast#/")
    url, problems = server.url, []
    open_at(page, url, eldris_at("slip"), solo_table(), "eldris-slip")
    if page.locator("[data-command=roll]").count():
        page.click("[data-command=roll]")
    page.click("[data-testid=bar-hint]")
    page.wait_for_selector(".tile.picked")
    hinted = page.get_attribute(".tile.picked", "data-spot")
    other = page.locator(f".tile[data-command=pick]:not([data-spot='{hinted}'])")
    if not other.count():
        problems.append("after a hint no other card can be picked: only Put it back")
    else:
        spot = other.first.get_attribute("data-spot")
        other.first.click()
        page.wait_for_selector(f".tile.picked[data-spot='{spot}']")
    problems += at_sizes(page, "eldris a card picked after a hint")
    problems += says_why(page, ".tile[data-why]", "", "an unringed card")
    open_at(page, url, eldris_at("nick"), solo_table(), "eldris-nick")
    if "ringed" not in page.inner_text("[data-testid=sheet] .tt-prompt"):
        problems.append(f"the Nick Phase's prompt says {page.inner_text('[data-testid=sheet] .tt-prompt')!r}: what is a ring?")
    problems += at_sizes(page, "eldris nick", turn_start=True)
    for size in TABLE_SIZES.values():
        page.set_viewport_size(size)
        settle(page)
        problems += [f"eldris flourish at {size['width']}×{size['height']}: {p}" for p in page.evaluate(FLOURISH)]
    # A Reveal that reaches $8 ends the game there: the bar says so at once, with no bot left to
    # pick a new Cutpurse for a game that is over (Normal speed: such a bot would take seconds).
    inject(page, eldris_won_by_a_reveal(), solo_table(), "eldris-won")
    page.goto(url + "#/play/eldris-won")
    page.wait_for_selector("[data-testid=play]")
    bar = page.inner_text("[data-testid=bar-status]")
    if page.evaluate(MOMENT) != "over" or "picks a new Cutpurse" in bar:
        problems.append(f"after the Reveal that reached $8 the bar says {bar!r}, not that the game is over")
    else:
        problems += at_sizes(page, "eldris won by a reveal")
    assert not problems, "\n".join(problems)
    assert not page.problems, page.problems


def test_eldris_solo_hints_speak_of_no_others():
    """Alone against the Foes there are no "others" to fool with a decoy (issue 36)."""
    game = pycore.GAMES["thieves-of-eldris"]
    ruthless, said = game.bots["ruthless"], []
    for seed in range(4):
        state, rng = game.new_game(seats=1, seed=seed), random.Random(seed)
        while not state.is_over:
            advice = ruthless.advise(state.view(0), state.legal_actions(0), rng)
            said.append(advice["why"])
            state.apply(0, advice["action"])
    assert said and not [why for why in said if "others" in why], [why for why in said if "others" in why][:3]


# -- Master Thieves ---------------------------------------------------------------------------------
@pytest.mark.browser
def test_master_thieves_at_every_size(server, page):
    """On its side the cabinet takes the height there is; a drawer that is no choice says why."""
    boot(page, server.url + "?fast#/")
    url, problems = server.url, []
    state = play_forward(new_game("master-thieves", 24),
                         lambda s: s.view(None)["phase"] == "choose" and 0 in s.to_act and s.view(None)["round"] > 1)
    open_at(page, url, state, solo_table(), "mt-turn")
    problems += at_sizes(page, "master thieves choosing a role", turn_start=True)
    page.set_viewport_size(TABLE_SIZES["landscape"])
    settle(page)
    cabinet, board = page.locator("[data-testid=cabinet]").bounding_box(), page.locator("[data-testid=board]").bounding_box()
    if cabinet["height"] < 0.55 * board["height"]:
        problems.append(f"on its side the cabinet is {cabinet['height']:.0f} px tall on a board of {board['height']:.0f}")
    problems += says_why(page, ".mt-drawer[data-why]", "", "a drawer in the choice of roles")
    assert not problems, "\n".join(problems)
    assert not page.problems, page.problems


def test_master_thieves_standings_count_the_white_cushion_as_the_score_does():
    state = play_forward(new_game("master-thieves", 21), seed=21)
    view, names = state.view(None), ["A", "B", "C"]
    for row in BOARDS["master-thieves"].standings(view, names):
        figures = row["figures"]
        white = int(str(figures["White cushion"]).replace("−", "-"))
        assert white <= 0 and figures["Score"] == figures["Black cushion"] + white, figures


# -- 12 Thieves ----------------------------------------------------------------------------------------
def twelve_at(seed: int, moves: int):
    game = pycore.GAMES["twelve-thieves"]
    return play_forward(game.new_game(seats=3, seed=seed, options=dict(game.options)), lambda s: len(s.history) >= moves, seed=seed)


# A big hand (seven kinds of card) and a palace holding three players' thieves; a palace whose
# chests are all gone.  (Sharp bots from these seeds, found once: the test checks they still are.)
TWELVE_STATES = {"a big hand, three players' thieves": (14, 103), "a palace with no chest left": (3, 195)}
HAND_IN_VIEW = """() => { const dock = document.querySelector('.tt-dock');
  const off = [...document.querySelectorAll('.hand12 .tcard')].filter(card => card.getBoundingClientRect().right > innerWidth + 0.5);
  return (dock.scrollWidth > dock.clientWidth + 1 ? [`the dock scrolls sideways (${dock.scrollWidth} > ${dock.clientWidth})`] : [])
    .concat(off.map(card => `a card of the hand runs off the screen: "${card.innerText.trim()}"`)); }"""


@pytest.mark.browser
def test_twelve_thieves_at_every_size(server, page):
    """On its side a big hand wraps inside the screen, three players' thieves stay above the cost
    line, "none left" beside a palace's name; a palace that is no choice says why."""
    boot(page, server.url + "?fast#/")
    url, problems = server.url, []
    for number, (what, (seed, moves)) in enumerate(TWELVE_STATES.items()):
        state = twelve_at(seed, moves)
        view = state.view(0)
        assert list(state.to_act) == [0], what
        open_at(page, url, state, solo_table(), f"twelve-{number}")
        problems += at_sizes(page, f"twelve thieves, {what}", turn_start=True)
        page.set_viewport_size(TABLE_SIZES["landscape"])
        settle(page)
        problems += [f"twelve thieves, {what}: {p}" for p in page.evaluate(HAND_IN_VIEW)]
        if number == 0:
            assert len(set(view["hand"])) >= 7 and any(sum(1 for c in p["thieves"] if c) == 3 for p in view["palaces"])
        else:       # drawing after a pass: no palace is a choice, and a tap on one says so
            assert any(not p["chests"] for p in view["palaces"])
            problems += says_why(page, ".palace[data-why], .palace[data-say]", "", "a palace while drawing")
    assert not problems, "\n".join(problems)
    assert not page.problems, page.problems


# -- the set-up, imports, the examples ------------------------------------------------------------
@pytest.mark.browser
def test_the_set_up_at_every_size(server, page):
    """On its side Deal is in view (the form scrolls, the page does not); the name field says how
    long a name may be before anything is typed; each level says what it means in this game; and
    every game's first solo game on this device seats Novice bots."""
    boot(page, server.url + "?fast#/")
    problems = []
    inject(page, thievery_turn(), solo_table(), "kept")     # a Thievery game kept: Thievery's next is Sharp
    for game_id, level in (("guild-of-thieves", "novice"), ("thievery", "sharp")):
        page.goto(server.url + f"?fast#/new/{game_id}")
        page.wait_for_selector(".setup")
        chosen = page.locator("[data-field=bot]").first.input_value()
        if chosen != level:
            problems.append(f"{game_id}'s set-up seats {chosen} bots, not {level}")
    page.click("[data-command=setup-seats][data-delta='1']")
    page.click("[data-command=setup-kind][data-seat='1'][data-kind=person]")
    page.click("[data-command=setup-kind][data-seat='2'][data-kind=phone]")     # four kinds in a row (issue 40)
    if "at most 20" not in page.inner_text(".setup .field"):
        problems.append(f"the name field says {page.inner_text('.setup .field')!r}")
    here = page.locator("[data-testid=bot-level-here]").first.inner_text() if page.locator("[data-testid=bot-level-here]").count() else ""
    if not here.startswith("In Thievery,") or "clear the table" not in here:
        problems.append(f"the level's words in Thievery: {here!r}")

    def deal_in_view(page, where):
        found = check_state(page, where)
        box = page.locator("[data-command=setup-start]").bounding_box()
        size = page.viewport_size
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('[data-command=setup-start]') !== null",
                            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        if box["y"] + box["height"] > size["height"] or not hit:
            found.append(f"{where} at {size['width']}×{size['height']}: Deal is out of view or covered (at {box['y']:.0f}–{box['y'] + box['height']:.0f})")
        return found
    problems += at_every_size(page, "set-up", check=deal_in_view, sizes=TABLE_SIZES)
    # /examples/ is a page of the example pages.
    examples = page.request.get(server.url + "examples/")
    if not examples.ok or "thievery-rules.html" not in examples.text():
        problems.append(f"/examples/ answers {examples.status}")
    assert not problems, "\n".join(problems)
    assert not page.problems, page.problems


class Storage(dict):
    def set(self, key, value):
        self[key] = value

    def remove(self, key):
        self.pop(key, None)

    def keys(self):
        return list(super().keys())


def test_importing_the_same_file_twice_adds_nothing_and_says_so():
    from frontend.shell import transfer
    store = SaveStore(Storage())
    state = pycore.GAMES["thievery"].new_game(seats=3, seed=3)
    file = transfer.export_text([Save("g1", "thievery", solo_table(), state, 1.0, 2.0).to_json()])
    assert transfer.import_file(store, file) == "Imported 1 game."
    assert transfer.import_file(store, file) == "Nothing imported: that game is already on this device."
    assert len(store.listing().entries) == 1


def test_thieverys_hint_says_why_in_the_players_terms():
    """"The hardest to tell, so guess it first" read as bad advice: the hint says what it does for
    the player (sure cards kept for last, a miss shows the others nothing of them)."""
    game, said = pycore.GAMES["thievery"], []
    state = thievery_turn()
    for seed in range(6):
        advice = game.bots["ruthless"].advise(state.view(0), state.legal_actions(0), random.Random(seed))
        said.append(advice["why"])
    unsure = [why for why in said if "most likely" in why]
    assert unsure, said
    assert all("hardest to tell" not in why and "unsure of first" in why for why in unsure), unsure
