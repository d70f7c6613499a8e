"""The web app manifest's home-screen shortcuts, one per game, written by the build from the games
(pycore.GAMES) and their boards: a new game needs no line here, only its icon (web/icons/draw.py)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from sitebuild import WEB

SHORTCUT_ICON = "icons/{game_id}-96.png"


def shortcuts() -> list:
    if str(WEB) not in sys.path:
        sys.path.insert(0, str(WEB))
    from frontend.boards import BOARDS
    made = []
    for game_id, board in BOARDS.items():
        icon = SHORTCUT_ICON.format(game_id=game_id)
        if not (WEB / icon).exists():
            raise SystemExit(f"web/{icon} is missing: add {game_id}'s painter to GAME_ICONS in web/icons/draw.py "
                             f"and run python web/icons/draw.py")
        made.append({"name": f"New game of {board.game.title}", "short_name": board.SHORT_TITLE,
                     "url": f"./#/new/{game_id}", "icons": [{"src": icon, "sizes": "96x96", "type": "image/png"}]})
    return made


def write_manifest(site: Path):
    path = site / "manifest.webmanifest"
    manifest = json.loads(path.read_text())
    manifest["shortcuts"] = shortcuts()
    path.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
