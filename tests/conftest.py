"""Shared fixtures: the built site, a static server the tests can kill, and Debian's Chromium."""
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))         # driver.py and friends
sys.path.insert(0, str(ROOT / "web"))          # the frontend's pure modules, testable here

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Without the background-networking flags Chromium keeps trying to reach the internet here.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
ARTIFACTS = ROOT / "test-artifacts"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """python build.py's static server in its own process, so a test can kill it."""

    def __init__(self, site: Path):
        self.site = site
        self.port = free_port()
        self.process = None

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}/"

    def start(self):
        code = f"import build; build.serve({self.port}, __import__('pathlib').Path({str(self.site)!r}))"
        self.process = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the static server did not start")

    def kill(self):
        if self.process:
            self.process.kill()
            self.process.wait()
            self.process = None


@pytest.fixture(scope="session")
def site() -> Path:
    """dist/, built once per run (python build.py test has just built it)."""
    import build
    if os.environ.get("THIEVES_TABLE_BUILT") != "1" or not (build.DIST / "sw.js").exists():
        build.build()
    return build.DIST


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
