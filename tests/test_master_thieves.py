"""Master Thieves: the rule text and RULINGS.md, scenario by scenario.

Games are played through the public contract.  Where a scenario needs particular stones in
particular halves, ``arrange`` (test-only) empties the cabinet and writes those halves directly;
such positions no longer hold every stone of the game, so they are not audited.
"""
import random

import pycore
from pycore.kit import resample
from pycore.master_thieves.cabinet import Cabinet, no_stones
from pycore.master_thieves.knowledge import Memory
from pycore.master_thieves.rules import FAKES, GUARD_ROUNDS, SETUP_DIAMONDS
from pycore.kit.words import guard_words
from scenario import play_advised, refused

GAME = pycore.GAMES["master-thieves"]
N, E, S, W = range(4)
TOP, MIDDLE, BOTTOM = range(3)


def stones(ruby=0, sapphire=0, diamond=0):
    return {"ruby": ruby, "sapphire": sapphire, "diamond": diamond}


def started(seats=3, seed=1, options=None):
    """A game past the set-up: every diamond hidden in the top north drawer."""
    state = GAME.new_game(seats=seats, seed=seed, options=options or {})
    while state.phase == "setup":
        state.apply(state.to_act[0], {"type": "hide", "tier": TOP, "side": N})
    return state


def arrange(state, halves=(), alarm=None):
    """Test-only: empty the cabinet, then fill halves: ``((tier, side), compartment, "up"|"down",
    stones)``; ``alarm``: ``((tier, side), "up"|"down", owner)``."""
    cabinet = state.cabinet
    for drawer in cabinet.drawers:
        for pair in drawer.halves.values():
            pair[0], pair[1] = no_stones(), no_stones()
        drawer.alarm = None
    for place, compartment, facing, content in halves:
        half = cabinet.up if facing == "up" else 1 - cabinet.up
        cabinet.at(place).halves[compartment][half] = dict(content)
    if alarm is not None:
        place, facing, owner = alarm
        cabinet.at(place).alarm = (cabinet.up if facing == "up" else 1 - cabinet.up, owner)
        state.token_home[owner] = False


def choose(state, *roles):
    for seat, role in enumerate(roles):
        state.apply(seat, {"type": "choose_role", "role": role})


def long_place(state, tier=TOP):
    return next((tier, side) for side in range(4) if state.cabinet.at((tier, side)).long)


def short_place(state, tier=TOP):
    return next((tier, side) for side in range(4) if not state.cabinet.at((tier, side)).long)


def open_(state, place):
    return state.apply(state.actor, {"type": "open", "tier": place[0], "side": place[1]})




# -- the cabinet ---------------------------------------------------------------------------------
def test_a_flip_turns_upward_halves_downward_and_opening_then_spills_them():
    """"Flipping the cabinet turns it upside down (tier order reversed, E and W exchanged, every
    upward half becomes downward)." "Opening a drawer spills its downward half(s)"."""
    state = started()
    arrange(state, [((TOP, E), "normal", "up", stones(diamond=2))])
    choose(state, "goldsmith", "thief", "detective")
    open_(state, (MIDDLE, N))
    state.apply(0, {"type": "no_fake"})
    state.apply(0, {"type": "alarm", "set": False})
    state.apply(0, {"type": "flip"})
    state.apply(0, {"type": "done"})
    # The top east drawer is now the bottom WEST drawer, its diamonds in the downward half.
    assert state.view(None)["red"] == stones()
    events = open_(state, (BOTTOM, W))
    assert events[0]["spilled"] == stones(diamond=2) and state.black[1] == stones()
    assert state.black[2] == stones(diamond=2)   # the Detective's, at the end of the round


def test_a_tier_turn_moves_drawers_between_sides_and_flips_swap_east_and_west():
    """"Turning a tier turns it 90, 180 or 270 degrees." Drawers are addressed as seen now."""
    cabinet = Cabinet()
    marked = cabinet.at((MIDDLE, N)).number
    cabinet.turn(MIDDLE, 1)
    assert cabinet.place_of(marked) == (MIDDLE, E)
    cabinet.turn(MIDDLE, 2)
    assert cabinet.place_of(marked) == (MIDDLE, W)
    top_east = cabinet.at((TOP, E)).number
    cabinet.flip()
    assert cabinet.place_of(top_east) == (BOTTOM, W)
    assert cabinet.place_of(marked) == (MIDDLE, E)
    cabinet.flip()
    assert cabinet.place_of(top_east) == (TOP, E) and cabinet.up == 0


def test_a_tier_turn_in_play_takes_the_stones_along():
    state = started()
    arrange(state, [((BOTTOM, N), "normal", "up", stones(sapphire=1))])
    choose(state, "connoisseur", "thief", "detective")
    open_(state, (TOP, S))
    state.apply(0, {"type": "no_fake"})
    state.apply(0, {"type": "turn", "tier": BOTTOM, "quarters": 3})   # N -> W
    state.apply(0, {"type": "done"})
    open_(state, (BOTTOM, W))
    assert state.black[1] == stones(sapphire=1)


def test_the_faces_show_long_and_short_drawers_and_turn_with_the_tier():
    state = started()
    faces = state.view(None)["faces"]
    assert all(row.count(True) == 2 for row in faces)
    choose(state, "thief", "detective", "detective")
    open_(state, (TOP, N))
    state.apply(0, {"type": "turn", "tier": TOP, "quarters": 1})
    after = state.view(None)["faces"]
    assert after[TOP] == faces[TOP][-1:] + faces[TOP][:-1]


# -- set-up ----------------------------------------------------------------------------------------
def test_setup_rubies_flip_rubies_then_players_hide_twelve_diamonds_in_turn():
    """"Set-up: 3 rubies into secret compartments, flip, 3 more rubies; then 12 diamonds placed by
    the players in turn into normal compartments; then random turns of tiers and a flip.\""""
    state = GAME.new_game(seats=3, seed=5)
    log = state.view(None)["log"]
    # One flip between the rubies, none after them: nobody at a table flips the cabinet there.
    assert [e["type"] for e in log] == ["ruby"] * 3 + ["flip"] + ["ruby"] * 3
    rubies = [drawer.halves["secret"] for drawer in state.cabinet.drawers if drawer.long]
    assert sum(half[0]["ruby"] for half in rubies) == 3 and sum(half[1]["ruby"] for half in rubies) == 3
    # The second three lie in the halves facing up as the players start hiding diamonds.
    assert sum(half[state.cabinet.up]["ruby"] for half in rubies) == 3
    hiders = []
    for number in range(SETUP_DIAMONDS):
        assert state.view(None)["to_hide"] == SETUP_DIAMONDS - number
        seat = state.to_act[0]
        hiders.append(seat)
        state.apply(seat, {"type": "hide", "tier": MIDDLE, "side": number % 4})
    assert hiders == [n % 3 for n in range(SETUP_DIAMONDS)]
    tail = [e["type"] for e in state.view(None)["log"][-5:]]
    assert tail == ["turn", "turn", "turn", "flip", "round"]
    assert state.phase == "choose" and state.to_act == (0, 1, 2)
    GAME.audit(state)


def test_each_player_starts_with_8_diamonds_and_2_sapphires_as_fakes():
    state = started(seats=5)
    for player in state.view(None)["players"]:
        assert player["white"] == stones(**FAKES) and player["black"] == stones()
        assert player["score"] == -12 and player["token_home"]


def test_the_same_seed_sets_up_the_same_way():
    """Common rulings: "A new game with the same game, seats, options and seed deals exactly the same way.\""""
    assert started(seed=9).view(None) == started(seed=9).view(None)
    assert started(seed=9).cabinet.slots != started(seed=10).cabinet.slots or \
        started(seed=9).view(None)["log"] != started(seed=10).view(None)["log"]


# -- roles -----------------------------------------------------------------------------------------
def test_roles_are_secret_until_everyone_has_chosen_then_revealed_together():
    """"everyone picks a role in secret ... reveal\""""
    state = started()
    state.apply(1, {"type": "choose_role", "role": "thief"})
    assert state.view(1)["roles"] == [None, "thief", None]
    assert state.view(0)["roles"] == [None, None, None] and state.view(0)["chosen"] == [False, True, False]
    assert all("thief" not in str(event) for event in state.view(0)["log"])
    other = resample(state, 0, random.Random(3))
    assert other.view(0) == state.view(0)
    state.apply(0, {"type": "choose_role", "role": "detective"})
    events = state.apply(2, {"type": "choose_role", "role": "thief"})
    assert events[0]["type"] == "reveal" and events[0]["roles"] == ["detective", "thief", "thief"]
    assert state.view(0)["roles"] == ["detective", "thief", "thief"]
    refused(state, 0, {"type": "choose_role", "role": "thief"}, "round")


def test_roles_act_in_role_order_ties_in_turn_order_from_the_rounds_first_player():
    """"roles act in role order, ties in turn order from the round's first player (which moves one
    seat each round)\""""
    state = started(seats=4)
    choose(state, "thief", "thief", "smuggler", "detective")
    assert state.view(None)["order"] == [0, 1] and state.actor == 2
    for _ in range(3):
        open_(state, (TOP, E) if state.actor != 2 else (MIDDLE, E))
        if state.step == "handle":
            state.apply(state.actor, {"type": "done"})
    assert state.round == 2 and state.first == 1
    choose(state, "thief", "thief", "thief", "goldsmith")
    assert state.actor == 3 and state.view(None)["order"] == [1, 2, 0]


def test_the_detective_opens_no_drawer():
    """"Detective: opens nothing\""""
    state = started()
    choose(state, "detective", "thief", "thief")
    assert state.actor == 1
    refused(state, 0, {"type": "open", "tier": 0, "side": 0}, "not your turn")


# -- opening and spills ------------------------------------------------------------------------------
def test_a_spill_goes_to_the_red_cushion_and_ends_the_turn_without_the_effect():
    """"If anything spilled, it goes to the red cushion and the turn ends without the role's effect\""""
    state = started()
    place = short_place(state)
    arrange(state, [(place, "normal", "down", stones(diamond=1)), (place, "normal", "up", stones(ruby=1))])
    choose(state, "thief", "detective", "detective")
    open_(state, place)
    assert state.red == stones(diamond=1) and state.black[0] == stones()
    # The thief's turn ended, and so did the round: one diamond cannot be shared by two detectives.
    assert state.round == 2 and state.black[1] == state.black[2] == stones()


def test_the_connoisseur_still_places_fakes_after_a_spill_but_may_not_turn():
    """"(the Connoisseur still places fakes)"; "Connoisseur: puts one fake in, plus one more per
    Detective this round, even after a spill.\""""
    state = started(seats=4)
    place = short_place(state)
    arrange(state, [(place, "normal", "down", stones(diamond=1))])
    choose(state, "connoisseur", "detective", "detective", "thief")
    open_(state, place)
    assert state.step == "place" and state.view(0)["fakes_left"] == 3
    for kind in ("sapphire", "sapphire", "diamond"):
        state.apply(0, {"type": "place_fake", "stone": kind})
    assert state.actor == 3 and state.step == "open"
    assert state.cabinet.upward(place, "normal") == stones(sapphire=2, diamond=1)
    assert state.white[0] == stones(diamond=7)


def test_a_lone_alarm_token_falling_out_goes_home_and_the_turn_goes_on():
    state = started()
    place = short_place(state)
    arrange(state, [(place, "normal", "up", stones(diamond=2))], alarm=(place, "down", 2))
    choose(state, "thief", "detective", "detective")
    events = open_(state, place)
    assert events[0]["alarm"] == 2 and state.token_home[2]
    assert state.black[0] == stones(diamond=2) and state.step == "handle"


# -- each role ---------------------------------------------------------------------------------------
def test_the_thief_takes_the_upward_normal_contents_but_not_the_secret():
    """"Thief: takes the drawer's upward normal contents to the black cushion.\""""
    state = started()
    place = long_place(state)
    arrange(state, [(place, "normal", "up", stones(diamond=2, sapphire=1)),
                    (place, "secret", "up", stones(ruby=1))])
    choose(state, "thief", "detective", "detective")
    events = open_(state, place)
    assert events[0]["secret_seen"] is None and events[1] == {"type": "take", "by": 0,
                                                               "stones": stones(sapphire=1, diamond=2)}
    assert state.cabinet.upward(place, "secret") == stones(ruby=1)


def test_the_master_thief_takes_the_secret_compartment_too():
    """"Master Thief: the same, plus the upward secret contents of a long drawer.\""""
    state = started()
    place = long_place(state)
    arrange(state, [(place, "normal", "up", stones(diamond=1)), (place, "secret", "up", stones(ruby=2))])
    choose(state, "master_thief", "detective", "detective")
    events = open_(state, place)
    assert events[0]["full"] and events[0]["secret_seen"] == stones(ruby=2)
    assert state.black[0] == stones(ruby=2, diamond=1)


def test_the_master_thiefs_full_pull_spills_the_secret_downward_half():
    """"Opening a drawer spills its downward half(s) (normal half; for a Master Thief's full pull
    the secret half too)\""""
    state = started()
    place = long_place(state)
    arrange(state, [(place, "secret", "down", stones(ruby=1)), (place, "secret", "up", stones(ruby=1))])
    choose(state, "master_thief", "master_thief", "master_thief")
    open_(state, place)
    assert state.red == stones(ruby=1) and state.black[0] == stones()
    assert state.actor == 1   # no effect, no turning


def test_a_thief_opening_a_long_drawer_does_not_spill_its_secret_half():
    state = started()
    place = long_place(state)
    arrange(state, [(place, "secret", "down", stones(ruby=1)), (place, "normal", "up", stones(diamond=1))])
    choose(state, "thief", "detective", "detective")
    open_(state, place)
    assert state.red == stones() and state.black[0] == stones(diamond=1)


def test_the_smuggler_moves_the_upward_contents_to_the_red_cushion():
    """"Smuggler: moves the drawer's upward contents to the red cushion\""""
    state = started()
    place = short_place(state)
    arrange(state, [(place, "normal", "up", stones(sapphire=1, diamond=1))])
    choose(state, "smuggler", "thief", "thief")
    events = open_(state, place)
    assert events[1]["type"] == "smuggle" and state.red == stones(sapphire=1, diamond=1)


def test_smugglers_who_outnumber_the_detectives_share_the_red_cushion():
    """"at the end of the round, if smugglers outnumber detectives, the smugglers share the red cushion\""""
    state = started(seats=4)
    place = short_place(state)
    arrange(state, [(place, "normal", "up", stones(ruby=1, sapphire=1, diamond=1))])
    choose(state, "smuggler", "smuggler", "detective", "thief")
    open_(state, place)
    state.apply(0, {"type": "done"})
    open_(state, short_place(state, MIDDLE))
    state.apply(1, {"type": "done"})
    open_(state, short_place(state, BOTTOM))
    state.apply(3, {"type": "done"})
    assert state.black[0] == stones(ruby=1) and state.black[1] == stones(sapphire=1)
    assert state.black[2] == stones() and state.red == stones(diamond=1)


def test_detectives_not_outnumbered_take_the_red_cushion():
    """"Detective: ... if detectives are not outnumbered by smugglers, the detectives share the red cushion.\""""
    state = started(seats=3)
    place = short_place(state)
    arrange(state, [(place, "normal", "up", stones(sapphire=1))])
    choose(state, "smuggler", "detective", "thief")
    open_(state, place)
    state.apply(0, {"type": "done"})
    open_(state, short_place(state, MIDDLE))
    state.apply(2, {"type": "done"})
    assert state.black[1] == stones(sapphire=1) and state.black[0] == stones()


def test_goldsmith_places_a_fake_and_the_alarm_token():
    """"Goldsmith: may put one fake in; if the drawer holds no alarm token, may put theirs in.\""""
    state = started()
    place = short_place(state)
    arrange(state)
    choose(state, "goldsmith", "detective", "detective")
    open_(state, place)
    assert state.view(0)["fakes_left"] == 1
    state.apply(0, {"type": "place_fake", "stone": "sapphire"})
    assert state.step == "alarm"
    state.apply(0, {"type": "alarm", "set": True})
    assert not state.token_home[0] and state.cabinet.at(place).alarm == (state.cabinet.up, 0)
    assert state.white[0] == stones(sapphire=1, diamond=8)


def test_no_second_alarm_token_in_a_drawer_and_none_while_ones_own_is_out():
    state = started()
    place = short_place(state)
    arrange(state, alarm=(place, "up", 1))
    choose(state, "goldsmith", "goldsmith", "detective")
    open_(state, place)
    state.apply(0, {"type": "no_fake"})
    assert state.step == "handle"   # the drawer holds Bo's token: no alarm step
    refused(state, 0, {"type": "alarm", "set": True}, "cannot set the alarm")
    state.apply(0, {"type": "done"})
    open_(state, short_place(state, MIDDLE))
    state.apply(1, {"type": "place_fake", "stone": "diamond"})
    assert state.step == "handle"   # Bo's own token is in the cabinet


def test_an_alarm_token_that_spills_gives_its_owner_the_stones_it_fell_with():
    """"When an alarm token spills, its owner takes every stone that spilled from that drawer in
    that opening (for a Master Thief's full pull, the secret half's too), not the red cushion.\""""
    state = started()
    arrange(state)
    choose(state, "goldsmith", "thief", "detective")
    open_(state, (TOP, N))
    state.apply(0, {"type": "place_fake", "stone": "sapphire"})
    state.apply(0, {"type": "alarm", "set": True})
    state.apply(0, {"type": "flip"})          # the top north drawer is now the bottom north one
    state.apply(0, {"type": "done"})
    events = open_(state, (BOTTOM, N))
    assert events[0]["alarm"] == 0 and events[0]["alarm_took"] == stones(sapphire=1)
    assert state.black[0] == stones(sapphire=1) and state.red == stones() and state.token_home[0]
    assert state.actor == 2 or state.round == 2   # the thief's turn ended: something fell out


def test_an_alarm_token_on_a_full_pull_takes_the_secret_halfs_stones_too():
    """"When an alarm token spills, its owner takes every stone that spilled from that drawer in
    that opening (for a Master Thief's full pull, the secret half's too), not the red cushion.\""""
    state = started()
    place = long_place(state)
    arrange(state, [(place, "normal", "down", stones(diamond=1)), (place, "secret", "down", stones(ruby=1))],
            alarm=(place, "down", 2))
    choose(state, "master_thief", "master_thief", "detective")
    events = open_(state, place)
    assert events[0]["full"] and events[0]["alarm"] == 2
    assert events[0]["alarm_took"] == stones(ruby=1, diamond=1) and events[0]["spilled"] == stones()
    assert state.black[2] == stones(ruby=1, diamond=1) and state.red == stones() and state.token_home[2]
    assert state.black[0] == stones() and state.actor == 1   # stones fell out: the turn ended


def test_the_connoisseur_places_one_more_fake_per_detective():
    state = started(seats=5)
    arrange(state)
    choose(state, "connoisseur", "detective", "detective", "thief", "thief")
    open_(state, (TOP, N))
    assert state.view(None)["fakes_left"] == 3
    state.apply(0, {"type": "place_fake", "stone": "diamond"})
    state.apply(0, {"type": "no_fake"})
    assert state.step == "handle" and state.white[0] == stones(sapphire=2, diamond=7)


def test_after_a_clean_opening_one_turn_and_one_flip_in_either_order():
    """"If nothing spilled ... then the player may turn one tier and/or flip the cabinet.\""""
    state = started()
    arrange(state)
    choose(state, "thief", "thief", "detective")
    open_(state, (TOP, N))
    state.apply(0, {"type": "flip"})
    refused(state, 0, {"type": "flip"}, "already")
    state.apply(0, {"type": "turn", "tier": MIDDLE, "quarters": 2})
    assert state.actor == 1 and state.step == "open"
    open_(state, (TOP, N))
    state.apply(1, {"type": "turn", "tier": TOP, "quarters": 1})
    refused(state, 1, {"type": "turn", "tier": TOP, "quarters": 1}, "already")
    refused(state, 1, {"type": "turn", "tier": 5, "quarters": 1})
    state.apply(1, {"type": "done"})
    assert state.round == 2


# -- sharing, the end, the score ------------------------------------------------------------------------
def test_sharing_deals_one_stone_at_a_time_most_valuable_first_and_leaves_the_rest():
    """"Sharing: stones are dealt one at a time, most valuable first, in turn order; what cannot be
    shared evenly stays on the red cushion.\""""
    state = started(seats=4)
    arrange(state)
    state.red = stones(ruby=1, sapphire=2, diamond=2)
    choose(state, "thief", "detective", "detective", "detective")
    open_(state, (TOP, N))
    state.apply(0, {"type": "done"})
    # detectives 1, 2, 3 in turn order: ruby, sapphire, sapphire; diamond, diamond left.
    assert [state.black[s] for s in (1, 2, 3)] == [stones(ruby=1), stones(sapphire=1), stones(sapphire=1)]
    assert state.red == stones(diamond=2)
    share = [e for e in state.view(None)["log"] if e["type"] == "share"][-1]
    assert share["to"] == [1, 2, 3] and share["left"] == stones(diamond=2)


def test_sharing_starts_from_the_rounds_first_player():
    state = started(seats=3)
    arrange(state)
    choose(state, "thief", "thief", "thief")
    for _ in range(3):
        open_(state, (TOP, N))
        state.apply(state.actor, {"type": "done"})
    assert state.first == 1
    state.red = stones(ruby=1, diamond=1)
    choose(state, "detective", "detective", "thief")
    open_(state, (TOP, N))
    state.apply(2, {"type": "done"})
    assert state.black[1] == stones(ruby=1) and state.black[0] == stones(diamond=1)


def test_the_game_ends_with_the_round_in_which_a_white_cushion_empties():
    """"End: at the end of the round in which some player's white cushion is empty. Score: black
    value minus white value; ties share the win.\""""
    state = started(seats=3)
    arrange(state)
    state.white[0] = stones(diamond=1)
    state.black[1] = stones(sapphire=1)
    state.black[2] = stones(diamond=1)
    choose(state, "connoisseur", "thief", "thief")
    open_(state, (TOP, N))
    state.apply(0, {"type": "place_fake", "stone": "diamond"})
    assert state.step == "handle" and not state.is_over
    state.apply(0, {"type": "done"})
    open_(state, (MIDDLE, N))
    state.apply(1, {"type": "done"})
    assert not state.is_over    # the round still runs
    open_(state, (TOP, N))   # seat 2 takes the fake diamond
    state.apply(2, {"type": "done"})
    assert state.is_over and state.outcome["scores"] == {"0": 0, "1": -10, "2": -10}
    assert state.outcome["winners"] == [0]


def test_ties_share_the_win():
    state = started(seats=2)
    arrange(state)
    state.white = [stones(diamond=1), stones(diamond=1)]
    choose(state, "connoisseur", "connoisseur")
    open_(state, (TOP, N))
    state.apply(0, {"type": "place_fake", "stone": "diamond"})
    state.apply(0, {"type": "done"})
    open_(state, (TOP, E))
    state.apply(1, {"type": "place_fake", "stone": "diamond"})
    state.apply(1, {"type": "done"})
    assert state.outcome["winners"] == [0, 1] and state.outcome["reason"] == "fakes"


def test_a_game_ends_only_as_the_text_says_and_the_guard_stops_a_stalled_table_as_a_draw():
    """RULINGS, common: "A game ends only as its text says. No game has a round limit that people
    could reach in play. ... an engine may keep a guard far beyond any natural game ...; it ends
    the game as a draw, said as such.\""""
    assert GUARD_ROUNDS >= 100
    state = started(seats=2)
    while not state.is_over:
        seat = state.to_act[0]
        if state.phase == "choose":
            state.apply(seat, {"type": "choose_role", "role": "thief"})
        elif state.step == "open":
            open_(state, (TOP, N))
        else:
            state.apply(seat, {"type": "done"})
        assert state.is_over or state.round <= GUARD_ROUNDS
    assert state.round == GUARD_ROUNDS
    assert state.outcome["reason"] == "guard" and state.outcome["winners"] == []
    over = state.view(None)["log"][-1]
    assert over["type"] == "over" and over["reason"] == "guard" and over["winners"] == []
    words = GAME.describe(over, ["Ann", "Bo"])
    assert words.startswith(guard_words(GUARD_ROUNDS)) and "draw" in words
    assert any(str(GUARD_ROUNDS) in rule and "draw" in rule for rule in pycore.master_thieves.TABLE_RULES)


# -- what the view shows -------------------------------------------------------------------------------
def test_no_view_lists_the_cabinets_contents_only_the_open_drawer_and_the_log():
    """"Contents are seen by all when a drawer opens, but the board never lists them afterwards\""""
    state = started()
    view = state.view(0)
    assert "notebook" not in view and view["open"] is None
    assert set(view) >= {"faces", "players", "red"}
    place = short_place(state)
    arrange(state, [(place, "normal", "up", stones(diamond=3))])
    choose(state, "goldsmith", "thief", "thief")
    open_(state, place)
    assert state.view(1)["open"] == {"tier": place[0], "side": place[1], "normal": stones(diamond=3),
                                     "secret": None, "token": None}
    state.apply(0, {"type": "no_fake"})
    state.apply(0, {"type": "alarm", "set": False})
    assert state.view(1)["open"] is None   # closed before any turning


def test_the_notebook_option_lists_what_the_public_record_puts_in_each_drawer():
    state = started(options={"notebook": True})
    notebook = state.view(1)["notebook"]
    everything = sum(page["up"]["diamond"] + page["down"]["diamond"] for row in notebook for page in row)
    assert everything == SETUP_DIAMONDS
    rubies = sum((page["secret_up"] or stones())["ruby"] + (page["secret_down"] or stones())["ruby"]
                 for row in notebook for page in row)
    assert rubies == 6


def drawer_halves(cabinet):
    """Each half of each compartment of each drawer standing at each place, from the cabinet itself."""
    up, down = cabinet.up, 1 - cabinet.up
    return [[(drawer.halves["normal"][up], drawer.halves["normal"][down],
              drawer.halves["secret"][up] if "secret" in drawer.halves else None,
              drawer.halves["secret"][down] if "secret" in drawer.halves else None, drawer.alarm)
             for drawer in (cabinet.drawers[number] for number in row)] for row in cabinet.slots]


def test_view_all_turns_up_every_role_and_what_every_drawer_holds():
    """Watching a game back: roles chosen and not yet revealed, and each half of each compartment."""
    state = started()
    place = long_place(state)
    arrange(state, [(place, "normal", "up", stones(diamond=3)), (place, "secret", "down", stones(ruby=2))],
            alarm=(place, "down", 2))
    state.apply(0, {"type": "choose_role", "role": "smuggler"})
    everything, public = state.view_all(), state.view(None)
    assert everything["seat"] is None and everything["log"] == public["log"]
    assert everything["roles"] == ["smuggler", None, None] and public["roles"] == [None, None, None]
    assert "drawers" not in public and "notebook" not in public
    shown = [[(page["up"], page["down"], page["secret_up"], page["secret_down"],
               None if page["token"] is None else (state.cabinet.up if page["token"] == "up" else 1 - state.cabinet.up,
                                                   page["token_owner"]))
              for page in row] for row in everything["drawers"]]
    assert shown == drawer_halves(state.cabinet)
    assert everything["drawers"][place[0]][place[1]]["secret_down"] == stones(ruby=2)
    assert {key: value for key, value in everything.items() if key not in ("roles", "drawers")} == \
        {key: value for key, value in public.items() if key != "roles"}


def test_the_final_view_turns_the_cabinet_up_for_everyone():
    state = GAME.new_game(seats=2, seed=25000)
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    assert state.view(None) == state.view_all()
    assert state.view(1)["drawers"] == state.view_all()["drawers"]
    assert all(role is not None for role in state.view(None)["roles"])


def test_a_perfect_memory_of_the_public_log_knows_the_cabinet_exactly():
    """Everything but the roles is public: replaying the log rebuilds the cabinet (the Ruthless bot's
    memory and the notebook agree with the game)."""
    state = GAME.new_game(seats=4, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        seat = rng.choice(state.to_act)
        state.apply(seat, GAME.bots["ruthless"].choose(state.view(seat), state.legal_actions(seat), rng))
        memory = Memory(state.view(seat)["log"])
        assert memory.cabinet.slots == state.cabinet.slots and memory.cabinet.up == state.cabinet.up
        assert [d.halves for d in memory.cabinet.drawers] == [d.halves for d in state.cabinet.drawers]
        assert [d.alarm for d in memory.cabinet.drawers] == [d.alarm for d in state.cabinet.drawers]


def test_bad_actions_are_refused_with_a_reason():
    state = started()
    refused(state, 0, {"type": "open", "tier": 0, "side": 0}, "not your turn")
    refused(state, 0, {"type": "choose_role", "role": "king"}, "king")
    refused(state, 0, {"type": "hide", "tier": 0, "side": 0}, "hidden")
    choose(state, "goldsmith", "thief", "thief")
    refused(state, 0, {"type": "open", "tier": 3, "side": 0}, "tier 0-2")
    refused(state, 0, {"type": "place_fake", "stone": "diamond"}, "Goldsmith or Connoisseur")
    open_(state, (TOP, N))
    refused(state, 0, {"type": "place_fake", "stone": "ruby"}, "diamond or a sapphire")
    refused(state, 0, {"type": "flip"}, "only after opening")


def test_the_log_never_says_which_stones_a_drawer_held_but_the_events_keep_them_for_the_board():
    """RULINGS, "What is secret": "Without the notebook, the log, recaps and covers say who opened
    which drawer and what happened (a spill, a take, a fake put in) but never which stones were
    inside; the board shows the stones as the drawer opens, for everyone at the table to see and
    remember.\""""
    stone_words = ("ruby", "rubies", "sapphire", "diamond")
    told = set()
    for seed in range(4):
        state = GAME.new_game(seats=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
        for event in state.view(0)["log"]:
            words = GAME.describe(event, ["Ann", "Bo", "Cy"], 0).lower()
            if event["type"] in ("open", "smuggle", "take", "place_fake", "alarm"):
                assert not any(stone in words for stone in stone_words), words
            if event["type"] in ("ruby", "hide"):     # where a stone went is never said
                assert "drawer" not in words and " the top" not in words, words
            if event["type"] == "open":
                something = bool(sum(event["spilled"].values()) or event["alarm"] is not None)
                assert "drawer" in words and ("nothing spilled" not in words) == something
                assert {"spilled", "alarm_took", "seen", "secret_seen", "token"} <= set(event)
                told.add("opened")
            if event["type"] in ("take", "smuggle"):
                assert set(event["stones"]) == {"ruby", "sapphire", "diamond"}
                told.add(event["type"])
            if event["type"] == "place_fake":
                assert "fake" in words and event["stone"] in ("sapphire", "diamond")
                told.add("fake")
    assert told == {"opened", "take", "smuggle", "fake"}


def test_words_for_every_kind_of_event():
    state = GAME.new_game(seats=3, seed=2)
    rng = random.Random(2)
    kinds = set()
    while not state.is_over:
        seat = rng.choice(state.to_act)
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    for seat in (None, 0):
        for event in state.view(seat)["log"]:
            kinds.add(event["type"])
            text = GAME.describe(event, ["Ann", "Bo", "Cy"], seat)
            assert text and "(" + event["type"] + ")" != text
    assert {"ruby", "hide", "turn", "flip", "round", "chose", "reveal", "open", "over"} <= kinds


# -- bots ------------------------------------------------------------------------------------------
def test_two_ruthless_bots_play_to_a_real_end():
    """RULINGS, common: "Bots must play to a real end".  Two Ruthless bots once waited for each
    other to smuggle, both played the Detective round after round, and nothing ever moved."""
    for seed in range(25000, 25012):
        state = GAME.new_game(seats=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, GAME.bots["ruthless"].choose(state.view(seat), state.legal_actions(seat), rng))
        assert state.outcome["reason"] == "fakes", seed
        roles = [tuple(e["roles"]) for e in state.view(None)["log"] if e["type"] == "reveal"]
        assert not any(a == b == ("detective", "detective") for a, b in zip(roles, roles[1:]))


def test_the_ruthless_bot_gives_its_reason_with_its_choice():
    """Issue 20: advise(view, legal, rng) is {"action": what choose returns, "why": a sentence},
    from the view alone: dealing afresh what the seat cannot see changes neither."""
    kinds = set()
    for seed, seats in ((1, 3), (2, 5), (3, 2)):
        kinds |= {advice["action"]["type"] for advice in
                  play_advised(GAME, GAME.new_game(seats=seats, seed=seed), random.Random(seed))}
    assert kinds >= {"hide", "choose_role", "open", "place_fake", "alarm", "turn", "flip", "done"}
