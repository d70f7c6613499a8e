"""The frontend's pure Python, in CPython: names, saves, hand-overs, a turn by taps.  What every
board must do (legal taps, secrecy, words) is tested for every game in test_frontend_boards.py."""
import json

import pytest

import pycore
from driver import Taps
from frontend.shell.play_view import page as screen_page
from frontend.shell import setup_form
from frontend.shell.watch_back import Replay
from frontend.boards import BOARDS
from frontend.shell.play import Play
from frontend.shell.save_store import BadSave, Entry, Save, SaveStore
from frontend.shell.table import Conductor, Seat, Table, check_name


class DictStorage(dict):
    def set(self, key, value):
        self[key] = value

    def remove(self, key):
        self.pop(key, None)


def test_names_are_one_to_twenty_characters():
    assert check_name("  Ana  ") == "Ana"
    assert check_name("x" * 20) == "x" * 20
    for bad in ("", "   ", "x" * 21, None):
        with pytest.raises(ValueError) as error:
            check_name(bad)
        assert "character" in str(error.value)


def test_seats_hold_one_or_two_people_or_a_bot():
    Seat.from_json({"people": ["Ana", "Ben"], "bot": None})
    for bad in ({"people": [], "bot": None}, {"people": ["A", "B", "C"], "bot": None},
                {"people": ["Ana"], "bot": "sharp"}, {"people": [], "bot": "genius"}):
        with pytest.raises(ValueError):
            Seat.from_json(bad)


def test_bots_get_distinct_names():
    table = Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(bot="sharp"), Seat(bot="novice")])
    names = table.names()
    assert len(set(names)) == 4 and names[0] == "Ana"
    assert table.kind(1) == "Sharp bot" and table.kind(0) == ""
    # The largest table, every bot of one level, and people who took bots' names: all different.
    for level in ("novice", "sharp", "ruthless"):
        big = Table([Seat(["Sly"]), Seat(["nell"])] + [Seat(bot=level)] * 30)
        names = big.names()
        assert len({name.casefold() for name in names}) == 32, names
        assert all(name[0] == level[0].upper() and " " not in name for name in names[2:])


def test_saves_round_trip_and_a_bad_one_stays_apart():
    store = SaveStore(DictStorage())
    state = pycore.GAMES["thievery"].new_game(seats=3, seed=2, options={"bots": [1, 2]})
    table = Table([Seat(["Ana"]), Seat(bot="novice"), Seat(bot="sharp")])
    store.put(Save("one", "thievery", table, state, 1, 2))
    store.storage.set("thieves-table:save:two", "{broken")
    store.storage.set("thieves-table:save:three", json.dumps({"format": 99}))
    store.storage.set("unrelated", "x")
    found = dict(store.listing().entries)
    assert isinstance(found["one"], Entry) and store.load("one").state.view(None) == state.view(None)
    assert isinstance(found["two"], BadSave) and "damaged" in str(found["two"])
    assert isinstance(found["three"], BadSave) and "version" in str(found["three"])
    with pytest.raises(BadSave):
        store.load("missing")
    store.remove("two")
    assert "two" not in dict(store.listing().entries)


class Step:
    def __init__(self, state):
        self.state = state


def test_hand_overs_cover_only_between_people():
    game = pycore.GAMES["thievery"]
    solo = Table([Seat(["Ana"]), Seat(bot="novice"), Seat(bot="novice")])
    conductor = Conductor(solo, BOARDS["thievery"].shows_secrets)
    state = game.new_game(seats=3, seed=1, options={"bots": [1, 2]})
    step = conductor.next_step(state)
    assert step.kind == "bot" and conductor.viewer == 0    # solo: your own cards stay in view
    hot = Table([Seat(["Ana"]), Seat(["Ben"]), Seat(bot="novice")])
    conductor = Conductor(hot, BOARDS["thievery"].shows_secrets)
    state = game.new_game(seats=3, seed=1, options={"bots": [2]})
    assert conductor.next_step(state).kind == "bot" and conductor.viewer is None
    state.apply(2, state.legal_actions(2)[0])
    step = conductor.next_step(state)
    assert step.kind == "cover" and step.seat == 0 and conductor.viewer is None
    conductor.uncover(0)
    assert conductor.next_step(state).kind == "person"
    state.apply(0, state.legal_actions(0)[0])
    step = conductor.next_step(state)
    assert step.kind == "cover" and step.seat == 1 and conductor.viewer is None
    assert conductor.cover_text(1) == ("Ben", "Ben")
    pair = Table([Seat(["Cy", "Dee"]), Seat(["Ben"]), Seat(bot="novice")])
    assert Conductor(pair, BOARDS["thievery"].shows_secrets).cover_text(0) == ("Cy or Dee", "Cy & Dee")


def test_a_thievery_turn_by_taps():
    """Sorting by the board's own taps, locking in, picking a card and guessing: each button that
    plays carries the action the engine then accepts, and the news has words."""
    game = pycore.GAMES["thievery"]
    state = game.new_game(seats=5, seed=3, options={"powerups": True})
    table = Table([Seat([f"P{i}"]) for i in range(5)])
    play = Play(Save("t", "thievery", table, state, 0, 0), BOARDS["thievery"])

    def taps():
        return Taps(screen_page(play)).taps

    for seat in range(5):
        play.conductor.viewer = seat
        play.draft = play.board.new_draft()
        play.tap("auto-sort", {})
        lock_in = [data for command, data in taps() if command == "act" and data["type"] == "lock_in"]
        assert len(lock_in) == 1 and play.act(seat, lock_in[0]), play.error
        assert play.landing == seat, "hot-seat: the locked-in row lands before the device moves on"
        play.end_landing()
    seat = state.to_act[0]
    play.conductor.viewer = seat
    target = next(a for a in state.legal_actions(seat) if a["type"] == "guess")
    assert ("pick-card", {"hand": str(target["hand"]), "index": str(target["index"])}) in taps()
    assert not [data for command, data in taps() if command == "act" and data["type"] == "guess"]
    play.tap("pick-card", {"hand": str(target["hand"]), "index": str(target["index"])})
    guesses = [data for command, data in taps() if command == "act" and data["type"] == "guess"]
    assert target in guesses and all(a in state.legal_actions(seat) for a in guesses)
    assert play.act(seat, target)
    assert play.banner and all(line for line in play.banner)


def test_set_up_refuses_a_shared_hand_while_another_is_a_bot():
    """The game's seating rule, said on the set-up screen: the first people take a hand each."""
    game, board = pycore.GAMES["thievery"], BOARDS["thievery"]
    setup = setup_form.new_setup(board, game)
    setup_form.set_seat_count(board, game, setup, 3)
    setup["rows"][0].update(kind="pair", names=["Ana", "Ben"])
    setup["rows"][1].update(kind="person", names=["Cy", ""])
    setup["rows"][2].update(kind="bot")
    assert setup_form.setup_table(board, game, setup) is None
    page = setup_form.setup_screen(board, game, setup)
    assert "shared" in setup["errors"]["seating"] and "nobody" in setup["errors"]["seating"]
    assert 'role="alert"' in page and "shared" in page
    setup["rows"][2].update(kind="person", names=["Dee", ""])
    table, options = setup_form.setup_table(board, game, setup)
    assert [seat.people for seat in table.seats] == [["Ana", "Ben"], ["Cy"], ["Dee"]]
    assert options == {"powerups": False, "partnerships": False}


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_take_over_is_offered_where_the_engine_allows_it(game_id):
    """The shell asks the engine (take_over among a bot seat's legal actions), never the game's name."""
    game = pycore.GAMES[game_id]
    seats = game.seat_range(game.options)[0] + 1
    table = Table([Seat(["Ana"])] + [Seat(bot="novice") for _ in range(seats - 1)])
    options = {"bots": table.bots()} if "bots" in game.options else {}
    state = game.new_game(seats=seats, seed=5, options=options)
    play = Play(Save("t", game_id, table, state, 0, 0), BOARDS[game_id])
    allowed = [seat for seat in table.bots() if {"type": "take_over"} in state.legal_actions(seat)]
    assert play.take_over_seats() == allowed
    taps = Taps(screen_page(play)).taps
    assert allowed == sorted(int(data["seat"]) for command, data in taps if command == "take-over")


def test_the_log_keeps_every_line_of_a_long_game():
    import random
    from frontend.shell import layout
    game = pycore.GAMES["guild-of-thieves"]
    state = game.new_game(seats=8, seed=3, options={})
    rng = random.Random(3)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, game.bots["novice"].choose(state.view(seat), state.legal_actions(seat), rng))
    view = state.view(None)
    names = [f"P{i}" for i in range(8)]
    html = layout.log_list([game.describe(event, names, None) for event in view["log"]])
    assert len(view["log"]) > 60
    assert html.count("<li>") == len(view["log"])
    assert html.rindex(game.describe(view["log"][0], names, None)) > html.index(game.describe(view["log"][-1], names, None))


def test_settings_are_remembered_and_bad_ones_are_the_defaults():
    from frontend.shell import settings
    storage = DictStorage()
    defaults = {"bot_speed": "normal", "sound": False, "vibrate": False, "hot_seat_hints": False,
                "auto_hints": []}   # sound, vibration and hints before each move start off
    assert settings.load(storage) == defaults
    assert settings.save(storage, {"bot_speed": "instant", "sound": True, "vibrate": False})
    assert settings.load(storage) == {"bot_speed": "instant", "sound": True, "vibrate": False, "hot_seat_hints": False,
                                      "auto_hints": []}
    assert settings.save(storage, {**defaults, "auto_hints": ["thievery", 7, "thievery"]})
    assert settings.load(storage)["auto_hints"] == ["thievery"]      # per game, on only where turned on
    for bad in ("not json", '["fast"]', '{"bot_speed": "warp", "sound": "loud", "vibrate": 1}'):
        storage[settings.KEY] = bad
        assert settings.load(storage) == defaults

    class FullStorage(DictStorage):
        def set(self, key, value):
            raise OSError("QuotaExceededError")
    assert not settings.save(FullStorage(), {"bot_speed": "fast"})
    html = settings.bot_speed_control("fast")
    assert html.count('aria-pressed="true"') == 1 and 'class="seg on" data-command="bot-speed" data-speed="fast"' in html
    assert Taps(html).taps == [("bot-speed", {"speed": s}) for s in ("normal", "fast", "instant")]


def test_the_example_page_counts_the_bots_that_play():
    from pathlib import Path
    from frontend.boards import thievery
    page = (Path(__file__).parent.parent / "web" / "examples" / "thievery-rules.html").read_text()
    words = {3: "three", 4: "four", 5: "five", 6: "six"}
    assert f"Below, {words[thievery.DEMO_SEATS]} bots" in page


def test_the_example_pages_fenced_moment_replays_and_is_fenced():
    """The example embeds a finished game at move 17, where its words say Raven's face-down black
    card lies between her black 4 and the 7s: the record replays, and it does."""
    import re
    from pathlib import Path
    from frontend.shell import transfer
    page = (Path(__file__).parent.parent / "web" / "examples" / "thievery-rules.html").read_text()
    record, names = transfer.read_share(re.search(r'data-record="([^"]+)"', page).group(1))
    assert "mode=replay&at=17&record=" in page and names[2] == "Raven"
    replay = Replay(record)
    row = replay.state_at(17).view(None)["rows"][2]
    shown = [(card["colour"], card["rank"] if card["face_up"] else None) for card in row]
    assert shown[:5] == [("black", 3), ("black", 4), ("black", None), ("red", 7), ("black", 7)], shown
    final = replay.final.view(None)["rows"][2]
    assert final[2]["rank"] in (5, 6) and final[2]["colour"] == "black"


def bots_to_the_end(state, stop=lambda state: False):
    import random
    rng = random.Random(5)
    while not state.is_over and not stop(state):
        seat = state.to_act[0]
        state.apply(seat, state.game.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


@pytest.mark.parametrize("game_id", ["thievery", "guild-of-thieves"])
def test_standings_rank_every_seat_winners_first(game_id):
    """The end panel's standings come from the public view: every seat once, winners in first place,
    places never go down the table, every row with the same figures."""
    game, board = pycore.GAMES[game_id], BOARDS[game_id]
    state = bots_to_the_end(game.new_game(seats=4, seed=9, options=dict(game.options)))
    names = ["Ann", "Ben", "Cat", "Dan"]
    rows = board.standings(state.view(None), names)
    assert sorted(row["name"] for row in rows) == sorted(names)
    winners = {names[seat] for seat in state.outcome["winners"]}
    assert {row["name"] for row in rows if row["place"] == 1} == winners
    assert [row["place"] for row in rows] == sorted(row["place"] for row in rows)
    assert len({tuple(row["figures"]) for row in rows}) == 1
    from frontend.shell import layout
    html = layout.end_sheet(state.outcome, names, "Rematch", True, rows)
    assert html.count("<tr") == 5 and 'data-testid="standings"' in html


def test_a_cover_recaps_since_that_person_acted_and_says_why():
    """Hot-seat Thievery: Ann's hit-then-miss run and a bot's run reach Ben's cover, grouped, and a
    long stretch keeps only its latest lines; a partner's cover says who may show whom."""
    game = pycore.GAMES["thievery"]
    state = bots_to_the_end(game.new_game(seats=3, seed=2, options=dict(game.options)),
                            lambda s: s.view(None)["phase"] == "guessing" and list(s.to_act) == [0])
    table = Table([Seat(["Ann"]), Seat(bot="sharp"), Seat(["Ben"])])
    play = Play(Save("r", "thievery", table, state, 0, 0), BOARDS["thievery"])
    names = play.names
    play.seen[2] = len(play.public_log())      # Ben locked in just before the guessing began
    hits = 0
    while 0 in state.to_act:
        guess = next(a for a in state.legal_actions(0) if a["type"] == "guess")
        real = state.view(guess["hand"])["rows"][guess["hand"]][guess["index"]]["rank"]
        rank = real if hits < 1 else next(r for r in range(1, 14) if r != real)
        play.conductor.viewer = 0
        assert play.act(0, {**guess, "rank": rank})
        hits += 1
        assert (play.landing == 0) == (0 not in state.to_act)      # the miss ends the run: she sees it land
    play.end_landing()
    bots_to_the_end(state, lambda s: 1 not in s.to_act)
    recap = play.recap(2)
    assert recap[0].startswith("Ann hit 1 (") and "then missed" in recap[0], recap
    assert any(line.startswith(names[1]) for line in recap[1:]), recap
    assert not any(line.endswith("turn.") for line in recap), "whose turn it is goes without saying"
    play.seen[2] = 0
    assert len(play.recap(2)) == 4 and "earlier lines in the log" in play.recap(2)[0]
    options = {**game.options, "partnerships": True}
    partners = bots_to_the_end(game.new_game(seats=4, seed=3, options=options), lambda s: bool(s.view(None)["showing"]))
    showing = partners.view(None)["showing"]
    four = ["Ann", "Ben", "Cat", "Dan"]
    reason = BOARDS["thievery"].cover_reason(partners.view(None), showing["partner"], four)
    assert reason.startswith(f"{four[showing['partner']]} may show {four[showing['for']]} a card")
