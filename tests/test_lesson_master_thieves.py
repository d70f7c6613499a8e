"""Master Thieves' guided first game meets every core rule the issue lists for it (issue 25):
hiding diamonds, the roles chosen in secret and revealed, a drawer's two halves and what spills,
a flip, the cushions and points, and the alarm token.  The shared lesson tests (test_lesson.py)
check the quotes, the coach's length and that the person wins."""
import pycore
from frontend.boards import BOARDS
from frontend.shell import lesson as lessons
from pycore.master_thieves import stones_count, stones_value

GAME_ID = "master-thieves"


def test_master_thieves_lesson_meets_every_core_rule():
    game, board = pycore.GAMES[GAME_ID], BOARDS[GAME_ID]
    lesson = lessons.Lesson.of(GAME_ID, board.LESSON)
    for number, step, play in lessons.walk(lesson, board, game):
        assert play.names == ["You", "Nell", "Nat", "Nico", "Noor", "Nye"]    # the coach's words name them
    state = play.state
    log = state.view(None)["log"]
    mine = [event for event in log if event.get("by") == 0]
    kinds = [event["type"] for event in mine]
    # Hiding diamonds: the person hides theirs in the set-up, in turn with the bots.
    assert kinds.count("hide") == 2
    # The person's openings: one clean (the role works), one that spills onto the red cushion.
    openings = [event for event in mine if event["type"] == "open"]
    assert any(not stones_count(event["spilled"]) for event in openings)
    spilled = [event for event in openings if stones_count(event["spilled"])]
    assert spilled and spilled[0]["role"] == "connoisseur", "the Connoisseur's spill: fakes still go in"
    after_spill = log[log.index(spilled[0]) + 1]
    assert after_spill["type"] == "place_fake" and after_spill["by"] == 0
    # A flip by the person, and the alarm token they set falls out with stones that are theirs.
    assert "flip" in kinds and "alarm" in kinds
    assert any(event["type"] == "open" and event["alarm"] == 0 and stones_count(event["alarm_took"])
               and event["by"] != 0 for event in log), "the person's alarm token pays out"
    # The cushions and points: the person's white cushion empties and ends the game; the score is
    # the black cushion less the white one.
    assert state.outcome["reason"] == "fakes" and not stones_count(state.white[0])
    assert state.outcome["scores"]["0"] == stones_value(state.black[0]) - stones_value(state.white[0]) > 0
    assert state.outcome["winners"] == [0]


def test_the_roles_stay_secret_until_the_reveal():
    """While roles are chosen, nobody's view shows another's choice; the reveal shows them all."""
    game, board = pycore.GAMES[GAME_ID], BOARDS[GAME_ID]
    lesson = lessons.Lesson.of(GAME_ID, board.LESSON)
    *_, (_, _, play) = lessons.walk(lesson, board, game)
    history = play.state.history
    state = game.new_game(seats=play.state.seats, seed=play.state.seed, options=play.state.options)
    checked = reveals = 0
    for seat, action in history:
        state.apply(seat, action)
        if state.phase == "choose":
            for viewer in range(state.seats):
                roles = state.view(viewer)["roles"]
                assert all(role is None for other, role in enumerate(roles) if other != viewer)
                checked += 1
        if action["type"] == "choose_role" and state.phase == "act":
            reveals += 1
            assert any(event["type"] == "reveal" and event["round"] == state.round for event in state.view(None)["log"])
            assert all(role is not None for role in state.view(None)["roles"])
    assert checked and reveals == 5
