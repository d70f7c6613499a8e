#!/usr/bin/env python3
"""Thieves' Table: one entry point.

    python build.py build    make dist/ (the site root): wheel, frontend, Pyodide, PyScript, sw.js
    python build.py serve    build, then serve dist/ on http://localhost:8000
    python build.py test     build, then run every test (engines and the built app in Chromium)
    python build.py bench    build, then print the speed and size table (ratios from one run)

Each step prints what it does and how long it took. The jobs are the modules of sitebuild/.
"""
from __future__ import annotations

import argparse
import os
import sys

# The names the tests and the benchmark use, importable from build as before the jobs moved.
from sitebuild import BENCH_SITE, DIST, ROOT, TEST_SITE, content_hash, project  # noqa: F401
from sitebuild.archives import build_archives, with_bytecode, write_wheel, zip_tree  # noqa: F401
from sitebuild.assemble import build
from sitebuild.compression import COMPRESSED_CACHE, ENCODINGS, compress, compress_site, is_compressed_copy  # noqa: F401
from sitebuild.loader import PRELOADS_SCRIPT, app_archives, loader_facts, write_loader, write_preloads  # noqa: F401
from sitebuild.node import run_in_pyodide, run_node  # noqa: F401
from sitebuild.precache import precache_list, write_service_worker  # noqa: F401
from sitebuild.runtime import check_pinned_pyodide, npm_ci  # noqa: F401
from sitebuild.server import serve
from sitebuild.stdlib import STDLIB_COMPILED, STDLIB_ORIGINAL, build_stdlib, unused_stdlib_entry  # noqa: F401
from sitebuild.testing import VENV, bench, in_test_environment, test, test_environment  # noqa: F401


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("command", choices=["build", "serve", "test", "bench"])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    args, rest = parser.parse_known_args()
    if args.command == "build":
        build()
    elif args.command == "serve":
        build()
        serve(args.port)
    elif args.command == "test":
        test(rest)
    elif args.command == "bench":
        bench(sys.argv[1:], rest)


if __name__ == "__main__":
    main()
