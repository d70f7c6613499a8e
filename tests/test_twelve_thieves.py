"""12 Thieves: the rule text, scenario by scenario (twelve-thieves.txt and RULINGS.md).

Positions are arranged with the helpers below (test-only): ``started`` places the guards through
the contract, ``hold`` swaps cards between a hand and the deck (every card stays exactly once),
``guards_at`` and ``thieves_at`` rearrange pieces (the audit checks every piece is still there).
Normal play and record/replay never use them.
"""
import random

import pytest

import pycore
from pycore.kit import resample
from pycore.twelve_thieves import rules
from pycore.twelve_thieves.rules import DANCER, NEUTRAL, PALACES, card_index
from scenario import play_advised

GAME = pycore.GAMES["twelve-thieves"]
SUN, MOON, STAR, LAMP, ROSE, KEY = range(6)


# -- test-only position building ----------------------------------------------------------------
def started(seats=3, seed=1):
    """A game whose guards went down through the contract, player 1 to act."""
    state = GAME.new_game(seats=seats, seed=seed)
    while state.phase == "guards":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    return state


def hold(state, seat, cards):
    """Make ``seat``'s hand exactly ``cards`` (codes): its cards go back into the deck and the
    wanted ones come out of the deck (Dancers from the supply)."""
    hand = state.hands[seat]
    for palace in range(len(PALACES)):
        state.deck += [palace] * hand[palace]
    state.dancer_supply += hand[rules.DANCER_INDEX]
    state.hands[seat] = [0] * len(rules.CARDS)
    for card in cards:
        index = card_index(card)
        if card == DANCER:
            state.dancer_supply -= 1
        else:
            state.deck.remove(index)
        state.hands[seat][index] += 1
    GAME.audit(state)


def guards_at(state, layout):
    """Set the guards of some palaces ({palace: [owners]}); every other guard goes to the
    palaces not named, in board order, where there is room."""
    pool = [owner for owners in state.guards for owner in owners]
    for owners in layout.values():
        for owner in owners:
            pool.remove(owner)
    state.guards = [list(layout.get(palace, [])) for palace in range(len(PALACES))]
    others = [p for p in range(len(PALACES)) if p not in layout]
    for number, owner in enumerate(pool):     # spread out, one palace after another
        palace = next(p for p in others[number % len(others):] + others if state.open_space(p))
        state.guards[palace].append(owner)
    GAME.audit(state)


def thieves_at(state, palace, seat, count):
    state.thieves[palace][seat] = count
    GAME.audit(state)


def actions_of(state, seat, kind):
    return [action for action in state.legal_actions(seat) if action["type"] == kind]


def refused(state, seat, action, match):
    before = pycore.record(state)
    with pytest.raises(pycore.IllegalAction, match=match):
        state.apply(seat, action)
    assert pycore.record(state) == before


# -- set-up ------------------------------------------------------------------------------------
def test_the_board_at_the_start():
    """'6 palaces with 4 guard spaces each; 102 palace cards (17 per palace) and 8 Dancers kept
    face up beside the deck; 12 thieves per player.' 'Place 1 black neutral guard before each
    palace.' 'Arrange treasure stacks at each palace (top chest shows 4, then 5, 6, 7 underneath).'"""
    view = GAME.new_game(seats=3, seed=2).view(None)
    assert view["phase"] == "guards" and view["deck"] == 102 and view["dancer_supply"] == 8
    assert [p["guards"] for p in view["palaces"]] == [[None]] * 6
    assert all(p["open_spaces"] == 3 and p["chests"] == [4, 5, 6, 7] for p in view["palaces"])
    assert [p["thieves"] for p in view["players"]] == [12, 12, 12]


@pytest.mark.parametrize("seats,guards", [(2, 4), (3, 3), (4, 2)])
def test_guards_by_player_count(seats, guards):
    """'Distribute guards based on player count: 2 players: 4 guards each; 3 players: 3 guards
    each; 4 players: 2 guards each.'"""
    view = GAME.new_game(seats=seats, seed=1).view(None)
    assert [p["guards_to_place"] for p in view["players"]] == [guards] * seats


def test_guards_are_placed_one_at_a_time_in_turn():
    """'Players alternate placing their guards on palaces (1 at a time).'"""
    state = GAME.new_game(seats=2, seed=3)
    order = []
    while state.phase == "guards":
        seat = state.to_act[0]
        order.append(seat)
        refused(state, 1 - seat, {"type": "place_guard", "palace": 0}, "turn to place a guard")
        state.apply(seat, {"type": "place_guard", "palace": len(order) % 6})
    assert order == [0, 1] * 4
    assert state.phase == "turn" and state.to_act == (0,)


def test_a_full_palace_takes_no_more_guards():
    """'Guard spaces at palaces are limited' (four a palace)."""
    state = GAME.new_game(seats=3, seed=3)
    for _ in range(3):
        state.apply(state.to_act[0], {"type": "place_guard", "palace": SUN})
    assert {"type": "place_guard", "palace": SUN} not in state.legal_actions(state.to_act[0])
    refused(state, state.to_act[0], {"type": "place_guard", "palace": SUN}, "no open guard space")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_starting_hands_by_turn_order(seats):
    """'Deal starting cards based on player count and turn order: 2 players: 6 and 7 cards;
    3 players: 6, 7, and 8 cards; 4 players: 6, 7, 8, and 9 cards.' The hands are secret, their
    sizes public."""
    state = started(seats)
    view = state.view(None)
    assert [p["hand"] for p in view["players"]] == [6, 7, 8, 9][:seats]
    assert view["deck"] == 102 - sum([6, 7, 8, 9][:seats])
    assert "hand" not in view and len(state.view(1)["hand"]) == 7


# -- placing a thief ---------------------------------------------------------------------------
def test_a_thief_costs_one_card_of_that_palace_per_foreign_guard():
    """'Placing a thief needs at least one of your own guards and at least one foreign guard
    (neutral or opponent) at that palace, and costs one card of that palace per foreign guard.'"""
    state = started(3)
    guards_at(state, {SUN: [0, NEUTRAL, 1], MOON: [0, NEUTRAL], STAR: [NEUTRAL, 1]})
    hold(state, 0, ["sun", "sun", "moon", "star", "star"])
    places = {a["palace"]: a["pay"] for a in actions_of(state, 0, "place_thief")}
    assert places == {SUN: ["sun", "sun"], MOON: ["moon"]}
    state.apply(0, {"type": "place_thief", "palace": SUN, "pay": ["sun", "sun"]})
    view = state.view(0)
    assert view["palaces"][SUN]["thieves"][0] == 1 and view["hand"] == ["moon", "star", "star"]
    assert view["discard"][SUN] == 2 and view["players"][0]["thieves"] == 11
    refused(state, 0, {"type": "place_thief", "palace": STAR, "pay": ["star"]}, "no guard at palace 3")


def test_your_own_guards_do_not_cost_and_a_palace_of_only_yours_is_closed():
    """Only foreign guards cost; with no foreign guard there is nobody to slip past."""
    state = started(2)
    guards_at(state, {SUN: [0, 0, NEUTRAL], MOON: [0, 0]})
    hold(state, 0, ["sun", "moon"])
    assert [a["pay"] for a in actions_of(state, 0, "place_thief") if a["palace"] == SUN] == [["sun"]]
    refused(state, 0, {"type": "place_thief", "palace": MOON, "pay": []}, "no foreign guard")


def test_dancers_are_wild():
    """'Dancer cards are wild — they can substitute for any palace card.'"""
    state = started(3)
    guards_at(state, {SUN: [0, NEUTRAL, 2]})
    hold(state, 0, ["sun", DANCER, DANCER])
    pays = [a["pay"] for a in actions_of(state, 0, "place_thief") if a["palace"] == SUN]
    assert pays == [["sun", DANCER], [DANCER, DANCER]]
    state.apply(0, {"type": "place_thief", "palace": SUN, "pay": [DANCER, DANCER]})
    view = state.view(None)
    assert view["dancer_supply"] == 8 and view["players"][0]["dancers"] == 0   # played Dancers return
    assert view["discard"][SUN] == 0


def test_a_payment_that_does_not_match_is_refused_and_loses_nothing():
    state = started(3)
    guards_at(state, {SUN: [0, NEUTRAL]})
    hold(state, 0, ["moon", "moon"])
    refused(state, 0, {"type": "place_thief", "palace": SUN, "pay": ["moon"]}, "costs 1 card of that palace")
    refused(state, 0, {"type": "place_thief", "palace": SUN, "pay": ["sun"]}, "do not hold")
    refused(state, 0, {"type": "place_thief", "palace": SUN, "pay": "sun"}, "pay is a payment: a list of cards")
    refused(state, 0, {"type": "place_thief", "palace": 9, "pay": []}, "palace number")


def test_no_thieves_left_in_supply():
    """'12 thieves per player': the thirteenth cannot go in."""
    state = started(2)
    guards_at(state, {SUN: [0, NEUTRAL], MOON: [0, NEUTRAL]})
    thieves_at(state, MOON, 0, 3)
    thieves_at(state, SUN, 0, 0)
    state.thieves[STAR][0] = 9
    hold(state, 0, ["sun"])
    refused(state, 0, {"type": "place_thief", "palace": SUN, "pay": ["sun"]}, "all twelve")


# -- guard moves -------------------------------------------------------------------------------
def test_moving_your_own_guard_costs_one_card_of_either_palace():
    """'Move Your Own Guard: Play 1 card matching either the guard's current palace or its
    destination. The destination must have an open guard space.'"""
    state = started(3)
    guards_at(state, {SUN: [0, NEUTRAL], MOON: [NEUTRAL, 1, 2, 2]})
    hold(state, 0, ["sun", "star", "key"])
    moves = [(a["to"], a["pay"]) for a in actions_of(state, 0, "move_guard") if a["from"] == SUN]
    assert (MOON, ["sun"]) not in moves                       # Moon is full
    assert (STAR, ["sun"]) in moves and (STAR, ["star"]) in moves and (LAMP, ["key"]) not in moves
    refused(state, 0, {"type": "move_guard", "from": SUN, "to": MOON, "pay": ["sun"]}, "no open guard space")
    refused(state, 0, {"type": "move_guard", "from": SUN, "to": LAMP, "pay": ["key"]}, "palace 1 or of palace 4")
    state.apply(0, {"type": "move_guard", "from": SUN, "to": STAR, "pay": ["star"]})
    assert 0 in state.guards[STAR] and 0 not in state.guards[SUN]


def test_moving_a_neutral_guard_costs_one_card_of_each_palace():
    """'Move a Neutral Guard: Play 2 cards: 1 matching the guard's current palace, 1 matching its
    destination.'"""
    state = started(3)
    guards_at(state, {SUN: [NEUTRAL, 1], MOON: [0, 2]})
    hold(state, 0, ["sun", "moon", "moon", DANCER])
    pays = [a["pay"] for a in actions_of(state, 0, "move_neutral") if (a["from"], a["to"]) == (SUN, MOON)]
    assert pays == [["sun", "moon"], ["sun", DANCER], ["moon", DANCER]]
    refused(state, 0, {"type": "move_neutral", "from": SUN, "to": MOON, "pay": ["moon", "moon"]},
            "one card of palace 1 and one of palace 2")
    state.apply(0, {"type": "move_neutral", "from": SUN, "to": MOON, "pay": ["sun", "moon"]})
    assert state.guards[MOON] == [0, 2, NEUTRAL] and state.guards[SUN] == [1]


def test_guard_moves_are_not_thief_actions():
    """'You may only perform up to 3 thief-related actions per turn, but guard movements are
    separate.'"""
    state = started(3)
    guards_at(state, {SUN: [0, NEUTRAL]})
    hold(state, 0, ["sun"] * 8)
    for _ in range(3):
        state.apply(0, {"type": "place_thief", "palace": SUN, "pay": ["sun"]})
    assert not actions_of(state, 0, "place_thief") and not actions_of(state, 0, "escort")
    assert state.view(0)["thief_actions_left"] == 0
    refused(state, 0, {"type": "place_thief", "palace": SUN, "pay": ["sun"]}, "three thief actions")
    move = actions_of(state, 0, "move_guard")[0]
    state.apply(0, move)                                     # still allowed
    assert actions_of(state, 0, "move_guard")


def test_moving_a_guard_with_a_thief_is_a_thief_action():
    """'Move a Guard with a Thief: Play 1 card matching the current or destination palace. Move
    both the guard and an accompanying thief together.' Ruling: it counts as a thief action."""
    state = started(3)
    guards_at(state, {SUN: [0, NEUTRAL], MOON: [NEUTRAL, 1]})
    thieves_at(state, SUN, 0, 2)
    hold(state, 0, ["moon"])
    assert {"type": "escort", "from": SUN, "to": MOON, "pay": ["moon"]} in state.legal_actions(0)
    state.apply(0, {"type": "escort", "from": SUN, "to": MOON, "pay": ["moon"]})
    view = state.view(None)
    assert view["palaces"][SUN]["thieves"][0] == 1 and view["palaces"][MOON]["thieves"][0] == 1
    assert 0 in view["palaces"][MOON]["guards"] and view["thief_actions"] == 1


def test_a_guard_without_a_thief_of_yours_cannot_escort():
    state = started(3)
    guards_at(state, {SUN: [0, NEUTRAL]})
    hold(state, 0, ["sun"])
    assert not [a for a in actions_of(state, 0, "escort") if a["from"] == SUN]
    refused(state, 0, {"type": "escort", "from": SUN, "to": MOON, "pay": ["sun"]}, "no thief at palace 1")


# -- stealing ------------------------------------------------------------------------------------
def test_stealing_takes_the_chest_and_sends_that_many_thieves_home():
    """'When the number of your thieves at a palace equals or exceeds the number shown on the top
    treasure chest, you steal it. Remove your contributing thieves from the board and take the
    chest. The next chest (requiring more thieves) is revealed.' Ruling: that many of your
    thieves go back to your supply; other players' thieves stay; it is a thief action."""
    state = started(3)
    guards_at(state, {SUN: [0, NEUTRAL]})
    thieves_at(state, SUN, 0, 5)
    thieves_at(state, SUN, 1, 3)
    assert actions_of(state, 0, "steal") == [{"type": "steal", "palace": SUN}]
    state.apply(0, {"type": "steal", "palace": SUN})
    view = state.view(None)
    assert view["palaces"][SUN]["thieves"] == [1, 3, 0] and view["palaces"][SUN]["chests"] == [5, 6, 7]
    assert view["players"][0]["chests"] == [4] and view["players"][0]["thieves"] == 11
    assert view["thief_actions"] == 1


def test_only_your_own_thieves_count_toward_a_chest():
    """'Multiple players may have thieves at the same palace, but only the player whose thief
    count meets the treasure requirement gets to steal.'"""
    state = started(3)
    thieves_at(state, SUN, 0, 2)
    thieves_at(state, SUN, 1, 3)
    assert not actions_of(state, 0, "steal")
    refused(state, 0, {"type": "steal", "palace": SUN}, "needs 4 of your thieves; you have 2")


def test_stealing_counts_toward_the_three():
    """Ruling: 'Stealing is a thief action as the text says (it counts toward the 3).'"""
    state = started(3)
    guards_at(state, {SUN: [0, NEUTRAL]})
    thieves_at(state, SUN, 0, 3)
    hold(state, 0, ["sun"] * 3)
    state.apply(0, {"type": "place_thief", "palace": SUN, "pay": ["sun"]})
    state.apply(0, {"type": "steal", "palace": SUN})
    state.apply(0, {"type": "place_thief", "palace": SUN, "pay": ["sun"]})
    assert state.thief_actions == 3 and not actions_of(state, 0, "place_thief")


def test_a_palace_with_no_chests_takes_no_more_thieves():
    """Ruling: 'A palace with no chests left takes no more thieves.'"""
    state = started(2)
    guards_at(state, {SUN: [0, NEUTRAL]})
    thieves_at(state, SUN, 1, 1)
    state.won[1] += state.chests[SUN][:3]
    state.chests[SUN] = [7]
    state.thieves[SUN][0] = 7
    state.apply(0, {"type": "steal", "palace": SUN})
    hold(state, 0, ["sun"])
    assert state.view(None)["palaces"][SUN]["chests"] == []
    refused(state, 0, {"type": "place_thief", "palace": SUN, "pay": ["sun"]}, "no chests left")


def test_a_steal_needs_thieves_not_a_guard_and_stranded_thieves_can_be_led_out():
    """Table rules: you steal whether or not your guard is still there; thieves left at a palace
    with no chests go only with a guard of yours."""
    state = started(2)
    guards_at(state, {SUN: [NEUTRAL], MOON: [0, NEUTRAL], STAR: [1]})
    thieves_at(state, SUN, 0, 4)
    assert {"type": "steal", "palace": SUN} in state.legal_actions(0)
    state.won[1] += state.chests[MOON]
    state.chests[MOON] = []
    thieves_at(state, MOON, 0, 2)
    hold(state, 0, ["star"])
    assert {"type": "escort", "from": MOON, "to": STAR, "pay": ["star"]} in state.legal_actions(0)
    assert not actions_of(state, 0, "place_thief")


# -- drawing -------------------------------------------------------------------------------------
def test_a_turn_with_actions_draws_three():
    """'If you performed any actions: draw 3 cards.'"""
    state = started(3)
    guards_at(state, {SUN: [0, NEUTRAL]})
    hold(state, 0, ["sun"])
    state.apply(0, {"type": "place_thief", "palace": SUN, "pay": ["sun"]})
    state.apply(0, {"type": "end_turn"})
    assert state.view(None)["players"][0]["hand"] == 3 and state.to_act == (1,)
    assert state.view(0)["log"][-2]["type"] == "draw" and len(state.view(0)["log"][-2]["cards"]) == 3


def test_a_guard_move_is_an_action_too():
    """'If you cannot or choose not to perform any actions, you get a better card draw' — a turn
    that moved a guard was not a pass."""
    state = started(3)
    hold(state, 0, ["sun", "moon", "star", "lamp", "rose", "key"])
    state.apply(0, actions_of(state, 0, "move_guard")[0])
    state.apply(0, {"type": "end_turn"})
    assert state.to_act == (1,) and state.view(None)["players"][0]["hand"] == 5 + 3


def test_a_pass_draws_four_each_from_the_deck_or_a_dancer():
    """'If you performed no actions: draw 4 cards and may choose 1 as a Dancer (wild) card.'
    Ruling: 'A passing player draws 4: each may instead be a Dancer from the face-up supply while
    any remain.'"""
    state = started(3)
    hold(state, 0, [])
    state.apply(0, {"type": "end_turn"})
    assert state.view(0)["step"] == "draw" and state.view(0)["draws_left"] == 4
    assert state.legal_actions(0) == [{"type": "draw", "from": "deck"}, {"type": "draw", "from": "dancers"}]
    refused(state, 0, {"type": "end_turn"}, "during the pass draw")
    for source in ("dancers", "deck", "dancers", "dancers"):
        state.apply(0, {"type": "draw", "from": source})
    assert state.to_act == (1,)
    view = state.view(0)
    assert view["hand"].count(DANCER) == 3 and len(view["hand"]) == 4 and view["dancer_supply"] == 5
    assert view["players"][0]["dancers"] == 3        # taken face up: everyone knows


def test_no_dancers_left_then_the_deck_only():
    state = started(2)
    hold(state, 1, [DANCER] * 8)
    hold(state, 0, [])
    state.apply(0, {"type": "end_turn"})
    assert state.legal_actions(0) == [{"type": "draw", "from": "deck"}]
    refused(state, 0, {"type": "draw", "from": "dancers"}, "Dancers are all taken")


def two_cards_left(state):
    """Player 1 holds one Sun card at the Sun palace (with its guard); the deck is down to two
    cards, everything else in player 2's hand."""
    guards_at(state, {SUN: [0, NEUTRAL]})
    hold(state, 0, ["sun"])
    rest = list(state.deck)
    state.deck = rest[:2]
    for palace in rest[2:]:
        state.hands[1][palace] += 1


def test_the_discards_are_reshuffled_when_the_deck_runs_out():
    """'When the draw deck is exhausted, shuffle the discard pile to form a new deck.'"""
    state = started(2)
    two_cards_left(state)
    for _ in range(5):     # five cards in the discards
        palace = state.hands[1].index(max(state.hands[1][:6]))
        state.hands[1][palace] -= 1
        state.discard[palace] += 1
    GAME.audit(state)
    state.apply(0, {"type": "place_thief", "palace": SUN, "pay": ["sun"]})
    state.apply(0, {"type": "end_turn"})
    log = state.view(0)["log"]
    assert log[-3]["type"] == "reshuffle" and log[-3]["cards"] == 6
    assert state.view(None)["deck"] == 5 and state.view(None)["discard"] == [0] * 6
    assert state.view(None)["players"][0]["hand"] == 3


def test_a_resample_after_a_reshuffle_deals_the_deck_only_from_the_old_discards():
    """'When the draw deck is exhausted, shuffle the discard pile to form a new deck.' Everyone
    saw the discards, so a resample deals the new deck only from them (less what the seat drew
    from it itself), every way to draw the others' cards from them alike likely."""
    state = started(2)
    two_cards_left(state)
    moon = MOON
    state.hands[1][moon] -= 5
    state.discard[moon] += 5
    GAME.audit(state)
    state.apply(0, {"type": "place_thief", "palace": SUN, "pay": ["sun"]})
    state.apply(0, {"type": "end_turn"})     # 2 from the old deck, then 1 of the 6 reshuffled
    assert state.view(None)["deck"] == 5
    shuffled = {SUN: 1, moon: 5}
    rng = random.Random(18)
    all_moons = 0
    for _ in range(600):
        other = resample(state, 1, rng)
        GAME.audit(other)
        assert other.view(1) == state.view(1)
        assert all(other.deck.count(p) <= shuffled.get(p, 0) for p in range(6))
        all_moons += other.deck.count(moon) == 5
    # Seat 1 drew nothing since: the deck is 5 of the 6, the missing one seat 0's draw; only
    # one way in six leaves the Sun card out of the deck.
    assert abs(all_moons / 600 - 1 / 6) < 0.05
    drew = [p for p in range(6) if state.drawn_since[0][p]]
    for _ in range(50):   # seat 0 knows which card it drew: the deck is the other five
        other = resample(state, 0, rng)
        assert sorted(other.deck) == sorted(p for p, n in shuffled.items() for _ in range(n - (p in drew)))


def test_with_no_deck_and_no_discards_you_draw_what_there_is():
    """Ruling: 'when both are empty, draw what there is.'"""
    state = started(2)
    for palace in state.deck:
        state.hands[1][palace] += 1
    state.deck = []
    state.hands[1][rules.DANCER_INDEX], state.dancer_supply = state.dancer_supply, 0
    GAME.audit(state)
    state.apply(0, {"type": "end_turn"})
    assert state.to_act == (1,)                            # nothing to draw: the pass ends at once
    assert state.view(None)["players"][0]["hand"] == 6


# -- winning ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seats,target", [(2, 6), (3, 5), (4, 4)])
def test_the_first_to_the_chests_wins_at_once(seats, target):
    """'The first player to collect the required number of treasures wins: 2 players 6,
    3 players 5, 4 players 4.' Ruling: at once."""
    state = started(seats)
    guards_at(state, {SUN: [0, NEUTRAL]})
    for palace in range(1, target):
        state.chests[palace].pop(0)
        state.won[0].append(4)
    state.thieves[SUN][0] = 4
    GAME.audit(state)
    assert state.view(None)["target"] == target
    state.apply(0, {"type": "steal", "palace": SUN})
    assert state.is_over and state.outcome["winners"] == [0] and state.outcome["reason"] == "chests"
    assert state.outcome["scores"]["0"] == target
    assert all(state.legal_actions(seat) == [] for seat in range(seats))


def test_one_chest_short_plays_on():
    state = started(3)
    state.chests[MOON].pop(0)
    state.won[0].append(4)
    state.thieves[SUN][0] = 4
    state.apply(0, {"type": "steal", "palace": SUN})
    assert not state.is_over and state.to_act == (0,)


def pass_turn(state, seat):
    state.apply(seat, {"type": "end_turn"})
    while state.phase == "turn" and state.current == seat:
        state.apply(seat, {"type": "draw", "from": "deck"})


def test_no_round_limit_only_a_guard_far_beyond_any_game_that_ends_as_a_draw():
    """RULINGS: 'A game ends only as its text says. No game has a round limit that people could
    reach in play. ... an engine may keep a guard far beyond any natural game ...; it ends the
    game as a draw, said as such.'"""
    state = started(2)
    state.chests[SUN].pop(0)
    state.won[1].append(4)
    state.round = 60                       # the old safety stop: play goes on
    pass_turn(state, 0)
    pass_turn(state, 1)
    assert not state.is_over and state.round == 61
    state.round = rules.GUARD_ROUNDS
    pass_turn(state, 0)
    assert not state.is_over, "the guard stops the game only after its last round"
    pass_turn(state, 1)
    assert state.outcome["winners"] == [] and state.outcome["reason"] == "guard"
    over = state.view(None)["log"][-1]
    assert over["type"] == "over" and over["reason"] == "guard" and over["winners"] == []
    words = GAME.describe(over, ["Ann", "Bo"])
    assert words.startswith(f"The table stops the game after round {rules.GUARD_ROUNDS} as a draw: "
                            "no real game runs this long.")
    assert rules.guard_words(rules.GUARD_ROUNDS) in rules.TABLE_RULES
    assert not any("safety stop" in line or "most chests" in line for line in rules.TABLE_RULES)


# -- secrets, words, records --------------------------------------------------------------------
def test_hands_are_secret_and_resample_keeps_each_view():
    state = started(4, seed=9)
    rng = random.Random(1)
    for seat in range(4):
        other = resample(state, seat, rng)
        GAME.audit(other)
        assert other.view(seat) == state.view(seat)
        assert other.legal_actions(seat) == state.legal_actions(seat)
    assert all("cards" not in event for event in state.view(None)["log"])
    assert [event.get("cards") is not None for event in state.view(2)["log"] if event["type"] == "deal"] == [True]


def test_view_all_turns_every_hand_up_and_the_public_view_keeps_them_hidden():
    state = started(4, seed=9)
    public = state.view(None)
    everything = state.view_all()
    assert all("cards" not in player for player in public["players"])
    assert everything["seat"] is None and everything["log"] == public["log"]
    for seat, player in enumerate(everything["players"]):
        assert [card_index(card) for card in player["cards"]] == sorted(
            index for index, count in enumerate(state.hands[seat]) for _ in range(count))
        assert player["cards"] == state.view(seat)["hand"]
    assert {key: value for key, value in everything.items() if key != "players"} == \
        {key: value for key, value in public.items() if key != "players"}


def test_the_final_view_turns_every_hand_up():
    state = started(3)
    guards_at(state, {SUN: [0, NEUTRAL]})
    for palace in range(1, 5):
        state.chests[palace].pop(0)
        state.won[0].append(4)
    state.thieves[SUN][0] = 4
    GAME.audit(state)
    state.apply(0, {"type": "steal", "palace": SUN})
    assert state.is_over
    for seat in (None, 0, 1, 2):
        assert [player["cards"] for player in state.view(seat)["players"]] == \
            [player["cards"] for player in state.view_all()["players"]]
    assert state.view(None)["players"][1]["cards"] == state.view(1)["hand"]


def test_every_event_has_words():
    state = started(3)
    guards_at(state, {SUN: [0, NEUTRAL]})
    thieves_at(state, SUN, 0, 3)
    hold(state, 0, ["sun", "sun", DANCER])
    state.apply(0, {"type": "place_thief", "palace": SUN, "pay": ["sun"]})
    state.apply(0, {"type": "steal", "palace": SUN})
    state.apply(0, {"type": "end_turn"})
    names = ["Ann", "Bo", "Cy"]
    lines = [GAME.describe(event, names, 0) for event in state.view(0)["log"]]
    assert "You placed a thief at the Sun palace, paying 1 Sun." in lines
    assert "You stole the 4-chest of the Sun palace: 4 thieves go home (1 chest now)." in lines
    assert any(line.startswith("The cards are dealt: you hold") for line in lines)


def test_a_record_replays_the_same_game():
    state = started(3, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    copy = pycore.replay(pycore.record(state))
    assert all(copy.view(seat) == state.view(seat) for seat in (None, 0, 1, 2))


# -- Ruthless says why ------------------------------------------------------------------------------
def test_ruthless_gives_its_reason_with_every_kind_of_choice():
    # Issue 20: advise(view, legal, rng) -> {"action", "why"}: the action choose() makes, a
    # sentence from the view alone, the same when what the seat cannot see is dealt afresh.
    wanted = {"place_guard", "place_thief", "steal", "escort", "move_guard", "move_neutral",
              "end_turn", "draw"}
    advices = [advice for seats in (2, 3, 4)
               for advice in play_advised(GAME, GAME.new_game(seats=seats, seed=seats), random.Random(seats))]
    kinds, whys = {a["action"]["type"] for a in advices}, [a["why"] for a in advices]
    assert kinds >= wanted, wanted - kinds
    assert any(why.startswith("Steal at the ") and "top chest of" in why for why in whys)


# -- the bots play to a real end ----------------------------------------------------------------------
def test_bots_always_take_a_chest_they_can_steal():
    """'When the number of your thieves at a palace equals or exceeds the number shown on the top
    treasure chest, you steal it.' A chest is the goal: no bot ends its turn, or plays anything
    else first, while a steal is legal (all twelve thieves out, a hand full of cards)."""
    state = started(2)
    guards_at(state, {palace: [0, NEUTRAL] for palace in (SUN, MOON, STAR, LAMP)})
    for palace, count in ((SUN, 4), (MOON, 3), (STAR, 3), (LAMP, 2)):
        thieves_at(state, palace, 0, count)
    hold(state, 0, ["sun"] * 10 + ["moon"] * 10 + ["star"] * 10 + ["lamp"] * 10 + ["rose"] * 8 + ["key"] * 8)
    for level in ("novice", "sharp", "ruthless"):
        assert GAME.bots[level].choose(state.view(0), state.legal_actions(0), random.Random(0)) == {
            "type": "steal", "palace": SUN}, level


def test_a_pass_is_worth_only_what_it_draws():
    """'If you performed no actions: draw 4 cards and may choose 1 as a Dancer' · ruling: 'when
    both are empty, draw what there is.' With nothing left to draw a pass gains nothing."""
    state = started(2)
    sharp = GAME.bots["sharp"]
    assert sharp.pass_bonus(state.view(0)) == 4 * sharp.DANCER - 3 * sharp.CARD
    for palace in state.deck:
        state.hands[1][palace] += 1
    state.deck = []
    state.hands[1][rules.DANCER_INDEX], state.dancer_supply = state.dancer_supply, 0
    GAME.audit(state)
    assert sharp.pass_bonus(state.view(0)) == 0
