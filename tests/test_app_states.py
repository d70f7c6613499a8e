"""Issue 24, the shell's part, in Chromium: the states a newcomer trips on in every game — a hint
open, a hot-seat take-back, the bar, the end's standings, someone who is out, the bots' pace and
the set-up's words.  Each test injects the moment it needs (driver.inject) and resizes in place
(layout.at_every_size), so it stays quick."""
import doctest
import random

import pytest

import pycore
from conftest import ARTIFACTS
from browsing import screenshot
from driver import boot, inject
from frontend.boards import BOARDS
from frontend.shell import settings
from frontend.shell.table import Seat, Table
from layout import SIZES, at_every_size, check_choice, check_state, settle
from test_app_reach import bots_play

pytestmark = pytest.mark.browser

HINTED_GAMES = ["thievery", "guild-of-thieves", "thieves-of-eldris"]     # a hint picks a card, house or tile


def shoot(page, name: str):
    """A screenshot for a person to look at (test-artifacts/, never committed)."""
    ARTIFACTS.mkdir(exist_ok=True)
    size = page.viewport_size
    screenshot(page, str(ARTIFACTS / f"states-{name}-{size['width']}x{size['height']}.png"))


def solo(seats: int) -> Table:
    return Table([Seat(["Ann"])] + [Seat(bot="sharp") for _ in range(seats - 1)])


def hot_seat(seats: int) -> Table:
    return Table([Seat([name]) for name in ("Ann", "Ben", "Cy", "Dee")[:seats]])


def at_own_turn(game_id: str, seed: int = 22, moves: int = 4, seats: int = 3, secret: bool = False):
    """A game played by Sharp bots until seat 0 is to act alone, after a few moves (``secret``: at
    a moment when seat 0's screen shows what the others may not see)."""
    game, board = pycore.GAMES[game_id], BOARDS[game_id]
    return bots_play(game.new_game(seats=seats, seed=seed, options=dict(game.options)),
                     lambda s: (0 in s.to_act if secret else list(s.to_act) == [0]) and len(s.history) > moves
                     and (not secret or board.shows_secrets(s.view(0), s.view(None))))


def open_game(page, server, state, table, name, query="?fast"):
    inject(page, state, table, name)
    page.goto(server.url + f"{query}#/play/{name}")
    page.wait_for_selector("[data-testid=play]")


def ask_hint(page, from_bar: bool = False):
    if from_bar:
        page.click("[data-testid=bar-hint]")
    else:
        page.click("[data-command=menu]")
        page.click("[data-testid=menu] [data-command=hint]")
    page.wait_for_selector("[data-testid=hint]")
    settle(page)


def draft_html(page) -> str:
    """What the person's choice looks like now: the board, the hand and the sheet, hint rings aside."""
    return page.evaluate("""() => ['board', 'hand', 'sheet'].map(id => {
        const el = document.querySelector(`[data-testid=${id}]`);
        return el ? el.innerHTML.replace(/ ?tt-hint/g, '') : ''; }).join('|')""")


# -- 1 and 4: a hint advises; the person still chooses, and the bar says help exists ----------------
@pytest.mark.parametrize("game_id", HINTED_GAMES)
def test_a_hint_leaves_the_choice_free_and_the_bar_offers_it(server, page, game_id):
    boot(page, server.url + "?fast#/")
    open_game(page, server, at_own_turn(game_id), solo(3), f"hint-{game_id}")
    page.wait_for_selector("[data-testid=sheet] .tt-prompt")
    for tool in ("bar-hint", "bar-take-back"):
        box = page.locator(f"[data-testid={tool}]").bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, f"{game_id}: the bar's {tool} is {box}"
    before = draft_html(page)
    ask_hint(page, from_bar=True)
    hinted = draft_html(page)
    assert hinted != before, f"{game_id}: the hint drew nothing on the board"
    # Tap another thing one picks (not the hinted one): the choice moves to it.
    others = page.locator("[data-pick]:not(.tt-hint):not([disabled])")
    assert others.count(), f"{game_id}: nothing else to pick after the hint"
    others.first.click()
    settle(page)
    assert draft_html(page) != hinted, f"{game_id}: tapping another choice after a hint changed nothing"
    # Back to the hint, then a board's own way back ("Back", "Put it back") puts the hint's pick down.
    ask_hint(page)
    back = page.locator("[data-testid=sheet] [data-command]:not([data-act])", has_text="back")
    if back.count():
        back.first.click()
        settle(page)
        assert draft_html(page) != hinted, f"{game_id}: Back after a hint did nothing"
    assert not page.problems, page.problems


# -- 3: the hint is a line in the strip; every choice stays in view at every size ------------------
# The whole state is checked (layout.check_state).
@pytest.mark.parametrize("game_id", ["thievery", "guild-of-thieves", "thieves-of-eldris"])
def test_with_a_hint_open_every_choice_stays_in_view(server, page, game_id):
    boot(page, server.url + "?fast#/")
    open_game(page, server, at_own_turn(game_id), solo(3), f"hint-size-{game_id}")
    page.wait_for_selector("[data-testid=sheet] .tt-prompt")
    ask_hint(page)

    def hint_fits(page, where):
        problems = check_state(page, where)
        hint = page.evaluate("""() => { const el = document.querySelector('[data-testid=hint]');
            const r = el.getBoundingClientRect(); return [r.top, r.bottom, innerHeight, el.closest('.tt-sheet') !== null]; }""")
        if hint[1] > hint[2] or hint[3]:
            problems.append(f"{where}: the hint line is not in the strip or off the screen: {hint}")
        shoot(page, f"hint-{game_id}")
        return problems
    problems = at_every_size(page, f"{game_id} with a hint", check=hint_fits)
    assert not problems, "\n".join(problems)
    # The whole reason is a tap away.
    line = page.inner_text("[data-testid=hint]")
    page.click("[data-testid=hint]")
    assert len(page.inner_text("[data-testid=hint-why]")) > len(line), "the hint's reason is not behind its line"
    assert not page.problems, page.problems


# -- 2: a hot-seat take-back hides the mover's secrets before anyone else is asked -----------------
@pytest.mark.parametrize("game_id", list(BOARDS))
def test_a_hot_seat_take_back_shows_only_the_public_board(server, page, game_id):
    boot(page, server.url + "?fast#/")
    open_game(page, server, at_own_turn(game_id, moves=6, secret=True), hot_seat(3), f"undo-{game_id}")
    page.wait_for_selector("[data-testid=cover]")
    public_board = page.inner_html("[data-testid=board]")
    page.click("[data-command=uncover]")
    page.wait_for_selector("[data-testid=sheet] .tt-prompt")
    page.click("[data-testid=bar-take-back]")
    page.wait_for_selector("[data-testid=take-back]")
    assert page.get_attribute("[data-testid=play]", "data-seat") == "", f"{game_id}: a seat's own view behind the panel"
    assert page.locator("[data-testid=hand]").count() == 0, f"{game_id}: the mover's hand lies behind the panel"
    assert page.inner_html("[data-testid=board]") == public_board, f"{game_id}: the board behind the panel is not the public one"
    # Everyone can reach the panel's taps at every size (under an open panel, its controls are the choice).
    problems = at_every_size(page, f"{game_id} take-back panel", check=check_choice, modal=True)
    assert not problems, "\n".join(problems)
    # Closed without agreeing: the one to move sees a cover again before their secrets show.
    page.click("[data-testid=take-back] [data-command=close-overlay]")
    page.wait_for_selector("[data-testid=cover]")
    assert not page.problems, page.problems


# -- 5: the bar's words fit; set-up's Deal bar covers no seat; Settings open below their button ------
def status_fits(page, where) -> list:
    box = page.evaluate("""() => { const el = document.querySelector('[data-testid=bar-status]');
        const bar = el.closest('.tt-bar').getBoundingClientRect(), r = el.getBoundingClientRect();
        const line = parseFloat(getComputedStyle(el).lineHeight);
        return {top: r.top, bottom: r.bottom, barTop: bar.top, barBottom: bar.bottom, lines: Math.round(el.scrollHeight / line),
                cut: el.scrollHeight > el.clientHeight + 1, text: el.innerText}; }""")
    problems = []
    if box["top"] < box["barTop"] - 0.5 or box["bottom"] > box["barBottom"] + 0.5:
        problems.append(f"{where}: the status runs out of the bar: {box}")
    if box["lines"] > 2 or box["cut"]:
        problems.append(f"{where}: the status takes {box['lines']} lines (cut: {box['cut']}): {box['text']!r}")
    return problems


def test_the_bar_status_fits_in_two_lines(server, page):
    boot(page, server.url + "?fast#/")
    problems = []
    for game_id in BOARDS:
        game = pycore.GAMES[game_id]
        state = game.new_game(seats=3, seed=4, options=dict(game.options))
        open_game(page, server, state, solo(3), f"bar-{game_id}")
        page.wait_for_selector("[data-testid=bar-status]")
        problems += at_every_size(page, f"{game_id} at its start", check=status_fits)
    # The longest status the shell writes itself: watching a long game back at its last move.
    done = bots_play(pycore.GAMES["guild-of-thieves"].new_game(seats=3, seed=4), lambda s: False)
    inject(page, done, solo(3), "bar-watch")
    page.goto(server.url + "?fast#/watch/bar-watch")
    page.wait_for_selector("[data-testid=bar-status]")
    problems += at_every_size(page, "watching back", check=status_fits)
    assert not problems, "\n".join(problems)


def test_set_up_on_its_side_and_settings_below_their_button(server, page):
    boot(page, server.url + "?fast#/")
    page.set_viewport_size(SIZES["landscape"])
    page.goto(server.url + "?fast#/new/guild-of-thieves")
    page.wait_for_selector(".setup")
    covered = page.evaluate("""() => [...document.querySelectorAll('.seat-row button, .seat-row select')].map(el => {
        el.scrollIntoView({block: 'end'});
        const r = el.getBoundingClientRect(), top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return top === el || el.contains(top) ? '' : `${el.textContent.trim() || el.dataset.field} under ${top && top.className}`;
    }).filter(Boolean)""")
    assert not covered, covered
    page.goto(server.url + "?fast#/")
    page.click("[data-command=settings]")
    page.wait_for_selector("[data-testid=settings]")
    button = page.locator(".home-tools [data-command=settings]").bounding_box()
    panel = page.locator("[data-testid=settings]").bounding_box()
    assert button["y"] + button["height"] <= panel["y"], f"Settings' button {button} is not above its panel {panel}"
    assert not page.problems, page.problems


# -- 6: the end's standings fit any table; one person alone is told won or lost ---------------------
STANDINGS_FIT = """() => {
  const problems = [], table = document.querySelector('[data-testid=standings]');
  if (!table) return ['no standings'];
  const r = table.getBoundingClientRect();
  if (r.right > innerWidth + 0.5) problems.push(`the table runs to ${Math.round(r.right)} of ${innerWidth}`);
  const wrap = table.closest('.tt-standings-wrap');
  if (wrap.scrollWidth > wrap.clientWidth + 1) problems.push(`the table is wider than its place (${wrap.scrollWidth} > ${wrap.clientWidth}): `
    + [...table.querySelectorAll('thead th, tbody tr:first-child > *')].map(c => `${c.textContent.trim()} ${Math.round(c.getBoundingClientRect().width)}`).join(', '));
  for (const cell of table.querySelectorAll('th, td')) {
    for (const word of cell.textContent.split(/\\s+/).filter(Boolean)) {
      const at = cell.textContent.indexOf(word), node = [...cell.childNodes].find(n => n.nodeType === 3);
      if (!node || at + word.length > node.textContent.length) continue;
      const range = document.createRange();
      range.setStart(node, node.textContent.indexOf(word)); range.setEnd(node, node.textContent.indexOf(word) + word.length);
      const lines = new Set([...range.getClientRects()].map(b => Math.round(b.top)));
      if (lines.size > 1) problems.push(`"${word}" is broken over ${lines.size} lines`);
    }
  }
  return problems;
}"""


@pytest.mark.parametrize("game_id", list(BOARDS))
def test_the_end_standings_fit_at_every_size(server, page, game_id):
    boot(page, server.url + "?fast#/")
    game = pycore.GAMES[game_id]
    seats = min(game.seat_range(game.options)[1], 6)
    done = bots_play(game.new_game(seats=seats, seed=9, options=dict(game.options)), lambda s: False)
    open_game(page, server, done, solo(seats), f"end-{game_id}")
    page.wait_for_selector("[data-testid=end]")
    if not page.locator("[data-testid=standings]").count():
        pytest.skip(f"{game_id} draws no standings")

    def fits(page, where):
        settle(page)
        size = page.viewport_size
        shoot(page, f"end-{game_id}")
        return [f"{where} at {size['width']}×{size['height']}: {problem}" for problem in page.evaluate(STANDINGS_FIT)]
    problems = at_every_size(page, f"{game_id} end", check=fits)
    assert not problems, "\n".join(problems)
    assert page.get_attribute("[data-testid=standings] thead th.place", "aria-label") == "Place"
    assert not page.problems, page.problems


def test_a_lost_solo_never_says_place_1(server, page):
    boot(page, server.url + "?fast#/")
    game = pycore.GAMES["thieves-of-eldris"]
    done = None
    for seed in range(40):
        state = game.new_game(seats=1, seed=seed, options=dict(game.options))
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, game.bots["novice"].choose(state.view(seat), state.legal_actions(seat), rng))
        if not state.outcome["winners"]:
            done = state
            break
    assert done is not None, "no lost solo in 40 deals"
    open_game(page, server, done, Table([Seat(["Ann"])]), "solo-lost")
    page.wait_for_selector("[data-testid=standings]")
    # The board ranks the person against the Rivals: whoever won stands first, never the loser alone.
    rows = page.eval_on_selector_all("[data-testid=standings] tbody tr",
                                     "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))")
    mine = [row for row in rows if "Ann" in row]
    assert mine and mine[0][0] not in ("1", "Won"), rows
    assert len(rows) > 1 or mine[0][0] == "Lost", rows
    assert "Ann wins" not in page.inner_text("[data-testid=end] h2")
    assert not page.problems, page.problems


# -- 7: someone who is out is not offered "Skip to my turn" -----------------------------------------
def out_early(game_id):
    """A game where a seat is out and the others play on (Sharp bots at every seat until then):
    the state and that seat."""
    game = pycore.GAMES[game_id]
    for seed in range(200):
        for seats in (3, 4, 5):
            state, rng = game.new_game(seats=seats, seed=seed, options=dict(game.options)), random.Random(seed)
            while not state.is_over:
                out = [player["seat"] for player in state.view(None)["players"] if player["out"]]
                if out:
                    return state, out[0]
                seat = state.to_act[0]
                state.apply(seat, game.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    raise AssertionError(f"{game_id}: nobody was ever out with the game going on")


@pytest.mark.parametrize("game_id", ["guild-of-thieves", "thieves-of-eldris"])
def test_someone_out_is_offered_the_end_not_their_turn(server, page, game_id):
    boot(page, server.url + "?fast#/")
    state, out = out_early(game_id)
    assert BOARDS[game_id].turn_coming(state.view(None), out) is False
    table = Table([Seat(["Ann"]) if seat == out else Seat(bot="sharp") for seat in range(state.seats)])
    open_game(page, server, state, table, f"out-{game_id}", query="")
    page.wait_for_selector("[data-command=skip-bots]")
    words = page.inner_text("[data-testid=sheet]")
    assert "Skip to my turn" not in words and "Skip to the end" in words, words
    assert not page.problems, page.problems


# -- 8: the bots' pace at Normal, and the set-up's words for a first game --------------------------
def test_the_pace_rule_and_its_examples():
    assert doctest.testmod(settings).failed == 0
    # A bot's turn of six moves at Normal (Eldris' and Guild's longest are 6-8), nothing else
    # moving: within three seconds in all, each move still a wait of its own.
    waits = []
    for move in range(6):
        waits.append(settings.bot_wait("normal", 0, move > 0, sum(waits)))
    assert sum(waits) <= settings.BOT_TURN_MS and min(waits) >= 200, waits


def test_a_first_game_offers_novice_bots_and_says_what_each_level_means(server, fresh_page):
    page = fresh_page
    boot(page, server.url + "?fast#/")
    page.goto(server.url + "?fast#/new/guild-of-thieves")
    page.wait_for_selector(".setup")
    bots = page.locator("[data-field=bot]")
    assert bots.count() and all(bots.nth(i).input_value() == "novice" for i in range(bots.count()))
    assert "Good for a first game" in page.inner_text("[data-testid=bot-level-words] >> nth=0")
    page.select_option("[data-field=bot] >> nth=0", "ruthless")
    page.wait_for_function("document.querySelector('[data-testid=bot-level-words]').textContent.startsWith('Ruthless')")
    # Once a game is kept on the device, the next set-up seats Sharp bots.
    inject(page, at_own_turn("thievery"), solo(3), "kept")
    page.goto("about:blank")
    boot(page, server.url + "?fast#/new/thievery")
    page.wait_for_selector(".setup")
    assert page.locator("[data-field=bot]").first.input_value() == "sharp"
    assert not page.problems, page.problems


# -- 9: names break only where the language hyphenates ----------------------------------------------
def test_documents_say_their_language_and_names_never_break_bare(server, page):
    boot(page, server.url + "?fast#/")
    assert page.evaluate("document.documentElement.lang") == "en"
    rules = page.evaluate("""() => [...document.styleSheets].flatMap(s => { try { return [...s.cssRules]; } catch (e) { return []; } })
        .map(r => r.cssText).filter(t => /word-break:\\s*break-all/.test(t))""")
    assert not rules, rules
    open_game(page, server, at_own_turn("thieves-of-eldris"), solo(3), "names")
    assert page.evaluate("getComputedStyle(document.querySelector('[data-testid=play]')).hyphens") == "auto"
    page.goto(server.url + "?fast#/rules/master-thieves")
    page.wait_for_selector("[data-testid=rules-cs]", state="attached")
    assert page.get_attribute("[data-testid=rules-cs]", "lang") == "cs"
    assert not page.problems, page.problems
