"""The shell's command tables, in CPython: every data-command the shell and the boards can draw
reaches a method (a screen's table, App's shared one, or the board's own tap), every field a
screen draws has its handler, and the tables hold only methods of their screens.

The screens' modules import dom.py, which talks to the browser: stand-ins for ``js``, ``pyodide``
and ``pyscript`` let CPython import them and read their tables (nothing here runs in a browser)."""
import ast
import inspect
import random
import re
import sys
import textwrap
from pathlib import Path
from unittest import mock

import pytest

import pycore
from driver import Taps
from frontend.boards import BOARDS
from frontend.shell import home_and_rules, layout, settings, setup_form
from frontend.shell.play import Play
from frontend.shell.play_view import page as screen_page
from frontend.shell.watch_back import Replay, WatchView, embed_panel, embed_snippet, share_panel
from frontend.shell.save_store import Save, SaveStore
from frontend.shell.table import Seat, Table

FRONTEND = Path(__file__).resolve().parent.parent / "web" / "frontend"
BROWSER_MODULES = ("js", "pyodide", "pyodide.ffi", "pyscript", "pyscript.ffi")


@pytest.fixture(scope="module")
def screens():
    """The screen classes with their tables, imported over stand-ins for the browser's modules
    (sys.modules is put back afterwards, so no other test sees them)."""
    with mock.patch.dict(sys.modules, {name: mock.MagicMock() for name in BROWSER_MODULES}):
        from frontend.shell.app import App
        from frontend.shell.game import GameScreen
        from frontend.shell.home_screen import HomeScreen
        from frontend.shell.watch_screen import WatchScreen
        from frontend.shell.setup_screen import SetupScreen
        from frontend.shell.learn_screen import LessonScreen
        from frontend.shell.join_screen import JoinScreen
        yield {"app": App, "home": HomeScreen, "setup": SetupScreen, "game": GameScreen, "watch": WatchScreen,
               "lesson": LessonScreen, "join": JoinScreen}


class DictStorage(dict):
    def set(self, key, value):
        self[key] = value

    def remove(self, key):
        self.pop(key, None)


def drawn(html: str) -> tuple:
    """(the commands, the fields) on a screen's HTML, disabled ones too."""
    return (set(re.findall(r'data-command="([^"]+)"', html)), set(re.findall(r'data-field="([^"]+)"', html)))


# -- what the markup builders can draw, read from their source ------------------------------------------
def literal(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def commands_in_source(tree) -> set:
    """Every command a module's source draws with a literal name: button(label, "cmd") (unless
    always disabled: it cannot be tapped), choice_button(label, actions, "cmd"), data_command="cmd",
    a tile's tap ("cmd", {data}), data-command="cmd" in a string of HTML."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[1], ast.Dict):
            if literal(node.elts[0]) and re.fullmatch(r"[a-z][a-z-]*", literal(node.elts[0])):
                found.add(literal(node.elts[0]))
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            place = {"button": 1, "choice_button": 2}.get(name)
            never = any(keyword.arg == "disabled" and getattr(keyword.value, "value", None) is True
                        for keyword in node.keywords)
            if place is not None and len(node.args) > place and literal(node.args[place]) and not never:
                found.add(literal(node.args[place]))
            for keyword in node.keywords:
                if keyword.arg == "data_command" and literal(keyword.value):
                    found.add(literal(keyword.value))
                if keyword.arg == "tap" and isinstance(keyword.value, ast.Tuple) and literal(keyword.value.elts[0]):
                    found.add(literal(keyword.value.elts[0]))
        text = literal(node)
        if text and "data-command=" in text:
            found.update(re.findall(r'data-command="?([a-z][a-z-]*)', text))
    return found


def tree_of(path: Path):
    return ast.parse(path.read_text(), filename=str(path))


def board_taps(board) -> set:
    """The commands the board's own tap handles: the strings its tap function names."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(board.tap)))
    return {literal(node) for node in ast.walk(tree) if literal(node)}


def shell_tables(screens) -> set:
    return {command for screen in screens.values() for command in screen.commands}


def test_the_markup_builders_find_what_they_should():
    """The source reading below sees buttons, tiles, attributes and HTML strings (a guard against
    a reader that finds nothing and so passes everything)."""
    shell = set().union(*(commands_in_source(tree_of(path)) for path in (FRONTEND / "shell").glob("*.py")))
    assert {"setup-start", "watch-go", "uncover", "bot-speed", "settings-close", "delete-save", "menu"} <= shell
    assert "sort-tap" in commands_in_source(tree_of(FRONTEND / "widgets.py"))
    thievery = set().union(*(commands_in_source(tree_of(path)) for path in (FRONTEND / "boards" / "thievery").glob("*.py")))
    assert {"pick-card", "helper"} <= thievery


def test_every_command_the_shell_draws_has_an_entry(screens):
    tables = shell_tables(screens)
    for path in sorted((FRONTEND / "shell").glob("*.py")):
        missing = commands_in_source(tree_of(path)) - tables
        assert not missing, f"{path.name} draws {sorted(missing)}, which no screen's commands table holds"


@pytest.mark.parametrize("game_id", sorted(BOARDS))
def test_every_command_a_board_draws_reaches_the_shell_or_its_tap(screens, game_id):
    board = BOARDS[game_id]
    handled = set(screens["game"].commands) | set(screens["app"].commands) | board_taps(board)
    package = FRONTEND / "boards" / game_id.replace("-", "_")
    for path in sorted(package.glob("*.py")):
        missing = commands_in_source(tree_of(path)) - handled
        assert not missing, f"{game_id}: {path.name} draws {sorted(missing)}, which neither the game screen nor the board's tap handles"
    # widgets.py draws for the boards: its commands are the game screen's or some board's.
    every_tap = set().union(*(board_taps(other) for other in BOARDS.values()))
    assert not commands_in_source(tree_of(FRONTEND / "widgets.py")) - handled - every_tap


def test_the_tables_hold_methods_of_their_own_screens(screens):
    for name, screen in screens.items():
        for table in ("commands", "fields"):
            for key, handler in getattr(screen, table, {}).items():
                assert re.fullmatch(r"[a-z][a-z-]*", key), f"{name}.{table}: {key!r} is not a data attribute value"
                assert inspect.isfunction(handler) and handler.__qualname__.split(".")[0] in {
                    cls.__name__ for cls in screen.__mro__}, f"{name}.{table}[{key!r}] is not a method of {screen.__name__}"


# -- what each screen draws, drawn -----------------------------------------------------------------------
def finished_save(game_id: str = "thievery") -> Save:
    game = pycore.GAMES[game_id]
    state = game.new_game(seats=3, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, game.bots["novice"].choose(state.view(seat), state.legal_actions(seat), rng))
    return Save("done", game_id, Table([Seat(["Ann"]), Seat(["Ben"]), Seat(bot="sharp")]), state, 1, 2)


def test_home_and_set_up_draw_only_what_their_screens_handle(screens):
    shared = set(screens["app"].commands)
    store = SaveStore(DictStorage())
    store.put(finished_save())
    html = home_and_rules.home(BOARDS, pycore.GAMES, store.listing(), "", install="prompt") + settings.panel(settings.DEFAULTS)
    commands, fields = drawn(html)
    assert commands - set(screens["home"].commands) - shared == set()
    assert fields == set(screens["home"].fields) == {"import-file"}
    for game_id, board in BOARDS.items():
        form = setup_form.new_setup(board, pycore.GAMES[game_id])
        form["rows"][1]["kind"] = "pair" if pycore.GAMES[game_id].people_per_seat > 1 else "person"
        commands, fields = drawn(setup_form.setup_screen(board, pycore.GAMES[game_id], form))
        assert commands and commands - set(screens["setup"].commands) - shared == set(), game_id
        assert {"name", "bot"} <= fields <= set(screens["setup"].fields), game_id


def test_set_up_fields_say_their_seat_and_slot_in_attributes_of_their_own():
    board, game = BOARDS["thievery"], pycore.GAMES["thievery"]
    form = setup_form.new_setup(board, game)
    form["rows"][1]["kind"] = "pair"
    html = setup_form.setup_screen(board, game, form)
    assert 'data-field="name" data-seat="1" data-slot="1"' in html
    assert 'data-field="bot" data-seat="2"' in html
    assert re.search(r'data-field="option" data-option="\w+"', html)
    assert not re.search(r'data-field="(name|bot|option)-', html), "no field names to split"


def test_watching_back_draws_only_what_the_watch_screen_handles(screens):
    table = set(screens["watch"].commands) | set(screens["app"].commands)
    save = finished_save()
    replay = Replay(pycore.record(save.state))
    view = WatchView(replay, BOARDS["thievery"], save.table.names(), step=1)
    snippet, src = embed_snippet("https://example.org", "thievery", "x", 1)
    extras = (layout.menu("thievery", False, []) + embed_panel(snippet, src) + share_panel("link")
              + layout.overlay("Settings", settings.panel(settings.DEFAULTS), "settings-panel"))
    commands, fields = drawn(view.html() + extras)
    assert {"watch-go", "menu", "settings", "open-rules", "show-log"} <= commands
    assert commands - table == set()
    assert fields <= set(screens["watch"].fields)


@pytest.mark.parametrize("game_id", sorted(BOARDS))
def test_a_game_screen_draws_nothing_that_reaches_no_one(screens, game_id):
    """Random play, every seat's screen: each command is the game screen's, App's or the board's tap's."""
    game, board = pycore.GAMES[game_id], BOARDS[game_id]
    handled = set(screens["game"].commands) | set(screens["app"].commands) | board_taps(board)
    low, _ = game.seat_range(game.options)
    state = game.new_game(seats=low, seed=2)
    play = Play(Save("g", game_id, Table([Seat([f"P{seat}"]) for seat in range(low)]), state, 0, 0), board)
    rng = random.Random(2)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_act[0]
        play.conductor.viewer = seat
        commands = {command for command, _ in Taps(screen_page(play)).taps if command != "act"}
        assert commands - handled == set(), f"{game_id}: nothing handles {sorted(commands - handled)}"
        state.apply(seat, game.bots["novice"].choose(state.view(seat), state.legal_actions(seat), rng))


def test_a_tap_goes_to_its_screen_then_to_the_shared_table_and_an_unknown_one_is_said(screens):
    """The dispatch itself: the screen's table first, App's shared one next; a command nobody
    handles is an error in the console, naming the screen, never a silent no-op."""
    App = screens["app"]
    taps = []

    class Screen:
        def stay(self, data):
            taps.append(("screen", data))
        commands = {"stay": stay, "retry-save": stay}

    app = App.__new__(App)          # no browser: only what dispatch reads
    app.game, app.shown = None, Screen()
    from frontend.shell import dom
    with mock.patch.object(dom, "console_error") as said, \
            mock.patch.dict(App.commands, {"retry-save": lambda self, data: taps.append(("app", data)),
                                           "free-space": lambda self, data: taps.append(("app", data))}):
        app.dispatch("stay", {"seat": "1"})
        app.dispatch("retry-save", {})          # the screen's own entry wins over the shared one
        app.dispatch("free-space", {})
        assert taps == [("screen", {"seat": "1"}), ("screen", {}), ("app", {})] and not said.called
        app.dispatch("no-such-command", {})
        assert said.call_count == 1 and "no-such-command" in said.call_args[0][0] and "Screen" in said.call_args[0][0]


def test_a_field_goes_to_the_screen_on_the_page_with_its_data_and_value(screens):
    """A set-up name: its seat and slot come as data, its text as the value; a plain page's own
    input (a rules page's language switch) is not the shell's; a field the screen lacks is said."""
    App, SetupScreen = screens["app"], screens["setup"]
    from frontend.shell import dom
    app = App.__new__(App)
    setup = SetupScreen.__new__(SetupScreen)
    setup.form = setup_form.new_setup(BOARDS["thievery"], pycore.GAMES["thievery"])
    app.game, app.shown = None, setup

    def typed(field, value, **data):
        app.on_input({"data": {"field": field, **data}, "value": value})

    with mock.patch.object(dom, "console_error") as said:
        typed("name", "Ann", seat="0", slot="0")
        assert setup.form["rows"][0]["names"] == ["Ann", ""]
        typed("bot", "ruthless", seat="2")
        assert setup.form["rows"][2]["bot"] == "ruthless"
        assert not said.called
        typed("watch-round", "3")
        assert said.call_count == 1 and "watch-round" in said.call_args[0][0]
        app.shown = None
        typed("rules-language", "on", kind="radio")
        assert said.call_count == 1


def test_a_lesson_waits_for_a_bot_sentence_to_be_read_once(screens):
    """In a lesson each bot move stays up until its sentence is read; a move that logs nothing new
    (a bot's "done", a secret role) leaves the same sentence up, and the bot does not wait to read
    it again (the Master Thieves lesson spent some 20 s re-reading its bots' sentences)."""
    from frontend.shell.coach import reading_ms
    lesson_screen, game_screen = screens["lesson"], screens["game"]
    screen = object.__new__(lesson_screen)
    screen.app, screen.skipping, screen.news_read = mock.Mock(quick=False), False, None
    log, news = [], ["Nell put a fake into the top south drawer."]
    screen.play = mock.Mock(public_log=lambda: log)
    waits = []
    with mock.patch.object(game_screen, "bot_pause", return_value=450), \
            mock.patch.object(lesson_screen, "bot_news", lambda self: news[0]):
        log.append({"type": "place_fake"})
        waits.append(screen.bot_pause(1))           # her fake: read it
        waits.append(screen.bot_pause(1))           # her "done" logged nothing: read already
        log.append({"type": "open"})
        news[0] = "Nico (Goldsmith) opened the top south drawer. Nothing spilled."
        waits.append(screen.bot_pause(3))
        log.append({"type": "place_fake"})
        news[0] = "Nell put a fake into the top south drawer."
        waits.append(screen.bot_pause(3))           # the same words for a new move: read again
    fake = reading_ms("Nell put a fake into the top south drawer.")
    opened = reading_ms("Nico (Goldsmith) opened the top south drawer. Nothing spilled.")
    assert waits == [fake, 450, opened, fake] and min(fake, opened) > 450
