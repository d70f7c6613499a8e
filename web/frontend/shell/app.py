"""The app: routes, and every tap and field handed to the screen it belongs to.

Routes live in the URL hash: #/ home · #/new/<game> set-up · #/play/<save> a game · #/rules/<game> ·
#/watch/<save> and #/shared/<record> a finished game watched back · #/learn/<game>[/<part>] the guided first game
(learn_screen.py).  Each screen with taps says which
command reaches which method (its ``commands`` table: data-command -> method) and which field which
method (``fields``: data-field -> method, given the field's other data attributes and its value);
App's own ``commands`` are the few every screen shares (shared_taps.py).  The screens: home_screen.py,
setup_screen.py, game.py (a game played), watch_screen.py (one watched back); the embed is
embed_session.py, the saves kept in step with other tabs tab_sync.py.
"""
from __future__ import annotations

import json
from urllib.parse import unquote

import pycore

from ..boards import BOARDS
from . import dom, embed_session, last_screen, saved_games, settings, tab_sync, transfer
from .embed_link import shown
from .game import GameScreen
from .home_and_rules import rules_page
from .layout import not_found
from .home_screen import HomeScreen
from .learn_screen import LessonScreen
from .lesson import has_lesson, key_of
from .play import moment_of
from .watch_back import NotWatchable, Replay
from .watch_screen import WatchScreen
from .save_store import BadSave, SaveStore
from .setup_screen import SetupScreen
from .shared_taps import SharedTaps
from .phone_links import PhoneLinks


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


class App(SharedTaps, PhoneLinks):
    boards = BOARDS

    def __init__(self):
        self.store = SaveStore(dom.LocalStorage(), summarize=summary)
        self.game: GameScreen | WatchScreen | None = None    # the game open, played or watched back
        # The screen on the page now, whose tables the taps go to: the game, home or the set-up
        # (None on a plain page: a rules page, even while the game it was opened from waits).
        self.shown: GameScreen | WatchScreen | HomeScreen | SetupScreen | None = None
        self.home = HomeScreen(self)
        self.setup: SetupScreen | None = None   # the last set-up, kept for a return to the same game
        self.back_to = ""                       # the game a rules page was opened from
        self.settings = settings.load(dom.LocalStorage())
        self.quick = "fast" in dom.query()      # tests: bots barely pause, whatever the setting

    # The screens a game opens on, for the embed (which stands below them and names none).
    def game_screen(self, save, board, embed=None) -> GameScreen:
        return GameScreen(self, save, board, embed=embed)

    def lesson_screen(self, game_id: str, part: str, embed=None) -> LessonScreen:
        return LessonScreen(self, game_id, embed=embed, part=part)

    def watch_screen(self, replay, board, names, step=None, embed=None, record: str = "") -> WatchScreen:
        return WatchScreen(self, replay, board, names, step, embed=embed, record=record)

    @property
    def pause(self) -> int:
        return 40 if self.quick else settings.BOT_SPEEDS[self.settings["bot_speed"]]

    @property
    def played(self) -> GameScreen | None:
        """The game being played (not one watched back), or None; it may wait behind its rules."""
        return self.game if isinstance(self.game, GameScreen) else None

    @property
    def played_on_screen(self) -> GameScreen | None:
        return self.played if self.shown is self.game else None

    @property
    def board_on_screen(self):
        """The screen whose board takes the taps: a game played here, or a seat this phone plays at a
        table hosted on another (JoinScreen)."""
        return self.played_on_screen or getattr(self.shown, "seat_screen", None)

    # -- start and routes --------------------------------------------------------------------
    def start(self):
        dom.status("Opening the games…", 95)
        dom.on("click", self.on_click)
        dom.on("input", self.on_input)
        dom.on("change", self.on_input)
        dom.on("reorder", self.on_reorder)
        dom.on("installable", lambda _: self.redraw_install_offer())
        if dom.page() == "embed.html":
            embed_session.start(self)
        else:
            dom.on("hashchange", lambda _: self.route())
            dom.on_storage(lambda key, value: tab_sync.on_storage(self, key, value))
            dom.on_refused(lambda keys, error: tab_sync.on_refused(self, keys, error))
            self.listen_to_phones()
            self.route()
        last_screen.listen(self)            # what a relaunch may paint of each screen (shell.js asks)
        dom.set_state("ready")

    def show_game(self, screen: GameScreen | WatchScreen):
        if self.game is not None:
            self.game.stop()
        self.game = self.shown = screen
        screen.advance()

    def leave_game(self):
        if self.game is not None:
            self.game.stop()
        if self.shown is self.game:
            self.shown = None
        self.game = None
        dom.playing(False)

    def show_page(self, screen: HomeScreen | SetupScreen | None, html: str = ""):
        """A screen with taps (drawn by itself), or a plain page (``html``)."""
        self.shown = screen
        if screen is None:
            dom.render(html)
        else:
            screen.render()

    @guarded
    def route(self):
        path = dom.location_hash().lstrip("#").strip("/").split("/")
        where = path[0] if path and path[0] else ""
        arg = unquote(path[1]) if len(path) > 1 else ""
        part = unquote(path[2]) if where == "learn" and len(path) > 2 else ""
        learning = key_of(arg, part)                        # a lesson's key (#/learn/<game>[/<part>])
        played = self.played
        playing = played.play.save.id if played is not None else None
        if where == "rules" and self.back_to and playing is not None:
            played.stop()                       # its rules are read; the game waits as it is
        elif not (where == "play" and playing == arg) and not (where == "learn" and playing == f"lesson-{learning}"):
            self.leave_game()
        if where != "rules":
            self.back_to = ""
        if where == "":
            self.show_page(self.home)
        elif where == "new" and arg in BOARDS:
            if self.setup is None or self.setup.game_id != arg:
                self.setup = SetupScreen(self, arg)
            self.show_page(self.setup)
        elif where == "rules" and arg in BOARDS:
            self.show_page(None, rules_page(pycore.GAMES[arg], BOARDS[arg], back=self.back_to))
        elif where == "join":
            self.show_joining()
        elif where == "watch" and arg:
            self.watch_save(arg)
        elif where == "shared" and arg:
            self.watch_shared(path[1])
        elif where == "learn" and arg in BOARDS and has_lesson(BOARDS[arg], part):
            if playing == f"lesson-{learning}":     # back from the rules: the lesson as it was
                self.shown = played
                played.advance()
                return
            self.show_game(LessonScreen.open(self, arg, part))
        elif where == "play" and arg:
            if playing == arg:                  # back from the rules: the game as it was
                self.shown = played
                played.advance()
                return
            try:
                save = self.store.load(arg)
            except BadSave as error:
                self.show_page(None, saved_games.bad_save_page(arg, str(error)) if self.store.has(arg)
                               else not_found(str(error)))
                return
            self.show_game(GameScreen(self, save, BOARDS[save.game]))
        else:
            self.show_page(None, not_found(f"There is no page “{shown('/'.join(path), 40)}” here."))
        dom.scroll_top()

    def watch_save(self, save_id: str):
        try:
            save = self.store.load(save_id)
            replay = Replay(pycore.record(save.state))
        except (BadSave, NotWatchable) as error:
            self.show_page(None, not_found(str(error)))
            return
        self.show_game(WatchScreen(self, replay, BOARDS[save.game], save.table.names(), record=pycore.record(save.state)))

    def watch_shared(self, payload: str):
        try:
            record, names = transfer.read_share(payload)
            replay = Replay(record)
        except (transfer.BadFile, NotWatchable) as error:
            self.show_page(None, not_found(str(error)))
            return
        if len(names) != replay.final.seats:
            names = [f"Player {seat + 1}" for seat in range(replay.final.seats)]
        self.show_game(WatchScreen(self, replay, BOARDS[replay.game.id], names, record=record))

    def on_a_game(self) -> bool:
        return self.game is not None and self.shown is self.game

    def on_home(self) -> bool:
        return self.game is None and dom.location_hash() in ("", "#", "#/")

    def redraw_home(self):
        if self.on_home():
            self.home.render(again=True)

    def redraw_install_offer(self):
        if self.on_home():
            self.home.redraw_install_offer()

    def redraw(self):
        (self.shown or self.home).render()

    # -- taps and fields: each to the table of the screen it was drawn on ------------------------------
    @guarded
    def on_click(self, tap):
        # The tapped choice's data-* (ui.js: a choice first, a name inside a button being the
        # button's; else a thing that is no choice now, which says why: widgets.says_why, no tap is
        # silent).
        data = dict(tap["data"])
        board = self.board_on_screen
        if "act" in data:               # the button carries the very action it sends
            if board is not None:
                board.send(json.loads(data["act"]))
            return
        if "why" in data or "say" in data:      # not a choice now: say why, in one line
            if board is not None:
                board.explain(json.loads(data["why"]) if "why" in data else None, data.get("say", ""))
            return
        command = data.pop("command")
        data.pop("motion", None)        # what animates on this element, not part of the tap
        data.pop("pick", None)          # marks a board element tapped to choose: not part of the tap
        self.dispatch(command, data)

    def dispatch(self, command: str, data: dict):
        """The screen's own table first, then the taps every screen shares; on a game being played,
        any other command is its board's (the draft).  Anything else is a mistake in the code."""
        screen = self.shown
        handler = screen.commands.get(command) if screen is not None else None
        if handler is not None:
            handler(screen, data)
        elif command in self.commands:
            self.commands[command](self, data)
        elif self.board_on_screen is not None:
            self.board_on_screen.board_tap(command, data)
        else:
            dom.console_error(f"Thieves' Table: no handler for the command “{command}” on "
                              f"{type(screen).__name__ if screen is not None else 'this page'}: "
                              "add it to that screen's commands table.")

    @guarded
    def on_input(self, changed):
        # A field's data-* and its value (ui.js: a checkbox's is whether it is ticked, a file
        # input's the file chosen, read when needed; an input with no data-field is not ours).
        data = dict(changed["data"])
        field = data.pop("field")
        value = changed["value"]
        screen = self.shown
        if screen is None:
            return                      # a plain page's own input (a rules page's language switch)
        handler = screen.fields.get(field)
        if handler is None:
            dom.console_error(f"Thieves' Table: no handler for the field “{field}” on {type(screen).__name__}: "
                              "add it to that screen's fields table.")
            return
        handler(screen, data, value)

    @guarded
    def on_phone(self, kind: str, detail: dict):
        """What happened on a phone's link or a scan (phone_links.py)."""
        self.on_phone_event(kind, detail)

    @guarded
    def on_reorder(self, moved):
        if self.board_on_screen is not None:
            self.board_on_screen.board_tap("reorder", {"from": str(moved["from"]), "to": str(moved["to"])})


def summary(save) -> str:
    """A saved game's line in the list: the board's words, and the take-backs it had."""
    line = BOARDS[save.game].summary(moment_of(save.state).view(None), save.table.names())   # as just drawn
    if save.takebacks:
        line += f" · {save.takebacks} move{'s' if save.takebacks > 1 else ''} taken back"
    return line


def start():
    try:
        App().start()
    except Exception as error:  # show it on screen rather than hang on "loading"
        dom.fail(f"{type(error).__name__}: {error}")
        raise
