"""Guild of Thieves' board in CPython, beyond what every board is tested for (test_frontend_boards):
nothing secret is drawn for the public view, the reveal is only on the thief's screen, whole games
are played through the board's taps alone, and the set-up and rules pages."""
import random

import pytest

import pycore
from driver import Taps
from frontend.boards import guild_of_thieves as guild
from frontend.boards.guild_of_thieves import board as guild_board
from frontend.shell.screen import page as screen_page
from frontend.shell import screens
from frontend.shell.play import Play
from frontend.shell.saves import Save
from frontend.shell.table import Seat, Table

GAME = pycore.GAMES["guild-of-thieves"]


def table_for(seats, bots=()):
    return Table([Seat(bot="sharp") if seat in bots else Seat([f"P{seat}"]) for seat in range(seats)])


def play_for(state, table=None):
    return Play(Save("t", GAME.id, table or table_for(state.seats), state, 0, 0), guild)


def draw(play, seat):
    play.conductor.viewer = seat
    play.draft = guild.new_draft()
    return screen_page(play)


def random_move(state, rng, box_chance=0.03, draw_chance=0.004):
    """Mostly ordinary play: opening the box and draw offers now and then, so games last a while."""
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    plain = [a for a in legal if a["type"] not in ("open_box", "offer_draw")]
    roll = rng.random()
    if roll < box_chance and any(a["type"] == "open_box" for a in legal):
        pool = [a for a in legal if a["type"] == "open_box"]
    elif roll < box_chance + draw_chance and {"type": "offer_draw"} in legal:
        pool = [{"type": "offer_draw"}]
    elif legal[0]["type"] == "answer_draw":
        pool = [{"type": "answer_draw", "agree": rng.random() < 0.1}]
    else:
        pool = plain or legal
    action = rng.choice(pool)
    state.apply(seat, action)
    return seat, action


SECRET_MARKS = ['data-testid="hand"', 'data-testid="reveal"', 'data-testid="notebook"', "lock down known",
                'data-testid="dues"', 'data-testid="box"', "Your hand", "Your lock", "data-act"]


@pytest.mark.parametrize("seats,options", [(5, {}), (20, {"double_deck": True}),
                                           (2, {"pen_and_paper": True, "i_know_where_you_live": True})],
                         ids=lambda v: str(v))
def test_the_public_board_holds_no_secrets(seats, options):
    """Drawn for nobody (between people, or bots only), the board has no hand, reveal, notebook,
    known lock or button that plays; a seat's notebook shows only with Pen & Paper."""
    rng = random.Random(seats)
    state = GAME.new_game(seats=seats, seed=seats, options=options)
    steps = 0
    while not state.is_over and steps < 300:
        if steps % 5 == 0:
            play = play_for(state)
            public = draw(play, None)
            for mark in SECRET_MARKS:
                assert mark not in public, f"the public board shows {mark}"
            seat = state.to_act[0]
            html = draw(play, seat)
            view = state.view(seat)
            assert ('data-testid="reveal"' in html) == bool(view["pending"])
            if not options.get("pen_and_paper"):
                assert 'data-testid="notebook"' not in html
            elif view["phase"] != "choose" or view["players"][seat]["house"] is not None:
                assert 'data-testid="notebook"' in html
        random_move(state, rng)
        steps += 1


def test_the_reveal_is_only_on_the_thiefs_screen():
    state = GAME.new_game(seats=4, seed=3)
    rng = random.Random(3)
    while state.view(None)["step"] != "steal":
        random_move(state, rng, box_chance=0, draw_chance=0)
    thief = state.to_act[0]
    play = play_for(state)
    cards = state.view(thief)["pending"]["cards"]
    html = draw(play, thief)
    assert 'data-testid="reveal"' in html and all(guild_board.card_text(c) in html for c in cards)
    for seat in [None] + [s for s in range(4) if s != thief]:
        html = draw(play, seat)
        assert 'data-testid="reveal"' not in html and "take this one" not in html


def tap_game(seats, options, seed, bots=()):
    """A whole game played only through the board's taps (bots, if any, through the engine)."""
    rng = random.Random(seed)
    state = GAME.new_game(seats=seats, seed=seed, options=options)
    play = play_for(state, table_for(seats, bots))
    weights = {"box": 0.2, "box-cancel": 0.2, "dues-cancel": 0.3, "clear-house": 0.3}
    types = set()
    for _ in range(6000):
        if state.is_over:
            break
        seat = state.to_act[0]
        if seat in bots:
            play.conductor.viewer = None
            play.bot_act(seat)
            continue
        if play.conductor.viewer != seat:
            play.conductor.viewer = seat
            play.draft = guild.new_draft()
        taps = Taps(screen_page(play)).taps
        assert taps, f"seat {seat} has nothing to tap at step {state.view(seat)['step']}"
        # Mostly play on; open the box now and then; offer a draw rarely.
        chances = [weights.get(command, 0.05 if command == "act" and data["type"] == "offer_draw" else 1) for command, data in taps]
        command, data = rng.choices(taps, chances)[0]
        if command != "act":
            play.tap(command, data)
            continue
        before = len(state.history)
        assert play.act(seat, data), play.error
        assert len(state.history) == before + 1 and all(play.banner)
        types.add(data["type"])
        GAME.audit(state)
    return state, play, types


@pytest.mark.parametrize("seats,options,bots", [(2, {}, ()), (3, {"pen_and_paper": True}, (2,)),
                                                (4, {"i_know_where_you_live": True}, ()),
                                                (3, {"double_deck": True}, (1,))], ids=lambda v: str(v))
def test_games_played_only_through_taps(seats, options, bots):
    ended = 0
    types = set()
    for seed in range(3):
        state, play, used = tap_game(seats, options, seed, bots)
        types |= used
        if state.is_over:
            ended += 1
            html = draw(play, None)
            assert 'data-testid="combination"' in html
            assert guild_board.card_text(state.outcome["combination"]) in html
    assert ended >= 2
    assert {"choose_house", "rob", "end_turn"} <= types


def test_houses_are_named_as_they_lie():
    view = GAME.new_game(seats=3, seed=1).view(None)
    assert guild_board.house_label(view, 0) == "slum 1" and guild_board.house_label(view, 4) == "rich house 5"
    view = GAME.new_game(seats=3, seed=1, options={"double_deck": True}).view(None)
    assert guild_board.house_label(view, 4) == "slum 5" and guild_board.house_label(view, 8) == "rich house 9"


def test_set_up_limits_and_rules_page():
    setup = screens.new_setup(guild, GAME)
    screens.set_seat_count(guild, GAME, setup, 40)
    assert setup["seats"] == 16
    setup["options"]["double_deck"] = True
    screens.set_seat_count(guild, GAME, setup, 40)
    assert setup["seats"] == 32 and 'data-testid="seat-count">32<' in screens.setup_screen(guild, GAME, setup)
    setup["options"]["double_deck"] = False
    screens.set_seat_count(guild, GAME, setup, setup["seats"])
    assert setup["seats"] == 16
    rules = guild.table_rules()
    assert all(rule in rules for rule in pycore.guild_of_thieves.TABLE_RULES)
    assert len(rules) > len(pycore.guild_of_thieves.TABLE_RULES)
    assert "Jeweled Box" in screens.rules_page(GAME, guild)
    state = GAME.new_game(seats=3, seed=1)
    names = table_for(3).names()
    assert "choosing" in guild.summary(state.view(None), names)
    rng = random.Random(1)
    for _ in range(5):
        random_move(state, rng, 0, 0)
    assert "Round 1" in guild.summary(state.view(None), names)
