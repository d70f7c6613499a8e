"""The embed: one game inside a rules page (embed.html?game=…&mode=demo|tutorial&seed=N; tutorial is
the game's guided lesson where it has one, else a game against bots; &part=solo one of its shorter lessons).

It reads and checks the link (embed_link.py), plays the game on the same game screen as the app (nothing
is stored), and tells the page around it what happens: {source: "thieves-table", type: "ready" |
"move" | "over" | "error", …}, only ever to the origin the link names.
"""
from __future__ import annotations

import pycore

from ..markup import esc
from . import dom, transfer
from .embed_link import EmbedProblem, EmbedSettings, read_link
from .lesson import has_lesson, lessons_of
from .save_store import Save
from .watch_back import NotWatchable, Replay
from .setup_form import with_bots
from .table import Seat, Table

SOURCE = "thieves-table"


class EmbedSession:
    def __init__(self, app, link: EmbedSettings):
        self.app = app
        self.game, self.mode, self.seed, self.part = link.game, link.mode, link.seed, link.part

    def post(self, message: dict):
        dom.post_to_parent({"source": SOURCE, **message})

    def moved(self, play, seat: int):
        """Tell the page of a move as any onlooker of the table saw it: who moved, the public words
        and the public events.  Never the action itself: a bot's secret choice is in it (a Master
        Thieves role before the reveal)."""
        self.post({"type": "move", "game": play.state.game.id, **play.public_move(seat)})

    def start(self):
        board = self.app.boards[self.game]
        game = pycore.GAMES[self.game]
        if self.mode == "tutorial" and has_lesson(board, self.part):     # the guided first game, kept nowhere
            screen = self.app.lesson_screen(self.game, self.part, embed=self)
            self.app.show_game(screen)
            return screen.play.state
        seats = board.DEMO_SEATS
        people = [Seat(people=["You"])] if self.mode == "tutorial" else []
        levels = pycore.BOT_LEVELS[::-1]        # the strongest first
        table = Table(people + [Seat(bot=levels[i % 3]) for i in range(seats - len(people))])
        state = game.new_game(seats=seats, seed=self.seed, options=with_bots(game, table, dict(game.options)))
        screen = self.app.game_screen(Save(f"embed-{self.seed}", self.game, table, state, 0, 0), board, embed=self)
        self.app.show_game(screen)
        return state

    def rematch(self):
        self.seed += 1
        self.start()


def start(app):
    """Read the link; play it, or say in the frame (and to the page) what is wrong with it."""
    try:
        parts = {game_id: [part for part in lessons_of(board) if part] for game_id, board in app.boards.items()}
        link = read_link(dom.query(), list(app.boards), dom.origin(), dom.framing_origin(), parts)
    except EmbedProblem as problem:
        dom.set_parent_origin(problem.parent)
        dom.render(f'<section class="panel"><p class="notice" role="alert" data-testid="embed-error">{esc(problem)}</p></section>')
        dom.post_to_parent({"source": SOURCE, "type": "error", "message": str(problem)})
        return
    dom.set_parent_origin(link.parent)
    session = EmbedSession(app, link)
    if link.mode == "replay":
        start_replay(app, session, link)
        return
    state = session.start()
    # The seed dealt (a lesson deals its own), and the lesson's part when the link names one.
    session.post({"type": "ready", "game": link.game, "mode": link.mode, "seed": state.seed, "seats": state.seats,
                  **({"part": link.part} if link.part else {})})


def start_replay(app, session: EmbedSession, link: EmbedSettings):
    """A moment of a finished game, read-only, with the step controls (mode=replay)."""
    try:
        record, names = transfer.read_share(link.record)
        replay = Replay(record)
        if replay.game.id != link.game:
            raise NotWatchable(f"This record is a game of {replay.game.title}, not of the game the link names.")
    except (transfer.BadFile, NotWatchable) as problem:
        dom.render(f'<section class="panel"><p class="notice" role="alert" data-testid="embed-error">{esc(problem)}</p></section>')
        session.post({"type": "error", "message": str(problem)})
        return
    if len(names) != replay.final.seats:
        names = [f"Player {seat + 1}" for seat in range(replay.final.seats)]
    session.post({"type": "ready", "game": link.game, "mode": "replay", "at": link.at, "moves": replay.length,
                  "seats": replay.final.seats})
    app.show_game(app.watch_screen(replay, app.boards[link.game], names, link.at, embed=session, record=record))
