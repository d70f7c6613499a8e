"""The pinned browser runtime: npm ci for Pyodide, PyScript and the QR codes' libraries
(package-lock.json), the check that every pin names one Pyodide, and the runtime's files copied
into the site."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from sitebuild import NODE_MODULES, ROOT
from sitebuild.progress import step

# What the browser runtime needs from the pinned npm packages (package-lock.json).
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]
# The QR codes' libraries (issue 40), which qr.mjs loads only when a screen shows a code or the
# camera reads one: {package: [(its file, the name in site/vendor/<package>/)]}. uqr draws a code
# (an ES module); jsQR reads one where the browser has no BarcodeDetector (a classic script that
# sets self.jsQR). Their licences travel with them.
VENDOR_FILES = {
    "uqr": [("dist/index.mjs", "index.mjs"), ("LICENSE", "LICENSE")],
    "jsqr": [("dist/jsQR.js", "jsQR.js"), ("LICENSE", "LICENSE")],
}


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
    with step("npm ci (the pinned Pyodide, PyScript, the QR codes' libraries and the icons' painter)") as progress:
        # npm's words are kept for its failure and its last line (`added 24 packages`), so that
        # they do not break into the step's line.
        done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT,
                              capture_output=True, text=True)
        if done.returncode:
            raise SystemExit("npm ci failed:\n" + (done.stdout + done.stderr)[-3000:])
        said = done.stdout.strip().splitlines() or ["done"]
        progress.update(said[-1].rsplit(" in ", 1)[0])      # its time is the step's


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


# A script's last line naming its source map (`//# sourceMappingURL=core.js.map`).
SOURCE_MAP_COMMENT = re.compile(r"\n//# sourceMappingURL=[^\n]*\s*$")


def copy_script(source: Path, target: Path):
    """A script copied without its sourceMappingURL comment: the maps are not shipped (they describe
    minified code of Pyodide and PyScript, not ours; precached they would add megabytes to every
    install, and left on the server they would fail offline), so a browser must not ask for them:
    each such request was a 404 (Lighthouse's best practices, the console of DevTools)."""
    shutil.copy2(source, target)        # the file's times and mode
    text = source.read_text(encoding="utf-8")
    stripped = SOURCE_MAP_COMMENT.sub("\n", text)
    if stripped != text:
        target.write_text(stripped, encoding="utf-8")


def copy_runtime(site: Path):
    """site/runtime/: Pyodide's files, and every PyScript script and stylesheet, the scripts
    without their source maps' comments (copy_script); site/vendor/: the QR codes' libraries."""
    pyodide, pyscript = site / "runtime" / "pyodide", site / "runtime" / "pyscript"
    pyodide.mkdir(parents=True)
    for name in PYODIDE_FILES:
        copy = copy_script if name.endswith((".js", ".mjs")) else shutil.copy2
        copy(NODE_MODULES / "pyodide" / name, pyodide / name)
    pyscript.mkdir()
    # PyScript imports its plugin chunks even when unused: all of dist/*.js, never the maps.
    for path in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").iterdir()):
        if path.suffix == ".js":
            copy_script(path, pyscript / path.name)
        elif path.suffix == ".css":
            shutil.copy2(path, pyscript / path.name)
    for package, files in VENDOR_FILES.items():
        folder = site / "vendor" / package
        folder.mkdir(parents=True)
        for name, copied in files:
            copy = copy_script if name.endswith((".js", ".mjs")) else shutil.copy2
            copy(NODE_MODULES / package / name, folder / copied)
