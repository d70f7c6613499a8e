"""Thievery: the rules as one state machine (thievery.txt + RULINGS.md "Thievery").

Work out everyone else's hidden cards before they work out yours.  26 cards (ace to king, red and
black) are dealt into 3 to 6 hands; every hand sorts its row (ace wild) and locks in; the rows turn
face down with their colours showing; then hands take turns naming the rank of someone else's
face-down card.  A hit flips it and the guesser must go again; a miss is public and ends the turn.
The first hand (or team) to see every card it may guess at face up wins.

A seat is a hand (the cards in front of one place at the table), numbered 0..n-1 in the engine and
1..n on every screen; seat 0 guesses first.  Who sits at a hand is the table's business.  This
module holds the facts (top), the state and the move table; the view is :mod:`.view`, the words
:mod:`.words`.

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
    All but Trip the alarm are played in your own guessing turn; the alarm at any moment of the
    guessing phase, in anyone's turn including the holder's own (out of turn the holder's
    legal_actions offer it, ``to_act`` does not show it).  It ends the current run.
``{"type": "take_over"}``
    A person takes over a bot's hand: legal for a seat in the view's ``bots`` at any moment except
    after it has guessed in its own current turn.  The seat leaves ``bots`` at once.

Events (apply returns copies of the public ones; the log keeps all that the seat may see)
------------------------------------------------------------------------------------------
``{"type": "locked", "hand": h}``, ``{"type": "rows_down"}``, ``{"type": "turn", "hand": h}``,
``{"type": "skip", "hand": h}`` (nothing it may guess at: the turn passes),
``{"type": "guess", "by": h, "hand": t, "index": i, "rank": r, "hit": bool}``,
``{"type": "draw", "hand": h}`` (the drawer's own log adds ``"power": id``),
``{"type": "power", "by": h, "power": id, ...public parameters}`` (crack adds the flipped
``"rank"``; alarm adds ``"ended": hand whose turn it ended``),
``{"type": "lapsed", "power": "stakeout" | "misdirection", "hand": h}`` (h: the hand staked out,
or the victim of the misdirection),
``{"type": "show", "by": p, "to": x, "shown": bool}`` (p's and x's logs add ``"index"``),
private results ``{"type": "learned", "hand": t, "index": i, "rank": r,
"how": "casing" | "tip_off" | "show"}`` and ``{"type": "count", "rank": r, "face_down": k}``,
``{"type": "take_over", "hand": h}``, ``{"type": "win", "winners": [...]}``.
"""
from __future__ import annotations

import functools
import itertools

from ..core import State
from ..kit import Move, MoveTable, check_switches, deal, is_whole, shown, whole_in

# -- the facts --------------------------------------------------------------------------------
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
POWERS = {name: {"title": title, "tier": tier, "text": text} for name, (title, tier, text) in {
    "casing": ("Casing the joint", "common", "Privately look at one face-down card of an opponent."),
    "loose_lips": ("Loose lips", "common", "Name a rank and privately learn how many of it are still face down."),
    "tip_off": ("Tip-off", "common", "Privately show one of your face-down cards to one other hand."),
    "second_storey": ("Second storey", "uncommon", "Your next wrong guess this turn does not end your turn."),
    "pickpocket": ("Pickpocket", "uncommon", "Before your first guess: that guess is free; if it misses, go on."),
    "alarm": ("Trip the alarm", "rare", "Play at any moment, even out of turn: the current run ends at once."),
    "stakeout": ("Stakeout", "rare", "Nobody may guess at the hand you name until that hand's next turn."),
    "misdirection": ("Misdirection", "rare", "Another hand's next guess must be at the hand you name."),
    "crack": ("Crack the vault", "very rare", "Flip any face-down card of an opponent; it counts as a correct guess."),
}.items()}
TIERS = ("common", "uncommon", "rare", "very rare")            # lowest (most common) first
TIER_WEIGHTS = {"common": 55, "uncommon": 30, "rare": 12, "very rare": 3}
POWER_WEIGHTS = {name: 3 if name == "alarm" else 1 for name in POWERS}   # within a tier

# Where the rule text is silent, this table plays it so (the app's "How this table plays it").
TABLE_RULES = [
    "Hands are numbered from hand 1, which guesses first; turns go up in number and wrap round.",
    "Which hands are dealt the longer rows is decided at random.",
    "A row locked in cannot be changed.",
    "A rank already missed at a card cannot be named at that card again.",
    "A hand goes on guessing after all its own cards are face up.",
    "The round can be won on someone else's turn: when a flip leaves face-down cards only in your "
    "row (or your team's), you win.",
    "When the round ends every card is turned up for everyone to see.",
    "A hand that has nothing it may guess at when its turn starts (because of a stakeout) misses "
    "that turn but still draws its power-up; if a run leaves the guesser nothing to guess at, the "
    "turn passes.",
    "A power-up drawn that you already hold is redrawn among the others of its tier, then from "
    "the next more common tier.",
    "Power-ups are played in your own turn, before or between guesses, as many as you like; "
    "Trip the alarm at any moment of the guessing, in anyone's turn, your own included (it ends "
    "your own run).",
    "Which card Casing the joint or Tip-off points at, the rank named in Loose lips and the hands "
    "named in Stakeout and Misdirection are public; only what is learned stays private.",
    "Casing the joint may look at a hand under a stakeout, but not at a card you already know.",
    "Loose lips counts every face-down card of that rank, your own included.",
    "Pickpocket and Second storey each forgive one miss; Pickpocket only the turn's first guess, "
    "and a hit with that guess uses it up.",
    "Crack the vault counts as a guess: it obeys Stakeout and Misdirection and uses up Pickpocket.",
    "Stakeout may name any hand with a face-down card, your own included, that is not already "
    "under one; stakeouts on different hands all hold, each until its own hand next plays.",
    "Misdirections on different hands all hold, each until its own victim's next guess; a hand "
    "already under a misdirection cannot be given a second one.",
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


class ThieveryState(State):
    """One round of Thievery.  See the module docstring for actions and events, :mod:`.view`."""

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
        self.rows: list[list[int]] = deal(deck, sizes)
        self.phase = "sorting"
        self.locked = [False] * n
        self.face_up = [[False] * size for size in sizes]
        self.misses: list[list[list[int]]] = [[[] for _ in range(size)] for size in sizes]
        self.learned: list[set] = [set() for _ in range(n)]     # (hand, index) seen privately
        self.held: list[list[str]] = [[] for _ in range(n)]
        self.turn = None
        self.turns = 0                   # guessing turns started (a skipped one too)
        self.guessed = 0                 # guesses (and cracks) made in this turn
        self.shields: list[str] = []     # "pickpocket" / "second_storey" active this turn
        self.stakeouts: list[int] = []   # hands nobody may guess at until each next plays
        self.misdirections: dict = {}    # victim -> the hand its next guess must be at
        self.showing = None              # (partner, guesser) while the partner decides
        self.winners = None
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
            state._rows_down()
        return state

    def clone(self) -> "ThieveryState":
        """An independent copy (logged events and past actions are never changed, so shared)."""
        return self._clone_base("rows", "locked", "face_up", "misses", "learned", "held", "shields",
                                "stakeouts", "misdirections", "bot_seats", "winners")

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

    def open_to(self, hand: int) -> list[int]:
        """Hands ``hand`` could guess at, misdirection aside (stakeouts applied)."""
        return [t for t in self.opponents(hand) if t not in self.stakeouts and self.face_down(t)]

    def targets(self, hand: int) -> list[int]:
        """Hands ``hand`` may guess at right now (stakeouts and a misdirection applied)."""
        open_hands = self.open_to(hand)
        forced = self.misdirections.get(hand)
        return [forced] if forced in open_hands else open_hands

    def is_bot(self, seat: int) -> bool:
        return seat in self.bot_seats

    def in_turn(self, seat: int) -> bool:
        """``seat`` is the guesser and nobody is choosing a card to show first."""
        return self.phase == "guessing" and not self.showing and seat == self.turn

    # -- the contract ---------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple:
        if self.phase == "sorting":
            return tuple(h for h in range(self.seats) if not self.locked[h])
        if self.phase == "guessing":
            return (self.showing[0],) if self.showing else (self.turn,)
        return ()

    @property
    def round(self) -> int:
        """The round (from 1): every hand's turn once, skipped or not, from hand 1 on; the
        sorting is in round 1.  (The text has no rounds: tables and benches count by it.)"""
        return max(0, self.turns - 1) // self.seats + 1

    @property
    def outcome(self):
        if not self.is_over:
            return None
        return {"winners": list(self.winners),
                "scores": {str(h): len(self.face_down(h)) for h in range(self.seats)}}

    # -- what the moves do ----------------------------------------------------------------------
    def _rows_down(self) -> None:
        self.phase = "guessing"
        self.tell({"type": "rows_down"})
        self._start_turn(0)

    def _guess_made(self, seat: int) -> None:
        """A guess (or a crack) by ``seat`` uses up a misdirection aimed at it."""
        self.misdirections.pop(seat, None)

    def _settle(self) -> None:
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
                self.tell({"type": "win", "winners": list(self.winners)})
                return
        self._lapse_misdirections()
        if not self.showing and not self.targets(self.turn):
            self._end_turn()

    def _lapse_misdirections(self) -> None:
        """A misdirection lapses as soon as its victim cannot guess at the hand it names."""
        for victim, hand in sorted(self.misdirections.items()):
            if hand not in self.open_to(victim):
                del self.misdirections[victim]
                self.tell({"type": "lapsed", "power": "misdirection", "hand": victim})

    def _end_turn(self) -> None:
        self._start_turn((self.turn + 1) % self.seats)

    def _start_turn(self, hand: int) -> None:
        # Terminates: a staked-out hand frees itself when its turn starts, and a hand with
        # nothing left to guess at anywhere would already have won.
        for _ in range(self.seats + 1):
            self.turn, self.guessed, self.shields, self.showing = hand, 0, [], None
            self.turns += 1
            self.tell({"type": "turn", "hand": hand})
            if hand in self.stakeouts:   # "until that hand next plays"
                self.stakeouts.remove(hand)
                self.tell({"type": "lapsed", "power": "stakeout", "hand": hand})
            self._lapse_misdirections()
            # "Everyone draws a power-up at the start of each of their turns", skipped or not.
            self._draw_for(hand)
            if self.targets(hand):
                break
            self.tell({"type": "skip", "hand": hand})
            hand = (hand + 1) % self.seats
        else:  # pragma: no cover - see the comment above
            raise AssertionError("no hand can guess")
        if self.partnerships:
            partner = (hand + 2) % self.seats
            if self.face_down(partner):
                self.showing = (partner, hand)

    def _draw_for(self, hand: int) -> None:
        if self.powerups_on and not self.is_bot(hand) and len(self.held[hand]) < MAX_HELD:
            power = self._draw_power(self.held[hand])
            self.held[hand].append(power)
            self.tell({"type": "draw", "hand": hand}, {hand: {"type": "draw", "hand": hand, "power": power}})

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

    # -- secrecy --------------------------------------------------------------------------------
    def hidden_from(self, seat: int) -> list:
        """(hand, index) of every card whose rank ``seat`` cannot see now."""
        if self.phase == "over":
            return []
        return [(hand, index) for hand in range(self.seats) if hand != seat
                for index in range(len(self.rows[hand]))
                if self.phase == "sorting"
                or not (self.face_up[hand][index] or (hand, index) in self.learned[seat])]


# -- the moves: the legal choices (the rule), what each does, and why one is refused -------------
def _not_guessing(state, seat, doing: str):
    if state.phase != "guessing":
        return f"you can {doing} only once the rows are face down"
    if state.showing:
        return f"hand {state.showing[0] + 1} is choosing a card to show first"
    if seat != state.turn:
        return f"it is hand {state.turn + 1}'s turn, not hand {seat + 1}'s"
    return None


def _lock_in_choices(state, seat):
    if state.phase == "sorting" and not state.locked[seat]:
        ranks = tuple(rank_of(card) for card in state.rows[seat])
        return ({"order": list(order)} for order in valid_orders(ranks))
    return ()


def _lock_in(state, seat, action):
    state.rows[seat] = [state.rows[seat][i] for i in action["order"]]
    state.locked[seat] = True
    state.tell({"type": "locked", "hand": seat})
    if all(state.locked):
        state._rows_down()


def _lock_in_refusal(state, seat, action):
    if state.phase != "sorting":
        return "the rows are already face down"
    if state.locked[seat]:
        return f"hand {seat + 1} has already locked in"
    order, row = action["order"], state.rows[seat]
    if (not isinstance(order, list) or not all(is_whole(i) for i in order)
            or sorted(order) != list(range(len(row)))):
        return f"the order must list each of the {len(row)} cards (0 to {len(row) - 1}) exactly once"
    plain = [(i, rank_of(row[i])) for i in order if rank_of(row[i]) != ACE]
    for (i, a), (j, b) in zip(plain, plain[1:]):
        if a > b:
            return (f"the {card_name(row[j])} may not come after the {card_name(row[i])}: "
                    f"a row goes lowest to highest (aces anywhere)")
    return None


def _show_choices(state, seat):
    if state.phase == "guessing" and state.showing and seat == state.showing[0]:
        return [*({"index": i} for i in state.face_down(seat)), {"index": None}]
    return ()


def _show(state, seat, action):
    partner, guesser = state.showing
    index = action["index"]
    state.showing = None
    shown = index is not None
    public = {"type": "show", "by": partner, "to": guesser, "shown": shown}
    private = {**public, "index": index} if shown else public
    state.tell(public, {partner: private, guesser: private})
    if shown:
        state.learned[guesser].add((seat, index))
        state.tell(None, {guesser: {"type": "learned", "hand": seat, "index": index,
                                    "rank": rank_of(state.rows[seat][index]), "how": "show"}})
    state._settle()


def _show_refusal(state, seat, action):
    if not state.showing:
        return "nobody is being asked to show a card now"
    if seat != state.showing[0]:
        return f"hand {state.showing[0] + 1} is the one to show a card"
    index = action["index"]
    if not whole_in(index, len(state.rows[seat])):
        return f"hand {seat + 1} has no card {shown(index)}: index is 0 to {len(state.rows[seat]) - 1}"
    return "that card is already face up: show a face-down one, or none"


def _guess_choices(state, seat):
    if not state.in_turn(seat):
        return []
    return [{"hand": hand, "index": index, "rank": rank} for hand in state.targets(seat)
            for index in state.face_down(hand) for rank in RANKS if rank not in state.misses[hand][index]]


def _guess(state, seat, action):
    hand, index, rank = action["hand"], action["index"], action["rank"]
    first = state.guessed == 0
    state.guessed += 1
    state._guess_made(seat)
    hit = rank_of(state.rows[hand][index]) == rank
    state.tell({"type": "guess", "by": seat, "hand": hand, "index": index, "rank": rank, "hit": hit})
    if hit:
        state.face_up[hand][index] = True
        if first and "pickpocket" in state.shields:
            state.shields.remove("pickpocket")   # the free first guess is used up
        state._settle()
        return
    state.misses[hand][index].append(rank)
    state.misses[hand][index].sort()
    if first and "pickpocket" in state.shields:
        state.shields.remove("pickpocket")
    elif "second_storey" in state.shields:
        state.shields.remove("second_storey")
    else:
        state._end_turn()
        return
    state._settle()


def _no_hand(state, field: str, value) -> str:
    """The refusal of a field that should name a hand."""
    return f"there is no hand {shown(value)}: {field} is 0 to {state.seats - 1}"


def _card_refusal(state, seat, hand, index):
    """Why (hand, index) cannot be guessed at (or cracked) by ``seat`` now, or None."""
    if not whole_in(hand, state.seats):
        return _no_hand(state, "hand", hand)
    if not whole_in(index, len(state.rows[hand])):
        return f"hand {hand + 1} has no card {shown(index)}: index is 0 to {len(state.rows[hand]) - 1}"
    if hand in state.team_of(seat):
        return ("you guess only at the other team's cards" if state.partnerships
                else "you cannot guess at your own cards")
    if state.face_up[hand][index]:
        return "that card is already face up"
    if hand in state.stakeouts:
        return f"hand {hand + 1} is under a stakeout until its next turn"
    if hand not in state.targets(seat):
        return (f"a misdirection makes hand {seat + 1} guess at hand "
                f"{state.misdirections[seat] + 1} this time")
    return None


def _rank_refusal(rank):
    if not is_whole(rank) or rank not in RANKS:
        return f"rank is a whole number from 1 (ace) to 13 (king), not {shown(rank)}"
    return None


def _guess_refusal(state, seat, action):
    hand, index, rank = action["hand"], action["index"], action["rank"]
    reason = (_not_guessing(state, seat, "guess") or _card_refusal(state, seat, hand, index)
              or _rank_refusal(rank))
    if reason:
        return reason
    return f"{RANK_NAMES.get(rank, rank)} has already been missed at that card"


# Power-ups: per id its fields, its legal choices in its holder's turn, and what it does.
def _casing_choices(state, seat):
    return [{"hand": t, "index": i} for t in state.opponents(seat)
            for i in state.face_down(t) if (t, i) not in state.learned[seat]]


def _learns(state, learner, hand, index, how) -> dict:
    """``learner`` learns the rank of card ``index`` of ``hand``: the private event that tells it."""
    state.learned[learner].add((hand, index))
    return {learner: {"type": "learned", "hand": hand, "index": index,
                      "rank": rank_of(state.rows[hand][index]), "how": how}}


def _casing(state, seat, action, public):
    hand, index = action["hand"], action["index"]
    public.update(hand=hand, index=index)
    return _learns(state, seat, hand, index, "casing")


def _loose_lips(state, seat, action, public):
    rank = action["rank"]
    public["rank"] = rank
    count = sum(1 for h in range(state.seats) for i in state.face_down(h)
                if rank_of(state.rows[h][i]) == rank)
    return {seat: {"type": "count", "rank": rank, "face_down": count}}


def _tip_off_choices(state, seat):
    return [{"index": i, "to": to} for i in state.face_down(seat)
            for to in range(state.seats) if to != seat]


def _tip_off(state, seat, action, public):
    index, to = action["index"], action["to"]
    public.update(index=index, to=to)
    return _learns(state, to, seat, index, "tip_off")


def _shield(state, seat, action, public):
    state.shields.append(action["power"])


def _stakeout(state, seat, action, public):
    public["hand"] = action["hand"]
    state.stakeouts.append(action["hand"])


def _misdirection(state, seat, action, public):
    victim, hand = action["victim"], action["hand"]
    public.update(victim=victim, hand=hand)
    state.misdirections[victim] = hand


def _crack(state, seat, action, public):
    hand, index = action["hand"], action["index"]
    public.update(hand=hand, index=index, rank=rank_of(state.rows[hand][index]))


def _after_crack(state, seat, action):
    state.guessed += 1
    state._guess_made(seat)
    if "pickpocket" in state.shields and state.guessed == 1:
        state.shields.remove("pickpocket")
    state.face_up[action["hand"]][action["index"]] = True


def _alarm(state, seat, action, public):
    public["ended"] = state.turn


class Power:
    """One power-up: its parameters, its legal choices in its holder's turn, what it does (which
    returns the private results by seat), and why a play of it is refused."""

    __slots__ = ("fields", "choices", "effect", "refusal")

    def __init__(self, fields, choices, effect, refusal=None):
        self.fields, self.choices, self.effect, self.refusal = fields, choices, effect, refusal


def _open_shield(name, first_only=False):
    def choices(state, seat):
        if name in state.shields or (first_only and state.guessed):
            return []
        return [{}]
    return choices


def _shield_refusal(state, seat, action):
    if action["power"] == "pickpocket" and state.guessed:
        return "Pickpocket is played only before your first guess of the turn"
    return f"{POWERS[action['power']]['title']} is already in play this turn"


def _casing_refusal(state, seat, action):
    hand, index = action["hand"], action["index"]
    if not whole_in(hand, state.seats):
        return _no_hand(state, "hand", hand)
    if not whole_in(index, len(state.rows[hand])):
        return f"hand {hand + 1} has no card {shown(index)}: index is 0 to {len(state.rows[hand]) - 1}"
    if hand not in state.opponents(seat) or state.face_up[hand][index]:
        return "casing looks at a face-down card of an opponent"
    return "you already know that card"


def _tip_off_refusal(state, seat, action):
    index, to = action["index"], action["to"]
    if not whole_in(to, state.seats) or to == seat:
        return f"to is another hand, a number from 0 to {state.seats - 1}, not {shown(to)}"
    return "a tip-off shows one of your own face-down cards"


def _stakeout_refusal(state, seat, action):
    hand = action["hand"]
    if not whole_in(hand, state.seats):
        return _no_hand(state, "hand", hand)
    return f"a stakeout on hand {hand + 1} would change nothing"


def _misdirection_refusal(state, seat, action):
    victim, hand = action["victim"], action["hand"]
    if not whole_in(victim, state.seats) or victim == seat:
        return f"victim is another hand, a number from 0 to {state.seats - 1}, not {shown(victim)}"
    if victim in state.misdirections:
        return f"hand {victim + 1} is already under a misdirection"
    if not whole_in(hand, state.seats):
        return _no_hand(state, "hand", hand)
    return f"hand {victim + 1} cannot guess at hand {hand + 1}"


POWER_MOVES = {
    "casing": Power(("hand", "index"), _casing_choices, _casing, _casing_refusal),
    "loose_lips": Power(("rank",), lambda state, seat: [{"rank": rank} for rank in RANKS], _loose_lips,
                        lambda state, seat, action: _rank_refusal(action["rank"])),
    "tip_off": Power(("index", "to"), _tip_off_choices, _tip_off, _tip_off_refusal),
    "second_storey": Power((), _open_shield("second_storey"), _shield, _shield_refusal),
    "pickpocket": Power((), _open_shield("pickpocket", first_only=True), _shield, _shield_refusal),
    "alarm": Power((), lambda state, seat: [{}], _alarm),
    "stakeout": Power(("hand",), lambda state, seat: [{"hand": h} for h in range(state.seats)
                                                      if h not in state.stakeouts and state.face_down(h)],
                      _stakeout, _stakeout_refusal),
    "misdirection": Power(("victim", "hand"), lambda state, seat: [
        {"victim": victim, "hand": t} for victim in range(state.seats)
        if victim != seat and victim not in state.misdirections for t in state.open_to(victim)],
        _misdirection, _misdirection_refusal),
    "crack": Power(("hand", "index"), lambda state, seat: [
        {"hand": t, "index": i} for t in state.targets(seat) for i in state.face_down(t)], _crack,
        lambda state, seat, action: _card_refusal(state, seat, action["hand"], action["index"])),
}


def _power_fields(action):
    power = POWER_MOVES.get(action.get("power")) if isinstance(action.get("power"), str) else None
    return ("power", *(power.fields if power else ()))


def _power_choices(state, seat):
    """Trip the alarm at any moment of the guessing; the others in the holder's own turn."""
    if state.phase != "guessing":
        return
    for name in state.held[seat]:
        if name == "alarm" or state.in_turn(seat):
            for choice in POWER_MOVES[name].choices(state, seat):
                yield {"power": name, **choice}


def _power(state, seat, action):
    name = action["power"]
    public = {"type": "power", "by": seat, "power": name}
    private = POWER_MOVES[name].effect(state, seat, action, public)
    state.held[seat].remove(name)
    state.tell(public)
    if private:   # the result goes only to the seat entitled to it
        state.tell(None, private)
    if name == "alarm":
        state._end_turn()
        return
    if name == "crack":
        _after_crack(state, seat, action)
    state._settle()


def _power_refusal(state, seat, action):
    name = action["power"]
    if not isinstance(name, str) or name not in POWERS:
        return f"there is no power-up {shown(name)}"
    if name not in state.held[seat]:
        return f"hand {seat + 1} does not hold {POWERS[name]['title']}"
    if name == "alarm":
        return "Trip the alarm is played once the rows are face down"
    reason = _not_guessing(state, seat, "play a power-up")
    refusal = POWER_MOVES[name].refusal
    return reason or (refusal(state, seat, action) if refusal else None)


def _take_over_choices(state, seat):
    if state.is_bot(seat) and not (seat == state.turn and state.guessed):
        return [{}]
    return []


def _take_over(state, seat, action):
    state.bot_seats.remove(seat)
    state.tell({"type": "take_over", "hand": seat})


def _take_over_refusal(state, seat, action):
    if not state.is_bot(seat):
        return f"hand {seat + 1} is not played by a bot"
    return "a bot's hand can be taken over only between turns, not after it has guessed in this turn"


ThieveryState.moves = MoveTable("Thievery", {
    "lock_in": Move(("order",), _lock_in_choices, _lock_in, _lock_in_refusal),
    "show": Move(("index",), _show_choices, _show, _show_refusal),
    "guess": Move(("hand", "index", "rank"), _guess_choices, _guess, _guess_refusal),
    "power": Move(_power_fields, _power_choices, _power, _power_refusal),
    "take_over": Move((), _take_over_choices, _take_over, _take_over_refusal),
})


# -- options and the game's own invariants --------------------------------------------------------
def check_options(seats, options: dict) -> None:
    """Refuse option values that make no table; the reason says why."""
    check_switches(options, ("powerups", "partnerships"))
    if options["partnerships"] and seats != PARTNERSHIP_HANDS:
        raise ValueError(f"partnerships are played with exactly 4 hands, not {seats}")
    bots = options.get("bots")
    if not isinstance(bots, (list, tuple)):
        raise ValueError(f"the option bots lists the hands played by bots, not {shown(bots)}")
    for bot in bots:
        if not whole_in(bot, seats):
            raise ValueError(f"there is no hand {shown(bot)} to give to a bot (hands are 0 to {seats - 1})")
    if len(set(bots)) != len(bots):
        raise ValueError("the option bots names a hand twice")


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
