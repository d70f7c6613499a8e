"""Watch it back on the screen: the moves stepped through by taps or played at bot speed, the round
jumped to, the moment embedded or the game shared (watch_back.py draws it)."""
from __future__ import annotations

from ..markup import button
from . import dom, layout, settings, transfer
from .watch_back import WatchView, embed_panel, embed_snippet, share_panel


class WatchScreen(WatchView):
    def __init__(self, app, replay, board, names, step=None, embed=None, record: str = ""):
        super().__init__(replay, board, names, step, embedded=embed is not None)
        self.app = app
        self.embed = embed
        self.record = record
        self.timer = None
        self.settings_shown = False     # the settings panel is drawn afresh: a toggle shows at once

    def stop(self):
        dom.cancel(self.timer)
        self.timer = None
        self.playing = False

    def render(self):
        if self.settings_shown:
            self.overlay = layout.overlay("Settings", settings.panel(self.app.settings), "settings-panel")
        dom.render(self.html())
        dom.playing(True)
        dom.announce()
        if self.embed is not None:
            self.embed.post({"type": "move", "game": self.replay.game.id, "at": self.step,
                             "said": self.news(self.replay.state_at(self.step))})
            if self.step == self.replay.length:
                self.embed.post({"type": "over", "game": self.replay.game.id,
                                 "winners": self.replay.final.outcome["winners"]})

    advance = render

    def show(self, step: int):
        self.go(step)
        self.render()

    def open_panel(self, html: str):
        self.stop()
        self.settings_shown = False
        self.overlay = html
        self.render()

    # -- taps ------------------------------------------------------------------------------------
    def step_to(self, data):
        self.stop()
        self.show(int(data["step"]))

    def play_or_pause(self, data):
        if self.playing:
            self.stop()
            self.render()
            return
        self.playing = True
        self.tick()

    def tick(self):
        self.timer = None
        if not self.playing:
            return
        if self.step >= self.replay.length:
            self.playing = False
            self.render()
            return
        self.show(self.step + 1)
        self.timer = dom.later(self.app.pause or 120, self.tick)

    def jump_to_round(self, data, value: str):
        if value.isdigit():
            self.stop()
            self.show(int(value))

    def payload(self) -> str:
        return transfer.share_payload(self.record, self.names)

    def share_link(self) -> str:
        return f"{dom.origin()}/index.html#/shared/{self.payload()}"

    def show_embed_code(self, data):
        snippet, src = embed_snippet(dom.origin(), self.replay.game.id, self.payload(), self.step)
        self.open_panel(embed_panel(snippet, src))

    def show_share_link(self, data):
        self.open_panel(share_panel(self.share_link()))

    def copy_share_link(self, data):
        dom.copy_text(self.share_link())

    def show_menu(self, data):
        self.open_panel(layout.menu(self.replay.game.id, self.embedded, []))

    def show_recap(self, data):
        """The news strip tapped: what the move at this moment did, and the way to the whole log."""
        lines = self.news(self.replay.state_at(self.step))
        self.open_panel(layout.overlay("What happened", layout.news_list(lines)
                                       + f'<p class="actions">{button("The whole log", "show-log", "btn")}</p>', "recap"))

    def show_log(self, data):
        lines = self.log_lines(self.replay.state_at(self.step))
        self.open_panel(layout.overlay("What happened", layout.log_list(lines), "log-panel"))

    def show_settings(self, data):
        self.stop()
        self.settings_shown = True
        self.render()

    def open_rules(self, data):
        """The rules page; its Back returns to this game watched back (from its end)."""
        self.stop()
        self.app.back_to = dom.location_hash()
        dom.go(f"#/rules/{self.replay.game.id}")

    def close_overlay(self, data):
        self.settings_shown = False
        self.overlay = ""
        self.render()

    commands = {
        "watch-go": step_to, "watch-play": play_or_pause, "watch-embed": show_embed_code,
        "watch-share": show_share_link, "watch-copy": copy_share_link, "menu": show_menu, "recap": show_recap, "show-log": show_log,
        "settings": show_settings, "settings-close": close_overlay, "close-overlay": close_overlay,
        "open-rules": open_rules,
    }
    fields = {"watch-round": jump_to_round}
