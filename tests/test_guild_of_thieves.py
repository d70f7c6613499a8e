"""Guild of Thieves: the rule text, scenario by scenario (guild-of-thieves.txt and RULINGS.md).

Positions are arranged with ``put`` below, a test-only helper that swaps cards between places in
a real game (so every card stays exactly once); normal play and record/replay never use it.
"""
import random
from collections import Counter

import pytest

import pycore
from pycore.kit import resample
from pycore.guild_of_thieves import rules
from pycore.guild_of_thieves.knowledge import SeatMemory, Tracker
from pycore.guild_of_thieves.secrecy import pinned_cards
from pycore.guild_of_thieves.rules import JOKER, MAX_ROUNDS, cut, make_combination, suit_pile
from scenario import play_advised, refused

GAME = pycore.GAMES["guild-of-thieves"]


# -- test-only position building ----------------------------------------------------------------
def places(state):
    """Every place a card can be in play, as (list, index) pairs; locks as (house, None)."""
    for house in state.houses:
        if house.in_play:
            yield ("lock", house.number), house, None
            if house.owner is None:
                for i in range(len(house.cards)):
                    yield ("house", house.number, i), house.cards, i
    for seat, hand in enumerate(state.hands):
        for i in range(len(hand)):
            yield ("hand", seat, i), hand, i
    for i, entry in enumerate(state.guild):
        yield ("guild", i), entry, 0


def _get(holder, index):
    return holder.lock if index is None else holder[index]


def _set(holder, index, card):
    if index is None:
        holder.lock = card
    else:
        holder[index] = card


def put(state, card, where):
    """Swap ``card`` (wherever it is in play) with the card at ``where``."""
    spots = {key: (holder, index) for key, holder, index in places(state)}
    target = spots[where]
    for key, (holder, index) in spots.items():
        if _get(holder, index) == card:
            other = _get(*target)
            _set(holder, index, other)
            _set(*target, card)
            GAME.audit(state)
            return
    raise AssertionError(f"{card} is not in play")


def seated(seats=3, seed=1, options=None, houses=None):
    """A game in which the players have chosen houses (default: the rich houses 4, 5, 6 ...)."""
    state = GAME.new_game(seats=seats, seed=seed, options=options or {})
    for seat in range(seats):
        state.apply(seat, {"type": "choose_house", "house": (houses or list(range(4, 4 + seats)))[seat]})
    return state


def number_not_in(state, count=1):
    """Number cards in play (not in the combination) of the suits and values asked."""
    return [c for c in rules.full_deck(False) if rules.is_number(c) and c not in state.combination][:count]




def events_of(view, kind):
    return [event for event in view["log"] if event["type"] == kind]


# -- the combination ----------------------------------------------------------------------------
class CutsAt:
    """A stand-in for the people: keeps the pile order given and cuts where told."""

    def __init__(self, order, cuts):
        self.order, self.cuts = order, list(cuts)

    def shuffle(self, piles):
        piles[:] = [piles["CDHS".index(s)] for s in self.order]

    def randrange(self, low, high):
        return self.cuts.pop(0)


def test_the_cut_example_of_the_text():
    # "after the first cut, the 4 of Clubs may be the first card; the rest of the deck goes 5-10
    # of Clubs, then the 2-10 of another suit, 2-10 of the third suit and finally 2-3 of Clubs"
    deck = suit_pile("C", False) + suit_pile("H", False) + suit_pile("S", False)
    after = cut(deck, 2)
    assert after[0] == "4C"
    assert after[1:7] == ["5C", "6C", "7C", "8C", "9C", "10C"]
    assert after[7:16] == suit_pile("H", False) and after[16:25] == suit_pile("S", False)
    assert after[25:] == ["2C", "3C"]
    # Through the whole set-up: Diamonds set aside, one cut of two cards.
    combination, rest = make_combination(CutsAt("DCHS", [2]), seats=1, double_deck=False)
    assert combination[:9] == suit_pile("D", False)
    assert combination[9:] == ["3H", "3S", "3C"]            # cards 9, 18 and 27 of that deck
    assert rules.combination_code(combination) == "3D"
    assert len(rest) == 24 and rest[0] == "4C"


@pytest.mark.parametrize("double_deck", [False, True])
def test_cards_9_18_27_share_the_value(double_deck):
    copies = 2 if double_deck else 1
    codes = set()
    for seed in range(400):
        combination, rest = make_combination(random.Random(seed), seats=1 + seed % 16, double_deck=double_deck)
        suit_cards, removed = combination[:9 * copies], combination[9 * copies:]
        assert len(removed) == 3 * copies                      # 9,18,27 (and 36,45,54)
        assert len({rules.rank_of(c) for c in removed}) == 1, removed
        assert len({rules.suit_of(c) for c in suit_cards}) == 1
        assert len(rest) == 24 * copies
        code = rules.combination_code(combination)
        assert not [c for c in rest if rules.rank_of(c) == code[:-1] or rules.suit_of(c) == code[-1]]
        codes.add(code)
    assert len(codes) > 25   # every suit and value comes up


# -- the deal -----------------------------------------------------------------------------------
def test_the_deal_of_the_text():
    view = GAME.new_game(seats=3, seed=3).view(None)
    kinds = [(h["kind"], h["cards"]) for h in view["houses"]]
    assert kinds.count(("slum", 1)) == 8 and kinds.count(("rich", 2)) == 8
    assert view["guild_house"] == {"cards": 1, "known_top": None}
    assert [h["kind"] for h in view["houses"] if h["row"] in (0, 3)] == ["slum"] * 8
    assert view["layout"] == {"rows": 4, "columns": 4, "guild_house": {"row": 1, "column": 4}}
    assert all(not h["lock_face_up"] and h["lock"] is None for h in view["houses"])


def test_the_double_deck_deal():
    state = GAME.new_game(seats=20, seed=3, options={"double_deck": True})
    view = state.view(None)
    kinds = [(h["kind"], h["cards"]) for h in view["houses"]]
    assert kinds.count(("slum", 1)) == 16 and kinds.count(("rich", 2)) == 16
    assert view["guild_house"]["cards"] == 1 and view["layout"]["columns"] == 8
    assert len(state.combination) == 24
    GAME.audit(state)


def test_i_know_where_you_live_puts_the_joker_on_the_guild_house():
    state = GAME.new_game(seats=3, seed=3, options={"i_know_where_you_live": True})
    assert state.view(None)["guild_house"] == {"cards": 1, "known_top": JOKER}
    assert state.guild[0][0] == JOKER
    assert all(JOKER not in h.cards for h in state.houses)


def test_seats_and_options():
    assert GAME.min_seats == 2 and GAME.max_seats == 16
    with pytest.raises(ValueError):
        GAME.new_game(seats=17, seed=1)
    GAME.new_game(seats=32, seed=1, options={"double_deck": True})
    with pytest.raises(ValueError, match="double_deck"):
        GAME.new_game(seats=3, seed=1, options={"double_deck": "yes"})
    with pytest.raises(ValueError):
        GAME.new_game(seats=33, seed=1, options={"double_deck": True})
    assert GAME.new_game(3, 9).view(None) == GAME.new_game(3, 9).view(None)


# -- choosing houses ----------------------------------------------------------------------------
def test_choosing_houses_in_turn_order():
    state = GAME.new_game(seats=3, seed=5)
    assert state.to_act == (0,) and state.legal_actions(1) == []
    cards = list(state.houses[5].cards)
    lock = state.houses[5].lock
    state.apply(0, {"type": "choose_house", "house": 5})
    view = state.view(0)
    assert sorted(view["hand"]) == sorted(cards) and view["my_lock"] == lock
    assert view["houses"][5]["owner"] == 0 and view["houses"][5]["cards"] == 2
    assert view["houses"][5]["lock"] is None                  # the lock stays face down
    assert "cards" not in state.view(1)["log"][0]               # others do not see the cards
    refused(state, 1, {"type": "choose_house", "house": 5}, "already")
    refused(state, 2, {"type": "choose_house", "house": 6}, "seat 2 is to act")   # numbered from 1
    state.apply(1, {"type": "choose_house", "house": 0})
    state.apply(2, {"type": "choose_house", "house": 15})
    assert state.to_act == (0,) and state.view(None)["phase"] == "turn"
    assert state.view(None)["round"] == 1 and state.view(None)["step"] == "rob"


# -- robbing ------------------------------------------------------------------------------------
def test_a_wrong_look_at_a_town_lock_shows_it_to_the_guesser_only():
    state = seated()
    put(state, "KH", ("lock", 0))
    events = state.apply(0, {"type": "rob", "house": 0, "guess": "S"})
    assert events == [{"type": "rob", "by": 0, "house": 0, "kind": "slum", "owner": None, "guess": "S",
                       "hit": False}]
    mine, theirs = state.view(0), state.view(1)
    assert events_of(mine, "learned_lock")[-1]["lock"] == "KH"
    assert mine["houses"][0]["known_lock"] == "KH"
    assert not events_of(theirs, "learned_lock") and theirs["houses"][0]["known_lock"] is None
    assert theirs["houses"][0]["wrong_guesses"] == ["S"]       # everyone notes the guess
    assert mine["step"] == "dues"
    assert not any(a["type"] in ("steal", "lock_door") for a in state.legal_actions(0))


def test_a_wrong_guess_at_a_players_house_only_says_wrong():
    state = seated()
    put(state, "QD", ("lock", 5))                               # seat 1's house
    state.apply(0, {"type": "rob", "house": 5, "guess": "C"})
    view = state.view(0)
    assert not events_of(view, "learned_lock") and view["houses"][5]["known_lock"] is None
    assert view["houses"][5]["wrong_guesses"] == ["C"]
    assert state.view(1)["my_lock"] == "QD"


def test_a_hit_turns_the_lock_up_and_shows_the_guesser_the_house():
    state = seated()
    put(state, "JC", ("lock", 8))
    cards = sorted(state.houses[8].cards, key=rules.card_order)
    events = state.apply(0, {"type": "rob", "house": 8, "guess": "J"})
    assert events[0]["hit"] and events[0]["lock"] == "JC"
    assert state.view(2)["houses"][8]["lock"] == "JC"          # face up for everyone
    assert state.view(0)["pending"] == {"house": 8, "cards": cards}
    assert state.view(1)["pending"] is None and "pending" not in state.view(None)
    assert events_of(state.view(0), "saw")[-1]["cards"] == cards
    assert not events_of(state.view(1), "saw")
    assert set(cards) <= set(state.view(0)["seen"])
    assert [a["type"] for a in state.legal_actions(0)] == ["steal"] * (len(set(cards)) + 1)


def test_a_hit_at_a_players_house_shows_the_whole_hand():
    state = seated()
    put(state, "AS", ("lock", 5))
    hand = sorted(state.hands[1], key=rules.card_order)
    state.apply(0, {"type": "rob", "house": 5, "guess": "S"})
    assert state.view(0)["pending"]["cards"] == hand
    state.apply(0, {"type": "steal", "card": hand[0]})
    assert hand[0] in state.view(0)["hand"] and hand[0] not in state.view(1)["hand"]
    assert events_of(state.view(1), "steal")[-1]["card"] == hand[0]        # the owner knows
    assert "card" not in events_of(state.view(2), "steal")[-1]             # the others do not


def test_a_face_up_lock_is_robbed_with_impunity():
    state = seated()
    put(state, "KC", ("lock", 9))
    state.houses[9].face_up = True
    assert {a["guess"] for a in state.legal_actions(0) if a.get("house") == 9} == {"K", "C"}
    refused(state, 0, {"type": "rob", "house": 9, "guess": "H"}, "face up", "K", "C")


def test_robbing_is_the_first_step_and_not_of_your_own_house():
    state = seated()
    refused(state, 0, {"type": "end_turn"}, "before robbing")
    refused(state, 0, {"type": "rob", "house": 4, "guess": "S"}, "own house")
    refused(state, 0, {"type": "rob", "house": 99, "guess": "S"}, "no house")
    refused(state, 0, {"type": "rob", "house": 0, "guess": "X"}, "lock guess")
    refused(state, 0, {"type": "rob", "house": 0}, "needs guess")
    refused(state, 0, {"type": "rob", "house": "0", "guess": "S"}, "no house")
    refused(state, 0, {"type": "rob", "house": True, "guess": "S"}, "no house")
    refused(state, 0, {"type": "rob", "house": 0, "guess": "S", "extra": 1}, "no extra")
    refused(state, 0, {"type": "teleport"}, "no action")
    refused(state, 0, {"type": ["rob"]}, "no action")
    refused(state, 1, {"type": "rob", "house": 0, "guess": "S"}, "not seat 2's move")
    refused(state, 0, {"type": "steal", "card": None}, "steal")


# -- stealing -----------------------------------------------------------------------------------
def test_taking_the_last_card_takes_the_lock_and_the_house_leaves_play():
    state = seated()
    put(state, "KS", ("lock", 1))                               # a slum: one card
    card = state.houses[1].cards[0]
    state.apply(0, {"type": "rob", "house": 1, "guess": "K"})
    events = state.apply(0, {"type": "steal", "card": card})
    assert events[0]["took_lock"]
    assert {card, "KS"} <= set(state.view(0)["hand"])
    assert not state.view(None)["houses"][1]["in_play"]
    assert all(a.get("house") != 1 for a in state.legal_actions(0))


def test_emptying_a_players_house_leaves_them_without_a_house():
    state = seated(houses=[4, 0, 5])                            # seat 1 lives in a slum
    put(state, "QH", ("lock", 0))
    card = state.hands[1][0]
    state.apply(0, {"type": "rob", "house": 0, "guess": "Q"})
    state.apply(0, {"type": "steal", "card": card})
    view = state.view(None)
    assert view["players"][1] == {"seat": 1, "out": False, "house": None, "hand": 0, "cards": None}
    assert not view["houses"][0]["in_play"] and "QH" in state.hands[0]
    state.apply(0, {"type": "end_turn"})
    assert state.to_act == (1,)                                 # still plays on
    assert all(a["type"] == "rob" for a in state.legal_actions(1) if a["type"] != "offer_draw")


def test_taking_nothing():
    state = seated()
    put(state, "JD", ("lock", 8))
    state.apply(0, {"type": "rob", "house": 8, "guess": "D"})
    refused(state, 0, {"type": "steal", "card": "KK"}, "not among")
    refused(state, 0, {"type": "steal", "card": 5}, "code")
    events = state.apply(0, {"type": "steal", "card": None})
    assert events[0]["took"] is False and state.view(None)["houses"][8]["cards"] == 2


# -- locking the door ---------------------------------------------------------------------------
def test_lock_the_door_behind_you():
    state = seated()
    put(state, "KD", ("lock", 8))
    put(state, "AC", ("hand", 0, 0))
    state.apply(0, {"type": "rob", "house": 8, "guess": "K"})
    taken = state.houses[8].cards[0]
    state.apply(0, {"type": "steal", "card": taken})
    assert {"type": "lock_door", "card": "AC"} in state.legal_actions(0)
    events = state.apply(0, {"type": "lock_door", "card": "AC"})
    assert events == [{"type": "lock_door", "by": 0, "house": 8, "kind": "rich", "took": "KD"}]
    assert "KD" in state.hands[0] and "AC" not in state.hands[0]
    assert state.view(0)["houses"][8]["known_lock"] == "AC"
    other = state.view(1)["houses"][8]
    assert not other["lock_face_up"] and other["lock"] is None and other["known_lock"] is None
    assert not any(a["type"] == "lock_door" for a in state.legal_actions(0))


def test_no_locking_the_door_without_a_royalty_or_after_a_miss():
    state = seated()
    for i, card in enumerate(state.hands[0]):
        if rules.is_royal(card):
            put(state, "2C" if "2C" not in state.combination else "2D", ("hand", 0, i))
    put(state, "KD", ("lock", 8))
    state.apply(0, {"type": "rob", "house": 8, "guess": "K"})
    state.apply(0, {"type": "steal", "card": None})
    assert not any(a["type"] == "lock_door" for a in state.legal_actions(0))
    refused(state, 0, {"type": "lock_door", "card": "QS"}, "royalty")


# -- dues ---------------------------------------------------------------------------------------
def test_paying_dues():
    state = seated()
    state.apply(0, {"type": "rob", "house": 0, "guess": "S"})
    if state.view(0)["step"] == "steal":
        state.apply(0, {"type": "steal", "card": None})
    hand = list(state.hands[0])
    top = state.guild[0][0]
    state.apply(0, {"type": "dues", "card": hand[0]})
    view = state.view(0)
    assert view["step"] == "dues_second" and view["dues_paid"] == [hand[0]]
    assert [a["type"] for a in state.legal_actions(0)] == ["dues"]
    refused(state, 0, {"type": "end_turn"}, "second dues card")
    events = state.apply(0, {"type": "dues", "card": hand[1]})
    assert events == [{"type": "dues", "by": 0}]
    assert state.hands[0] == [top]
    assert [e[0] for e in state.guild] == hand[:2]              # at the bottom, first above second
    mine = events_of(state.view(0), "dues")[-1]
    assert mine["paid"] == hand[:2] and mine["drew"] == top
    assert state.view(0)["guild_house"]["mine"] == [{"depth": 0, "card": hand[0]},
                                                     {"depth": 1, "card": hand[1]}]
    assert "mine" not in state.view(None)["guild_house"]
    refused(state, 0, {"type": "dues", "card": top}, "cannot pay dues")


def test_dues_need_two_cards():
    state = seated(houses=[0, 4, 5])                            # seat 0 holds one card
    state.apply(0, {"type": "rob", "house": 1, "guess": "S"})
    if state.view(0)["step"] == "steal":
        state.apply(0, {"type": "steal", "card": None})
    assert not any(a["type"] == "dues" for a in state.legal_actions(0))
    refused(state, 0, {"type": "dues", "card": state.hands[0][0]}, "two cards")


def test_the_known_joker_is_drawn_in_public():
    state = seated(options={"i_know_where_you_live": True})
    state.apply(0, {"type": "rob", "house": 0, "guess": "S"})
    if state.view(0)["step"] == "steal":
        state.apply(0, {"type": "steal", "card": None})
    hand = list(state.hands[0])
    state.apply(0, {"type": "dues", "card": hand[0]})
    events = state.apply(0, {"type": "dues", "card": hand[1]})
    assert events == [{"type": "dues", "by": 0, "drew": JOKER}]
    assert state.view(None)["guild_house"]["known_top"] is None
    assert JOKER in state.hands[0]


# -- changing your own lock ---------------------------------------------------------------------
def test_change_own_lock_at_the_end_of_the_turn():
    state = seated()
    put(state, "QS", ("hand", 0, 0))
    old = state.houses[4].lock
    state.apply(0, {"type": "rob", "house": 0, "guess": "S"})
    if state.view(0)["step"] == "steal":
        state.apply(0, {"type": "steal", "card": None})
    state.houses[4].face_up = True   # as if robbed earlier
    events = state.apply(0, {"type": "change_lock", "card": "QS"})
    assert events == [{"type": "change_lock", "by": 0, "house": 4, "old": old}]
    assert state.view(0)["my_lock"] == "QS" and old in state.hands[0]
    assert state.view(1)["houses"][4]["lock"] is None
    assert {a["type"] for a in state.legal_actions(0)} <= {"end_turn", "offer_draw", "open_box"}
    refused(state, 0, {"type": "dues", "card": old}, "passed")   # an earlier step is gone


# -- the Jeweled Box ----------------------------------------------------------------------------
def with_joker(seat=0, **kwargs):
    state = seated(**kwargs)
    put(state, JOKER, ("hand", seat, 0))
    return state


def test_opening_the_box_right_wins():
    state = with_joker()
    code = state.combination_code
    refused(state, 1, {"type": "open_box", "suit": code[-1], "value": code[:-1]}, "not seat 2")
    events = state.apply(0, {"type": "open_box", "suit": code[-1], "value": code[:-1]})
    assert events[0] == {"type": "open_box", "by": 0, "suit": code[-1], "value": code[:-1],
                         "right": True, "combination": code}
    assert state.is_over and state.outcome["winners"] == [0]
    assert state.outcome["scores"] == {"0": 1, "1": 0, "2": 0}
    assert state.view(2)["combination"] == code
    assert all(state.legal_actions(s) == [] for s in range(3))


def test_opening_the_box_wrong_kills_and_the_house_goes_back_to_town():
    state = with_joker()
    code = state.combination_code
    wrong = next(v + s for v in rules.VALUES for s in rules.SUITS if v + s != code)
    hand = sorted(state.hands[0])
    events = state.apply(0, {"type": "open_box", "suit": wrong[-1], "value": wrong[:-1]})
    assert events[0]["right"] is False and "combination" not in events[0]
    assert events[1] == {"type": "out", "seat": 0, "house": 4, "cards": len(hand), "to": "house"}
    assert events[2] == {"type": "turn", "seat": 1, "round": 1}
    view = state.view(1)
    assert view["players"][0]["out"] and view["houses"][4]["owner"] is None
    assert view["houses"][4]["cards"] == len(hand) and sorted(state.houses[4].cards) == hand
    assert view["wrong_combinations"] == [wrong] and view["combination"] is None
    assert any(a["house"] == 4 for a in state.legal_actions(1) if a["type"] == "rob")
    refused(state, 0, {"type": "end_turn"}, "not seat 1")
    # Everyone heard the guess: the notebook rules that combination out.
    assert wrong not in rules.notebook(state.seen[1], state.wrong_combinations)["possible"]


def lose_house(state, seat):
    """As if a thief had taken the last card of ``seat``'s house: its lock goes too."""
    house = state.houses[state.home[seat]]
    state.hands[seat].append(house.lock)
    house.lock, house.owner, house.in_play = None, None, False
    state.home[seat] = None
    GAME.audit(state)


def test_a_player_without_a_house_dies_into_the_town_under_a_royalty():
    state = seated(houses=[0, 4, 5])                            # seat 0 lives in a slum
    lose_house(state, 0)
    lock = state.hands[0][1]
    put(state, JOKER, ("hand", 0, 0))                           # its hand: the Joker and a royalty
    code = state.combination_code
    wrong = next(v + s for v in rules.VALUES for s in rules.SUITS if v + s != code)
    events = state.apply(0, {"type": "open_box", "suit": wrong[-1], "value": wrong[:-1]})
    assert events[1] == {"type": "out", "seat": 0, "house": 0, "cards": 1, "to": "house"}
    house = state.houses[0]                                     # where its house stood
    assert house.in_play and house.owner is None and house.lock == lock and house.cards == [JOKER]
    assert not house.face_up
    GAME.audit(state)


def test_a_player_without_a_house_or_royalty_dies_into_the_guild_house():
    state = seated(houses=[0, 4, 5])
    lose_house(state, 0)
    put(state, JOKER, ("hand", 0, 0))
    put(state, number_not_in(state)[0], ("hand", 0, 1))         # no royalty left in hand
    size = len(state.guild)
    code = state.combination_code
    wrong = next(v + s for v in rules.VALUES for s in rules.SUITS if v + s != code)
    events = state.apply(0, {"type": "open_box", "suit": wrong[-1], "value": wrong[:-1]})
    assert events[1] == {"type": "out", "seat": 0, "house": None, "cards": 2, "to": "guild_house"}
    assert len(state.guild) == size + 2 and JOKER in [e[0] for e in state.guild[size:]]
    GAME.audit(state)


def test_the_box_needs_the_joker_and_a_sane_guess():
    state = seated()
    for i, card in enumerate(state.hands[0]):
        if card == JOKER:
            put(state, number_not_in(state)[0], ("hand", 0, i))
    refused(state, 0, {"type": "open_box", "suit": "H", "value": "5"}, "Joker")
    put(state, JOKER, ("hand", 0, 0))
    refused(state, 0, {"type": "open_box", "suit": "X", "value": "5"}, "suit")
    refused(state, 0, {"type": "open_box", "suit": "H", "value": 5}, "value")
    refused(state, 0, {"type": "open_box", "suit": "H", "value": "K"}, "value")


# -- the end: draws -----------------------------------------------------------------------------
def test_a_draw_when_everyone_is_out():
    state = with_joker(seats=2, houses=[4, 5])
    code = state.combination_code
    wrong = [v + s for v in rules.VALUES for s in rules.SUITS if v + s != code]
    state.apply(0, {"type": "open_box", "suit": wrong[0][-1], "value": wrong[0][:-1]})
    put(state, JOKER, ("hand", 1, 0))
    events = state.apply(1, {"type": "open_box", "suit": wrong[1][-1], "value": wrong[1][:-1]})
    assert events[-1] == {"type": "over", "winners": [], "reason": "all_out", "combination": code}
    assert state.outcome["winners"] == [] and state.outcome["reason"] == "all_out"


def test_a_draw_by_agreement_and_a_refusal():
    state = seated(seats=4, houses=[4, 5, 6, 7])
    state.apply(0, {"type": "offer_draw"})
    assert state.to_act == (1,) and state.view(None)["draw_offer"] == {"by": 0, "waiting": [1, 2, 3]}
    refused(state, 0, {"type": "end_turn"}, "not seat 1")
    state.apply(1, {"type": "answer_draw", "agree": True})
    refused(state, 2, {"type": "answer_draw", "agree": "yes"}, "true")
    state.apply(2, {"type": "answer_draw", "agree": False})    # one "no" is enough
    assert state.to_act == (0,) and state.view(None)["step"] == "rob"
    assert {"type": "offer_draw"} not in state.legal_actions(0)  # once per round
    refused(state, 0, {"type": "offer_draw"}, "already offered")
    # Next round, everyone agrees.
    for seat in range(4):
        rob = next(a for a in state.legal_actions(seat) if a["type"] == "rob")
        state.apply(seat, rob)
        if state.view(seat)["step"] == "steal":
            state.apply(seat, {"type": "steal", "card": None})
        state.apply(seat, {"type": "end_turn"})
    state.apply(0, {"type": "offer_draw"})
    for seat in (1, 2, 3):
        events = state.apply(seat, {"type": "answer_draw", "agree": True})
    assert events[-1]["reason"] == "agreed" and state.outcome["winners"] == []


def test_a_draw_is_offered_at_the_start_of_a_turn():
    state = seated()
    state.apply(0, next(a for a in state.legal_actions(0) if a["type"] == "rob"))
    assert {"type": "offer_draw"} not in state.legal_actions(0)
    refused(state, 0, {"type": "offer_draw"}, "start of your turn")


def test_the_safety_stop_after_100_rounds():
    state = seated(seats=2, houses=[4, 5])
    state.round = MAX_ROUNDS
    state.apply(0, next(a for a in state.legal_actions(0) if a["type"] == "rob"))
    if state.view(0)["step"] == "steal":
        state.apply(0, {"type": "steal", "card": None})
    state.apply(0, {"type": "end_turn"})
    assert not state.is_over
    state.apply(1, next(a for a in state.legal_actions(1) if a["type"] == "rob"))
    if state.view(1)["step"] == "steal":
        state.apply(1, {"type": "steal", "card": None})
    events = state.apply(1, {"type": "end_turn"})
    assert events[-1]["reason"] == "rounds" and state.is_over and state.outcome["winners"] == []


def test_a_draw_when_the_joker_is_stuck_in_the_guild_house():
    # "this can happen if the Joker is placed into the Guild House and no-one has enough cards
    # to get it out again"
    state = seated(seats=2, houses=[4, 5])
    put(state, JOKER, ("guild", 0))
    for house in state.houses:                                  # every house robbed empty
        cards = house.cards if house.owner is None else state.hands[house.owner]
        state.guild += [[card, -1] for card in cards + [house.lock]]
        cards.clear()
        house.lock, house.owner, house.in_play = None, None, False
    state.home = [None, None]
    state.hands[1].append(state.guild.pop()[0])                 # one card: not enough for dues
    GAME.audit(state)
    state.step = "dues"
    events = state.apply(0, {"type": "end_turn"})
    assert events[-1]["reason"] == "stuck" and state.outcome["winners"] == []


def knock_out(state, seat):
    """TEST ONLY: ``seat`` is out, its hand left under its lock as a town house."""
    house = state.houses[state.home[seat]]
    house.owner, house.cards, state.hands[seat] = None, state.hands[seat], []
    state.home[seat], state.out[seat] = None, True


def test_the_joker_is_stuck_for_a_sole_survivor_whose_only_house_is_their_own():
    # RULINGS: "The Joker is stuck (the text's draw) when nobody holds it and no living player can
    # reach it: no house holding it can be robbed by anyone alive and nobody alive has two cards
    # for dues. A player's own house does not count as robbable by that player."
    state = seated(seats=2, houses=[4, 5])
    put(state, JOKER, ("guild", 0))
    knock_out(state, 1)
    for house in state.houses:
        if house.number != 4:                                  # every house but seat 0's robbed empty
            state.guild += [[card, -1] for card in house.cards + [house.lock]]
            house.cards, house.lock, house.in_play = [], None, False
    state.guild.append([state.hands[0].pop(), -1])              # seat 0 keeps one card: no dues
    GAME.audit(state)
    assert state.targets(0) == [] and state.houses[4].in_play   # only its own house is left
    state.step = "dues"
    events = state.apply(0, {"type": "end_turn"})
    assert events[-1]["reason"] == "stuck" and state.outcome["winners"] == []


def test_a_sole_survivor_cannot_agree_a_draw_alone():
    # RULINGS: "a draw needs every living person at the table to agree (a lone survivor plays on)."
    state = seated(seats=3, houses=[4, 5, 6])
    knock_out(state, 1)
    knock_out(state, 2)
    GAME.audit(state)
    assert state.to_act == (0,) and state.fresh_turn
    assert {"type": "offer_draw"} not in state.legal_actions(0)
    refused(state, 0, {"type": "offer_draw"}, "alone")


def test_table_rules_number_players_from_one():
    # The screens count players and houses from 1: so does "How this table plays it".
    text = " ".join(rules.TABLE_RULES)
    assert "player 1" in text and "seat 0" not in text and "house 0" not in text


def test_bots_reach_the_safety_stop_at_the_latest():
    for seed in range(3):
        state = GAME.new_game(seats=16, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
        assert state.round <= MAX_ROUNDS


# -- Pen & Paper --------------------------------------------------------------------------------
def test_the_notebook_fills_itself():
    plain = seated()
    assert "notebook" not in plain.view(0)
    state = seated(options={"pen_and_paper": True})
    note = state.view(0)["notebook"]
    hand_numbers = [c for c in state.hands[0] if rules.is_number(c)]
    assert set(note["suits_out"]) == {rules.suit_of(c) for c in hand_numbers}
    assert set(note["values_out"]) == {rules.rank_of(c) for c in hand_numbers}
    assert state.combination_code in note["possible"]
    put(state, "KH", ("lock", 8))
    shown = list(state.houses[8].cards)
    state.apply(0, {"type": "rob", "house": 8, "guess": "H"})
    note = state.view(0)["notebook"]
    assert set(shown) <= set(note["cards_seen"]) and "KH" in note["cards_seen"]
    for card in shown:
        if rules.is_number(card):
            assert rules.suit_of(card) in note["suits_out"] and rules.rank_of(card) in note["values_out"]
    assert state.combination_code in note["possible"]
    assert note["possible"] == SeatMemory(state.view(0)).possible
    assert "notebook" not in state.view(None)


# -- views, records and hidden things ------------------------------------------------------------
def test_views_hide_what_they_must():
    state = seated()
    public = state.view(None)
    assert "hand" not in public and "seen" not in public and public["combination"] is None
    for seat in range(3):
        view = state.view(seat)
        assert view["hand"] == sorted(state.hands[seat], key=rules.card_order)
        assert all(h["known_lock"] is None for h in view["houses"]
                   if h["owner"] not in (seat,) and not h["lock_face_up"])
    assert state.view(1)["houses"][4]["known_lock"] is None
    assert state.view(0)["houses"][4]["known_lock"] == state.houses[4].lock
    with pytest.raises(ValueError):
        state.view(3)


def hidden_picture(state, seat):
    """Everything ``seat`` cannot see, as one comparable value."""
    return (state.combination_code, tuple(h.lock for h in state.houses),
            tuple(tuple(sorted(hand)) for s, hand in enumerate(state.hands) if s != seat),
            tuple(tuple(sorted(h.cards)) for h in state.houses), tuple(card for card, _ in state.guild))


def joker_place(state):
    for seat, hand in enumerate(state.hands):
        if JOKER in hand:
            return ("hand", seat)
    for house in state.houses:
        if JOKER in house.cards:
            return ("house", house.number)
    return ("guild", next(i for i, (card, _) in enumerate(state.guild) if card == JOKER))


def test_view_all_turns_up_every_hand_lock_house_the_combination_and_the_joker():
    """Watching a game back sees everything; the public view of a game in progress still sees none of it."""
    state = seated(4, seed=5, options={"i_know_where_you_live": True})
    state.apply(0, {"type": "rob", "house": 0, "guess": "K"})
    everything, public = state.view_all(), state.view(None)
    assert everything["seat"] is None and everything["log"] == public["log"]
    assert everything["combination"] == state.combination_code
    for house, shown in zip(state.houses, everything["houses"]):
        assert shown["lock"] == house.lock
        assert shown["contents"] == (sorted(state.cards_of(house), key=rules.card_order) if house.in_play else [])
    assert [p["cards"] for p in everything["players"]] == [sorted(h, key=rules.card_order) for h in state.hands]
    assert [(e["card"], e["by"]) for e in everything["guild_house"]["contents"]] == \
        [(card, by if by >= 0 else None) for card, by in state.guild]
    where = everything["joker"]
    assert joker_place(state) == (where["where"].replace("guild_house", "guild"),
                                  where.get("seat", where.get("house", where.get("depth"))))
    assert public["combination"] is None and "joker" not in public and "contents" not in public["guild_house"]
    assert all(p["cards"] is None for p in public["players"])
    assert all("contents" not in h and (h["lock"] is None) != h["lock_face_up"] for h in public["houses"] if h["in_play"])


def test_resample_deals_the_combination_locks_joker_and_hands_afresh():
    # A seat's sample must not hold the real combination, locks or Joker: over many resamples
    # each of them varies, while the seat's view, every count and every card's uniqueness stay.
    state = seated(seats=4, houses=[4, 5, 6, 7])
    rng = random.Random(1)
    for _ in range(30):
        seat = state.to_act[0]
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    for seat in range(4):
        view = state.view(seat)
        samples = []
        for number in range(60):
            other = resample(state, seat, random.Random(number))
            GAME.audit(other)
            assert other.view(seat) == view
            samples.append(other)
        assert len({s.combination_code for s in samples}) > 1
        assert state.combination_code in SeatMemory(view).possible
        assert {s.combination_code for s in samples} <= set(SeatMemory(view).possible)
        hidden_locks = [h.number for h in state.houses if h.in_play and view["houses"][h.number]["known_lock"] is None]
        assert hidden_locks and all(len({s.houses[k].lock for s in samples}) > 1 for k in hidden_locks)
        if JOKER not in state.hands[seat]:
            assert len({joker_place(s) for s in samples}) > 3
        known, _ = pinned_cards(state, seat)
        for other_seat in range(4):     # a hand it saw, untouched since, stays as it is
            if other_seat != seat and known[("p", other_seat)] != Counter(state.hands[other_seat]):
                assert len({tuple(sorted(s.hands[other_seat])) for s in samples}) > 1
        assert all(s.rng.getstate() != state.rng.getstate() for s in samples)


@pytest.mark.parametrize("seats,options", [(3, {}), (5, {"i_know_where_you_live": True}), (12, {}),
                                           (20, {"double_deck": True})])
def test_what_a_seat_knows_of_where_cards_lie_is_always_true(seats, options):
    # The log replay behind resample: every card it places is there, and the Guild House it
    # follows card by card is the real one.
    from pycore.guild_of_thieves.secrecy import Whereabouts
    for seed in range(2):
        state = GAME.new_game(seats=seats, seed=seed, options=options)
        rng = random.Random(seed)
        lineup = ["novice", "sharp", "ruthless"]
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, GAME.bots[lineup[seat % 3]].choose(state.view(seat), state.legal_actions(seat), rng))
            for viewer in {0, seat, seats - 1}:
                known = Whereabouts(state.log.for_seat(viewer), state.joker_starts_on_top)
                for (kind, where) in known.cards:
                    real = state.hands[where] if kind == "p" else state.houses[where].cards
                    assert not known.known((kind, where)) - Counter(real), (kind, where, real)
                assert len(known.guild) == len(state.guild)
                assert all(card in (None, real) for card, (real, _) in zip(known.guild, state.guild))


def test_a_house_seen_and_untouched_keeps_its_cards_in_every_sample_and_not_once_touched():
    state = seated()
    put(state, "JC", ("lock", 8))
    state.apply(0, {"type": "rob", "house": 8, "guess": "J"})
    seen = sorted(state.houses[8].cards)
    state.apply(0, {"type": "steal", "card": None})
    state.apply(0, {"type": "end_turn"})
    for number in range(20):
        assert sorted(resample(state, 0, random.Random(number)).houses[8].cards) == seen
    # Seat 2 robs the face-up lock and takes a card seat 0 does not see: house 8 could now hold
    # any card seat 0 cannot place.
    state.apply(1, {"type": "rob", "house": 0, "guess": "C"})
    if state.view(1)["step"] == "steal":
        state.apply(1, {"type": "steal", "card": None})
    state.apply(1, {"type": "end_turn"})
    state.apply(2, {"type": "rob", "house": 8, "guess": "J"})
    state.apply(2, {"type": "steal", "card": seen[0]})
    assert len({tuple(resample(state, 0, random.Random(n)).houses[8].cards) for n in range(40)}) > 1


def test_a_wrong_opener_is_known_to_hold_the_joker():
    # Only the Joker's holder opens the box: everyone knows where it lies afterwards.
    state = with_joker(seat=1)
    state.apply(0, next(a for a in state.legal_actions(0) if a["type"] == "rob"))
    if state.view(0)["step"] == "steal":
        state.apply(0, {"type": "steal", "card": None})
    state.apply(0, {"type": "end_turn"})
    wrong = next(code for code in SeatMemory(state.view(1)).possible if code != state.combination_code)
    state.apply(1, {"type": "open_box", "suit": wrong[-1], "value": wrong[:-1]})
    house = state.view(0)["players"][1]["house"] or state.chosen[1]
    for number in range(20):
        assert joker_place(resample(state, 0, random.Random(number))) == ("house", house)


def test_resample_matches_the_exact_chances_of_a_tiny_position():
    # Two players have chosen their houses; player 2 guessed the lock of slum 1 wrong (Hearts).
    # Seat 0 sees its hand and its own lock.  Exactly: every combination its hand leaves is as
    # likely; the Joker (if not in its hand) lies in each card place it cannot see with the same
    # chance; slum 1's lock is each royalty that is not a Heart nor seat 0's own lock alike.
    state = seated(seats=2, seed=3, houses=[4, 5])
    assert JOKER not in state.hands[0]
    state.apply(0, {"type": "rob", "house": 15, "guess": "C"})
    if state.view(0)["step"] == "steal":
        state.apply(0, {"type": "steal", "card": None})
    state.apply(0, {"type": "end_turn"})
    put(state, "KS", ("lock", 0))
    state.apply(1, {"type": "rob", "house": 0, "guess": "H"})
    state.apply(1, {"type": "end_turn"})
    view = state.view(0)
    codes = SeatMemory(view).possible
    own = view["my_lock"]
    locks = [card for card in rules.full_deck(False) if rules.is_royal(card) and card != own
             and rules.suit_of(card) != "H" and card not in {h["known_lock"] for h in view["houses"]}]
    seen_15 = bool(events_of(view, "saw"))          # a hit at slum 16 showed its card
    assert JOKER not in state.houses[15].cards or not seen_15
    places = [("hand", 1)] * len(state.hands[1]) + [("guild", 0)] * len(state.guild)
    places += [("house", h.number) for h in state.houses if h.in_play and h.owner is None
               and not (h.number == 15 and seen_15) for _ in h.cards]
    trials = 6000
    code_count, joker_count, lock_count = Counter(), Counter(), Counter()
    for number in range(trials):
        other = resample(state, 0, random.Random(number))
        code_count[other.combination_code] += 1
        joker_count[joker_place(other)[0]] += 1
        lock_count[other.houses[0].lock] += 1

    def close(count, chance):
        sigma = (trials * chance * (1 - chance)) ** 0.5
        return abs(count - trials * chance) <= 5 * sigma + 1

    assert set(code_count) == set(codes) and all(close(code_count[c], 1 / len(codes)) for c in codes)
    assert set(lock_count) == set(locks) and all(close(lock_count[c], 1 / len(locks)) for c in locks)
    for where in ("hand", "house", "guild"):
        chance = sum(1 for place in places if place[0] == where) / len(places)
        assert close(joker_count[where], chance), (where, joker_count, chance)


def test_records_replay_and_games_are_deterministic():
    state = GAME.new_game(seats=5, seed=11, options={"pen_and_paper": True})
    rng = random.Random(3)
    for _ in range(150):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, GAME.bots["ruthless"].choose(state.view(seat), state.legal_actions(seat), rng))
    copy = pycore.replay(pycore.record(state))
    assert all(copy.view(s) == state.view(s) for s in [None, 0, 1, 2, 3, 4])
    assert state.clone().view(2) == state.view(2)


def test_the_table_rules_are_plain_sentences():
    assert all(isinstance(rule, str) and rule.endswith(".") for rule in rules.TABLE_RULES)
    assert pycore.guild_of_thieves.TABLE_RULES is rules.TABLE_RULES


# -- bots ---------------------------------------------------------------------------------------
def test_the_tracker_follows_the_joker():
    state = seated()
    put(state, JOKER, ("house", 8, 0))
    put(state, "KD", ("lock", 8))
    state.apply(0, {"type": "rob", "house": 8, "guess": "D"})
    assert Tracker(state.view(0), SeatMemory(state.view(0))).joker == {("h", 8): 1.0}
    before = Tracker(state.view(1), SeatMemory(state.view(1))).joker_chance(("p", 0))
    state.apply(0, {"type": "steal", "card": JOKER})
    assert Tracker(state.view(0), SeatMemory(state.view(0))).joker == {("p", 0): 1.0}
    # Seat 1 only saw a card taken from a house it never looked into: the chance grows a little.
    after = Tracker(state.view(1), SeatMemory(state.view(1))).joker_chance(("p", 0))
    assert before < after < 0.5


def test_the_ladder_novice_sharp_ruthless():
    from pycore.arena import ladder
    shares = ladder("guild-of-thieves", seats=3, games=90)
    assert shares["ruthless"] > shares["sharp"] > shares["novice"]


def choice(level, state, seat, seed=0):
    return GAME.bots[level].choose(state.view(seat), state.legal_actions(seat), random.Random(seed))


def test_the_novice_opens_the_box_at_once_and_the_sharp_waits():
    state = with_joker()
    assert choice("novice", state, 0)["type"] == "open_box"
    assert choice("sharp", state, 0)["type"] == "rob"
    # Show seat 0 every card in play but the combination: one combination is left.
    state.seen[0].update(c for c in rules.full_deck(False) if c not in state.combination)
    code = state.combination_code
    for level in ("sharp", "ruthless"):
        assert choice(level, state, 0) == {"type": "open_box", "suit": code[-1], "value": code[:-1]}


def test_sharp_and_ruthless_take_the_joker_when_they_see_it():
    for level in ("novice", "sharp", "ruthless"):
        state = seated()
        put(state, JOKER, ("house", 8, 0))
        put(state, "QC", ("lock", 8))
        state.apply(0, {"type": "rob", "house": 8, "guess": "Q"})
        if level != "novice":
            assert choice(level, state, 0) == {"type": "steal", "card": JOKER}
        assert choice(level, state, 0) in state.legal_actions(0)


def test_bots_rob_a_lock_they_know():
    for level in ("sharp", "ruthless"):
        state = seated()
        put(state, "KH", ("lock", 0))
        state.apply(0, {"type": "rob", "house": 0, "guess": "S"})   # a wrong look: seat 0 saw KH
        if state.view(0)["step"] == "steal":
            state.apply(0, {"type": "steal", "card": None})
        state.apply(0, {"type": "end_turn"})
        # Seat 1 and 2 pass their turns robbing elsewhere.
        for seat in (1, 2):
            state.apply(seat, {"type": "rob", "house": 15, "guess": "S"})
            if state.view(seat)["step"] == "steal":
                state.apply(seat, {"type": "steal", "card": None})
            state.apply(seat, {"type": "end_turn"})
        action = choice(level, state, 0)
        assert action["type"] == "rob" and action["house"] == 0 and action["guess"] in ("K", "H")


@pytest.mark.parametrize("seats", [3, 16])
def test_bot_decisions_are_fast(seats):
    import time
    timings = []
    for seed in range(2):
        state = GAME.new_game(seats=seats, seed=seed)
        rng = random.Random(seed)
        levels = ["novice", "sharp", "ruthless"]
        while not state.is_over:
            seat = state.to_act[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            started = time.perf_counter()
            action = GAME.bots[levels[seat % 3]].choose(view, legal, rng)
            timings.append(time.perf_counter() - started)
            state.apply(seat, action)
    timings.sort()
    assert timings[int(0.95 * len(timings))] < 0.03


def test_the_end_turns_every_lock_and_hand_up():
    """Our table's end screen: once the game is over nothing is secret any more, so the public view
    shows every lock still in play and every hand (and dealing hidden things afresh changes nothing)."""
    game = pycore.GAMES["guild-of-thieves"]
    state = game.new_game(seats=4, seed=11, options={})
    rng = random.Random(11)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, game.bots["novice"].choose(state.view(seat), state.legal_actions(seat), rng))
    public = state.view(None)
    for house in state.houses:
        if house.in_play:
            assert public["houses"][house.number]["lock"] == house.lock
    assert [p["cards"] for p in public["players"]] == [sorted(h, key=rules.card_order) for h in state.hands]
    assert public == state.view_all()
    assert all(state.view(seat)[key] == public[key] for seat in range(4) for key in ("players", "combination", "joker"))
    before = state.view(0)
    resample(state, 0, random.Random(3))
    assert state.view(0) == before


@pytest.mark.parametrize("seats,options", [(3, {}), (4, {"i_know_where_you_live": True}), (6, {})])
def test_the_ruthless_bot_gives_its_reason_with_its_choice(seats, options):
    """Issue 20: advise(view, legal, rng) is {"action": what choose returns, "why": a sentence},
    from the view alone: dealing afresh what the seat cannot see changes neither."""
    kinds = set()

    def note(state, seat, advice):
        assert "seat 0" not in advice["why"]
        step = state.view(seat)["step"]
        kinds.add("dues_second" if step == "dues_second" else advice["action"]["type"])
    for seed in range(4):
        play_advised(GAME, GAME.new_game(seats=seats, seed=seed, options=options), random.Random(seed), note)
    assert kinds >= {"choose_house", "rob", "steal", "dues", "dues_second", "end_turn", "open_box"}


def test_advice_for_every_kind_of_decision():
    # The decisions a short game may not bring: a draw offer to answer, a door to lock, a lock to
    # change, a sure guess.
    from pycore.guild_of_thieves.advice import explain
    state = seated()
    put(state, "JC", ("lock", 8))
    put(state, "KD", ("hand", 0, 0))
    state.apply(0, {"type": "rob", "house": 8, "guess": "J"})
    state.apply(0, {"type": "steal", "card": state.houses[8].cards[0]})
    assert {"type": "lock_door", "card": "KD"} in state.legal_actions(0)
    assert explain(state.view(0), {"type": "lock_door", "card": "KD"}) == (
        "Lock the door behind you: the King of Diamonds goes face down on rich house 9, so the next "
        "thief has to guess again.")
    assert explain(state.view(0), {"type": "change_lock", "card": "KD"}).startswith("Change your lock to the King")
    assert explain(state.view(1), {"type": "answer_draw", "agree": False}).startswith("Say no to the draw")
    # "Rob house 7: its lock must be a Queen — everyone else has been seen."
    state = seated()
    put(state, "QH", ("lock", 0))
    state.houses[0].wrong_guesses = ["K", "J", "A"]      # said out loud, wrong, by the others
    assert explain(state.view(0), {"type": "rob", "house": 0, "guess": "Q"}).startswith(
        "Rob slum 1, naming Queen: its lock must be a Queen, as every other royalty is ruled out")


def test_the_outcome_counts_the_locks_each_seat_opened():
    """The table remembers a Guild player's best result as the locks they opened: every right
    guess of a rob, as the log tells it."""
    for seed in range(6):
        state = GAME.new_game(seats=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
        hits = Counter(event["by"] for event in state.view(None)["log"] if event["type"] == "rob" and event["hit"])
        assert state.outcome["locks_opened"] == {str(seat): hits[seat] for seat in range(3)}
