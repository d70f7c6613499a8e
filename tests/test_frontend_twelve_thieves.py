"""12 Thieves' board in CPython, beyond what every board is tested for (test_frontend_boards): the
public board holds no secret and no button, a whole game is played through the board's taps
alone, and the shell's hooks (standings, recaps, cover reasons, motion)."""
import random

import pycore
from driver import Taps
from frontend.boards import twelve_thieves
from frontend.shell.screen import page as screen_page
from frontend.shell import screens
from frontend.shell.play import Play
from frontend.shell.saves import Save
from frontend.shell.table import Seat, Table

GAME = pycore.GAMES["twelve-thieves"]
NAMES = ["Ann", "Ben", "Cat"]


def play_for(state):
    table = Table([Seat([NAMES[seat]]) for seat in range(state.seats)])
    return Play(Save("t", GAME.id, table, state, 0, 0), twelve_thieves)


def sharp_until(state, stop, seed=1):
    rng = random.Random(seed)
    while not state.is_over and not stop(state):
        seat = state.to_act[0]
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


def test_the_public_board_holds_no_secrets():
    """Drawn for nobody (between people, or bots only): no hand, no sheet, no button that plays."""
    state = sharp_until(GAME.new_game(seats=3, seed=4), lambda s: s.round >= 4)
    play = play_for(state)
    play.conductor.viewer = None
    html = screen_page(play)
    assert 'data-testid="hand"' not in html and 'data-testid="sheet"' not in html and "data-act" not in html
    assert 'data-testid="bazaar"' in html


def test_a_whole_game_through_the_taps_of_the_board():
    """Each seat in turn taps a palace, a kind of move and a destination as the screen offers them,
    then one of the buttons that play; the game ends."""
    state = GAME.new_game(seats=2, seed=6)
    play, rng = play_for(state), random.Random(6)
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.to_act[0]
        play.conductor.viewer, play.draft = seat, twelve_thieves.new_draft()
        wanted = GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng)
        for _ in range(4):      # at most: palace, kind of move, destination, then a button
            taps = Taps(screen_page(play)).taps
            acts = [data for command, data in taps if command == "act"]
            if wanted in acts:
                play.act(seat, wanted)
                break
            steps = [(command, data) for command, data in taps
                     if command in DEEPER and leads_to(command, data, wanted)]
            play.tap(*max(steps, key=lambda step: DEEPER.index(step[0])))      # the next step down
        else:
            raise AssertionError(f"the screen never offered {wanted}")
    assert state.is_over and state.outcome["winners"]


DEEPER = ("palace", "move-mode", "move-to")     # the draft's steps toward a guard move


def leads_to(command, data, action) -> bool:
    """Whether a draft tap is on the way to ``action``."""
    if command == "palace":
        return int(data["palace"]) == action.get("palace", action.get("from"))
    if command == "move-mode":
        return data["mode"] == action["type"]
    return int(data["to"]) == action.get("to")


def test_standings_put_the_winner_first_then_chests():
    state = sharp_until(GAME.new_game(seats=3, seed=9), lambda s: False)
    rows = twelve_thieves.standings(state.view(None), NAMES)
    assert [row["place"] for row in rows][0] == 1 and rows[0]["name"] == NAMES[state.outcome["winners"][0]]
    assert sorted(row["name"] for row in rows) == sorted(NAMES)
    assert [row["figures"]["Chests"] for row in rows[1:]] == sorted((row["figures"]["Chests"] for row in rows[1:]), reverse=True)
    assert rows[0]["figures"]["Chests"] == 5


def test_a_recap_tells_one_line_a_turn():
    state = sharp_until(GAME.new_game(seats=3, seed=2), lambda s: s.round >= 3 and s.to_act == (0,))
    events = state.view(None)["log"]
    start = max(i for i, e in enumerate(events) if e["type"] == "turn" and e["seat"] == 1)
    lines = twelve_thieves.recap(events[start:], NAMES, 0)
    assert [line.split(":")[0] for line in lines] == ["Ben", "Cat"], lines
    assert all(line.endswith(".") and ("drew" in line or "took" in line) for line in lines), lines


def test_cover_reasons_and_motion():
    state = GAME.new_game(seats=2, seed=1)
    assert twelve_thieves.cover_reason(state.view(None), 0, NAMES) == "Ann places a guard."
    events = [{"type": "place_thief", "by": 0, "palace": 2, "pay": ["star"]},
              {"type": "steal", "by": 0, "palace": 4, "chest": 4, "chests": 1},
              {"type": "move_neutral", "by": 0, "from": 1, "to": 5, "pay": ["moon", "key"]}]
    assert twelve_thieves.motion(events, state.view(0)) == {
        "palace-2": "tt-slide", "palace-4": "tt-flip", "player-0": "tt-flip", "palace-5": "tt-slide"}
