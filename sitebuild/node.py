"""Running a Node script for the build, and one with the pinned Pyodide.

A script tells how far it has got with progress("40 of 131 modules compiled") (from Python in
Pyodide: `from js import progress`); each such status goes to the caller's on_progress as it is
printed, the rest of its stdout is what run_node returns.
"""
from __future__ import annotations

import subprocess
import threading
from pathlib import Path
from typing import Callable

from sitebuild import NODE_MODULES

# The start of a line a script prints to say how far it has got (never part of its output).
PROGRESS_MARK = "\x1fprogress "
PRELUDE = (
    # An error's message, not Node's echo of the minified line it came from.
    'process.on("uncaughtException", (error) => {\n'
    '  console.error(String(error?.message ?? error)); process.exit(1);\n});\n'
    'globalThis.progress = (status) => process.stdout.write("\\x1fprogress " + status + "\\n");\n')


def run_node(script: str, root: Path, on_progress: Callable[[str], None] | None = None,
             **paths: Path | str) -> str:
    """Run a Node script (a %-template of paths, and root) in root; its stdout, or exit loudly."""
    names = {"root": root.as_posix(), **{key: path.as_posix() if isinstance(path, Path) else path
                                         for key, path in paths.items()}}
    runner = root / "run.mjs"
    runner.write_text(PRELUDE + script % names)
    output, errors = [], []
    with subprocess.Popen(["node", str(runner)], cwd=root, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as node:
        # stderr is read beside stdout, so that neither pipe fills while the other is read.
        reader = threading.Thread(target=lambda: errors.append(node.stderr.read()))
        reader.start()
        for line in node.stdout:
            if not line.startswith(PROGRESS_MARK):
                output.append(line)
            elif on_progress:
                on_progress(line[len(PROGRESS_MARK):].rstrip("\n"))
        reader.join()
    runner.unlink()
    if node.returncode:
        raise SystemExit("running Node failed:\n" + ("".join(output) + "".join(errors))[-3000:])
    return "".join(output)


def run_in_pyodide(script: str, root: Path, on_progress: Callable[[str], None] | None = None,
                   **paths: Path) -> str:
    """Run a Node script with the pinned Pyodide (%(pyodide)s is its module, %(index)s its folder)."""
    index = NODE_MODULES / "pyodide"
    return run_node(script, root, on_progress, pyodide=index / "pyodide.mjs", index=index.as_posix() + "/",
                    **paths)
