"""The table's looks, for every game: a tablet gets a real table (the board takes the width, the log
sits beside it), card faces carry a suit mark told by shape as well as colour, each game has its own
small picture (home tile, shortcut icon), and the rules pages carry drawn figures."""
import json
import struct

import pytest

import pycore
from conftest import ARTIFACTS
from browsing import screenshot
from driver import READY, boot, inject
from frontend.boards import BOARDS
from test_app_reach import bots_play, guessing, robbing, solo_table

TABLETS = {"tablet": {"width": 1024, "height": 768}, "big-tablet": {"width": 1366, "height": 1024}}
THIEVERY, GUILD = pycore.GAMES["thievery"], pycore.GAMES["guild-of-thieves"]
SUIT_MARKS = {"red": "♦", "black": "♠"}


def box(page, selector):
    found = page.locator(selector).first.bounding_box()
    assert found, f"{selector} is not on the screen"
    return found


# -- without a browser: what every board module brings -------------------------------------------
@pytest.mark.parametrize("game_id", BOARDS)
def test_every_board_draws_its_own_art_and_rules_figures(game_id):
    board = BOARDS[game_id]
    assert board.ART_SVG.startswith("<svg") and 'class="art"' in board.ART_SVG and board.ART_SVG.endswith("</svg>")
    rules = board.rules_html()
    assert rules.count('<figure class="rules-figure">') >= 1 and rules.count("<svg") == rules.count("</svg>")
    assert 'role="img" aria-label="' in rules, "a figure says in words what it shows"
    assert rules.count("<section>") >= 5, "the rules are short sections with headings"


def test_thievery_faces_carry_their_colours_mark():
    from frontend.boards.thievery import board as thievery
    for colour, mark in SUIT_MARKS.items():
        inner, cls = thievery.card_face({"rank": 7, "colour": colour, "face_up": True, "misses": []}, own=False)
        assert mark in inner and "7" in inner and colour in cls


# -- in Chromium -----------------------------------------------------------------------------------
@pytest.mark.browser
@pytest.mark.parametrize("size_name", TABLETS)
def test_a_tablet_gets_a_table(server, open_page, size_name):
    """The board takes the width with the log beside it; the hand and the sheet lie below the board,
    side by side; the page does not scroll."""
    size = TABLETS[size_name]
    page = open_page(size)
    try:
        boot(page, server.url + "?fast#/")
        inject(page, bots_play(THIEVERY.new_game(seats=4, seed=5, options=dict(THIEVERY.options)), guessing),
               solo_table(4), "tablet-thievery")
        inject(page, bots_play(GUILD.new_game(seats=4, seed=3, options={}), robbing), solo_table(4), "tablet-guild")
        for save in ("tablet-thievery", "tablet-guild"):
            page.goto(server.url + f"?fast#/play/{save}")
            page.wait_for_selector("[data-testid=board] [data-pick]")
            board, side, sheet = box(page, "[data-testid=board]"), box(page, ".tt-side"), box(page, "[data-testid=sheet]")
            assert board["width"] >= 0.6 * size["width"], f"the board is {board['width']:.0f} px wide at {size['width']} px"
            assert side["x"] >= board["x"] + board["width"] - 1 and side["y"] <= board["y"] + 1, "the log is not beside the board"
            assert page.locator(".tt-side [data-testid=log] li").count() > 0
            assert sheet["y"] >= board["y"] + board["height"] - 1, "the sheet is not below the board"
            assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1"), "the page scrolls"
            screenshot(page, str(ARTIFACTS / f"looks-{size_name}-{save}.png"))
    finally:
        page.close()


@pytest.mark.browser
def test_cards_art_and_figures_on_the_screen(server, page):
    """Face-up cards show a rank and their colour's mark (Guild: four suits, four inks); the home
    tiles carry each game's picture; the rules pages carry figures; the shortcut icons exist."""
    boot(page, server.url + "?fast#/")
    assert page.locator(".game-card svg.art").count() == len(BOARDS)
    assert all(page.locator(f".game-card[data-game={game_id}] svg.art").count() == 1 for game_id in BOARDS)
    for game_id in BOARDS:
        page.goto(server.url + f"?fast#/rules/{game_id}")
        page.wait_for_selector(".rules")
        # A figure is a picture (an SVG, or the board's own pieces, as 12 Thieves draws its palaces).
        figures = page.locator(".rules figure.rules-figure:has([role=img])")
        assert figures.count() >= 1 and figures.first.bounding_box()["width"] > 200, game_id
    # Thievery at its end: every face-up card reads rank + mark, red ♦ and black ♠.
    inject(page, bots_play(THIEVERY.new_game(seats=3, seed=2, options=dict(THIEVERY.options)), lambda s: False),
           solo_table(3), "looks-end")
    page.goto(server.url + "?fast#/play/looks-end")
    page.wait_for_selector("[data-testid=end]")
    faces = page.evaluate("""() => [...document.querySelectorAll('.hand .card.up')].map(card =>
        [card.classList.contains('red') ? 'red' : 'black', card.innerText.replace(/\\s+/g, '')])""")
    assert faces and all(text.endswith(SUIT_MARKS[colour]) and len(text) >= 2 for colour, text in faces), faces
    # Guild: four suits in four different inks on the card face.
    inject(page, bots_play(GUILD.new_game(seats=4, seed=2, options={}), lambda s: False), solo_table(4), "looks-guild")
    page.goto(server.url + "?fast#/play/looks-guild")
    page.wait_for_selector("[data-testid=end]")
    from frontend.boards.guild_of_thieves.cards import card_html
    inks = page.evaluate("""cards => cards.map(html => {
        const holder = document.createElement('span');
        holder.innerHTML = html;
        document.querySelector('[data-game=guild-of-thieves]').append(holder);
        const ink = getComputedStyle(holder.firstChild).color;
        holder.remove();
        return ink;
    })""", [card_html(f"7{suit}") for suit in "CDHS"])
    assert len(set(inks)) == 4, inks
    # Each game's own icon for the home-screen shortcuts, at the size the manifest says.
    manifest = page.evaluate("fetch('manifest.webmanifest').then(r => r.json())")
    shortcuts = {item["url"].rsplit("/", 1)[-1]: item for item in manifest["shortcuts"]}
    assert set(shortcuts) == set(BOARDS)
    for item in shortcuts.values():
        icon = item["icons"][0]
        data = bytes(page.evaluate("src => fetch(src).then(r => r.arrayBuffer()).then(b => [...new Uint8Array(b)])", icon["src"]))
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and "%dx%d" % struct.unpack(">II", data[16:24]) == icon["sizes"]
    assert not page.problems, json.dumps(page.problems)


@pytest.mark.browser
def test_the_boot_bar_keeps_moving_and_says_what_it_does(server, fresh_page):
    """While Python starts a shimmer runs along the bar (a compositor animation, so it moves through
    long main-thread steps) and the words say which step it is (on a first visit: it downloads)."""
    page = fresh_page
    from test_startup import STATUS_LOG
    page.add_init_script(STATUS_LOG)
    page.goto(server.url, wait_until="commit")
    page.wait_for_selector(".progress.busy")
    assert page.evaluate("document.getAnimations().some(a => a.animationName === 'shimmer' && a.playState === 'running')")
    page.wait_for_function(READY, timeout=90_000)
    log = page.evaluate("window.statusLog")
    downloading = [text for text in log if text.startswith("Downloading Python…")]
    assert any(" MB" in text for text in downloading), log
    assert log.index(downloading[-1]) < log.index("Starting Python…"), log
