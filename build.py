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
import email.utils
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
# Pyodide's standard library with bytecode for what a start imports, without what a page never
# imports (build_stdlib). The original stays on the server as the loader's fallback, but is not
# precached.
STDLIB_COMPILED = "runtime/pyodide/python_stdlib_compiled.zip"
STDLIB_ORIGINAL = "runtime/pyodide/python_stdlib.zip"
# A fixed time for every zip entry, so equal sources give byte-equal files and equal hashes.
ZIP_TIME = (2026, 1, 1, 0, 0, 0)
# Not precached: the service worker itself and what only the benchmark and tests use.
NOT_PRECACHED = {"sw.js"}
# Precached only in the benchmark's copy (with its bench* pages, which use the original stdlib).
BENCH_ONLY = {STDLIB_ORIGINAL}


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


# Our zips (the wheel, the frontend, the standard library) store their entries uncompressed: the
# transfer is compressed whole (Brotli across every module beats deflate one entry at a time: the
# standard library travels in 2.5 MB instead of 3.9), and zipimport reads stored entries as they are.
def zip_entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    return info


def zip_tree(target: Path, files: list[tuple[str, bytes]]):
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as archive:
        for name, data in sorted(files):
            archive.writestr(zip_entry(name), data)


def python_sources(package: Path, prefix: str) -> list[tuple[str, bytes]]:
    return [(f"{prefix}/{path.relative_to(package).as_posix()}", path.read_bytes())
            for path in sorted(package.rglob("*.py")) if "__pycache__" not in path.parts]


def write_tree(root: Path, files: list[tuple[str, bytes]]):
    for name, data in files:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)


def run_node(script: str, root: Path, **paths: Path | str) -> str:
    """Run a Node script (a %-template of paths, and root) in root; its stdout, or exit loudly."""
    names = {"root": root.as_posix(), **{key: path.as_posix() if isinstance(path, Path) else path
                                         for key, path in paths.items()}}
    runner = root / "run.mjs"
    # An error's message, not Node's echo of the minified line it came from.
    runner.write_text('process.on("uncaughtException", (error) => {\n'
                      '  console.error(String(error?.message ?? error)); process.exit(1);\n});\n' + script % names)
    done = subprocess.run(["node", str(runner)], cwd=root, capture_output=True, text=True)
    runner.unlink()
    if done.returncode:
        raise SystemExit("running Node failed:\n" + (done.stdout + done.stderr)[-3000:])
    return done.stdout


def run_in_pyodide(script: str, root: Path, **paths: Path) -> str:
    """Run a Node script with the pinned Pyodide (%(pyodide)s is its module, %(index)s its folder)."""
    index = NODE_MODULES / "pyodide"
    return run_node(script, root, pyodide=index / "pyodide.mjs", index=index.as_posix() + "/", **paths)


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
        write_tree(root, files)
        run_in_pyodide(PYC_SCRIPT, root)
        compiled = sorted(path for path in root.rglob("*.pyc"))
        return files + [(path.relative_to(root).as_posix(), path.read_bytes()) for path in compiled]


def check_pinned_pyodide() -> str:
    """The Pyodide version every pin agrees on; exits loudly if package.json, package-lock.json
    and node_modules disagree (bytecode made by another Pyodide would be refused or misread)."""
    pins = {
        "package.json": json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"],
        "package-lock.json": json.loads((ROOT / "package-lock.json").read_text())
        ["packages"]["node_modules/pyodide"]["version"],
        "node_modules/pyodide": json.loads((NODE_MODULES / "pyodide" / "package.json").read_text())["version"],
    }
    if len(set(pins.values())) != 1:
        raise SystemExit(f"Pyodide versions disagree: {pins}; run npm ci")
    return pins["package.json"]


# Pyodide's python_stdlib.zip holds sources only, so CPython compiles about 130 modules at every
# start (most of the start-up time). This records what a start imports, in Node: Pyodide's own
# bootstrap, PyScript's Python package (written from its pinned bundle, as PyScript does in the
# browser, with stand-ins for the page), unpacking our wheel and frontend zip (as PyScript does),
# importing our engines and our frontend. It then compiles exactly those modules to unchecked-hash
# .pyc (zipimport takes <name>.pyc in place of <name>.py, and the code keeps the .py path for
# tracebacks) and reports the versions it ran and every module it imported.
STDLIB_SCRIPT = """
import { loadPyodide, version } from "%(pyodide)s";
import { readFileSync } from "node:fs";
const pyodide = await loadPyodide({ indexURL: "%(index)s" });
const bundle = readFileSync("%(pyscript_bundle)s", "utf8");
const start = bundle.indexOf("{pyscript:{");
let depth = 0, end = start, quote = null;
for (; start >= 0 && end < bundle.length; end++) {      // the object literal's closing brace
  const c = bundle[end];
  if (quote) { if (c === "\\\\") end++; else if (c === quote) quote = null; continue; }
  if (c === '"' || c === "'" || c === "`") quote = c;
  else if (c === "{") depth++;
  else if (c === "}" && --depth === 0) break;
}
if (start < 0) throw new Error("PyScript's Python package is not in %(pyscript_bundle)s");
const writeTree = (tree, dir) => {
  pyodide.FS.mkdirTree(dir);
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "string") pyodide.FS.writeFile(`${dir}/${name}`, value);
    else writeTree(value, `${dir}/${name}`);
  }
};
writeTree((0, eval)("(" + bundle.slice(start, end + 1) + ")"), "/home/pyodide");
// Whatever PyScript's modules touch of the page at import time answers with another stand-in.
const standIn = new Proxy(function () {}, {
  get: (target, key) => (key === "then" || typeof key === "symbol") ? undefined : standIn,
  apply: () => standIn,
});
globalThis.document = globalThis.window = standIn;
pyodide.registerJsModule("polyscript", new Proxy({ config: {}, js_modules: {} },
  { get: (target, key) => key in target ? target[key] : standIn }));
pyodide.registerJsModule("_pyscript", standIn);
// Our wheel and frontend, unpacked where the page's PyScript config (shell.js) puts them.
const sitePackages = pyodide.runPython("import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'");
pyodide.unpackArchive(new Uint8Array(readFileSync("%(wheel)s")), "whl", { extractDir: sitePackages });
pyodide.unpackArchive(new Uint8Array(readFileSync("%(frontend)s")), "zip", { extractDir: "/home/pyodide" });
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "%(root)s" }, "/out");
const report = pyodide.runPython(`
import sys, zipimport
import pyscript, pycore, frontend.shell.app
imported = list(sys.modules)   # in the order they began importing: what a start snapshot imports
started = sorted({module.__spec__.origin for module in list(sys.modules.values())
                  if isinstance(getattr(getattr(module, "__spec__", None), "loader", None), zipimport.zipimporter)})

import json, os, py_compile, pyodide, zipfile
archive = next(path for path in sys.path if path.endswith(".zip"))
with zipfile.ZipFile(archive) as stdlib:
    for origin in started:
        inner = origin[len(archive) + 1:]
        stdlib.extract(inner, "/tmp/stdlib")
        py_compile.compile(f"/tmp/stdlib/{inner}", cfile=f"/out/pyc/{inner[:-3]}.pyc", dfile=origin,
                           doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
json.dumps({"python": sys.version.split()[0], "pyodide": pyodide.__version__, "modules": len(started),
            "imports": imported})
`);
console.log(JSON.stringify({ ...JSON.parse(report), js: version }));
"""


# What a game page in a browser never imports: developer tools (debuggers, profilers, test runners,
# the REPL, docs), servers and mail clients, and the codecs of other scripts (a codec is looked up by
# name, so the ones a page can name stay). Left out of the compiled zip, they cost a first visit
# about 420 KB on the wire; build_stdlib refuses to leave out anything a start imports.
UNUSED_STDLIB = {
    "_pyrepl", "pdb", "bdb", "cmd", "code", "pydoc", "pydoc_data", "doctest", "unittest", "trace",
    "pstats", "profile", "cProfile", "timeit", "tabnanny", "pyclbr", "modulefinder", "compileall",
    "zipapp", "idlelib", "turtle", "turtledemo", "lib2to3", "ensurepip", "venv", "this", "antigravity",
    "__hello__", "__phello__", "mailbox", "imaplib", "smtplib", "poplib", "ftplib", "wsgiref", "xmlrpc",
    "multiprocessing", "sqlite3", "curses", "dbm", "shelve", "wave", "pickletools", "tomllib",
    "getpass", "pty", "tty", "webbrowser", "filecmp", "fileinput", "graphlib", "sched", "_pyio",
}
KEPT_CODECS = {
    "__init__", "aliases", "utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be", "utf_32",
    "utf_32_le", "utf_32_be", "ascii", "latin_1", "cp437", "cp1252", "iso8859_1", "iso8859_15",
    "charmap", "raw_unicode_escape", "unicode_escape", "idna", "punycode", "base64_codec", "hex_codec",
    "zlib_codec", "bz2_codec", "quopri_codec", "uu_codec", "rot_13", "undefined",
}


def unused_stdlib_entry(name: str) -> bool:
    """Whether a path in Pyodide's stdlib zip belongs to what a page never imports."""
    parts = name.split("/")
    top = parts[0].removesuffix(".py")
    if top == "encodings":
        return len(parts) == 2 and parts[1].removesuffix(".py") not in KEPT_CODECS
    return top in UNUSED_STDLIB


def build_stdlib(site: Path, wheel: Path, frontend: Path) -> dict:
    """site/STDLIB_COMPILED: Pyodide's stdlib zip plus bytecode for every module a start of the app
    (our wheel and frontend zip) imports. Returns what the recording reported."""
    import tempfile
    pinned = check_pinned_pyodide()
    lock_info = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]
    bundles = [path for path in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").glob("*.js"))
               if "{pyscript:{" in path.read_text()]
    if len(bundles) != 1:
        raise SystemExit(f"expected one PyScript bundle holding its Python package, found {bundles}")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        report = json.loads(run_in_pyodide(STDLIB_SCRIPT, root, pyscript_bundle=bundles[0], wheel=wheel,
                                           frontend=frontend).splitlines()[-1])
        ran = {"pinned": pinned, "pyodide.mjs": report["js"], "pyodide in Python": report["pyodide"]}
        if len(set(ran.values())) != 1 or report["python"] != lock_info["python"]:
            raise SystemExit(f"Pyodide versions disagree: {ran}, Python {report['python']} "
                             f"(pyodide-lock.json says {lock_info['python']})")
        compiled = [(path.relative_to(root / "pyc").as_posix(), path.read_bytes())
                    for path in sorted((root / "pyc").rglob("*.pyc"))]
    if len(compiled) != report["modules"]:
        raise SystemExit(f"compiled {len(compiled)} of the {report['modules']} modules a start imports")
    needed = [module for module in report["imports"]
              if unused_stdlib_entry(module.replace(".", "/") + ".py")]
    if needed:
        raise SystemExit(f"a start imports {needed}, which UNUSED_STDLIB leaves out")
    # A module with bytecode needs no source beside it (its tracebacks then show no source lines).
    has_bytecode = {name.removesuffix("c") for name, _ in compiled}
    with zipfile.ZipFile(NODE_MODULES / "pyodide" / "python_stdlib.zip") as original, \
            zipfile.ZipFile(site / STDLIB_COMPILED, "w", zipfile.ZIP_STORED) as target:
        for info in original.infolist():
            if unused_stdlib_entry(info.filename) or info.filename in has_bytecode:
                continue
            data = original.read(info)
            info.compress_type = zipfile.ZIP_STORED
            target.writestr(info, data)
        for name, data in compiled:
            target.writestr(zip_entry(name), data)
    return report


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


# ---- transfer compression: a Brotli and a gzip copy beside every file that shrinks -------------
# The server sends the copy the browser accepts (serve); docs/hosting.md says how other hosts do.
ENCODINGS = {"br": ".br", "gzip": ".gz"}
# Compressing is slow (Brotli's best setting takes ~50 s for the wasm), so each result is kept here
# under its input's hash: the pinned runtime is compressed once, our own files when they change.
COMPRESSED_CACHE = ROOT / "build" / "compressed"
# Node's Brotli (the build already runs Node for Pyodide): fixed settings give the same bytes for
# the same input. Jobs run on Node's thread pool, two or more at once.
BROTLI_SCRIPT = """
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompress, constants } from "node:zlib";
import { promisify } from "node:util";
const compress = promisify(brotliCompress);
const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 };
const jobs = JSON.parse(readFileSync("%(jobs)s", "utf8"));
await Promise.all(jobs.map(async ([source, target]) =>
  writeFileSync(target, await compress(readFileSync(source), { params }))));
"""


def is_compressed_copy(path: Path) -> bool:
    return path.suffix in ENCODINGS.values() and path.with_suffix("").is_file()


def compress(paths: list[Path]) -> dict[Path, dict[str, int]]:
    """Write path.br and path.gz beside each path where they are smaller than it; returns, for each
    path, the size of every copy written ({"br": bytes, "gzip": bytes}, maybe empty)."""
    import gzip
    import tempfile
    COMPRESSED_CACHE.mkdir(parents=True, exist_ok=True)
    cached = {path: COMPRESSED_CACHE / hashlib.sha256(path.read_bytes()).hexdigest() for path in paths}
    missing = [(path, key) for path, key in cached.items() if not key.with_suffix(".br").exists()]
    if missing:
        with tempfile.TemporaryDirectory() as tmp:
            jobs = Path(tmp) / "jobs.json"
            jobs.write_text(json.dumps([[path.as_posix(), key.with_suffix(".br.tmp").as_posix()]
                                        for path, key in missing]))
            run_node(BROTLI_SCRIPT, Path(tmp), jobs=jobs)
        for path, key in missing:
            key.with_suffix(".gz").write_bytes(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
            key.with_suffix(".br.tmp").rename(key.with_suffix(".br"))   # last: marks the entry whole
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
    return sizes


def compress_site(site: Path):
    compress([path for path in sorted(site.rglob("*")) if path.is_file() and not is_compressed_copy(path)])


def precache_list(site: Path, with_bench: bool = False) -> list[dict]:
    """Every file the app needs, with a content hash as its revision (of the file itself: the
    service worker stores what the browser decoded, never a .br or .gz copy)."""
    entries = []
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if path.is_dir() or is_compressed_copy(path) or rel in NOT_PRECACHED or rel.endswith(".map") or \
                ((rel.startswith("bench") or rel in BENCH_ONLY) and not with_bench):
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


# Where our two archives are unpacked (the loader does it, where PyScript's config.files would).
def app_archives(wheel: Path) -> dict[str, str]:
    return {f"app/{wheel.name}": "/lib/python3.14/site-packages/*", "app/frontend.zip": "/home/pyodide/*"}


# What a start-up snapshot (pyodide-loader.mjs) depends on, besides our archives and the loader
# itself: any change makes its key another.
SNAPSHOT_INPUTS = ["runtime/pyodide/pyodide.mjs", "runtime/pyodide/pyodide.asm.mjs",
                   "runtime/pyodide/pyodide.asm.wasm", STDLIB_COMPILED, "snapshot-worker.mjs"]


def loader_facts(site: Path, name: str):
    """One of the facts build() wrote into site/pyodide-loader.mjs (STDLIB, ARCHIVES, SNAPSHOT)."""
    text = (site / "pyodide-loader.mjs").read_text()
    start = text.index(f"const {name} = ") + len(f"const {name} = ")
    return json.JSONDecoder().raw_decode(text[start:])[0]


def write_loader(site: Path, stdlib: dict, wheel: Path):
    """site/pyodide-loader.mjs with its facts: the compiled stdlib, our archives, and the start-up
    snapshot's recipe (every module a start imports, in order) under a key of everything the
    snapshot depends on."""
    archives = app_archives(wheel)
    loader = site / "pyodide-loader.mjs"
    template = loader.read_text()
    key = hashlib.sha256(json.dumps([template, archives, stdlib["imports"], [
        content_hash(site / path) for path in [*SNAPSHOT_INPUTS, *archives]]]).encode()).hexdigest()[:16]
    facts = {"STDLIB": {"url": STDLIB_COMPILED, "pyodide": stdlib["pyodide"]}, "ARCHIVES": archives,
             "SNAPSHOT": {"key": key, "imports": stdlib["imports"]}}
    for name, value in facts.items():
        template = template.replace(f"self.__{name}__", json.dumps(value))
    loader.write_text(template)


def build(site: Path = DIST) -> str:
    npm_ci()
    if site.exists():
        shutil.rmtree(site)
    shutil.copytree(WEB, site, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "frontend", "draw.py"))
    # One stylesheet: the shell's, then each board's own (web/frontend/boards/<game>/board.css).
    with open(site / "styles.css", "a") as styles:
        for sheet in sorted((WEB / "frontend" / "boards").glob("*/board.css")):
            styles.write(f"\n/* ==== {sheet.parent.name} (boards/{sheet.parent.name}/board.css) ==== */\n")
            styles.write(sheet.read_text())
    app = site / "app"
    app.mkdir(exist_ok=True)
    wheel = build_wheel(app)
    # The frontend's Python (web/frontend) travels as one zip that PyScript unpacks.
    zip_tree(app / "frontend.zip", with_bytecode(python_sources(WEB / "frontend", "frontend")))
    runtime = site / "runtime"
    (runtime / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, runtime / "pyodide" / name)
    stdlib = build_stdlib(site, wheel, app / "frontend.zip")
    write_loader(site, stdlib, wheel)
    (runtime / "pyscript").mkdir()
    # PyScript imports its plugin chunks even when unused: all of dist/*.js, never the maps.
    for path in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").iterdir()):
        if path.suffix in (".js", ".css"):
            shutil.copy2(path, runtime / "pyscript" / path.name)
    # The shell learns the sizes it shows progress against: each file's bytes, and its Brotli
    # copy's (what crosses the network).
    big = [f"runtime/pyodide/{name}" for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")]
    big.append(STDLIB_COMPILED)
    big += [*app_archives(wheel), "runtime/pyscript/core.js"]
    copies = compress([site / path for path in big])
    facts = {"sizes": {path: [(site / path).stat().st_size, copies[site / path].get("br")] for path in big}}
    shell = site / "shell.js"
    shell.write_text(shell.read_text().replace("self.__BUILD__", json.dumps(facts)))
    write_preloads(site)
    version = write_service_worker(site)
    compress_site(site)
    print(f"built {site.relative_to(ROOT) if site.is_relative_to(ROOT) else site} "
          f"(cache version {version}, wheel {wheel.name}, "
          f"{stdlib['modules']} stdlib modules compiled for Pyodide {stdlib['pyodide']})")
    return version


# On a first visit the app's page asks for what a start needs first as soon as its head is read
# (our archives come later: the loader asks for them as Python starts). Without this the big files
# wait for shell.js, the loader and pyodide.mjs to arrive and run, a few round trips on a phone's
# link (0.2-0.3 s of a first visit over 20 Mbit/s). A fetch() the loader or Pyodide makes later
# takes the preloaded response (as="fetch" crossorigin matches its mode and credentials). Never on a
# relaunch: through the service worker, preloads made it slower (the cache answers at once anyway).
PRELOAD_MODULES = ["pyodide-loader.mjs", "runtime/pyodide/pyodide.mjs", "runtime/pyodide/pyodide.asm.mjs",
                   "runtime/pyscript/core.js"]
PRELOAD_FILES = ["runtime/pyodide/pyodide.asm.wasm", STDLIB_COMPILED, "runtime/pyodide/pyodide-lock.json"]
PRELOADS_SCRIPT = '<script async src="preload.js"></script>'
PRELOAD_JS = """// Written by build.py: on a first visit (no service worker yet), ask for what a start needs now.
if (!navigator.serviceWorker?.controller) {
  for (const [rel, href] of %s) {
    const link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    if (rel === "preload") {
      link.as = "fetch";
      link.crossOrigin = "anonymous";
    }
    document.head.append(link);
  }
}
"""


def write_preloads(site: Path):
    links = [["modulepreload", path] for path in PRELOAD_MODULES]
    links += [["preload", path] for path in [*PRELOAD_FILES, "app/main.py"]]
    for _, path in links:
        if not (site / path).exists():
            raise SystemExit(f"preload.js would ask for {path}, which the build did not write")
    (site / "preload.js").write_text(PRELOAD_JS % json.dumps(links))
    page = site / "index.html"
    text = page.read_text()
    if "</head>" not in text:
        raise SystemExit("index.html has no </head> for preload.js")
    page.write_text(text.replace("</head>", PRELOADS_SCRIPT + "\n</head>", 1))


def accepted_encodings(header: str) -> set[str]:
    """The codings an Accept-Encoding header allows (a q of 0 refuses one)."""
    accepted = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        quality = params.strip().removeprefix("q=")
        if name and not (params and quality.replace(".", "", 1).isdigit() and float(quality) == 0):
            accepted.add(name.strip().lower())
    return accepted


def site_handler():
    """The request handler of serve: a static host as docs/hosting.md asks for. It sends the
    precompressed copy the browser accepts (with Content-Encoding, Vary and the file's own
    Content-Type), an ETag per copy, and Cache-Control: no-cache so that a browser revalidates
    (the service worker's precache gets 304s for what the page has just downloaded)."""
    import http.server

    class SiteHandler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                          ".webmanifest": "application/manifest+json", ".whl": "application/zip"}

        def send_head(self):
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                if not self.path.split("?")[0].split("#")[0].endswith("/"):
                    return super().send_head()          # the redirect to the folder's own URL
                path = path / "index.html"
            if not path.is_file():
                self.send_error(404, "File not found")
                return None
            accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
            copies = {encoding: path.with_name(path.name + suffix) for encoding, suffix in ENCODINGS.items()}
            # A copy older than its file is stale (a file edited after the build): never sent.
            fresh = {encoding: copy for encoding, copy in copies.items()
                     if copy.is_file() and copy.stat().st_mtime_ns >= path.stat().st_mtime_ns}
            encoding = next((encoding for encoding in fresh if encoding in accepted), None)
            sent = fresh[encoding] if encoding else path
            stat = sent.stat()
            etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + encoding if encoding else ""}"'
            if self.not_modified(etag, stat.st_mtime):
                self.send_response(304)
                self.send_common_headers(etag, bool(fresh))
                self.end_headers()
                return None
            body = open(sent, "rb")
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Length", str(stat.st_size))
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
            self.send_common_headers(etag, bool(fresh))
            self.end_headers()
            return body

        def not_modified(self, etag: str, modified: float) -> bool:
            """The browser's copy is this one: its ETag, or (Chromium revalidates by date) no
            older than the file."""
            if "If-None-Match" in self.headers:
                return etag in [tag.strip() for tag in self.headers["If-None-Match"].split(",")]
            try:
                since = email.utils.parsedate_to_datetime(self.headers.get("If-Modified-Since", ""))
            except (TypeError, ValueError):
                return False
            return int(modified) <= since.timestamp()

        def send_common_headers(self, etag: str, varies: bool):
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "no-cache")
            if varies:
                self.send_header("Vary", "Accept-Encoding")

    return SiteHandler


def serve(port: int, site: Path = DIST):
    import functools
    import http.server

    handler = functools.partial(site_handler(), directory=str(site))
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
        sys.path.insert(0, str(ROOT / "tests"))
        import bench
        if bench.needs_site(rest):      # the engines' soak plays in CPython alone
            build(BENCH_SITE)
        bench.main(rest)


if __name__ == "__main__":
    main()
