"""The home screen on the page: the saved games, the games, the settings panel, and games kept in a
file and brought back.  home_and_rules.py draws it; ``HomeScreen.commands`` and ``fields`` are its
taps (the ones every screen shares are App's)."""
from __future__ import annotations

import pycore

from ..boards import BOARDS
from . import dom, home_and_rules, settings, stats, transfer
from .games_kept import download_games
from .save_store import BadSave, SaveFailed, StorageFull


class HomeScreen:
    def __init__(self, app):
        self.app = app
        self.notice = ""                # said once at the top, the next time home is drawn
        self.said = ""                  # the notice on screen now
        self.settings_open = False

    def render(self, again: bool = False):
        """Home drawn; ``again``: redrawn by itself (another tab saved), keeping the notice on screen."""
        app = self.app
        notice = self.said if again else self.notice
        panel = f'<section class="panel">{settings.panel(app.settings)}</section>' if self.settings_open else ""
        dom.render(home_and_rules.home(
            BOARDS, pycore.GAMES, app.store.listing(), notice, now=dom.now(), install=dom.install_offer(),
            offset_minutes=dom.utc_offset_minutes(), tally=stats.load(dom.LocalStorage()), settings_panel=panel))
        self.said, self.notice = notice, ""
        if panel:
            dom.focus_first(["[data-testid=settings] button"])

    def redraw_install_offer(self):
        """The browser's offer came or went: only its holder is drawn again, as a redraw of the
        whole home would drop the notice being read and the file input a file is being chosen in."""
        dom.render_if_there(home_and_rules.install_offer(dom.install_offer()), home_and_rules.INSTALL_HOLDER)

    # -- taps ------------------------------------------------------------------------------------
    def open_settings(self, data):
        self.settings_open = True
        self.render()

    def close_settings(self, data):
        self.settings_open = False
        self.render()

    def export_all(self, data):
        store = self.app.store
        ids = [save_id for save_id, entry in store.listing().entries if not isinstance(entry, BadSave)]
        download_games(store, ids, "thieves-table-games.json")

    def forget_tally(self, data):
        def forget():
            stats.reset(dom.LocalStorage())
            self.render()
        dom.confirm("Forget every result this device remembers? Saved games are kept.", "Forget them", forget)

    def install(self, data):
        dom.install()

    def choose_import_file(self, data, chosen):
        dom.read_file(chosen, self.import_text)

    def import_text(self, text):
        """The games of an exported file put in storage, under ids of their own (all or none: the
        device stores a turn's writes together); the person is told which, once it is known."""
        if text is None:
            return

        def tell(notice: str):
            self.notice = notice
            self.render()

        def refused(error: SaveFailed):
            tell("Storage is full: nothing was imported." if isinstance(error, StorageFull)
                 else f"{error} Nothing was imported.")
        try:
            words = transfer.import_file(self.app.store, text)
        except transfer.BadFile as error:
            tell(str(error))
            return
        except SaveFailed as error:
            refused(error)
            return
        dom.after_stored(lambda: tell(words), refused)

    def join(self, data):
        dom.go("#/join")

    commands = {"join": join, "settings": open_settings, "settings-close": close_settings, "export-all": export_all,
                "forget-tally": forget_tally, "install": install}
    fields = {"import-file": choose_import_file}
