"""build(): the whole site, step by step, each step saying what it does and how long it took."""
from __future__ import annotations

import shutil
import time
from pathlib import Path

from sitebuild import DIST, WEB, shown
from sitebuild.archives import build_archives
from sitebuild.compression import compress, compress_site
from sitebuild.manifest import write_manifest
from sitebuild.loader import screens_version, shell_counted_files, write_loader, write_preloads, write_shell_sizes
from sitebuild.precache import write_service_worker
from sitebuild.progress import seconds, step
from sitebuild.runtime import copy_runtime, npm_ci
from sitebuild.stdlib import build_stdlib


def build(site: Path = DIST) -> str:
    """Make site (dist/ unless told) from scratch; returns the service worker's cache version."""
    started = time.monotonic()
    npm_ci()
    with step(f"copying web/ and the runtime into {shown(site)}/"):
        copy_frontend(site)
        write_manifest(site)
        copy_runtime(site)
    app = site / "app"
    app.mkdir(exist_ok=True)
    wheel = build_archives(app)
    stdlib = build_stdlib(site, wheel, app / "frontend.zip")
    write_loader(site, stdlib, wheel)
    counted = shell_counted_files(wheel)
    copies = compress([site / path for path in counted], f"compressing the {len(counted)} files the shell counts")
    write_shell_sizes(site, copies, counted, screens_version(site, wheel))
    write_preloads(site)
    version = write_service_worker(site)
    compress_site(site)
    print(f"built {shown(site)} in {seconds(time.monotonic() - started)} (cache version {version}, "
          f"wheel {wheel.name}, {stdlib['modules']} stdlib modules compiled for Pyodide {stdlib['pyodide']})",
          flush=True)
    return version


def copy_frontend(site: Path):
    """web/ into site, less the frontend's Python (it travels as frontend.zip), with one stylesheet."""
    if site.exists():
        shutil.rmtree(site)
    shutil.copytree(WEB, site, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "frontend", "draw.py"))
    # One stylesheet: the shell's, then each board's own (web/frontend/boards/<game>/board.css).
    with open(site / "styles.css", "a") as styles:
        for sheet in sorted((WEB / "frontend" / "boards").glob("*/board.css")):
            styles.write(f"\n/* ==== {sheet.parent.name} (boards/{sheet.parent.name}/board.css) ==== */\n")
            styles.write(sheet.read_text())
