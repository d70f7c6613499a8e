"""The code's structure: no module imports itself back, and a board reaches only its own game's
public names.

Every import counts, at any depth (inside a function too: a lazy import is still a loop the reader
has to hold in their head).  Nothing is imported here: the files are read with ``ast``.
"""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Each tree and the package name its files import it by.
TREES = {"pycore": ROOT / "pycore", "frontend": ROOT / "web" / "frontend"}
BOARDS = ROOT / "web" / "frontend" / "boards"

# Board files allowed an import outside their game's public names (none: keep it so).
KNOWN_BOARD_EXCEPTIONS = set()


def module_name(package: str, tree: Path, path: Path) -> str:
    """The dotted name of a file; a package's ``__init__`` is the package itself."""
    parts = [package, *path.relative_to(tree).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict:
    """{dotted name: path} of every .py under the trees."""
    found = {}
    for package, tree in TREES.items():
        for path in sorted(tree.rglob("*.py")):
            found[module_name(package, tree, path)] = path
    return found


def imports_of(name: str, path: Path, known) -> list:
    """(target, names taken) of every import in the file at any depth, relative ones resolved;
    ``from . import x`` is the submodule x when there is one."""
    is_package = path.name == "__init__.py"
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = name.split(".")
                base_parts = parts if is_package else parts[:-1]
                base_parts = base_parts[:len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module
            plain = []
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    found.append((f"{base}.{alias.name}", ()))
                else:
                    plain.append(alias.name)
            if plain or not node.names:
                found.append((base, tuple(plain)))
    return found


def import_graph() -> dict:
    """{module: set of our modules it imports}."""
    known = modules()
    return {name: {target for target, _ in imports_of(name, path, known) if target in known}
            for name, path in known.items()}


def find_cycle(graph: dict):
    """One cycle as a list of modules (first == last), or None.  Iterative depth-first search."""
    state = {}      # module -> "open" (on the current path) or "done"
    for start in sorted(graph):
        if start in state:
            continue
        path, stack = [start], [iter(sorted(graph[start]))]
        state[start] = "open"
        while stack:
            target = next(stack[-1], None)
            if target is None:
                state[path.pop()] = "done"
                stack.pop()
            elif state.get(target) == "open":
                return path[path.index(target):] + [target]
            elif target not in state:
                state[target] = "open"
                path.append(target)
                stack.append(iter(sorted(graph.get(target, ()))))
    return None


def test_the_cycle_finder_names_a_cycle_and_passes_a_tree():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"a"}}) == ["a", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_relative_imports_are_resolved_and_a_submodule_counts_as_itself(tmp_path):
    package = tmp_path / "game"
    package.mkdir()
    (package / "__init__.py").write_text("from . import words\nfrom .rules import State\n")
    (package / "rules.py").write_text("def f():\n    from .view import build\n    from .. import kit\n")
    known = {"pkg.game", "pkg.game.words", "pkg.game.rules", "pkg.game.view", "pkg.kit"}
    assert imports_of("pkg.game", package / "__init__.py", known) == [
        ("pkg.game.words", ()), ("pkg.game.rules", ("State",))]
    assert sorted(imports_of("pkg.game.rules", package / "rules.py", known)) == [
        ("pkg.game.view", ("build",)), ("pkg.kit", ())]


def test_no_module_imports_itself_back():
    graph = import_graph()
    assert len(graph) > 50 and "pycore.kit" in graph and "frontend.shell.play" in graph
    cycle = find_cycle(graph)
    assert cycle is None, "an import cycle: " + " -> ".join(cycle)


def public_names(game: str) -> set:
    """The ``__all__`` of ``pycore.<game>``, read from its ``__init__``."""
    tree = ast.parse((TREES["pycore"] / game / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise AssertionError(f"pycore.{game} has no __all__")


def test_a_board_imports_only_its_own_games_public_names():
    known = modules()
    games = sorted(path.name for path in BOARDS.iterdir() if (path / "__init__.py").exists())
    assert len(games) == 5
    wrong = []
    for game in games:
        allowed = public_names(game)
        for path in sorted((BOARDS / game).rglob("*.py")):
            name = module_name("frontend", TREES["frontend"], path)
            for target, names in imports_of(name, path, known):
                if target != "pycore" and not target.startswith("pycore."):
                    continue
                where = str(path.relative_to(BOARDS))
                if (where, target) in KNOWN_BOARD_EXCEPTIONS:
                    continue
                # pycore itself and its kit name no game; pycore.<game> only through __all__.
                if target == "pycore" or target == "pycore.kit" or target.startswith("pycore.kit."):
                    continue
                if target == f"pycore.{game}" and set(names) <= allowed:
                    continue
                wrong.append(f"{where}: {target} {sorted(set(names) - allowed) if names else ''}")
    assert not wrong, "boards reaching past their game's public names: " + "; ".join(wrong)


ENGINE_SHAPE = ("rules.py", "view.py", "words.py", "bots.py", "knowledge.py", "secrecy.py")


def test_every_engine_has_the_one_shape_and_its_secrecy_in_secrecy_py():
    """One package template for every game's engine (issue 38): the same modules, and the game's
    redeal and hidden (which the shared secrecy check uses) from its secrecy.py."""
    import pycore
    for game_id, game in pycore.GAMES.items():
        folder = ROOT / "pycore" / game_id.replace("-", "_")
        missing = [name for name in ENGINE_SHAPE if not (folder / name).exists()]
        assert not missing, f"{game_id}'s engine has no {missing}"
        secrecy = f"pycore.{folder.name}.secrecy"
        assert game.redeal.__module__ == secrecy and game.hidden.__module__ == secrecy, game_id


# The board package template (issue 38), Eldris' as the model: where each of the shell's names lives.
BOARD_SHAPE = ("board.py", "hooks.py", "draft.py", "rules_page.py", "art.py", "lesson.py", "board.css")
HOOK_HOMES = {"draw": "board", "new_draft": "draft", "tap": "draft", "hint_draft": "draft", "held_back": "draft",
              "rules_html": "rules_page", "table_rules": "rules_page", "lesson_tap": "lesson", "ART_SVG": "art",
              "LESSON": "lesson", "LESSON_PARTS": "lesson", "CORE_RULES": "lesson", "SCREEN_RULES": "rules_page"}


def misplaced(face: str, hooks) -> dict:
    """The shell's names a board's ``__init__`` (its source, ``face``) takes from another module than
    the template's: {name: the module it came from}."""
    taken = {alias.asname or alias.name: node.module for node in ast.parse(face).body
             if isinstance(node, ast.ImportFrom) for alias in node.names}
    return {name: module for name, module in taken.items()
            if name in hooks and module != HOOK_HOMES.get(name, "hooks")}


def test_every_board_has_the_one_shape_and_each_hook_in_its_module():
    """One package template for every board: the same modules, and each name the shell asks taken from
    the module the template gives it (the drawing in board.py, the draft's taps in draft.py, every
    other hook and fact in hooks.py), so a reader finds a game's summary or motion in one place."""
    from frontend.boards import HOOKS, PACKAGES
    for game_id, package in PACKAGES.items():
        folder = Path(package.__file__).parent
        missing = [name for name in BOARD_SHAPE if not (folder / name).exists()]
        assert not missing, f"{game_id}'s board has no {missing}"
        wrong = misplaced((folder / "__init__.py").read_text(), HOOKS)
        assert not wrong, f"{game_id}'s board takes {wrong} from the wrong module (the template: {HOOK_HOMES}, else hooks)"


def test_the_board_shape_check_fails_on_a_hook_taken_from_the_wrong_module():
    from frontend.boards import HOOKS
    face = "from .board import draw, summary\nfrom .hooks import tap, BLURB\nfrom .lesson import LESSON\n"
    assert misplaced(face, HOOKS) == {"summary": "board", "tap": "hooks"}
