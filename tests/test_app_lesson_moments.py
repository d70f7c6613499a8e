"""The moments issue 35 names in the Thieves of Eldris, Thievery and Guild of Thieves lessons, in Chromium, each reached
by loading the lesson's record (made in CPython) rather than by playing from the start: one page a
game, resized for the three sizes.  Eldris: the ringed card stands out from the other lit cards; a
wrong accusation's words on screen, with the accuser's Cutpurse marked known; Nell's moves landing in
the coach's panel one at a time, naming the card; the step counter on a phone's side; the log
keeping the roll back until "Roll".  Thievery: each bot guess landing with its words, the guesser's
row saying "guessing" in a readable size, nothing ringed that does nothing.  Guild of Thieves: the
Jeweled Box's dial struck the right way at each size, the real game after the lesson keeping its
notebook."""
import json
import re

import pytest

import pycore
from driver import boot, relaunch
from frontend.boards import BOARDS
from frontend.shell import lesson as lessons
from frontend.shell.coach import LessonView
from layout import SIZES, settle
from test_app_lesson import SEEN_JS, TARGET_JS, WATCH_COACH_JS

pytestmark = pytest.mark.browser

RING = "[data-coach-here]"
COACH_SAY = "() => document.querySelector('[data-testid=coach] .tt-coach-say').innerText"
NEWS = "() => (document.querySelector('[data-testid=coach-news]') || {}).innerText || ''"


def record_at(key: str, number: int) -> str:
    """The lesson's record at the start of step ``number`` (0-based), reached by its ring's taps."""
    game_id, _, part = key.partition("/")
    board, game = BOARDS[game_id], pycore.GAMES[game_id]
    view = LessonView(lessons.lesson_of(board, game_id, part), board, game)
    while view.run.progress.step != number or view.run.progress.landed:
        found = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html())
        view.tap(lessons.attributes(found.group(2)))
    return view.record()


def open_at(page, server, key: str, number: int):
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"thieves-table:lesson:{key}", record_at(key, number)])
    relaunch(page, server.url + f"#/learn/{key}")
    page.wait_for_selector(RING + ":not([disabled])")
    assert page.evaluate("() => document.querySelector('[data-testid=coach]').dataset.step") == str(number + 1)


def step_index(key: str, test) -> int:
    game_id, _, part = key.partition("/")
    return next(i for i, step in enumerate(lessons.lesson_of(BOARDS[game_id], game_id, part).steps) if test(step))


# Whether the ringed tile stands out: its white halo, while every other lit tile has lost its glow.
RINGED_TILE_JS = """() => {
  const ringed = document.querySelector('.e-square .tile[data-coach-here]');
  const others = [...document.querySelectorAll('.e-square .tile:is(.movable, .reach, .pool):not([data-coach-here])')];
  return {halo: ringed ? getComputedStyle(ringed).boxShadow : '',
          others: others.length, glowing: others.filter(el => getComputedStyle(el).boxShadow !== 'none').length,
          thick: others.filter(el => parseFloat(getComputedStyle(el).outlineWidth) > 1).length};
}"""


def test_eldris_lesson_moments(server, page):
    key = "thieves-of-eldris"
    page.set_viewport_size(SIZES["phone"])
    boot(page, server.url + "#/")
    # A move's card among the others a die could move: the ring is the coach's and stands out.
    open_at(page, server, key, step_index(key, lambda step: step.do == {"type": "move", "from": 7, "to": 1}))
    for name in ("phone", "landscape"):
        page.set_viewport_size(SIZES[name])
        settle(page)
        assert page.evaluate(TARGET_JS) == ""
        seen = page.evaluate(RINGED_TILE_JS)
        assert "255, 243, 209" in seen["halo"], seen
        assert seen["others"] >= 5 and seen["glowing"] == 0 and seen["thick"] == 0, seen
    # The wrong accusation: its words on screen, the Cutpurse marked known; Nell's moves land one by
    # one naming the card; on its side the step counter shows.
    page.set_viewport_size(SIZES["phone"])
    number = step_index(key, lambda step: step.do and step.do.get("character") == "Ranger")
    step = lessons.lesson_of(BOARDS[key], key).steps[number]
    open_at(page, server, key, number)
    page.locator(RING).click()                       # the Ranger in focus
    page.wait_for_selector(RING + "[data-act]")
    page.evaluate(WATCH_COACH_JS)
    page.locator(RING).click()                       # Nell named: wrong
    page.wait_for_function(f"() => ({COACH_SAY})() === {json.dumps(step.then)}")
    assert page.evaluate(SEEN_JS, "[data-testid=coach] .tt-coach-say") == ""
    assert page.evaluate(SEEN_JS, "[data-motion=known-0]") == ""
    assert "Monk" in page.inner_text("[data-motion=known-0]")
    page.wait_for_selector("[data-testid=coach] [data-command=coach-next]:not([disabled])", timeout=60_000)
    assert page.evaluate(COACH_SAY) == step.after
    news = [seen["news"] for seen in page.evaluate("window.coachSeen") if seen["news"]]
    lines = [line for i, line in enumerate(news) if i == 0 or line != news[i - 1]]
    assert len(lines) >= 2 and all(line.startswith("Nell: moved the") for line in lines[:2]), lines
    assert not [seen for seen in page.evaluate("window.coachSeen") if seen["deadRing"]]
    page.set_viewport_size(SIZES["landscape"])
    settle(page)
    assert page.evaluate(SEEN_JS, "[data-testid=coach] .tt-coach-count") == ""
    assert page.inner_text("[data-testid=coach] .tt-coach-count") == f"Step {number + 1} of 33"
    # Next: the roll is not in the tablet's log until a die is tapped.
    page.set_viewport_size(SIZES["tablet"])
    page.locator(RING).click()
    page.wait_for_selector(RING + ".die")
    assert "You rolled Dexterity, Wisdom and Dexterity" not in page.inner_text("[data-testid=log]")
    page.locator(RING).click()
    page.wait_for_function("() => document.querySelector('[data-testid=log]').innerText"
                           ".includes('You rolled Dexterity, Wisdom and Dexterity')")
    assert not page.problems, page.problems


def test_thievery_lesson_bots_guess_in_words(server, page):
    key = "thievery"
    page.set_viewport_size(SIZES["phone"])
    boot(page, server.url + "#/")
    open_at(page, server, key, step_index(key, lambda step: step.do and step.do.get("rank") == 13))
    page.locator(RING).click()                       # Sid's last card
    page.wait_for_selector(RING + "[data-act]")
    page.evaluate(WATCH_COACH_JS)
    page.locator(RING).click()                       # K: a miss, and the bots play
    page.wait_for_function(f"() => ({NEWS})().startsWith('Sly hit')", timeout=30_000)
    assert page.evaluate(SEEN_JS, "[data-testid=coach-news]") == ""
    badge = page.locator("[data-hand='1'] .badge.turn")
    assert badge.inner_text() == "guessing"
    assert page.evaluate(SEEN_JS, "[data-hand='1'] .badge.turn") == ""
    assert badge.evaluate("el => parseFloat(getComputedStyle(el).fontSize)") >= 14, "who guesses: a word to read"
    assert not [seen for seen in page.evaluate("window.coachSeen") if seen["deadRing"] or (seen["nextShut"] and seen["rings"])]
    assert not page.problems, page.problems


# Each struck cell of the Jeweled Box's dial: along which line its suit's cells lie (a row where the
# dial is wide, a column where it is tall), and the strikes drawn on it.
DIAL_STRIKES_JS = """() => [...document.querySelectorAll('[data-testid=dial] .dial-cell')].map(el => {
  const code = el.dataset.code, suit = code.slice(-1), value = code.slice(0, -1);
  const other = document.querySelector(`[data-testid=dial] .dial-cell[data-code="${value === '2' ? '3' : '2'}${suit}"]`);
  const a = el.getBoundingClientRect(), b = other.getBoundingClientRect();
  return {code, suitOut: el.classList.contains('dim-row'), valueOut: el.classList.contains('dim-col'),
          suitsAcross: Math.abs(a.top - b.top) < 2, image: getComputedStyle(el).backgroundImage};
})"""


def strike_problems(cells) -> list:
    """A ruled-out suit struck along its suit's line, a ruled-out value along its value's, both when
    both are out; a cell still possible not struck."""
    problems = []
    for cell in cells:
        strikes = cell["image"].count("linear-gradient")
        wanted = cell["suitOut"] + cell["valueOut"]
        if strikes != wanted:
            problems.append(f"{cell['code']}: {strikes} strikes for {wanted} ruled out ({cell['image'][:60]})")
        elif wanted == 1:
            # A gradient at 90deg draws an upright line: the strike of a line of cells running down.
            upright = "90deg" in cell["image"]
            runs_down = cell["suitsAcross"] != cell["suitOut"]
            if upright != runs_down:
                problems.append(f"{cell['code']}: struck {'down' if upright else 'across'}, its line runs "
                                f"{'down' if runs_down else 'across'}")
    return problems


def test_guild_lesson_moments(server, page):
    """The Jeweled Box's dial reads the right way at every size (a ruled-out suit's cells struck along
    the suit, both strikes where suit and value are out: clubs never look open, nor diamonds crossed);
    the real game the lesson opens keeps Pen & Paper's notebook, as the last screen says."""
    key = "guild-of-thieves"
    page.set_viewport_size(SIZES["phone"])
    boot(page, server.url + "#/")
    open_at(page, server, key, step_index(key, lambda step: step.do and step.do["type"] == "open_box"))
    page.locator(RING).click()                       # Open the box…
    page.wait_for_selector("[data-testid=dial]")
    for name in ("phone", "landscape", "tablet"):
        page.set_viewport_size(SIZES[name])
        settle(page)
        cells = page.evaluate(DIAL_STRIKES_JS)
        assert len(cells) == 36 and {cell["suitsAcross"] for cell in cells} == {name != "phone"}, name
        assert sum(cell["suitOut"] and cell["valueOut"] for cell in cells) >= 20, name
        assert not strike_problems(cells), (name, strike_problems(cells))
        open_cell = next(cell for cell in cells if cell["code"] == "10D")
        assert open_cell["image"] == "none" and not open_cell["suitOut"] and not open_cell["valueOut"]
    page.set_viewport_size(SIZES["phone"])
    settle(page)
    while not page.locator("[data-testid=lesson-done]").count():
        page.wait_for_selector(RING + ":not([disabled])", timeout=60_000)
        page.locator(RING).click()
    assert "with “A notebook of what you have seen” on, as in the lesson," in page.inner_text("[data-testid=lesson-done]")
    page.locator(RING).click()                       # Play a real game
    page.wait_for_selector("[data-testid=hint]", timeout=60_000)
    assert "#/play/" in page.url
    saved = page.evaluate("""(id) => localStorage.getItem('thieves-table:save:' + id)""", page.url.split("#/play/")[1])
    assert re.search(r'pen_and_paper\\*"\s*:\s*true', saved), "the real game after the lesson has no notebook"
    assert not page.problems, page.problems
