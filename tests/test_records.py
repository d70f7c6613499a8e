"""Every record the app reads from storage goes through one bounded, checked reader (issue 37): a
damaged one, of any kind, is set aside and said so, never fatal.  In CPython: the settings, the
table's tallies and a lesson's place, each as deep as a bomb, too long, unreadable, or of the wrong
shape; the browser test (test_app_safety.py) meets the same in Pyodide, where a deep record was a
fatal stack overflow at every launch."""
import json

import pytest

import pycore
from frontend.boards import BOARDS
from frontend.shell import lesson as lessons
from frontend.shell import home_and_rules, records, settings, stats


class DictStorage(dict):
    def set(self, key, value):
        self[key] = value

    def remove(self, key):
        self.pop(key, None)


@pytest.fixture(autouse=True)
def nothing_told_before():
    records.told()
    yield
    records.told()


BOMBS = {
    "a bracket bomb": "[" * 100_000,
    "a closed bracket bomb": "[" * 50_000 + "]" * 50_000,
    "a brace bomb": '{"a":' * 30_000 + "1" + "}" * 30_000,
    "ten megabytes": '"' + "x" * 10_000_000 + '"',
    "no JSON": "{not json",
}
LESSON_KEY = lessons.KEY_PREFIX + "thievery"


def read_lesson(storage):
    return lessons.read_progress(storage, "thievery")


READERS = {
    settings.KEY: (lambda storage: settings.load(storage), settings.DEFAULTS),
    stats.KEY: (lambda storage: stats.load(storage), {"games": {}, "counted": []}),
    LESSON_KEY: (read_lesson, None),
}


@pytest.mark.parametrize("bomb", BOMBS)
@pytest.mark.parametrize("key", READERS)
def test_a_damaged_record_of_any_kind_is_set_aside_and_said_so(key, bomb):
    storage = DictStorage({key: BOMBS[bomb], "thieves-table:save:x": "kept"})
    read, fresh = READERS[key]
    assert read(storage) == fresh
    assert key not in storage, "the damaged record is left to break the next launch"
    assert storage == {"thieves-table:save:x": "kept"}, "a damaged record took something else with it"
    said = records.told()
    assert len(said) == 1 and "could not be read" in said[0], said
    assert read(storage) == fresh and records.told() == [], "said twice"


def test_the_reader_parses_nothing_past_its_bounds(monkeypatch):
    """The bounds come first: a record over its length is never parsed, nor is one that nests too
    deep (parsing deep text recurses: in Pyodide, past the stack)."""
    def no_parse(*args, **kwargs):
        raise AssertionError("a record past its bounds was parsed")
    monkeypatch.setattr(records.json, "loads", no_parse)
    kind = records.Kind("settings", "Your settings", "they are back to their defaults", max_chars=100, max_nesting=3,
                        check=lambda data, damaged: data)
    storage = DictStorage({"a": "[" * 50 + "]" * 50, "b": '"' + "x" * 200 + '"'})
    assert records.read(storage, "a", kind, default=dict) == {}
    assert records.read(storage, "b", kind, default=dict) == {}
    said = records.told()
    assert "nests too deep" in said[0] and "characters long" in said[1]


@pytest.mark.parametrize("stored", [
    {"games": {"thievery": 5}},
    {"games": {"thievery": {"ann": {"name": "Ann", "played": 3, "won": "two", "best": "x", "best_value": 1}}}},
    {"games": {"thievery": {"ann": {"name": "Ann", "played": 3, "won": 9, "best": None, "best_value": None}}}},
    {"games": {"thievery": {"ann": {"name": ["Ann"], "played": 3, "won": 1}}}},
    {"games": {"thievery": {"ann": {"name": "Ann", "played": 3, "won": 1, "best_value": "7 points"}}}},
    {"games": {"thievery": {"ann": {"name": "Ann", "played": True, "won": 1}}}},
    {"games": [], "counted": 5},
    {"games": {}, "counted": 5},
    {"games": {"thievery": {}}, "counted": [1, "g1", None]},
    {"games": {"thievery": {"ann": {"name": "Ann", "played": 1e308 * 10, "won": 0}}}},
    [1, 2],
])
def test_tallies_of_the_wrong_shape_never_stop_home_or_new_game(stored):
    """Defect 3: a tally of the wrong shape showed "Something went wrong" on home and New game at
    every launch.  Its damaged parts are set aside (said so), the rest kept, and a game still counts."""
    storage = DictStorage({stats.KEY: json.dumps(stored)})
    data = stats.load(storage)
    assert records.told(), "a damaged tally was not said"
    for game_id in BOARDS:
        for row in stats.rows(data, game_id):
            assert isinstance(row["name"], str) and type(row["played"]) is int and type(row["won"]) is int
            assert 0 <= row["won"] <= row["played"]
    assert isinstance(data["games"], dict)         # what New game reads of it
    home_and_rules.remembered(pycore.GAMES, data)  # what home draws of it
    assert stats.record_game(storage, "g2", "thievery", ["Ann", "Rook"], [0], {"winners": [0]},
                             lambda seat: (-2, "2 cards left hidden"))
    assert [(row["name"], row["won"]) for row in stats.rows(stats.load(storage), "thievery")][0][0] == "Ann"
    assert records.told() == [], "the record written back is whole again"


def test_a_tally_keeps_its_good_rows_when_one_is_damaged():
    good = {"name": "Bea", "played": 4, "won": 2, "best": "3 chests", "best_value": 3}
    storage = DictStorage({stats.KEY: json.dumps({"games": {"thievery": {"bea": good, "ann": {"won": "x"}},
                                                            "guild-of-thieves": 7},
                                                  "counted": ["g1", 3]})})
    data = stats.load(storage)
    assert stats.rows(data, "thievery") == [good] and data["counted"] == ["g1"]
    said = records.told()
    assert len(said) == 1 and said[0].startswith("Part of the table's tallies"), said
    assert json.loads(storage[stats.KEY])["games"] == {"thievery": {"bea": good}}, "the whole part is not written back"


def test_settings_of_the_wrong_type_are_the_defaults_and_said_so():
    storage = DictStorage({settings.KEY: json.dumps({"bot_speed": "warp", "sound": True, "vibrate": "yes",
                                                    "auto_hints": ["thievery", 7], "future_setting": 1})})
    loaded = settings.load(storage)
    assert loaded == {**settings.DEFAULTS, "sound": True, "auto_hints": ["thievery"]}
    assert len(records.told()) == 1
    # Missing settings (an older version's record) and unknown ones (a newer one's) are no damage.
    storage = DictStorage({settings.KEY: json.dumps({"sound": True, "future_setting": 1})})
    assert settings.load(storage) == {**settings.DEFAULTS, "sound": True} and records.told() == []


def test_a_lesson_record_that_no_longer_fits_starts_the_lesson_again_and_says_so():
    lesson = lessons.lesson_of(BOARDS["thievery"], "thievery")
    storage = DictStorage({LESSON_KEY: json.dumps({"v": 1, "step": 2, "landed": True, "marks": [0, 1, 2],
                                                   "done": False, "history": [[0, {"type": "no-such-move"}]]})})
    assert read_lesson(storage) is not None             # readable: its moves are checked as they replay
    play, progress = lessons.resume(lesson, BOARDS["thievery"], storage)
    assert progress is None and play.state.history == []
    assert LESSON_KEY not in storage and len(records.told()) == 1
    for shape in ({"v": 1, "step": "2"}, {"v": 1, "step": -1, "landed": False, "marks": [], "history": []},
                  {"v": 1, "step": 0, "landed": False, "marks": [0], "history": [[0, 1]]}, {"v": 2}):
        storage = DictStorage({LESSON_KEY: json.dumps(shape)})
        assert read_lesson(storage) is None and len(records.told()) == 1, shape
