"""Shared fixtures: the built site, a static server the tests can kill, and Debian's Chromium."""
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))         # driver.py and friends
sys.path.insert(0, str(ROOT / "web"))          # the frontend's pure modules, testable here

from browsing import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, PHONE, TABLET, Server  # noqa: E402,F401


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


@pytest.fixture
def server(site):
    server = Server(site).start()
    yield server
    server.kill()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not at {CHROMIUM}: apt-get install chromium (or set CHROMIUM)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=False, has_touch=True)
    yield context
    context.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    yield page
