"""The build's command line and what it says as it goes (sitebuild.progress, sitebuild.node): each
step's counts as they change, its time, and a failure named as one."""
import io
import re
import subprocess
import sys

import pytest

from conftest import ROOT
from sitebuild import progress
from sitebuild.node import run_node
from sitebuild.progress import step


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.fixture
def no_early_lines(monkeypatch):
    """A step that ends before this long prints only its last line (a loaded machine can pause a
    test for a second)."""
    monkeypatch.setattr(progress, "FIRST_LINE_AFTER_SECONDS", 600)


def test_a_step_ends_on_one_line_with_its_status_and_time(no_early_lines):
    log = io.StringIO()
    with step("stdlib", log) as said:
        said.update("loading Pyodide")
        said.update("131 of 131 modules compiled")
    assert re.fullmatch(r"stdlib: 131 of 131 modules compiled … \d+\.\d s\n", log.getvalue()), log.getvalue()


def test_without_a_terminal_the_counts_are_printed_as_they_go(monkeypatch):
    monkeypatch.setattr(progress, "FIRST_LINE_AFTER_SECONDS", 0)
    monkeypatch.setattr(progress, "LOG_EVERY_SECONDS", 0)
    log = io.StringIO()
    with step("compressing 2 files", log) as said:
        said.update("1 of 2 new with Brotli")
        assert log.getvalue().startswith("compressing 2 files: 1 of 2 new with Brotli … ")
        said.update("2 of 2 new with Brotli")
    assert [line.split(" … ")[0] for line in log.getvalue().splitlines()] == [
        "compressing 2 files: 1 of 2 new with Brotli", "compressing 2 files: 2 of 2 new with Brotli",
        "compressing 2 files: 2 of 2 new with Brotli"]


def test_on_a_terminal_the_line_is_redrawn_and_ends_with_a_newline():
    screen = Terminal()
    with step("wheel", screen) as said:
        said.update("43 of 43 modules compiled")
    drawn = screen.getvalue()
    assert drawn.count("\n") == 1 and drawn.endswith("\n")
    assert drawn.rsplit("\r\x1b[K", 1)[1].startswith("wheel: 43 of 43 modules compiled … ")


def test_a_failed_step_says_so_and_the_failure_goes_on():
    log = io.StringIO()
    with pytest.raises(SystemExit, match="disagree"):
        with step("stdlib", log):
            raise SystemExit("Pyodide versions disagree")
    assert log.getvalue().rstrip("\n").endswith(" (failed)")


def test_a_log_that_cannot_hold_an_ellipsis_gets_three_dots(no_early_lines):
    log = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    with step("npm ci", log):
        pass
    log.seek(0)
    assert re.fullmatch(r"npm ci \.\.\. \d+\.\d s\n", log.read())


def test_a_node_script_reports_progress_apart_from_its_output(tmp_path):
    seen = []
    output = run_node('progress("1 of 2 done"); console.log("%(word)s"); progress("2 of 2 done");',
                      tmp_path, seen.append, word="out")
    assert output == "out\n" and seen == ["1 of 2 done", "2 of 2 done"]


def test_a_failing_node_script_exits_with_its_message(tmp_path):
    with pytest.raises(SystemExit, match="no such luck"):
        run_node('throw new Error("no such luck");', tmp_path)


def test_build_py_offers_its_four_commands():
    shown = subprocess.run([sys.executable, "build.py", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert shown.returncode == 0
    assert "{build,serve,test,bench}" in shown.stdout and "Each step prints" in shown.stdout
