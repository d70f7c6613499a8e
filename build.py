#!/usr/bin/env python3
"""Thieves' Table: one entry point.

    python build.py build    make dist/ (the site root): wheel, frontend, Pyodide, PyScript, sw.js
    python build.py serve    build, then serve dist/ on http://localhost:8000
    python build.py test     build, then run every test (engines and the built app in Chromium)
    python build.py bench    build, then print the speed and size table (ratios from one run)
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"

# What the browser runtime needs from the pinned npm packages (package-lock.json).
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]
# A fixed time for every zip entry, so equal sources give byte-equal files and equal hashes.
ZIP_TIME = (2026, 1, 1, 0, 0, 0)
# Not precached: the service worker itself and what only the benchmark and tests use.
NOT_PRECACHED = {"sw.js"}


def project():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def npm_ci():
    """Install the pinned browser runtime unless node_modules already matches package-lock.json."""
    stamp = NODE_MODULES / ".package-lock.json"
    lock = ROOT / "package-lock.json"
    wanted = json.loads(lock.read_text())["packages"]
    if stamp.exists():
        have = json.loads(stamp.read_text())["packages"]
        if all(have.get(name, {}).get("version") == info.get("version")
               for name, info in wanted.items() if name):
            return
    print("npm ci (the pinned Pyodide and PyScript) ...", flush=True)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT, check=True)


def zip_tree(target: Path, files: list[tuple[str, bytes]]):
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(files):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)


def python_sources(package: Path, prefix: str) -> list[tuple[str, bytes]]:
    return [(f"{prefix}/{path.relative_to(package).as_posix()}", path.read_bytes())
            for path in sorted(package.rglob("*.py")) if "__pycache__" not in path.parts]


# Compiles sources to bytecode with the very Pyodide the browser runs (its Python 3.14), in Node.
# Unchecked-hash .pyc files are used as they are, so the browser skips compiling our modules at
# every start (they are unpacked with fresh file times, which would invalidate timestamped ones).
PYC_SCRIPT = """
import { loadPyodide } from "%(pyodide)s";
const pyodide = await loadPyodide({ indexURL: "%(index)s" });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "%(root)s" }, "/src");
pyodide.runPython(`
import compileall, py_compile
if not compileall.compile_dir("/src", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SyntaxError("a module does not compile on Python 3.14")
`);
"""


def with_bytecode(files: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """files plus their __pycache__/*.cpython-314.pyc, compiled by Pyodide's own Python."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, data in files:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        index = NODE_MODULES / "pyodide"
        script = root / "compile.mjs"
        script.write_text(PYC_SCRIPT % {"pyodide": (index / "pyodide.mjs").as_posix(),
                                        "index": index.as_posix() + "/", "root": root.as_posix()})
        done = subprocess.run(["node", str(script)], cwd=root, capture_output=True, text=True)
        if done.returncode:
            raise SystemExit("compiling for Pyodide failed:\n" + (done.stdout + done.stderr)[-3000:])
        compiled = sorted(path for path in root.rglob("*.pyc"))
        return files + [(path.relative_to(root).as_posix(), path.read_bytes()) for path in compiled]


def build_wheel(out_dir: Path) -> Path:
    """The pycore wheel (pure Python), written reproducibly: same sources, same bytes."""
    meta = project()
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    files = with_bytecode(python_sources(ROOT / "pycore", "pycore"))
    files.append((f"{dist_info}/METADATA", (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: {meta['description']}\nRequires-Python: {meta['requires-python']}\n").encode()))
    files.append((f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: thieves-table build.py\n"
                                        b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    record_lines = []
    for path, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record_lines.append(f"{path},sha256={digest},{len(data)}")
    record_lines.append(f"{dist_info}/RECORD,,")
    files.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))
    wheel = out_dir / f"{name}-{version}-py3-none-any.whl"
    zip_tree(wheel, files)
    return wheel


def content_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def precache_list(site: Path, with_bench: bool = False) -> list[dict]:
    """Every file the app needs, with a content hash as its revision."""
    entries = []
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if path.is_dir() or rel in NOT_PRECACHED or rel.endswith(".map") or \
                (rel.startswith("bench/") and not with_bench):
            continue
        entries.append({"url": rel, "revision": content_hash(path), "bytes": path.stat().st_size})
    return entries


def write_service_worker(site: Path, with_bench: bool = False) -> str:
    """Write site/sw.js: the worker source with the precache list; returns the cache version.
    (The benchmark's copy of the site also precaches its comparison pages.)"""
    entries = precache_list(site, with_bench)
    version = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:12]
    source = (ROOT / "service_worker" / "sw.js").read_text()
    manifest = json.dumps({"version": version,
                           "files": [[e["url"], e["revision"]] for e in entries]}, indent=0)
    (site / "sw.js").write_text(source.replace("self.__PRECACHE__", manifest))
    return version


def build(site: Path = DIST) -> str:
    npm_ci()
    if site.exists():
        shutil.rmtree(site)
    shutil.copytree(WEB, site, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "frontend", "draw.py"))
    app = site / "app"
    app.mkdir(exist_ok=True)
    wheel = build_wheel(app)
    # The frontend's Python (web/frontend) travels as one zip that PyScript unpacks.
    zip_tree(app / "frontend.zip", with_bytecode(python_sources(WEB / "frontend", "frontend")))
    runtime = site / "runtime"
    (runtime / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, runtime / "pyodide" / name)
    (runtime / "pyscript").mkdir()
    # PyScript imports its plugin chunks even when unused: all of dist/*.js, never the maps.
    for path in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").iterdir()):
        if path.suffix in (".js", ".css"):
            shutil.copy2(path, runtime / "pyscript" / path.name)
    # The shell learns the wheel's name and the sizes it shows progress against.
    big = [f"runtime/pyodide/{name}" for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                                                  "python_stdlib.zip")]
    big += [f"app/{wheel.name}", "app/frontend.zip", "runtime/pyscript/core.js"]
    facts = {"wheel": f"app/{wheel.name}", "frontend": "app/frontend.zip",
             "sizes": {path: (site / path).stat().st_size for path in big}}
    shell = site / "shell.js"
    shell.write_text(shell.read_text().replace("self.__BUILD__", json.dumps(facts)))
    version = write_service_worker(site)
    print(f"built {site.relative_to(ROOT) if site.is_relative_to(ROOT) else site} "
          f"(cache version {version}, wheel {wheel.name})")
    return version


def serve(port: int, site: Path = DIST):
    import functools
    import http.server

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                              ".wasm": "application/wasm", ".mjs": "text/javascript",
                              ".webmanifest": "application/manifest+json", ".whl": "application/zip"}
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"Thieves' Table at http://localhost:{port}/  (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


# The test tools live in a project-local virtual environment (.venv), never in the Python that runs
# build.py; a stamp of the pins decides whether it is up to date.
VENV = ROOT / ".venv"
# The test and bench sites are built beside dist/, so a test run never deletes what `serve` serves.
TEST_SITE = ROOT / "build" / "test-site"
BENCH_SITE = ROOT / "build" / "bench-site"


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def test_environment() -> Path:
    """.venv with the pinned test tools of pyproject.toml (pytest, pytest-xdist, Playwright)."""
    pins = project()["optional-dependencies"]["test"]
    stamp = VENV / "thieves-table-pins.json"
    if stamp.exists() and json.loads(stamp.read_text()) == pins and venv_python().exists():
        return venv_python()
    print(f"making {VENV.name}/ with {' '.join(pins)}", flush=True)
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True)
    subprocess.run([str(venv_python()), "-m", "pip", "install", "-q", "--disable-pip-version-check", *pins],
                   check=True)
    stamp.write_text(json.dumps(pins))
    return venv_python()


def in_test_environment() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def test(args):
    python = test_environment()
    build(TEST_SITE)
    # Two workers on a two-core machine: the engines' soak and the browser tests share the cores.
    workers = os.environ.get("TEST_WORKERS", "auto")
    command = [str(python), "-m", "pytest", "tests", "pycore", "-n", workers, "--dist", "worksteal",
               "--durations=12", *args]
    print(" ".join(command), flush=True)
    sys.exit(subprocess.call(command, cwd=ROOT, env={**os.environ, "THIEVES_TABLE_SITE": str(TEST_SITE)}))


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
        if not in_test_environment():   # the bench drives Chromium with the venv's Playwright
            python = test_environment()
            sys.exit(subprocess.call([str(python), __file__, *sys.argv[1:]], cwd=ROOT))
        build(BENCH_SITE)
        sys.path.insert(0, str(ROOT / "tests"))
        import bench
        bench.main(rest)


if __name__ == "__main__":
    main()
