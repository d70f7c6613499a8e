"""Pyodide's standard library for the site: bytecode for every module a start of the app imports
(recorded by starting it in Node with the pinned Pyodide), without the sources those modules no
longer need, and without what a page never imports. The original zip stays on the server as the
loader's fallback."""
from __future__ import annotations

import json
import tempfile
import zipfile
from pathlib import Path

from sitebuild import NODE_MODULES
from sitebuild.archives import zip_entry
from sitebuild.node import run_in_pyodide
from sitebuild.progress import step
from sitebuild.runtime import check_pinned_pyodide

# Pyodide's standard library with bytecode for what a start imports, without what a page never
# imports (build_stdlib). The original stays on the server as the loader's fallback, but is not
# precached.
STDLIB_COMPILED = "runtime/pyodide/python_stdlib_compiled.zip"
STDLIB_ORIGINAL = "runtime/pyodide/python_stdlib.zip"

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
progress("recording what a start imports");
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
from js import progress
archive = next(path for path in sys.path if path.endswith(".zip"))
with zipfile.ZipFile(archive) as stdlib:
    for done, origin in enumerate(started, 1):
        inner = origin[len(archive) + 1:]
        stdlib.extract(inner, "/tmp/stdlib")
        py_compile.compile(f"/tmp/stdlib/{inner}", cfile=f"/out/pyc/{inner[:-3]}.pyc", dfile=origin,
                           doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        progress(f"{done} of {len(started)} modules compiled")
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
    with step("stdlib") as progress:
        progress.update("loading Pyodide")
        report, compiled = record_and_compile(wheel, frontend, progress.update)
        progress.update(f"{len(compiled)} modules compiled, writing {Path(STDLIB_COMPILED).name}")
        left_out = write_compiled_stdlib(site / STDLIB_COMPILED, compiled)
        progress.update(f"{len(compiled)} of {report['modules']} modules compiled for Pyodide "
                        f"{report['pyodide']}, {left_out} files left out")
    return report


def record_and_compile(wheel: Path, frontend: Path, on_progress) -> tuple[dict, list[tuple[str, bytes]]]:
    """What a start imports (the recording's report) and the bytecode of its stdlib modules."""
    pinned = check_pinned_pyodide()
    lock_info = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]
    bundles = [path for path in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").glob("*.js"))
               if "{pyscript:{" in path.read_text()]
    if len(bundles) != 1:
        raise SystemExit(f"expected one PyScript bundle holding its Python package, found {bundles}")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        report = json.loads(run_in_pyodide(STDLIB_SCRIPT, root, on_progress, pyscript_bundle=bundles[0],
                                           wheel=wheel, frontend=frontend).splitlines()[-1])
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
    return report, compiled


def write_compiled_stdlib(target: Path, compiled: list[tuple[str, bytes]]) -> int:
    """target: Pyodide's stdlib zip with the bytecode, less the sources it replaces and what a page
    never imports; returns how many of the original's files it left out."""
    # A module with bytecode needs no source beside it (its tracebacks then show no source lines).
    has_bytecode = {name.removesuffix("c") for name, _ in compiled}
    left_out = 0
    with zipfile.ZipFile(NODE_MODULES / "pyodide" / "python_stdlib.zip") as original, \
            zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as archive:
        for info in original.infolist():
            if unused_stdlib_entry(info.filename) or info.filename in has_bytecode:
                left_out += 1
                continue
            data = original.read(info)
            info.compress_type = zipfile.ZIP_STORED
            archive.writestr(info, data)
        for name, data in compiled:
            archive.writestr(zip_entry(name), data)
    return left_out
