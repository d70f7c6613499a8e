"""What the build says as it goes: each step's name as it starts, its counts as they change, and
the time it took, so that a build never sits silent while Node or npm works.

    with step("stdlib") as progress:
        progress.update("loading Pyodide")
        ...
        progress.update("131 of 131 modules compiled")

prints `stdlib: 131 of 131 modules compiled … 12 s` as its last line.
"""
from __future__ import annotations

import shutil
import sys
import threading
import time
from contextlib import contextmanager
from typing import Iterator, TextIO

# Without a terminal (a CI log, a pipe) every update would be a line of its own: a step prints its
# name after a second, then its status at most this often, and its last line when it ends.
LOG_EVERY_SECONDS = 5.0
FIRST_LINE_AFTER_SECONDS = 1.0


def seconds(elapsed: float) -> str:
    return f"{elapsed:.1f} s" if elapsed < 10 else f"{elapsed:.0f} s"


def can_write(stream: TextIO, text: str) -> bool:
    """Whether stream's encoding holds text (a log in Latin-1 gets three dots for an ellipsis)."""
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class Step:
    """One step of the build on one line, `name: status … time`. On a terminal the line is redrawn
    as its status changes and every second, so a long step shows it is alive; elsewhere it is
    printed as lines, no more often than LOG_EVERY_SECONDS."""

    def __init__(self, name: str, stream: TextIO | None = None):
        self.name = name
        self.stream = stream or sys.stdout
        self.on_terminal = self.stream.isatty()
        self.dots = "…" if can_write(self.stream, "…") else "..."
        self.status = ""
        self.started = self.printed = time.monotonic()
        self.lines_printed = 0
        self.lock = threading.Lock()
        self.ended = threading.Event()
        self.ticker = threading.Thread(target=self.tick, daemon=True)

    def line(self) -> str:
        said = f"{self.name}: {self.status}" if self.status else self.name
        return f"{said} {self.dots} {seconds(time.monotonic() - self.started)}"

    def update(self, status: str):
        """The step's status now, such as `40 of 131 modules compiled`."""
        with self.lock:
            self.status = status
            self.show()

    def show(self):
        now = time.monotonic()
        if self.on_terminal:      # cut to the terminal's width: a wrapped line is not redrawn
            self.stream.write("\r\x1b[K" + self.line()[:shutil.get_terminal_size().columns - 1])
        elif now - self.printed >= (LOG_EVERY_SECONDS if self.lines_printed else FIRST_LINE_AFTER_SECONDS):
            self.stream.write(self.line() + "\n")
            self.printed, self.lines_printed = now, self.lines_printed + 1
        self.stream.flush()

    def tick(self):
        while not self.ended.wait(1.0):
            with self.lock:
                self.show()

    def start(self):
        if self.on_terminal:
            self.show()
        self.ticker.start()

    def end(self, failed: bool = False):
        self.ended.set()
        self.ticker.join()
        with self.lock:
            ending = "\r\x1b[K" if self.on_terminal else ""
            self.stream.write(ending + self.line() + (" (failed)" if failed else "") + "\n")
            self.stream.flush()


@contextmanager
def step(name: str, stream: TextIO | None = None) -> Iterator[Step]:
    """Run one step of the build under its name, printing its progress and time (to stdout unless
    told)."""
    current = Step(name, stream)
    current.start()
    try:
        yield current
    except BaseException:
        current.end(failed=True)
        raise
    current.end()
