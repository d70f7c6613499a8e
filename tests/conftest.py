"""Shared fixtures: the built site, a static server the tests can kill, and Debian's Chromium.

Browser tests run in one persistent Chromium profile per xdist worker, on one server (one origin)
per worker: the first page of a worker is a first visit that installs the service worker, the second
a relaunch that makes the start-up snapshot, and every page after boots from that snapshot (with the
compiled wasm from V8's code cache), as a relaunch from the home screen does.  Each test still starts
with empty storage for the app's saves and settings.  A test that must see a first visit, an
incognito start or a site of its own asks for ``fresh_context`` / ``fresh_page`` or ``browser``."""
import gc
import os
import shutil
import sys
import tempfile
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))         # driver.py and friends
sys.path.insert(0, str(ROOT / "web"))          # the frontend's pure modules, testable here

# The engines' tests make and drop millions of small dicts and lists, which set off Python's cycle
# collector every 700 allocations: collecting every 100,000 instead takes an eighth off their time
# (measured on the conformance and Thievery tests; their peak memory stayed at 59 MB).
gc.set_threshold(100_000, 50, 1000)

from browsing import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, PHONE, TABLET, Server  # noqa: E402,F401

PROFILES = ROOT / "build" / "browser-profiles"
# What a test must find empty: the app's saves and settings (localStorage), and any database.  The
# service worker, its caches (the precache and the start-up snapshot) and the HTTP cache stay.
APP_STORAGE = "local_storage,indexeddb,websql,file_systems,cookies"
# An installed-looking profile gets the browser's own install offer, which an incognito context never
# does: the warm profile's pages do not hear it, so a test sees an offer only when it makes one.
NO_BROWSER_INSTALL_OFFER = """addEventListener('beforeinstallprompt', (event) => {
    if (event.isTrusted) event.stopImmediatePropagation();
}, {capture: true});"""
# A snapshot the service worker keeps (in any of its caches).
SNAPSHOT_KEPT = """async () => {
    for (const name of await caches.keys()) if (await (await caches.open(name)).match('__snapshot__')) return true;
    return false;
}"""


# A test that asks for the built site or a server of it needs npm and the build; one that asks for
# Playwright needs Chromium: marked so, the engines and screens run alone with
# `python build.py test --engines` (pytest -m "not browser and not site"), whatever a test forgot.
NEEDS_SITE, NEEDS_CHROMIUM = {"site", "server", "worker_server"}, {"playwright"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & NEEDS_SITE:
            item.add_marker(pytest.mark.site)
        if fixtures & NEEDS_CHROMIUM:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site() -> Path:
    """The built site: THIEVES_TABLE_SITE (python build.py test has just built it there), dist/ when
    THIEVES_TABLE_BUILT=1 (a developer's own build), else built once into build/test-site."""
    import build
    if os.environ.get("THIEVES_TABLE_SITE"):
        return Path(os.environ["THIEVES_TABLE_SITE"])
    if os.environ.get("THIEVES_TABLE_BUILT") == "1" and (build.DIST / "sw.js").exists():
        return build.DIST
    # Several xdist workers share one build: the first builds under a lock, the others find the
    # stamp of this run and use it.
    import fcntl
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", str(os.getpid()))
    build.TEST_SITE.parent.mkdir(parents=True, exist_ok=True)
    stamp = build.TEST_SITE.parent / "test-site.run"
    with open(build.TEST_SITE.parent / "test-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not stamp.exists() or stamp.read_text() != run:
            build.build(build.TEST_SITE)
            stamp.write_text(run)
    return build.TEST_SITE


@pytest.fixture(scope="session")
def worker_server(site):
    """This worker's server, on one port all session: the warm profile's origin."""
    server = Server(site).start()
    yield server
    server.kill()


@pytest.fixture
def server(worker_server):
    """The worker's server; a test may kill it (offline tests): it is back, on its port, after."""
    yield worker_server
    if not worker_server.running():
        worker_server.start()


@pytest.fixture(scope="session")
def playwright():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not at {CHROMIUM}: apt-get install chromium (or set CHROMIUM)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright):
    """Chromium for incognito contexts: nothing kept between them."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def warm_up(context, url: str):
    """A first visit (the service worker installs), then a relaunch (it makes the start-up
    snapshot), so every later page of this profile starts from the snapshot."""
    from driver import boot, relaunch
    page = context.new_page()
    boot(page, url + "?fast#/")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    relaunch(page, url + "?fast#/")
    for _ in range(240):
        if page.evaluate(SNAPSHOT_KEPT):
            break
        page.wait_for_timeout(250)
    else:
        warnings.warn("the warm profile made no start-up snapshot in 60 s: its pages boot without one")
    page.close()


@pytest.fixture(scope="session")
def profile(playwright, worker_server):
    """This worker's persistent Chromium profile (under build/browser-profiles/, gone after the
    session), warmed up on the worker's server."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    PROFILES.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=f"{worker}-", dir=PROFILES))
    context = playwright.chromium.launch_persistent_context(
        str(folder), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
        viewport=PHONE, device_scale_factor=1, is_mobile=False, has_touch=True)
    context.add_init_script(NO_BROWSER_INSTALL_OFFER + PYTHON_WHERE)
    try:
        warm_up(context, worker_server.url)
        yield context
    finally:
        context.close()
        shutil.rmtree(folder, ignore_errors=True)


def clear_app_storage(context, origin: str):
    """Empty the origin's saves and settings, keeping its service worker and caches."""
    blank = context.new_page()
    session = context.new_cdp_session(blank)
    try:
        session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": APP_STORAGE})
    finally:
        session.detach()
        blank.close()


@pytest.fixture
def context(profile, server):
    """The warm profile with the app's storage empty; every page a test opened is closed after."""
    for page in profile.pages:
        page.close()
    clear_app_storage(profile, server.url.rstrip("/"))
    yield profile
    for page in profile.pages:
        page.close()


# Python runs in a worker (issue 39); THIEVES_TABLE_PYTHON=main runs the conftest's pages with Python
# on the page's own thread instead (shell.js's ?main, kept for the bench's comparison).
PYTHON_ON_THE_PAGE = os.environ.get("THIEVES_TABLE_PYTHON") == "main"
PYTHON_WHERE = ";globalThis.thievesTablePythonInWorker = false;" if PYTHON_ON_THE_PAGE else ""


def frame_of(locator):
    """The frame a locator looks in (its page's main frame, or the frame it was asked of)."""
    inner = getattr(getattr(locator, "_impl_obj", None), "_frame", None)
    return next((frame for frame in locator.page.frames if frame._impl_obj is inner), locator.page)


def wait_for_python_after_actions():
    """Where Python runs in a worker, what a tap draws arrives a moment after the tap: each action
    of a test's page then waits until Python has handled everything the page told it (ui.js's
    settled), as it always has on the page's own thread."""
    from playwright.sync_api import Locator, Page
    settled = "() => !window.thievesTableUI?.settled || window.thievesTableUI.settled()"
    for cls in (Page, Locator):
        for name in ("click", "dblclick", "tap", "fill", "press", "check", "uncheck", "select_option",
                     "set_input_files", "dispatch_event", "set_checked", "type", "goto", "go_back", "go_forward"):
            action = getattr(cls, name, None)
            if action is None or getattr(action, "waits_for_python", False):
                continue

            def waiting(self, *args, __action=action, **kwargs):
                result = __action(self, *args, **kwargs)
                # A locator of a frame (the embed's, in a rules page) waits for that frame's Python.
                page = self if isinstance(self, Page) else frame_of(self)
                try:
                    page.wait_for_function(settled, timeout=30_000)
                except Exception:
                    pass                    # the page went away (a tap that navigated): nothing to wait for
                return result
            waiting.waits_for_python = True
            setattr(cls, name, waiting)


if not PYTHON_ON_THE_PAGE:
    wait_for_python_after_actions()


def watched(page):
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    return page


@pytest.fixture
def page(context):
    """A new tab in the warm profile (it boots from the start-up snapshot)."""
    return watched(context.new_page())


@pytest.fixture
def fresh_context(browser):
    """An incognito context: a first visit, nothing cached."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=False, has_touch=True)
    if PYTHON_WHERE:
        context.add_init_script(PYTHON_WHERE)
    yield context
    context.close()


@pytest.fixture
def fresh_page(fresh_context):
    return watched(fresh_context.new_page())


@pytest.fixture
def open_page(context):
    """New tabs in the warm profile at a size of their own (and media, such as reduced motion), as
    a new context of that size would open them: ``open_page(viewport, reduced_motion="reduce")``."""
    def open_at(viewport: dict, **media):
        page = watched(context.new_page())
        page.set_viewport_size(viewport)
        if media:
            page.emulate_media(**media)
        return page
    return open_at
