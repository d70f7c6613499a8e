"""Our archives: the pycore wheel and frontend.zip, each with bytecode compiled by Pyodide's own
Python, written reproducibly (same sources, same bytes)."""
from __future__ import annotations

import base64
import hashlib
import json
import tempfile
import zipfile
from pathlib import Path

from sitebuild import ROOT, WEB, project
from sitebuild.node import run_in_pyodide
from sitebuild.progress import Step, step

# A fixed time for every zip entry, so equal sources give byte-equal files and equal hashes.
ZIP_TIME = (2026, 1, 1, 0, 0, 0)


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
from js import progress
sources = %(sources)s
for done, source in enumerate(sources, 1):
    if not compileall.compile_file("/src/" + source, quiet=1,
                                   invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
        raise SyntaxError(f"{source} does not compile on Python 3.14")
    progress(f"{done} of {len(sources)} modules compiled")
`);
"""


def with_bytecode(trees: list[list[tuple[str, bytes]]], progress: Step) -> list[list[tuple[str, bytes]]]:
    """Each tree of files (each under its own top folder) plus its __pycache__/*.cpython-314.pyc,
    compiled by Pyodide's own Python: all in one run, since loading Pyodide takes most of it."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for files in trees:
            write_tree(root, files)
        progress.update("loading Pyodide")
        sources = json.dumps([name for files in trees for name, _ in files if name.endswith(".py")])
        run_in_pyodide(PYC_SCRIPT, root, progress.update, sources=sources)
        compiled = [(path.relative_to(root).as_posix(), path.read_bytes())
                    for path in sorted(root.rglob("*.pyc"))]
    tops = [{name.split("/")[0] for name, _ in files} for files in trees]
    return [files + [(name, data) for name, data in compiled if name.split("/")[0] in top]
            for files, top in zip(trees, tops)]


def build_archives(app: Path) -> Path:
    """app/ with the pycore wheel and frontend.zip (the frontend's Python, web/frontend, which the
    loader unpacks); returns the wheel."""
    with step("bytecode for the wheel and frontend.zip") as progress:
        engines, frontend = with_bytecode([python_sources(ROOT / "pycore", "pycore"),
                                           python_sources(WEB / "frontend", "frontend")], progress)
    zip_tree(app / "frontend.zip", frontend)
    return write_wheel(app, engines)


def write_wheel(out_dir: Path, files: list[tuple[str, bytes]]) -> Path:
    """The pycore wheel (pure Python) of files (its modules and their bytecode), written
    reproducibly: same sources, same bytes."""
    meta = project()
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    files = [*files, (f"{dist_info}/METADATA", (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: {meta['description']}\nRequires-Python: {meta['requires-python']}\n").encode())]
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
