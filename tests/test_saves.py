"""The save store in CPython: storage that fills up, a second tab writing the same game, the index
the home screen reads, and every damaged shape a save has been seen in (issue 12)."""
import json

import pytest

import pycore
from frontend.shell import save_store
from frontend.shell.saved_games import play_href
from frontend.shell.save_store import (INDEX_PREFIX, KEEP_FINISHED, MAX_SAVE_CHARS, PREFIX, BadSave, Entry, Save,
                            SaveConflict, SaveStore, StorageFull)
from frontend.shell.table import Seat, Table


class QuotaStorage(dict):
    """localStorage as the browser keeps it: a quota in characters, and a write over it refused."""

    def __init__(self, quota=10**9):
        super().__init__()
        self.quota = quota

    def used(self, without=None):
        return sum(len(key) + len(value) for key, value in self.items() if key != without)

    def set(self, key, value):
        if self.used(without=key) + len(key) + len(value) > self.quota:
            raise StorageFull("Storage is full.")
        self[key] = value

    def remove(self, key):
        self.pop(key, None)


def new_save(save_id="g1", seed=2, finished=False, updated=1.0):
    state = pycore.GAMES["thievery"].new_game(seats=3, seed=seed, options={"bots": [1, 2]})
    if finished:
        play_out(state)
    table = Table([Seat(["Ana"]), Seat(bot="novice"), Seat(bot="sharp")])
    return Save(save_id, "thievery", table, state, updated, updated)


def play_out(state, moves=10**6):
    for _ in range(moves):
        if state.is_over:
            return
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])


def one_move(save):
    seat = save.state.to_act[0]
    save.state.apply(seat, save.state.legal_actions(seat)[0])


def actions_stored(storage, save_id):
    return len(json.loads(json.loads(storage[PREFIX + save_id])["record"])["actions"])


# -- storage that fills up ----------------------------------------------------------------------
def test_a_full_storage_refuses_the_write_and_keeps_what_was_stored():
    storage = QuotaStorage()
    store = SaveStore(storage)
    save = new_save()
    store.put(save)
    before = dict(storage)
    storage.quota = storage.used() + 5          # the next, longer record will not fit
    one_move(save)
    with pytest.raises(StorageFull):
        store.put(save)
    assert dict(storage) == before, "a refused write changed what was stored"
    assert save.revision == 1, "the save claims a revision that was not stored"
    assert store.load("g1").state.history == [], "the move that was not saved came back on loading"


def test_when_the_index_entry_does_not_fit_the_save_is_put_back():
    storage = QuotaStorage()
    store = SaveStore(storage, summarize=lambda save: "a longer summary " * 20 * len(save.state.history))
    save = new_save()
    store.put(save)
    before = dict(storage)
    one_move(save)
    text = save.to_json(revision=2)
    # Room for the longer save text but not for its index entry beside it.
    storage.quota = storage.used() - len(storage[PREFIX + "g1"]) + len(text) + 10
    with pytest.raises(StorageFull):
        store.put(save)
    assert dict(storage) == before


def test_freeing_space_deletes_finished_games_only_and_says_how_much():
    storage = QuotaStorage()
    store = SaveStore(storage)
    for number in range(3):
        store.put(new_save(f"done{number}", seed=number, finished=True, updated=number))
    store.put(new_save("going", seed=9))
    count, freed = store.remove_finished()
    assert count == 3 and freed > 0
    assert [save_id for save_id, _ in store.listing().entries] == ["going"]
    assert not [key for key in storage if "done" in key], "an index entry outlived its save"


def test_finished_games_beyond_the_kept_number_go_oldest_first():
    store = SaveStore(QuotaStorage())
    for number in range(KEEP_FINISHED + 3):
        store.put(new_save(f"done{number}", seed=number % 4, finished=True, updated=number))
    assert len(store.listing().finished) == KEEP_FINISHED + 3
    assert store.remove_finished(keep=KEEP_FINISHED)[0] == 3
    kept = {entry.id for entry in store.listing().finished}
    assert kept == {f"done{number}" for number in range(3, KEEP_FINISHED + 3)}


# -- a second writer ------------------------------------------------------------------------------
def test_a_tab_with_an_older_copy_cannot_write_over_a_newer_one():
    storage = QuotaStorage()
    first = SaveStore(storage)
    save = new_save()
    first.put(save)
    tab_a, tab_b = first.load("g1"), SaveStore(storage).load("g1")
    for _ in range(3):
        one_move(tab_b)
        SaveStore(storage).put(tab_b)
    assert actions_stored(storage, "g1") == 3
    one_move(tab_a)                       # the stale tab moves on its older position
    with pytest.raises(SaveConflict) as refused:
        first.put(tab_a)
    assert "another tab" in str(refused.value)
    assert actions_stored(storage, "g1") == 3, "an older record replaced a newer one"
    fresh = first.load("g1")              # brought up to date, this tab may write again
    assert fresh.revision == tab_b.revision == 4
    one_move(fresh)
    first.put(fresh)
    assert actions_stored(storage, "g1") == 4


def test_a_game_deleted_in_another_tab_is_not_brought_back():
    storage = QuotaStorage()
    store = SaveStore(storage)
    save = new_save()
    store.put(save)
    SaveStore(storage).remove("g1")
    one_move(save)
    with pytest.raises(SaveConflict):
        store.put(save)
    assert not storage


# -- the index: home without replaying -------------------------------------------------------------
def test_home_lists_from_the_index_without_replaying(monkeypatch):
    store = SaveStore(QuotaStorage(), summarize=lambda save: f"{len(save.state.history)} moves")
    store.put(new_save("a", updated=1))
    store.put(new_save("b", updated=3, finished=True))
    store.put(new_save("c", updated=2))

    def no_replay(text):
        raise AssertionError("listing replayed a record")
    monkeypatch.setattr(save_store.pycore, "replay", no_replay)
    listing = store.listing()
    assert [save_id for save_id, _ in listing.entries] == ["c", "a", "b"]    # in progress first, newest first
    entry = dict(listing.entries)["a"]
    assert entry.names == ["Ana", "Nell", "Sly"] and entry.summary == "0 moves" and not entry.finished
    assert [e.id for e in listing.finished] == ["b"]
    assert listing.used_bytes >= 2 * sum(len(value) for key, value in store.storage.items() if key.startswith(PREFIX))


def test_a_save_with_no_or_a_stale_entry_is_read_once_and_indexed():
    storage = QuotaStorage()
    store = SaveStore(storage)
    save = new_save()
    store.put(save)
    one_move(save)
    storage[PREFIX + "g1"] = save.to_json(revision=2)     # written by something that kept no index
    entry = dict(store.listing().entries)["g1"]
    assert entry.revision == 2 and entry.size == len(storage[PREFIX + "g1"])
    del storage[INDEX_PREFIX + "g1"]
    storage[INDEX_PREFIX + "orphan"] = "{}"
    assert isinstance(dict(store.listing().entries)["g1"], Entry)
    assert INDEX_PREFIX + "g1" in storage and INDEX_PREFIX + "orphan" not in storage


# -- damaged saves: listed with a reason, never an exception past BadSave ----------------------------
def good_data():
    return json.loads(new_save("x").to_json())


def damaged(**changes):
    data = good_data()
    for key, value in changes.items():
        if value is KeyError:
            data.pop(key)
        else:
            data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize("text,reason", [
    (damaged(table=[1, 2, 3]), "who sits"),
    (damaged(table={"a": 1}), "who sits"),
    (damaged(table=[{"people": "Ana"}, {"bot": "novice"}, {"bot": "sharp"}]), "damaged"),
    (damaged(id=KeyError), "which game"),
    (damaged(id=7), "which game"),
    (damaged(created="yesterday"), "time"),
    (damaged(updated=None), "time"),
    (damaged(revision="3"), "revision"),
    (damaged(record=[1]), "not text"),
    (damaged(record="[" * 100_000), "nests too deep"),
    (damaged(record='{"game": "thievery"}'), "replayed"),
    (damaged(game="chess"), "does not match"),
    ("[" * 100_000, "nests too deep"),
    ("{" * 50_000 + "}" * 50_000, "nests too deep"),
    ("[1, 2]", "not written by this version"),
    ("null", "not written by this version"),
    ('{"format": 1, "id": "x", "table": [], "record": 5e999}', "not text"),
])
def test_every_damaged_shape_is_a_bad_save(text, reason):
    with pytest.raises(BadSave) as error:
        save_store.load_text(text, "x")
    assert reason in str(error.value)


def test_oversize_text_is_refused_before_it_is_parsed(monkeypatch):
    def no_parse(text):
        raise AssertionError("an oversize save was parsed")
    monkeypatch.setattr(save_store.json, "loads", no_parse)
    with pytest.raises(BadSave) as error:
        save_store.load_text('"' + "x" * MAX_SAVE_CHARS + '"', "x")
    assert "characters long" in str(error.value)


def test_nesting_is_counted_outside_strings():
    assert save_store.nesting('{"a": [[1], "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]}') == 3
    assert save_store.nesting('"\\"[[[["') == 0
    assert save_store.nesting(new_save().to_json()) <= save_store.MAX_NESTING


def test_damaged_saves_are_listed_beside_good_ones_and_can_be_deleted():
    storage = QuotaStorage()
    store = SaveStore(storage)
    store.put(new_save("good"))
    for number, text in enumerate([damaged(table=[1, 2, 3]), damaged(id=KeyError), damaged(created="yesterday"),
                                   "[" * 100_000, "x" * (MAX_SAVE_CHARS + 1)]):
        storage[PREFIX + f"bad{number}"] = text
    found = dict(store.listing().entries)
    assert isinstance(found["good"], Entry)
    assert all(isinstance(found[f"bad{n}"], BadSave) for n in range(5))
    for number in range(5):
        store.remove(f"bad{number}")
    assert list(dict(store.listing().entries)) == ["good"]


def test_a_save_holding_another_games_id_is_refused_and_not_written_over():
    storage = QuotaStorage()
    store = SaveStore(storage)
    store.put(new_save("mine", seed=1))
    storage[PREFIX + "intruder"] = storage[PREFIX + "mine"]   # stored under one key, "mine" inside
    with pytest.raises(BadSave) as error:
        store.load("intruder")
    assert "stored as “intruder” but holds the game “mine”" in str(error.value)
    assert isinstance(dict(store.listing().entries)["intruder"], BadSave)


@pytest.mark.parametrize("save_id", ["Ana's game", "partie de José", "ünïcødé / slash?#", "百 game"])
def test_odd_characters_in_save_names_survive_storage_and_the_url(save_id):
    from urllib.parse import unquote
    store = SaveStore(QuotaStorage())
    store.put(new_save(save_id))
    assert store.load(save_id).id == save_id
    assert [sid for sid, _ in store.listing().entries] == [save_id]
    href = play_href(save_id)
    assert " " not in href and href.count("/") == 2
    assert unquote(href.split("/")[2]) == save_id        # as app.route reads it back


def test_saves_from_before_revisions_load_as_revision_zero():
    data = good_data()
    del data["revision"]
    save = save_store.load_text(json.dumps(data), "x")
    assert save.revision == 0
