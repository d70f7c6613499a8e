"""The test environment, and the test and bench commands: both build their own copy of the site
beside dist/ and run in .venv with the pinned test tools."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sitebuild import BENCH_SITE, ROOT, TEST_SITE, project
from sitebuild.assemble import build
from sitebuild.progress import step

# The test tools live in a project-local virtual environment (.venv), never in the Python that runs
# build.py; a stamp of the pins decides whether it is up to date.
VENV = ROOT / ".venv"


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def test_environment() -> Path:
    """.venv with the pinned test tools of pyproject.toml (pytest, pytest-xdist, Playwright)."""
    pins = project()["optional-dependencies"]["test"]
    stamp = VENV / "thieves-table-pins.json"
    if stamp.exists() and json.loads(stamp.read_text()) == pins and venv_python().exists():
        return venv_python()
    with step(f"making {VENV.name}/ with {' '.join(pins)}"):
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True)
        subprocess.run([str(venv_python()), "-m", "pip", "install", "-q", "--disable-pip-version-check", *pins],
                       check=True)
    stamp.write_text(json.dumps(pins))
    return venv_python()


def in_test_environment() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


ENGINES_ONLY = "--engines"      # python build.py test --engines: the quick loop, no npm, no site
SHOTS = "--shots"               # python build.py test --shots: the browser tests write their screenshots


def test(args: list[str]):
    """Build the test site, then run every test in parallel (args go to pytest); with --engines the
    engines and screens in CPython alone (no npm, no site, no browser); with --shots the browser
    tests write their screenshots into test-artifacts/ for a person to look at."""
    python = test_environment()
    engines_only, shots = ENGINES_ONLY in args, SHOTS in args
    args = [arg for arg in args if arg not in (ENGINES_ONLY, SHOTS)]
    if engines_only:
        args = ["-m", "not browser and not site", *args]
    else:
        build(TEST_SITE)
    # Two workers on a two-core machine: the engines' soak and the browser tests share the cores.
    workers = os.environ.get("TEST_WORKERS", "auto")
    # A test whose Chromium tab crashed under it (the renderer died: "Target crashed", from one to
    # seven times a run on these shared machines, each time in another test, once twice running)
    # runs again, up to three times; any other failure fails at once.
    command = [str(python), "-m", "pytest", "tests", "pycore", "-n", workers, "--dist", "worksteal",
               "--durations=12", "--reruns", "3", "--only-rerun", "Target crashed", *args]
    print(" ".join(command), flush=True)
    env = {**os.environ} if engines_only else {**os.environ, "THIEVES_TABLE_SITE": str(TEST_SITE)}
    if shots:
        env["THIEVES_TABLE_SHOTS"] = "1"
    sys.exit(subprocess.call(command, cwd=ROOT, env=env))


def bench(argv: list[str], args: list[str]):
    """Build the bench site where the rows need it, then print the speed and size table (benchmarks/bench.py; args go to it).
    argv is build.py's own command line, run again in .venv when this Python is not its."""
    if not in_test_environment():   # the bench drives Chromium with the venv's Playwright
        python = test_environment()
        sys.exit(subprocess.call([str(python), str(ROOT / "build.py"), *argv], cwd=ROOT))
    sys.path.insert(0, str(ROOT / "tests"))         # the bench drives the app as the tests do (driver, browsing)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench as table
    if table.needs_site(args):      # the engines' soak plays in CPython alone
        build(BENCH_SITE)
    table.main(args)
