"""Transfer compression: a Brotli and a gzip copy beside every file that shrinks, the same bytes
every build. The server sends the copy the browser accepts (serve); docs/hosting.md says how other
hosts do."""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import tempfile
from pathlib import Path

from sitebuild.node import run_node
from sitebuild.progress import step

ENCODINGS = {"br": ".br", "gzip": ".gz"}
# Compressing is slow (Brotli's best setting takes ~50 s for the wasm), so each result is kept here
# under its input's hash: the pinned runtime is compressed once a machine (as npm and pip keep their
# downloads, outside the clone, so a fresh clone reuses them), our own files when they change.
COMPRESSED_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "thieves-table" / "compressed"
# Node's Brotli (the build already runs Node for Pyodide): fixed settings give the same bytes for
# the same input. Jobs run on Node's thread pool, two or more at once.
BROTLI_SCRIPT = """
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompress, constants } from "node:zlib";
import { promisify } from "node:util";
const compress = promisify(brotliCompress);
const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 };
const jobs = JSON.parse(readFileSync("%(jobs)s", "utf8"));
let done = 0;
await Promise.all(jobs.map(async ([source, target]) => {
  writeFileSync(target, await compress(readFileSync(source), { params }));
  progress(`${++done} of ${jobs.length} new with Brotli`);
}));
"""


def is_compressed_copy(path: Path) -> bool:
    return path.suffix in ENCODINGS.values() and path.with_suffix("").is_file()


def compress(paths: list[Path], name: str = "") -> dict[Path, dict[str, int]]:
    """Write path.br and path.gz beside each path where they are smaller than it; returns, for each
    path, the size of every copy written ({"br": bytes, "gzip": bytes}, maybe empty). name is the
    step's name (`compressing N files` unless given)."""
    with step(name or f"compressing {len(paths)} files") as progress:
        COMPRESSED_CACHE.mkdir(parents=True, exist_ok=True)
        cached = {path: COMPRESSED_CACHE / hashlib.sha256(path.read_bytes()).hexdigest() for path in paths}
        missing = [(path, key) for path, key in cached.items() if not key.with_suffix(".br").exists()]
        if missing:
            compress_into_cache(missing, progress.update)
        sizes = {}
        for path, key in cached.items():
            sizes[path] = {}
            for encoding, suffix in ENCODINGS.items():
                copy = path.with_name(path.name + suffix)
                copy.unlink(missing_ok=True)
                data = key.with_suffix(suffix).read_bytes()
                if len(data) < path.stat().st_size:
                    copy.write_bytes(data)
                    stat = path.stat()       # the file's own time (nginx asks for it; serve checks it)
                    os.utime(copy, ns=(stat.st_atime_ns, stat.st_mtime_ns))
                    sizes[path][encoding] = len(data)
        progress.update(f"{len(missing)} new, {len(paths) - len(missing)} from {COMPRESSED_CACHE}/, "
                        f"{sum(map(len, sizes.values()))} copies written")
    return sizes


def compress_into_cache(missing: list[tuple[Path, Path]], on_progress):
    """The Brotli and gzip copies of each (path, cache key) pair, into the cache."""
    with tempfile.TemporaryDirectory() as tmp:
        jobs = Path(tmp) / "jobs.json"
        jobs.write_text(json.dumps([[path.as_posix(), key.with_suffix(".br.tmp").as_posix()]
                                    for path, key in missing]))
        on_progress(f"0 of {len(missing)} new with Brotli")
        run_node(BROTLI_SCRIPT, Path(tmp), on_progress, jobs=jobs)
    for done, (path, key) in enumerate(missing, 1):
        key.with_suffix(".gz").write_bytes(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
        key.with_suffix(".br.tmp").rename(key.with_suffix(".br"))   # last: marks the entry whole
        on_progress(f"{done} of {len(missing)} new with gzip")


def compress_site(site: Path):
    files = [path for path in sorted(site.rglob("*")) if path.is_file() and not is_compressed_copy(path)]
    compress(files, f"compressing {len(files)} files")
