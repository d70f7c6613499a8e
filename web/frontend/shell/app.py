"""The app: routes, taps, set-up, saves kept in step with other tabs; the game screen and the embed
are their own modules (game.py, framed.py).

Routes live in the URL hash: #/ home · #/new/<game> set-up · #/play/<save> a game · #/rules/<game>.
Every screen is drawn from engine views (state.view(seat)) by the pure modules next to this one.
"""
from __future__ import annotations

import json
import random
from urllib.parse import unquote

import pycore

from ..boards import BOARDS
from ..markup import esc
from . import dom, framed, saved_games, screens, settings, stats, transfer, watch
from .game import GameScreen
from .save_store import KEEP_FINISHED, PREFIX, BadSave, Save, SaveFailed, SaveStore
from .table import Table
from .watching import WatchScreen

# New games get seeds from the system's cryptographic source, 53 bits of them (the public opening
# must not give away the deal); a given seed (an embed link, a test) deals as it always did.
SEED_BITS = 53


def guarded(handler):
    """A bug in one tap must not take the table down: say so on screen, keep the saved game."""
    def run(self, *args):
        try:
            return handler(self, *args)
        except Exception as error:
            import traceback
            traceback.print_exc()
            dom.show_problem(f"Something went wrong ({type(error).__name__}: {error}). "
                             "The game as last saved is kept: go home and open it again.")
    run.__name__ = handler.__name__
    return run


class App:
    boards = BOARDS

    def __init__(self):
        self.store = SaveStore(dom.LocalStorage(), summarize=summary)
        self.game: GameScreen | None = None
        self.setup: dict | None = None
        self.notice = ""
        self.back_to = ""                       # the game a rules page was opened from
        self.settings_open = False
        self.settings = settings.load(dom.LocalStorage())
        self.quick = "fast" in dom.query()      # tests: bots barely pause, whatever the setting

    @property
    def pause(self) -> int:
        return 40 if self.quick else settings.BOT_SPEEDS[self.settings["bot_speed"]]

    # -- start and routes --------------------------------------------------------------------
    def start(self):
        dom.status("Opening the games…", 95)
        dom.listen(dom.document, "click", self.on_click)
        dom.listen(dom.document, "input", self.on_input)
        dom.listen(dom.document, "change", self.on_input)
        dom.listen(dom.document, "submit", lambda event: event.preventDefault())
        dom.listen(dom.window, "thieves-table:reorder", self.on_reorder)
        dom.listen(dom.window, "thieves-table:installable", lambda *_: self.redraw_home())
        dom.listen(dom.document, "keydown", dom.arrow_keys)
        dom.keep_subject_in_view()
        dom.live_region()
        if dom.page() == "embed.html":
            framed.start(self)
        else:
            dom.listen(dom.window, "hashchange", lambda *_: self.route())
            dom.on_storage(self.on_storage)       # saves: another tab on the same games
            self.route()
        dom.set_state("ready")

    def show_game(self, screen: GameScreen):
        if self.game is not None:
            self.game.stop()
        self.game = screen
        screen.advance()

    def leave_game(self):
        if self.game is not None:
            self.game.stop()
        self.game = None
        dom.playing(False)

    @guarded
    def route(self):
        path = dom.location_hash().lstrip("#").strip("/").split("/")
        where = path[0] if path and path[0] else ""
        arg = unquote(path[1]) if len(path) > 1 else ""
        playing = self.game.play.save.id if isinstance(self.game, GameScreen) else None
        if where == "rules" and self.back_to and playing is not None:
            self.game.stop()                    # its rules are read; the game waits as it is
        elif not (where == "play" and playing == arg):
            self.leave_game()
        if where != "rules":
            self.back_to = ""
        if where == "":
            self.show_home()
        elif where == "new" and arg in BOARDS:
            if not self.setup or self.setup["game"] != arg:
                self.setup = screens.new_setup(BOARDS[arg], pycore.GAMES[arg])
            self.show_setup()
        elif where == "rules" and arg in BOARDS:
            dom.render(screens.rules_page(pycore.GAMES[arg], BOARDS[arg], back=self.back_to))
        elif where == "watch" and arg:
            self.watch_save(arg)
        elif where == "shared" and arg:
            self.watch_shared(path[1])
        elif where == "play" and arg:
            if playing == arg:                  # back from the rules: the game as it was
                self.game.advance()
                return
            try:
                save = self.store.load(arg)
            except BadSave as error:
                dom.render(saved_games.bad_save_page(arg, str(error)) if self.store.has(arg)
                           else screens.not_found(str(error)))
                return
            self.show_game(GameScreen(self, save, BOARDS[save.game]))
        else:
            dom.render(screens.not_found(f"There is no page “{'/'.join(path)}” here."))
        dom.scroll_top()

    # -- watch it back, keep your games, a table that remembers (issue 20) --------------------------
    def watch_save(self, save_id: str):
        try:
            save = self.store.load(save_id)
            replay = watch.Replay(pycore.record(save.state))
        except (BadSave, watch.NotWatchable) as error:
            dom.render(screens.not_found(str(error)))
            return
        self.show_game(WatchScreen(self, replay, BOARDS[save.game], save.table.names(), record=pycore.record(save.state)))

    def watch_shared(self, payload: str):
        try:
            record, names = transfer.read_share(payload)
            replay = watch.Replay(record)
        except (transfer.BadFile, watch.NotWatchable) as error:
            dom.render(screens.not_found(str(error)))
            return
        if len(names) != replay.final.seats:
            names = [f"Player {seat + 1}" for seat in range(replay.final.seats)]
        self.show_game(WatchScreen(self, replay, BOARDS[replay.game.id], names, record=record))

    def remember(self, play) -> str:
        """A game just ended: count it for its people once, and say how they stand at this table."""
        board, state, names = play.board, play.state, play.names
        outcome = state.outcome

        def result(seat):
            return board.best_result(outcome, seat)
        people = play.save.table.person_seats
        stats.record_game(dom.LocalStorage(), play.save.id, state.game.id, names, people, outcome, result)
        return screens.tally(state.game.title, stats.rows(stats.load(dom.LocalStorage()), state.game.id),
                             {names[seat] for seat in people})

    def export(self, save_ids: list, filename: str):
        texts = [text for text in (self.store.storage.get(PREFIX + save_id) for save_id in save_ids) if text]
        if texts:
            dom.download(filename, transfer.export_text(texts))

    def do_export_all(self, data):
        ids = [save_id for save_id, entry in self.store.listing().entries if not isinstance(entry, BadSave)]
        self.export(ids, "thieves-table-games.json")

    def do_forget_tally(self, data):
        if dom.confirm("Forget every result this device remembers? Saved games are kept."):
            stats.reset(dom.LocalStorage())
            self.show_home()

    def import_file(self, text):
        if text is None:
            return
        try:
            saves = transfer.read_export(text)
        except transfer.BadFile as error:
            self.notice = str(error)
            self.show_home()
            return
        taken = {save_id for save_id, _ in self.store.listing().entries}
        try:
            for save in saves:
                save.id = transfer.import_id(save, taken)
                save.revision = 0
                taken.add(save.id)
                self.store.put(save)
        except SaveFailed as error:
            self.notice = f"{error} Some games were imported before the device refused."
            self.show_home()
            return
        self.notice = f"Imported {len(saves)} game{'s' if len(saves) > 1 else ''}."
        self.show_home()

    def show_home(self):
        panel = f'<section class="panel">{settings.panel(self.settings)}</section>' if self.settings_open else ""
        dom.render(panel + screens.home(BOARDS, pycore.GAMES, self.store.listing(), self.notice, now=dom.now(),
                                        install=dom.install_offer(), offset_minutes=dom.utc_offset_minutes(),
                                        tally=stats.load(dom.LocalStorage())))
        self.notice = ""
        if panel:
            dom.focus_first(["[data-testid=settings] button"])

    def redraw_home(self):
        if self.game is None and dom.location_hash() in ("", "#", "#/"):
            self.show_home()

    def show_setup(self):
        game_id = self.setup["game"]
        dom.render(screens.setup_screen(BOARDS[game_id], pycore.GAMES[game_id], self.setup))

    # -- taps ---------------------------------------------------------------------------------
    @guarded
    def on_click(self, event):
        target = event.target.closest("[data-command], [data-act], [data-why]")
        if not target:
            return
        event.preventDefault()
        data = {str(key): str(getattr(target.dataset, key)) for key in dom.js.Object.keys(target.dataset)}
        if "act" in data:               # the button carries the very action it sends
            if self.game:
                self.game.send(json.loads(data["act"]))
            return
        if "why" in data:               # a choice drawn as unavailable: say why
            if isinstance(self.game, GameScreen):
                self.game.explain(json.loads(data["why"]))
            return
        command = data.pop("command")
        data.pop("motion", None)        # what animates on this element, not part of the tap
        data.pop("pick", None)          # marks a board element tapped to choose: not part of the tap
        name = "do_" + command.replace("-", "_")
        handler = getattr(self, name, None) or (getattr(self.game, name, None) if self.game else None)
        if handler:
            handler(data)
        elif isinstance(self.game, GameScreen):
            self.game.play.tap(command, data)
            self.game.render()

    @guarded
    def on_input(self, event):
        target = event.target
        # An input of a board or a page (a radio that only styles) has no data-field: not ours.
        field = getattr(target.dataset, "field", None) if target.dataset else None
        if not field:
            return
        field = str(field)
        if field == "import-file":
            if str(event.type) == "change":
                dom.read_file(target, self.import_file)
            return
        if self.game is not None:
            self.game.on_input(field, str(target.value))
            return
        if self.setup is None:
            return
        if field.startswith("name-"):
            _, seat, slot = field.split("-")
            self.setup["rows"][int(seat)]["names"][int(slot)] = str(target.value)
        elif field.startswith("bot-"):
            self.setup["rows"][int(field[4:])]["bot"] = str(target.value)
        elif field.startswith("option-"):
            self.setup["options"][field[7:]] = bool(target.checked)
            # An option may change the seat range: keep the count within it.
            game_id = self.setup["game"]
            screens.set_seat_count(BOARDS[game_id], pycore.GAMES[game_id], self.setup, self.setup["seats"])
            self.show_setup()

    @guarded
    def on_reorder(self, event):
        if isinstance(self.game, GameScreen):
            detail = event.detail
            self.game.play.tap("reorder", {"from": str(getattr(detail, "from")), "to": str(detail.to)})
            self.game.render()

    # -- set-up ---------------------------------------------------------------------------------
    def do_setup_seats(self, data):
        game_id = self.setup["game"]
        screens.set_seat_count(BOARDS[game_id], pycore.GAMES[game_id], self.setup, self.setup["seats"] + int(data["delta"]))
        self.show_setup()

    def do_setup_kind(self, data):
        self.setup["rows"][int(data["seat"])]["kind"] = data["kind"]
        self.setup["errors"] = {}
        self.show_setup()

    def do_setup_start(self, data):
        game_id = self.setup["game"]
        game = pycore.GAMES[game_id]
        chosen = screens.setup_table(BOARDS[game_id], game, self.setup)
        if chosen is None:
            self.show_setup()
            dom.focus("[aria-invalid=true]")
            return
        table, options = chosen
        self.new_game(game, table, options)

    def new_game(self, game, table: Table, options: dict):
        seed = random.SystemRandom().getrandbits(SEED_BITS)
        state = game.new_game(seats=len(table.seats), seed=seed, options=self.with_bots(game, table, options))
        now = dom.now()
        save = Save(f"{game.id}-{int(now * 1000):x}", game.id, table, state, now, now)
        try:
            self.store.put(save)
        except SaveFailed as error:
            dom.show_notice(self.not_saved_html(error, "the new game"))
            return
        self.leave_game()
        dom.go(saved_games.play_href(save.id))

    @staticmethod
    def with_bots(game, table: Table, options: dict) -> dict:
        """A game that needs to know its bots (an option named "bots") learns them from the table."""
        if "bots" in game.options:
            return {**options, "bots": table.bots()}
        return options

    def do_delete_save(self, data):
        if dom.confirm("Delete this saved game? This cannot be undone."):
            self.store.remove(data["save"])
            if self.game is None and dom.location_hash() in ("", "#", "#/"):
                self.show_home()
            else:
                dom.go("#/")

    def do_open_rules(self, data):
        """Rules inside the app: the rules page, whose Back returns to the game as it was."""
        if self.game is not None:
            self.game.overlay = None
            self.back_to = saved_games.play_href(self.game.play.save.id)
            dom.go(f"#/rules/{self.game.play.state.game.id}")

    def do_install(self, data):
        dom.install()

    # -- when a save cannot be written, and other tabs (issue 12) ----------------------------------
    def not_saved_html(self, error: SaveFailed, what: str) -> str:
        return saved_games.not_saved_html(error, what, len(self.store.listing().finished))

    def show_stored_instead(self, screen: GameScreen, error: SaveFailed):
        """A write failed: the screen goes back to what is stored, and says so plainly."""
        stored = screen.stored_or_gone(self.store)
        if isinstance(stored, BadSave):
            self.leave_game()
            dom.render(screens.not_found(f"{error} {stored}"))
            return
        self.reopen(screen, stored)
        dom.show_notice(self.not_saved_html(error, "this move"))

    def reopen(self, screen: GameScreen, stored: Save):
        """Show the stored game; the person holding the device keeps their view unless it changed
        hands.  Bots do not move here until a tap (their moves could not be saved, or another tab
        is playing them)."""
        screen.reload_from(stored)
        screen.advance()
        screen.stop()

    def on_storage(self, key: str, new_value):
        """Another tab wrote or deleted a save: bring this one up to date, never write over it."""
        screen = self.game
        if screen is None:
            if key.startswith(PREFIX) and dom.location_hash() in ("", "#", "#/"):
                self.show_home()
            return
        if key != PREFIX + screen.play.save.id:
            return
        if new_value is None:
            self.leave_game()
            self.route()       # says there is no such game any more
            return
        try:
            stored = self.store.load(screen.play.save.id)
        except BadSave:
            return             # a damaged write elsewhere: keep playing here; this tab's next write refuses
        if stored.revision > screen.play.save.revision:
            self.reopen(screen, stored)
            dom.show_notice(saved_games.moved_on_html())

    def do_free_space(self, data):
        count = len(self.store.listing().finished)
        if count and not dom.confirm(f"Delete {count} finished game{'s' if count > 1 else ''}? "
                                     "Games in progress are kept."):
            return
        self.after_freeing(*self.store.remove_finished())

    def do_trim_finished(self, data):
        if dom.confirm(f"Keep the newest {KEEP_FINISHED} finished games and delete the older ones?"):
            self.after_freeing(*self.store.remove_finished(keep=KEEP_FINISHED))

    def after_freeing(self, count: int, freed: int):
        text = saved_games.freed_text(count, freed)
        if self.game is not None:
            self.game.advance()
        elif dom.location_hash().startswith("#/new/"):
            self.show_setup()
        else:
            self.notice = text
            self.show_home()
            return
        dom.show_notice(f'<p data-testid="freed">{esc(text)}</p>')

    def do_retry_save(self, data):
        if self.game is not None:
            self.game.advance()
        else:
            self.show_setup()

    # -- settings: from home (a panel) or a game (its menu) ------------------------------------------
    def do_settings(self, data):
        if self.game is not None:
            self.game.do_settings(data)
            return
        self.settings_open = True
        self.show_home()

    def do_settings_close(self, data):
        if self.game is not None:
            self.game.do_close_overlay(data)
            return
        self.settings_open = False
        self.show_home()

    def do_setting_toggle(self, data):
        key = data["key"]
        if key in settings.TOGGLES:
            self.settings[key] = not self.settings[key]
            settings.save(dom.LocalStorage(), self.settings)
            dom.cue("hit", self.settings)       # a sample of what was just turned on
        self.redraw()

    def do_bot_speed(self, data):
        """A new bot speed: remembered on this device, and the waiting bot moves at it."""
        self.settings["bot_speed"] = data["speed"] if data["speed"] in settings.BOT_SPEEDS else "normal"
        settings.save(dom.LocalStorage(), self.settings)
        if self.game:
            self.game.advance()
        else:
            self.show_home()        # the settings panel on the home screen

    def redraw(self):
        if self.game is not None:
            self.game.render()
        else:
            self.show_home()


def summary(save) -> str:
    """A saved game's line in the list: the board's words, and the take-backs it had."""
    line = BOARDS[save.game].summary(save.state.view(None), save.table.names())
    if save.takebacks:
        line += f" · {save.takebacks} move{'s' if save.takebacks > 1 else ''} taken back"
    return line


def start():
    try:
        App().start()
    except Exception as error:  # show it on screen rather than hang on "loading"
        dom.fail(f"{type(error).__name__}: {error}")
        raise
