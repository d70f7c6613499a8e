"""The web app manifest's home-screen shortcuts, one per game, and their icons, written by the build
from the games (pycore.GAMES) and their boards: a new game needs no line here.  Each shortcut's
icon is the board's own picture (ART_SVG, its home tile's), on the table's night colour, painted
to a 96×96 PNG by resvg (pinned in package.json, WebAssembly under Node; DejaVu Sans for the
picture's letters, so the same bytes come out on any machine)."""
from __future__ import annotations

import json
import re
import sys
import tempfile
from pathlib import Path

from sitebuild import NODE_MODULES, WEB
from sitebuild.node import run_node
from sitebuild.progress import step

SHORTCUT_ICON = "icons/{game_id}-96.png"
ICON_SIZE = 96
NIGHT = "#1b1726"            # the table's colour (styles.css --night)
GOLD = "#d6aa48"
PAINT_SCRIPT = """
import { readFileSync, writeFileSync } from "node:fs";
import { initWasm, Resvg } from "%(resvg)s/index.mjs";
await initWasm(readFileSync("%(resvg)s/index_bg.wasm"));
const fontBuffers = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map(name => readFileSync("%(fonts)s/" + name));
const jobs = JSON.parse(readFileSync("%(jobs)s", "utf8"));
for (const [done, [svg, target]] of jobs.entries()) {
  const picture = new Resvg(svg, {font: {fontBuffers, defaultFontFamily: "DejaVu Sans", loadSystemFonts: false}});
  writeFileSync(target, picture.render().asPng());
  progress(`${done + 1} of ${jobs.length}`);
}
"""


def boards() -> dict:
    if str(WEB) not in sys.path:
        sys.path.insert(0, str(WEB))
    from frontend.boards import BOARDS
    return BOARDS


def icon_svg(art_svg: str) -> str:
    """The shortcut's icon: the board's picture (viewBox 0 0 104 64) across a rounded night square,
    edged in gold as the home tiles are."""
    inner = re.sub(r"^<svg\b[^>]*>|</svg>$", "", art_svg.strip())
    width = ICON_SIZE - 8
    height = round(width * 64 / 104, 2)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{ICON_SIZE}" height="{ICON_SIZE}" '
            f'viewBox="0 0 {ICON_SIZE} {ICON_SIZE}">'
            f'<rect x="1" y="1" width="{ICON_SIZE - 2}" height="{ICON_SIZE - 2}" rx="18" fill="{NIGHT}" '
            f'stroke="{GOLD}" stroke-width="2"/>'
            f'<svg x="4" y="{(ICON_SIZE - height) / 2}" width="{width}" height="{height}" viewBox="0 0 104 64">'
            f'{inner}</svg></svg>')


def paint_icons(site: Path) -> dict:
    """Every game's shortcut icon, painted into site/icons/: {game id: its path in the site}."""
    icons = {game_id: SHORTCUT_ICON.format(game_id=game_id) for game_id in boards()}
    with step(f"painting {len(icons)} shortcut icons from the boards' pictures") as progress, \
            tempfile.TemporaryDirectory() as tmp:
        jobs = Path(tmp) / "jobs.json"
        (site / "icons").mkdir(parents=True, exist_ok=True)
        jobs.write_text(json.dumps([[icon_svg(boards()[game_id].ART_SVG), (site / icon).as_posix()]
                                    for game_id, icon in icons.items()]))
        run_node(PAINT_SCRIPT, Path(tmp), progress.update, jobs=jobs, resvg=NODE_MODULES / "@resvg" / "resvg-wasm",
                 fonts=NODE_MODULES / "dejavu-fonts-ttf" / "ttf")
    return icons


def shortcuts(icons: dict) -> list:
    return [{"name": f"New game of {board.game.title}", "short_name": board.SHORT_TITLE,
             "url": f"./#/new/{game_id}", "icons": [{"src": icons[game_id], "sizes": f"{ICON_SIZE}x{ICON_SIZE}",
                                                     "type": "image/png"}]}
            for game_id, board in boards().items()]


def write_manifest(site: Path):
    path = site / "manifest.webmanifest"
    manifest = json.loads(path.read_text())
    manifest["shortcuts"] = shortcuts(paint_icons(site))
    path.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
