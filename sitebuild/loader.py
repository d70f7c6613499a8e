"""What the build writes into the site's scripts: the facts of pyodide-loader.mjs (the compiled
stdlib, our archives, the start-up snapshot's recipe and key), the sizes shell.js shows progress
against, and preload.js with the index.html line that runs it."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from sitebuild import content_hash
from sitebuild.stdlib import STDLIB_COMPILED


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


def shell_counted_files(wheel: Path) -> list[str]:
    """The big files a first visit downloads, whose bytes the shell counts as they arrive."""
    big = [f"runtime/pyodide/{name}" for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")]
    big.append(STDLIB_COMPILED)
    return big + [*app_archives(wheel), "runtime/pyscript/core.js"]


# What draws a screen: a screen kept by another version of these (its markup, its styles) is not
# painted on a relaunch (shell.js).
SCREEN_INPUTS = ["app/frontend.zip", "styles.css", "waking.css"]


def screens_version(site: Path, wheel: Path) -> str:
    """The version of what draws the app's screens: our archives and stylesheets."""
    return hashlib.sha256(json.dumps([content_hash(site / path)
                                      for path in [*app_archives(wheel), *SCREEN_INPUTS]]).encode()).hexdigest()[:16]


def write_shell_sizes(site: Path, copies: dict[Path, dict[str, int]], counted: list[str], screens: str = ""):
    """site/shell.js with the sizes it shows progress against: each counted file's bytes, and its
    Brotli copy's (what crosses the network); copies is what compress() returned for them; and the
    version of what draws a screen (screens_version)."""
    facts = {"sizes": {path: [(site / path).stat().st_size, copies[site / path].get("br")] for path in counted},
             "screens": screens}
    shell = site / "shell.js"
    shell.write_text(shell.read_text().replace("self.__BUILD__", json.dumps(facts)))


# On a first visit the app's page asks for what a start needs first as soon as its head is read
# (our archives come later: the loader asks for them as Python starts). Without this the big files
# wait for shell.js, the loader and pyodide.mjs to arrive and run, a few round trips on a phone's
# link (0.2-0.3 s of a first visit over 20 Mbit/s). A fetch() the loader or Pyodide makes later
# takes the preloaded response (as="fetch" crossorigin matches its mode and credentials); Python's
# worker asks the HTTP cache the preloads fill (a revalidation, not a second download). PyScript's
# files only where Python runs on the page (?main). Never on a relaunch: through the service
# worker, preloads made it slower (the cache answers at once anyway).
PRELOAD_MODULES = ["pyodide-loader.mjs", "runtime/pyodide/pyodide.mjs", "runtime/pyodide/pyodide.asm.mjs"]
PRELOAD_FILES = ["runtime/pyodide/pyodide.asm.wasm", STDLIB_COMPILED, "runtime/pyodide/pyodide-lock.json"]
PYSCRIPT_PRELOADS = [["modulepreload", "runtime/pyscript/core.js"], ["preload", "app/main.py"]]
PRELOADS_SCRIPT = '<script async src="preload.js"></script>'
PRELOAD_JS = """// Written by build.py: on a first visit (no service worker yet), ask for what a start needs now.
if (!navigator.serviceWorker?.controller) {
  const links = %s;
  const onThePage = new URLSearchParams(location.search).has("main") || globalThis.thievesTablePythonInWorker === false;
  if (onThePage) links.push(...%s);     // shell.js's switch: Python on the page, through PyScript
  for (const [rel, href] of links) {
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
    links += [["preload", path] for path in PRELOAD_FILES]
    for _, path in links + PYSCRIPT_PRELOADS:
        if not (site / path).exists():
            raise SystemExit(f"preload.js would ask for {path}, which the build did not write")
    (site / "preload.js").write_text(PRELOAD_JS % (json.dumps(links), json.dumps(PYSCRIPT_PRELOADS)))
    page = site / "index.html"
    text = page.read_text()
    if "</head>" not in text:
        raise SystemExit("index.html has no </head> for preload.js")
    page.write_text(text.replace("</head>", PRELOADS_SCRIPT + "\n</head>", 1))
