"""Guild of Thieves: what one seat knows of where the cards lie, and the fair redeal of the rest
(for :func:`pycore.kit.resample`).

:class:`Whereabouts` replays a seat's own log (the public events and its private ones) into the
cards it knows to lie in each place NOW: its hand, what it saw in a house or a hand that nothing
has touched since, a card it saw taken, a lock it saw taken into a hand, the Joker a wrong opener
held.  When a card it cannot name leaves a place (a card stolen unseen, two dues cards, a royalty
put on a lock), what it knew of that place is no longer sure: those cards could now be anywhere
it cannot see.

:func:`redeal` deals everything else afresh, a fair sample of what the seat cannot tell apart:
the combination (uniform over the combinations its memory and the public wrong openings leave),
the face-down locks it does not know (royalties that no public wrong guess at that lock rules
out) and every card it cannot place, the Joker too, uniformly over the places it cannot see.
Every count, every face-up card and all of the seat's view stay as they were.

>>> import random, pycore
>>> state = pycore.GAMES["guild-of-thieves"].new_game(seats=3, seed=2)
>>> for seat in range(3):
...     _ = state.apply(seat, {"type": "choose_house", "house": 4 + seat})
>>> sorted(Whereabouts(state.log.for_seat(0), joker_on_top=False).cards[("p", 0)]) == sorted(state.hands[0])
True
"""
from __future__ import annotations

from collections import Counter

from .rules import (JOKER, ROYALS, SUITS, VALUES, is_number, is_royal, known_lock, lock_matches, rank_of,
                    suit_of)

LOCK_TRIES = 400        # random deals of the locks tried before walking to a fair one instead
WALK_STEPS = 60         # ... and that walk's swaps per royalty


def _place(house, owner):
    return ("p", owner) if owner is not None else ("h", house)


class Whereabouts:
    """One seat's log replayed: ``cards[place]`` (a Counter) holds the cards it knows to lie at
    ``("h", house)`` (a town house) or ``("p", seat)`` (a hand); ``guild`` is the Guild House from
    the top, each card known (its code) or not (None); ``locks[house]`` a lock it knows."""

    def __init__(self, log: list, joker_on_top: bool):
        self.cards: dict = {}
        self.locks: dict = {}
        self.home: dict = {}                                # seat -> its house
        self.guild: list = [JOKER if joker_on_top else None]   # what the deal leaves there
        for event in log:
            handler = getattr(self, "_on_" + event["type"], None)
            if handler:
                handler(event)

    def _at(self, place) -> Counter:
        return self.cards.setdefault(place, Counter())

    def known(self, place) -> Counter:
        """The cards it knows to lie at ``place`` now."""
        return +self.cards.get(place, Counter())

    def _remove(self, place, cards):
        """Cards it saw leave ``place``."""
        self.cards[place] = self._at(place) - Counter(cards)

    def _unsure(self, place):
        """A card this seat cannot name left ``place``: what it knew there may have gone too."""
        self.cards[place] = Counter()

    def _on_choose_house(self, event):
        by, house = event["by"], event["house"]
        self.home[by] = house
        self.cards[("p", by)] = Counter(event["cards"]) if "cards" in event else self.cards.pop(("h", house), Counter())
        if "lock" in event:
            self.locks[house] = event["lock"]

    def _on_rob(self, event):
        if event["hit"]:
            self.locks[event["house"]] = event["lock"]

    def _on_saw(self, event):
        self.cards[_place(event["house"], event["owner"])] = Counter(event["cards"])

    def _on_learned_lock(self, event):
        self.locks[event["house"]] = event["lock"]

    def _on_steal(self, event):
        if not event["took"]:
            return
        source, thief = _place(event["house"], event["owner"]), ("p", event["by"])
        card = event.get("card")
        if card is None:
            self._unsure(source)
        else:
            self._remove(source, [card])
            self._at(thief)[card] += 1
        if event["took_lock"]:          # the last card: the face-up lock went with it
            self.cards.pop(source, None)
            lock = self.locks.pop(event["house"], None)
            if lock is not None:
                self._at(thief)[lock] += 1
            if event["owner"] is not None:
                self.home.pop(event["owner"], None)

    def _on_lock_door(self, event):
        hand = ("p", event["by"])
        if "placed" in event:
            self.locks[event["house"]] = event["placed"]
            self._remove(hand, [event["placed"]])
        else:                           # one of that hand's royalties lies on the lock now
            self._unsure(hand)
            self.locks.pop(event["house"], None)
        self._at(hand)[event["took"]] += 1

    def _on_change_lock(self, event):
        hand, house = ("p", event["by"]), event["house"]
        old = event.get("old", self.locks.get(house))
        if "new" in event:
            self.locks[house] = event["new"]
            self._remove(hand, [event["new"]])
        else:
            self._unsure(hand)
            self.locks.pop(house, None)
        if old is not None:
            self._at(hand)[old] += 1

    def _on_dues(self, event):
        hand = ("p", event["by"])
        paid = event.get("paid")
        if paid is None:
            self._unsure(hand)
            self.guild += [None, None]
        else:
            self.guild += list(paid)
            self._remove(hand, paid)
        top = self.guild.pop(0)
        drew = event.get("drew", top)
        if drew is not None:
            self._at(hand)[drew] += 1

    def _on_open_box(self, event):
        if not event["right"]:          # only the Joker's holder opens the box
            hand = self._at(("p", event["by"]))
            hand[JOKER] = max(1, hand[JOKER])

    def _on_out(self, event):
        seat = event["seat"]
        hand = self.cards.pop(("p", seat), Counter())
        had_house = self.home.pop(seat, None) is not None
        if event["to"] == "guild_house":
            self.guild += [None] * event["cards"]      # shuffled in at the bottom
            return
        if not had_house:   # a royalty of that hand became the new lock; which one is not told
            hand = Counter({card: count for card, count in hand.items() if not is_royal(card)})
            self.locks.pop(event["house"], None)
        self.cards[("h", event["house"])] = hand


def _holders(state) -> dict:
    """place -> the list of cards lying there (a town house's cards, a hand)."""
    holders = {("h", house.number): house.cards for house in state.houses if house.in_play and house.owner is None}
    holders.update({("p", seat): hand for seat, hand in enumerate(state.hands)})
    return holders


def pinned_cards(state, seat) -> tuple:
    """What ``seat`` knows to lie where now, checked against the table: ({place: Counter},
    {Guild House depth: card})."""
    known = Whereabouts(state.log.for_seat(seat), state.joker_starts_on_top)
    holders = _holders(state)
    pinned = {place: known.known(place) & Counter(cards) for place, cards in holders.items()}
    pinned[("p", seat)] = Counter(state.hands[seat])
    if state.stepping(seat, ("steal",)):               # the house it is robbing stands open
        robbed = state.houses[state.robbed]
        place = _place(robbed.number, robbed.owner)
        pinned[place] = Counter(holders[place])
    aligned = len(known.guild) == len(state.guild)
    guild = {depth: card for depth, (card, by) in enumerate(state.guild)
             if by == seat or (aligned and known.guild[depth] == card)}
    return pinned, guild


def possible_codes(seen, wrong_combinations) -> list:
    """The combinations a seat that has seen ``seen`` cannot rule out (every card of the
    combination's suit and of its value is in the combination, so none of them is ever seen)."""
    numbers = [card for card in seen if is_number(card)]
    suits = {suit_of(card) for card in numbers}
    values = {rank_of(card) for card in numbers}
    return [value + suit for value in VALUES if value not in values for suit in SUITS
            if suit not in suits and value + suit not in wrong_combinations]


def combination_cards(code: str, double_deck: bool) -> list:
    """The combination of ``code``: its whole suit and the other cards of its value."""
    value, suit = code[:-1], code[-1]
    copies = 2 if double_deck else 1
    return ([number + suit for number in VALUES] * copies
            + [value + other for other in SUITS if other != suit] * copies)


def _fits(house, card) -> bool:
    return not any(lock_matches(card, guess) for guess in house.wrong_guesses)


def _deal_locks(houses, royals, rng) -> list:
    """A uniform deal of ``royals`` onto the locks of ``houses`` (each a royalty no public wrong
    guess there rules out); returns the royalties in lock order, then the ones left over.  Random
    deals are tried first; when wrong guesses make a fitting one rare, a random walk of swaps that
    keep every lock fitting (its every deal equally likely in the long run) starts from the locks
    as they lie."""
    count = len(houses)
    order = list(royals)
    for _ in range(LOCK_TRIES):
        rng.shuffle(order)
        if all(_fits(house, card) for house, card in zip(houses, order)):
            return order
    order = [house.lock for house in houses]
    spare = Counter(royals) - Counter(order)
    order += list(spare.elements())
    for _ in range(WALK_STEPS * len(order)):
        i, j = rng.randrange(count), rng.randrange(len(order))
        if (_fits(houses[i], order[j]) and (j >= count or _fits(houses[j], order[i]))):
            order[i], order[j] = order[j], order[i]
    return order


def open_locks(houses, free: Counter) -> list:
    """For each of ``houses`` (face-down locks): can it hold another royalty than the one it
    holds, in some deal of ``free`` (the royalties the seat cannot place, these locks' among
    them) where every lock fits its public wrong guesses and no card lies on two locks?

    Looking lock by lock is not enough: a lock whose wrong guesses leave the Ace of Clubs or the
    Ace of Spades, the Ace of Spades being placed, holds the Ace of Clubs, so no other lock can.
    The locks as they lie are one such deal; lock ``i`` can hold another card ``c`` iff ``c`` is
    spare, or ``c`` taken from a lock ``j`` holding it, ``j`` finds a card along an alternating
    path (each lock on it takes the next one's card, the last a spare one; the card ``i`` gave
    up is spare now).

    >>> from .rules import House
    >>> aces, kings = House(0, "slum", 0, 0), House(1, "slum", 0, 1)
    >>> aces.lock, aces.wrong_guesses = "AC", ["K", "D", "J", "H", "Q"]    # AC or AS
    >>> kings.lock, kings.wrong_guesses = "KD", ["J", "H", "S", "Q"]       # KC KD AC AD
    >>> open_locks([aces, kings], Counter(["AC", "KD", "QH"]))          # AS, KC, AD placed
    [False, False]
    >>> open_locks([aces, kings], Counter(["AC", "KD", "QH", "AS"]))
    [True, True]
    """
    spare = free - Counter(house.lock for house in houses)
    holders: dict = {}
    for index, house in enumerate(houses):
        holders.setdefault(house.lock, []).append(index)
    fitting = [[card for card in free if card != house.lock and _fits(house, card)] for house in houses]

    def rehoused(start, fixed, spare_now) -> bool:
        """Lock ``start`` (its card taken) finds another; lock ``fixed`` keeps the card it has."""
        stack, seen_cards, seen_locks = [start], set(), {start, fixed}
        while stack:
            lock = stack.pop()
            for card in (houses[lock].lock, *fitting[lock]):
                if card in seen_cards:
                    continue
                seen_cards.add(card)
                if spare_now[card] > 0:
                    return True
                for other in holders.get(card, ()):
                    if other not in seen_locks:
                        seen_locks.add(other)
                        stack.append(other)
        return False

    def can_move(index) -> bool:
        if any(spare[card] > 0 for card in fitting[index]):
            return True
        spare_now = spare.copy()
        spare_now[houses[index].lock] += 1      # the card it gives up lies free
        return any(rehoused(next(j for j in holders[card] if j != index), index, spare_now)
                   for card in fitting[index])

    return [can_move(index) for index in range(len(houses))]


def redeal(state, seat, rng) -> None:
    """Deal afresh, in place, everything ``seat`` cannot see (see the module docstring)."""
    if state.phase == "over":       # the end turns every lock and hand up
        return
    pinned, guild_pins = pinned_cards(state, seat)
    slots = []                      # (holder, index) of every card the seat cannot place
    for place, holder in _holders(state).items():
        keep = Counter(pinned[place])
        for index, card in enumerate(holder):
            if keep[card]:
                keep[card] -= 1
            else:
                slots.append((holder, index))
    slots += [(entry, 0) for depth, entry in enumerate(state.guild) if depth not in guild_pins]
    locks = [house for house in state.houses if house.in_play and known_lock(state, seat, house) is None]
    pool = Counter(holder[index] for holder, index in slots)
    pool.update(house.lock for house in locks)
    pool.update(state.combination)

    code = rng.choice(possible_codes(state.seen[seat], state.wrong_combinations))
    combination = combination_cards(code, state.double)
    pool.subtract(combination)
    rest = sorted(pool.elements())          # sorted: the sample depends on rng alone
    royals = [card for card in rest if is_royal(card)]
    dealt = _deal_locks(locks, royals, rng)
    cards = [card for card in rest if not is_royal(card)] + dealt[len(locks):]
    rng.shuffle(cards)

    for house, lock in zip(locks, dealt):
        for other, learned in enumerate(state.learned):    # the others' looks see the new lock
            if other != seat and learned.get(house.number, (None, -1))[1] == house.lock_version:
                learned[house.number] = (lock, house.lock_version)
        house.lock = lock
    for (holder, index), card in zip(slots, cards):
        holder[index] = card
    state.combination, state.combination_code = combination, code


def hidden_items(state, seat) -> dict:
    """What ``seat`` cannot see and its view leaves open, by name (for the shared tests): the
    combination, each face-down lock it does not know and that some deal of the locks lets hold
    another royalty (:func:`open_locks`: the same deals :func:`redeal` chooses among), where the
    Joker is, each other hand."""
    if state.phase == "over":
        return {}
    pinned, guild_pins = pinned_cards(state, seat)
    items = {}
    if len(possible_codes(state.seen[seat], state.wrong_combinations)) > 1:
        items["combination"] = state.combination_code
    placed = Counter(card for cards in pinned.values() for card in cards.elements())
    placed.update(guild_pins.values())
    for house in state.houses:
        if house.in_play and known_lock(state, seat, house) is not None:
            placed[house.lock] += 1
    free = Counter(_all_royals(state.double)) - placed
    locks = [house for house in state.houses if house.in_play and known_lock(state, seat, house) is None]
    for house, moves in zip(locks, open_locks(locks, free)):
        if moves:
            items[f"lock of house {house.number + 1}"] = house.lock
    if not placed[JOKER]:
        where = [place for place, cards in _holders(state).items() if JOKER in cards]
        items["Joker"] = where[0] if where else ("g", [card for card, _ in state.guild].index(JOKER))
    for other, hand in enumerate(state.hands):
        if other != seat and pinned[("p", other)] != Counter(hand):
            items[f"hand of seat {other + 1}"] = sorted(hand)
    return items


def _all_royals(double_deck: bool) -> list:
    return [rank + suit for suit in SUITS for rank in ROYALS] * (2 if double_deck else 1)
