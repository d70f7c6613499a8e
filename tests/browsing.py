"""Chromium and a killable static server, shared by the browser tests and the benchmark."""
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Without the background-networking flags Chromium keeps trying to reach the internet here.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
ARTIFACTS = ROOT / "test-artifacts"
# Screenshots are for a person to open and look at, never a test's verdict: the tests take them when
# asked (python build.py test --shots, which sets this), and skip them otherwise, a fifth of a
# browser test's time.  A screenshot of a problem found is taken always.
SHOTS_WANTED = bool(os.environ.get("THIEVES_TABLE_SHOTS"))


def screenshot(page, path, **options):
    """The screen now, written to ``path`` when screenshots are asked for."""
    if SHOTS_WANTED:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), **options)


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
        """Serve (again, after a kill, on the same port: the browser's origin stays the same)."""
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

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self):
        if self.process:
            self.process.kill()
            self.process.wait()
            self.process = None


