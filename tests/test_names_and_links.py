"""Names as people see them (invisible and reversing characters, Unicode forms, emoji counted as
one) and the embed link's parameters, in CPython (issue 12)."""
import pytest

from frontend.shell.embed_link import EmbedProblem, read_link
from frontend.shell.table import check_name, name_key, visible_length

FAMILY = "👨\u200d👩\u200d👧\u200d👦"
SCOTLAND = "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"


@pytest.mark.parametrize("name", ["Ana\u202eben", "\u2066Ana", "Ana\u200b", "\u200bAna", "A\u200dna",
                                  "Ana\ufeff", "Ana\u00ad", "An\x00a"])
def test_names_refuse_invisible_and_reversing_characters(name):
    with pytest.raises(ValueError) as error:
        check_name(name)
    assert "invisible" in str(error.value) or "visible" in str(error.value)


def test_whitespace_of_any_kind_is_one_space():
    assert check_name(" Ana\u2028\tBen\u00a0 ") == "Ana Ben"


@pytest.mark.parametrize("name", ["\u200b", "\u3164", "\u2800\u2800", " \u0301", "\ufe0f"])
def test_names_empty_once_invisible_characters_go_are_refused(name):
    with pytest.raises(ValueError) as error:
        check_name(name)
    assert "character" in str(error.value)


def test_the_same_name_in_two_unicode_forms_or_cases_is_one_person():
    composed, decomposed = "Jos\u00e9", "Jose\u0301"
    assert composed != decomposed
    assert check_name(decomposed) == composed                 # stored in one form
    assert name_key(composed) == name_key(decomposed) == name_key("JOSÉ")
    assert name_key("ﬁn") == name_key("fin")                   # compatibility forms too
    assert name_key("Ana") != name_key("Ann")


@pytest.mark.parametrize("text,length", [("Ana", 3), ("Jose\u0301", 4), (FAMILY, 1), ("👍🏽", 1),
                                         ("🇬🇧🇫🇷", 2), (SCOTLAND, 1), ("❤\ufe0f", 1), ("👩\u200d🚒 Ana", 5)])
def test_length_counts_what_a_person_sees(text, length):
    assert visible_length(text) == length


def test_twenty_emoji_are_a_name_and_twenty_one_are_not():
    assert check_name(FAMILY * 20) == FAMILY * 20             # 220 UTF-16 units: no input cut them
    assert check_name(SCOTLAND * 20) == SCOTLAND * 20
    with pytest.raises(ValueError) as error:
        check_name(FAMILY * 21)
    assert "21 characters" in str(error.value)


def test_accents_piled_on_one_letter_are_refused():
    assert check_name("Zoe\u0308\u0301")
    with pytest.raises(ValueError):
        check_name("Z" + "\u0301" * 30)


def test_setup_refuses_two_people_with_one_name_in_two_forms():
    import pycore
    from frontend.shell import setup_form
    from frontend.boards import BOARDS
    screen, game = BOARDS["thievery"], pycore.GAMES["thievery"]
    setup = setup_form.new_setup(screen, game)
    setup["seats"] = 3
    for row, name in zip(setup["rows"], ["Jos\u00e9", "jose\u0301", "Ben"]):
        row["kind"], row["names"][0] = "person", name
    assert setup_form.setup_table(screen, game, setup) is None
    assert "same name" in setup["errors"]["table"]


# -- the embed link ------------------------------------------------------------------------------------
GAMES = ["thievery", "guild-of-thieves"]
HOME = "https://table.example"


def link(framed_by=HOME, **query):
    return read_link({"game": "thievery", **query}, GAMES, HOME, framed_by)


@pytest.mark.parametrize("seed", ["--5", "²", "5" * 5000, "1e3", " 7", "7.0", "", "٣", "-", "+5", "1234567890"])
def test_every_bad_seed_is_refused_with_a_short_message(seed):
    with pytest.raises(EmbedProblem) as error:
        link(seed=seed)
    message = str(error.value)
    assert "seed must be a whole number" in message and len(message) < 160


@pytest.mark.parametrize("query,expected", [
    ({"game": "chess"}, "no game “chess”"), ({"game": ""}, "Say which game"),
    ({"mode": "watch"}, "mode must be demo, tutorial or replay"),
    ({"parent": "javascript:alert(1)"}, "web origin"), ({"parent": "*"}, "web origin"),
    ({"parent": "https://rules.example/page"}, "web origin"), ({"parent": "https://rules.example:99999"}, "web origin"),
])
def test_every_bad_parameter_is_refused(query, expected):
    with pytest.raises(EmbedProblem) as error:
        link(**query)
    assert expected in str(error.value)


def test_the_frame_reports_to_its_own_origin_unless_the_link_names_the_page_around_it():
    assert link(seed="7").parent == HOME and link(seed="-12").seed == -12
    assert link(framed_by=None).parent == HOME                   # opened on its own
    with pytest.raises(EmbedProblem) as error:
        link(framed_by="https://elsewhere.example")
    assert "add parent=https://elsewhere.example" in str(error.value)
    settings = link(framed_by="https://rules.example", parent="https://rules.example/")
    assert settings.parent == "https://rules.example"
    with pytest.raises(EmbedProblem) as error:
        link(framed_by="https://evil.example", parent="https://rules.example")
    assert error.value.parent == HOME                   # the page around it was not named: not told


def test_a_bad_link_is_reported_to_the_named_parent_once_that_is_known_good():
    with pytest.raises(EmbedProblem) as error:
        link(framed_by="https://rules.example", parent="https://rules.example", seed="--5")
    assert error.value.parent == "https://rules.example"
    with pytest.raises(EmbedProblem) as error:
        link(framed_by="https://rules.example", parent="https://rules.example/x", seed="5")
    assert error.value.parent == HOME


def test_a_lesson_part_is_named_only_with_mode_tutorial_and_only_if_the_game_has_it():
    parts = {"thievery": [], "guild-of-thieves": ["solo"]}
    solo = read_link({"game": "guild-of-thieves", "mode": "tutorial", "part": "solo"}, GAMES, HOME, HOME, parts)
    assert solo.part == "solo" and link(mode="tutorial").part == ""
    for query, expected in (({"game": "guild-of-thieves", "mode": "tutorial", "part": "duel"}, "write part=solo"),
                            ({"game": "thievery", "mode": "tutorial", "part": "solo"}, "leave part out"),
                            ({"game": "guild-of-thieves", "mode": "demo", "part": "solo"}, "write mode=tutorial")):
        with pytest.raises(EmbedProblem) as error:
            read_link(query, GAMES, HOME, HOME, parts)
        assert expected in str(error.value) and len(str(error.value)) < 160


# -- what the embed tells the page around it ------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["master-thieves", "thievery", "guild-of-thieves"])
def test_the_embed_tells_its_page_public_words_and_facts_only(game_id):
    """Issue 37: each move went to the page around the frame as the action itself, bots' secret
    choices included (a role before the reveal, a row's order, where a diamond was hidden).  A move's
    message is the public words and the public events, the same whatever was chosen in secret."""
    import json
    import random

    import pycore
    from frontend.boards import BOARDS
    from frontend.shell.play import Play
    from frontend.shell.save_store import Save
    from frontend.shell.setup_form import with_bots
    from frontend.shell.table import Seat, Table

    game, board = pycore.GAMES[game_id], BOARDS[game_id]
    table = Table([Seat(bot="sharp") for _ in range(board.DEMO_SEATS)])
    state = game.new_game(seats=board.DEMO_SEATS, seed=3, options=with_bots(game, table, dict(game.options)))
    play = Play(Save("embed-3", game_id, table, state, 0, 0), board)
    secret_moves = 0
    for _ in range(60):
        step = play.step()
        if step.kind != "bot":
            break
        public_before = state.view(None)["log"]
        action = play.bot_act(step.seat)
        message = {"type": "move", "game": game_id, **play.public_move(step.seat)}   # as embed_session posts it
        new = state.view(None)["log"][len(public_before):]
        assert message == {"type": "move", "game": game_id, "seat": step.seat, "events": new,
                           "said": [game.describe(event, play.names, None) for event in new]}
        secret_moves += json.dumps(action, sort_keys=True) not in json.dumps(new, sort_keys=True)
    assert secret_moves, "no move held anything the public log does not: the test sees nothing"
