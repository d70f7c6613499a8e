"""The embed on another site (issue 37): a rules page served from one site (``127.0.0.1``) frames the
app served from another (``localhost``: the same server, another site) and a person plays a lesson's
first moves in the frame, in a fresh context and in a persistent profile, with the frame's storage
granted and refused.  The rules pages are the example pages (web/examples/), told where the app is
(``?app=``), so they show how a rules site embeds it.

How Chromium is made to grant or refuse a third-party frame its storage: Playwright launches
Chromium with ``--disable-features=...,ThirdPartyStoragePartitioning,...``, and this Chromium blocks
third-party cookies and site data, so a frame from another site gets no storage at all (reading
``localStorage`` throws SecurityError, ``indexedDB.open`` fails with UnknownError): refused.  Launched
with a ``--disable-features`` list of our own that leaves partitioning on (the last such switch on the
command line wins), the frame gets Chromium's default, storage partitioned by the top site: granted.
Each case checks which it got before playing."""
import tempfile

import pytest

from browsing import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, PHONE, screenshot
from conftest import NO_BROWSER_INSTALL_OFFER, watched

pytestmark = pytest.mark.browser

# Playwright 1.65's own --disable-features list (chromiumSwitches), less ThirdPartyStoragePartitioning.
PARTITIONED = ["AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
               "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
               "AvoidCorsURLLoaderRestartOnRedirect", "OptimizationHints", "NetworkTimeServiceQuerying",
               "AimEnabled", "PreconnectToSearch"]
GRANTING_ARGS = CHROMIUM_ARGS + ["--disable-features=" + ",".join(PARTITIONED)]
HAS_STORAGE = "() => { try { localStorage.setItem('tt-probe', '1'); return localStorage.getItem('tt-probe') === '1'; } catch { return false; } }"
RING = "[data-coach-here]"
SHOTS = ARTIFACTS / "embed-anywhere"
# Each case plays another game's lesson page: four of the example pages framed from another site.
CASES = [("fresh", "refused", "thievery"), ("persistent", "refused", "twelve-thieves"),
         ("fresh", "granted", "master-thieves"), ("persistent", "granted", "guild-of-thieves")]


@pytest.fixture
def framing(request, playwright, browser, context):
    """(a browser context of the kind the case names, whether it should grant the frame storage)."""
    kind, storage = request.param
    granting = storage == "granted"
    if kind == "persistent" and not granting:
        yield context, granting             # the worker's warm profile: the app installed top-level
    elif kind == "persistent":
        with tempfile.TemporaryDirectory(prefix="granting-") as folder:
            persistent = playwright.chromium.launch_persistent_context(
                folder, executable_path=CHROMIUM, args=GRANTING_ARGS, viewport=PHONE, has_touch=True)
            persistent.add_init_script(NO_BROWSER_INSTALL_OFFER)
            yield persistent, granting
            persistent.close()
    else:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=GRANTING_ARGS) if granting else browser
        fresh = launched.new_context(viewport=PHONE, has_touch=True)
        yield fresh, granting
        fresh.close()
        if granting:
            launched.close()


@pytest.mark.parametrize("framing,game_id", [((kind, storage), game_id) for kind, storage, game_id in CASES],
                         indirect=["framing"], ids=[f"{kind}-{storage}-{game_id}" for kind, storage, game_id in CASES])
def test_a_rules_page_on_another_site_plays_a_lesson_in_the_frame(server, framing, game_id):
    framing, granting = framing
    page = watched(framing.new_page())
    rules_site = f"http://127.0.0.1:{server.port}"
    page.goto(f"{rules_site}/examples/{game_id}-lesson.html?fast&app={server.url}")
    frame = page.frame_locator("iframe").first
    frame.locator("[data-testid=coach]").wait_for(timeout=90_000)
    frame_page = next(f for f in page.frames if f.url.startswith(server.url + "embed.html"))
    assert frame_page.evaluate("document.documentElement.dataset.app") == "ready"
    granted = frame_page.evaluate(HAS_STORAGE)
    assert granted == granting, f"this Chromium {'refused' if granting else 'granted'} the frame storage"
    # The lesson's first moves, by the coach's ring, until the person's own move has landed.
    for _ in range(12):
        frame_page.wait_for_selector(RING + ":not([disabled])", timeout=60_000)
        if any(m["type"] == "move" and m["seat"] == 0 for m in page.evaluate("window.received")):
            break
        frame_page.locator(RING).click()
    else:
        raise AssertionError("the person made no move in the lesson's first twelve taps")
    messages = page.evaluate("window.received")
    assert messages[0]["type"] == "ready" and messages[0]["game"] == game_id
    assert all("action" not in m and set(m) >= {"said", "events"} for m in messages if m["type"] == "move")
    assert frame_page.evaluate("document.querySelector('[data-testid=coach][data-step]').dataset.step") != "1"
    # With no storage the embed plays from memory, and says so in one line that covers nothing.
    unkept = frame_page.locator("[data-testid=unkept]")
    if granted:
        assert unkept.count() == 0
    else:
        assert unkept.inner_text() == "Playing from memory: nothing here will be kept."
        box = unkept.bounding_box()
        assert box["height"] <= 30 and frame_page.evaluate(
            "document.scrollingElement.scrollHeight <= innerHeight + 1"), "the line pushes the table out of the frame"
    SHOTS.mkdir(parents=True, exist_ok=True)
    screenshot(page, str(SHOTS / f"{game_id}-{'granted' if granted else 'refused'}.png"))
    assert not page.problems, page.problems
