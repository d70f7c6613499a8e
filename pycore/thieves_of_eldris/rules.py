"""Thieves of Eldris: the rules, as one State, read like the rule text.

The facts first (the roster, the Square, the payouts, the supply in half coins), then the State
and the move table.  A seat's view is built in :mod:`.view`, the log's sentences in :mod:`.words`.
Seats are numbered from 0 in the engine and from 1 on every screen.  Money is counted in half
coins everywhere in the engine (``16`` is the $8 that wins).

>>> import pycore
>>> state = pycore.GAMES["thieves-of-eldris"].new_game(seats=3, seed=7)
>>> state.to_act, state.view(0)["step"]
((0,), 'choose')

Skulduggery Square
------------------
24 positions, ``row * 6 + column`` (rows 0..3 top to bottom, columns 0..5 left to right); each holds
one character (a name from ``ROSTER``), occupied or unoccupied (it left the Square).

Tables
------
``mode`` is "solo" (1 seat, the text's solo game), "small" (2-4: 1 Cutpurse + 2 Targets each) or
"large" (5-6: a public Display of Targets, a lead Cutpurse and a Shadow each).

Actions (plain dicts; one decision each)
----------------------------------------
``{"type": "choose_cutpurse", "character": c}``  start of one's first turn (solo: at set-up, from
      the Display), the Constitution ability, and after one's Cutpurse was revealed (2-4: from
      one's Targets; it is that player's move in the middle of the accuser's turn).
``{"type": "reroll", "dice": [i, ...]}``   flip the Sigil to roll those dice again (before anything else)
``{"type": "reset_sigil"}``                doubles/triples: turn an inactive Sigil active again
``{"type": "ability", "trait": t}``        doubles: that trait's ability; triples: any ability
``{"type": "shift", "from": p, "to": q}``  the Dexterity ability: one card, up to two steps
``{"type": "stop"}``                       the Dexterity ability: stop after the first step
``{"type": "exchange", "a": p, "b": q}``   the Wisdom ability: two cards of one trait change places
``{"type": "return_target", "character": c}``  the Intelligence ability: which Target goes back
``{"type": "move", "from": p, "to": q}``   spend the die of the trait of the card at p: swap it with q
``{"type": "steal", "character": c}``      Nick: steal from a Target next to your Cutpurse
``{"type": "reveal", "character": c, "player": s}``  Nick: accuse seat s of being character c
``{"type": "pass"}``                       Nick: do nothing
``{"type": "wager", "character": c}``      solo Nick: $1 on a Threat next to your Cutpurse
``{"type": "reveal_foes"}``                solo Nick: show the Threats; wagers, thefts follow

Events: see :mod:`.words` (one sentence each).  Outcome: ``{"winners": [...], "scores":
{"0": coins, ...}, "reason": "eight"|"last"|"solo"|"guard"}``; solo adds ``"rivals"`` (their
spoils in coins) and ``"title"``.  "guard": no real game runs GUARD_ROUNDS rounds (see there); the
table stops it as a draw.
"""
from __future__ import annotations

from ..core import State
from ..kit import Move, MoveTable, check_switches, is_whole, shown
from ..kit.words import guard_words

# ---------------------------------------------------------------------------------------------
# The facts of the game
# ---------------------------------------------------------------------------------------------
TRAITS = ("strength", "dexterity", "constitution", "wisdom", "intelligence", "charisma")
ROSTER = {   # RULINGS.md: four characters a trait
    "strength": ("Fighter", "Barbarian", "Knight", "Gladiator"),
    "dexterity": ("Ranger", "Ninja", "Assassin", "Acrobat"),
    "constitution": ("Warlock", "Paladin", "Blacksmith", "Shieldmaiden"),
    "wisdom": ("Monk", "Druid", "Lightpriest", "Beastmaster"),
    "intelligence": ("Alchemist", "Necromancer", "Wizard", "Artificer"),
    "charisma": ("Bard", "Noble", "Merchant", "Jester"),
}
CHARACTERS = tuple(name for trait in TRAITS for name in ROSTER[trait])
TRAIT_OF = {name: trait for trait in TRAITS for name in ROSTER[trait]}
ROWS, COLUMNS = 4, 6
POSITIONS = ROWS * COLUMNS
DICE = 3
PAYOUT = {"corner": 4, "edge": 3, "centre": 2}   # half coins: $2, $1.5, $1
WIN_AT = 16                                       # $8, at the end of one's own turn
REVEAL_FROM_VICTIM, REVEAL_FROM_GUILD = 2, 4      # a right Reveal: $1 from them, $2 from the supply
SOLO_START, SOLO_ROUNDS, WAGER, WAGER_PRIZE, COMPETITION = 2, 4, 2, 4, 3
# The text ends a game only at $8 (or with the last thief left).  So that a table of bots alone
# can never run forever, the table stops a game after this round as a draw (RULINGS, "Common to
# all games"): at least five times the longest of a thousand bot games at every seat count.
GUARD_ROUNDS = 200
OPTIONS = {"without_tokens": False}
SOLO_TITLES = ((20, "Legend Among Thieves"), (14, "Skilled Swindler"), (8, "Street Scoundrel"),
               (0, "Petty Pickpocket"))           # from this many half coins up


TABLE_RULES = [
    "The roster is the one in our rulings: Strength Fighter, Barbarian, Knight, Gladiator; "
    "Dexterity Ranger, Ninja, Assassin, Acrobat; Constitution Warlock, Paladin, Blacksmith, "
    "Shieldmaiden; Wisdom Monk, Druid, Lightpriest, Beastmaster; Intelligence Alchemist, "
    "Necromancer, Wizard, Artificer; Charisma Bard, Noble, Merchant, Jester.",
    "Player 1 goes first; turns go round in seat order. Money is counted in half coins and the "
    "supply never runs out.",
    "A die moves a card of its trait: the move is written as that card changing places with a "
    "neighbour above, below, left or right. When both cards' traits were rolled you pick which "
    "die pays for it.",
    "The Sigil reroll comes right after the roll, before anything else; after it (or after you "
    "use your doubles or move a card) the roll is final. Doubles are used before the first move.",
    "Triples offer the Sigil reset or any one ability. Charisma and Intelligence need a card in "
    "the Townsfolk deck; Constitution with 5-6 players is offered only while neither of your "
    "cards has been revealed.",
    "Dexterity moves one card one step and then, if you like, the same card one more step.",
    "Strength: everyone hears that you took the Strength ability; nobody learns whether your "
    "steal or reveal used the diagonal.",
    "A Reveal names a character next to your Cutpurse (not one of your own cards, not a "
    "Target in the Display) and a player who has chosen a Cutpurse and is still in the game.",
    "A right Reveal: the accused pays what they have, up to $1. With 2-4 players they pick "
    "which Target becomes their Cutpurse (with only one Target left it is chosen for them), "
    "then draw a new Target if the deck has one; with no Target left they are out of the game.",
    "A wrong Reveal shows your Cutpurse to everyone; it stays known until you use Constitution.",
    "A player who is out keeps their money but takes no more turns. When only one thief is "
    "left in the game, they win.",
    guard_words(GUARD_ROUNDS),
    "Solo: Constitution swaps your Cutpurse with a Target of the Display; Intelligence works "
    "as with 5-6 players; the Strength diagonal counts for your thefts but not your wagers, "
    "which go only on characters above, below, left or right of your Cutpurse.",
    "Solo: tokens lie only on characters still in the Square; Threat tokens are placed at the "
    "start of the round. When the deck runs short, fewer Foes (or Targets) are drawn.",
    "Solo without tokens: the Square shows no tokens at all; the Display, the Foes' Stack and "
    "your Cutpurse card are still in view, and the rules play the same.",
    "The solo titles count your own haul: up to $3.5 Petty Pickpocket, $4 to $6.5 Street "
    "Scoundrel, $7 to $9.5 Skilled Swindler, $10 or more Legend Among Thieves.",
]


def row_of(position: int) -> int:
    return position // COLUMNS


def column_of(position: int) -> int:
    return position % COLUMNS


def place_kind(position: int) -> str:
    """'corner', 'edge' or 'centre' of the Square (what a theft there pays).

    >>> place_kind(0), place_kind(3), place_kind(8)
    ('corner', 'edge', 'centre')
    """
    on_row_edge = row_of(position) in (0, ROWS - 1)
    on_column_edge = column_of(position) in (0, COLUMNS - 1)
    if on_row_edge and on_column_edge:
        return "corner"
    return "edge" if on_row_edge or on_column_edge else "centre"


def _neighbours(position: int, steps) -> tuple:
    row, column = row_of(position), column_of(position)
    return tuple((row + dr) * COLUMNS + column + dc for dr, dc in steps
                 if 0 <= row + dr < ROWS and 0 <= column + dc < COLUMNS)


ORTHOGONAL = tuple(_neighbours(p, ((-1, 0), (0, -1), (0, 1), (1, 0))) for p in range(POSITIONS))
DIAGONAL = tuple(_neighbours(p, ((-1, -1), (-1, 1), (1, -1), (1, 1))) for p in range(POSITIONS))


def mode_of(seats: int) -> str:
    return "solo" if seats == 1 else "small" if seats <= 4 else "large"


def solo_title(half_coins: int) -> str:
    return next(title for floor, title in SOLO_TITLES if half_coins >= floor)


def coins(half_coins: int):
    """Half coins as the coins a person counts: 3 -> 1.5, 4 -> 2."""
    return half_coins // 2 if half_coins % 2 == 0 else half_coins / 2


def check_options(seats, options) -> None:
    check_switches(options)
    if options["without_tokens"] and seats != 1:
        raise ValueError("playing without tokens is the solo challenge (1 seat)")


# ---------------------------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------------------------
class EldrisState(State):
    """A game of Thieves of Eldris (see the module docstring for actions, :mod:`.view`)."""

    def __init__(self, game, seats, seed, options):
        super().__init__(game, seats, seed, options)
        self.mode = mode_of(seats)
        rng = self.rng
        self.square = list(CHARACTERS)
        rng.shuffle(self.square)
        self.gone: set = set()              # characters flipped to their unoccupied side
        self.deck = list(CHARACTERS)        # the Townsfolk deck; the top card is the last
        rng.shuffle(self.deck)
        self.sigil = [True] * seats
        self.money = [0] * seats
        self.cutpurse = [None] * seats
        self.targets = [[] for _ in range(seats)]       # 2-4: face-down Targets
        self.shadow = [None] * seats                    # 5-6: the second card
        self.dealt = [[] for _ in range(seats)]         # cards not yet sorted at one's first turn
        self.chosen = [False] * seats
        self.revealed_once = [False] * seats            # 5-6: the lead has been revealed
        self.known = [None] * seats                     # a Cutpurse shown by a wrong Reveal
        self.stolen = [[] for _ in range(seats)]        # Targets robbed, face up
        self.claimed = [[] for _ in range(seats)]       # Cutpurses revealed, face up
        self.out = [False] * seats
        self.peek = [None] * seats                      # the top card a Charisma peek saw
        self.display: list = []
        self.dice: list = []
        self.spent: list = []
        self.current, self.round, self.step = 0, 1, "choose"
        self.rerolled = self.bonus_taken = self.strength = False
        self.dex_at, self.victim = None, None
        self.winners, self.reason = None, None
        # Solo
        self.rivals: list = []          # known Rivals still in the Square
        self.threats: list = []         # the concealed Threat cards of this round
        self.threat_marks: set = set()  # characters under a Threat token
        self.wagers: list = []
        self.spoils = 0
        self.won_rivals: list = []
        self.discarded: list = []
        # Secrecy, for the redeal (:mod:`.secrecy`): per seat, the face-down cards it knows to lie only among
        # some holders ("deck", a seat, "threats"); per seat, the characters everyone knows its
        # current Cutpurse is not (wrong accusations).
        self.whereabouts = [dict() for _ in range(seats)]
        self.not_cutpurse = [set() for _ in range(seats)]
        if self.mode == "small":
            for seat in range(seats):
                self.dealt[seat] = [self.deck.pop() for _ in range(3)]
        elif self.mode == "large":
            self.display = [self.deck.pop() for _ in range(3)]
            for seat in range(seats):
                self.dealt[seat] = [self.deck.pop() for _ in range(2)]
        else:
            self.display = [self.deck.pop() for _ in range(3)]
            self.money[0] = SOLO_START
        self.tell({"type": "turn", "seat": 0, "round": 1})

    def clone(self) -> "EldrisState":
        return self._clone_base(
            "square", "deck", "sigil", "money", "cutpurse", "shadow", "chosen", "revealed_once",
            "known", "out", "peek", "display", "dice", "spent", "rivals", "threats", "wagers",
            "won_rivals", "discarded", "targets", "dealt", "stolen", "claimed", "gone",
            "threat_marks", "whereabouts", "not_cutpurse", "winners")

    # -- small helpers ------------------------------------------------------------------------
    def position(self, character: str) -> int:
        return self.square.index(character)

    def in_square(self, character) -> bool:
        """An occupied character (still in the Square)."""
        return character in TRAIT_OF and character not in self.gone

    def reach(self, seat) -> tuple:
        """Positions next to the seat's Cutpurse: orthogonal, and diagonal with Strength."""
        if self.cutpurse[seat] is None:
            return ()
        at = self.position(self.cutpurse[seat])
        return ORTHOGONAL[at] + DIAGONAL[at] if self.strength else ORTHOGONAL[at]

    def own_cards(self, seat) -> list:
        return [c for c in [self.cutpurse[seat], self.shadow[seat], *self.targets[seat],
                            *self.dealt[seat]] if c]

    def living(self) -> list:
        return [seat for seat in range(self.seats) if not self.out[seat]]

    def doubles(self) -> list:
        """The traits whose ability the roll offers now (doubles: that trait; triples: any)."""
        if self.step != "slip" or self.bonus_taken or any(self.spent):
            return []
        counts = {trait: self.dice.count(trait) for trait in set(self.dice)}
        best = max(counts.values())
        if best == 3:
            return list(TRAITS)
        return [trait for trait, count in counts.items() if count == 2]

    def draw(self, into=None):
        """The top card of the Townsfolk deck (None when it has run out); ``into``: the seat
        that takes it face down, or "threats" (solo), else it is shown to everyone."""
        card = self.deck.pop() if self.deck else None
        if card is not None and into is not None:
            for seat, known in enumerate(self.whereabouts):
                if seat == into:
                    known.pop(card, None)
                elif self.peek[seat] == card:          # it saw that card on top
                    known[card] = frozenset((into,))
                else:
                    for other, places in known.items():
                        if "deck" in places:
                            known[other] = places | {into}
        self.peek = [None] * self.seats
        return card

    def shuffle_in(self, card, by, shown: bool):
        """``by`` shuffles ``card`` into the deck, shown to everyone or only to itself."""
        for seat, known in enumerate(self.whereabouts):
            if shown or seat == by:
                known[card] = frozenset(("deck",))
            else:                                      # any card of theirs may have gone back
                for other, places in known.items():
                    if by in places:
                        known[other] = places | {"deck"}
        self.peek = [None] * self.seats
        self.deck.append(card)
        self.rng.shuffle(self.deck)

    def _flip(self, character):
        self.gone.add(character)
        self.threat_marks.discard(character)

    def _swap(self, a: int, b: int):
        self.square[a], self.square[b] = self.square[b], self.square[a]

    # -- the contract -------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple:
        if self.step == "over":
            return ()
        return (self.victim,) if self.step == "replace" else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.step == "over"

    @property
    def outcome(self):
        if self.step != "over":
            return None
        result = {"winners": list(self.winners), "reason": self.reason,
                  "scores": {str(seat): coins(self.money[seat]) for seat in range(self.seats)}}
        if self.mode == "solo":
            result["rivals"] = coins(self.spoils)
            result["title"] = solo_title(self.money[0])
        return result

    # -- turns ----------------------------------------------------------------------------------
    def _roll(self):
        self.dice = [self.rng.choice(TRAITS) for _ in range(DICE)]
        self.spent = [False] * DICE
        self.rerolled = self.bonus_taken = self.strength = False
        self.step = "slip"
        self.tell({"type": "roll", "by": self.current, "dice": list(self.dice)})

    def _start_turn(self, seat):
        self.current, self.dice, self.spent = seat, [], []
        self.tell({"type": "turn", "seat": seat, "round": self.round})
        if self.chosen[seat]:
            self._roll()
        else:
            self.step = "choose"

    def _finish(self, winners, reason):
        self.step, self.winners, self.reason = "over", list(winners), reason
        self.dice, self.spent = [], []
        event = {"type": "over", "winners": list(winners), "reason": reason,
                 "money": list(self.money)}
        if self.mode == "solo":
            event.update(rivals=self.spoils, title=solo_title(self.money[0]))
        self.tell(event)

    def end_turn(self):
        """End of turn: $8 or more wins at once; else the next thief still in the game."""
        seat = self.current
        if self.money[seat] >= WIN_AT:
            self._finish([seat], "eight")
            return
        living = self.living()
        if len(living) == 1:
            self._finish(living, "last")
            return
        following = [(seat + i) % self.seats for i in range(1, self.seats + 1)]
        nxt = next(s for s in following if not self.out[s])
        if nxt <= seat:
            if self.round == GUARD_ROUNDS:
                self._finish([], "guard")
                return
            self.round += 1
        self._start_turn(nxt)

    def after_slip(self):
        """Every die spent: the Nick Phase (solo: the wagers first)."""
        self.step = "wager" if self.mode == "solo" else "nick"

    # -- solo rounds ------------------------------------------------------------------------------
    def solo_round_start(self):
        """Refill the Display, draw the Foes' Stack, place the tokens, roll."""
        if self.round > 1:
            while len(self.display) < 3 and self.deck:
                card = self.draw()
                self.display.append(card)
                self.tell({"type": "display", "character": card, "why": "refill"})
        foes = [self.draw(into=None if i == 0 else "threats") for i in range(min(3, len(self.deck)))]
        self.rivals += foes[:1]
        self.threats = foes[1:]
        traits = {TRAIT_OF[card] for card in self.threats}
        taken = set(self.rivals) | set(self.display) | {self.cutpurse[0]}
        self.threat_marks = {c for c in CHARACTERS if TRAIT_OF[c] in traits
                             and c not in taken and self.in_square(c)}
        self.wagers = []
        self.tell({"type": "foes", "round": self.round, "rival": foes[0] if foes else None,
                   "threats": [TRAIT_OF[card] for card in self.threats]})
        self._roll()

    def solo_round_end(self):
        if self.round == SOLO_ROUNDS:
            self._finish([0] if self.money[0] >= self.spoils else [], "solo")
            return
        self.round += 1
        self.tell({"type": "turn", "seat": 0, "round": self.round})
        self.solo_round_start()

    # -- secrecy --------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------
# The moves: the legal choices (the rule), what each does, and why one is refused
# ---------------------------------------------------------------------------------------------
STEP_WORDS = {"choose": "choosing your Cutpurse", "slip": "the Slip Phase",
              "dexterity": "the Dexterity ability", "wisdom": "the Wisdom ability",
              "intelligence": "the Intelligence ability", "constitution": "the Constitution ability",
              "nick": "the Nick Phase", "wager": "the solo Nick Phase",
              "replace": "replacing a revealed Cutpurse", "over": "the end of the game"}


def _stepping(state, seat, *steps) -> bool:
    return seat in state.to_act and state.step in steps


def _not_now(state, seat, what, *steps):
    """Why ``seat`` cannot ``what`` now for want of its turn or of the right step, or None."""
    if seat not in state.to_act:
        return f"it is not player {seat + 1}'s move: player {state.to_act[0] + 1} is to act"
    if state.step not in steps:
        return f"you cannot {what} during {STEP_WORDS[state.step]}"
    return None


def _position_refusal(*values):
    for value in values:
        if not is_whole(value) or not 0 <= value < POSITIONS:
            return f"a place in the Square is a number from 0 to {POSITIONS - 1}, not {shown(value)}"
    return None


def _character_refusal(value):
    if not isinstance(value, str) or value not in TRAIT_OF:
        return f"a character is one of the {len(TRAIT_OF)} of Eldris by name, not {shown(value)}"
    return None


# choose_cutpurse ----------------------------------------------------------------------------
def _choose_pool(state, seat) -> list:
    """The cards a Cutpurse is chosen from now."""
    if state.step == "choose":
        return state.display if state.mode == "solo" else state.dealt[seat]
    if state.step == "replace":
        return state.targets[seat]
    if state.step == "constitution":
        if state.mode == "solo":
            return [state.cutpurse[seat], *state.display]
        if state.mode == "small":
            return [state.cutpurse[seat], *state.targets[seat]]
        return [state.cutpurse[seat], state.shadow[seat]]
    return []


def _choose_cutpurse_choices(state, seat):
    if not _stepping(state, seat, "choose", "replace", "constitution"):
        return []
    return [{"character": card} for card in _choose_pool(state, seat)]


def _choose_cutpurse(state, seat, action):
    card, why = action["character"], state.step
    pool = list(_choose_pool(state, seat))
    pool.remove(card)
    public = {"type": "chose", "by": seat, "why": why}
    if state.mode == "solo":   # the Cutpurse comes from the Display (Constitution: trades places)
        old = state.cutpurse[0]
        if card != old:
            at = state.display.index(card)
            if old is None:
                del state.display[at]
                state.display.append(state.draw())
            else:
                state.display[at] = old
        state.cutpurse[0] = card
        state.threat_marks -= {card, *state.display}
        state.tell({**public, "character": card, "display": list(state.display)})
        if why == "choose":
            state.chosen[0] = True
            state.solo_round_start()
        else:
            state.step = "slip"
        return
    state.cutpurse[seat] = card
    if state.mode == "small":
        state.targets[seat] = pool
    else:
        state.shadow[seat] = pool[0] if pool else None
    state.dealt[seat] = []
    if state.known[seat] is not None:   # the Cutpurse shown to all stays among this seat's cards
        for viewer, known in enumerate(state.whereabouts):
            if viewer != seat:
                known[state.known[seat]] = frozenset((seat,))
    state.known[seat] = None
    state.not_cutpurse[seat] = set()    # the Cutpurse may have changed
    private = {**public, "character": card}
    if state.mode == "small":
        private["targets"] = list(pool)
    else:
        private["shadow"] = state.shadow[seat]
    if why == "replace":
        drawn = state.draw(into=seat)
        if drawn is not None:
            state.targets[seat].append(drawn)
            private["drew"] = drawn
        public["drew"] = drawn is not None
        private["drew_any"] = public["drew"]
    state.tell(public, {seat: private})
    if why == "choose":
        state.chosen[seat] = True
        state._roll()
    elif why == "constitution":
        state.step = "slip"
    else:
        state.victim = None
        state.end_turn()


def _choose_cutpurse_refusal(state, seat, action):
    reason = _not_now(state, seat, "choose a Cutpurse", "choose", "replace", "constitution")
    return reason or _character_refusal(action["character"]) or (
        f"you can choose only from {', '.join(_choose_pool(state, seat)) or 'no card'}")


# reroll ---------------------------------------------------------------------------------------
REROLLS = [[0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]]


def _reroll_open(state, seat) -> bool:
    return (_stepping(state, seat, "slip") and state.sigil[seat] and not state.rerolled
            and not state.bonus_taken and not any(state.spent))


def _reroll_choices(state, seat):
    return [{"dice": list(dice)} for dice in REROLLS] if _reroll_open(state, seat) else []


def _reroll(state, seat, action):
    state.sigil[seat], state.rerolled = False, True
    for i in action["dice"]:
        state.dice[i] = state.rng.choice(TRAITS)
    state.tell({"type": "reroll", "by": seat, "dice": list(action["dice"]), "faces": list(state.dice)})


def _reroll_refusal(state, seat, action):
    reason = _not_now(state, seat, "reroll", "slip")
    if reason:
        return reason
    if not state.sigil[seat]:
        return "your Sigil is inactive: reset it with doubles first"
    if state.rerolled or state.bonus_taken or any(state.spent):
        return "the reroll comes right after the roll, before anything else"
    return f"name the dice to roll again, as a list such as [0, 2], not {shown(action['dice'])}"


# reset_sigil / ability --------------------------------------------------------------------------
def _reset_choices(state, seat):
    if _stepping(state, seat, "slip") and state.doubles() and not state.sigil[seat]:
        return [{}]
    return []


def _reset(state, seat, action):
    state.sigil[seat], state.bonus_taken = True, True
    state.tell({"type": "reset_sigil", "by": seat})


def _reset_refusal(state, seat, action):
    reason = _not_now(state, seat, "reset your Sigil", "slip")
    if reason:
        return reason
    if state.sigil[seat]:
        return "your Sigil is already active"
    return "resetting the Sigil takes doubles or triples, before any move"


def _ability_usable(state, seat, trait) -> bool:
    if trait in ("charisma", "intelligence"):
        return bool(state.deck)
    if trait == "constitution":
        if state.mode == "large":
            return state.shadow[seat] is not None and not state.revealed_once[seat]
        return state.cutpurse[seat] is not None
    return True


def _ability_choices(state, seat):
    if not _stepping(state, seat, "slip"):
        return []
    return [{"trait": trait} for trait in TRAITS if trait in state.doubles()
            and _ability_usable(state, seat, trait)]


def _ability(state, seat, action):
    trait = action["trait"]
    state.bonus_taken = True
    public = {"type": "ability", "by": seat, "trait": trait}
    if trait == "charisma":
        state.peek[seat] = state.deck[-1]
        state.tell(public, {seat: {**public, "card": state.deck[-1]}})
        return
    if trait == "intelligence":
        drawn = state.draw(into=seat if state.mode == "small" else None)
        if state.mode == "small":
            state.targets[seat].append(drawn)
            state.tell(public, {seat: {**public, "card": drawn, "to": "targets"}})
        else:
            state.display.append(drawn)
            state.threat_marks.discard(drawn)
            state.tell({**public, "card": drawn, "to": "display"})
    else:
        state.tell(public)
    if trait == "strength":
        state.strength = True
    else:   # the abilities with a choice to make: their own step
        state.step, state.dex_at = trait, None


def _ability_refusal(state, seat, action):
    reason = _not_now(state, seat, "use an ability", "slip")
    trait = action["trait"]
    if reason:
        return reason
    if trait not in TRAITS:
        return f"trait is one of {', '.join(TRAITS)}, not {shown(trait)}"
    if trait not in state.doubles():
        return f"the {trait} ability needs {trait} doubles (or triples), before any move"
    return f"the {trait} ability has nothing to work on now"


# shift / stop (Dexterity) ---------------------------------------------------------------------
def _shift_choices(state, seat):
    if not _stepping(state, seat, "dexterity"):
        return []
    starts = range(POSITIONS) if state.dex_at is None else (state.dex_at,)
    return [{"from": p, "to": q} for p in starts for q in ORTHOGONAL[p]]


def _shift(state, seat, action):
    a, b = action["from"], action["to"]
    state.tell({"type": "move", "by": seat, "from": a, "to": b, "character": state.square[a],
                "other": state.square[b], "how": "dexterity"})
    state._swap(a, b)
    if state.dex_at is None:
        state.dex_at = b
    else:
        state.step, state.dex_at = "slip", None


def _shift_refusal(state, seat, action):
    reason = _not_now(state, seat, "move with Dexterity", "dexterity") or \
        _position_refusal(action["from"], action["to"])
    if reason:
        return reason
    if state.dex_at is not None and action["from"] != state.dex_at:
        return "the second Dexterity step moves the same card again"
    return "a card moves to a neighbour above, below, left or right"


def _stop_choices(state, seat):
    return [{}] if _stepping(state, seat, "dexterity") and state.dex_at is not None else []


def _stop(state, seat, action):
    state.step, state.dex_at = "slip", None
    state.tell({"type": "stop", "by": seat})


# exchange (Wisdom) ----------------------------------------------------------------------------
def _exchange_choices(state, seat):
    if not _stepping(state, seat, "wisdom"):
        return []
    return [{"a": a, "b": b} for a in range(POSITIONS) for b in range(a + 1, POSITIONS)
            if TRAIT_OF[state.square[a]] == TRAIT_OF[state.square[b]]]


def _exchange(state, seat, action):
    a, b = action["a"], action["b"]
    state.tell({"type": "move", "by": seat, "from": a, "to": b, "character": state.square[a],
                "other": state.square[b], "how": "wisdom"})
    state._swap(a, b)
    state.step = "slip"


def _exchange_refusal(state, seat, action):
    reason = _not_now(state, seat, "swap with Wisdom", "wisdom") or _position_refusal(action["a"], action["b"])
    return reason or "Wisdom swaps two cards of the same trait (name the lower place first)"


# return_target (Intelligence) -------------------------------------------------------------------
def _return_pool(state, seat):
    return state.targets[seat] if state.mode == "small" else state.display


def _return_choices(state, seat):
    if not _stepping(state, seat, "intelligence"):
        return []
    return [{"character": card} for card in _return_pool(state, seat)]


def _return_target(state, seat, action):
    card = action["character"]
    _return_pool(state, seat).remove(card)
    state.shuffle_in(card, seat, shown=state.mode != "small")
    public = {"type": "returned", "by": seat}
    if state.mode == "small":
        state.tell(public, {seat: {**public, "character": card}})
    else:
        state.tell({**public, "character": card})
    state.step = "slip"


def _return_refusal(state, seat, action):
    reason = _not_now(state, seat, "return a Target", "intelligence")
    return reason or _character_refusal(action["character"]) or \
        f"{action['character']} is not one of the Targets you can return"


# move (spend a die) -------------------------------------------------------------------------------
def _move_choices(state, seat):
    if not _stepping(state, seat, "slip"):
        return []
    traits = {trait for trait, spent in zip(state.dice, state.spent) if not spent}
    return [{"from": p, "to": q} for p in range(POSITIONS) if TRAIT_OF[state.square[p]] in traits
            for q in ORTHOGONAL[p]]


def _move(state, seat, action):
    a, b = action["from"], action["to"]
    trait = TRAIT_OF[state.square[a]]
    die = next(i for i, (face, spent) in enumerate(zip(state.dice, state.spent))
               if face == trait and not spent)
    state.spent[die] = True
    state.tell({"type": "move", "by": seat, "from": a, "to": b, "character": state.square[a],
                "other": state.square[b], "how": "die", "trait": trait, "die": die})
    state._swap(a, b)
    if all(state.spent):
        state.after_slip()


def _move_refusal(state, seat, action):
    reason = _not_now(state, seat, "move a card", "slip") or _position_refusal(action["from"], action["to"])
    if reason:
        return reason
    trait = TRAIT_OF[state.square[action["from"]]]
    if action["to"] not in ORTHOGONAL[action["from"]]:
        return "a card swaps with a neighbour above, below, left or right"
    return f"no unspent die shows {trait}, the trait of the {state.square[action['from']]}"


# steal -------------------------------------------------------------------------------------------
def _steal_pool(state, seat):
    return state.targets[seat] if state.mode == "small" else state.display


def _steal_choices(state, seat):
    if not _stepping(state, seat, "nick") or state.mode == "solo":
        return []
    reach = state.reach(seat)
    return [{"character": card} for card in _steal_pool(state, seat)
            if state.in_square(card) and state.position(card) in reach]


def rob(state, character) -> int:
    """A Target is robbed: flipped over, out of the Display; returns what its place pays."""
    paid = PAYOUT[place_kind(state.position(character))]
    state._flip(character)
    if character in state.display:
        state.display.remove(character)
    return paid


def _steal(state, seat, action):
    card = action["character"]
    where = state.position(card)
    paid = rob(state, card)
    if state.mode == "small":
        state.targets[seat].remove(card)
    state.stolen[seat].append(card)
    state.money[seat] += paid
    state.tell({"type": "steal", "by": seat, "character": card, "at": where,
                "place": place_kind(where), "paid": paid})
    drawn = state.draw(into=seat if state.mode == "small" else None)   # scout the next Target
    if drawn is not None:
        if state.mode == "small":
            state.targets[seat].append(drawn)
            public = {"type": "scout", "by": seat}
            state.tell(public, {seat: {**public, "character": drawn}})
        else:
            state.display.append(drawn)
            state.tell({"type": "display", "character": drawn, "why": "scout"})
    else:
        state.tell({"type": "deck_empty", "by": seat})
    state.end_turn()


def _steal_refusal(state, seat, action):
    reason = _not_now(state, seat, "steal", "nick") or _character_refusal(action["character"])
    if reason:
        return reason
    card = action["character"]
    if card not in _steal_pool(state, seat):
        return f"the {card} is not one of your Targets" if state.mode == "small" else \
            f"the {card} is not a Target in the Display"
    return f"the {card} is not next to your Cutpurse"


# reveal ------------------------------------------------------------------------------------------
def _reveal_choices(state, seat):
    if not _stepping(state, seat, "nick") or state.mode == "solo" or state.cutpurse[seat] is None:
        return []
    mine = set(state.own_cards(seat)) | set(state.display)
    accusable = [s for s in state.living() if s != seat and state.chosen[s]]
    return [{"character": state.square[p], "player": s} for p in state.reach(seat)
            if state.in_square(state.square[p]) and state.square[p] not in mine for s in accusable]


def _reveal(state, seat, action):
    card, accused = action["character"], action["player"]
    right = state.cutpurse[accused] == card
    public = {"type": "reveal", "by": seat, "character": card, "player": accused, "right": right}
    if not right:
        state.known[seat] = state.cutpurse[seat]
        state.not_cutpurse[accused].add(card)
        state.tell({**public, "cutpurse": state.cutpurse[seat]})
        state.end_turn()
        return
    paid = min(REVEAL_FROM_VICTIM, state.money[accused])
    state.money[accused] -= paid
    state.money[seat] += paid + REVEAL_FROM_GUILD
    state._flip(card)
    state.claimed[seat].append(card)
    state.cutpurse[accused] = state.known[accused] = None
    state.tell({**public, "paid": paid})
    if state.money[seat] >= WIN_AT:
        # "The game ends as soon as a thief has pocketed 8+ coins": the accused picks no new
        # Cutpurse for a game that is over (the table was left waiting on it, issue 36).
        state.end_turn()
        return
    if state.mode == "large":
        if state.revealed_once[accused] or state.shadow[accused] is None:
            _eliminate(state, accused)
        else:
            state.revealed_once[accused] = True
            state.cutpurse[accused], state.shadow[accused] = state.shadow[accused], None
            state.not_cutpurse[accused] = set()
            state.tell({"type": "shadow", "seat": accused})
        state.end_turn()
        return
    if not state.targets[accused]:
        _eliminate(state, accused)
        state.end_turn()
    elif len(state.targets[accused]) == 1:
        state.victim, state.step = accused, "replace"
        _choose_cutpurse(state, accused, {"character": state.targets[accused][0]})
    else:
        state.victim, state.step = accused, "replace"


def _eliminate(state, seat):
    state.out[seat] = True
    state.cutpurse[seat] = state.shadow[seat] = None
    state.tell({"type": "out", "seat": seat})


def _reveal_refusal(state, seat, action):
    reason = _not_now(state, seat, "reveal", "nick") or _character_refusal(action["character"])
    if reason:
        return reason
    accused = action["player"]
    if not is_whole(accused) or not 0 <= accused < state.seats or accused == seat:
        return f"player is another player, a number from 0 to {state.seats - 1}, not {shown(accused)}"
    if state.out[accused] or not state.chosen[accused]:
        return f"player {accused + 1} has no Cutpurse to reveal"
    return f"the {action['character']} is not a character next to your Cutpurse you can accuse"


# pass --------------------------------------------------------------------------------------------
def _pass_choices(state, seat):
    return [{}] if _stepping(state, seat, "nick") else []


def _pass(state, seat, action):
    state.tell({"type": "pass", "by": seat})
    state.end_turn()


# wager / reveal_foes (solo) ---------------------------------------------------------------------
def _wager_choices(state, seat):
    if not _stepping(state, seat, "wager") or state.money[0] < WAGER or state.cutpurse[0] is None:
        return []
    # Only orthogonally: Strength's diagonal reaches steals and reveals, not wagers (RULINGS).
    return [{"character": state.square[p]} for p in ORTHOGONAL[state.position(state.cutpurse[0])]
            if state.square[p] in state.threat_marks and state.square[p] not in state.wagers]


def _wager(state, seat, action):
    state.money[0] -= WAGER
    state.wagers.append(action["character"])
    state.tell({"type": "wager", "character": action["character"]})


def _wager_refusal(state, seat, action):
    reason = _not_now(state, seat, "wager", "wager") or _character_refusal(action["character"])
    if reason:
        return reason
    if state.money[0] < WAGER:
        return "a wager is $1 from your haul, and you have less"
    if action["character"] in state.wagers:
        return f"you have already wagered on the {action['character']}"
    return (f"wager on a character with a Threat token above, below, left or right of your Cutpurse, "
            f"not the {action['character']}")


def _reveal_foes_choices(state, seat):
    return [{}] if _stepping(state, seat, "wager") else []


def _reveal_foes(state, seat, action):
    """Reveal the Threats, resolve the wagers, Rivals steal, you steal, Stiff Competition."""
    revealed = list(state.threats)
    state.tell({"type": "foes_revealed", "threats": revealed})
    state.rivals += revealed
    state.threats, state.threat_marks = [], set()
    known = state.whereabouts[0]       # a card not shown among the Threats is in the deck
    for card, places in list(known.items()):
        known[card] = places - {"threats"}
    for card in state.wagers:
        if card in revealed:
            state.money[0] += WAGER + WAGER_PRIZE
            state._flip(card)
            state.rivals.remove(card)
            state.won_rivals.append(card)
        state.tell({"type": "wager_result", "character": card, "right": card in revealed})
    state.wagers = []
    rivals_at = {state.position(c) for c in state.rivals if state.in_square(c)}
    for thief in ("rivals", "you"):
        reach = set(state.reach(0)) if thief == "you" else None
        for card in list(state.display):
            near = ORTHOGONAL[state.position(card)]
            if (thief == "rivals" and rivals_at.intersection(near)) or \
                    (thief == "you" and state.position(card) in reach):
                where = state.position(card)
                paid = rob(state, card)
                state.discarded.append(card)
                if thief == "rivals":
                    state.spoils += paid
                else:
                    state.money[0] += paid
                    state.stolen[0].append(card)
                state.tell({"type": "theft", "by": thief, "character": card, "at": where,
                            "place": place_kind(where), "paid": paid})
    if rivals_at.intersection(ORTHOGONAL[state.position(state.cutpurse[0])]):
        taken = min(COMPETITION, state.money[0])
        state.money[0] -= taken
        state.spoils += taken
        state.tell({"type": "competition", "paid": taken})
    state.solo_round_end()


EldrisState.moves = MoveTable("Thieves of Eldris", {
    "choose_cutpurse": Move(("character",), _choose_cutpurse_choices, _choose_cutpurse,
                            _choose_cutpurse_refusal),
    "reroll": Move(("dice",), _reroll_choices, _reroll, _reroll_refusal),
    "reset_sigil": Move((), _reset_choices, _reset, _reset_refusal),
    "ability": Move(("trait",), _ability_choices, _ability, _ability_refusal),
    "shift": Move(("from", "to"), _shift_choices, _shift, _shift_refusal),
    "stop": Move((), _stop_choices, _stop,
                 lambda state, seat, action: _not_now(state, seat, "stop", "dexterity")
                 or "make the first Dexterity step first"),
    "exchange": Move(("a", "b"), _exchange_choices, _exchange, _exchange_refusal),
    "return_target": Move(("character",), _return_choices, _return_target, _return_refusal),
    "move": Move(("from", "to"), _move_choices, _move, _move_refusal),
    "steal": Move(("character",), _steal_choices, _steal, _steal_refusal),
    "reveal": Move(("character", "player"), _reveal_choices, _reveal, _reveal_refusal),
    "pass": Move((), _pass_choices, _pass,
                 lambda state, seat, action: _not_now(state, seat, "pass", "nick")),
    "wager": Move(("character",), _wager_choices, _wager, _wager_refusal),
    "reveal_foes": Move((), _reveal_foes_choices, _reveal_foes,
                        lambda state, seat, action: _not_now(state, seat, "reveal the Foes", "wager")),
})


# ---------------------------------------------------------------------------------------------
# Hooks for the shared tests
# ---------------------------------------------------------------------------------------------
def audit(state: EldrisState):
    """Every character once in the Square; every Townsfolk card exactly once somewhere."""
    assert sorted(state.square) == sorted(CHARACTERS), "the Square lost or doubled a card"
    places = list(state.deck) + list(state.display) + state.rivals + state.threats + \
        state.won_rivals + state.discarded
    for seat in range(state.seats):
        places += state.dealt[seat] + state.targets[seat] + state.claimed[seat]
        places += [c for c in (state.cutpurse[seat], state.shadow[seat]) if c]
        if state.mode != "solo":
            places += state.stolen[seat]
    assert sorted(places) == sorted(CHARACTERS), "the Townsfolk cards are not all there exactly once"
    assert all(money >= 0 for money in state.money) and state.spoils >= 0
    for seat in range(state.seats):
        for card in state.own_cards(seat):
            assert card not in state.gone, f"a card in hand ({card}) has left the Square"
    # What a seat knows of the face-down cards is true (the redeal deals by it).
    holder = {card: "deck" for card in state.deck} | {card: "threats" for card in state.threats}
    for seat in range(state.seats):
        holder.update((card, seat) for card in state.own_cards(seat))
        assert state.cutpurse[seat] not in state.not_cutpurse[seat], "a wrong accusation was right"
    for seat, known in enumerate(state.whereabouts):
        for card, places in known.items():
            assert holder.get(card, seat) in (seat, *places), f"seat {seat} is wrong about the {card}"
