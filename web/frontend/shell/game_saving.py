"""Saving after every action (or telling the embed's page), counting a finished game for its
people, a game another tab moved on, and the game kept as a file.

A part of the game screen (game.py's GameScreen), with its own taps: its ``commands`` (and
``fields``) table, which the screen merges into its own."""
from __future__ import annotations

from . import dom, home_and_rules, stats, tab_sync
from .games_kept import download_games
from .play import Play
from .save_store import BadSave, SaveFailed


class Saving:
    def saved(self, seat: int, action: dict) -> bool:
        """After every action: store the game (not in an embed) and tell the parent page.
        False when the write was refused at once (another tab moved the game on): the stored game
        is back on screen with the reason.  A refusal the device gives later (storage full) does
        the same then (tab_sync.on_refused)."""
        play = self.play
        if self.embed is not None:
            if seat is not None:
                self.embed.moved(play, seat)
            return True
        play.save.updated = dom.now()
        try:
            with dom.timed("tt:save"):
                self.app.store.put(play.save)
        except SaveFailed as error:
            tab_sync.show_stored_instead(self.app, self, error)
            return False
        return True

    def keep(self, seat: int, action: dict):
        """Save an action just applied: the parent page of an embed hears of it at once (before
        the end is told); a stored game is written once the move is painted, and before the next
        tap or bot move is handled (dom.after_paint).  A write that fails puts the stored game back
        on the screen, with the reason."""
        if self.embed is not None:
            self.saved(seat, action)
        else:
            dom.after_paint(lambda: self.saved(seat, action))

    def remember(self) -> str:
        """The game just ended: count it for its people once, and say how they stand at this table."""
        play = self.play
        board, state, names = play.board, play.state, play.names
        outcome = state.outcome

        def result(seat):
            return board.best_result(outcome, seat)
        people = play.save.table.person_seats
        storage = dom.LocalStorage()
        stats.record_game(storage, play.save.id, state.game.id, names, people, outcome, result)
        return home_and_rules.tally(state.game.title, stats.rows(stats.load(storage), state.game.id),
                                    {names[seat] for seat in people})

    def reload_from(self, stored):
        """Another tab moved this game on: continue from what is stored, keeping who holds the device."""
        keep_viewer = self.play.viewer
        self.stop()
        self.play = play = Play(stored, self.board)
        self.taking_over = self.interject = None
        if keep_viewer is not None and (not stored.table.hot_seat or keep_viewer in stored.state.to_act):
            play.conductor.uncover(keep_viewer)

    def stored_or_gone(self, store):
        try:
            return store.load(self.play.save.id)
        except BadSave as gone:
            return gone

    def export_game(self, data):
        self.overlay = None
        download_games(self.app.store, [self.play.save.id], f"{self.play.save.id}.json")
        self.render()

    def watch_back(self, data):
        dom.go(f"#/watch/{self.play.save.id}")

    commands = {"export-game": export_game, "watch": watch_back}
