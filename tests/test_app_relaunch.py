"""A relaunch opens on the last screen at once (issue 26): the screen the person last saw, kept after
each render (web/frontend/shell/last_screen.py says what may be kept, shell.js keeps and paints it),
is painted before Python is up; taps on it are held and carried out once Python is ready, or
plainly refused; a hot-seat game's kept screen is its cover and never holds a secret; a kept
screen of another build, or a damaged one, is not painted.

In the browser tests Python's start is held back (the page's fetch of the frontend's archive waits
until the test lets it go), so what shows before Python is up can be looked at and tapped."""
import json
import random
import re

import pytest

import pycore
from driver import READY, boot, cover_secrets, save_id, set_up, settle
from frontend.boards import BOARDS
from frontend.shell import last_screen
from frontend.shell.play_view import GameView
from frontend.shell.save_store import Save
from frontend.shell.table import Seat, Table

LAST_SCREEN = "tt-last-screen"
# Python's start waits, on a page opened with ?hold, until window.releasePython() (an init script):
# in its worker, Python starts when the page sends it the page's facts; on the page's own thread
# (?main), the loader fetches the frontend's archive before Python runs anything of ours.
HOLD_PYTHON = """
if (new URLSearchParams(location.search).has('hold')) {
  const gate = new Promise((resolve) => { window.releasePython = resolve; });
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...more) {
    if (message?.start) gate.then(() => post.call(this, message, ...more));
    else post.call(this, message, ...more);
  };
  const realFetch = window.fetch;
  window.fetch = function (input, init) {
    const url = String(input instanceof Request ? input.url : input);
    return url.includes('frontend.zip') ? gate.then(() => realFetch.call(this, input, init)) : realFetch.call(this, input, init);
  };
}
"""
KEPT = f"() => JSON.parse(localStorage.getItem('{LAST_SCREEN}') || 'null')"
KEPT_HERE = f"""() => {{
  const kept = JSON.parse(localStorage.getItem('{LAST_SCREEN}') || 'null');
  const route = ['', '#', '#/'].includes(location.hash) ? '#/' : location.hash;
  return kept?.screens?.[route]?.html || null;
}}"""
LOADING = "document.documentElement.dataset.app === 'loading'"


def kept_here(page, containing: str = "") -> str:
    """The screen kept for this route, once it holds ``containing``."""
    page.wait_for_function(f"(() => {{ const html = ({KEPT_HERE})(); return html && html.includes({json.dumps(containing)}); }})()",
                           timeout=20_000)
    return page.evaluate(KEPT_HERE)


def relaunch_held(page, url: str):
    """Open ``url`` again as a new page load, with Python's start held back: returns once the page
    has painted what it paints before Python (the kept screen, or the boot screen)."""
    page.goto("about:blank")
    held = url.replace("?fast", "?fast&hold") if "?fast" in url else re.sub(r"(#|$)", r"?hold\1", url, count=1)
    page.goto(held, wait_until="domcontentloaded")
    page.wait_for_function("document.querySelector('#waking, #boot .progress')", timeout=30_000)
    assert page.evaluate(LOADING), "Python started although it was held back"


def release(page):
    page.evaluate("window.releasePython()")
    page.wait_for_function(READY, timeout=90_000)
    assert page.evaluate("document.documentElement.dataset.app") == "ready"


def marks(page) -> list:
    return page.evaluate("performance.getEntriesByType('mark').map((mark) => mark.name)")


# -- in the browser -----------------------------------------------------------------------------------
@pytest.mark.browser
def test_a_game_against_bots_relaunches_into_its_screen_and_a_tap_before_ready_is_carried_out(server, page):
    page.add_init_script(HOLD_PYTHON)
    boot(page, server.url + "?fast#/")
    set_up(page, "thievery", ["Ana", "novice", "novice"])
    # The bots lock their rows in as Ana sorts: once they have, nothing moves until she acts, and
    # the screen kept is the one read here (a bot locking in between the two raced the test once).
    page.wait_for_function("() => !document.querySelector('[data-testid=board]').innerText.includes('sorting')",
                           timeout=20_000)
    kept_here(page, "locked in")
    settle(page)
    status = page.inner_text("[data-testid=play] .tt-bar, [data-testid=play] header") if page.locator(
        "[data-testid=play] .tt-bar, [data-testid=play] header").count() else ""
    board = page.inner_text("[data-testid=board]")
    kept_here(page, 'data-testid="play"')
    url = page.url

    relaunch_held(page, url)
    # The game's screen, from the kept copy, while Python is still held back: waking up.
    page.wait_for_selector("#app [data-testid=play]")
    assert page.inner_text("[data-testid=board]") == board
    if status:
        assert status in page.inner_text("#app")
    assert page.evaluate("document.documentElement.classList.contains('tt-waking')")
    assert page.evaluate("document.documentElement.classList.contains('tt-playing')")
    assert page.locator("#waking .progress").is_visible()
    page.wait_for_function("performance.getEntriesByName('tt:last-screen').length === 1")
    assert page.evaluate(LOADING)
    # A tap now is held, then carried out on Python's own screen.
    page.click("[data-command=menu]")
    assert page.evaluate(LOADING) and page.locator("[data-testid=menu]").count() == 0
    release(page)
    page.wait_for_selector("[data-testid=menu]")
    assert "tt:ready" in marks(page) and "tt:last-screen" in marks(page)
    assert not page.evaluate("document.documentElement.classList.contains('tt-waking')")
    assert page.locator("#waking").count() == 0 and page.locator("[data-testid=held-tap-refused]").count() == 0
    assert save_id(page) in url and not page.problems


@pytest.mark.browser
def test_a_tap_whose_button_is_gone_is_refused_with_a_word_and_so_are_the_taps_after_it(server, page):
    page.add_init_script(HOLD_PYTHON)
    boot(page, server.url + "?fast#/")
    set_up(page, "thievery", ["Ana", "novice", "novice"])
    settle(page)
    kept_here(page, 'data-testid="play"')
    relaunch_held(page, page.url)
    page.wait_for_selector("#app [data-testid=play]")
    # A button the fresh screen will not have (the screen moved on while the app was closed).
    page.evaluate("""document.querySelector('[data-testid=play]').insertAdjacentHTML('afterbegin',
        '<button data-command="long-gone" id="gone">Gone</button>')""")
    page.click("#gone")
    page.click("[data-command=menu]")           # after it: it may have depended on the one refused
    release(page)
    notice = page.wait_for_selector("[data-testid=held-tap-refused]")
    assert notice.inner_text() == "Those taps came before the game was ready: tap again."
    assert page.locator("[data-testid=menu]").count() == 0 and page.locator("#gone").count() == 0
    page.click("[data-command=menu]")           # the screen works: tapped again, it answers
    page.wait_for_selector("[data-testid=menu]")
    assert not page.problems


@pytest.mark.browser
def test_a_hot_seat_game_keeps_its_cover_never_a_secret(server, page):
    page.add_init_script(HOLD_PYTHON)
    boot(page, server.url + "?fast#/")
    set_up(page, "thievery", ["Ana", "Ben", "novice"])
    page.wait_for_selector("[data-testid=cover]")
    seat = page.get_attribute("[data-command=uncover]", "data-seat")
    page.click("[data-command=uncover]")
    page.wait_for_selector("[data-testid=hand] .card")
    secret = page.inner_html("[data-testid=hand]")
    # Past the moment shell.js waits for after a render: what it keeps while the hand shows.
    page.wait_for_timeout(1500)
    kept = kept_here(page, 'data-testid="cover"')
    assert secret not in kept and 'data-testid="hand"' not in kept
    assert f'data-seat="{seat}"' in kept

    relaunch_held(page, page.url)
    page.wait_for_selector("#app [data-testid=cover]")
    assert cover_secrets(page) == [] and page.locator("[data-testid=hand]").count() == 0
    # The person lifts the cover before Python is up: the tap is carried out once it is.
    page.click("[data-command=uncover]")
    release(page)
    page.wait_for_selector("[data-testid=hand] .card")
    assert page.locator("[data-testid=cover]").count() == 0
    assert not page.problems


@pytest.mark.browser
def test_home_relaunches_into_home(server, page):
    page.add_init_script(HOLD_PYTHON)
    boot(page, server.url + "?fast#/")
    kept_here(page, "game-card")
    relaunch_held(page, server.url + "?fast#/")
    page.wait_for_selector("#app .game-card")
    assert page.locator("#app .game-card").count() == len(BOARDS)
    assert page.locator("#boot").count() == 0
    release(page)
    assert page.locator("#app .game-card").count() == len(BOARDS) and not page.problems


@pytest.mark.browser
@pytest.mark.parametrize("change", ["another build", "damaged"])
def test_a_kept_screen_of_another_build_or_damaged_is_not_painted(server, page, change):
    page.add_init_script(HOLD_PYTHON)
    # Changed as the held page opens, before shell.js reads it (the page before keeps its screen
    # afresh as it is left).
    changed = ("kept.version = '0123456789abcdef'; text = JSON.stringify(kept);" if change == "another build"
               else "text = text.slice(0, text.length >> 1);")
    page.add_init_script(f"""if (location.search.includes('hold')) {{
        let text = localStorage.getItem('{LAST_SCREEN}'); const kept = JSON.parse(text);
        {changed} localStorage.setItem('{LAST_SCREEN}', text); }}""")
    boot(page, server.url + "?fast#/")
    kept_here(page, "game-card")
    relaunch_held(page, server.url + "?fast#/")
    assert page.locator("#boot .progress").count() == 1 and page.locator("#app .game-card").count() == 0
    assert page.evaluate(KEPT) is None, "the unusable copy is left in storage"
    release(page)
    assert page.locator("#app .game-card").count() == len(BOARDS)
    kept_here(page, "game-card")            # and kept afresh by this build


# Written into the kept screen by anything that can write this origin's storage (another app under
# the same origin, an extension, a person at the console): each part would load, run or go elsewhere.
ELSEWHERE = "http://elsewhere.invalid"
HOSTILE_SCREEN = (
    f'<meta http-equiv="refresh" content="0; url={ELSEWHERE}/refreshed">'
    f'<base href="{ELSEWHERE}/"><link rel="stylesheet" href="{ELSEWHERE}/linked.css">'
    '<section class="panel" data-testid="kept"><h2>Kept</h2>'
    f'<a class="btn" data-testid="off-site" href="{ELSEWHERE}/away">Away</a>'
    '<a class="btn" data-testid="on-site" href="#/rules/thievery">Rules</a>'
    f'<a class="btn" data-testid="script-link" href="javascript:location.href=\'{ELSEWHERE}/js\'">Run</a>'
    f'<img data-testid="pixel" src="{ELSEWHERE}/pixel.png" alt="">'
    f'<button class="btn" data-testid="handler" onfocus="location.href=\'{ELSEWHERE}/focus\'" autofocus>B</button>'
    f'<div data-testid="styled" style="background:url({ELSEWHERE}/background.png)">styled</div>'
    f'<div data-testid="placed" style="--seat: #c8443c">placed</div>'
    f'<svg viewBox="0 0 10 10"><a href="{ELSEWHERE}/svg"><rect width="5" height="5"></rect></a></svg>'
    f'<iframe src="{ELSEWHERE}/framed"></iframe><object data="{ELSEWHERE}/object"></object>'
    f'<script>location.href = "{ELSEWHERE}/script"</script></section>')


@pytest.mark.browser
def test_a_kept_screen_paints_only_what_the_app_draws(server, page):
    """Issue 37: the kept last screen was painted as HTML before Python started, so a meta refresh
    in it took the app to another site at 0 s.  Only what the app's screens draw is painted: no
    meta, base, link, iframe, object or script, no event handlers, nothing off this origin."""
    page.add_init_script(HOLD_PYTHON)
    page.add_init_script(f"""if (location.search.includes('hold')) {{
        const kept = JSON.parse(localStorage.getItem('{LAST_SCREEN}'));
        kept.screens = {{'#/': {{html: {json.dumps(HOSTILE_SCREEN)}, playing: false}}}};
        localStorage.setItem('{LAST_SCREEN}', JSON.stringify(kept)); }}""")
    elsewhere = []
    page.route(ELSEWHERE + "/**", lambda route: (elsewhere.append(route.request.url), route.fulfill(body="elsewhere")))
    boot(page, server.url + "?fast#/")
    kept_here(page, "game-card")
    page.goto("about:blank")
    page.goto(server.url + "?fast&hold#/", wait_until="domcontentloaded")
    page.wait_for_timeout(500)              # a refresh at 0 s, a focus handler: each would have gone by now
    assert server.url in page.url and not elsewhere, f"the kept screen sent the page to {elsewhere}"
    page.wait_for_selector("#waking", state="attached")
    painted = page.inner_html("#app")
    assert page.locator("#app [data-testid=kept] h2").inner_text() == "Kept", painted
    for tag in ("meta", "base", "link", "iframe", "object", "script"):
        assert page.locator(f"#app {tag}").count() == 0, (tag, painted)
    assert page.get_attribute("[data-testid=on-site]", "href") == "#/rules/thievery"
    for off_site in ("off-site", "script-link", "pixel"):
        element = page.locator(f"[data-testid={off_site}]")
        assert element.count() == 1 and not element.evaluate("(e) => e.getAttribute('href') || e.getAttribute('src')")
    assert page.get_attribute("[data-testid=handler]", "onfocus") is None
    assert page.get_attribute("[data-testid=styled]", "style") is None
    assert page.get_attribute("[data-testid=placed]", "style") == "--seat: #c8443c"
    assert page.locator("#app svg a").evaluate("(a) => a.getAttribute('href')") is None
    release(page)
    assert page.locator("#app .game-card").count() == len(BOARDS) and not elsewhere and not page.problems


# -- what is kept, in CPython ---------------------------------------------------------------------------
class FakeApp:
    def __init__(self, shown):
        self.shown = shown


def a_screen(people: list, game_id: str = "thievery") -> GameView:
    game = pycore.GAMES[game_id]
    seats = [Seat([name]) if name not in ("novice", "sharp") else Seat(bot=name) for name in people]
    state = game.new_game(seats=len(seats), seed=5, options=dict(game.options))
    save = Save("kept", game_id, Table(seats), state, 1.0, 1.0)
    return GameView(save, BOARDS[game_id])


@pytest.mark.parametrize("game_id", list(BOARDS))
def test_a_hot_seat_screen_showing_secrets_keeps_the_cover_the_relaunch_draws(game_id):
    screen = a_screen(["Ana", "Ben", "novice"], game_id)
    play = screen.play
    rng = random.Random(2)
    step = play.step()
    for _ in range(400):                       # played on to the first cover (a screen with secrets)
        if step.kind in ("cover", "over"):
            break
        if step.kind == "bot":
            play.bot_act(step.seat)
        else:
            play.act(step.seat, rng.choice(play.legal()))
            if play.landing is not None:
                play.end_landing()
        step = play.step()
    assert step.kind == "cover", f"{game_id}: no screen with secrets in a hot-seat game"
    screen.covering = step.seat
    assert last_screen.what_to_keep(FakeApp(screen)) == last_screen.AS_DRAWN       # the cover itself
    screen.covering = None
    play.conductor.uncover(step.seat)
    assert last_screen.secrets_on_screen(screen)
    kept = last_screen.what_to_keep(FakeApp(screen))
    assert kept[0] == "html" and 'data-testid="cover"' in kept[1] and f'data-seat="{step.seat}"' in kept[1]
    # It is what the game resumed draws: the cover, with nothing of the seat's own view.
    resumed = GameView(screen.play.save, screen.board)
    assert resumed.play.step().kind == "cover"
    resumed.covering = step.seat
    assert kept[1] == resumed.html()
    own = screen.html()
    assert own != kept[1]


def test_one_person_against_bots_keeps_the_screen_as_drawn_and_the_embed_keeps_nothing():
    screen = a_screen(["Ana", "novice", "sharp"])
    screen.play.step()
    assert last_screen.what_to_keep(FakeApp(screen)) == last_screen.AS_DRAWN
    # With the menu open, the screen without it: a relaunch opens no menu (its copy would flash open).
    drawn = screen.html()
    screen.overlay = "menu"
    assert 'data-testid="menu"' in screen.html()
    assert last_screen.what_to_keep(FakeApp(screen)) == ("html", drawn)
    assert screen.overlay == "menu"
    screen.overlay = None
    screen.embedded = True
    assert last_screen.what_to_keep(FakeApp(screen)) == last_screen.NOTHING
    assert last_screen.what_to_keep(FakeApp(None)) == last_screen.AS_DRAWN        # a plain page


@pytest.mark.browser
@pytest.mark.parametrize("where", ["?fast#/", "embed.html?game=thievery&mode=demo&seed=7"])
def test_a_start_raises_no_devtools_issue_and_logs_no_error(server, page, where):
    """Lighthouse's best practices read these: no deprecated SharedArrayBuffer (Pyodide's shared
    memory is made unshared), no 404 (a source map, a missing snapshot, a favicon), no error."""
    issues, errors, failed = [], [], []
    cdp = page.context.new_cdp_session(page)
    cdp.on("Audits.issueAdded", lambda event: issues.append(event["issue"]["code"]))
    cdp.send("Audits.enable")
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("response", lambda response: failed.append(response.url) if response.status >= 400 else None)
    for _ in range(2):                          # a start, and a relaunch on the screen it kept
        page.goto("about:blank")
        page.goto(server.url + where)
        page.wait_for_function(READY, timeout=90_000)
        page.wait_for_timeout(1000)
    assert issues == [] and errors == [] and failed == [], (issues, errors, failed)
    assert not page.problems
