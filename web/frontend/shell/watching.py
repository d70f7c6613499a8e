"""Watch it back on the screen: the moves stepped through by taps or played at bot speed, the round
jumped to, the moment embedded or the game shared (watch.py draws it)."""
from __future__ import annotations

from . import dom, transfer, watch


class WatchScreen(watch.WatchView):
    def __init__(self, app, replay, board, names, step=None, embed=None, record: str = ""):
        super().__init__(replay, board, names, step, embedded=embed is not None)
        self.app = app
        self.embed = embed
        self.record = record
        self.timer = None

    def stop(self):
        dom.cancel(self.timer)
        self.timer = None
        self.playing = False

    def render(self):
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

    def do_watch_go(self, data):
        self.stop()
        self.show(int(data["step"]))

    def do_watch_play(self, data):
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

    def on_input(self, field: str, value: str):
        if field == "watch-round" and value.isdigit():
            self.stop()
            self.show(int(value))

    def payload(self) -> str:
        return transfer.share_payload(self.record, self.names)

    def do_watch_embed(self, data):
        self.stop()
        snippet, src = watch.embed_snippet(dom.origin(), self.replay.game.id, self.payload(), self.step)
        self.overlay = watch.embed_panel(snippet, src)
        self.render()

    def do_watch_share(self, data):
        self.stop()
        self.overlay = watch.share_panel(f"{dom.origin()}/index.html#/shared/{self.payload()}")
        self.render()

    def do_watch_copy(self, data):
        dom.copy_text(f"{dom.origin()}/index.html#/shared/{self.payload()}")

    def do_close_overlay(self, data):
        self.overlay = ""
        self.render()

    def do_menu(self, data):
        self.stop()
        from . import layout
        self.overlay = layout.menu(self.replay.game.id, self.embedded, [])
        self.render()
