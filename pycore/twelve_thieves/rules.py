"""12 Thieves: the rules, as one State, read like the rule text (twelve-thieves.txt, RULINGS.md).

The facts of the game come first as data, then the State and the move table (for each move: its
legal choices, what it does, why one is refused).  A seat's view is built in :mod:`.view`, the
log's sentences in :mod:`.words`.  Seats and palaces are numbered from 0 in the engine and from 1
on every screen and in every message.

>>> import pycore
>>> state = pycore.GAMES["twelve-thieves"].new_game(seats=3, seed=7)
>>> state.phase, [action["palace"] for action in state.legal_actions(0)]
('guards', [0, 1, 2, 3, 4, 5])

Cards
-----
A card is a palace's name (``"sun"`` .. ``"key"``, 17 of each) or ``"dancer"`` (wild; the 8 Dancers
lie face up beside the deck and go back there when played).  A payment (``"pay"``) lists the
cards played, in card order (the palaces in board order, then Dancers).

Actions (plain dicts; only the seat in ``to_act`` has legal actions)
--------------------------------------------------------------------
``{"type": "place_guard", "palace": p}``        set-up: seats take turns placing one guard each.
``{"type": "place_thief", "palace": p, "pay": [...]}``   a thief action: one card of that palace
                                                per foreign guard there (neutral or another's);
                                                needs your own guard there too.
``{"type": "steal", "palace": p}``              a thief action: your thieves there reach the top
                                                chest's number; that many go home, the chest is yours.
``{"type": "escort", "from": a, "to": b, "pay": [c]}``   a thief action: your guard and one of your
                                                thieves move together; one card of a or b.
``{"type": "move_guard", "from": a, "to": b, "pay": [c]}``    your own guard; one card of a or b.
``{"type": "move_neutral", "from": a, "to": b, "pay": [c, d]}``  a neutral guard; one card of a and
                                                one of b.
``{"type": "end_turn"}``                        draw 3 (after any action), or start the pass draw.
``{"type": "draw", "from": "deck" | "dancers"}``  the pass draw: four cards one at a time, each from
                                                the deck or a Dancer from the face-up supply.

Events (``apply`` returns the public ones; a private version replaces the public one in its seat's log)
-------------------------------------------------------------------------------------------------------
``{"type": "place_guard", "by": s, "palace": p}``
``{"type": "deal", "hands": [n, ...]}``                 private to each seat: + "cards"
``{"type": "turn", "seat": s, "round": r}``
``{"type": "place_thief", "by": s, "palace": p, "pay": [...]}``
``{"type": "steal", "by": s, "palace": p, "chest": n, "chests": total now}``
``{"type": "escort" | "move_guard" | "move_neutral", "by": s, "from": a, "to": b, "pay": [...]}``
``{"type": "reshuffle", "cards": n}``                   the discards became the deck
``{"type": "draw", "by": s, "deck": n, "dancers": k}``  private to s: + "cards" (those from the deck)
``{"type": "over", "winners": [...], "reason": "chests" | "guard", "chests": [per seat]}``

Outcome: ``{"winners": [seats], "scores": {"0": chests, ...}, "reason": ...}``; "guard": no real
game runs GUARD_ROUNDS rounds (see there), so the table stops it as a draw (no winners).
"""
from __future__ import annotations

from ..core import State
from ..kit import Move, MoveTable, shown
from ..kit.words import guard_words

# ---------------------------------------------------------------------------------------------
# The facts of the game
# ---------------------------------------------------------------------------------------------
PALACES = ("sun", "moon", "star", "lamp", "rose", "key")
PALACE_NAMES = {"sun": "Sun", "moon": "Moon", "star": "Star", "lamp": "Lamp", "rose": "Rose",
                "key": "Key"}
DANCER = "dancer"
CARDS = PALACES + (DANCER,)          # card order: the palaces in board order, then Dancers
DANCER_INDEX = len(PALACES)
CARDS_PER_PALACE = 17                # 102 palace cards
DANCERS = 8                          # face up beside the deck
GUARD_SPACES = 4                     # per palace
CHEST_STACK = (4, 5, 6, 7)           # top first: the thieves each chest needs
THIEVES_PER_PLAYER = 12
GUARDS_PER_PLAYER = {2: 4, 3: 3, 4: 2}
STARTING_HANDS = (6, 7, 8, 9)        # by seat, in turn order
CHESTS_TO_WIN = {2: 6, 3: 5, 4: 4}
THIEF_ACTIONS = 3                    # per turn
DRAW_AFTER_ACTING = 3
DRAW_AFTER_PASSING = 4
# The text ends a game only when someone reaches the chests that win.  So that a table of bots
# alone can never run forever, the table stops a game after this round as a draw (RULINGS,
# "Common to all games"): at least five times the longest of a thousand bot games at every
# seat count.
GUARD_ROUNDS = 300
NEUTRAL = None                       # the owner of a neutral guard
OPTIONS: dict = {}

TABLE_RULES = [
    "Guards are placed one at a time in seat order (player 1, 2, ... and round again) on any "
    "palace with an open guard space; the cards are dealt after the last guard is down, 6 to "
    "player 1, 7 to player 2 and so on. Player 1 goes first.",
    "Thief actions and guard moves may come in any order within your turn; at most three thief "
    "actions (placing a thief, stealing, moving your guard with a thief), any number of other "
    "guard moves while you can pay for them.",
    "A Dancer can stand in for any palace card in any payment, also for both cards of a neutral "
    "guard's move. You choose which cards pay; the app lists each way to pay.",
    "Stealing is never automatic: you take it as one of your thief actions when your thieves "
    "there reach the top chest's number, whether or not your guard is still there. Until then "
    "your thieves wait (and can still be joined). Thieves left at a palace whose chests are all "
    "gone stay there until a guard of yours takes them away.",
    "Moving a guard with a thief takes one of your thieves from the guard's palace to the new "
    "palace; it needs no foreign guard at the new palace, but that palace must still have a chest.",
    "A turn with any action at all (a guard move too) draws 3 at its end. Only a turn with no "
    "action is a pass: draw 4, one at a time, each from the deck or a Dancer from the face-up "
    "supply, and you see each card before choosing the next.",
    "Dancers never go into the deck: whoever takes or plays one does it face up, so everyone "
    "knows how many Dancers each player holds. Played palace cards go face up to the discards.",
    "When the deck runs out the discards are shuffled into a new deck; with neither, you draw "
    "what there is.",
    guard_words(GUARD_ROUNDS),
]


def card_index(card: str) -> int:
    return CARDS.index(card)


def seat_range(options: dict) -> tuple:
    return 2, 4


# ---------------------------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------------------------
class TwelveState(State):
    """A game of 12 Thieves (see the module docstring for actions and events, :mod:`.view`).

    Hands are counts by card (index ``card_index``); the deck a list of palace indexes (the end
    is the top); the discards counts by palace.
    """

    def __init__(self, game, seats, seed, options):
        super().__init__(game, seats, seed, options)
        self.deck = [palace for palace in range(len(PALACES)) for _ in range(CARDS_PER_PALACE)]
        self.rng.shuffle(self.deck)
        self.discard = [0] * len(PALACES)
        self.dancer_supply = DANCERS
        self.hands = [[0] * len(CARDS) for _ in range(seats)]
        # One neutral guard before each palace; guards[p] lists owners (a seat, or NEUTRAL).
        self.guards = [[NEUTRAL] for _ in PALACES]
        self.thieves = [[0] * seats for _ in PALACES]
        self.chests = [list(CHEST_STACK) for _ in PALACES]
        self.won = [[] for _ in range(seats)]        # the chests each seat took (their numbers)
        self.guards_to_place = [GUARDS_PER_PLAYER[seats]] * seats
        self.phase = "guards"
        self.current = 0
        self.round = 0
        self.step = None             # in a turn: "act", then "draw" for a pass
        self.thief_actions = 0
        self.acted = False
        self.draws_left = 0
        self.winners = None
        self.reason = None
        # What everyone knows of the deck after a reshuffle: it was exactly the discards then
        # (counts by palace), less what each seat has drawn from it since (known to that seat).
        self.reshuffled = None
        self.drawn_since = [[0] * len(PALACES) for _ in range(seats)]

    def copy_table(self, other) -> None:
        """Give ``other`` its own copies of everything a move changes on the table (a clone's and
        a bot's trial move's)."""
        other.deck, other.discard = list(self.deck), list(self.discard)
        for name in ("hands", "guards", "thieves", "chests", "won"):
            setattr(other, name, [list(row) for row in getattr(self, name)])
        other.guards_to_place = list(self.guards_to_place)

    def clone(self) -> "TwelveState":
        other = self._clone_base()
        self.copy_table(other)
        other.winners = list(self.winners) if self.winners is not None else None
        other.reshuffled = list(self.reshuffled) if self.reshuffled is not None else None
        other.drawn_since = [list(counts) for counts in self.drawn_since]
        return other

    # -- the contract -------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple:
        return () if self.phase == "over" else (self.current,)

    @property
    def outcome(self):
        """The winners, each seat's chests as its score, and why it ended (None while playing)."""
        return None if self.winners is None else {
            "winners": list(self.winners),
            "scores": {str(seat): len(self.won[seat]) for seat in range(self.seats)},
            "reason": self.reason}

    # -- facts the moves ask ------------------------------------------------------------------
    @property
    def target(self) -> int:
        return CHESTS_TO_WIN[self.seats]

    def thieves_in_supply(self, seat) -> int:
        return THIEVES_PER_PLAYER - sum(counts[seat] for counts in self.thieves)

    def open_space(self, palace) -> bool:
        return len(self.guards[palace]) < GUARD_SPACES

    def foreign_guards(self, seat, palace) -> int:
        """Guards at ``palace`` that are not ``seat``'s own (neutral or another player's)."""
        return sum(1 for owner in self.guards[palace] if owner != seat)

    def thief_cost(self, seat, palace) -> int:
        return self.foreign_guards(seat, palace)

    def can_steal(self, seat, palace) -> bool:
        stack = self.chests[palace]
        return bool(stack) and self.thieves[palace][seat] >= stack[0]

    def acting(self, seat) -> bool:
        return self.phase == "turn" and self.current == seat and self.step == "act"

    # -- cards ----------------------------------------------------------------------------------
    def _draw_from_deck(self, seat, count) -> list:
        """Up to ``count`` palace cards from the deck to ``seat`` (the discards reshuffled when it
        runs out); returns the palace indexes drawn."""
        drawn = []
        for _ in range(count):
            if not self.deck:
                if not any(self.discard):
                    break
                self.deck = [p for p, n in enumerate(self.discard) for _ in range(n)]
                self.reshuffled, self.discard = self.discard, [0] * len(PALACES)
                self.drawn_since = [[0] * len(PALACES) for _ in range(self.seats)]
                self.rng.shuffle(self.deck)
                self.tell({"type": "reshuffle", "cards": len(self.deck)})
            palace = self.deck.pop()
            self.hands[seat][palace] += 1
            self.drawn_since[seat][palace] += 1
            drawn.append(palace)
        return drawn

    def _tell_draw(self, seat, drawn, dancers):
        public = {"type": "draw", "by": seat, "deck": len(drawn), "dancers": dancers}
        self.tell(public, {seat: {**public, "cards": [PALACES[p] for p in sorted(drawn)]}})

    def _pay(self, seat, pay):
        hand = self.hands[seat]
        for card in pay:
            index = card_index(card)
            hand[index] -= 1
            if index == DANCER_INDEX:
                self.dancer_supply += 1      # played Dancers go back beside the deck
            else:
                self.discard[index] += 1

    # -- turns and the end ----------------------------------------------------------------------
    def _start_turn(self, seat):
        self.current, self.step = seat, "act"
        self.thief_actions, self.acted, self.draws_left = 0, False, 0
        self.tell({"type": "turn", "seat": seat, "round": self.round})

    def _next_turn(self):
        following = (self.current + 1) % self.seats
        if following == 0:
            if self.round == GUARD_ROUNDS:
                self._finish([], "guard")
                return
            self.round += 1
        self._start_turn(following)

    def _finish(self, winners, reason):
        self.phase, self.step, self.winners, self.reason = "over", None, winners, reason
        self.tell({"type": "over", "winners": list(winners), "reason": reason,
                   "chests": [len(chests) for chests in self.won]})


# ---------------------------------------------------------------------------------------------
# Payments: every way a hand can pay
# ---------------------------------------------------------------------------------------------
def _in_card_order(cards) -> list:
    return sorted(cards, key=card_index)


def _ways_to_pay_palace(hand, palace, count) -> list:
    """Every payment of ``count`` cards of ``palace``, Dancers standing in for any of them."""
    ways = []
    for dancers in range(max(0, count - hand[palace]), min(count, hand[DANCER_INDEX]) + 1):
        ways.append([PALACES[palace]] * (count - dancers) + [DANCER] * dancers)
    return ways


def _ways_to_pay_either(hand, first, second) -> list:
    """One card of either palace (or a Dancer)."""
    return [[card] for card in _in_card_order([PALACES[first], PALACES[second], DANCER])
            if hand[card_index(card)]]


def _ways_to_pay_both(hand, first, second) -> list:
    """One card of each palace, a Dancer standing in for either or both."""
    ways = []
    for a in (PALACES[first], DANCER):
        for b in (PALACES[second], DANCER):
            pay = _in_card_order([a, b])
            if all(hand[card_index(card)] >= pay.count(card) for card in pay) and pay not in ways:
                ways.append(pay)
    return ways


def _fits(state, seat, pay) -> bool:
    hand = state.hands[seat]
    return all(hand[card_index(card)] >= pay.count(card) for card in set(pay))


# ---------------------------------------------------------------------------------------------
# The moves: the legal choices (the rule), what each does, and why one is refused
# ---------------------------------------------------------------------------------------------
def _turn_refusal(state, seat, what):
    """Why ``seat`` cannot ``what`` now for want of its turn or of the acting step, or None."""
    if state.phase == "guards":
        return f"you cannot {what} while guards are being placed"
    if seat != state.current:
        return f"it is not seat {seat + 1}'s move: seat {state.current + 1} is to act"
    if state.step == "draw":
        return f"you cannot {what} during the pass draw: draw your cards"
    return None


def _palace_refusal(value, what="palace"):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(PALACES):
        return f"{what} is a palace number from 0 to {len(PALACES) - 1}, not {shown(value)}"
    return None


def _pay_refusal(state, seat, pay):
    if not isinstance(pay, list) or not all(isinstance(card, str) and card in CARDS for card in pay):
        return f"pay is a payment: a list of cards ({', '.join(CARDS)}), not {shown(pay)}"
    if not _fits(state, seat, pay):
        return "you do not hold the cards of that payment"
    return None


def _thief_actions_refusal(state):
    if state.thief_actions >= THIEF_ACTIONS:
        return "you have taken your three thief actions this turn"
    return None


def _thief_action_refusal(state, seat, doing: str, palace):
    """Why ``seat`` may not take a thief action at ``palace`` now, as far as the turn, the count
    of thief actions and the palace's number go (None: it may, so far)."""
    return (_turn_refusal(state, seat, doing) or _thief_actions_refusal(state)
            or _palace_refusal(palace))


# place_guard ----------------------------------------------------------------------------------
def _place_guard_choices(state, seat):
    if state.phase != "guards" or seat != state.current:
        return []
    return [{"palace": p} for p in range(len(PALACES)) if state.open_space(p)]


def _place_guard(state, seat, action):
    palace = action["palace"]
    state.guards[palace].append(seat)
    state.guards_to_place[seat] -= 1
    state.tell({"type": "place_guard", "by": seat, "palace": palace})
    if any(state.guards_to_place):
        state.current = (seat + 1) % state.seats
        return
    # The last guard is down: deal 6, 7, 8, 9 in turn order, and player 1 begins.
    public = {"type": "deal", "hands": list(STARTING_HANDS[:state.seats])}
    private = {}
    for other in range(state.seats):
        drawn = state._draw_from_deck(other, STARTING_HANDS[other])
        private[other] = {**public, "cards": [PALACES[p] for p in sorted(drawn)]}
    state.tell(public, private)
    state.phase, state.round = "turn", 1
    state._start_turn(0)


def _place_guard_refusal(state, seat, action):
    if state.phase != "guards":
        return "the guards are all placed"
    if seat != state.current:
        return f"it is seat {state.current + 1}'s turn to place a guard"
    return _palace_refusal(action["palace"]) or f"palace {action['palace'] + 1} has no open guard space"


# place_thief ----------------------------------------------------------------------------------
def thief_blocked(state, seat, palace):
    """Why ``seat`` may not place a thief at ``palace`` whatever it holds, or None."""
    if not state.chests[palace]:
        return f"palace {palace + 1} has no chests left"
    if seat not in state.guards[palace]:
        return f"you have no guard at palace {palace + 1}"
    if not state.foreign_guards(seat, palace):
        return f"palace {palace + 1} has no foreign guard (neutral or another player's)"
    if not state.thieves_in_supply(seat):
        return "all twelve of your thieves are out"
    return None


def _place_thief_choices(state, seat):
    if not state.acting(seat) or state.thief_actions >= THIEF_ACTIONS:
        return []
    hand = state.hands[seat]
    return [{"palace": p, "pay": pay} for p in range(len(PALACES)) if not thief_blocked(state, seat, p)
            for pay in _ways_to_pay_palace(hand, p, state.thief_cost(seat, p))]


def _place_thief(state, seat, action):
    palace, pay = action["palace"], action["pay"]
    state._pay(seat, pay)
    state.thieves[palace][seat] += 1
    state.thief_actions += 1
    state.acted = True
    state.tell({"type": "place_thief", "by": seat, "palace": palace, "pay": list(pay)})


def _place_thief_refusal(state, seat, action):
    palace = action["palace"]
    reason = _thief_action_refusal(state, seat, "place a thief", palace)
    if reason:
        return reason
    reason = thief_blocked(state, seat, palace) or _pay_refusal(state, seat, action["pay"])
    if reason:
        return reason
    cost = state.thief_cost(seat, palace)
    return (f"a thief at palace {palace + 1} costs {cost} card{'s' if cost > 1 else ''} of that "
            f"palace (Dancers may stand in)")


# steal ------------------------------------------------------------------------------------------
def _steal_choices(state, seat):
    if not state.acting(seat) or state.thief_actions >= THIEF_ACTIONS:
        return []
    return [{"palace": p} for p in range(len(PALACES)) if state.can_steal(seat, p)]


def _steal(state, seat, action):
    palace = action["palace"]
    chest = state.chests[palace].pop(0)
    state.thieves[palace][seat] -= chest          # that many of your thieves go home
    state.won[seat].append(chest)
    state.thief_actions += 1
    state.acted = True
    state.tell({"type": "steal", "by": seat, "palace": palace, "chest": chest,
                "chests": len(state.won[seat])})
    if len(state.won[seat]) >= state.target:
        state._finish([seat], "chests")


def _steal_refusal(state, seat, action):
    palace = action["palace"]
    reason = _thief_action_refusal(state, seat, "steal", palace)
    if reason:
        return reason
    if not state.chests[palace]:
        return f"palace {palace + 1} has no chests left"
    return (f"the top chest of palace {palace + 1} needs {state.chests[palace][0]} of your thieves; "
            f"you have {state.thieves[palace][seat]} there")


# guard moves: escort, move_guard, move_neutral ------------------------------------------------
def _move_choices(state, seat, owner, ways_to_pay, with_thief=False):
    hand = state.hands[seat]
    choices = []
    for a in range(len(PALACES)):
        if owner not in state.guards[a] or (with_thief and not state.thieves[a][seat]):
            continue
        for b in range(len(PALACES)):
            if b == a or not state.open_space(b) or (with_thief and not state.chests[b]):
                continue
            choices += [{"from": a, "to": b, "pay": pay} for pay in ways_to_pay(hand, a, b)]
    return choices


def _escort_choices(state, seat):
    if not state.acting(seat) or state.thief_actions >= THIEF_ACTIONS:
        return []
    return _move_choices(state, seat, seat, _ways_to_pay_either, with_thief=True)


def _move_guard_choices(state, seat):
    return _move_choices(state, seat, seat, _ways_to_pay_either) if state.acting(seat) else []


def _move_neutral_choices(state, seat):
    return _move_choices(state, seat, NEUTRAL, _ways_to_pay_both) if state.acting(seat) else []


def _mover(kind, owner_of):
    """The handler of one kind of guard move (``owner_of(seat)``: whose guard moves)."""
    def handler(state, seat, action):
        a, b, pay = action["from"], action["to"], action["pay"]
        state._pay(seat, pay)
        state.guards[a].remove(owner_of(seat))
        state.guards[b].append(owner_of(seat))
        if kind == "escort":
            state.thieves[a][seat] -= 1
            state.thieves[b][seat] += 1
            state.thief_actions += 1
        state.acted = True
        state.tell({"type": kind, "by": seat, "from": a, "to": b, "pay": list(pay)})
    return handler


def _move_refusal(kind):
    what = {"escort": "move a guard with a thief", "move_guard": "move your guard",
            "move_neutral": "move a neutral guard"}[kind]

    def refusal(state, seat, action):
        a, b = action["from"], action["to"]
        reason = (_turn_refusal(state, seat, what)
                  or (_thief_actions_refusal(state) if kind == "escort" else None)
                  or _palace_refusal(a, "from") or _palace_refusal(b, "to"))
        if reason:
            return reason
        owner = NEUTRAL if kind == "move_neutral" else seat
        if a == b:
            return "a guard moves to another palace"
        if owner not in state.guards[a]:
            return f"there is no {'neutral' if owner is NEUTRAL else 'guard of yours'} at palace {a + 1}"
        if not state.open_space(b):
            return f"palace {b + 1} has no open guard space"
        if kind == "escort" and not state.thieves[a][seat]:
            return f"you have no thief at palace {a + 1} to go with the guard"
        if kind == "escort" and not state.chests[b]:
            return f"palace {b + 1} has no chests left"
        reason = _pay_refusal(state, seat, action["pay"])
        if reason:
            return reason
        if kind == "move_neutral":
            return (f"moving a neutral guard costs one card of palace {a + 1} and one of palace "
                    f"{b + 1} (Dancers may stand in)")
        return f"this move costs one card of palace {a + 1} or of palace {b + 1} (or a Dancer)"
    return refusal


# end_turn and the pass draw -----------------------------------------------------------------
def _end_turn_choices(state, seat):
    return [{}] if state.acting(seat) else []


def _end_turn(state, seat, action):
    if state.acted:
        state._tell_draw(seat, state._draw_from_deck(seat, DRAW_AFTER_ACTING), 0)
        state._next_turn()
        return
    state.step, state.draws_left = "draw", DRAW_AFTER_PASSING
    _end_pass_draw_if_empty(state)


def _draw_sources(state) -> list:
    sources = []
    if state.deck or any(state.discard):
        sources.append("deck")
    if state.dancer_supply:
        sources.append("dancers")
    return sources


def _end_pass_draw_if_empty(state):
    """The pass draw ends after four cards, or at once when there is nothing left to draw."""
    if not state.draws_left or not _draw_sources(state):
        state._next_turn()


def _draw_choices(state, seat):
    if state.phase != "turn" or seat != state.current or state.step != "draw":
        return []
    return [{"from": source} for source in _draw_sources(state)]


def _draw(state, seat, action):
    if action["from"] == "dancers":
        state.dancer_supply -= 1
        state.hands[seat][DANCER_INDEX] += 1
        state._tell_draw(seat, [], 1)
    else:
        state._tell_draw(seat, state._draw_from_deck(seat, 1), 0)
    state.draws_left -= 1
    _end_pass_draw_if_empty(state)


def _draw_refusal(state, seat, action):
    if state.phase != "turn" or seat != state.current:
        return f"it is not seat {seat + 1}'s move"
    if state.step != "draw":
        return "you draw at the end of your turn: end it first"
    source = action["from"]
    if source == "dancers":
        return "the Dancers are all taken"
    return f"from is the deck or one of the Dancers, not {shown(source)}"


TwelveState.moves = MoveTable("12 Thieves", {
    "place_guard": Move(("palace",), _place_guard_choices, _place_guard, _place_guard_refusal),
    "steal": Move(("palace",), _steal_choices, _steal, _steal_refusal),
    "place_thief": Move(("palace", "pay"), _place_thief_choices, _place_thief, _place_thief_refusal),
    "escort": Move(("from", "to", "pay"), _escort_choices, _mover("escort", lambda seat: seat),
                   _move_refusal("escort")),
    "move_guard": Move(("from", "to", "pay"), _move_guard_choices,
                       _mover("move_guard", lambda seat: seat), _move_refusal("move_guard")),
    "move_neutral": Move(("from", "to", "pay"), _move_neutral_choices,
                         _mover("move_neutral", lambda seat: NEUTRAL), _move_refusal("move_neutral")),
    "end_turn": Move((), _end_turn_choices, _end_turn,
                     lambda state, seat, action: _turn_refusal(state, seat, "end your turn")),
    "draw": Move(("from",), _draw_choices, _draw, _draw_refusal),
})


# ---------------------------------------------------------------------------------------------
# Hooks for the shared tests
# ---------------------------------------------------------------------------------------------
def audit(state: TwelveState):
    """Every card, guard, thief and chest exactly once."""
    palace_cards = [state.deck.count(p) + state.discard[p] + sum(hand[p] for hand in state.hands)
                    for p in range(len(PALACES))]
    assert palace_cards == [CARDS_PER_PALACE] * len(PALACES), f"palace cards lost: {palace_cards}"
    assert state.dancer_supply + sum(hand[DANCER_INDEX] for hand in state.hands) == DANCERS
    assert all(count >= 0 for hand in state.hands for count in hand)
    assert all(len(owners) <= GUARD_SPACES for owners in state.guards)
    assert sum(owners.count(NEUTRAL) for owners in state.guards) == len(PALACES)
    placed = GUARDS_PER_PLAYER[state.seats]
    for seat in range(state.seats):
        on_board = sum(owners.count(seat) for owners in state.guards)
        assert on_board + state.guards_to_place[seat] == placed
        assert 0 <= state.thieves_in_supply(seat) <= THIEVES_PER_PLAYER
        assert all(counts[seat] >= 0 for counts in state.thieves)
    taken = sorted(chest for chests in state.won for chest in chests)
    left = sorted(chest for stack in state.chests for chest in stack)
    assert sorted(taken + left) == sorted(CHEST_STACK * len(PALACES))
    assert state.thief_actions <= THIEF_ACTIONS
