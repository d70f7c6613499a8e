"""The service worker's precache: every file the app needs with a content hash as its revision,
written into site/sw.js with the cache version and the start-up snapshot's key."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from sitebuild import ROOT, content_hash
from sitebuild.compression import ENCODINGS, is_compressed_copy
from sitebuild.loader import loader_facts
from sitebuild.stdlib import STDLIB_ORIGINAL

# Not precached: the service worker itself and what only the benchmark and tests use.
NOT_PRECACHED = {"sw.js"}
# Precached only in the benchmark's copy (with its bench* pages, which use the original stdlib), as
# is PyScript, which only Python on the page's own thread (?main, the bench's comparison) loads.
BENCH_ONLY = {STDLIB_ORIGINAL, "app/main.py", "pyscript-stores.mjs"}
BENCH_ONLY_FOLDERS = ("runtime/pyscript/",)


def precache_list(site: Path, with_bench: bool = False) -> list[dict]:
    """Every file the app needs, with a content hash as its revision (of the file itself: the
    service worker stores what the browser decoded, never a .br or .gz copy)."""
    entries = []
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if path.is_dir() or is_compressed_copy(path) or rel in NOT_PRECACHED or rel.endswith(".map") or \
                ((rel.startswith(("bench", *BENCH_ONLY_FOLDERS)) or rel in BENCH_ONLY) and not with_bench):
            continue
        entries.append({"url": rel, "revision": content_hash(path), "bytes": path.stat().st_size})
    return entries


def write_service_worker(site: Path, with_bench: bool = False) -> str:
    """Write site/sw.js: the worker source with the precache list and the start-up snapshot the
    loader makes (its key, read back from the loader); returns the cache version.
    (The benchmark's copy of the site also precaches its comparison pages.)"""
    entries = precache_list(site, with_bench)
    version = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:12]
    source = (ROOT / "service_worker" / "sw.js").read_text()
    manifest = json.dumps({"version": version, "snapshot": loader_facts(site, "SNAPSHOT")["key"],
                           "files": [[e["url"], e["revision"]] for e in entries]}, indent=0)
    (site / "sw.js").write_text(source.replace("self.__PRECACHE__", manifest))
    for suffix in ENCODINGS.values():      # the copies of the old sw.js (build compresses the new)
        (site / ("sw.js" + suffix)).unlink(missing_ok=True)
    return version
