"""Bots for Guild of Thieves: ``bot.choose(view, legal, rng)`` returns one of ``legal``.

A bot sees exactly its seat's view (see :mod:`.rules`) and keeps nothing between calls.

* :class:`Novice` guesses locks at random among the guesses that can still be right, steals at
  random, and opens the box as soon as it holds the Joker, guessing from its own hand only.
* :class:`Sharp` remembers everything its seat has seen: it rules out suits and values, robs
  where it knows the lock or has cards to see (the Joker may be there), takes the Joker or the
  card that would tell others most, guards its lock, and opens the box when one combination is
  left, or when waiting has gone on long or can show it nothing new.
* :class:`Ruthless` keeps beliefs about the whole table (:class:`.knowledge.Tracker`): where the
  Joker probably is, what each place still hides, how much the others have seen; it hides and
  fetches the Joker through the Guild House, locks doors behind itself, changes a lock others
  have narrowed, and opens the box when the odds beat waiting.

Every level also ``advise(view, legal, rng)``: its choice and the reason in one sentence.

>>> import random, pycore
>>> game = pycore.GAMES["guild-of-thieves"]
>>> state = game.new_game(seats=3, seed=4)
>>> action = game.bots["ruthless"].choose(state.view(0), state.legal_actions(0), random.Random(0))
>>> action in state.legal_actions(0)
True
"""
from __future__ import annotations

from .advice import explain
from .knowledge import SeatMemory, Tracker, joker_memory
from .rules import JOKER, MAX_ROUNDS, SUITS, VALUES, is_number, is_royal, rank_of, suit_of


def _of_type(legal, kind):
    return [action for action in legal if action["type"] == kind]


def _find(legal, **fields):
    for action in legal:
        if all(action.get(key) == value for key, value in fields.items()):
            return action
    return None


class Bot:
    """The common frame: one decision per call, by the kind of choice the rules put now."""

    def advise(self, view, legal, rng) -> dict:
        """``{"action": what choose(view, legal, rng) returns, "why": one sentence}``: the
        reason is read from the same view (:mod:`.advice`)."""
        action = self.choose(view, legal, rng)
        return {"action": action, "why": explain(view, action)}

    def choose(self, view, legal, rng):
        kinds = {action["type"] for action in legal}
        if "answer_draw" in kinds:
            return _find(legal, type="answer_draw", agree=self.agree_to_draw(view, rng)) or legal[0]
        if "choose_house" in kinds:
            return self.choose_house(view, _of_type(legal, "choose_house"), rng)
        if "steal" in kinds:
            return self.steal(view, _of_type(legal, "steal"), rng)
        if view["step"] == "dues_second":
            return self.second_dues(view, _of_type(legal, "dues"), rng)
        if "open_box" in kinds:
            guess = self.open_box(view, rng)
            if guess:
                action = _find(legal, type="open_box", suit=guess[-1], value=guess[:-1])
                if action:
                    return action
        if "rob" in kinds:
            return self.rob(view, _of_type(legal, "rob"), rng)
        for kind in ("lock_door", "dues", "change_lock"):
            if kind in kinds:
                card = getattr(self, kind)(view, sorted({a["card"] for a in legal if a["type"] == kind}), rng)
                if card is not None:
                    return _find(legal, type=kind, card=card)
        return _find(legal, type="end_turn") or legal[0]

    # The defaults are careful; each level overrides what it does differently.
    def agree_to_draw(self, view, rng):
        return view["round"] >= MAX_ROUNDS - 10 and JOKER not in view["hand"]

    def choose_house(self, view, legal, rng):
        rich = [a for a in legal if view["houses"][a["house"]]["kind"] == "rich"]
        return rng.choice(rich or legal)

    def second_dues(self, view, legal, rng):
        return self.pick_dues(view, [a["card"] for a in legal], rng, second=True)

    def pick_dues(self, view, cards, rng, second=False):
        plain = [c for c in cards if is_number(c)] or [c for c in cards if c != JOKER] or cards
        card = rng.choice(plain)
        return {"type": "dues", "card": card}

    def open_box(self, view, rng):
        return None

    def lock_door(self, view, cards, rng):
        return cards[0]

    def dues(self, view, cards, rng):
        return None

    def change_lock(self, view, cards, rng):
        return None


# ---------------------------------------------------------------------------------------------
class Novice(Bot):
    """Plays the way a first-time player does."""

    def agree_to_draw(self, view, rng):
        return rng.random() < 0.5

    def choose_house(self, view, legal, rng):
        return rng.choice(legal)

    def open_box(self, view, rng):
        # As soon as it holds the box, from what its own hand rules out and nothing else.
        numbers = [c for c in view["hand"] if is_number(c)]
        suits = [s for s in SUITS if s not in {suit_of(c) for c in numbers}] or list(SUITS)
        values = [v for v in VALUES if v not in {rank_of(c) for c in numbers}] or list(VALUES)
        return rng.choice(values) + rng.choice(suits)

    def rob(self, view, legal, rng):
        house = view["houses"][rng.choice(legal)["house"]]
        options = [a for a in legal if a["house"] == house["house"]]
        known = house["known_lock"]
        if known:
            right = [a for a in options if a["guess"] in (suit_of(known), rank_of(known))]
            return rng.choice(right or options)
        sensible = [a for a in options if a["guess"] not in house["wrong_guesses"]]
        return rng.choice(sensible or options)

    def steal(self, view, legal, rng):
        cards = [a for a in legal if a["card"] is not None]
        return rng.choice(cards or legal)

    def lock_door(self, view, cards, rng):
        return rng.choice(cards) if rng.random() < 0.5 else None

    def dues(self, view, cards, rng):
        return rng.choice(cards) if rng.random() < 0.3 else None

    def pick_dues(self, view, cards, rng, second=False):
        return {"type": "dues", "card": rng.choice(cards)}

    def second_dues(self, view, legal, rng):
        return rng.choice(legal)

    def change_lock(self, view, cards, rng):
        return rng.choice(cards) if rng.random() < 0.3 else None


# ---------------------------------------------------------------------------------------------
class Sharp(Bot):
    """Remembers what it has seen and plays safe."""

    PATIENCE = 12       # rounds a Sharp waits for each combination it cannot rule out

    def open_box(self, view, rng):
        know = SeatMemory(view)
        if len(know.possible) == 1:
            return know.possible[0]
        if know.possible and (_impatient(view, len(know.possible), self.PATIENCE)
                              or _nothing_more_to_learn(view)):
            # Waiting shows nothing new, or has gone on long enough: the Joker is passed round
            # the table while every holder waits for a certainty that may never come.
            return rng.choice(know.possible)
        return None

    def rob(self, view, legal, rng):
        know = SeatMemory(view)
        joker = joker_memory(view)
        unseen = _unseen_counts(view)
        # Where it has not seen the Joker, it may lie wherever there are cards it has not seen.
        anywhere = sum(unseen.values()) + view["guild_house"]["cards"] - len(view["guild_house"]["mine"])
        best, best_score = None, -1.0
        for number in sorted({a["house"] for a in legal}):
            house = view["houses"][number]
            guess, p = know.best_guess(house)
            chance = (1.0 if joker == ("house", number) else
                      unseen[number] / anywhere if joker is None and anywhere else 0.0)
            score = p * (unseen[number] + 8.0 * chance + 0.3)
            if house["owner"] is None and p < 1:
                score += (1 - p) * 0.4   # a wrong look still shows the lock for next turn
            score += rng.random() * 1e-3
            if score > best_score:
                best, best_score = (number, guess), score
        return _find(legal, type="rob", house=best[0], guess=best[1]) or rng.choice(legal)

    def steal(self, view, legal, rng):
        cards = [a["card"] for a in legal if a["card"] is not None]
        if not cards:
            return legal[0]
        return {"type": "steal", "card": _most_telling(view, cards)}

    def dues(self, view, cards, rng):
        payable = _payable(view)
        if len(payable) >= 2 and (len(view["hand"]) >= 3 or _nothing_to_rob(view)):
            return _least_needed(view, [c for c in cards if c in payable])
        return None

    def pick_dues(self, view, cards, rng, second=False):
        return {"type": "dues", "card": _dues_card(view, cards)}

    def change_lock(self, view, cards, rng):
        home = _my_house(view)
        if home and (home["lock_face_up"] or len(home["wrong_guesses"]) >= 2):
            return cards[0]
        return None


# ---------------------------------------------------------------------------------------------
class Ruthless(Bot):
    """Reads the whole table and plays to win, not to survive."""

    JOKER_WEIGHT = 6.0

    def agree_to_draw(self, view, rng):
        if JOKER in view["hand"]:
            return False
        return view["round"] >= MAX_ROUNDS - 15

    # Tuned against the other levels (python -m pycore.arena guild-of-thieves): the chance to
    # win after losing the Joker, and how often a rival robs a face-up / face-down lock.
    WIN_WITHOUT_JOKER = 0.3
    ROB_FACE_UP = 0.5
    ROB_FACE_DOWN = 0.35
    KNOWN_HOLDER = 1.5
    HIDE_IN_GUILD_UP_TO = 2     # hide the Joker in a Guild House of at most this many cards
    HIDE_AT_RISK = 0.5          # ... when the chance of being robbed of it is at least this

    PATIENCE = 25

    def open_box(self, view, rng):
        know = SeatMemory(view)
        k = len(know.possible)
        if k == 0:
            return None
        if k == 1:
            return know.possible[0]
        if _impatient(view, k, self.PATIENCE) or _nothing_more_to_learn(view):
            return rng.choice(know.possible)
        tracker = Tracker(view, know)
        risk = self.risk_of_losing_joker(view, know, tracker)
        turns = self.turns_to_certainty(view, know, tracker)
        keep = (1 - risk) ** turns
        # Losing the Joker hurts most when the rival who takes it may already know the answer.
        numbers = 24 * (2 if know.double else 1)
        rival_knows = max([tracker.chance_knows(p["seat"], numbers, 9, 4) for p in view["players"]
                           if not p["out"] and p["seat"] != view["seat"]] or [0.0])
        without = self.WIN_WITHOUT_JOKER / max(1, self._rivals(view)) * 2 * (1 - 0.7 * rival_knows)
        waiting = keep + (1 - keep) * without
        if 1 / k > waiting:
            return rng.choice(know.possible)
        return None

    @staticmethod
    def _rivals(view):
        return sum(1 for p in view["players"] if not p["out"] and p["seat"] != view["seat"])

    # -- estimates -------------------------------------------------------------------------------
    def risk_of_losing_joker(self, view, know, tracker):
        """Chance that someone robs the Joker from this seat before its next turn."""
        home = _my_house(view)
        if home is None:
            return 0.0   # nobody can rob a player without a house
        rivals = [p for p in view["players"] if not p["out"] and p["seat"] != view["seat"]]
        if home["lock_face_up"]:
            per_rival = self.ROB_FACE_UP
        else:
            hit = know.public_hit_chance(home)
            targets = max(1, sum(1 for h in view["houses"] if h["in_play"]) - 1)
            per_rival = hit * min(1.0, self.ROB_FACE_DOWN * 4 / targets + 0.1)
        if _publicly_holding_joker(view):
            per_rival = min(1.0, per_rival * self.KNOWN_HOLDER)
        keep = 1.0
        for _ in rivals:
            keep *= 1 - per_rival * 0.9
        return 1 - keep

    def turns_to_certainty(self, view, know, tracker):
        """About how many turns of looking it takes to rule out every other combination."""
        double = view["options"]["double_deck"]
        copies = 2 if double else 1
        in_play = 24 * copies
        seen_numbers = sum(1 for c in know.seen if is_number(c)) * copies
        unseen = max(1, in_play - seen_numbers)
        wrong_values = max(0, len(know.values_left) - 1)
        wrong_suits = max(0, len(know.suits_left) - 1)
        draws = 0.0
        if wrong_values:
            draws = max(draws, unseen / (3 * copies) * sum(1 / i for i in range(1, wrong_values + 1)))
        if wrong_suits:
            draws = max(draws, unseen / (8 * copies) * sum(1 / i for i in range(1, wrong_suits + 1)))
        return max(1.0, draws / 1.3)

    # -- robbing ---------------------------------------------------------------------------------
    def rob(self, view, legal, rng):
        know = SeatMemory(view)
        tracker = Tracker(view, know)
        me = view["seat"]
        k = len(know.possible)
        joker_weight = self.JOKER_WEIGHT * (3.0 if k <= 2 else 1.0)
        if JOKER in view["hand"]:
            joker_weight = 0.0
        total_unknown = sum(tracker.unknown.values()) + sum(e[0] for e in tracker.guild)
        unseen_cards = max(0.0, 41 * (2 if know.double else 1) - len(know.seen))
        ratio = min(1.0, unseen_cards / total_unknown) if total_unknown else 0.0
        best, best_score = None, -1.0
        for number in sorted({a["house"] for a in legal}):
            house = view["houses"][number]
            place = tracker.place_of(number, house["owner"])
            guess, p = know.best_guess(house)
            info = tracker.unidentified(place) * ratio
            joker = tracker.joker_chance(place)
            royal_bonus = 0.4 if house["cards"] == 1 else 0.0   # the last card brings the lock
            gain = info + joker_weight * joker + royal_bonus + 0.2
            score = p * gain
            if house["owner"] is None and p < 1:
                # A wrong look still shows the lock: next turn is a sure hit, unless a rival
                # who knows it too gets there first.
                rivals = len(tracker.knows_lock.get(number, set()) - {me})
                score += (1 - p) * 0.5 * gain / (1 + rivals)
            if house["owner"] is None and tracker.knows_lock.get(number, set()) - {me}:
                score += 0.3 * p * joker_weight * joker   # get there before the rival who looked
            score += rng.random() * 1e-3
            if score > best_score:
                best, best_score = (number, guess), score
        return _find(legal, type="rob", house=best[0], guess=best[1]) or rng.choice(legal)

    steal = Sharp.steal     # the card that tells the most

    def lock_door(self, view, cards, rng):
        # Give away the royalty least useful to keep: keep one for guarding our own lock.
        return cards[0]

    # -- the Guild House and the locks -------------------------------------------------------
    def dues(self, view, cards, rng):
        hand = view["hand"]
        mine = view["guild_house"]["mine"]
        if view["guild_house"]["known_top"] == JOKER:
            return _dues_card(view, cards)
        if any(entry["card"] == JOKER and entry["depth"] == 0 for entry in mine):
            return _dues_card(view, cards)   # fetch the Joker we hid
        if JOKER in hand and self._should_hide(view):
            return JOKER
        if any(entry["card"] == JOKER for entry in mine):
            return None   # do not push our hidden Joker to the top for someone else
        payable = _payable(view)
        if len(payable) >= 2 and (len(hand) >= 3 or _nothing_to_rob(view)):
            return _least_needed(view, [c for c in cards if c in payable])
        return None

    pick_dues = Sharp.pick_dues

    def _should_hide(self, view):
        know = SeatMemory(view)
        if len(know.possible) <= 1:
            return False
        home = _my_house(view)
        if home is None:
            return False
        if view["guild_house"]["cards"] > self.HIDE_IN_GUILD_UP_TO or len(view["hand"]) < 2:
            return False
        # A royalty in hand guards the lock more cheaply (changing it after the dues).
        guarded = any(is_royal(c) for c in view["hand"]) and not home["lock_face_up"]
        risk = self.risk_of_losing_joker(view, know, Tracker(view, know))
        return not guarded and risk >= self.HIDE_AT_RISK

    def change_lock(self, view, cards, rng):
        home = _my_house(view)
        if home is None:
            return None
        holding = JOKER in view["hand"]
        if home["lock_face_up"] or len(home["wrong_guesses"]) >= (1 if holding else 2):
            return cards[0]
        return None


# ---------------------------------------------------------------------------------------------
def _my_house(view):
    me = view["seat"]
    number = view["players"][me]["house"]
    return view["houses"][number] if number is not None else None


def _payable(view):
    """Cards this seat can give up as dues: number cards, and royalties once they are no use
    (no house of its own to lock, no town house to lock the door of).  Holding the Joker it
    keeps one royalty: a player without a house who opens the box wrong leaves their hand in
    town under a royalty, where the others can still rob the Joker; without one, the hand goes
    to the bottom of the Guild House, where the Joker is as good as stuck."""
    useless = view["players"][view["seat"]]["house"] is None and not any(
        h["in_play"] and h["owner"] is None for h in view["houses"])
    royals = [c for c in view["hand"] if is_royal(c)] if useless else []
    if JOKER in view["hand"]:
        royals = royals[1:]
    return [c for c in view["hand"] if is_number(c)] + royals


def _impatient(view, possible: int, patience: int) -> bool:
    """Waited long enough: one more combination may be left open for every ``patience`` rounds."""
    return possible <= 1 + (view["round"] - 1) // patience


def _nothing_to_rob(view):
    return not any(h["in_play"] and h["owner"] != view["seat"] for h in view["houses"])


def _nothing_more_to_learn(view):
    """No house it may rob holds a card it has not seen, and too few cards it would pay as dues:
    waiting shows nothing new."""
    unseen = _unseen_counts(view)
    return (not any(count for number, count in unseen.items() if view["houses"][number]["owner"] != view["seat"])
            and len(_payable(view)) < 2)


def _unseen_counts(view):
    """Per house in play: how many of its cards this seat has not seen since it last looked in,
    as far as its log tells (a player's hand takes in a card it has not seen with each steal,
    each dues and each lock changed back into it)."""
    unseen = {h["house"]: h["cards"] for h in view["houses"] if h["in_play"]}
    homes = {}
    for event in view["log"]:
        kind = event["type"]
        if kind == "choose_house":
            homes[event["by"]] = event["house"]
            if "cards" in event:
                unseen[event["house"]] = 0
        elif kind == "saw":
            unseen[event["house"]] = 0
        elif kind == "out":
            homes.pop(event["seat"], None)
            if event["house"] is not None:
                unseen[event["house"]] = event["cards"]
        elif kind in ("steal", "dues", "change_lock") and event["by"] in homes:
            took = kind != "steal" or (event["took"] and "card" not in event)
            if took and "old" not in event:
                house = homes[event["by"]]
                unseen[house] = unseen.get(house, 0) + 1
            if kind == "steal" and event["took_lock"] and event["owner"] is not None:
                homes.pop(event["owner"], None)
    return {number: min(count, view["houses"][number]["cards"]) for number, count in unseen.items()
            if view["houses"][number]["in_play"]}


def _most_telling(view, cards):
    """The card to take: the Joker, a royalty if we have none, else the card that would tell a
    rival the most (a value we have seen least often, so probably still open for others)."""
    if JOKER in cards:
        return JOKER
    if not any(is_royal(c) for c in view["hand"]):
        royals = [c for c in cards if is_royal(c)]
        if royals:
            return royals[0]
    seen = view["seen"]
    numbers = [c for c in cards if is_number(c)] or cards

    def telling(card):
        if not is_number(card):
            return (0, card)
        same_value = sum(1 for c in seen if is_number(c) and rank_of(c) == rank_of(card))
        same_suit = sum(1 for c in seen if is_number(c) and suit_of(c) == suit_of(card))
        return (-same_value, -same_suit, card)
    return max(numbers, key=telling)


def _dues_card(view, cards):
    """The dues card to pay among ``cards``: a payable one, else a number card, else anything
    but the Joker (the cheapest of them to give away)."""
    payable = _payable(view)
    plain = ([c for c in cards if c in payable] or [c for c in cards if is_number(c)]
             or [c for c in cards if c != JOKER] or cards)
    return _least_needed(view, plain)


def _least_needed(view, cards):
    """The card cheapest to give away: a number card whose value we have seen most often."""
    seen = view["seen"]

    def needed(card):
        if card == JOKER:
            return (3, card)
        if is_royal(card):
            return (2, card)
        same_value = sum(1 for c in seen if is_number(c) and rank_of(c) == rank_of(card))
        return (1, -same_value, card)
    return min(cards, key=needed)


def _publicly_holding_joker(view):
    """True when the public log tells everyone this seat holds the Joker (I Know Where You Live:
    the first player to pay dues drew it, and nobody has robbed them since)."""
    if not view["options"]["i_know_where_you_live"]:
        return False
    holder, drawn = None, False
    for event in view["log"]:
        if event["type"] == "dues" and not drawn:
            holder, drawn = event["by"], True
        elif event["type"] == "steal" and event["owner"] == holder and event["took"]:
            holder = None
    return holder == view["seat"]
