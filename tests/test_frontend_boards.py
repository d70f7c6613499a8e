"""One screen test for every game (pycore.GAMES), in CPython, from the HTML the board draws:

* every button that plays carries an action that is legal for the seat on screen;
* every legal action of that seat can be reached by taps (through the board's draft);
* the screen drawn for a seat is the same HTML when everything it cannot see is dealt afresh
  (pycore.kit.resample), log included;
* every event seen in random games has words (game.describe).
"""
import ast
import copy
import doctest
import importlib
import inspect
import json
import pkgutil
import random
import re
import textwrap
from pathlib import Path

import pytest

import pycore
from driver import Taps
from pycore.kit import resample
from frontend.shell.play_view import page as screen_page
from frontend.boards import BOARDS, HOOKS, PACKAGES, RULE_FACTS, Board
from frontend.shell.play import Play
from frontend.shell.save_store import Save
from frontend.shell.table import Seat, Table

SHELL_TAPS = {"take-over", "interject", "rematch", "uncover"}   # handled by the shell, not the draft
MAX_DRAFTS = 300        # draft states explored per decision (sorting a row is arranged directly)


def tables(game_id):
    """The smallest table with default options, and each option on at the smallest table where
    the board offers it."""
    game, board = pycore.GAMES[game_id], BOARDS[game_id]
    low, high = game.seat_range(game.options)
    found = [(low, {})]
    for name, *_ in board.OPTION_FIELDS:
        seats = next((n for n in range(low, high + 1) if board.option_enabled(name, n, {name: True})), None)
        if seats is not None:
            found.append((seats, {name: True}))
    return found


CASES = [(game_id, seats, options) for game_id in sorted(pycore.GAMES) for seats, options in tables(game_id)]


def new_play(state):
    table = Table([Seat([f"P{seat}"]) for seat in range(state.seats)])
    return Play(Save("t", state.game.id, table, state, 0, 0), BOARDS[state.game.id])


def screen(play, seat, draft=None) -> str:
    play.conductor.viewer = seat
    play.draft = copy.deepcopy(draft) if draft is not None else play.board.new_draft()
    return screen_page(play)


def key(action) -> str:
    return json.dumps(action, sort_keys=True)


def reachable(play, seat) -> dict:
    """Every action the board offers the seat, over the drafts its taps lead to."""
    legal = {key(action) for action in play.state.legal_actions(seat)}
    found = {}
    start = play.board.new_draft()
    seen = {key(start)}
    queue = [start]
    while queue and len(seen) <= MAX_DRAFTS:
        draft = queue.pop()
        for command, data in Taps(screen(play, seat, draft)).taps:
            if command == "act":
                assert key(data) in legal, f"a button sends {data}, which is not legal for seat {seat}"
                found[key(data)] = data
                continue
            if command in SHELL_TAPS or command == "sort-tap":
                continue
            play.draft = copy.deepcopy(draft)
            play.tap(command, data)
            after = key(play.draft)
            if after not in seen:
                seen.add(after)
                queue.append(play.draft)
    for action in play.state.legal_actions(seat):
        if key(action) not in found:
            arranged = arrange(play, seat, action)
            if arranged:
                found[key(arranged)] = arranged
    return found


def arrange(play, seat, action):
    """A row to sort: tap the cards into the order a list field of the action names, then look for
    the button carrying it."""
    html = screen(play, seat)
    items = [int(data["item"]) for command, data in Taps(html).taps if command == "sort-tap"]
    wanted = next((value for value in action.values() if isinstance(value, list) and sorted(value) == sorted(items)), None)
    if wanted is None:
        return None
    for place, item in enumerate(wanted):
        current = [int(data["item"]) for command, data in Taps(screen_page(play)).taps if command == "sort-tap"]
        if current[place] != item:
            play.tap("sort-tap", {"place": str(current.index(item))})
            play.tap("sort-tap", {"place": str(place)})
    acts = [data for command, data in Taps(screen_page(play)).taps if command == "act"]
    return action if action in acts else None


def words(game, view, names):
    for event in view["log"]:
        line = game.describe(event, names)
        assert isinstance(line, str) and line.strip(), f"no words for {event}"


# The test run looks at the screens closely for a game's first 50 steps, then now and then (a long
# game's screens cost much); the soak (python build.py bench --only soak) walks more games closely
# all the way.
CLOSELY_UNTIL = 50


def walk_the_screens(game_id, seats, options, seed, closely_until=CLOSELY_UNTIL) -> set:
    """One random game, its screens read every 7 steps (every 35 after ``closely_until``): each
    seat to act and one other reach exactly its legal actions by taps, and its screen is the same
    on a resampled game (it shows nothing the seat cannot see); every event has words.  Returns the
    kinds of action the screens offered."""
    game = pycore.GAMES[game_id]
    state = game.new_game(seats=seats, seed=seed, options=options)
    rng = random.Random(seed)
    names = [f"P{seat}" for seat in range(seats)]
    kinds = set()
    for step in range(600):
        if state.is_over:
            break
        if step % 7 == 0 and (closely_until is None or step < closely_until or step % 35 == 0):
            play = new_play(state)
            acting = list(state.to_act)
            others = [seat for seat in range(seats) if seat not in acting]
            for seat in acting[:2] + others[:1]:
                found = reachable(play, seat)
                assert sorted(found) == sorted(key(a) for a in state.legal_actions(seat)), f"seat {seat}"
                kinds |= {action["type"] for action in found.values()}
                html = screen(play, seat)
                again = resample(state, seat, random.Random(step))
                assert screen(new_play(again), seat) == html, f"seat {seat}'s screen shows something it cannot see"
            words(game, state.view(None), names)
        seat = rng.choice(state.to_act)
        for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
            assert game.describe(event, names).strip(), event
    for seat in [None, *range(seats)]:
        words(game, state.view(seat), names)
    return kinds


@pytest.mark.parametrize("game_id,seats,options", CASES, ids=lambda v: str(v))
def test_boards_offer_exactly_the_legal_actions_and_keep_secrets(game_id, seats, options):
    kinds = walk_the_screens(game_id, seats, options, seed=seats)
    assert len(kinds) >= 2, kinds


@pytest.mark.parametrize("game_id", sorted(BOARDS))
def test_home_tile_tells_the_seat_range_once(game_id):
    """The home tile adds "2–4 players" after the blurb; a blurb that says it too reads twice."""
    board, game = BOARDS[game_id], pycore.GAMES[game_id]
    low, high = game.seat_range(game.options)
    assert f"{low}–{high}" not in board.BLURB


# -- the hooks: every board answers each, and writes only what differs from the default ------------
def body_of(function: ast.FunctionDef) -> str:
    """A function's body without its docstring, ``self.X`` read as ``X`` (a default reads the
    board's facts through ``self``), as comparable text."""
    body = function.body[1:] if ast.get_docstring(function) is not None else function.body

    class Unself(ast.NodeTransformer):
        def visit_Attribute(self, node):
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                return ast.copy_location(ast.Name(node.attr, ast.Load()), node)
            return self.generic_visit(node)
    return ast.dump(Unself().visit(ast.Module(body=body, type_ignores=[])))


def test_every_board_answers_every_hook():
    for game_id, board in BOARDS.items():
        missing = [name for name in HOOKS if not hasattr(board, name)]
        assert not missing, f"{game_id} lacks {missing}"
        for name in HOOKS:
            assert callable(getattr(board, name)) == name.islower(), f"{game_id}.{name}"


def test_no_board_restates_a_default():
    defaults = {name: body_of(ast.parse(textwrap.dedent(inspect.getsource(member))).body[0])
                for name, member in vars(Board).items() if name in HOOKS and inspect.isfunction(member)}
    facts = {name: value for name, value in vars(Board).items() if name.isupper()}
    assert len(defaults) >= 14 and facts, (defaults, facts)
    for game_id, package in PACKAGES.items():
        for path in sorted(Path(package.__file__).parent.glob("*.py")):
            for node in ast.parse(path.read_text()).body:
                if isinstance(node, ast.FunctionDef) and node.name in defaults:
                    assert body_of(node) != defaults[node.name], f"{path.name}: {node.name} is the default"
        for name, value in facts.items():
            assert getattr(package, name, None) != value, f"{game_id} restates the default {name}"


def test_a_board_exports_only_what_the_shell_asks_and_every_hook_it_writes():
    """A hook counts only if the package's face exports it: a misspelt one (``sumary``) would
    silently be the default, and one written in a module but not exported would never be asked."""
    for game_id, package in PACKAGES.items():
        public = {name for name, value in vars(package).items() if not name.startswith("_") and type(value) is not type(package)}
        assert public <= set(HOOKS) | set(RULE_FACTS), f"{game_id} exports {sorted(public - set(HOOKS) - set(RULE_FACTS))}"
        assert "TABLE_RULES" in public, f"{game_id}'s board has no TABLE_RULES"
        for path in sorted(Path(package.__file__).parent.glob("*.py")):
            module = importlib.import_module(f"{package.__name__}.{path.stem}") if path.stem != "__init__" else package
            for node in ast.parse(path.read_text()).body:
                names = [node.name] if isinstance(node, ast.FunctionDef) else \
                    [target.id for target in getattr(node, "targets", []) if isinstance(target, ast.Name)]
                for name in names:
                    if name in HOOKS:
                        assert getattr(package, name, None) is getattr(module, name), \
                            f"{game_id}: {path.name} writes the hook {name}, which the package does not export"


# -- the examples in the boards' docstrings (pytest's --doctest-modules reads only tests/ and pycore/)
def board_modules() -> list:
    found = []
    for package in PACKAGES.values():
        found.append(package)
        found += [importlib.import_module(f"{package.__name__}.{info.name}") for info in pkgutil.iter_modules(package.__path__)]
    return found


def test_the_boards_examples_hold():
    results = {module.__name__.rsplit("boards.", 1)[1]: doctest.testmod(module) for module in board_modules()}
    assert {name: result.failed for name, result in results.items() if result.failed} == {}
    assert results["master_thieves.opening"].attempted >= 2, "the opening's example runs"


def test_a_board_takes_only_its_games_public_names():
    """From pycore a board imports only what its game's package names in ``__all__`` (the shared
    words come through frontend.markup)."""
    for game_id, package in PACKAGES.items():
        engine = importlib.import_module(f"pycore.{package.__name__.rsplit('.', 1)[1]}")
        for path in sorted(Path(package.__file__).parent.glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                modules = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                           else [alias.name for alias in node.names] if isinstance(node, ast.Import) else [])
                for module in modules:
                    if module.split(".")[0] != "pycore":
                        continue
                    assert module == engine.__name__ and isinstance(node, ast.ImportFrom), f"{path.name} imports {module}"
                    hidden = [alias.name for alias in node.names if alias.name not in engine.__all__]
                    assert not hidden, f"{path.name} takes {hidden}, not in {module}.__all__"


def test_no_board_package_imports_in_a_cycle():
    """A board's modules stand in layers (board.py draws the regions from the rest): none imports,
    through others, itself."""
    for package in PACKAGES.values():
        folder = Path(package.__file__).parent
        imports = {}
        for path in folder.glob("*.py"):
            tree = ast.parse(path.read_text())
            imports[path.stem] = {alias.name if node.module is None else node.module
                                  for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level == 1
                                  for alias in node.names}

        def reaches(start, module, seen=()):
            return any(after == start or (after not in seen and reaches(start, after, (*seen, after)))
                       for after in imports.get(module, ()))
        assert not [module for module in imports if reaches(module, module)], package.__name__


@pytest.mark.parametrize("game_id", list(BOARDS))
def test_a_hint_names_people_as_the_board_does(game_id):
    """Issue 24: 'a hint says "Hand 2" where the board says "Sly"'. The bots name seats by number
    (Eldris and 12 Thieves say "player 2", Thievery "hand 2"); every board's hint says the name."""
    board, names = BOARDS[game_id], ["Ann", "Sly", "Rook"]
    said = {"thievery": "Guess hand 2's 4th card"}.get(game_id, "Accuse player 2 of being the Bard")
    words = board.hint_words(said, names, 0)
    assert "Sly" in words and " 2" not in words, words
    # Real advice, put through the hook, never keeps a seat's number where a name belongs.
    game, rng = pycore.GAMES[game_id], random.Random(3)
    state = game.new_game(seats=3, seed=3, options=dict(game.options))
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_act[0]
        advice = game.bots["ruthless"].advise(state.view(seat), state.legal_actions(seat), rng)
        words = board.hint_words(advice["why"], names, seat)
        assert not re.search(r"\b([Pp]layer|[Hh]and) [1-9]\b", words), words
        state.apply(seat, advice["action"])


@pytest.mark.parametrize("game_id", list(BOARDS))
def test_the_news_strip_line_fits_its_two_lines(game_id):
    """Lesson round: 'the strip cuts a long bot-run line ("Sid hit 10 (your 8th: a queen; your 2nd:
    …") at 390 and 844 wide'. Every line the recap says over whole bot games becomes a strip line of
    at most two lines' length, never ending inside an unclosed bracket; the whole line stays in the
    recap the strip opens."""
    from frontend.shell.layout import STRIP_CHARS, headline_of
    game, board = pycore.GAMES[game_id], BOARDS[game_id]
    names = ["Annabelle", "Sylvester", "Roderick", "Dominique"]
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(seats=4, seed=seed, options=dict(game.options))
        for _ in range(400):
            if state.is_over:
                break
            seat = state.to_act[0]
            state.apply(seat, game.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
        for seat in range(4):
            for line in board.recap(state.view(seat)["log"], names, seat):
                strip = headline_of(line)
                assert len(strip) <= STRIP_CHARS, (line, strip)
                assert strip.count("(") == strip.count(")"), (line, strip)
                assert line.startswith(strip.removesuffix(" …)").removesuffix(" …")), (line, strip)


@pytest.mark.parametrize("game_id", sorted(BOARDS))
def test_the_bar_says_your_turn_to_a_person_alone_with_bots_and_names_people_at_a_hot_seat_table(game_id):
    """The bar speaks to a person alone with bots ("your turn", never "Ana's turn": the real game
    after a lesson seats "You", who must not read "You's turn"); at a hot-seat table it names who
    is to hold the device."""
    from frontend.shell.play_view import GameView
    game = pycore.GAMES[game_id]
    seats = max(2, game.seat_range(game.options)[0])
    said = {}
    for people, person in ((1, "You"), (seats, "Ana")):
        table = Table([Seat([person])] + [Seat([f"P{seat}"]) if seat < people else Seat(bot="novice")
                                          for seat in range(1, seats)])
        options = {**game.options, "bots": list(range(people, seats))} if "bots" in game.options else None
        state = game.new_game(seats=seats, seed=3, options=options)
        play = Play(Save("t", game_id, table, state, 0, 0), BOARDS[game_id])
        rng, said[person] = random.Random(3), []
        for _ in range(150):            # the bar at every moment the person acts
            if state.is_over:
                break
            if 0 in state.to_act:
                play.conductor.viewer = 0
                said[person].append(GameView(play.save, play.board, play=play).compose().status)
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert said["You"] and not any("You's" in status for status in said["You"]), said["You"]
    assert not any("your turn" in status for status in said["Ana"]), said["Ana"]
    # Where the bar names whose turn at a hot-seat table, it says "your turn" to a person alone.
    assert any("Ana's turn" in status for status in said["Ana"]) == any("your turn" in status for status in said["You"])
