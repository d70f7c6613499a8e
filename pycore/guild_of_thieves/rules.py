"""Guild of Thieves: the rules, as one State, read like the rule text.

The facts of the game come first as data, then the set-up (the combination, the deal), then the
State: who acts, what is legal, apply, and the one function that builds a seat's view.

>>> import pycore
>>> state = pycore.GAMES["guild-of-thieves"].new_game(seats=3, seed=7)
>>> state.to_act
(0,)
>>> state.legal_actions(0)[0]
{'type': 'choose_house', 'house': 0}

Cards
-----
Short strings: value then suit, ``"2C"`` .. ``"10S"``, royalties ``"KH" "QH" "JH" "AH"``, the Joker
(the Jeweled Box) ``"JK"``.  Suits ``C D H S``.  With Double Deck every card exists twice and an
action names a card by its code.  A lock guess is one of ``"C" "D" "H" "S" "K" "Q" "J" "A"``.
The combination is written like a card: ``"5H"`` is the 5 of Hearts.

Houses
------
Houses are numbered row by row in the layout of the text (``0..15``, Double Deck ``0..31``)::

    row 0   slum  slum  slum  slum                      (Double Deck: 8 per row)
    row 1   rich  rich  rich  rich   Guild House (column 4, Double Deck column 8)
    row 2   rich  rich  rich  rich
    row 3   slum  slum  slum  slum

Actions (plain dicts; only the seats in ``to_act`` have legal actions)
-------------------------------------------------------------------------
``{"type": "choose_house", "house": k}``     set-up, seats 0, 1, 2 ... in turn: take house k.
``{"type": "rob", "house": k, "guess": g}``  1. rob house k (town or another player's), guessing its
                                             lock.  At a face-up lock only a right guess is legal.
``{"type": "steal", "card": code | None}``   2. after a hit: take one of the cards shown, or nothing.
``{"type": "lock_door", "card": code}``      3. after robbing a town house that still has cards:
                                             take its face-up lock, put royalty ``code`` there.
``{"type": "dues", "card": code}``           4. pay one card of dues; twice in a row (two cards),
                                             then the top card of the Guild House comes to hand.
``{"type": "change_lock", "card": code}``    5. swap your lock for royalty ``code`` from your hand.
``{"type": "end_turn"}``                     6. the next living player's turn.
``{"type": "open_box", "suit": s, "value": v}``  while holding the Joker, at any point of your turn
                                             (not between the two dues cards nor while stealing).
``{"type": "offer_draw"}``                   at the start of your turn (before anything else),
                                             once per round.
``{"type": "answer_draw", "agree": bool}``   every other living player in turn; one "no" ends it.

The steps keep the order of the text: once a later step is taken, an earlier one is gone.

View: ``state.view(seat)`` (``seat=None`` is the public view; the keys marked *seat* are absent there;
a seat not at the table raises ValueError)
------------------------------------------------------------------------------------------------------
``game``            "guild-of-thieves"
``seat``            the seat this view is for, or None
``seats``           number of seats
``options``         the options of the table
``phase``           "choose" (choosing houses), "turn", "draw_offer" (answers pending), "over"
``turn``            the seat whose turn (or choice) it is; None when over
``step``            in a turn: "rob", "steal", "lock_door", "dues", "dues_second", "change_lock",
                    "end" (the earliest step still open); None otherwise
``round``           the round number (1..100) once turns begin, 0 while choosing houses
``to_act``          list of seats that may act now
``draw_offer``      None or {"by": seat, "waiting": [seats still to answer]}
``layout``          {"rows": 4, "columns": 4|8, "guild_house": {"row": 1, "column": 4|8}}
``houses``          list, one per house: {"house": k, "kind": "slum"|"rich", "row": r,
                    "column": c, "owner": seat|None, "in_play": bool, "cards": count,
                    "lock_face_up": bool, "lock": code if face up else None,
                    "wrong_guesses": [guesses publicly wrong since this lock was put there],
                    "known_lock": *seat* code of the lock if this seat knows it now (face up,
                    its own, one it placed, one it looked at and that has not moved since) or None}
``guild_house``     {"cards": count, "known_top": "JK" while the I Know Where You Live Joker is
                    untouched, else None, "mine": *seat* [{"depth": i, "card": code}] the cards this
                    seat paid in that are still there (depth 0 = the next card drawn)}
``players``         list, one per seat: {"seat": s, "out": bool, "house": k|None, "hand": count}
``wrong_combinations``  combinations publicly opened wrong, e.g. ["5H"]
``log``             the events this seat has seen (public ones, plus its own private ones), oldest first
``hand``            *seat* the cards in this seat's hand (its house, if it has one)
``my_lock``         *seat* the code of its own lock, or None
``seen``            *seat* every card code this seat has ever seen (sorted; its own memory)
``pending``         *seat* while this seat steals: {"house": k, "cards": [codes shown]}; else None
``dues_paid``       *seat* the first dues card while choosing the second, else []
``notebook``        *seat*, only with Pen & Paper: {"suits_out": [...], "values_out": [...],
                    "cards_seen": [...], "possible": ["5H", ...]}
``combination``     the combination ("5H") once the game is over, else None
``outcome``         the outcome once over, else None

Events (``apply`` returns the public ones; each seat's ``log`` has public events and its own private
versions; a private version carries more fields and replaces the public one in that seat's log)
-------------------------------------------------------------------------------------------------
``{"type": "choose_house", "by": s, "house": k}``            private to s: + "cards", "lock"
``{"type": "turn", "seat": s, "round": r}``
``{"type": "rob", "by": s, "house": k, "owner": o|None, "guess": g, "hit": bool}``
                                                              on a hit also "lock" (now face up)
``{"type": "saw", "house": k, "owner": o|None, "cards": [...], "round": r}``   private, the thief
``{"type": "learned_lock", "house": k, "lock": code, "round": r}``   private, a wrong look in town
``{"type": "steal", "by": s, "house": k, "owner": o|None, "took": bool, "took_lock": bool}``
                    took_lock: the last card went, the lock too, the house left play;
                                                              private to thief and owner: + "card"
``{"type": "lock_door", "by": s, "house": k, "took": old lock}``     private to s: + "placed"
``{"type": "dues", "by": s}``       + "drew": "JK" when the known I Know Where You Live Joker is drawn;
                                    private to s: + "paid": [a, b], "drew": code
``{"type": "change_lock", "by": s, "house": k, "old": code if it was face up}``
                                                              private to s: + "old", "new"
``{"type": "open_box", "by": s, "suit": x, "value": v, "right": bool}``  + "combination" when right
``{"type": "out", "seat": s, "house": k|None, "cards": n, "to": "house"|"guild_house"}``
                    a wrong opener is out: its n cards went under a lock at house k (its own house,
                    or the place where it stood) or to the bottom of the Guild House
``{"type": "draw_offer", "by": s}``, ``{"type": "draw_answer", "by": s, "agree": bool}``
``{"type": "over", "winners": [...], "reason": "opened"|"all_out"|"agreed"|"rounds"|"stuck",
   "combination": code}``

Outcome: ``{"winners": [seat] or [] for a draw, "scores": {"0": 1|0, ...}, "reason": ...,
"combination": code}``.
"""
from __future__ import annotations

import copy
import random

from ..core import IllegalAction, State

# ---------------------------------------------------------------------------------------------
# The facts of the game
# ---------------------------------------------------------------------------------------------
SUITS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
VALUES = ("2", "3", "4", "5", "6", "7", "8", "9", "10")
ROYALS = ("K", "Q", "J", "A")          # the locks: Kings, Queens, Jacks and Aces
ROYAL_NAMES = {"K": "King", "Q": "Queen", "J": "Jack", "A": "Ace"}
JOKER = "JK"                           # the Jeweled Box
LOCK_GUESSES = SUITS + ROYALS          # a lock guess names a suit or a royalty
ROWS = (("slum", 1), ("rich", 2), ("rich", 2), ("slum", 1))   # (kind, cards dealt) per row
COLUMNS = {False: 4, True: 8}          # Double Deck: twice as wide
GUILD_HOUSE_ROW = 1                    # "beside" the first row of rich houses
REMOVED_EVERY = 9                      # cards 9, 18, 27 (... 54) leave the stacked deck
MAX_ROUNDS = 100                       # the safety stop: a draw after 100 rounds
OPTIONS = {"double_deck": False, "i_know_where_you_live": False, "pen_and_paper": False}

TABLE_RULES = [
    "The app sets up the combination exactly as the text says: four sorted suit piles (2 up to 10; "
    "Double Deck 2-10 twice), mixed, one pile set aside, the other three stacked, one cut per "
    "player, then cards 9, 18 and 27 (Double Deck also 36, 45 and 54) taken out.",
    "Houses are dealt row by row: four slums, four rich houses, four rich houses, four slums "
    "(Double Deck eight of each per row); the last card is the Guild House.",
    "With I Know Where You Live the Guild House starts as the Joker alone, face up in everyone's "
    "memory; whoever draws it is announced.",
    "Each player's cut is at a random point, never an empty cut.",
    "Players choose houses in seat order; seat 0 then takes the first turn. A round ends when "
    "play comes back round to seat 0 (players who are out are skipped).",
    "You must rob if there is any house you may rob (a town house, or another player's house still "
    "in play); you never rob your own house.",
    "A lock that is face up can only be guessed right: name its suit or its rank.",
    "A wrong look at a town lock shows you that lock; you remember it until the lock is moved. "
    "At a player's house you only hear 'wrong'. Everyone hears what was guessed.",
    "A thief who takes the last card of a player's house takes its lock too; that player plays "
    "on without a house, and nobody can rob them any more.",
    "Lock the door behind you: only right after robbing a town house that still has cards; any "
    "royalty from your hand can go on it.",
    "Royalties in your hand are cards like any other: they can be seen, stolen and paid as dues.",
    "Dues: pick the two cards one at a time; once the first is down the second must follow. The "
    "first card paid lies above the second at the bottom of the Guild House.",
    "You may open the Jeweled Box at any moment of your turn while you hold the Joker, except "
    "while choosing what to steal and between the two dues cards.",
    "A player who opens the box wrong is out: their hand, Joker included, goes face down under "
    "their lock and the house joins the town, its lock as it was (face up stays face up).",
    "A player who dies without a house puts a random royalty from their hand face down where their "
    "house stood, with the rest of the hand under it; with no royalty the hand goes, shuffled, "
    "to the bottom of the Guild House.",
    "Everyone hears which combination a dead player tried: it is ruled out for all. The "
    "combination itself is shown only when someone opens the box or the game ends.",
    "Pen & Paper adds a notebook that fills itself with the cards you have seen, what they rule "
    "out and the combinations still possible; without it, remembering is up to you.",
    "The last player alive plays on: they still have to open the box.",
    "A draw is offered at the start of your turn, before anything else, at most once per round. "
    "Each other living player answers in turn; the first 'no' ends it and your turn goes on.",
    "The game is a draw when every player is out, when all agree, or after 100 rounds; and, as "
    "the text says, when the Joker is stuck in the Guild House: no house is left to rob, nobody "
    "holds the Joker and nobody has two cards to pay dues with.",
]


def suit_of(card: str) -> str:
    return card[-1]


def rank_of(card: str) -> str:
    return card[:-1]


def is_royal(card: str) -> bool:
    return card != JOKER and rank_of(card) in ROYALS


def is_number(card: str) -> bool:
    return card != JOKER and rank_of(card) in VALUES


def card_order(card: str):
    """Sort key: number cards by value then suit, then royalties, then the Joker."""
    if card == JOKER:
        return (3, 0, 0)
    rank, suit = rank_of(card), suit_of(card)
    if rank in VALUES:
        return (1, VALUES.index(rank), SUITS.index(suit))
    return (2, ROYALS.index(rank), SUITS.index(suit))


def describe(card: str) -> str:
    """'5H' -> '5 of Hearts', 'JK' -> 'the Joker'."""
    if card == JOKER:
        return "the Joker"
    rank, suit = rank_of(card), suit_of(card)
    return f"{ROYAL_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}"


def lock_matches(lock: str, guess: str) -> bool:
    return guess == suit_of(lock) or guess == rank_of(lock)


# ---------------------------------------------------------------------------------------------
# Set-up: the combination and the deal (the seeded generator stands in for the people)
# ---------------------------------------------------------------------------------------------
def suit_pile(suit: str, double_deck: bool) -> list:
    """One sorted suit pile, 2 up to 10 (Double Deck: 2..10, 2..10)."""
    return [value + suit for value in VALUES] * (2 if double_deck else 1)


def cut(deck: list, at: int) -> list:
    """One cut: the top ``at`` cards go to the bottom, the sequence is kept.

    >>> cut(["2C", "3C", "4C", "5C"], 2)
    ['4C', '5C', '2C', '3C']
    """
    return deck[at:] + deck[:at]


def make_combination(rng, seats: int, double_deck: bool):
    """Steps 1-7 of the text.  Returns (combination cards, the rest of the number cards)."""
    piles = [suit_pile(suit, double_deck) for suit in SUITS]   # 1-2. sorted suit piles
    rng.shuffle(piles)                                # 3. the piles are mixed unseen
    suit_cards = piles.pop(0)                         # 4. one complete suit aside
    deck = [card for pile in piles for card in pile]  # 5. the other three stacked
    for _ in range(seats):                            # 6. each player cuts once
        deck = cut(deck, rng.randrange(1, len(deck)))
    removed = deck[REMOVED_EVERY - 1::REMOVED_EVERY]  # 7. cards 9, 18, 27 (... 54)
    rest = [card for i, card in enumerate(deck) if (i + 1) % REMOVED_EVERY]
    return suit_cards + removed, rest


def combination_code(combination: list) -> str:
    """The suit of the complete pile and the value shared by the removed cards, e.g. '5H'."""
    suits = [suit_of(card) for card in combination]
    suit = max(SUITS, key=suits.count)
    values = [rank_of(card) for card in combination if suit_of(card) != suit]
    return values[0] + suit


class House:
    """One house of the town: where it lies, its lock, and its cards (a player's are their hand)."""

    __slots__ = ("number", "kind", "row", "column", "lock", "face_up", "owner", "cards",
                 "in_play", "lock_version", "wrong_guesses")

    def __init__(self, number, kind, row, column):
        self.number, self.kind, self.row, self.column = number, kind, row, column
        self.lock = None
        self.face_up = False
        self.owner = None
        self.cards = []          # town cards; empty while a player owns it (their hand holds them)
        self.in_play = True
        self.lock_version = 0    # goes up whenever a different card becomes the lock
        self.wrong_guesses = []  # public wrong guesses at the current lock

    def __deepcopy__(self, memo):
        other = House(self.number, self.kind, self.row, self.column)
        other.lock, other.face_up, other.owner = self.lock, self.face_up, self.owner
        other.cards, other.in_play = list(self.cards), self.in_play
        other.lock_version, other.wrong_guesses = self.lock_version, list(self.wrong_guesses)
        return other


def check_options(seats, options):
    """Options are true/false; Double Deck seats up to 32 players."""
    for name, value in options.items():
        if not isinstance(value, bool):
            raise ValueError(f"the option {name!r} is on or off (true or false), not {value!r}")
    return 32 if options.get("double_deck") else 16


# ---------------------------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------------------------
class GuildState(State):
    """A game of Guild of Thieves (see the module docstring for actions, view and events)."""

    def __init__(self, game, seats, seed, options):
        super().__init__(game, seats, seed, options)
        self.double = self.options["double_deck"]
        self.ikwyl = self.options["i_know_where_you_live"]
        self.pen_and_paper = self.options["pen_and_paper"]
        rng = self.rng

        # The combination (steps 1-7).
        self.combination, numbers = make_combination(rng, seats, self.double)
        self.combination_code = combination_code(self.combination)

        # Set-up 1-2: the Joker joins the other cards (not with I Know Where You Live), shuffle, deal.
        columns = COLUMNS[self.double]
        if not self.ikwyl:
            numbers.append(JOKER)
        rng.shuffle(numbers)
        self.houses: list[House] = []
        for row, (kind, count) in enumerate(ROWS):
            for column in range(columns):
                house = House(len(self.houses), kind, row, column)
                house.cards = [numbers.pop() for _ in range(count)]
                self.houses.append(house)
        # The Guild House, a queue: [card, who put it there (-1: the deal)]; index 0 is the top.
        self.guild = [[card, -1] for card in numbers] + ([[JOKER, -1]] if self.ikwyl else [])
        self.joker_on_top_known = self.ikwyl

        # Set-up 3: a royalty on each house, face down.
        royals = [rank + suit for suit in SUITS for rank in ROYALS] * (2 if self.double else 1)
        rng.shuffle(royals)
        for house in self.houses:
            house.lock = royals.pop()

        self.hands = [[] for _ in range(seats)]
        self.home = [None] * seats                 # each seat's house number while it has one
        self.chosen = [None] * seats               # the house each seat chose (its place on the table)
        self.out = [False] * seats
        self.seen = [set() for _ in range(seats)]  # every code each seat has ever seen
        self.learned = [dict() for _ in range(seats)]  # house -> (lock, lock_version) seen by a look
        self.wrong_combinations = []
        self.log = []                              # (public event or None, {seat: private event})

        self.phase = "choose"
        self.current = 0
        self.step = None
        self.round = 0
        self.robbed = None                          # the house robbed this turn
        self.stealing = False
        self.dues_first = None
        self.paid_dues = False
        self.offered_round = [0] * seats
        self.fresh_turn = False
        self.draw_offer = None                      # {"by": s, "waiting": [...], "step": step}
        self.winners = None
        self.reason = None

    def clone(self) -> "GuildState":
        """A deep copy, made by hand: log entries and history actions are never changed once
        written, so the copies share them (a generic deepcopy of a long game is slow)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.history = list(self.history)
        other.combination = list(self.combination)
        other.houses = [copy.deepcopy(house) for house in self.houses]
        other.guild = [list(entry) for entry in self.guild]
        other.hands = [list(hand) for hand in self.hands]
        other.home, other.chosen, other.out = list(self.home), list(self.chosen), list(self.out)
        other.seen = [set(seen) for seen in self.seen]
        other.learned = [dict(learned) for learned in self.learned]
        other.wrong_combinations = list(self.wrong_combinations)
        other.log = list(self.log)
        other.offered_round = list(self.offered_round)
        other.draw_offer = copy.deepcopy(self.draw_offer)
        other.winners = list(self.winners) if self.winners is not None else None
        return other

    # -- small helpers ------------------------------------------------------------------------
    def cards_of(self, house: House) -> list:
        """The cards of a house: a player's house is that player's hand."""
        return self.hands[house.owner] if house.owner is not None else house.cards

    def living(self) -> list:
        return [seat for seat in range(self.seats) if not self.out[seat]]

    def targets(self, seat) -> list:
        """Houses this seat may rob: in play and not its own."""
        return [house for house in self.houses if house.in_play and house.owner != seat]

    def _emit(self, public, private=None):
        """Log an event (public, plus private versions by seat); returns a copy of the public one."""
        self.log.append((public, private or {}))
        return _copy_event(public) if public is not None else None

    def _see(self, seat, cards):
        self.seen[seat].update(cards)

    def _reveal_lock(self, house):
        house.face_up = True
        for seat in range(self.seats):
            self.seen[seat].add(house.lock)

    def _new_lock(self, house, card, face_up=False):
        house.lock, house.face_up = card, face_up
        house.lock_version += 1
        house.wrong_guesses = []

    # -- the contract -------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple:
        if self.phase == "over":
            return ()
        if self.phase == "draw_offer":
            return (self.draw_offer["waiting"][0],)
        return (self.current,)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def outcome(self):
        if self.phase != "over":
            return None
        return {"winners": list(self.winners),
                "scores": {str(seat): int(seat in self.winners) for seat in range(self.seats)},
                "reason": self.reason, "combination": self.combination_code}

    def legal_actions(self, seat) -> list:
        if self.phase == "over" or seat not in self.to_act:
            return []
        if self.phase == "choose":
            return [{"type": "choose_house", "house": house.number}
                    for house in self.houses if house.owner is None]
        if self.phase == "draw_offer":
            return [{"type": "answer_draw", "agree": True}, {"type": "answer_draw", "agree": False}]
        hand, step = self.hands[seat], self.step
        if step == "steal":
            shown = sorted(set(self.cards_of(self.houses[self.robbed])), key=card_order)
            return [{"type": "steal", "card": card} for card in shown] + [{"type": "steal", "card": None}]
        if step == "dues_second":
            rest = list(hand)
            rest.remove(self.dues_first)
            return [{"type": "dues", "card": card} for card in sorted(set(rest), key=card_order)]
        actions = []
        if step == "rob":
            for house in self.targets(seat):
                guesses = ([g for g in LOCK_GUESSES if lock_matches(house.lock, g)]
                           if house.face_up else LOCK_GUESSES)
                actions += [{"type": "rob", "house": house.number, "guess": g} for g in guesses]
        else:
            royals = sorted({card for card in hand if is_royal(card)}, key=card_order)
            if step == "lock_door" and self._can_lock_door(seat):
                actions += [{"type": "lock_door", "card": card} for card in royals]
            if step in ("lock_door", "dues") and not self.paid_dues and len(hand) >= 2:
                actions += [{"type": "dues", "card": card} for card in sorted(set(hand), key=card_order)]
            if (step in ("lock_door", "dues", "change_lock") and self.home[seat] is not None
                    and royals):
                actions += [{"type": "change_lock", "card": card} for card in royals]
            actions.append({"type": "end_turn"})
        if JOKER in hand:
            actions += [{"type": "open_box", "suit": suit, "value": value}
                        for suit in SUITS for value in VALUES]
        if self.fresh_turn and self.offered_round[seat] != self.round:
            actions.append({"type": "offer_draw"})
        return actions

    def _can_lock_door(self, seat) -> bool:
        house = self.houses[self.robbed] if self.robbed is not None else None
        return (house is not None and house.owner is None and house.in_play and house.face_up
                and any(is_royal(card) for card in self.hands[seat]))

    # -- applying actions ---------------------------------------------------------------------
    def _apply(self, seat, action):
        kind = action.get("type")
        handler = self._HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise IllegalAction(f"there is no action {kind!r} in Guild of Thieves")
        fields, method, turn_action = handler
        extra = set(action) - {"type", *fields}
        missing = [name for name in fields if name not in action]
        if missing:
            raise IllegalAction(f"a {kind} action needs {', '.join(missing)}")
        if extra:
            raise IllegalAction(f"a {kind} action has no {', '.join(sorted(map(str, extra)))}")
        if seat not in self.to_act:
            whose = self.to_act[0]
            raise IllegalAction(f"it is not seat {seat}'s move: seat {whose} is to act")
        events = method(self, seat, *(action[name] for name in fields))
        if turn_action and self.phase == "turn" and self.current == seat:
            self.fresh_turn = False
        return events

    def _need_step(self, allowed, what):
        if self.phase != "turn" or self.step not in allowed:
            where = {"choose": "while houses are being chosen",
                     "draw_offer": "while a draw offer is being answered"}.get(self.phase)
            if where is None:
                where = {"rob": "before robbing", "steal": "while choosing what to steal",
                         "dues_second": "before paying the second dues card"}.get(
                    self.step, "at this point of the turn (that step has passed)")
            raise IllegalAction(f"you cannot {what} {where}")

    @staticmethod
    def _need_card(card, allow_none=False):
        if card is None and allow_none:
            return
        if not isinstance(card, str):
            raise IllegalAction(f"a card is named by its code such as '5H', not {card!r}")

    def _do_choose_house(self, seat, number):
        if self.phase != "choose":
            raise IllegalAction("the houses have already been chosen")
        house = self._house(number)
        if house.owner is not None:
            raise IllegalAction(f"house {number} is already seat {house.owner}'s")
        house.owner = seat
        self.home[seat] = self.chosen[seat] = house.number
        self.hands[seat] = house.cards
        house.cards = []
        self._see(seat, self.hands[seat] + [house.lock])
        public = {"type": "choose_house", "by": seat, "house": house.number}
        events = [self._emit(public, {seat: {**public, "cards": list(self.hands[seat]),
                                              "lock": house.lock}})]
        if seat + 1 < self.seats:
            self.current = seat + 1
        else:
            self.phase, self.round, self.current = "turn", 1, 0
            events += self._start_turn(0)
        return events

    def _house(self, number) -> House:
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(self.houses):
            raise IllegalAction(f"there is no house {number!r} (houses are 0 to {len(self.houses) - 1})")
        return self.houses[number]

    def _do_rob(self, seat, number, guess):
        self._need_step(("rob",), "rob")
        house = self._house(number)
        if not isinstance(guess, str) or guess not in LOCK_GUESSES:
            raise IllegalAction(f"a lock guess is a suit (C, D, H, S) or K, Q, J, A, not {guess!r}")
        if not house.in_play:
            raise IllegalAction(f"house {number} is out of play (it has no cards left)")
        if house.owner == seat:
            raise IllegalAction("you cannot rob your own house")
        if house.face_up and not lock_matches(house.lock, guess):
            raise IllegalAction(f"the lock of house {number} is face up ({describe(house.lock)}): "
                                f"guess {rank_of(house.lock)} or {suit_of(house.lock)}")
        hit = lock_matches(house.lock, guess)
        public = {"type": "rob", "by": seat, "house": number, "owner": house.owner,
                  "guess": guess, "hit": hit}
        self.robbed = number
        if not hit:
            house.wrong_guesses.append(guess)
            events = [self._emit(public)]
            if house.owner is None:   # in town the guesser looked at the lock
                self.learned[seat][number] = (house.lock, house.lock_version)
                self._see(seat, [house.lock])
                self._emit(None, {seat: {"type": "learned_lock", "house": number,
                                         "lock": house.lock, "round": self.round}})
            self.step = "dues"
            return events
        self._reveal_lock(house)
        public["lock"] = house.lock
        cards = self.cards_of(house)
        self._see(seat, cards)
        events = [self._emit(public)]
        self._emit(None, {seat: {"type": "saw", "house": number, "owner": house.owner,
                                 "cards": sorted(cards, key=card_order), "round": self.round}})
        self.step = "steal"
        return events

    def _do_steal(self, seat, card):
        self._need_step(("steal",), "steal")
        self._need_card(card, allow_none=True)
        house = self.houses[self.robbed]
        cards = self.cards_of(house)
        if card is not None and card not in cards:
            raise IllegalAction(f"{card!r} is not among the cards of house {house.number}")
        public = {"type": "steal", "by": seat, "house": house.number, "owner": house.owner,
                  "took": card is not None, "took_lock": False}
        private = {}
        if card is not None:
            cards.remove(card)
            self.hands[seat].append(card)
            if not cards:   # the last card: the lock goes too, and the house leaves play
                self.hands[seat].append(house.lock)
                if house.owner is not None:
                    self.home[house.owner] = None
                house.owner, house.lock, house.face_up, house.in_play = None, None, False, False
                house.lock_version += 1
                house.wrong_guesses = []
                public["took_lock"] = True
            private = {seat: {**public, "card": card}}
            if public["owner"] is not None:
                private[public["owner"]] = {**public, "card": card}
        self.step = "lock_door"
        return [self._emit(public, private)]

    def _do_lock_door(self, seat, card):
        self._need_step(("lock_door",), "lock the door")
        self._need_card(card)
        if not self._can_lock_door(seat):
            raise IllegalAction("you can lock the door only right after robbing a town house that "
                                "still has cards, holding a royalty")
        if card not in self.hands[seat] or not is_royal(card):
            raise IllegalAction(f"you have no royalty {card!r} in your hand")
        house = self.houses[self.robbed]
        old = house.lock
        self.hands[seat].remove(card)
        self.hands[seat].append(old)
        self._new_lock(house, card)
        self.learned[seat][house.number] = (card, house.lock_version)
        self.step = "dues"
        public = {"type": "lock_door", "by": seat, "house": house.number, "took": old}
        return [self._emit(public, {seat: {**public, "placed": card}})]

    def _do_dues(self, seat, card):
        self._need_step(("lock_door", "dues", "dues_second"), "pay dues")
        self._need_card(card)
        hand = self.hands[seat]
        if self.step != "dues_second":
            if self.paid_dues:
                raise IllegalAction("you have already paid dues this turn")
            if len(hand) < 2:
                raise IllegalAction("paying dues needs at least two cards in hand")
            if card not in hand:
                raise IllegalAction(f"you have no {card!r} in your hand")
            self.dues_first, self.step = card, "dues_second"
            return []
        rest = list(hand)
        rest.remove(self.dues_first)
        if card not in rest:
            raise IllegalAction(f"you have no other {card!r} in your hand")
        first, self.dues_first = self.dues_first, None
        hand.remove(first)
        hand.remove(card)
        self.guild += [[first, seat], [card, seat]]
        drawn = self.guild.pop(0)[0]
        hand.append(drawn)
        self._see(seat, [drawn])
        public = {"type": "dues", "by": seat}
        if self.joker_on_top_known:   # the I Know Where You Live Joker: everyone sees who drew it
            self.joker_on_top_known = False
            public["drew"] = drawn
        self.paid_dues, self.step = True, "change_lock"
        return [self._emit(public, {seat: {**public, "paid": [first, card], "drew": drawn}})]

    def _do_change_lock(self, seat, card):
        self._need_step(("lock_door", "dues", "change_lock"), "change your lock")
        self._need_card(card)
        if self.home[seat] is None:
            raise IllegalAction("you have no house, so no lock to change")
        if card not in self.hands[seat] or not is_royal(card):
            raise IllegalAction(f"you have no royalty {card!r} in your hand")
        house = self.houses[self.home[seat]]
        old, was_up = house.lock, house.face_up
        self.hands[seat].remove(card)
        self.hands[seat].append(old)
        self._new_lock(house, card)
        self.step = "end"
        public = {"type": "change_lock", "by": seat, "house": house.number}
        if was_up:
            public["old"] = old
        return [self._emit(public, {seat: {**public, "old": old, "new": card}})]

    def _do_end_turn(self, seat):
        self._need_step(("lock_door", "dues", "change_lock", "end"), "end your turn")
        return self._next_turn()

    def _do_open_box(self, seat, suit, value):
        self._need_step(("rob", "lock_door", "dues", "change_lock", "end"), "open the box")
        if not isinstance(suit, str) or suit not in SUITS:
            raise IllegalAction(f"the suit of a combination is C, D, H or S, not {suit!r}")
        if not isinstance(value, str) or value not in VALUES:
            raise IllegalAction(f"the value of a combination is '2' to '10', not {value!r}")
        if JOKER not in self.hands[seat]:
            raise IllegalAction("you can open the Jeweled Box only while you hold the Joker")
        right = value + suit == self.combination_code
        public = {"type": "open_box", "by": seat, "suit": suit, "value": value, "right": right}
        if right:
            public["combination"] = self.combination_code
            return [self._emit(public)] + self._finish([seat], "opened")
        self.wrong_combinations.append(value + suit)
        return [self._emit(public)] + self._kill(seat)

    def _do_offer_draw(self, seat):
        self._need_step(("rob", "dues"), "offer a draw")
        if not self.fresh_turn:
            raise IllegalAction("a draw is offered at the start of your turn, before anything else")
        if self.offered_round[seat] == self.round:
            raise IllegalAction("you have already offered a draw this round")
        self.offered_round[seat] = self.round
        events = [self._emit({"type": "draw_offer", "by": seat})]
        waiting = [s for s in self._seats_after(seat) if not self.out[s]]
        if not waiting:
            return events + self._finish([], "agreed")
        self.draw_offer = {"by": seat, "waiting": waiting}
        self.phase = "draw_offer"
        return events

    def _do_answer_draw(self, seat, agree):
        if self.phase != "draw_offer":
            raise IllegalAction("there is no draw offer to answer")
        if not isinstance(agree, bool):
            raise IllegalAction(f"a draw answer agrees (true) or not (false), not {agree!r}")
        events = [self._emit({"type": "draw_answer", "by": seat, "agree": agree})]
        self.draw_offer["waiting"].pop(0)
        if not agree:
            self.draw_offer, self.phase = None, "turn"
        elif not self.draw_offer["waiting"]:
            self.draw_offer = None
            events += self._finish([], "agreed")
        return events

    _HANDLERS = {   # type: (fields, handler, whether it is a step of the turn)
        "choose_house": (("house",), _do_choose_house, False),
        "rob": (("house", "guess"), _do_rob, True),
        "steal": (("card",), _do_steal, True),
        "lock_door": (("card",), _do_lock_door, True),
        "dues": (("card",), _do_dues, True),
        "change_lock": (("card",), _do_change_lock, True),
        "end_turn": ((), _do_end_turn, False),
        "open_box": (("suit", "value"), _do_open_box, False),
        "offer_draw": ((), _do_offer_draw, False),
        "answer_draw": (("agree",), _do_answer_draw, False),
    }

    # -- turns, death and the end -------------------------------------------------------------
    def _seats_after(self, seat):
        return [(seat + i) % self.seats for i in range(1, self.seats)]

    def _start_turn(self, seat):
        self.current = seat
        self.robbed, self.dues_first, self.paid_dues = None, None, False
        self.fresh_turn = True   # nothing done yet: a draw may still be offered
        # "If there is nothing to rob, the turn goes on without robbing."
        self.step = "rob" if self.targets(seat) else "dues"
        return [self._emit({"type": "turn", "seat": seat, "round": self.round})]

    def _stuck(self) -> bool:
        """The text's own draw: the Joker lies in the Guild House and nobody can get it out again
        (no house left to rob, nobody with two cards to pay dues, nobody holding the Joker)."""
        if any(house.in_play for house in self.houses):
            return False
        return all(len(self.hands[s]) < 2 and JOKER not in self.hands[s] for s in self.living())

    def _next_turn(self):
        if self._stuck():
            return self._finish([], "stuck")
        following = [s for s in self._seats_after(self.current) if not self.out[s]]
        if not following and self.out[self.current]:
            return self._finish([], "all_out")
        nxt = following[0] if following else self.current
        if nxt <= self.current:
            self.round += 1
            if self.round > MAX_ROUNDS:
                self.round = MAX_ROUNDS
                return self._finish([], "rounds")
        return self._start_turn(nxt)

    def _kill(self, seat):
        """A wrong combination: the trap kills; the hand goes back to town under the lock."""
        self.out[seat] = True
        hand, self.hands[seat] = self.hands[seat], []
        number = self.home[seat]
        self.home[seat] = None
        house = self.houses[number] if number is not None else None
        if house is not None:
            house.owner, house.cards = None, hand
            where = "house"
        else:
            # No house: a royalty from the hand becomes a new lock where the house stood.
            royals = [card for card in hand if is_royal(card)]
            house = self.houses[self.chosen[seat]]   # its place on the table is free
            if royals:
                lock = self.rng.choice(royals)
                hand.remove(lock)
                house.in_play, house.cards = True, hand
                self._new_lock(house, lock)
                where = "house"
            else:
                self.rng.shuffle(hand)
                self.guild += [[card, -2] for card in hand]
                house, where = None, "guild_house"
        events = [self._emit({"type": "out", "seat": seat, "house": house.number if house else None,
                              "cards": len(hand), "to": where})]
        if all(self.out):
            return events + self._finish([], "all_out")
        if self.phase == "turn" and self.current == seat:
            events += self._next_turn()
        return events

    def _finish(self, winners, reason):
        self.phase, self.winners, self.reason = "over", winners, reason
        self.step = None
        self.draw_offer = None
        return [self._emit({"type": "over", "winners": list(winners), "reason": reason,
                            "combination": self.combination_code})]

    # -- the one view function ----------------------------------------------------------------
    def view(self, seat=None) -> dict:
        """Everything ``seat`` may know (None: what everyone knows).  See the module docstring."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.seats):
            raise ValueError(f"there is no seat {seat!r} at this table")
        me = seat
        over = self.phase == "over"
        houses = []
        for house in self.houses:
            entry = {"house": house.number, "kind": house.kind, "row": house.row,
                     "column": house.column, "owner": house.owner, "in_play": house.in_play,
                     "cards": len(self.cards_of(house)) if house.in_play else 0,
                     "lock_face_up": house.face_up,
                     "lock": house.lock if house.face_up else None,
                     "wrong_guesses": list(house.wrong_guesses)}
            if me is not None:
                entry["known_lock"] = self._known_lock(me, house)
            houses.append(entry)
        columns = COLUMNS[self.double]
        guild = {"cards": len(self.guild),
                 "known_top": JOKER if self.joker_on_top_known else None}
        if me is not None:
            guild["mine"] = [{"depth": depth, "card": card}
                             for depth, (card, by) in enumerate(self.guild) if by == me]
        view = {
            "game": self.game.id, "seat": me, "seats": self.seats, "options": dict(self.options),
            "phase": "over" if over else self.phase,
            "turn": None if over else self.current,
            "step": self.step if self.phase == "turn" else None,
            "round": self.round,
            "to_act": list(self.to_act),
            "draw_offer": ({"by": self.draw_offer["by"], "waiting": list(self.draw_offer["waiting"])}
                           if self.draw_offer else None),
            "layout": {"rows": len(ROWS), "columns": columns,
                       "guild_house": {"row": GUILD_HOUSE_ROW, "column": columns}},
            "houses": houses,
            "guild_house": guild,
            "players": [{"seat": s, "out": self.out[s], "house": self.home[s],
                         "hand": len(self.hands[s])} for s in range(self.seats)],
            "wrong_combinations": list(self.wrong_combinations),
            "log": [_copy_event(private[me] if me in private else public)
                    for public, private in self.log if public is not None or me in private],
            "combination": self.combination_code if over else None,
            "outcome": self.outcome,
        }
        if me is not None:
            home = self.home[me]
            view["hand"] = sorted(self.hands[me], key=card_order)
            view["my_lock"] = self.houses[home].lock if home is not None else None
            view["seen"] = sorted(self.seen[me], key=card_order)
            stealing = self.phase == "turn" and self.step == "steal" and self.current == me
            view["pending"] = ({"house": self.robbed,
                                "cards": sorted(self.cards_of(self.houses[self.robbed]), key=card_order)}
                               if stealing else None)
            view["dues_paid"] = ([self.dues_first] if self.dues_first is not None and self.current == me
                                 else [])
            if self.pen_and_paper:
                view["notebook"] = notebook(self.seen[me], self.wrong_combinations)
        return view

    def _known_lock(self, seat, house):
        if not house.in_play:
            return None
        if house.face_up or house.owner == seat:
            return house.lock
        learned = self.learned[seat].get(house.number)
        if learned and learned[1] == house.lock_version:
            return learned[0]
        return None


_LIST_FIELDS = {"choose_house": ("cards",), "saw": ("cards",), "dues": ("paid",), "over": ("winners",)}


def _copy_event(event):
    """A copy of a logged event (with its lists), so that no caller can reach into the log."""
    copied = dict(event)
    for key in _LIST_FIELDS.get(event["type"], ()):
        if key in copied:
            copied[key] = list(copied[key])
    return copied


def notebook(seen, wrong_combinations) -> dict:
    """The Pen & Paper notebook: what the cards a seat has seen rule out.

    Every card of the combination's suit and every card of its value is in the combination, so
    any number card seen rules out its suit and its value.
    """
    numbers = [card for card in seen if is_number(card)]
    suits_out = sorted({suit_of(card) for card in numbers}, key=SUITS.index)
    values_out = sorted({rank_of(card) for card in numbers}, key=VALUES.index)
    wrong = set(wrong_combinations)
    possible = [value + suit for value in VALUES if value not in values_out
                for suit in SUITS if suit not in suits_out and value + suit not in wrong]
    return {"suits_out": suits_out, "values_out": values_out,
            "cards_seen": sorted(set(seen), key=card_order), "possible": possible}


# ---------------------------------------------------------------------------------------------
# Hooks for the shared tests
# ---------------------------------------------------------------------------------------------
def full_deck(double_deck: bool) -> list:
    copies = 2 if double_deck else 1
    return ([value + suit for suit in SUITS for value in VALUES] * copies
            + [rank + suit for suit in SUITS for rank in ROYALS] * copies + [JOKER])


def audit(state: GuildState):
    """Every card exactly once: houses, hands, locks, Guild House, combination."""
    places = list(state.combination) + [card for card, _ in state.guild]
    for hand in state.hands:
        places += hand
    for house in state.houses:
        if house.in_play:
            assert house.lock is not None, f"house {house.number} in play without a lock"
            places.append(house.lock)
            if house.owner is None:
                assert house.cards, f"town house {house.number} in play without cards"
            else:
                assert state.home[house.owner] == house.number
                assert state.hands[house.owner], f"house {house.number} in play, owner's hand empty"
            places += house.cards
        else:
            assert house.lock is None and not house.cards and house.owner is None
    assert sorted(places) == sorted(full_deck(state.double)), "the cards are not all there exactly once"
    assert len(state.combination) == (24 if state.double else 12)
    code = state.combination_code
    assert all(suit_of(card) == code[-1] or rank_of(card) == code[:-1] for card in state.combination)
    for seat in range(state.seats):
        if state.out[seat]:
            assert not state.hands[seat] and state.home[seat] is None


def exchange_hidden(state: GuildState, seat: int, rng) -> GuildState:
    """A clone in which two number cards this seat has never seen, lying where it cannot look now
    (other hands, town houses, the Guild House apart from cards it paid in), change places.

    Only number cards are exchanged (royalties and the Joker can be tracked by public events: a
    face-up lock taken into a hand, who opened the box); a card whose code the seat has ever seen
    is never moved, nor the combination.
    """
    other = state.clone()
    seen = other.seen[seat]
    looking_at = other.robbed if (other.phase == "turn" and other.step == "steal"
                                  and other.current == seat) else None
    spots = []   # (list holding the card, index)
    for house in other.houses:
        if house.in_play and house.owner is None and house.number != looking_at:
            spots += [(house.cards, i) for i in range(len(house.cards))]
    for owner, hand in enumerate(other.hands):
        robbed_owner = looking_at is not None and other.houses[looking_at].owner == owner
        if owner != seat and not robbed_owner:
            spots += [(hand, i) for i in range(len(hand))]
    spots = [(place, i) for place, i in spots if is_number(place[i]) and place[i] not in seen]
    guild = [(entry, 0) for entry in other.guild
             if entry[1] != seat and is_number(entry[0]) and entry[0] not in seen]
    spots += guild
    rng.shuffle(spots)
    for (place_a, a), (place_b, b) in zip(spots, spots[1:]):
        if place_a[a] != place_b[b]:
            place_a[a], place_b[b] = place_b[b], place_a[a]
            break
    return other

