"""Issue 20 in CPython: watching a finished game back, taking a move back, hints, export and import,
shared links, the table's memory.  What the browser tests then drive through the screen."""
import doctest
import json
import random

import pytest

import pycore
from driver import Taps
from frontend.boards import BOARDS
from frontend.shell import saved_games, stats, transfer
from frontend.shell.watch_back import NotWatchable, Replay, WatchView
from frontend.shell.play import Play
from frontend.shell.save_store import BadSave, Save, load_text
from frontend.shell.table import Seat, Table


def finished(game_id, seats=3, seed=5):
    game = pycore.GAMES[game_id]
    state = game.new_game(seats=seats, seed=seed, options=dict(game.options))
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, game.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


def test_the_modules_examples_hold():
    for module in (transfer, stats, saved_games):
        assert doctest.testmod(module).failed == 0, module.__name__


@pytest.mark.parametrize("game_id", list(BOARDS))
def test_watch_it_back_steps_through_the_same_game(game_id):
    state = finished(game_id)
    replay = Replay(pycore.record(state))
    assert replay.length == len(state.history)
    rng = random.Random(1)
    for step in sorted({0, replay.length, *rng.sample(range(replay.length + 1), 6)}):
        again = pycore.replay(json.dumps({**json.loads(pycore.record(state)), "actions": [list(a) for a in state.history[:step]]}))
        assert replay.state_at(step).view(None) == again.view(None), f"step {step}"
    names = [f"P{seat}" for seat in range(state.seats)]
    view = WatchView(replay, BOARDS[game_id], names, step=replay.length // 2)
    html = view.html()
    assert 'data-testid="watch-controls"' in html and f"Move {replay.length // 2} of {replay.length}" in html
    taps = Taps(html).taps
    assert not [tap for tap in taps if tap[0] == "act"], "nothing on a watched board plays a move"
    assert ("watch-go", {"step": str(replay.length // 2 + 1)}) in taps
    rounds = replay.rounds()
    assert rounds == sorted(rounds) and all(replay.moments[first].round == number for number, first in rounds)


def test_only_a_finished_game_is_watched_and_a_damaged_one_says_why():
    game = pycore.GAMES["thievery"]
    with pytest.raises(NotWatchable, match="still being played"):
        Replay(pycore.record(game.new_game(seats=3, seed=1)))
    with pytest.raises(NotWatchable, match="cannot be watched back"):
        Replay('{"game": "thievery"}')


def test_a_shared_link_carries_the_game_and_a_damaged_one_is_refused():
    state = finished("guild-of-thieves", seats=4)
    payload = transfer.share_payload(pycore.record(state), ["Ann", "Ben", "Cy", "Dee"])
    record, names = transfer.read_share(payload)
    assert pycore.replay(record).view(None) == state.view(None) and names == ["Ann", "Ben", "Cy", "Dee"]
    for damaged in (payload[:-10], payload[:20], "", "A" * 500, payload.replace("A", "B", 3)):
        with pytest.raises(transfer.BadFile):
            transfer.read_share(damaged)


def saves_of(*states):
    table = Table([Seat(["Ann"]), Seat(bot="sharp"), Seat(bot="ruthless")])
    return [Save(f"g{number}", state.game.id, table, state, 1.0, 2.0) for number, state in enumerate(states)]


def test_an_export_imports_again_and_a_damaged_file_changes_nothing():
    saves = saves_of(finished("thievery"), finished("master-thieves"))
    text = transfer.export_text([save.to_json() for save in saves])
    back = transfer.read_export(text)
    assert [pycore.record(save.state) for save in back] == [pycore.record(save.state) for save in saves]
    assert transfer.import_id(back[0], {"g0", "g0-2"}) == "g0-3" and transfer.import_id(back[0], set()) == "g0"
    data = json.loads(text)
    data["saves"][1]["record"] = data["saves"][1]["record"].replace('"seed":', '"seed":1', 1)
    broken = json.dumps(data)
    with pytest.raises(transfer.BadFile, match="Game 2 of this file"):
        transfer.read_export(broken)
    for foreign in ("", "[]", '{"format": "something else"}', "x" * 100, "[" * 5000):
        with pytest.raises(transfer.BadFile):
            transfer.read_export(foreign)


def test_take_back_returns_to_the_persons_last_decision_and_replays_the_same():
    """Solo: the person's last decision is undone; the same choice again gives the same game on."""
    game = pycore.GAMES["thieves-of-eldris"]
    state = game.new_game(seats=3, seed=9, options=dict(game.options))
    table = Table([Seat(["Ann"]), Seat(bot="sharp"), Seat(bot="ruthless")])
    play = Play(Save("t", game.id, table, state, 0, 0), BOARDS[game.id])
    person_rng = random.Random(3)
    choices = []
    while len(choices) < 8 and not play.state.is_over:
        seat = play.state.to_act[0]
        if seat == 0:
            action = person_rng.choice(play.state.legal_actions(0))
            choices.append(action)
            play.act(0, action)
        else:
            play.bot_act(seat)
    before = pycore.record(play.state)
    history = list(play.state.history)
    last = max(i for i, (seat, _) in enumerate(history) if seat == 0)
    assert play.take_back() and play.save.takebacks == 1
    assert play.state.history == history[:last] and 0 in play.state.to_act, "back to Ann's decision"
    assert play.state.seed == state.seed
    play.act(0, history[last][1])
    while len(play.state.history) < len(history):
        play.bot_act(play.state.to_act[0])
    assert pycore.record(play.state) == before, "played the same way, the game goes on the same"
    text = play.save.to_json()
    assert load_text(text).takebacks == 1


@pytest.mark.parametrize("game_id", list(BOARDS))
def test_a_hint_is_ruthless_own_choice_from_the_view(game_id):
    game = pycore.GAMES[game_id]
    ruthless = game.bots["ruthless"]
    if not hasattr(ruthless, "advise"):
        pytest.skip(f"{game.title}'s Ruthless gives no reasons yet")
    state = game.new_game(seats=3, seed=4, options=dict(game.options))
    table = Table([Seat(["Ann"]), Seat(bot="sharp"), Seat(bot="novice")])
    play = Play(Save("h", game_id, table, state, 0, 0), BOARDS[game_id])
    for _ in range(6):
        while play.state.to_act and play.state.to_act[0] != 0 and not play.state.is_over:
            play.bot_act(play.state.to_act[0])
        if play.state.is_over:
            break
        play.conductor.viewer = 0
        advice = play.hint()
        assert advice["action"] in play.state.legal_actions(0)
        assert advice["why"] and advice["why"].endswith((".", "!", "?")), advice
        assert advice["action"] == ruthless.choose(play.state.view(0), play.state.legal_actions(0), play.move_rng())
        play.act(0, advice["action"])
    assert play.save.hints[0] >= 1


def test_the_table_remembers_each_game_once_per_person():
    class Storage(dict):
        def set(self, key, value):
            self[key] = value
    storage = Storage()
    outcome = {"winners": [1], "scores": {"0": 3, "1": 7, "2": 1}}
    names = ["Ann", "Ben", "Rook"]
    best = lambda seat: (outcome["scores"][str(seat)], f"{outcome['scores'][str(seat)]} coins")   # noqa: E731
    assert stats.record_game(storage, "a", "thievery", names, [0, 1], outcome, best)
    assert not stats.record_game(storage, "a", "thievery", names, [0, 1], outcome, best), "counted once"
    assert stats.record_game(storage, "b", "thievery", ["ANN", "Ben", "Rook"], [0, 1], {"winners": [0], "scores": {"0": 9, "1": 2, "2": 0}},
                             lambda seat: ([9, 2][seat], f"{[9, 2][seat]} coins"))
    table = {row["name"]: row for row in stats.rows(stats.load(storage), "thievery")}
    assert "Rook" not in table, "bots are not remembered"
    assert table["ANN"]["played"] == 2 and table["ANN"]["won"] == 1 and table["ANN"]["best"] == "9 coins"
    assert table["Ben"]["played"] == 2 and table["Ben"]["won"] == 1 and table["Ben"]["best"] == "7 coins"
    stats.reset(storage)
    assert stats.rows(stats.load(storage), "thievery") == []
    assert not stats.record_game(storage, "a", "thievery", names, [0], outcome, best), "a reset does not recount"


def test_a_damaged_save_field_of_issue_20_is_refused_or_forgotten():
    save = saves_of(finished("twelve-thieves"))[0]
    data = json.loads(save.to_json())
    assert load_text(json.dumps({**data, "hints": {"0": "x"}})).hints == {}
    with pytest.raises(BadSave, match="take-backs"):
        load_text(json.dumps({**data, "takebacks": -1}))
