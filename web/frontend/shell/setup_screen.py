"""The new-game screen on the page: the form's state (setup_form.py reads and draws it), its taps and
fields; its Deal makes the new game's save and opens it (games_kept.deal)."""
from __future__ import annotations

import pycore

from ..boards import BOARDS
from . import dom, setup_form, stats
from .games_kept import deal

def first_game_bots(app, game_id: str) -> str:
    """Novice bots for the first game of its kind on this device (none of this game saved or
    finished here yet: every game's first solo game is a gentle one), else Sharp."""
    played = stats.load(dom.LocalStorage())["games"].get(game_id)
    kept = any(getattr(entry, "game", None) == game_id for _, entry in app.store.listing().entries)
    return setup_form.BOTS if played or kept else setup_form.FIRST_GAME_BOTS


class SetupScreen:
    """One game's set-up; kept while the person goes elsewhere and back to the same game."""

    def __init__(self, app, game_id: str):
        self.app = app
        self.game_id = game_id
        self.board, self.game = BOARDS[game_id], pycore.GAMES[game_id]
        self.form = setup_form.new_setup(self.board, self.game, first_game_bots(app, game_id))

    def render(self):
        dom.render(setup_form.setup_screen(self.board, self.game, self.form))

    def seat_count_within_range(self, seats: int):
        setup_form.set_seat_count(self.board, self.game, self.form, seats)

    # -- taps ------------------------------------------------------------------------------------
    def change_seats(self, data):
        self.seat_count_within_range(self.form["seats"] + int(data["delta"]))
        self.render()

    def choose_kind(self, data):
        self.form["rows"][int(data["seat"])]["kind"] = data["kind"]
        self.form["errors"] = {}
        self.render()

    def start(self, data):
        chosen = setup_form.setup_table(self.board, self.game, self.form)
        if chosen is None:
            self.render()
            dom.focus("[aria-invalid=true]")
            return
        table, options = chosen
        deal(self.app, self.game, table, options)

    commands = {"setup-seats": change_seats, "setup-kind": choose_kind, "setup-start": start}

    # -- fields (typed into, chosen, ticked) ----------------------------------------------------------
    def type_name(self, data, value: str):
        self.form["rows"][int(data["seat"])]["names"][int(data["slot"])] = value

    def choose_bot(self, data, value: str):
        self.form["rows"][int(data["seat"])]["bot"] = value
        self.render()       # the level's words below it change with it
        dom.focus(f"[data-field=bot][data-seat='{int(data['seat'])}']")

    def tick_option(self, data, checked: bool):
        self.form["options"][data["option"]] = checked
        self.seat_count_within_range(self.form["seats"])     # an option may change the seat range
        self.render()

    fields = {"name": type_name, "bot": choose_bot, "option": tick_option}
