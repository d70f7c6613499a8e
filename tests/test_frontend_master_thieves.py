"""Master Thieves' board in CPython: the regions it gives the play layout, the hooks the shell asks
(covers only for the secret role choice, the end's reason), its words, and the opening on the table
(what a pulled drawer showed and where its stones went), drawn only while it is the news.

Positions are reached by playing through the public contract; where a scenario needs particular
stones in a drawer, ``put`` writes that half directly (test-only, as the engine's tests do).
"""
import random
import re
from pathlib import Path

import pycore
from frontend import widgets
from frontend.boards import BOARDS
from frontend.boards.master_thieves import board as mt_board, hooks as mt_hooks
from frontend.boards.master_thieves.opening import last_opening, on_show
from frontend.shell.play import Scene

GAME = pycore.GAMES["master-thieves"]
BOARD = BOARDS["master-thieves"]
NAMES = ["Ann", "Ben", "Cat"]
N, E, S, W = range(4)
TOP, MIDDLE, BOTTOM = range(3)
RUBIES = re.compile(r"\brub(y|ies)\b", re.I)       # in the cabinet only, in these tests


def stones(ruby=0, sapphire=0, diamond=0):
    return {"ruby": ruby, "sapphire": sapphire, "diamond": diamond}


def started(seats=3, seed=1):
    """Past the set-up: every diamond in the top north drawer."""
    state = GAME.new_game(seats=seats, seed=seed)
    while state.phase == "setup":
        state.apply(state.to_act[0], {"type": "hide", "tier": TOP, "side": N})
    return state


def put(state, place, content, compartment="normal", facing="up"):
    """Test-only: that half of the drawer at ``place`` holds exactly ``content``."""
    cabinet = state.cabinet
    half = cabinet.up if facing == "up" else 1 - cabinet.up
    cabinet.at(place).halves[compartment][half] = dict(content)


def choose(state, *roles):
    for seat, role in enumerate(roles):
        state.apply(seat, {"type": "choose_role", "role": role})


def open_(state, place):
    state.apply(state.actor, {"type": "open", "tier": place[0], "side": place[1]})


def scene(state, seat, moment=None, bots=None):
    legal = state.legal_actions(seat) if seat is not None else []
    moment = moment or ("over" if state.is_over else "turn" if legal else "wait")
    return Scene(state.view(seat), legal, {}, NAMES[:state.seats], bots or {}, [], moment)


def everything(regions) -> str:
    return regions.board + regions.hand + regions.sheet + regions.prompt + regions.status


def table_of(html: str) -> str:
    start = html.index('class="mt-table-wrap"')
    return html[start:html.index("</svg>", start)]


def bots_to(state, until, rng=None):
    rng = rng or random.Random(3)
    while not state.is_over and not until(state):
        seat = state.to_act[0]
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


# -- the regions -------------------------------------------------------------------------------------
def test_draw_gives_the_play_layout_its_regions_and_no_status_line_headings_or_log():
    state = bots_to(GAME.new_game(seats=3, seed=7), lambda s: s.phase == "act" and s.actor == 0 and s.step == "open")
    regions = BOARD.draw(scene(state, 0))
    assert isinstance(regions, widgets.Regions)
    html = everything(regions)
    assert 'data-testid="status"' not in html and "<h2" not in html and "<h3" not in html
    assert 'class="log' not in html
    assert regions.prompt and "\n" not in regions.prompt and regions.sheet == ""   # the drawers are the choice
    assert 'data-subject' in regions.board.split('data-testid="cabinet"')[0][-200:] + regions.board
    assert regions.board.count("data-act") == 12                                     # every drawer opens
    role = pycore.master_thieves.ROLE_NAMES[state.roles[0]]
    assert regions.status == f"Round {state.round} · Ann, the {role}"
    assert "Ann" in regions.hand and 'data-testid="cabinet"' not in regions.hand


def test_the_role_choice_keeps_the_cabinet_and_the_red_cushion_the_subject_and_the_cards_in_the_sheet():
    state = started()
    regions = BOARD.draw(scene(state, 0))
    assert regions.sheet.count("data-act") == 6 and regions.board.count("data-act") == 0
    cabinet = re.search(r'<div[^>]*data-testid="cabinet"[^>]*>', regions.board).group(0)
    table = re.search(r'<div[^>]*data-testid="red-cushion"[^>]*>', regions.board).group(0)
    assert "data-subject" in cabinet and "data-subject" in table
    assert regions.prompt == "Choose your role, in secret"


def test_a_hand_over_names_nothing_of_the_next_turn():
    state = started()
    choose(state, "thief", "smuggler", "detective")      # the smuggler (Ben) acts first
    regions = BOARD.draw(scene(state, None, moment="handover"))
    assert regions.hand == "" and regions.sheet == "" and regions.prompt == ""
    assert regions.status == f"Round {state.round}"
    assert "acting" not in regions.board and "Ben, the" not in everything(regions)


# -- covers only where a secret is ------------------------------------------------------------------
def test_only_the_role_choice_is_secret():
    """RULINGS, "What is secret": "only the role choices until reveal"."""
    state = GAME.new_game(seats=3, seed=2)
    public = state.view(None)
    assert not BOARD.shows_secrets(state.view(0), public)                  # the set-up is public
    state = started()
    assert BOARD.shows_secrets(state.view(0), state.view(None))            # a role to choose
    state.apply(0, {"type": "choose_role", "role": "thief"})
    assert BOARD.shows_secrets(state.view(0), state.view(None))            # one held, not revealed
    state.apply(1, {"type": "choose_role", "role": "thief"})
    state.apply(2, {"type": "choose_role", "role": "goldsmith"})
    # After the reveal a seat's log still holds its "chose" entry: no longer a secret.
    assert state.view(1)["log"] != state.view(None)["log"]
    assert not BOARD.shows_secrets(state.view(state.actor), state.view(None))
    assert BOARD.SECRET_WORDS == "my role"


def test_a_three_round_hot_seat_game_needs_a_cover_only_for_each_role_choice():
    """Three people, three rounds: a cover before each screen that shows a secret, nowhere else:
    3 people x 3 rounds = 9 (none for the 12 hides, none for the drawers' turns)."""
    state = GAME.new_game(seats=3, seed=5)
    rng = random.Random(5)
    covers, on_screen = 0, None
    while not state.is_over and state.round <= 3:
        seat = state.to_act[0]
        if seat != on_screen:                     # the device passes to another person
            if BOARD.shows_secrets(state.view(seat), state.view(None)):
                covers += 1
            on_screen = seat
        legal = state.legal_actions(seat)
        action = GAME.bots["novice"].choose(state.view(seat), legal, rng)
        state.apply(seat, action)
    assert state.round > 3, "the game ended before its fourth round"
    assert covers == 9


# -- the end ---------------------------------------------------------------------------------------
def test_the_reason_says_whose_white_cushion_emptied_and_why_the_winner_won():
    state = bots_to(GAME.new_game(seats=3, seed=4), lambda s: False)
    view = state.view(None)
    sentence = BOARD.reason(view, NAMES)
    emptied = [NAMES[seat] for seat in range(3) if not sum(state.white[seat].values())]
    assert emptied and all(f"{name}'s white cushion" in sentence or name in sentence for name in emptied)
    winners = state.outcome["winners"]
    best = state.outcome["scores"][str(winners[0])]
    assert NAMES[winners[0]] in sentence and mt_hooks.points(best) in sentence
    for seat in range(3):
        if seat not in winners:
            assert f"{NAMES[seat]} {mt_hooks.signed(state.score(seat))}" in sentence
    assert "You" not in sentence and sentence.count(".") == 1 and sentence.endswith(".")


def test_the_reason_for_a_shared_win_and_for_the_guards_draw():
    view = {"seats": 3, "round": 9, "outcome": {"winners": [0, 2], "scores": {"0": 6, "1": 2, "2": 6}, "reason": "fakes"},
            "players": [{"score": 6, "white": stones()}, {"score": 2, "white": stones(diamond=3)},
                        {"score": 6, "white": stones(diamond=1)}]}
    assert BOARD.reason(view, NAMES) == ("Ann's white cushion was empty at the end of round 9; Ann and Cat "
                                         "share the win with 6 points each (Ben 2).")
    view["outcome"] = {"winners": [], "scores": {"0": 6, "1": 2, "2": 6}, "reason": "guard"}
    assert "draw" in BOARD.reason(view, NAMES) and "round 9" in BOARD.reason(view, NAMES)
    assert BOARD.summary(view, NAMES) == "A draw: the game reached its far guard."
    view["outcome"]["winners"] = [0, 2]
    assert BOARD.summary(view, NAMES) == "Ann and Cat shared the win with 6 points each."


# -- words -----------------------------------------------------------------------------------------
def test_points_and_leaders_are_said_as_people_say_them():
    assert mt_hooks.points(1) == "1 point" and mt_hooks.points(-1) == "−1 point"
    assert mt_hooks.points(-12) == "−12 points" and mt_hooks.points(0) == "0 points"
    state = started()
    assert BOARD.summary(state.view(None), NAMES) == "Round 1 · all on −12 points."
    state.black[1]["ruby"] = 1
    state.black[2]["ruby"] = 1
    assert BOARD.summary(state.view(None), NAMES) == "Round 1 · Ben and Cat lead on −8 points."
    state.black[2]["diamond"] = 1
    assert BOARD.summary(state.view(None), NAMES) == "Round 1 · Cat leads on −7 points."


def test_a_waiting_screen_says_who_plays_which_role():
    state = started()
    choose(state, "thief", "detective", "detective")
    regions = BOARD.draw(scene(state, 1, bots={0: "Sharp bot"}))
    assert regions.prompt == "Ann, the Thief, is thinking…"
    assert "(Thief)'s" not in everything(regions) and " pts" not in everything(regions)


def test_no_fake_until_one_is_put_in_then_no_more_fakes():
    state = started()
    choose(state, "connoisseur", "detective", "thief")    # one Detective: up to 2 fakes
    open_(state, (MIDDLE, E))
    sheet = BOARD.draw(scene(state, 0)).sheet
    assert ">No fake<" in sheet and "No more fakes" not in sheet
    state.apply(0, {"type": "place_fake", "stone": "diamond"})
    sheet = BOARD.draw(scene(state, 0)).sheet
    assert ">No more fakes<" in sheet


def test_the_turning_keys_are_short():
    state = started()
    choose(state, "thief", "detective", "detective")
    open_(state, (MIDDLE, E))
    sheet = BOARD.draw(scene(state, 0)).sheet
    labels = re.findall(r'<button[^>]*&quot;turn&quot;[^>]*>([^<]*)</button>', sheet)
    assert len(labels) == 9 and all(len(label) <= 3 for label in labels), labels


def test_no_text_in_the_boards_stylesheet_is_under_12_px_and_motion_waits_for_no_preference():
    css = (Path(mt_board.__file__).parent / "board.css").read_text()
    for value, unit in re.findall(r"font-size:\s*([\d.]+)(px|rem|em)", css):
        size = float(value) * (16 if unit != "px" else 1)
        assert size >= 12, f"font-size {value}{unit}"
    outside = re.sub(r"@media \(prefers-reduced-motion: no-preference\) \{.*?\n\}", "", css, flags=re.S)
    assert "animation" not in outside and "transition" not in outside
    assert ":hover" not in re.sub(r"@media \(hover: hover\) \{[^\n]*\}", "", outside)


# -- the opening on the table ----------------------------------------------------------------------
def test_a_take_shows_the_stones_in_the_drawer_then_on_the_takers_black_cushion():
    state = started()
    put(state, (MIDDLE, E), stones(ruby=1, diamond=2))
    choose(state, "thief", "detective", "detective")
    open_(state, (MIDDLE, E))
    opening = last_opening(state.view(0)["log"])
    assert opening.went == "black" and opening.taker == 0 and opening.arrived("black") == stones(ruby=1, diamond=2)
    html = BOARD.draw(scene(state, 0)).board
    table = table_of(html)
    assert table.count('data-motion="mt-fly"') == 3 and table.count("mt-ghost") == 3
    assert 'class="mt-tag black"' in html and ">Ann</span>" in html
    # Every motion key the opening's events name is on the board, so the shell can move it.
    events = state.view(None)["log"][-2:]
    for key in BOARD.motion(events, state.view(0)):
        assert f'data-motion="{key}"' in html + BOARD.draw(scene(state, 0)).hand, key


def test_a_spill_falls_onto_the_red_cushion_and_what_is_inside_stays():
    state = started()
    put(state, (MIDDLE, E), stones(sapphire=1), facing="down")
    put(state, (MIDDLE, E), stones(diamond=1), facing="up")
    choose(state, "thief", "thief", "detective")
    open_(state, (MIDDLE, E))
    assert state.actor != 0                               # the spill ended Ann's turn
    opening = on_show(state.view(1))                      # the next screen shows what spilled
    assert opening is not None and opening.spilled == stones(sapphire=1) and opening.went == "stay"
    table = table_of(BOARD.draw(scene(state, 0)).board)
    assert table.count('data-motion="mt-fall"') == 1 and "mt-ghost" not in table
    spill = [event for event in state.view(None)["log"] if event["type"] == "open"][-1]
    assert BOARD.motion([spill], state.view(0))["mt-drawer-1-1"] == "tt-shake"
    # Until the next drawer opens: then only that one.
    open_(state, (TOP, S))
    assert on_show(state.view(0)).by == 1


def test_fakes_and_a_token_put_in_drop_into_the_open_drawer():
    state = started()
    choose(state, "goldsmith", "detective", "detective")
    open_(state, (MIDDLE, E))
    state.apply(0, {"type": "place_fake", "stone": "sapphire"})
    marks = BOARD.motion(state.view(None)["log"][-1:], state.view(0))
    assert marks == {"mt-fake-0": "mt-drop"}
    state.apply(0, {"type": "alarm", "set": True})
    html = BOARD.draw(scene(state, 0)).board
    assert 'data-motion="mt-fake-0"' in html and 'data-motion="mt-token-set"' in html


def alarm_upside_down():
    """Ann (the Goldsmith) sets her alarm in the middle east drawer and flips the cabinet: the
    drawer is now the middle west one, the token in its lower half.  Ben (the Thief) opens next."""
    state = started()
    choose(state, "goldsmith", "thief", "detective")
    open_(state, (MIDDLE, E))
    state.apply(0, {"type": "no_fake"})
    state.apply(0, {"type": "alarm", "set": True})
    state.apply(0, {"type": "flip"})
    state.apply(0, {"type": "done"})
    return state


def test_an_alarm_token_that_falls_lights_up_its_owner():
    state = alarm_upside_down()
    open_(state, (MIDDLE, W))                              # the same drawer, upside down: the token falls
    event = [event for event in state.view(None)["log"] if event["type"] == "open"][-1]
    assert event["alarm"] == 0
    assert BOARD.motion([event], state.view(None))["mt-player-0"] == "mt-lit"
    html = BOARD.draw(scene(state, None, moment="handover")).board
    assert re.search(r'class="mt-player[^"]*alarmed[^"]*" data-motion="mt-player-0"', html)


def test_an_empty_drawer_is_drawn_empty_and_said_without_a_sentence_on_screen():
    state = started()
    choose(state, "thief", "detective", "detective")
    open_(state, (MIDDLE, E))
    html = BOARD.draw(scene(state, 0)).board
    table = table_of(html)
    assert 'class="mt-tray"' in table and "mt-stone" not in table and "mt-ghost" not in table
    assert "Inside: nothing" not in re.sub(r'aria-label="[^"]*"', "", html)


def test_the_board_never_draws_a_closed_drawers_contents():
    """"the board never lists them afterwards" (RULINGS, Master Thieves)."""
    state = started()
    put(state, (TOP, N), stones(ruby=3))
    put(state, (MIDDLE, N), stones(ruby=2))
    regions = BOARD.draw(scene(state, 0))
    assert not RUBIES.search(everything(regions)) and 'data-testid="open-drawer"' not in regions.board
    choose(state, "thief", "detective", "detective")
    open_(state, (MIDDLE, E))
    assert 'data-testid="open-drawer"' in BOARD.draw(scene(state, 0)).board     # as it opens, on show
    state.apply(0, {"type": "done"})
    # The round is over: its opening lands on the next screen (bots alone, no cover), then shuts:
    # on the next round's cover and once anyone has chosen a role (issue 24: it stayed open until
    # the reveal).
    assert state.phase == "choose"
    assert 'data-testid="open-drawer"' in BOARD.draw(scene(state, 0)).board
    shut = [BOARD.draw(scene(state, None, moment="handover"))]
    state.apply(1, {"type": "choose_role", "role": "detective"})
    shut += [BOARD.draw(scene(state, seat)) for seat in (0, 1, 2)]
    for regions in shut:
        assert 'data-testid="open-drawer"' not in regions.board
        assert not RUBIES.search(everything(regions)) and "mt-tray" not in table_of(regions.board).replace("mt-tray-spot", "")
    state.apply(0, {"type": "choose_role", "role": "thief"})
    state.apply(2, {"type": "choose_role", "role": "detective"})
    for seat in (1, 2):
        regions = BOARD.draw(scene(state, seat))
        assert not RUBIES.search(everything(regions)) and 'data-testid="open-drawer"' not in regions.board
        assert "mt-tray" not in table_of(regions.board).replace("mt-tray-spot", "")


def test_standings_and_cover_reasons():
    """(Was in the engine's tests: the end's table and the cover's words, from the public view.)"""
    state = bots_to(GAME.new_game(seats=4, seed=6), lambda s: False, random.Random(6))
    names = ["Ann", "Ben", "Cat", "Dan"]
    rows = BOARD.standings(state.view(None), names)
    assert {row["name"] for row in rows if row["place"] == 1} == {names[seat] for seat in state.outcome["winners"]}
    assert [row["figures"]["Score"] for row in rows] == sorted(state.outcome["scores"].values(), reverse=True)
    fresh = started(seats=4)
    assert BOARD.cover_reason(fresh.view(None), 2, names) == "Round 1: Cat chooses a role in secret."


def test_turns_flips_and_the_reveal_move_the_tiers_the_cabinet_and_the_role_cards():
    events = [{"type": "turn", "by": 0, "tier": 1, "quarters": 2}, {"type": "flip", "by": 0},
              {"type": "reveal", "round": 1, "roles": ["thief", "thief"], "order": [0, 1]}]
    assert BOARD.motion(events, {"log": events}) == {"mt-tier-1": "mt-spin-2", "mt-cabinet": "mt-flip",
                                                     "mt-role-0": "tt-flip", "mt-role-1": "tt-flip"}
    state = started()
    choose(state, "thief", "thief", "detective")
    html = BOARD.draw(scene(state, 0)).board + BOARD.draw(scene(state, 0)).hand
    for key in ("mt-tier-1", "mt-cabinet", "mt-role-0", "mt-role-1"):
        assert f'data-motion="{key}"' in html, key


def test_an_alarm_token_that_falls_alone_goes_home_not_onto_the_takers_cushion():
    state = alarm_upside_down()
    put(state, (MIDDLE, W), stones(diamond=2))             # what Ben (the Thief) takes
    open_(state, (MIDDLE, W))
    opening = last_opening(state.view(None)["log"])
    assert opening.alarm == 0 and opening.taker == 1 and opening.taken == stones(diamond=2)
    table = table_of(BOARD.draw(scene(state, 1)).board)
    pillow = table[table.index('class="mt-black-pillow"'):]
    token = table.index("<circle cx=\"8\" cy=\"8\" r=\"7\"")
    assert table[table.rfind("class=", 0, token):token].startswith('class="mt-stone mt-gone"')   # the token goes home
    assert pillow.count('data-motion="mt-fly"') == 2               # Ben's two diamonds fly to him


def test_watched_back_every_role_and_each_half_of_each_drawer_is_drawn_and_nothing_taps():
    """Replay (from view_all, while roles are being chosen): every role already chosen, and what
    each half of each compartment of every drawer holds; no button plays."""
    state = started()
    put(state, (TOP, N), stones(ruby=3), facing="down")
    state.apply(0, {"type": "choose_role", "role": "smuggler"})
    everything = state.view_all()
    drawn = BOARD.draw(Scene(everything, [], {}, NAMES, {}, [], "replay"))
    assert not re.search(r"data-(act|command|pick)", drawn.board) and not drawn.hand and not drawn.sheet
    assert "Smuggler" in drawn.board and "Smuggler" not in BOARD.draw(scene(state, None, "wait")).board
    rows = re.findall(r'<tr><th scope="row">.*?</tr>', re.search(r'data-testid="drawers".*?</section>', drawn.board).group(0))
    for tier, row in enumerate(everything["drawers"]):
        for side, page in enumerate(row):
            cells = re.findall(r"<td.*?</td>", rows[4 * tier + side])
            halves = [page["up"], page["down"], page["secret_up"], page["secret_down"]]
            for cell, half in zip(cells, halves):
                if half is not None and any(half.values()):
                    assert pycore.master_thieves.stones_text(half) in cell
    assert RUBIES.search(drawn.board)


def test_the_best_result_is_the_points():
    assert BOARD.best_result({"winners": [1], "scores": {"0": -3, "1": 12}}, 0) == (-3, "−3 points")
    assert BOARD.best_result({"winners": [1], "scores": {"0": -3, "1": 12}}, 1) == (12, "12 points")


def test_one_diamond_left_to_hide_is_said_in_the_singular():
    """Issue 24, words: the set-up said "1 diamonds" with one left to hide."""
    state = GAME.new_game(seats=3, seed=5)
    while state.view(None)["to_hide"] > 1:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    assert mt_board.bar_status(scene(state, seat)) == "Set-up · 1 diamond to hide"
    assert BOARDS["master-thieves"].summary(state.view(None), NAMES[:3]) == "Setting up: 1 diamond still to hide."


def test_a_three_player_hint_counts_the_smugglers_as_the_table_does():
    """Issue 24: at a table of three the Smuggler's hint spoke of "3 Smugglers" (you and the two
    others); it says who they are, and never more Smugglers than players."""
    from pycore.master_thieves.bots import Reading, _role_why
    from pycore.master_thieves.knowledge import Memory
    state = started()
    view = state.view(0)
    reading = Reading(view, Memory(view["log"]))
    alone, one, two = (_role_why(reading, "smuggler", smugglers=n) for n in (0, 1, 2))
    assert "against you alone, so it would be yours" in alone
    assert "against you and another Smuggler, so the Smugglers share it" in one
    assert "against you and 2 other Smugglers" in two and "3 Smugglers" not in two
    assert "the 2 other Smugglers you expect" in _role_why(reading, "detective", smugglers=2)
