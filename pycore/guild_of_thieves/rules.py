"""Guild of Thieves: the rules, as one State, read like the rule text.

The facts of the game come first as data, then the set-up (the combination, the deal), then the
State and the move table (for each move: its legal choices, what it does, why one is refused).
A seat's view is built in :mod:`.view`, the log's sentences in :mod:`.words`.  Seats and houses
are numbered from 0 in the engine and from 1 on every screen and in every message.

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
                                             once per round, while another player is alive.
``{"type": "answer_draw", "agree": bool}``   every other living player in turn; one "no" ends it.

The steps keep the order of the text: once a later step is taken, an earlier one is gone.

Events (``apply`` returns the public ones; each seat's ``log`` has public events and its own private
versions; a private version carries more fields and replaces the public one in that seat's log)
-------------------------------------------------------------------------------------------------
Every event naming a house also carries its ``"kind"`` ("slum" or "rich"), so that its words need
nothing but the event.

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

from ..core import State, shown
from ..kit import Move, MoveTable, check_switches, is_text, is_whole

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
    "Players choose houses in seat order; player 1 then takes the first turn. A round ends when "
    "play comes back round to player 1 (players who are out are skipped).",
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
    "Each other living player answers in turn; the first 'no' ends it and your turn goes on. "
    "The last player alive cannot agree a draw alone: they play on.",
    "The game is a draw when every player is out, when all agree, or after 100 rounds; and, as "
    "the text says, when the Joker is stuck in the Guild House: nobody holds the Joker, no living "
    "player has a house they may rob (your own house does not count) and nobody has two cards to "
    "pay dues with.",
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


def card_name(card: str) -> str:
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


def seat_range(options: dict) -> tuple:
    """Players 2 to 16; Double Deck seats up to 32."""
    return 2, 32 if options.get("double_deck") else 16


def check_options(seats, options) -> None:
    """Options are true/false."""
    check_switches(options)


# ---------------------------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------------------------
class GuildState(State):
    """A game of Guild of Thieves (see the module docstring for actions and events, :mod:`.view`)."""

    def __init__(self, game, seats, seed, options):
        super().__init__(game, seats, seed, options)
        self.double = self.options["double_deck"]
        self.joker_starts_on_top = self.options["i_know_where_you_live"]
        self.pen_and_paper = self.options["pen_and_paper"]
        rng = self.rng

        # The combination (steps 1-7).
        self.combination, numbers = make_combination(rng, seats, self.double)
        self.combination_code = combination_code(self.combination)

        # Set-up 1-2: the Joker joins the other cards (not with I Know Where You Live), shuffle, deal.
        columns = COLUMNS[self.double]
        if not self.joker_starts_on_top:
            numbers.append(JOKER)
        rng.shuffle(numbers)
        self.houses: list[House] = []
        for row, (kind, count) in enumerate(ROWS):
            for column in range(columns):
                house = House(len(self.houses), kind, row, column)
                house.cards = [numbers.pop() for _ in range(count)]
                self.houses.append(house)
        # The Guild House, a queue: [card, who put it there (-1: the deal)]; index 0 is the top.
        self.guild = [[card, -1] for card in numbers] + ([[JOKER, -1]] if self.joker_starts_on_top else [])
        self.joker_on_top_known = self.joker_starts_on_top

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

        self.phase = "choose"
        self.current = 0
        self.step = None
        self.round = 0
        self.robbed = None                          # the house robbed this turn
        self.dues_first = None
        self.paid_dues = False
        self.offered_round = [0] * seats
        self.fresh_turn = False
        self.draw_offer = None                      # {"by": s, "waiting": [...]}
        self.winners = None
        self.reason = None
        self.locks_opened = [0] * seats             # right guesses, the table's best result

    def clone(self) -> "GuildState":
        """A deep copy, made by hand: log entries and history actions are never changed once
        written, so the copies share them (a generic deepcopy of a long game is slow)."""
        other = self._clone_base()
        other.combination = list(self.combination)
        other.houses = [copy.deepcopy(house) for house in self.houses]
        other.guild = [list(entry) for entry in self.guild]
        other.hands = [list(hand) for hand in self.hands]
        other.home, other.chosen, other.out = list(self.home), list(self.chosen), list(self.out)
        other.seen = [set(seen) for seen in self.seen]
        other.learned = [dict(learned) for learned in self.learned]
        other.wrong_combinations = list(self.wrong_combinations)
        other.offered_round = list(self.offered_round)
        other.locks_opened = list(self.locks_opened)
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

    def stepping(self, seat, steps) -> bool:
        """It is ``seat``'s turn and the turn is at one of ``steps``."""
        return self.phase == "turn" and self.current == seat and self.step in steps

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

    def _can_lock_door(self, seat) -> bool:
        house = self.houses[self.robbed] if self.robbed is not None else None
        return (house is not None and house.owner is None and house.in_play and house.face_up
                and any(is_royal(card) for card in self.hands[seat]))

    # -- the contract -------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple:
        if self.phase == "over":
            return ()
        if self.phase == "draw_offer":
            return (self.draw_offer["waiting"][0],)
        return (self.current,)

    @property
    def outcome(self):
        if self.phase != "over":
            return None
        return {"winners": list(self.winners),
                "scores": {str(seat): int(seat in self.winners) for seat in range(self.seats)},
                "reason": self.reason, "combination": self.combination_code,
                "locks_opened": {str(seat): opened for seat, opened in enumerate(self.locks_opened)}}

    # -- turns, death and the end -------------------------------------------------------------
    def _seats_after(self, seat):
        return [(seat + i) % self.seats for i in range(1, self.seats)]

    def _start_turn(self, seat):
        self.current = seat
        self.robbed, self.dues_first, self.paid_dues = None, None, False
        self.fresh_turn = True   # nothing done yet: a draw may still be offered
        # "If there is nothing to rob, the turn goes on without robbing."
        self.step = "rob" if self.targets(seat) else "dues"
        self.tell({"type": "turn", "seat": seat, "round": self.round})

    def _stuck(self) -> bool:
        """The text's own draw: the Joker lies in the Guild House and nobody can get it out again.
        Nobody alive holds it, nobody alive has a house they may rob (a player's own house does
        not count) and nobody alive has two cards to pay dues with."""
        living = self.living()
        if any(JOKER in self.hands[seat] or self.targets(seat) for seat in living):
            return False
        return all(len(self.hands[seat]) < 2 for seat in living)

    def _next_turn(self):
        if self._stuck():
            self._finish([], "stuck")
            return
        following = [s for s in self._seats_after(self.current) if not self.out[s]]
        if not following and self.out[self.current]:
            self._finish([], "all_out")
            return
        nxt = following[0] if following else self.current
        if nxt <= self.current:
            self.round += 1
            if self.round > MAX_ROUNDS:
                self.round = MAX_ROUNDS
                self._finish([], "rounds")
                return
        self._start_turn(nxt)

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
        self.tell({"type": "out", "seat": seat, "house": house.number if house else None,
                   "cards": len(hand), "to": where})
        if all(self.out):
            self._finish([], "all_out")
        elif self.phase == "turn" and self.current == seat:
            self._next_turn()

    def _finish(self, winners, reason):
        self.phase, self.winners, self.reason = "over", winners, reason
        self.step = None
        self.draw_offer = None
        self.tell({"type": "over", "winners": list(winners), "reason": reason,
                   "combination": self.combination_code})


# ---------------------------------------------------------------------------------------------
# The moves: the legal choices (the rule), what each does, and why one is refused
# ---------------------------------------------------------------------------------------------
STEP_WORDS = {"rob": "before robbing", "steal": "while choosing what to steal",
              "dues_second": "before paying the second dues card"}
PHASE_WORDS = {"choose": "while houses are being chosen",
               "draw_offer": "while a draw offer is being answered"}
AFTER_ROBBING = ("lock_door", "dues", "change_lock", "end")   # the steps once robbing is done


def _not_your_move(state, seat):
    if seat not in state.to_act:
        return f"it is not seat {seat + 1}'s move: seat {state.to_act[0] + 1} is to act"
    return None


def _step_refusal(state, seat, steps, what):
    """Why ``seat`` cannot do ``what`` now for want of its turn or of the right step, or None."""
    reason = _not_your_move(state, seat)
    if reason:
        return reason
    if state.phase != "turn" or state.step not in steps:
        where = PHASE_WORDS.get(state.phase) or STEP_WORDS.get(
            state.step, "at this point of the turn (that step has passed)")
        return f"you cannot {what} {where}"
    return None


def _card_refusal(card):
    if not is_text(card):
        return f"a card is named by its code such as '5H', not {shown(card)}"
    return None


def _house_refusal(state, number):
    if not is_whole(number) or not 0 <= number < len(state.houses):
        return f"there is no house {shown(number)} (houses are 1 to {len(state.houses)})"
    return None


def _sorted_choices(field, cards):
    return [{field: card} for card in sorted(set(cards), key=card_order)]


def _turn_step(state, seat):
    """The step of ``seat``'s turn, or None when it is not ``seat``'s turn."""
    return state.step if state.phase == "turn" and state.current == seat else None


# choose_house ---------------------------------------------------------------------------------
def _choose_house_choices(state, seat):
    if state.phase == "choose" and state.current == seat:
        return [{"house": house.number} for house in state.houses if house.owner is None]
    return []


def _choose_house(state, seat, action):
    house = state.houses[action["house"]]
    house.owner = seat
    state.home[seat] = state.chosen[seat] = house.number
    state.hands[seat] = house.cards
    house.cards = []
    state._see(seat, state.hands[seat] + [house.lock])
    public = {"type": "choose_house", "by": seat, "house": house.number, "kind": house.kind}
    state.tell(public, {seat: {**public, "cards": list(state.hands[seat]), "lock": house.lock}})
    if seat + 1 < state.seats:
        state.current = seat + 1
    else:
        state.phase, state.round, state.current = "turn", 1, 0
        state._start_turn(0)


def _choose_house_refusal(state, seat, action):
    if state.phase != "choose":
        return "the houses have already been chosen"
    number = action["house"]
    reason = _not_your_move(state, seat) or _house_refusal(state, number)
    if reason:
        return reason
    owner = state.houses[number].owner
    return f"house {number + 1} is already seat {owner + 1}'s" if owner is not None else None


# rob ------------------------------------------------------------------------------------------
def _rob_choices(state, seat):
    if _turn_step(state, seat) != "rob":
        return []
    return [{"house": house.number, "guess": guess} for house in state.targets(seat)
            for guess in (LOCK_GUESSES if not house.face_up
                          else [g for g in LOCK_GUESSES if lock_matches(house.lock, g)])]


def _rob(state, seat, action):
    number, guess = action["house"], action["guess"]
    state.fresh_turn = False
    house = state.houses[number]
    hit = lock_matches(house.lock, guess)
    public = {"type": "rob", "by": seat, "house": number, "kind": house.kind, "owner": house.owner,
              "guess": guess, "hit": hit}
    state.robbed = number
    state.locks_opened[seat] += hit
    if not hit:
        house.wrong_guesses.append(guess)
        state.tell(public)
        if house.owner is None:   # in town the guesser looked at the lock
            state.learned[seat][number] = (house.lock, house.lock_version)
            state._see(seat, [house.lock])
            state.tell(None, {seat: {"type": "learned_lock", "house": number, "kind": house.kind,
                                     "lock": house.lock, "round": state.round}})
        state.step = "dues"
        return
    state._reveal_lock(house)
    public["lock"] = house.lock
    cards = state.cards_of(house)
    state._see(seat, cards)
    state.tell(public)
    state.tell(None, {seat: {"type": "saw", "house": number, "kind": house.kind, "owner": house.owner,
                             "cards": sorted(cards, key=card_order), "round": state.round}})
    state.step = "steal"


def _rob_refusal(state, seat, action):
    number, guess = action["house"], action["guess"]
    reason = _step_refusal(state, seat, ("rob",), "rob") or _house_refusal(state, number)
    if reason:
        return reason
    house = state.houses[number]
    if not is_text(guess) or guess not in LOCK_GUESSES:
        return f"a lock guess is a suit (C, D, H, S) or K, Q, J, A, not {shown(guess)}"
    if not house.in_play:
        return f"house {number + 1} is out of play (it has no cards left)"
    if house.owner == seat:
        return "you cannot rob your own house"
    return (f"the lock of house {number + 1} is face up ({card_name(house.lock)}): "
            f"guess {rank_of(house.lock)} or {suit_of(house.lock)}")


# steal ----------------------------------------------------------------------------------------
def _steal_choices(state, seat):
    if _turn_step(state, seat) != "steal":
        return []
    return _sorted_choices("card", state.cards_of(state.houses[state.robbed])) + [{"card": None}]


def _steal(state, seat, action):
    card = action["card"]
    state.fresh_turn = False
    house = state.houses[state.robbed]
    cards = state.cards_of(house)
    public = {"type": "steal", "by": seat, "house": house.number, "kind": house.kind,
              "owner": house.owner, "took": card is not None, "took_lock": False}
    private = {}
    if card is not None:
        cards.remove(card)
        state.hands[seat].append(card)
        if not cards:   # the last card: the lock goes too, and the house leaves play
            state.hands[seat].append(house.lock)
            if house.owner is not None:
                state.home[house.owner] = None
            house.owner, house.lock, house.face_up, house.in_play = None, None, False, False
            house.lock_version += 1
            house.wrong_guesses = []
            public["took_lock"] = True
        private = {seat: {**public, "card": card}}
        if public["owner"] is not None:
            private[public["owner"]] = {**public, "card": card}
    state.step = "lock_door"
    state.tell(public, private)


def _steal_refusal(state, seat, action):
    card = action["card"]
    reason = _step_refusal(state, seat, ("steal",), "steal")
    if reason or card is None:
        return reason
    return _card_refusal(card) or f"{shown(card)} is not among the cards of house {state.robbed + 1}"


# lock_door ------------------------------------------------------------------------------------
def _lock_door_choices(state, seat):
    if _turn_step(state, seat) != "lock_door" or not state._can_lock_door(seat):
        return []
    return _sorted_choices("card", filter(is_royal, state.hands[seat]))


def _lock_door(state, seat, action):
    card = action["card"]
    state.fresh_turn = False
    house = state.houses[state.robbed]
    old = house.lock
    state.hands[seat].remove(card)
    state.hands[seat].append(old)
    state._new_lock(house, card)
    state.learned[seat][house.number] = (card, house.lock_version)
    state.step = "dues"
    public = {"type": "lock_door", "by": seat, "house": house.number, "kind": house.kind, "took": old}
    state.tell(public, {seat: {**public, "placed": card}})


def _lock_door_refusal(state, seat, action):
    reason = _step_refusal(state, seat, ("lock_door",), "lock the door") or _card_refusal(action["card"])
    if reason:
        return reason
    if not state._can_lock_door(seat):
        return ("you can lock the door only right after robbing a town house that still has cards, "
                "holding a royalty")
    return f"you have no royalty {shown(action['card'])} in your hand"


# dues -----------------------------------------------------------------------------------------
def _dues_choices(state, seat):
    step, hand = _turn_step(state, seat), state.hands[seat]
    if step == "dues_second":
        rest = list(hand)
        rest.remove(state.dues_first)
        return _sorted_choices("card", rest)
    if step in ("lock_door", "dues") and not state.paid_dues and len(hand) >= 2:
        return _sorted_choices("card", hand)
    return []


def _dues(state, seat, action):
    card = action["card"]
    state.fresh_turn = False
    hand = state.hands[seat]
    if state.step != "dues_second":
        state.dues_first, state.step = card, "dues_second"
        return
    first, state.dues_first = state.dues_first, None
    hand.remove(first)
    hand.remove(card)
    state.guild += [[first, seat], [card, seat]]
    drawn = state.guild.pop(0)[0]
    hand.append(drawn)
    state._see(seat, [drawn])
    public = {"type": "dues", "by": seat}
    if state.joker_on_top_known:   # the I Know Where You Live Joker: everyone sees who drew it
        state.joker_on_top_known = False
        public["drew"] = drawn
    state.paid_dues, state.step = True, "change_lock"
    state.tell(public, {seat: {**public, "paid": [first, card], "drew": drawn}})


def _dues_refusal(state, seat, action):
    card = action["card"]
    reason = (_step_refusal(state, seat, ("lock_door", "dues", "dues_second"), "pay dues")
              or _card_refusal(card))
    if reason:
        return reason
    if state.step == "dues_second":
        return f"you have no other {shown(card)} in your hand"
    if state.paid_dues:
        return "you have already paid dues this turn"
    if len(state.hands[seat]) < 2:
        return "paying dues needs at least two cards in hand"
    return f"you have no {shown(card)} in your hand"


# change_lock ----------------------------------------------------------------------------------
def _change_lock_choices(state, seat):
    if _turn_step(state, seat) not in ("lock_door", "dues", "change_lock") or state.home[seat] is None:
        return []
    return _sorted_choices("card", filter(is_royal, state.hands[seat]))


def _change_lock(state, seat, action):
    card = action["card"]
    state.fresh_turn = False
    house = state.houses[state.home[seat]]
    old, was_up = house.lock, house.face_up
    state.hands[seat].remove(card)
    state.hands[seat].append(old)
    state._new_lock(house, card)
    state.step = "end"
    public = {"type": "change_lock", "by": seat, "house": house.number}
    if was_up:
        public["old"] = old
    state.tell(public, {seat: {**public, "old": old, "new": card}})


def _change_lock_refusal(state, seat, action):
    reason = (_step_refusal(state, seat, ("lock_door", "dues", "change_lock"), "change your lock")
              or _card_refusal(action["card"]))
    if reason:
        return reason
    if state.home[seat] is None:
        return "you have no house, so no lock to change"
    return f"you have no royalty {shown(action['card'])} in your hand"


# end_turn -------------------------------------------------------------------------------------
def _end_turn_choices(state, seat):
    return [{}] if _turn_step(state, seat) in AFTER_ROBBING else []


def _end_turn(state, seat, action):
    state._next_turn()


# open_box -------------------------------------------------------------------------------------
def _open_box_choices(state, seat):
    if _turn_step(state, seat) not in ("rob", *AFTER_ROBBING) or JOKER not in state.hands[seat]:
        return []
    return [{"suit": suit, "value": value} for suit in SUITS for value in VALUES]


def _open_box(state, seat, action):
    suit, value = action["suit"], action["value"]
    right = value + suit == state.combination_code
    public = {"type": "open_box", "by": seat, "suit": suit, "value": value, "right": right}
    if right:
        public["combination"] = state.combination_code
        state.tell(public)
        state._finish([seat], "opened")
        return
    state.wrong_combinations.append(value + suit)
    state.tell(public)
    state._kill(seat)


def _open_box_refusal(state, seat, action):
    suit, value = action["suit"], action["value"]
    reason = _step_refusal(state, seat, ("rob", *AFTER_ROBBING), "open the box")
    if reason:
        return reason
    if not is_text(suit) or suit not in SUITS:
        return f"the suit of a combination is C, D, H or S, not {shown(suit)}"
    if not is_text(value) or value not in VALUES:
        return f"the value of a combination is '2' to '10', not {shown(value)}"
    return "you can open the Jeweled Box only while you hold the Joker"


# offer_draw / answer_draw ---------------------------------------------------------------------
def _others_alive(state, seat) -> list:
    return [other for other in state._seats_after(seat) if not state.out[other]]


def _offer_draw_choices(state, seat):
    if (_turn_step(state, seat) in ("rob", "dues") and state.fresh_turn
            and state.offered_round[seat] != state.round and _others_alive(state, seat)):
        return [{}]
    return []


def _offer_draw(state, seat, action):
    state.offered_round[seat] = state.round
    state.tell({"type": "draw_offer", "by": seat})
    state.draw_offer = {"by": seat, "waiting": _others_alive(state, seat)}
    state.phase = "draw_offer"


def _offer_draw_refusal(state, seat, action):
    reason = _step_refusal(state, seat, ("rob", "dues"), "offer a draw")
    if reason:
        return reason
    if not state.fresh_turn:
        return "a draw is offered at the start of your turn, before anything else"
    if state.offered_round[seat] == state.round:
        return "you have already offered a draw this round"
    return "the last player alive cannot agree a draw alone: play on"


def _answer_draw_choices(state, seat):
    if state.phase == "draw_offer" and state.to_act == (seat,):
        return [{"agree": True}, {"agree": False}]
    return []


def _answer_draw(state, seat, action):
    agree = action["agree"]
    state.tell({"type": "draw_answer", "by": seat, "agree": agree})
    state.draw_offer["waiting"].pop(0)
    if not agree:
        state.draw_offer, state.phase = None, "turn"
    elif not state.draw_offer["waiting"]:
        state.draw_offer = None
        state._finish([], "agreed")


def _answer_draw_refusal(state, seat, action):
    if state.phase != "draw_offer":
        return "there is no draw offer to answer"
    return _not_your_move(state, seat) or f"a draw answer agrees (true) or not (false), not {shown(action['agree'])}"


GuildState.moves = MoveTable("Guild of Thieves", {
    "choose_house": Move(("house",), _choose_house_choices, _choose_house, _choose_house_refusal),
    "answer_draw": Move(("agree",), _answer_draw_choices, _answer_draw, _answer_draw_refusal),
    "steal": Move(("card",), _steal_choices, _steal, _steal_refusal),
    "rob": Move(("house", "guess"), _rob_choices, _rob, _rob_refusal),
    "lock_door": Move(("card",), _lock_door_choices, _lock_door, _lock_door_refusal),
    "dues": Move(("card",), _dues_choices, _dues, _dues_refusal),
    "change_lock": Move(("card",), _change_lock_choices, _change_lock, _change_lock_refusal),
    "end_turn": Move((), _end_turn_choices, _end_turn,
                     lambda state, seat, action: _step_refusal(state, seat, AFTER_ROBBING, "end your turn")),
    "open_box": Move(("suit", "value"), _open_box_choices, _open_box, _open_box_refusal),
    "offer_draw": Move((), _offer_draw_choices, _offer_draw, _offer_draw_refusal),
})


def known_lock(state, seat, house):
    """The code of ``house``'s lock if ``seat`` knows it now (face up, its own, one it placed, one it
    looked at that has not moved since), else None."""
    if not house.in_play:
        return None
    if house.face_up or house.owner == seat:
        return house.lock
    learned = state.learned[seat].get(house.number)
    if learned and learned[1] == house.lock_version:
        return learned[0]
    return None


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


