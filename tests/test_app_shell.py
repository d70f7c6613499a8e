"""The app shell in real Chromium: install, offline with the server killed, updates, the embed,
the layout at 390 px, and screenshots at phone and tablet sizes (test-artifacts/)."""
import json
import random
import shutil
import struct

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import ARTIFACTS, PHONE, TABLET, Server
from browsing import screenshot
from driver import act_of, boot, frame_embed, relaunch, saved_state, set_up, settle
from test_app_thievery import take_turn

pytestmark = pytest.mark.browser


def wait_until_controlled(page):
    """The page is served by an activated service worker.  An install that failed (a request the
    busy test server dropped twice) is tried again only by a new load of the page, as a person's
    next visit would: one reload, once a first wait has passed."""
    try:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=45_000)
    except PlaywrightTimeout:
        page.reload()
        page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=90_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    page.wait_for_function("navigator.serviceWorker.ready.then(r => r.active && r.active.state === 'activated')",
                           timeout=90_000)


def precache_urls(site):
    text = (site / "sw.js").read_text()
    start = text.index("const PRECACHE = ") + len("const PRECACHE = ")
    manifest, _ = json.JSONDecoder().raw_decode(text[start:])
    return manifest


def test_manifest_and_icons(server, page, site):
    boot(page, server.url)
    manifest = page.evaluate("fetch('manifest.webmanifest').then(r => r.json())")
    assert manifest["name"] == "Thieves' Table" and manifest["short_name"]
    assert manifest["display"] == "standalone" and manifest["start_url"]
    assert manifest["theme_color"] and manifest["background_color"]
    purposes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= purposes
    for icon in manifest["icons"]:
        data = (site / icon["src"]).read_bytes()
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == icon["sizes"]


def test_offline_with_the_server_killed(server, fresh_page, site):
    """After the first visit the worker holds every file: kill the server, reload, play a game."""
    page = fresh_page
    boot(page, server.url + "?fast#/")
    wait_until_controlled(page)
    manifest = precache_urls(site)
    cached = page.evaluate("caches.keys().then(async names => { const c = await caches.open(names.find(n => n.startsWith('thieves-table-'))); return (await c.keys()).map(r => r.url); })")
    for url, _revision in manifest["files"]:
        assert server.url + url in cached, f"{url} is not precached"
    assert any("pyodide.asm.wasm" in url for url in cached) and any("python-worker.mjs" in url for url in cached)
    assert not any("runtime/pyscript/" in url for url in cached), "PyScript (only ?main loads it) was precached"
    server.kill()
    relaunch(page, page.url.split("#")[0] + "#/")
    assert page.evaluate("navigator.onLine") in (True, False)
    set_up(page, "thievery", ["Ana", "novice", "novice"])
    rng = random.Random(7)
    for _ in range(300):
        if not take_turn(page, rng, wrong_every=3):
            break
    assert saved_state(page).is_over
    assert page.locator("[data-testid=end]").count() == 1
    # Reload once more while still offline: the finished game is listed.
    relaunch(page, page.url.split("#")[0] + "#/")
    assert page.locator(".save").count() >= 1


@pytest.mark.parametrize("game_id", ["guild-of-thieves", "thieves-of-eldris", "master-thieves", "twelve-thieves"])
def test_every_game_plays_with_the_server_killed(server, fresh_page, game_id):
    """Every game, not only the one above, opens its rules and plays a whole game with no server."""
    page = fresh_page
    boot(page, server.url + "?fast#/")
    wait_until_controlled(page)
    server.kill()
    relaunch(page, page.url.split("#")[0] + f"#/rules/{game_id}")
    page.wait_for_selector(".rules svg")
    set_up(page, game_id, ["sharp", "novice"])
    page.wait_for_selector("[data-testid=end]", timeout=240_000)
    assert saved_state(page).is_over


def test_update_is_offered_not_forced(browser, tmp_path, site):
    """A new version waits; the page offers it; on consent the page reloads into it."""
    import build
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    server = Server(copy).start()
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        boot(page, server.url + "?fast#/")
        wait_until_controlled(page)
        old = page.evaluate("caches.keys()")
        # A new release: one changed file, a new precache list.
        styles = copy / "styles.css"
        styles.write_text(styles.read_text() + "\n/* release 2 */\n")
        build.write_service_worker(copy)
        page.reload()          # a real navigation: the browser checks sw.js and finds the new list
        page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=90_000)
        page.wait_for_selector("#update:not([hidden])", timeout=60_000)
        assert page.evaluate("document.documentElement.dataset.app") == "ready"
        # Nothing swapped under the page: the old cache still serves it.
        assert "release 2" not in page.evaluate("fetch('styles.css').then(r => r.text())")
        page.click("#update")
        page.wait_for_function("!document.querySelector('#update') || document.querySelector('#update').hidden", timeout=60_000)
        page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=90_000)
        assert "release 2" in page.evaluate("fetch('styles.css').then(r => r.text())")
        new = page.evaluate("caches.keys()")
        assert len(new) == 1 and new != old, "the old cache was not deleted"
    finally:
        context.close()
        server.kill()


def test_embed_posts_ready_move_over(server, page):
    """The example rules page served from another site (127.0.0.1) than the app (localhost): the
    demo plays to its end, telling the page public words and facts only, never an action (a bot's
    row order is its secret)."""
    page.goto(f"http://127.0.0.1:{server.port}/examples/thievery-rules.html?fast&app={server.url}")
    frame = page.frame_locator("iframe")
    page.wait_for_function("window.received && window.received.some(m => m.type === 'over')", timeout=120_000)
    messages = page.evaluate("window.received")
    types = [m["type"] for m in messages]
    assert types[0] == "ready" and "move" in types and types[-1] == "over"
    assert all(m["source"] == "thieves-table" for m in messages)
    assert messages[0]["game"] == "thievery"
    moves = [m for m in messages if m["type"] == "move"]
    assert all(set(m) == {"source", "type", "game", "seat", "said", "events"} for m in moves), moves[0]
    assert frame.locator("[data-testid=end]").count() == 1
    # The fenced moment beside it: a finished game watched back at move 17, its own messages apart.
    page.wait_for_function("window.fencedReceived.some(m => m.type === 'ready')", timeout=60_000)
    ready = page.evaluate("window.fencedReceived")[0]
    assert ready["mode"] == "replay" and ready["at"] == 17 and ready["game"] == "thievery"
    fenced = page.frame_locator("#fenced")
    assert fenced.locator("[data-testid=play]").get_attribute("data-step") == "17"
    assert fenced.locator("[data-testid=board]").count() == 1


def test_a_master_thieves_embed_tells_no_role_before_the_reveal(server, page):
    """The roles are chosen in secret: the page around a demo (four bots) hears that each seat
    chose, and which role only with the reveal, as an onlooker at the table would."""
    page.goto(server.url + "manifest.webmanifest")       # any page of the app's origin, to frame it
    frame_embed(page, "embed.html?game=master-thieves&mode=demo&seed=2&fast")
    # Twelve diamonds hidden and four roles chosen: the reveal comes with the sixteenth move.
    page.wait_for_function("window.received.filter(m => m.type === 'move').length >= 17", timeout=120_000)
    moves = [m for m in page.evaluate("window.received") if m["type"] == "move"]
    roles = ("smuggler", "goldsmith", "connoisseur", "thief", "detective")      # "thief" in "master_thief" too
    reveal = None
    for message in moves:
        reveal = next((event for event in message.get("events", []) if event["type"] == "reveal"), None)
        if reveal:
            break
        told = json.dumps(message).lower()
        assert not any(role in told for role in roles), f"a role told before the reveal: {message}"
    assert reveal and len(reveal["roles"]) == 4, "the reveal was not told with the roles"


@pytest.mark.parametrize("query,expected", [
    ("game=chess&mode=demo&seed=1", "no game “chess”"),
    ("game=thievery&mode=demo&seed=abc", "seed must be a whole number"),
    ("mode=demo", "Say which game"),
])
def test_embed_refuses_bad_links(server, page, query, expected):
    boot(page, server.url + "embed.html?" + query)
    assert expected in page.inner_text("[data-testid=embed-error]")


def pass_to_the_cover(page):
    """After a hot-seat move: the mover sees it land, passes the device on, and the cover comes."""
    page.wait_for_selector("[data-testid=cover], [data-command=pass-device]")
    if page.locator("[data-command=pass-device]").count():
        page.click("[data-command=pass-device]")
    page.wait_for_selector("[data-testid=cover]")


@pytest.mark.parametrize("size_name,size", [("phone", PHONE), ("tablet", TABLET)])
def test_layout_and_screenshots(server, browser, size_name, size):
    """No sideways scrolling at 390 px; a screenshot of each screen for a person to look at."""
    context = browser.new_context(viewport=size)
    page = context.new_page()
    ARTIFACTS.mkdir(exist_ok=True)

    def shoot(name):
        page.wait_for_timeout(150)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name} scrolls sideways at {size['width']} px ({width} px wide)"
        screenshot(page, str(ARTIFACTS / f"{size_name}-{name}.png"), full_page=True)

    try:
        boot(page, server.url + "?fast#/")
        shoot("home")
        page.goto(server.url + "?fast#/rules/thievery")
        page.wait_for_selector(".rules")
        shoot("rules")
        set_up(page, "thievery", ["Ana", "Ben", "ruthless"])
        shoot("cover")
        page.click("[data-command=uncover]")
        page.wait_for_selector("[data-testid=sort-row]")
        shoot("sorting")
        for _ in range(2):              # Ana, then Ben, sort and lock in; the device passes on
            page.click("[data-command=auto-sort]")
            page.click(act_of("lock_in"))
            pass_to_the_cover(page)
            page.click("[data-command=uncover]")
        settle(page)
        page.locator("[data-command=pick-card]").first.click()
        page.wait_for_selector("[data-testid=rank-pad]")
        shoot("guessing")
        rng = random.Random(4)
        for _ in range(400):
            if not take_turn(page, rng, wrong_every=5):
                break
        shoot("end")
        # Six hands at the narrowest: the longest header rows and the power-ups (a shared hand only
        # when no hand is a bot: the first people take a hand each).
        set_up(page, "thievery", ["Ana", "Bartholomew Jones 12", ("Cy", "Dee"), "Eve", "Finn", "Gus"],
               options={"powerups": True})
        for _ in range(16):            # everyone sorts, behind covers, until the guessing starts
            settle(page)
            if page.locator("[data-command=pick-card]").count():
                break
            if page.locator("[data-testid=cover]").count():
                page.click("[data-command=uncover]")
            elif page.locator("[data-command=pass-device]").count():
                page.click("[data-command=pass-device]")
            else:
                page.click("[data-command=auto-sort]")
                page.click(act_of("lock_in"))
                page.wait_for_selector("[data-testid=cover], [data-command=pass-device], [data-command=pick-card]")
        shoot("six-hands")
    finally:
        context.close()


def test_embed_tutorial_seats_you_against_bots(server, page):
    """mode=tutorial is the guided lesson where the game has one (tests/test_app_lesson.py plays it
    whole): you against bots, the coach ringing what to tap."""
    boot(page, server.url + "embed.html?game=thievery&mode=tutorial&seed=3&fast")
    page.wait_for_selector("[data-testid=coach]")
    page.click("[data-coach-here]")
    page.wait_for_selector("[data-testid=sort-row]")
    assert page.locator("[data-coach-here]").get_attribute("data-command") == "auto-sort"
    assert page.inner_text(".hand.mine header").startswith("You")
