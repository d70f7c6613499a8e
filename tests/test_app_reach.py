"""The table standard every game meets, in real Chromium at a phone (390x844), a phone on its side
(844x390) and a tablet (1024x768): every tap target is at least 44x44 CSS px, text contrast is at least 4.5:1 (WCAG AA), and the
current choice (a pad) is in view as soon as a card or house is chosen."""
import random

import pytest

import pycore
from conftest import ARTIFACTS
from browsing import screenshot
from driver import boot, inject, set_up
from frontend.shell.table import Seat, Table
from layout import MOVING

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768},
         "landscape": {"width": 844, "height": 390}}      # a phone on its side
MIN_TARGET = 44

# Every visible interactive element smaller than 44x44 (a checkbox counts as its label, which is
# what a finger taps), and every visible piece of text whose colour against what lies under it is
# below 4.5:1.  Backgrounds are blended up the tree; text over a picture (a gradient card back,
# drawn with its own outline and shadow) cannot be measured this way and is skipped, as is
# disabled controls' text (WCAG exempts inactive components).
AUDIT = """(minimum) => {
  const name = el => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '')
    + (el.dataset.command ? `[data-command=${el.dataset.command}]` : '') + ` "${(el.innerText || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
  const shown = el => { const r = el.getBoundingClientRect(); return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden'; };
  const small = [];
  for (const el of document.querySelectorAll('button, a, input, select, [data-act], [data-command], summary')) {
    if (!shown(el)) continue;
    const box = (el.tagName === 'INPUT' && el.closest('label') ? el.closest('label') : el).getBoundingClientRect();
    if (box.width < minimum - 0.5 || box.height < minimum - 0.5) small.push(`${name(el)} ${Math.round(box.width)}x${Math.round(box.height)}`);
  }
  const rgba = text => { const v = text.match(/[\\d.]+/g).map(Number); return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; };
  const over = (top, under, alpha) => under.map((c, i) => i < 3 ? c * (1 - alpha) + top[i] * alpha : 1);
  const luminance = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const background = el => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.backgroundImage !== 'none') return null;
      const c = rgba(style.backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let colour = rgba(getComputedStyle(document.body).backgroundColor);
    for (const c of layers.reverse()) colour = over(c, colour, c[3]);
    return colour;
  };
  const faint = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || seen.has(el) || !shown(el) || el.closest('[disabled], [aria-disabled=true], .sr, script, style, noscript')
        || el.closest('label')?.querySelector(':disabled')) continue;
    seen.add(el);
    const bg = background(el);
    if (!bg) continue;
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const fg = rgba(getComputedStyle(el).color);
    const seenColour = over(fg, bg, fg[3] * opacity);
    const [hi, lo] = [luminance(seenColour), luminance(bg)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    if (ratio < 4.5) faint.push(`${name(el)} ${ratio.toFixed(2)}:1`);
  }
  return {small, faint};
}"""


class Audit:
    """Collects every screen's problems, so one run shows them all."""

    def __init__(self, page, size_name):
        self.page, self.size_name, self.problems = page, size_name, []

    def __call__(self, where: str):
        self.page.wait_for_timeout(100)
        # Measure what stays on screen, not a frame of an entrance animation (a fading-in title).
        self.page.evaluate(f"""Promise.race([new Promise(done => setTimeout(done, 3000)),
            Promise.all(document.getAnimations().filter({MOVING}).map(a => a.finished.catch(() => null)))])""")
        found = self.page.evaluate(AUDIT, MIN_TARGET)
        self.problems += [f"{where}: small target {item}" for item in found["small"]]
        self.problems += [f"{where}: low contrast {item}" for item in found["faint"]]
        ARTIFACTS.mkdir(exist_ok=True)
        screenshot(self.page, str(ARTIFACTS / f"reach-{self.size_name}-{where}.png"), full_page=True)


def bots_play(state, until, limit=5000):
    """Sharp bots play every seat until until(state) (or the end)."""
    rng = random.Random(1)
    for _ in range(limit):
        if state.is_over or until(state):
            return state
        seat = state.to_act[0]
        state.apply(seat, state.game.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    raise AssertionError("the wanted moment never came")


def guessing(state):
    """Seat 0 is to name a card's rank (the sorting is over)."""
    return list(state.to_act) == [0] and any(a["type"] == "guess" for a in state.legal_actions(0))


def robbing(state):
    return list(state.to_act) == [0] and state.view(0)["step"] == "rob" and state.view(0)["phase"] != "choose"


def pad_in_view(page, selector: str) -> str:
    """'' when the whole element is inside the viewport, else where it is."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    inside = box["y"] >= 0 and box["x"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] + box["width"] <= size["width"]
    return "" if inside else f"{selector} at y={box['y']:.0f}..{box['y'] + box['height']:.0f} of {size['height']}"


def solo_table(seats):
    return Table([Seat(["Ann"])] + [Seat(bot=("novice", "sharp", "ruthless")[i % 3]) for i in range(seats - 1)])


@pytest.mark.parametrize("size_name", SIZES)
def test_every_screen_has_big_targets_and_readable_text(server, open_page, size_name):
    page = open_page(SIZES[size_name])
    audit = Audit(page, size_name)
    try:
        thievery, guild = pycore.GAMES["thievery"], pycore.GAMES["guild-of-thieves"]
        boot(page, server.url + "?fast#/")
        inject(page, bots_play(thievery.new_game(seats=3, seed=2, options=dict(thievery.options)), lambda s: False),
               solo_table(3), "thievery-end")
        inject(page, bots_play(guild.new_game(seats=4, seed=2, options={}), lambda s: False), solo_table(4), "guild-end")
        inject(page, bots_play(guild.new_game(seats=4, seed=3, options={}), robbing), solo_table(4), "guild-rob")
        page.goto(server.url + "?fast#/")
        page.wait_for_selector(".games")
        audit("home")
        for game_id in ("thievery", "guild-of-thieves"):
            page.goto(server.url + f"?fast#/rules/{game_id}")
            page.wait_for_selector(".rules")
            audit(f"{game_id}-rules")
            page.goto(server.url + f"?fast#/new/{game_id}")
            page.wait_for_selector(".setup")
            assert page.get_attribute("[data-field=name][data-seat='0'][data-slot='0']", "value") in (None, ""), "names are placeholders"
            page.click("[data-command=setup-kind][data-seat='1'][data-kind=person]")
            page.fill("[data-field=name][data-seat='0'][data-slot='0']", "Ann")
            page.fill("[data-field=name][data-seat='1'][data-slot='0']", "ann ")
            page.click("[data-command=setup-start]")          # the same name twice: both fields are marked
            page.wait_for_selector("[aria-invalid=true]")
            assert page.locator("[aria-invalid=true]").count() == 2
            assert not pad_in_view(page, ":focus + .field-error, label:has(:focus) + .field-error"), "the refusal is out of view"
            audit(f"{game_id}-setup")
        # Thievery: a cover, sorting, the board, a card chosen, the end.
        set_up(page, "thievery", ["Ann", "Ben", "novice"])
        page.wait_for_selector("[data-testid=cover]")
        audit("thievery-cover")
        page.click("[data-command=uncover]")
        page.wait_for_selector("[data-testid=sort-row]")
        audit("thievery-sorting")
        inject(page, bots_play(thievery.new_game(seats=4, seed=5, options=dict(thievery.options)), guessing),
               solo_table(4), "thievery-guess")
        page.goto(server.url + "?fast#/play/thievery-guess")
        page.wait_for_selector("[data-command=pick-card]")
        audit("thievery-board")
        page.locator("[data-command=pick-card]").last.click()
        page.wait_for_selector("[data-testid=rank-pad]")
        audit("thievery-pad")
        page.goto(server.url + "?fast#/play/thievery-end")
        page.wait_for_selector("[data-testid=end]")
        audit("thievery-end")
        # Guild of Thieves: the town, the rob pad, the end.
        page.goto(server.url + "?fast#/play/guild-rob")
        page.wait_for_selector("[data-command=house]")
        audit("guild-board")
        page.locator("[data-command=house]").first.click()
        page.wait_for_selector("[data-testid=guess-pad]")
        audit("guild-pad")
        inject(page, bots_play(guild.new_game(seats=32, seed=5, options={"double_deck": True}), robbing),
               solo_table(32), "guild-double")
        page.goto(server.url + "?fast#/play/guild-double")
        page.wait_for_selector("[data-command=house]")
        audit("guild-double-deck")
        page.goto(server.url + "?fast#/play/guild-end")
        page.wait_for_selector("[data-testid=end]")
        audit("guild-end")
    finally:
        page.close()
    assert not audit.problems, "\n".join(audit.problems)


def test_bot_speed_is_a_setting_remembered_on_the_device(server, page):
    """Normal / Fast / Instant in the sheet while bots play (and in Settings); the choice outlives a
    reload."""
    boot(page, server.url + "#/")
    thievery = pycore.GAMES["thievery"]
    state = bots_play(thievery.new_game(seats=3, seed=2, options=dict(thievery.options)), guessing)
    state = bots_play(state, lambda s: 0 not in s.to_act)         # Ann has guessed: the bots' go
    inject(page, state, solo_table(3), "speed")
    page.goto(server.url + "#/play/speed")
    page.wait_for_selector("[data-testid=sheet] [data-testid=bot-speed]")
    assert page.get_attribute("[data-command=bot-speed][data-speed=normal]", "aria-pressed") == "true"
    page.click("[data-command=bot-speed][data-speed=instant]")
    page.wait_for_function("JSON.parse(localStorage.getItem('thieves-table:settings') || '{}').bot_speed === 'instant'")
    page.reload()
    page.wait_for_selector("[data-command=pick-card]")           # at instant the bots are done at once
    page.click("[data-command=menu]")
    page.click("[data-testid=menu] [data-command=settings]")
    page.wait_for_selector("[data-testid=settings] [data-command=bot-speed][data-speed=instant][aria-pressed=true]")
    assert not page.problems
