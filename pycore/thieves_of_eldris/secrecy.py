"""Thieves of Eldris: what a seat cannot see, dealt afresh (the game's ``redeal`` hook, which
:func:`pycore.kit.resample` runs on a clone), and what the shared tests check it deals.

>>> import random, pycore
>>> from pycore.kit import resample
>>> state = pycore.GAMES["thieves-of-eldris"].new_game(seats=3, seed=4)
>>> other = resample(state, 0, random.Random(1))
>>> other.view(0) == state.view(0), other.deck == state.deck
(True, False)
>>> sorted(hidden_items(state, 0))
["player 2's cards", "player 3's cards", 'the order of the deck']
"""
from __future__ import annotations

from .rules import TRAIT_OF, TRAITS


def redeal(state, seat, rng) -> None:
    """Deal afresh what ``seat`` cannot see, every deal that fits what it knows alike likely:
    the order of the deck (a top card it peeked at stays), the other players' face-down
    cards (a Cutpurse shown to all stays), and in solo the concealed Threats (each for a
    card of the same trait that was in the deck when they were drawn).

    What it knows: the cards it knows lie only among some holders (``whereabouts``: a Target
    it shuffled back is in the deck or with whoever drew since, the card it peeked at went
    to whoever drew next, a Cutpurse once shown stays with its player ...) and the
    characters a Cutpurse is known not to be (a wrong accusation, until it may change).
    At the end nothing is left to deal: every card is turned up.
    """
    if state.step == "over":
        return
    known = state.whereabouts[seat]
    slots = hidden_slots(state, seat)
    deck = [slot for slot in slots if slot[2] == "deck"]
    if state.mode == "solo":
        for trait in TRAITS:   # a Threat's trait is public: it changes places within its trait
            threats = [i for i, card in enumerate(state.threats) if TRAIT_OF[card] == trait]
            if threats:
                could = [(place, i) for place, i, _, _ in deck if TRAIT_OF[place[i]] == trait
                         and "threats" in known.get(place[i], ("threats",))]
                _shuffle_slots([(state.threats, i) for i in threats] + could, rng)
        _shuffle_slots([(place, i) for place, i, _, _ in deck], rng)
        return
    cards = [place[i] for place, i, _, _ in slots]
    fixed = {card: [k for k, slot in enumerate(slots) if slot[2] in known[card]]
             for card in cards if card in known}
    free = [card for card in cards if card not in known]
    while True:   # uniform among the deals that fit: draw, and draw again until one fits
        where = {card: rng.choice(spots) for card, spots in fixed.items()}
        if len(set(where.values())) < len(where):
            continue
        rest = [k for k in range(len(slots)) if k not in set(where.values())]
        rng.shuffle(rest)
        where.update(zip(free, rest))
        if all(not slots[k][3] or card not in state.not_cutpurse[slots[k][2]]
               for card, k in where.items()):
            break
    for card, k in where.items():
        place, i, _, _ = slots[k]
        place[i] = card
    # What the others know privately belonged to the old deal: in this one they know only
    # what they saw on top of the deck.
    for other in range(state.seats):
        if other != seat:
            state.whereabouts[other] = {}
            if state.peek[other] is not None:
                state.peek[other] = state.deck[-1]


def hidden_slots(state, seat) -> list:
    """Where the cards ``seat`` cannot see lie: (list, index, holder, is a Cutpurse) for the
    deck (holder "deck"; the top card it peeked at left out) and, but in solo, the other
    players' face-down cards (a Cutpurse shown to all left out)."""
    slots = [(state.deck, i, "deck", False) for i in range(len(state.deck))]
    if state.peek[seat] is not None:
        slots.pop()
    if state.mode == "solo":
        return slots
    for other in range(state.seats):
        if other == seat:
            continue
        for cards in (state.targets[other], state.dealt[other]):
            slots += [(cards, i, other, False) for i in range(len(cards))]
        if state.cutpurse[other] is not None and state.cutpurse[other] != state.known[other]:
            slots.append((state.cutpurse, other, other, True))
        if state.shadow[other] is not None:
            slots.append((state.shadow, other, other, False))
    return slots

def fits(state, seat, card, slot) -> bool:
    """May ``card`` lie in ``slot`` (of :func:`hidden_slots`) as far as ``seat`` knows?"""
    _, _, holder, is_cutpurse = slot
    if card in state.whereabouts[seat] and holder not in state.whereabouts[seat][card]:
        return False
    return not (is_cutpurse and card in state.not_cutpurse[holder])


def _shuffle_slots(slots, rng):
    cards = [place[i] for place, i in slots]
    rng.shuffle(cards)
    for (place, i), card in zip(slots, cards):
        place[i] = card


def hidden_items(state, seat) -> dict:
    """What ``seat`` cannot see and resample deals afresh (for the shared tests): the order of the
    deck below any card it peeked at, in solo the concealed Threats, and each other player's
    face-down cards (which of them is the Cutpurse too) while some fitting deal changes them."""
    if state.step == "over":
        return {}
    slots = hidden_slots(state, seat)
    items = {}
    if sum(slot[2] == "deck" for slot in slots) >= 2:
        items["the order of the deck"] = [place[i] for place, i, holder, _ in slots if holder == "deck"]
    if state.mode == "solo":
        known = state.whereabouts[seat]
        if any(TRAIT_OF[card] == TRAIT_OF[threat] and "threats" in known.get(card, ("threats",))
               for threat in state.threats for place, i, _, _ in slots for card in (place[i],)):
            items["the concealed Threats"] = list(state.threats)
        return items

    def role(slot):    # which part of a player's cards a slot is
        place, _, holder, _ = slot
        return holder, "cutpurse" if place is state.cutpurse else "shadow" if place is state.shadow else "card"

    for other in range(state.seats):
        if other == seat:
            continue
        # Open while one swap of two cards fits what the seat knows and changes this player's.
        if any(role(a) != role(b) and (a[2] == other or b[2] == other)
               and fits(state, seat, a[0][a[1]], b) and fits(state, seat, b[0][b[1]], a)
               for a in slots for b in slots):
            items[f"player {other + 1}'s cards"] = {
                "cards": sorted(state.targets[other] + state.dealt[other]),
                "cutpurse": state.cutpurse[other], "shadow": state.shadow[other]}
    return items
