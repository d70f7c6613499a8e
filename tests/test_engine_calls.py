"""One snapshot per moment (issue 26): a tap builds each seat's view and each seat's legal actions
once at each moment of the game, in every game, and what the screen keeps of a moment is dropped as
soon as the state moves on (an action, a take-back, another state)."""
import pytest

import pycore
from engine_calls import calls_per_tap
from frontend.boards import BOARDS
from frontend.shell.play import Play
from frontend.shell.save_store import Save
from frontend.shell.table import Seat, Table


@pytest.mark.parametrize("game_id", sorted(pycore.GAMES))
def test_a_tap_builds_each_view_and_each_list_of_actions_once_a_moment(game_id):
    counted = calls_per_tap(game_id, taps=40, seed=0, check_views=True)
    assert counted["taps"] == 40 and counted["bot_moves"] > 0, counted
    assert counted["view_per_seat_shown_max"] <= 1, counted
    assert counted["legal_actions_per_moment_max"] <= 1, counted
    # The old shell built 7-9 views and 3 lists of actions for every tap.
    assert counted["mean_views"] <= 3 and counted["mean_legal_actions"] <= 1, counted


def test_the_moment_moves_on_with_the_state():
    game = pycore.GAMES["guild-of-thieves"]
    state = game.new_game(seats=3, seed=4, options={})
    table = Table([Seat(["Ana"]), Seat(["Ben"]), Seat(["Cy"])])
    play = Play(Save("m", game.id, table, state, 0, 0), BOARDS[game.id])
    seat = state.to_act[0]
    play.conductor.viewer = seat
    first = play.view()
    assert play.view() is first and play.legal() is play.legal(), "one moment: built once"
    assert play.view() == state.view(seat) and play.legal() == state.legal_actions(seat)
    assert play.act(seat, play.legal()[0]), play.error
    play.end_landing()
    play.conductor.viewer = seat
    assert play.view() is not first and play.view() == state.view(seat), "an action: a new moment"
    assert play.public_view() == state.view(None)
    after_move = play.public_view()
    assert play.take_back()
    play.conductor.viewer = seat
    assert play.public_view() is not after_move and play.public_view() == play.state.view(None), \
        "a take-back: the moment of the state taken back to"
    assert play.view() == play.state.view(seat)
