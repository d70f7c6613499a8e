"""The layout checker itself (tests/layout.py ``check_state``), on small static pages in Chromium:
each fault it looks for, drawn once with the fault and once without, so the checker is seen to
fail where it must and to stay quiet where the page is sound.  No app boots here."""
import pytest

from browsing import PHONE
from layout import SIZES, check_state

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html lang="{lang}"><head><style>
  body {{ margin: 0; font: 16px/1.3 sans-serif; }}
  .box {{ margin: 8px; }}
</style></head><body>{body}</body></html>"""


@pytest.fixture(scope="module")
def blank(browser):
    page = browser.new_page(viewport=PHONE)
    yield page
    page.close()


def problems_of(page, body: str, size=PHONE, lang: str = "en") -> list:
    page.set_viewport_size(size)
    page.set_content(PAGE.format(body=body, lang=lang))
    return check_state(page, "a static page")


def found(problems: list, words: str) -> list:
    return [problem for problem in problems if words in problem]


# Each fault: (what the checker says, the page with the fault, the same page without it).
FAULTS = {
    "clipped by its box": (
        "text cut by a box that clips it",
        '<div class="box" style="width: 60px; overflow: hidden; white-space: nowrap">Cards held by each player</div>',
        '<div class="box" style="width: 300px; overflow: hidden; white-space: nowrap">Cards held by each player</div>'),
    "clipped below by its box": (
        "text cut by a box that clips it",
        '<div class="box" style="width: 120px; height: 22px; overflow: hidden">Smuggler, Goldsmith and Master</div>',
        '<div class="box" style="width: 120px; height: 80px; overflow: hidden">Smuggler, Goldsmith and Master</div>'),
    "an ellipsis that truncates": (
        "text cut by an ellipsis",
        '<div class="box" style="width: 40px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap">Detective</div>',
        '<div class="box" style="width: 200px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap">Detective</div>'),
    "past the screen's edge": (
        "text cut by the screen's edge",
        '<div style="position: fixed; top: 834px; left: 8px">Rematch or go home</div>',
        '<div style="position: fixed; top: 8px; left: 8px">Rematch or go home</div>'),
    "a word broken bare": (
        "a word broken inside itself without a hyphen",
        '<div class="box" style="width: 60px; overflow-wrap: anywhere">Necromancer</div>',
        '<div class="box" style="width: 60px; overflow-wrap: anywhere">Necro&shy;mancer</div>'),
}


@pytest.mark.parametrize("fault", FAULTS)
def test_the_checker_finds_each_fault_and_only_where_it_is(blank, fault):
    words, faulty, sound = FAULTS[fault]
    assert found(problems_of(blank, faulty), words), f"{fault}: not found"
    assert not problems_of(blank, sound), f"{fault}: found where it is not"


def test_a_word_the_browser_hyphenates_is_not_broken(blank):
    """hyphens: auto with the page's lang set draws a hyphen at the break: that is no fault."""
    narrow = '<div class="box" style="width: 70px; hyphens: auto">Necromancer Lightpriest</div>'
    assert not found(problems_of(blank, narrow), "broken"), "a hyphenated break was called broken"
    bare = '<div class="box" style="width: 70px; overflow-wrap: anywhere">Necromancer Lightpriest</div>'
    named = found(problems_of(blank, bare), "broken")
    assert named and "Necro" in named[0] and "/" in named[0], named


def test_a_break_after_a_hyphen_is_not_broken(blank):
    assert not problems_of(blank, '<div class="box" style="width: 60px">Hand-over</div>')


def test_text_a_person_can_scroll_to_is_not_cut(blank):
    """Text in a box that scrolls, or below the fold of a page that scrolls (in portrait), is
    reachable: not cut."""
    scrolled = ('<div class="box" style="height: 40px; overflow: auto">'
                + "<p>A line of the log</p>" * 10 + "</div>")
    assert not problems_of(blank, scrolled)
    tall = '<div style="height: 1200px"></div><p>The end of a long page</p>'
    assert not problems_of(blank, tall)


def test_on_its_side_the_page_does_not_scroll(blank):
    tall = '<div style="height: 600px">A set-up form</div>'
    assert found(problems_of(blank, tall, SIZES["landscape"]), "on its side the page scrolls")
    assert not found(problems_of(blank, tall, PHONE), "scrolls"), "a phone upright may scroll a form"
    short = '<div style="height: 200px">A set-up form</div>'
    assert not problems_of(blank, short, SIZES["landscape"])


def test_the_existing_checks_are_part_of_it(blank):
    """Small text (text_audit) and a control out of view (check_choice) are found too."""
    assert found(problems_of(blank, '<p style="font-size: 10px">Tiny words</p>'), "text under 12 px")
    off = '<button data-command="x" data-act=\'{"type": "pass"}\' style="position: absolute; top: 900px">Pass</button>'
    assert found(problems_of(blank, off), "outside the viewport")


def test_a_panel_open_over_the_screen_is_the_choice(blank):
    """Under an open panel (aria-modal) the board's controls are not the choice: the panel's are,
    and they must be in view and uncovered."""
    under = '<button data-act=\'{"type": "pass"}\' style="margin: 40px">Pass</button>'
    panel = ('<div role="dialog" aria-modal="true" style="position: fixed; inset: 0; background: #222">'
             '<button data-command="close-overlay" style="margin: 20px">Close</button>{extra}</div>')
    assert not problems_of(blank, under + panel.format(extra=""))
    lost = '<button data-command="confirm" style="position: absolute; top: 900px">Take it back</button>'
    assert found(problems_of(blank, under + panel.format(extra=lost)), "outside the viewport: button")


def test_a_log_that_scrolls_in_its_box_is_reachable(blank):
    """A log in a box that scrolls, on a page that does not: lines below the box's edge are a
    scroll away; a box that itself runs past the screen's edge cuts them."""
    log = "".join(f"<li>Ann guessed a card, move {n}</li>" for n in range(60))
    fits = f'<div style="height: 300px; overflow: auto"><ol>{log}</ol></div>'
    dock = '<div style="height: 500px; background: #333">The end: Ann wins</div>'
    assert not problems_of(blank, f'<div style="height: 844px; overflow: hidden">{fits}{dock}</div>')
    runs_off = f'<div style="position: fixed; top: 700px; height: 400px; overflow: auto"><ol>{log}</ol></div>'
    assert found(problems_of(blank, runs_off), "text cut by the screen's edge")


def test_text_drawn_under_its_neighbour_is_covered(blank):
    """A name wider than its card runs under the next card, which paints over it."""
    cards = ('<div style="display: grid; grid-template-columns: repeat(3, 50px); gap: 4px">'
             '<div style="background: #333; color: #eee"><strong style="white-space: nowrap">{name}</strong></div>'
             '<div style="background: #333; color: #eee; position: relative">Thief</div><div></div></div>')
    assert found(problems_of(blank, cards.format(name="Smuggler")), 'text covered: "Smuggler"')
    assert not problems_of(blank, cards.format(name="Spy"))


def test_a_word_split_at_a_wbr_is_broken(blank):
    """"Light<wbr>priest" on two lines reads as two words: no hyphen was drawn."""
    tile = '<div class="box" style="width: 50px; font-weight: 700">{name}</div>'
    named = found(problems_of(blank, tile.format(name="Light<wbr>priest")), "a word broken inside itself")
    assert named and '"Light/priest"' in named[0], named
    assert not problems_of(blank, tile.format(name="Light&shy;priest"))
    assert not problems_of(blank, '<div class="box" style="width: 50px">Light <b>priest</b></div>')


def test_text_under_a_ring_around_a_button_is_covered(blank):
    """A hint's glowing ring (a shadow's spread, an outline) paints over the line above it."""
    sheet = ('<p style="margin: 0; line-height: 20px">Or tap another house.</p>'
             '<button style="box-shadow: 0 0 0 {spread}px rgba(127, 191, 127, 0.5); margin: 0">Make it my house</button>')
    assert found(problems_of(blank, sheet.format(spread=8)), 'text covered: "Or tap another house." in p lies under the ring')
    assert not problems_of(blank, sheet.format(spread=0))


def test_a_ring_is_measured_at_rest_or_at_its_widest(blank):
    """A ring that pulses a few times is measured where it stays; one that pulses for ever at its
    widest: either way no frame of the pulse decides."""
    pulse = ('<style>@keyframes pulse {{ 0%, 100% {{ box-shadow: 0 0 0 0 rgba(127, 191, 127, .5); }}'
             ' 50% {{ box-shadow: 0 0 0 9px rgba(127, 191, 127, .5); }} }}</style>'
             '<p style="margin: 0; line-height: 20px">Or tap another house.</p>'
             '<button style="animation: pulse 1.6s {count}; margin: 0">Make it my house</button>')
    assert found(problems_of(blank, pulse.format(count="infinite")), "lies under the ring")
    assert not problems_of(blank, pulse.format(count="3")), "a pulse that ends was measured mid-way"


# -- issue 36: names, and the end ------------------------------------------------------------------
NAME = ('<div class="box" style="width: {width}px"><span class="tt-name" {title} style="display: inline-block; '
        'max-width: 100%; overflow: hidden; text-overflow: ellipsis; vertical-align: bottom">Konstantinopolousina</span></div>')


def test_a_name_shortened_with_its_whole_self_in_reach_is_not_cut(blank):
    """The name widget may end a name that cannot fit with "…" when the whole name is its title
    (a tap away); the same ellipsis without it cuts the name."""
    assert not problems_of(blank, NAME.format(width=60, title='title="Konstantinopolousina"'))
    assert found(problems_of(blank, NAME.format(width=60, title="")), "text cut by an ellipsis")
    assert not problems_of(blank, NAME.format(width=300, title=""))


def test_a_name_broken_anywhere_but_its_hyphen_is_found(blank):
    from layout import check_names
    for body, broken in (('<div class="box" style="width: 60px; overflow-wrap: anywhere">Konstantinopolousina</div>', True),
                         ('<div class="box" style="width: 60px">Konst&shy;antino&shy;polousina</div>', True),
                         ('<div class="box" style="width: 100px">Maximiliana-Konstant</div>', False)):
        blank.set_content(PAGE.format(body=body, lang="en"))
        named = check_names(blank, "a static page")
        assert bool(named) == broken, (body, named)
        assert not named or ("Konst" in named[0] and "/" in named[0]), named


def test_the_end_shows_its_standings_whole(blank):
    from layout import check_end
    rows = "".join(f"<tr><td>{n}</td><th>Name {n}</th><td>7</td></tr>" for n in range(1, 4))
    end = ('<div data-testid="board" style="height: 400px">the reveal</div>'
           '<div data-testid="end"><div class="tt-end-story" style="height: {height}px; overflow: auto">'
           '<div class="tt-standings-wrap" style="width: {width}px; overflow: auto">'
           '<table data-testid="standings" style="width: 300px">' + rows + '</table></div></div></div>')
    blank.set_content(PAGE.format(body=end.format(height=200, width=320), lang="en"))
    assert not check_end(blank, "an end")
    blank.set_content(PAGE.format(body=end.format(height=200, width=200), lang="en"))
    assert found(check_end(blank, "an end"), "wider than their column")
    blank.set_content(PAGE.format(body=end.format(height=30, width=320), lang="en"))
    assert found(check_end(blank, "an end"), "out of sight")


def test_two_words_on_either_side_of_a_line_break_are_not_one_word_broken(blank):
    """"Power-ups<br>At 5 and 6 hands" is two lines of two words, not "Power-ups/At" broken."""
    body = '<label class="box" style="width: 200px"><strong>Power-ups</strong><br><span>At 5 and 6 hands</span></label>'
    assert not problems_of(blank, body)


def test_a_choice_under_the_more_below_line_is_covered(blank):
    """The board's "more below" line (a ::after no hit test sees) covers what lies under it."""
    style = ("<style>.b { height: 200px; overflow: auto; } .b[data-more-below]::after { content: 'more below'; "
             "position: sticky; bottom: 0; display: block; height: 26px; box-sizing: border-box; margin-top: -26px; padding-top: 10px; background: #000; pointer-events: none; }</style>")
    board = '<div class="b" {more}><div style="height: {gap}px"></div><button data-pick>Take it</button><div style="height: 400px"></div></div>'
    assert found(problems_of(blank, style + board.format(more="data-more-below", gap=170)), "more below")
    assert not found(problems_of(blank, style + board.format(more="data-more-below", gap=40)), "more below")
    assert not found(problems_of(blank, style + board.format(more="", gap=170)), "more below")
    short = '<div class="b" data-more-below><button data-pick>Take it</button></div>'
    assert found(problems_of(blank, style + short), "with nothing below")
    assert not found(problems_of(blank, style + board.format(more="data-more-below", gap=40)), "with nothing below")
