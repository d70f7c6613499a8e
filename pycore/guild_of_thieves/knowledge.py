"""What one seat can work out from its own view, and nothing else.

Two levels, used by the bots:

* :class:`SeatMemory` reads the view as it stands: the cards the seat has seen (its memory), the
  combinations still possible, what each lock can still be.
* :class:`Tracker` replays the seat's log and keeps beliefs: where the Joker probably is, how
  many cards in each place the seat has not identified, how much each other player has seen,
  and which other players know which locks.

>>> import pycore
>>> state = pycore.GAMES["guild-of-thieves"].new_game(seats=3, seed=2)
>>> for seat in range(3):
...     _ = state.apply(seat, {"type": "choose_house", "house": 4 + seat})
>>> know = SeatMemory(state.view(0))
>>> len(know.possible) < 36
True
"""
from __future__ import annotations

from math import comb

from .rules import JOKER, LOCK_GUESSES, ROYALS, SUITS, VALUES, is_number, is_royal, rank_of, suit_of

ALL_ROYALS = tuple(rank + suit for suit in SUITS for rank in ROYALS)


class SeatMemory:
    """The seat's memory read straight off its view."""

    def __init__(self, view):
        self.view = view
        self.me = view["seat"]
        self.hand = view["hand"]
        self.seen = set(view["seen"])
        numbers = [card for card in self.seen if is_number(card)]
        self.suits_left = [s for s in SUITS if s not in {suit_of(c) for c in numbers}]
        self.values_left = [v for v in VALUES if v not in {rank_of(c) for c in numbers}]
        wrong = set(view["wrong_combinations"])
        self.possible = [v + s for v in self.values_left for s in self.suits_left if v + s not in wrong]
        self.double = view["options"]["double_deck"]
        self.houses = view["houses"]
        # Royalties whose place this seat knows now cannot be a face-down lock elsewhere.
        located = [card for card in self.hand if is_royal(card)]
        for house in self.houses:
            if house["in_play"] and (house["lock"] or house["known_lock"]):
                located.append(house["lock"] or house["known_lock"])
        self.located_royals = located

    def lock_candidates(self, house) -> list:
        """The royalties the lock of ``house`` can still be."""
        known = house["lock"] or house["known_lock"]
        if known:
            return [known]
        wrong = set(house["wrong_guesses"])
        out = set(self.located_royals) if not self.double else {
            card for card in self.located_royals if self.located_royals.count(card) >= 2}
        candidates = [card for card in ALL_ROYALS if card not in out
                      and suit_of(card) not in wrong and rank_of(card) not in wrong]
        return candidates or [card for card in ALL_ROYALS
                              if suit_of(card) not in wrong and rank_of(card) not in wrong]

    def public_hit_chance(self, house) -> float:
        """The best chance a rival who knows only the public table has to guess this lock."""
        if house["lock_face_up"]:
            return 1.0
        wrong = set(house["wrong_guesses"])
        up = {h["lock"] for h in self.houses if h["lock_face_up"]} if not self.double else set()
        candidates = [card for card in ALL_ROYALS if card not in up
                      and suit_of(card) not in wrong and rank_of(card) not in wrong] or ALL_ROYALS
        return max(sum(1 for card in candidates if guess in (suit_of(card), rank_of(card)))
                   for guess in LOCK_GUESSES) / len(candidates)

    def best_guess(self, house):
        """(guess, chance of a hit) for the best lock guess at ``house``."""
        candidates = self.lock_candidates(house)
        best, best_p = None, -1.0
        for guess in LOCK_GUESSES:
            hits = sum(1 for card in candidates if guess == suit_of(card) or guess == rank_of(card))
            p = hits / len(candidates)
            if p > best_p:
                best, best_p = guess, p
        return best, best_p


def chance_all_seen(groups: int, size: int, total: int, draws: int) -> float:
    """Chance that ``draws`` cards taken at random from ``total`` include at least one card of
    each of ``groups`` groups of ``size`` cards (inclusion-exclusion)."""
    if draws >= total:
        return 1.0
    result = 0.0
    for missing in range(groups + 1):
        rest = total - missing * size
        if rest < draws:
            continue
        result += (-1) ** missing * comb(groups, missing) * comb(rest, draws) / comb(total, draws)
    return max(0.0, min(1.0, result))


class Tracker:
    """Beliefs of one seat, from replaying its log.

    Places are ``("h", k)`` for a town house and ``("p", s)`` for seat s's hand.  ``joker`` maps
    places to the chance the Joker is there; ``guild`` lists the Guild House from the top, each
    card as [chance this seat has not identified it, chance it is the Joker]; ``unknown`` maps
    places to the expected number of cards there this seat has not identified; ``seen_count``
    estimates how many cards each seat has looked at; ``knows_lock`` tells which seats looked at
    which town lock (a wrong look shows it).
    """

    TAKES_JOKER = 0.95      # a thief who sees the Joker takes it
    HIDES_JOKER = 0.1       # a player paying dues with the Joker in hand pays it in

    def __init__(self, view, know: SeatMemory):
        self.view, self.know = view, know
        me = self.me = view["seat"]
        seats = view["seats"]
        self.count = {}            # place -> number of cards there (as far as the log tells)
        self.unknown = {}          # place -> expected cards there this seat has not identified
        self.guild = []            # per Guild House card: [unknown (0..1), joker chance]
        self.joker = {}
        self.seen_count = [0] * seats
        self.knows_lock = {}       # house -> seats that looked at its current lock
        self.joker_starts_on_top = view["options"]["i_know_where_you_live"]
        self._deal()
        for event in view["log"]:
            handler = getattr(self, "_on_" + event["type"], None)
            if handler:
                handler(event)
        if JOKER in view["hand"]:
            self.joker = {("p", me): 1.0}
        else:
            self.joker.pop(("p", me), None)
            self._normalise()

    # -- the deal ------------------------------------------------------------------------------
    def _deal(self):
        for house in self.view["houses"]:
            dealt = 1 if house["kind"] == "slum" else 2
            self.count[("h", house["house"])] = dealt
            self.unknown[("h", house["house"])] = float(dealt)
        if self.joker_starts_on_top:
            self.guild = [[0.0, 1.0]]
            self.joker = {}
        else:
            self.guild = [[1.0, 0.0]]
            total = sum(self.count.values()) + 1
            self.joker = {place: n / total for place, n in self.count.items()}
            self.guild[0][1] = 1 / total

    # -- helpers -------------------------------------------------------------------------------
    def place_of(self, house, owner):
        return ("p", owner) if owner is not None else ("h", house)

    def _normalise(self):
        total = sum(self.joker.values()) + sum(entry[1] for entry in self.guild)
        if total <= 1e-12:
            return
        for place in self.joker:
            self.joker[place] /= total
        for entry in self.guild:
            entry[1] /= total

    def _certain(self, place):
        self.joker = {place: 1.0}
        for entry in self.guild:
            entry[1] = 0.0

    def _rule_out(self, place):
        self.joker.pop(place, None)
        self._normalise()

    def joker_chance(self, place) -> float:
        return self.joker.get(place, 0.0)

    def guild_joker(self) -> float:
        return sum(entry[1] for entry in self.guild)

    def _move_card(self, src, dst, known):
        n = self.count.get(src, 0)
        fraction = self.unknown.get(src, 0.0) / n if n else 0.0
        self.count[src] = max(0, n - 1)
        if not known:
            self.unknown[src] = max(0.0, self.unknown.get(src, 0.0) - fraction)
        self.count[dst] = self.count.get(dst, 0) + 1
        if not known:
            self.unknown[dst] = self.unknown.get(dst, 0.0) + fraction

    # -- events --------------------------------------------------------------------------------
    def _on_choose_house(self, event):
        src, dst = ("h", event["house"]), ("p", event["by"])
        self.count[dst] = self.count.pop(src, 0)
        self.unknown[dst] = self.unknown.pop(src, 0.0)
        if src in self.joker:
            self.joker[dst] = self.joker.pop(src)
        self.seen_count[event["by"]] += self.count[dst]
        if "cards" in event:   # my own house
            self._saw_all(dst, event["cards"])

    def _on_rob(self, event):
        house, by = event["house"], event["by"]
        if event["hit"]:
            place = self.place_of(house, event["owner"])
            self.seen_count[by] += self.count.get(place, 0)
            self.knows_lock.pop(house, None)
        elif event["owner"] is None:
            self.knows_lock.setdefault(house, set()).add(by)

    def _on_saw(self, event):
        place = self.place_of(event["house"], event["owner"])
        self.count[place] = len(event["cards"])
        self._saw_all(place, event["cards"])

    def _saw_all(self, place, cards):
        """Every card at ``place`` was seen: nothing there is unknown, and the Joker is there or not."""
        self.unknown[place] = 0.0
        if JOKER in cards:
            self._certain(place)
        else:
            self._rule_out(place)

    def _on_steal(self, event):
        if not event["took"]:
            return
        src = self.place_of(event["house"], event["owner"])
        dst = ("p", event["by"])
        card = event.get("card")
        if card is not None:
            self._move_card(src, dst, known=True)
            if card == JOKER:
                self._certain(dst)
            elif src in self.joker and self.count.get(src, 0) == 0:
                self._rule_out(src)
        else:
            self._move_card(src, dst, known=False)
            moved = self.joker.get(src, 0.0) * self.TAKES_JOKER
            if moved:
                self.joker[src] -= moved
                self.joker[dst] = self.joker.get(dst, 0.0) + moved
        if event["took_lock"]:
            self.count[dst] = self.count.get(dst, 0) + 1   # the lock, face up: known
            leftover = self.joker.pop(src, 0.0)
            if leftover:
                self.joker[dst] = self.joker.get(dst, 0.0) + leftover
            self.count[src] = 0
            self.unknown[src] = 0.0
            self.knows_lock.pop(event["house"], None)

    def _on_lock_door(self, event):
        self.knows_lock[event["house"]] = {event["by"]}

    def _on_change_lock(self, event):
        self.knows_lock.pop(event["house"], None)

    def _on_dues(self, event):
        by = event["by"]
        hand = ("p", by)
        paid = event.get("paid")
        if paid is not None:   # my own dues: exactly known
            for card in paid:
                self.guild.append([0.0, 1.0 if card == JOKER else 0.0])
                self.count[hand] = self.count.get(hand, 0) - 1
            if JOKER in paid:
                self.joker = {}
                for entry in self.guild:
                    entry[1] = 0.0
                self.guild[-1 - paid[::-1].index(JOKER)][1] = 1.0
        else:
            n = self.count.get(hand, 0)
            fraction = self.unknown.get(hand, 0.0) / n if n else 1.0
            hidden = self.joker.get(hand, 0.0) * self.HIDES_JOKER
            for _ in range(2):
                self.guild.append([fraction, hidden / 2])
            if hidden:
                self.joker[hand] -= hidden
            self.count[hand] = max(0, n - 2)
            self.unknown[hand] = max(0.0, self.unknown.get(hand, 0.0) - 2 * fraction)
        top = self.guild.pop(0) if self.guild else [1.0, 0.0]
        self.count[hand] = self.count.get(hand, 0) + 1
        self.seen_count[by] += 1
        drew = event.get("drew")
        if drew is not None:
            if drew == JOKER:
                self._certain(hand)
        else:
            self.unknown[hand] = self.unknown.get(hand, 0.0) + top[0]
            if top[1]:
                self.joker[hand] = self.joker.get(hand, 0.0) + top[1]
        if paid is not None and drew != JOKER and JOKER not in paid:
            self._normalise()

    def _on_open_box(self, event):
        if not event["right"]:
            self._certain(("p", event["by"]))

    def _on_out(self, event):
        seat = event["seat"]
        hand = ("p", seat)
        n = self.count.pop(hand, 0)
        unknown = self.unknown.pop(hand, 0.0)
        chance = self.joker.pop(hand, 0.0)
        if event["to"] == "house":
            place = ("h", event["house"])
            self.count[place] = event["cards"]
            self.unknown[place] = min(float(event["cards"]), unknown + (event["cards"] - n if event["cards"] > n else 0))
            self.joker[place] = self.joker.get(place, 0.0) + chance
            self.knows_lock.pop(event["house"], None)
        else:
            cards = max(1, event["cards"])
            for _ in range(event["cards"]):
                self.guild.append([unknown / cards if n else 1.0, chance / cards])

    # -- estimates -----------------------------------------------------------------------------
    def unidentified(self, place) -> float:
        return self.unknown.get(place, 0.0)

    def chance_knows(self, seat, in_play_numbers: int, values: int, suits: int) -> float:
        """Rough chance that ``seat`` has pinned the combination down, from how many cards it saw.

        Its looks are taken as random cards out of the number cards in play: it knows the
        combination once it has seen every other value and every other suit.
        """
        draws = min(in_play_numbers, int(self.seen_count[seat] * 0.8))
        per_value = in_play_numbers // (values - 1)
        per_suit = in_play_numbers // (suits - 1)
        return (chance_all_seen(values - 1, per_value, in_play_numbers, draws)
                * chance_all_seen(suits - 1, per_suit, in_play_numbers, draws))


def joker_memory(view):
    """Where this seat last knew the Joker to be, if that is still true as far as it can tell:
    ("me",), ("house", k) for a house it saw the Joker in (or a dead player's house), or None."""
    if JOKER in view["hand"]:
        return ("me",)
    where = None
    for event in view["log"]:
        kind = event["type"]
        if kind == "saw" and JOKER in event["cards"]:
            where = event["house"]
        elif kind == "steal" and event["house"] == where and event["took"]:
            if event.get("card", JOKER) == JOKER or event["took_lock"]:
                where = None
        elif kind == "out" and event["to"] == "house":
            where = event["house"]
        elif kind == "dues" and where is not None and event["by"] == _owner_of(view, where):
            where = None   # the owner may have paid it in
        elif kind == "open_box":
            where = None
    if where is not None and not view["houses"][where]["in_play"]:
        return None
    return ("house", where) if where is not None else None


def _owner_of(view, house):
    return view["houses"][house]["owner"]
