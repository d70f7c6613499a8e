"""Thievery: the rules as one state machine (thievery.txt + RULINGS.md "Thievery").

Work out everyone else's hidden cards before they work out yours.  26 cards (ace to king, red and
black) are dealt into 3 to 6 hands; every hand sorts its row (ace wild) and locks in; the rows turn
face down with their colours showing; then hands take turns naming the rank of someone else's
face-down card.  A hit flips it and the guesser must go again; a miss is public and ends the turn.
The first hand (or team) to see every card it may guess at face up wins.

A seat is a hand, numbered 0..n-1; hand 0 guesses first.  Who sits at a hand is the table's business.

>>> import pycore
>>> state = pycore.GAMES["thievery"].new_game(seats=3, seed=1)
>>> state.to_act
(0, 1, 2)
>>> [len(row) for row in state.view(None)["rows"]]
[9, 8, 9]

Actions (plain dicts; anything else is refused with pycore.IllegalAction saying why)
-------------------------------------------------------------------------------------
``{"type": "lock_in", "order": [i, ...]}``
    Sorting phase.  ``order`` lists indices into the hand's row as dealt (the row the seat's view
    shows while it is unlocked), left to right.  Non-aces must ascend (two equal ranks either way
    round); aces may go anywhere.  legal_actions lists every valid order.
``{"type": "guess", "hand": h, "index": i, "rank": r}``
    Your turn.  Name rank r (1 = ace ... 13 = king) for face-down card i of hand h.  h must be in
    the view's ``targets``; a rank already missed at that card cannot be named at it again.
``{"type": "show", "index": i}`` / ``{"type": "show", "index": None}``
    Partnerships: the partner of the hand whose turn starts privately shows one of its face-down
    cards to the guesser, or declines.
``{"type": "power", "power": id, ...}``
    Play a held power-up (5 and 6 hands with the powerups option).  Parameters by id:
    casing ``hand, index``; loose_lips ``rank``; tip_off ``index, to``; second_storey, pickpocket,
    alarm: none; stakeout ``hand``; misdirection ``victim, hand``; crack ``hand, index``.
    All but Trip the alarm are played in your own guessing turn; the alarm only in another hand's
    turn (even out of turn: the holder's legal_actions offer it, ``to_act`` does not show it).
``{"type": "take_over"}``
    A person takes over a bot's hand: legal for a seat in the view's ``bots`` at any moment except
    after it has guessed in its own current turn.  The seat leaves ``bots`` at once.

View (``state.view(seat)``; ``seat=None`` is the public view)
------------------------------------------------------------
::

    {"game": "thievery", "seat": seat or None, "hands": n,
     "phase": "sorting" | "guessing" | "over",
     "turn": hand whose guessing turn it is, or None,
     "to_act": [seats that must act now],
     "targets": [hands the hand whose turn it is may guess at right now] ([] outside guessing),
     "bots": [seats played by bots], "powerups_on": bool, "teams": [[0, 2], [1, 3]] or None,
     "rows": [per hand, left to right: {"colour": "red" | "black" | None, "rank": int or None,
              "face_up": bool, "misses": [ranks named wrongly at this card, ascending],
              "known": bool}],
     "locked": [bool per hand], "held": [ids of the viewer's own power-ups, in draw order],
     "held_counts": [int per hand], "stakeout": hand or None,
     "misdirection": {"victim": v, "hand": t} or None,
     "free_miss": bool, "shields": ["pickpocket" and/or "second_storey" active this turn],
     "guessed_this_turn": int, "showing": {"partner": p, "for": x} or None,
     "log": [events this seat may see, oldest first], "winners": [hands] or None}

- Sorting phase: the viewer's own row shows its ranks and colours in the order dealt until it
  locks in, then in its locked order.  Every other row shows only its length: cards with colour
  None and rank None.
- Guessing: every card shows its colour.  ``rank`` is set when the card is face up, or it is the
  viewer's own, or the viewer learned it privately (casing, tip-off, a partner's show); ``known`` is
  true when the rank is shown but the card is still face down.
- Over: every rank is shown to everyone (``known`` marks the cards that were never flipped).

Events (apply returns the public ones; the log keeps all that the seat may see)
-------------------------------------------------------------------------------
``{"type": "locked", "hand": h}``, ``{"type": "rows_down"}``, ``{"type": "turn", "hand": h}``,
``{"type": "skip", "hand": h}`` (nothing it may guess at: the turn passes),
``{"type": "guess", "by": h, "hand": t, "index": i, "rank": r, "hit": bool}``,
``{"type": "draw", "hand": h}`` (the drawer's own log adds ``"power": id``),
``{"type": "power", "by": h, "power": id, ...public parameters}`` (crack adds the flipped
``"rank"``; alarm adds ``"ended": hand whose turn it ended``),
``{"type": "lapsed", "power": "stakeout" | "misdirection"}``,
``{"type": "show", "by": p, "to": x, "shown": bool}`` (p's and x's logs add ``"index"``),
private results ``{"type": "learned", "hand": t, "index": i, "rank": r,
"how": "casing" | "tip_off" | "show"}`` and ``{"type": "count", "rank": r, "face_down": k}``,
``{"type": "take_over", "hand": h}``, ``{"type": "win", "winners": [...]}``.
"""
from __future__ import annotations

import copy
import functools
import itertools
import random

from ..core import IllegalAction, State

# -- The facts --------------------------------------------------------------------------------
RANKS = tuple(range(1, 14))          # 1 = ace (low, and wild when sorting), 11 J, 12 Q, 13 K
ACE = 1
COLOURS = ("red", "black")
DECK = tuple(range(26))              # card c: colour COLOURS[c // 13], rank c % 13 + 1
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}

# Row lengths by number of hands; which hands get the longer rows is drawn at random.
DEAL_SIZES = {3: (9, 9, 8), 4: (7, 7, 6, 6), 5: (6, 5, 5, 5, 5), 6: (5, 5, 4, 4, 4, 4)}
POWERUP_HANDS = (5, 6)               # power-ups only at these table sizes
PARTNERSHIP_HANDS = 4
TEAMS = ((0, 2), (1, 3))
MAX_HELD = 3

# Power-ups: id -> title, tier, one-line explanation (the app shows these).
POWERS = {
    "casing": {"title": "Casing the joint", "tier": "common",
               "text": "Privately look at one face-down card of an opponent."},
    "loose_lips": {"title": "Loose lips", "tier": "common",
                   "text": "Name a rank and privately learn how many of it are still face down."},
    "tip_off": {"title": "Tip-off", "tier": "common",
                "text": "Privately show one of your face-down cards to one other hand."},
    "second_storey": {"title": "Second storey", "tier": "uncommon",
                      "text": "Your next wrong guess this turn does not end your turn."},
    "pickpocket": {"title": "Pickpocket", "tier": "uncommon",
                   "text": "Before your first guess: that guess is free; if it misses, go on."},
    "alarm": {"title": "Trip the alarm", "tier": "rare",
              "text": "Play during another hand's turn, even out of turn: their run ends at once."},
    "stakeout": {"title": "Stakeout", "tier": "rare",
                 "text": "Nobody may guess at the hand you name until that hand's next turn."},
    "misdirection": {"title": "Misdirection", "tier": "rare",
                     "text": "Another hand's next guess must be at the hand you name."},
    "crack": {"title": "Crack the vault", "tier": "very rare",
              "text": "Flip any face-down card of an opponent; it counts as a correct guess."},
}
TIERS = ("common", "uncommon", "rare", "very rare")            # lowest (most common) first
TIER_WEIGHTS = {"common": 55, "uncommon": 30, "rare": 12, "very rare": 3}
POWER_WEIGHTS = {name: 3 if name == "alarm" else 1 for name in POWERS}   # within a tier

# Where the rule text is silent, this table plays it so (the app's "How this table plays it").
TABLE_RULES = [
    "Hands are numbered from hand 0, which guesses first; turns go up in number and wrap round.",
    "Which hands are dealt the longer rows is decided at random.",
    "A row locked in cannot be changed.",
    "A rank already missed at a card cannot be named at that card again.",
    "A hand goes on guessing after all its own cards are face up.",
    "The round can be won on someone else's turn: when a flip leaves face-down cards only in your "
    "row (or your team's), you win.",
    "When the round ends every card is turned up for everyone to see.",
    "A hand that has nothing it may guess at when its turn starts (because of a stakeout) misses "
    "that turn and draws no power-up; if a run leaves the guesser nothing to guess at, the turn passes.",
    "A power-up drawn that you already hold is redrawn among the others of its tier, then from "
    "the next more common tier.",
    "Power-ups are played in your own turn, before or between guesses, as many as you like; "
    "Trip the alarm only in another hand's turn, at any point of it.",
    "Which card Casing the joint or Tip-off points at, the rank named in Loose lips and the hands "
    "named in Stakeout and Misdirection are public; only what is learned stays private.",
    "Casing the joint may look at a hand under a stakeout, but not at a card you already know.",
    "Loose lips counts every face-down card of that rank, your own included.",
    "Pickpocket and Second storey each forgive one miss; Pickpocket only the turn's first guess, "
    "and a hit with that guess uses it up.",
    "Crack the vault counts as a guess: it obeys Stakeout and Misdirection and uses up Pickpocket.",
    "Stakeout may name any hand with a face-down card, your own included; a new Stakeout or "
    "Misdirection replaces the one in force.",
    "Misdirection names a hand the victim could guess at; it lapses as soon as that hand cannot "
    "be guessed at.",
    "In partnerships the partner's show comes before each turn's first guess; which card was shown "
    "is known only to the two partners.",
    "A person who takes over a bot's hand in the middle of the bot's turn plays on from there; "
    "the power-up the bot did not draw is not drawn late.",
]


def colour_of(card: int) -> str:
    return COLOURS[card // 13]


def rank_of(card: int) -> int:
    return card % 13 + 1


def card_name(card: int) -> str:
    rank = rank_of(card)
    return f"{colour_of(card)} {RANK_NAMES.get(rank, str(rank))}"


def parse_card(text: str) -> int:
    """'r5' / 'b13' / 'rA' / 'bK' -> card id (for tests and tools)."""
    colour = {"r": 0, "b": 1}[text[0].lower()]
    names = {v: k for k, v in RANK_NAMES.items()}
    rank = names.get(text[1:].upper()) or int(text[1:])
    return colour * 13 + rank - 1


def is_valid_order(ranks) -> bool:
    """Non-aces ascend (equal ranks either way round); aces anywhere."""
    plain = [rank for rank in ranks if rank != ACE]
    return all(a <= b for a, b in zip(plain, plain[1:]))


@functools.lru_cache(maxsize=4096)
def valid_orders(ranks: tuple) -> tuple:
    """Every valid final order of a dealt row, as tuples of indices into it (sorted)."""
    aces = [i for i, rank in enumerate(ranks) if rank == ACE]
    plain = sorted((i for i, rank in enumerate(ranks) if rank != ACE), key=lambda i: ranks[i])
    groups = [list(group) for _, group in itertools.groupby(plain, key=lambda i: ranks[i])]
    # Each group of equal ranks in every order (at most two cards share a rank).
    sequences = [sum(choice, []) for choice in itertools.product(
        *[[list(p) for p in itertools.permutations(group)] for group in groups])]
    orders = set()
    for ace_spots in itertools.permutations(range(len(ranks)), len(aces)):
        for sequence in sequences:
            order, rest = [None] * len(ranks), iter(sequence)
            for spot, ace in zip(ace_spots, aces):
                order[spot] = ace
            orders.add(tuple(index if index is not None else next(rest) for index in order))
    return tuple(sorted(orders))


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class ThieveryState(State):
    """One round of Thievery.  See the module docstring for actions, view and events."""

    def __init__(self, game, seats, seed, options):
        super().__init__(game, seats, seed, options)
        n = seats
        self.powerups_on = bool(options.get("powerups")) and n in POWERUP_HANDS
        self.partnerships = bool(options.get("partnerships"))
        self.bot_seats = sorted(set(options.get("bots") or []))
        # The deal: random sizes per hand, then a shuffled deck dealt out in order.
        sizes = list(DEAL_SIZES[n])
        self.rng.shuffle(sizes)
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.rows: list[list[int]] = []
        for size in sizes:
            self.rows.append(deck[:size])
            deck = deck[size:]
        self.phase = "sorting"
        self.locked = [False] * n
        self.face_up = [[False] * size for size in sizes]
        self.misses: list[list[list[int]]] = [[[] for _ in range(size)] for size in sizes]
        self.learned: list[set] = [set() for _ in range(n)]     # (hand, index) seen privately
        self.held: list[list[str]] = [[] for _ in range(n)]
        self.turn = None
        self.guessed = 0                 # guesses (and cracks) made in this turn
        self.shields: list[str] = []     # "pickpocket" / "second_storey" active this turn
        self.stakeout = None
        self.misdirection = None         # (victim, hand)
        self.showing = None              # (partner, guesser) while the partner decides
        self.winners = None
        # Log entries: (public event or None, {seat: that seat's own version}).
        self.log: list[tuple] = []
        self.test_deal = False

    @classmethod
    def from_deal(cls, game, rows, seed: int = 0, options: dict | None = None, locked: bool = True):
        """TESTS ONLY: a state with the rows given (lists of 'r5'/'bK' names).

        With ``locked`` the rows are taken as already in their final order and play starts at the
        guessing phase.  Such a state cannot be recorded and replayed (its deal is not the seed's).
        """
        state = game.new_game(seats=len(rows), seed=seed, options=options or {})
        cards = [[parse_card(name) for name in row] for row in rows]
        if sorted(sum(cards, [])) != list(DECK):
            raise ValueError("a deal must hold each of the 26 cards exactly once")
        state.rows = cards
        state.face_up = [[False] * len(row) for row in cards]
        state.misses = [[[] for _ in row] for row in cards]
        state.test_deal = True
        if locked:
            for hand, row in enumerate(cards):
                if not is_valid_order([rank_of(c) for c in row]):
                    raise ValueError(f"row {hand} is not in a valid order")
                state.locked[hand] = True
            state._rows_down([])
        return state

    def clone(self) -> "ThieveryState":
        """An independent copy (logged events and past actions are never changed, so shared)."""
        other = copy.copy(self)
        other.options = copy.deepcopy(self.options)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.history = list(self.history)
        other.rows = [list(row) for row in self.rows]
        other.locked = list(self.locked)
        other.face_up = [list(row) for row in self.face_up]
        other.misses = [[list(m) for m in row] for row in self.misses]
        other.learned = [set(known) for known in self.learned]
        other.held = [list(held) for held in self.held]
        other.shields = list(self.shields)
        other.bot_seats = list(self.bot_seats)
        other.winners = list(self.winners) if self.winners is not None else None
        other.log = list(self.log)
        return other

    # -- who may guess at whom ----------------------------------------------------------------
    @property
    def teams(self):
        return [list(team) for team in TEAMS] if self.partnerships else None

    def team_of(self, hand: int) -> tuple:
        if self.partnerships:
            return TEAMS[hand % 2]
        return (hand,)

    def opponents(self, hand: int) -> list[int]:
        """Hands whose cards ``hand`` may guess at (all others; in partnerships the other team)."""
        mine = self.team_of(hand)
        return [other for other in range(self.seats) if other not in mine]

    def face_down(self, hand: int) -> list[int]:
        return [i for i, up in enumerate(self.face_up[hand]) if not up]

    def targets(self, hand: int) -> list[int]:
        """Hands ``hand`` may guess at right now (stakeout and misdirection applied)."""
        open_hands = [t for t in self.opponents(hand) if t != self.stakeout and self.face_down(t)]
        if self.misdirection and self.misdirection[0] == hand and self.misdirection[1] in open_hands:
            return [self.misdirection[1]]
        return open_hands

    def is_bot(self, seat: int) -> bool:
        return seat in self.bot_seats

    # -- the contract ---------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple:
        if self.phase == "sorting":
            return tuple(h for h in range(self.seats) if not self.locked[h])
        if self.phase == "guessing":
            return (self.showing[0],) if self.showing else (self.turn,)
        return ()

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def outcome(self):
        if not self.is_over:
            return None
        return {"winners": list(self.winners),
                "scores": {str(h): len(self.face_down(h)) for h in range(self.seats)}}

    def legal_actions(self, seat: int) -> list:
        if self.is_over or not _is_int(seat) or not 0 <= seat < self.seats:
            return []
        actions: list[dict] = []
        if self.phase == "sorting":
            if not self.locked[seat]:
                ranks = tuple(rank_of(c) for c in self.rows[seat])
                actions = [{"type": "lock_in", "order": list(order)} for order in valid_orders(ranks)]
        elif self.showing and seat == self.showing[0]:
            actions = [{"type": "show", "index": i} for i in self.face_down(seat)]
            actions.append({"type": "show", "index": None})
        elif seat == self.turn and not self.showing:
            for hand in self.targets(seat):
                for index in self.face_down(hand):
                    missed = self.misses[hand][index]
                    actions += [{"type": "guess", "hand": hand, "index": index, "rank": rank}
                                for rank in RANKS if rank not in missed]
            actions += self._power_actions(seat)
        if self.phase == "guessing" and seat != self.turn and "alarm" in self.held[seat]:
            actions.append({"type": "power", "power": "alarm"})
        if self.is_bot(seat) and not (seat == self.turn and self.guessed):
            actions.append({"type": "take_over"})
        return actions

    def _power_actions(self, seat: int) -> list:
        """Power-ups the hand whose turn it is may play now."""
        actions = []
        for power in self.held[seat]:
            base = {"type": "power", "power": power}
            if power == "casing":
                actions += [{**base, "hand": t, "index": i} for t in self.opponents(seat)
                            for i in self.face_down(t) if (t, i) not in self.learned[seat]]
            elif power == "loose_lips":
                actions += [{**base, "rank": rank} for rank in RANKS]
            elif power == "tip_off":
                actions += [{**base, "index": i, "to": to} for i in self.face_down(seat)
                            for to in range(self.seats) if to != seat]
            elif power == "second_storey":
                if power not in self.shields:
                    actions.append(base)
            elif power == "pickpocket":
                if power not in self.shields and self.guessed == 0:
                    actions.append(base)
            elif power == "stakeout":
                actions += [{**base, "hand": h} for h in range(self.seats)
                            if h != self.stakeout and self.face_down(h)]
            elif power == "misdirection":
                for victim in range(self.seats):
                    if victim != seat:
                        actions += [{**base, "victim": victim, "hand": t}
                                    for t in self._open_to(victim)]
            elif power == "crack":
                actions += [{**base, "hand": t, "index": i} for t in self.targets(seat)
                            for i in self.face_down(t)]
        return actions

    def _open_to(self, victim: int) -> list[int]:
        """Hands ``victim`` could guess at, ignoring any misdirection (stakeout applied)."""
        return [t for t in self.opponents(victim) if t != self.stakeout and self.face_down(t)]

    # -- applying actions -----------------------------------------------------------------------
    def _apply(self, seat: int, action: dict) -> list:
        kind = action.get("type")
        events: list[dict] = []
        if kind == "take_over":
            self._check_keys(action, ())
            if not self.is_bot(seat):
                raise IllegalAction(f"hand {seat} is not played by a bot")
            if seat == self.turn and self.guessed:
                raise IllegalAction("a bot's hand can be taken over only between turns, "
                                    "not after it has guessed in this turn")
            self.bot_seats.remove(seat)
            self._say(events, {"type": "take_over", "hand": seat})
        elif kind == "lock_in":
            self._lock_in(seat, action, events)
        elif kind == "show":
            self._show(seat, action, events)
        elif kind == "guess":
            self._guess(seat, action, events)
        elif kind == "power":
            self._power(seat, action, events)
        else:
            raise IllegalAction(f"there is no action {kind!r} in Thievery")
        return events

    @staticmethod
    def _check_keys(action: dict, keys: tuple) -> None:
        extra = set(action) - {"type", *keys}
        if extra:
            raise IllegalAction(f"unexpected {', '.join(sorted(map(str, extra)))} in the action")
        missing = [key for key in keys if key not in action]
        if missing:
            raise IllegalAction(f"the action lacks {', '.join(missing)}")

    def _hand_index(self, action: dict, hand_key="hand", index_key="index") -> tuple:
        hand, index = action.get(hand_key), action.get(index_key)
        if not _is_int(hand) or not 0 <= hand < self.seats:
            raise IllegalAction(f"there is no hand {hand!r}")
        if not _is_int(index) or not 0 <= index < len(self.rows[hand]):
            raise IllegalAction(f"hand {hand} has no card {index!r}")
        return hand, index

    @staticmethod
    def _rank(action: dict) -> int:
        rank = action.get("rank")
        if not _is_int(rank) or rank not in RANKS:
            raise IllegalAction(f"a rank is a whole number from 1 (ace) to 13 (king), not {rank!r}")
        return rank

    def _my_turn(self, seat: int, doing: str) -> None:
        if self.phase != "guessing":
            raise IllegalAction(f"you can {doing} only once the rows are face down")
        if self.showing:
            raise IllegalAction(f"hand {self.showing[0]} is choosing a card to show first")
        if seat != self.turn:
            raise IllegalAction(f"it is hand {self.turn}'s turn, not hand {seat}'s")

    def _lock_in(self, seat: int, action: dict, events: list) -> None:
        self._check_keys(action, ("order",))
        if self.phase != "sorting":
            raise IllegalAction("the rows are already face down")
        if self.locked[seat]:
            raise IllegalAction(f"hand {seat} has already locked in")
        order, row = action["order"], self.rows[seat]
        if (not isinstance(order, (list, tuple)) or not all(_is_int(i) for i in order)
                or sorted(order) != list(range(len(row)))):
            raise IllegalAction(f"the order must list each of the {len(row)} cards "
                                f"(0 to {len(row) - 1}) exactly once")
        plain = [(i, rank_of(row[i])) for i in order if rank_of(row[i]) != ACE]
        for (i, a), (j, b) in zip(plain, plain[1:]):
            if a > b:
                raise IllegalAction(f"the {card_name(row[j])} may not come after the "
                                    f"{card_name(row[i])}: a row goes lowest to highest (aces anywhere)")
        self.rows[seat] = [row[i] for i in order]
        self.locked[seat] = True
        self._say(events, {"type": "locked", "hand": seat})
        if all(self.locked):
            self._rows_down(events)

    def _rows_down(self, events: list) -> None:
        self.phase = "guessing"
        self._say(events, {"type": "rows_down"})
        self._start_turn(0, events)

    def _show(self, seat: int, action: dict, events: list) -> None:
        self._check_keys(action, ("index",))
        if not self.showing or seat != self.showing[0]:
            raise IllegalAction("nobody is being asked to show a card now" if not self.showing
                                else f"hand {self.showing[0]} is the one to show a card")
        partner, guesser = self.showing
        index = action["index"]
        if index is not None:
            if not _is_int(index) or not 0 <= index < len(self.rows[seat]):
                raise IllegalAction(f"hand {seat} has no card {index!r}")
            if self.face_up[seat][index]:
                raise IllegalAction("that card is already face up: show a face-down one, or none")
        self.showing = None
        shown = index is not None
        public = {"type": "show", "by": partner, "to": guesser, "shown": shown}
        private = {**public, "index": index} if shown else public
        self._say(events, public, {partner: private, guesser: private})
        if shown:
            self.learned[guesser].add((seat, index))
            self._say(events, None, {guesser: {"type": "learned", "hand": seat, "index": index,
                                               "rank": rank_of(self.rows[seat][index]), "how": "show"}})
        self._settle(events)

    def _guess(self, seat: int, action: dict, events: list) -> None:
        self._check_keys(action, ("hand", "index", "rank"))
        self._my_turn(seat, "guess")
        hand, index = self._hand_index(action)
        rank = self._rank(action)
        self._check_target(seat, hand, index)
        if rank in self.misses[hand][index]:
            raise IllegalAction(f"{RANK_NAMES.get(rank, rank)} has already been missed at that card")
        first = self.guessed == 0
        self.guessed += 1
        self._guess_made(seat)
        hit = rank_of(self.rows[hand][index]) == rank
        self._say(events, {"type": "guess", "by": seat, "hand": hand, "index": index,
                           "rank": rank, "hit": hit})
        if hit:
            self.face_up[hand][index] = True
            if first and "pickpocket" in self.shields:
                self.shields.remove("pickpocket")   # the free first guess is used up
            self._settle(events)
            return
        self.misses[hand][index].append(rank)
        self.misses[hand][index].sort()
        if first and "pickpocket" in self.shields:
            self.shields.remove("pickpocket")
        elif "second_storey" in self.shields:
            self.shields.remove("second_storey")
        else:
            self._end_turn(events)
            return
        self._settle(events)

    def _check_target(self, seat: int, hand: int, index: int) -> None:
        if hand in self.team_of(seat):
            raise IllegalAction("you guess only at the other team's cards" if self.partnerships
                                else "you cannot guess at your own cards")
        if self.face_up[hand][index]:
            raise IllegalAction("that card is already face up")
        if hand == self.stakeout:
            raise IllegalAction(f"hand {hand} is under a stakeout until its next turn")
        if hand not in self.targets(seat):
            raise IllegalAction(f"a misdirection makes hand {seat} guess at hand "
                                f"{self.misdirection[1]} this time")

    def _guess_made(self, seat: int) -> None:
        """A guess (or a crack) by ``seat`` uses up a misdirection aimed at it."""
        if self.misdirection and self.misdirection[0] == seat:
            self.misdirection = None

    def _power(self, seat: int, action: dict, events: list) -> None:
        power = action.get("power")
        if not isinstance(power, str) or power not in POWERS:
            raise IllegalAction(f"there is no power-up {power!r}")
        if power not in self.held[seat]:
            raise IllegalAction(f"hand {seat} does not hold {POWERS[power]['title']}")
        public = {"type": "power", "by": seat, "power": power}
        private = {}
        if power == "alarm":
            self._check_keys(action, ("power",))
            if self.phase != "guessing" or seat == self.turn:
                raise IllegalAction("Trip the alarm is played during another hand's turn")
            self.held[seat].remove(power)
            ended = self.turn
            self._say(events, {**public, "ended": ended})
            self._end_turn(events)
            return
        self._my_turn(seat, "play a power-up")
        if power == "casing":
            self._check_keys(action, ("power", "hand", "index"))
            hand, index = self._hand_index(action)
            if hand not in self.opponents(seat) or self.face_up[hand][index]:
                raise IllegalAction("casing looks at a face-down card of an opponent")
            if (hand, index) in self.learned[seat]:
                raise IllegalAction("you already know that card")
            public.update(hand=hand, index=index)
            self.learned[seat].add((hand, index))
            private = {seat: {"type": "learned", "hand": hand, "index": index,
                              "rank": rank_of(self.rows[hand][index]), "how": "casing"}}
        elif power == "loose_lips":
            self._check_keys(action, ("power", "rank"))
            rank = self._rank(action)
            public["rank"] = rank
            count = sum(1 for h in range(self.seats) for i in self.face_down(h)
                        if rank_of(self.rows[h][i]) == rank)
            private = {seat: {"type": "count", "rank": rank, "face_down": count}}
        elif power == "tip_off":
            self._check_keys(action, ("power", "index", "to"))
            index, to = action["index"], action["to"]
            if not _is_int(to) or not 0 <= to < self.seats or to == seat:
                raise IllegalAction(f"a tip-off goes to another hand, not {to!r}")
            if not _is_int(index) or not 0 <= index < len(self.rows[seat]) or self.face_up[seat][index]:
                raise IllegalAction("a tip-off shows one of your own face-down cards")
            public.update(index=index, to=to)
            self.learned[to].add((seat, index))
            private = {to: {"type": "learned", "hand": seat, "index": index,
                            "rank": rank_of(self.rows[seat][index]), "how": "tip_off"}}
        elif power in ("second_storey", "pickpocket"):
            self._check_keys(action, ("power",))
            if power == "pickpocket" and self.guessed:
                raise IllegalAction("Pickpocket is played only before your first guess of the turn")
            if power in self.shields:
                raise IllegalAction(f"{POWERS[power]['title']} is already in play this turn")
            self.shields.append(power)
        elif power == "stakeout":
            self._check_keys(action, ("power", "hand"))
            hand = action["hand"]
            if not _is_int(hand) or not 0 <= hand < self.seats:
                raise IllegalAction(f"there is no hand {hand!r}")
            if not self.face_down(hand) or hand == self.stakeout:
                raise IllegalAction(f"a stakeout on hand {hand} would change nothing")
            public["hand"] = hand
            self.stakeout = hand
        elif power == "misdirection":
            self._check_keys(action, ("power", "victim", "hand"))
            victim, hand = action["victim"], action["hand"]
            if not _is_int(victim) or not 0 <= victim < self.seats or victim == seat:
                raise IllegalAction(f"a misdirection is aimed at another hand, not {victim!r}")
            if not _is_int(hand) or hand not in self._open_to(victim):
                raise IllegalAction(f"hand {victim} cannot guess at hand {hand!r}")
            public.update(victim=victim, hand=hand)
            self.misdirection = (victim, hand)
        elif power == "crack":
            self._check_keys(action, ("power", "hand", "index"))
            hand, index = self._hand_index(action)
            self._check_target(seat, hand, index)
            public.update(hand=hand, index=index, rank=rank_of(self.rows[hand][index]))
        self.held[seat].remove(power)
        self._say(events, public)
        if private:   # the result goes only to the seat entitled to it
            self._say(events, None, private)
        if power == "crack":
            self.guessed += 1
            self._guess_made(seat)
            if "pickpocket" in self.shields and self.guessed == 1:
                self.shields.remove("pickpocket")
            self.face_up[hand][index] = True
        self._settle(events)

    # -- turns ----------------------------------------------------------------------------------
    def _settle(self, events: list) -> None:
        """After any change in the guessing phase: a win, lapsed powers, a stuck guesser."""
        if self.phase != "guessing":
            return
        covered = [h for h in range(self.seats) if self.face_down(h)]
        for team in ([list(t) for t in TEAMS] if self.partnerships else [[h] for h in range(self.seats)]):
            if all(h in team for h in covered):
                self.winners = sorted(team)
                self.phase = "over"
                self.turn = None
                self.showing = None
                self._say(events, {"type": "win", "winners": list(self.winners)})
                return
        if self.misdirection and self.misdirection[1] not in self._open_to(self.misdirection[0]):
            self.misdirection = None
            self._say(events, {"type": "lapsed", "power": "misdirection"})
        if not self.showing and not self.targets(self.turn):
            self._end_turn(events)

    def _end_turn(self, events: list) -> None:
        self._start_turn((self.turn + 1) % self.seats, events)

    def _start_turn(self, hand: int, events: list) -> None:
        # Terminates: the hand under a stakeout frees itself when its turn starts, and a hand with
        # nothing left to guess at anywhere would already have won.
        for _ in range(self.seats + 1):
            self.turn, self.guessed, self.shields, self.showing = hand, 0, [], None
            self._say(events, {"type": "turn", "hand": hand})
            if self.stakeout == hand:
                self.stakeout = None
                self._say(events, {"type": "lapsed", "power": "stakeout"})
            if self.misdirection and self.misdirection[1] not in self._open_to(self.misdirection[0]):
                self.misdirection = None
                self._say(events, {"type": "lapsed", "power": "misdirection"})
            if self.targets(hand):
                break
            self._say(events, {"type": "skip", "hand": hand})
            hand = (hand + 1) % self.seats
        else:  # pragma: no cover - see the comment above
            raise AssertionError("no hand can guess")
        if self.powerups_on and not self.is_bot(hand) and len(self.held[hand]) < MAX_HELD:
            power = self._draw_power(self.held[hand])
            self.held[hand].append(power)
            self._say(events, {"type": "draw", "hand": hand},
                      {hand: {"type": "draw", "hand": hand, "power": power}})
        if self.partnerships:
            partner = (hand + 2) % self.seats
            if self.face_down(partner):
                self.showing = (partner, hand)

    def _draw_power(self, held: list) -> str:
        """One power-up by the tier weights, never one already held."""
        tier = self.rng.choices(TIERS, weights=[TIER_WEIGHTS[t] for t in TIERS])[0]
        level = TIERS.index(tier)
        while True:
            # A duplicate is redrawn among the rest of its tier, then a tier more common.
            pool = [p for p in POWERS if POWERS[p]["tier"] == TIERS[level] and p not in held]
            if pool:
                return self.rng.choices(pool, weights=[POWER_WEIGHTS[p] for p in pool])[0]
            level -= 1   # holding fewer than three, the common tier always has one left

    def _say(self, events: list, public, private: dict | None = None) -> None:
        self.log.append((public, dict(private or {})))
        if public is not None:
            events.append(public)

    # -- what a seat may see --------------------------------------------------------------------
    def view(self, seat) -> dict:
        return build_view(self, seat)


def build_view(state: ThieveryState, seat) -> dict:
    """Everything ``seat`` may know (None: what everyone may know).  The only door to secrets."""
    n = state.seats
    if seat is not None and (not _is_int(seat) or not 0 <= seat < n):
        raise ValueError(f"there is no seat {seat!r} at this table")
    rows = []
    for hand in range(n):
        row = []
        for index, card in enumerate(state.rows[hand]):
            if state.phase == "sorting":
                mine = hand == seat
                row.append({"colour": colour_of(card) if mine else None,
                            "rank": rank_of(card) if mine else None,
                            "face_up": False, "misses": [], "known": mine})
                continue
            up = state.face_up[hand][index]
            visible = (up or state.phase == "over" or hand == seat
                       or (seat is not None and (hand, index) in state.learned[seat]))
            row.append({"colour": colour_of(card), "rank": rank_of(card) if visible else None,
                        "face_up": up, "misses": list(state.misses[hand][index]),
                        "known": visible and not up})
        rows.append(row)
    log = []
    for public, private in state.log:
        event = private.get(seat, public) if seat is not None else public
        if event is not None:
            log.append(dict(event))
    guessing = state.phase == "guessing"
    return {
        "game": "thievery", "seat": seat, "hands": n, "phase": state.phase,
        "turn": state.turn if guessing else None,
        "to_act": list(state.to_act),
        "targets": state.targets(state.turn) if guessing and not state.showing else [],
        "bots": list(state.bot_seats), "powerups_on": state.powerups_on, "teams": state.teams,
        "rows": rows, "locked": list(state.locked),
        "held": list(state.held[seat]) if seat is not None else [],
        "held_counts": [len(held) for held in state.held],
        "stakeout": state.stakeout,
        "misdirection": ({"victim": state.misdirection[0], "hand": state.misdirection[1]}
                         if state.misdirection else None),
        "free_miss": bool(state.shields), "shields": list(state.shields),
        "guessed_this_turn": state.guessed,
        "showing": {"partner": state.showing[0], "for": state.showing[1]} if state.showing else None,
        "log": log,
        "winners": list(state.winners) if state.winners is not None else None,
    }


# -- hooks for the shared tests -----------------------------------------------------------------
def check_options(seats, options: dict):
    """Refuse option values that make no table; the reason says why."""
    for flag in ("powerups", "partnerships"):
        if not isinstance(options.get(flag), bool):
            raise ValueError(f"the option {flag} is true or false, not {options.get(flag)!r}")
    if options["partnerships"] and seats != PARTNERSHIP_HANDS:
        raise ValueError(f"partnerships are played with exactly 4 hands, not {seats}")
    bots = options.get("bots")
    if not isinstance(bots, (list, tuple)):
        raise ValueError(f"the option bots lists the hands played by bots, not {bots!r}")
    for bot in bots:
        if not _is_int(bot) or not 0 <= bot < seats:
            raise ValueError(f"there is no hand {bot!r} to give to a bot (hands are 0 to {seats - 1})")
    if len(set(bots)) != len(bots):
        raise ValueError("the option bots names a hand twice")
    return None


def audit(state: ThieveryState) -> None:
    """The game's own invariants: 26 cards each once, flags consistent, power-ups in bounds."""
    cards = sorted(card for row in state.rows for card in row)
    assert cards == list(DECK), "the 26 cards are not each in exactly one row"
    assert [len(r) for r in state.face_up] == [len(r) for r in state.rows]
    assert [len(r) for r in state.misses] == [len(r) for r in state.rows]
    if state.phase == "sorting":
        assert not any(any(r) for r in state.face_up), "a card is face up while sorting"
    else:
        assert all(state.locked)
        for hand, row in enumerate(state.rows):
            for index, card in enumerate(row):
                assert rank_of(card) not in state.misses[hand][index], "a miss names the card's rank"
    for held in state.held:
        assert len(held) <= MAX_HELD and len(set(held)) == len(held)
    if state.phase == "over":
        assert state.winners
    if state.phase == "guessing":
        assert state.turn is not None and (state.showing or state.targets(state.turn))


def exchange_hidden(state: ThieveryState, seat: int, rng):
    """A clone where two cards of one colour that ``seat`` cannot see have changed places."""
    other = state.clone()
    if state.phase == "over":
        return other
    hidden = {0: [], 1: []}
    for hand in range(state.seats):
        if hand == seat:
            continue
        for index, card in enumerate(state.rows[hand]):
            if state.phase == "guessing" and (state.face_up[hand][index]
                                              or (hand, index) in state.learned[seat]):
                continue
            hidden[card // 13].append((hand, index))
    choices = [spots for spots in hidden.values() if len(spots) >= 2]
    if not choices:
        return other
    (h1, i1), (h2, i2) = rng.sample(rng.choice(choices), 2)
    other.rows[h1][i1], other.rows[h2][i2] = other.rows[h2][i2], other.rows[h1][i1]
    return other
