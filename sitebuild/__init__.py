"""The jobs of build.py, one module each, that make the Thieves' Table site and work with it.

It lives beside build.py (not under web/) because it does more than copy the frontend: it makes
the pycore wheel and compiles Pyodide's standard library that the site carries, serves the site,
and makes the test environment that the tests and the benchmark run in against a built site.
pyproject.toml packages only pycore*, and the build copies only web/ into the site, so none of it
ships in the wheel or in dist/.

    progress     what the build says as it goes: each step, its counts, its time
    node         running a Node script, and one with the pinned Pyodide
    runtime      npm ci and the pinned Pyodide, PyScript and QR codes' libraries copied into the site
    archives     our zips: the pycore wheel and frontend.zip, with bytecode for Pyodide's Python
    stdlib       Pyodide's standard library compiled for what a start imports, trimmed of the rest
    compression  a Brotli and a gzip copy beside every file that shrinks
    manifest     the web app manifest's shortcuts, one per game, and their icons painted from the boards' pictures
    loader       the facts written into pyodide-loader.mjs and shell.js, and preload.js
    precache     the service worker's precache list (sw.js)
    assemble     build(): the whole site, step by step
    server       the local static server (serve)
    testing      the test environment, and the test and bench commands
"""
from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
# The site that serve serves; the test and bench sites are built beside it, so a test run never
# deletes what `serve` serves.
DIST = ROOT / "dist"
TEST_SITE = ROOT / "build" / "test-site"
BENCH_SITE = ROOT / "build" / "bench-site"


def project() -> dict:
    """The [project] table of pyproject.toml."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def content_hash(path: Path) -> str:
    """A file's revision: the start of its SHA-256."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def shown(path: Path) -> str:
    """A path as the build prints it: relative to the repository when inside it."""
    return str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
