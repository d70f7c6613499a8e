"""The taps every screen shares, App's own command table: the saves and the space they take (delete
one, free space, keep the newest finished, retry a failed write, a record set aside) and the
settings (toggles, the bots' speed, hints before each move).  App (app.py) is this and the routes."""
from __future__ import annotations

from ..boards import BOARDS
from ..markup import esc
from . import dom, saved_games, settings
from .save_store import KEEP_FINISHED
from .setup_screen import SetupScreen


class SharedTaps:
    def delete_save(self, data):
        def delete():
            self.store.remove(data["save"])
            if self.on_home():
                self.home.render()
            else:
                dom.go("#/")
        dom.confirm("Delete this saved game? This cannot be undone.", "Delete it", delete)

    def free_space(self, data):
        count = len(self.store.listing().finished)
        if not count:
            self.after_freeing(*self.store.remove_finished())
            return
        dom.confirm(f"Delete {count} finished game{'s' if count > 1 else ''}? Games in progress are kept.",
                    "Delete them", lambda: self.after_freeing(*self.store.remove_finished()))

    def trim_finished(self, data):
        dom.confirm(f"Keep the newest {KEEP_FINISHED} finished games and delete the older ones?", "Delete older",
                    lambda: self.after_freeing(*self.store.remove_finished(keep=KEEP_FINISHED)))

    def after_freeing(self, count: int, freed: int):
        text = saved_games.freed_text(count, freed)
        if not (self.on_a_game() or isinstance(self.shown, SetupScreen)):
            self.home.notice = text
            self.show_page(self.home)
            return
        (self.game.advance if self.on_a_game() else self.shown.render)()
        dom.show_notice(f'<p data-testid="freed">{esc(text)}</p>')

    def retry_save(self, data):
        """The write that failed, tried again: the game goes on, or the set-up waits for Deal."""
        (self.game.advance if self.on_a_game() else (self.shown or self.home).render)()

    def toggle_setting(self, data):
        key = data["key"]
        if key in settings.TOGGLES:
            self.settings[key] = not self.settings[key]
            settings.save(dom.LocalStorage(), self.settings)
            dom.cue("hit", self.settings)       # a sample of what was just turned on
        self.redraw()

    def choose_bot_speed(self, data):
        """A new bot speed: remembered on this device, and the waiting bot moves at it."""
        self.settings["bot_speed"] = data["speed"] if data["speed"] in settings.BOT_SPEEDS else "normal"
        settings.save(dom.LocalStorage(), self.settings)
        if self.on_a_game():
            self.game.advance()
        else:
            self.redraw()

    def toggle_auto_hints(self, data):
        """Hints before each of the person's moves in one game (a real game after its lesson turns
        them on; Settings turns them off)."""
        game_id = data.get("game", "")
        hinted = set(self.settings.get("auto_hints") or [])
        self.settings["auto_hints"] = sorted(hinted ^ {game_id}) if game_id in BOARDS else sorted(hinted)
        settings.save(dom.LocalStorage(), self.settings)
        if self.on_a_game():
            if game_id not in self.settings["auto_hints"]:
                self.game.hint = None           # turned off: the hint on screen goes too
            self.game.advance()
        else:
            self.redraw()

    def dismiss_set_aside(self, data):
        dom.dismiss_set_aside()

    commands = {"delete-save": delete_save, "free-space": free_space, "trim-finished": trim_finished,
                "retry-save": retry_save, "setting-toggle": toggle_setting, "bot-speed": choose_bot_speed,
                "auto-hints": toggle_auto_hints, "set-aside-ok": dismiss_set_aside}
