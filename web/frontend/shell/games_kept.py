"""What more than one screen does with the games kept on this device, below the screens that do it:
deal a new game (the set-up's Deal, a game's Rematch, the real game after a lesson) and download
saves as a file (home's export-all, a game's export)."""
from __future__ import annotations

import random

from . import dom, saved_games, setup_form, transfer
from .save_store import PREFIX, Save, SaveFailed
from .table import Table

# New games get seeds from the system's cryptographic source, 53 bits of them (the public opening
# must not give away the deal); a given seed (an embed link, a test) deals as it always did.
SEED_BITS = 53


def deal(app, game, table: Table, options: dict):
    """A new game at this table: saved first, then opened (a set-up's Deal, a game's Rematch)."""
    seed = random.SystemRandom().getrandbits(SEED_BITS)
    state = game.new_game(seats=len(table.seats), seed=seed, options=setup_form.with_bots(game, table, options))
    now = dom.now()
    save = Save(f"{game.id}-{int(now * 1000):x}", game.id, table, state, now, now)
    def refused(error: SaveFailed):
        dom.show_notice(saved_games.not_saved_html(error, "the new game", len(app.store.listing().finished)))

    def dealt():
        dom.keep_saves()
        app.leave_game()
        dom.go(saved_games.play_href(save.id))
    try:
        app.store.put(save)
    except SaveFailed as error:
        refused(error)
        return
    dom.after_stored(dealt, refused)        # opened once it is stored, so a refusal keeps the set-up


def download_games(store, save_ids: list, filename: str):
    """The saves named, as one file the person keeps (home's export-all, a game's export)."""
    texts = [text for text in (store.storage.get(PREFIX + save_id) for save_id in save_ids) if text]
    if texts:
        dom.download(filename, transfer.export_text(texts))
