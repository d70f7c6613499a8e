"""Master Thieves: the rules, as one State, read like the rule text and RULINGS.md.

The facts come first as data, then the State and the move table.  The cabinet itself is
:mod:`.cabinet`; a seat's view is :mod:`.view`, the log's sentences :mod:`.words`.

>>> import pycore
>>> state = pycore.GAMES["master-thieves"].new_game(seats=3, seed=7)
>>> state.phase, state.to_act
('setup', (0,))
>>> state.legal_actions(0)[0]
{'type': 'hide', 'tier': 0, 'side': 0}

Places: ``tier`` 0 top / 1 middle / 2 bottom and ``side`` 0..3 = N, E, S, W, as seen NOW.

Actions (plain dicts)
---------------------
``{"type": "hide", "tier": t, "side": s}``      set-up: put one of the 12 diamonds into a drawer
                                                 (seats in turn from seat 0)
``{"type": "choose_role", "role": r}``          every seat at once, in secret
``{"type": "open", "tier": t, "side": s}``      the acting seat opens a drawer (not the Detective)
``{"type": "place_fake", "stone": k}``          Goldsmith / Connoisseur: one fake ("diamond" or
                                                 "sapphire") from the white cushion into the drawer
``{"type": "no_fake"}``                         ... or no (more) fakes
``{"type": "alarm", "set": bool}``              Goldsmith: put the alarm token in, or not
``{"type": "turn", "tier": t, "quarters": q}``  after a clean opening: turn one tier by q * 90 degrees
``{"type": "flip"}``                            ... and/or flip the cabinet
``{"type": "done"}``                            ... or leave it as it is: the turn ends

Events (all public but ``chose``: a role is secret until the reveal)
-------------------------------------------------------------------------------------
``{"type": "ruby", "tier", "side"}``               set-up: a ruby into that secret compartment
``{"type": "hide", "by", "tier", "side"}``         set-up: a diamond into that drawer
``{"type": "turn", "by": seat|None, "tier", "quarters"}``, ``{"type": "flip", "by": seat|None}``
``{"type": "round", "round", "first"}``
``{"type": "chose", "by", "role"}``                only in the chooser's own log
``{"type": "reveal", "round", "roles": [...], "order": [seats in acting order]}``
``{"type": "open", "by", "role", "tier", "side", "full": bool (a Master Thief's pull of a long
   drawer: the secret compartment too), "spilled": stones to the red cushion, "alarm": owner of
   a spilled alarm token or None, "alarm_took": stones its owner took, "seen": the upward normal
   half now, "secret_seen": the upward secret half (full pulls) or None, "token": owner of the
   token lying in the drawer or None}``
``{"type": "smuggle", "by", "stones"}``, ``{"type": "take", "by", "stones"}`` (both halves summed)
``{"type": "place_fake", "by", "stone", "tier", "side"}``, ``{"type": "alarm", "by", "tier", "side"}``
``{"type": "share", "role": "smuggler"|"detective", "to": [seats], "got": [stones per seat],
   "left": stones}``
``{"type": "over", "reason": "fakes"|"guard", "round", "scores": [...], "winners": [...]}`` ("guard": the
   table stopped a game that ran past GUARD_ROUNDS, a draw: ``winners`` is [])

Stones are always ``{"ruby": n, "sapphire": n, "diamond": n}``.
Outcome: ``{"winners": [...], "scores": {"0": points, ...}, "reason": ...}``.
"""
from __future__ import annotations

from ..core import State, shown
from ..kit import Move, MoveTable, check_switches, is_text, is_whole
from .cabinet import (KINDS, PLACES, Cabinet, add_stones, no_stones, stones_count,
                      stones_value)

# ---------------------------------------------------------------------------------------------
# The facts of the game
# ---------------------------------------------------------------------------------------------
ROLES = ("smuggler", "goldsmith", "connoisseur", "thief", "master_thief", "detective")  # acting order
ROLE_NAMES = {"smuggler": "Smuggler", "goldsmith": "Goldsmith", "connoisseur": "Connoisseur",
              "thief": "Thief", "master_thief": "Master Thief", "detective": "Detective"}
FAKES = {"diamond": 8, "sapphire": 2}       # each white cushion at the start
FAKE_KINDS = ("sapphire", "diamond")        # what a fake may be, the bigger first
RUBIES_PER_SIDE = 3                         # 3 rubies, flip, 3 more
SETUP_DIAMONDS = 12                         # placed by the players in turn
# The game ends only as the text says (RULINGS, common); this guard only keeps a table of bots
# from running forever, far beyond any natural game: at least five times the longest of 1,000
# bot games at every seat count (measured GUARD_MEASURED; python build.py bench --only ends).
GUARD_ROUNDS = 200
OPTIONS = {"notebook": False}

TABLE_RULES = [
    "The cabinet: three tiers of four drawers, two short and two long in each tier (a long "
    "drawer has a secret compartment behind its normal one). Every compartment has an upward "
    "and a downward half; stones put in go into the upward half.",
    "Drawers are named as you see them now: top, middle or bottom tier; north, east, south or "
    "west side. Turning a tier a quarter moves each of its drawers one side clockwise "
    "(north to east). Flipping the cabinet reverses the tiers, swaps east and west and turns "
    "every upward half downward.",
    "Set-up: 3 rubies go into the secret compartments of 3 long drawers chosen by chance, the "
    "cabinet is flipped, 3 more rubies go in; then the players hide 12 diamonds one at a time "
    "in turn, from player 1; then each tier is turned by chance and the cabinet flipped. "
    "Everyone sees all of it: only memory keeps it.",
    "Each player starts with 8 diamonds and 2 sapphires as fakes on the white cushion and one "
    "alarm token.",
    "Roles act in the order Smuggler, Goldsmith, Connoisseur, Thief, Master Thief, Detective; "
    "players with the same role act in turn order from the round's first player, who moves one "
    "seat to the left each round.",
    "Opening spills only stones: an alarm token that falls out alone goes back to its owner "
    "and the turn goes on.",
    "A Master Thief who opens a long drawer always pulls it out fully: both compartments' "
    "downward halves can spill.",
    "If stones spill, the turn ends at once (no effect, no turning), except that a Connoisseur "
    "still places fakes.",
    "The Goldsmith and the Connoisseur choose each fake (diamond or sapphire) and may stop "
    "early. A Goldsmith may set the alarm only in a drawer with no token in it, and only while "
    "their own token is not in the cabinet.",
    "Thieves, Master Thieves and Smugglers take stones only: an alarm token stays where it "
    "lies. When it spills, its owner gets the token back and takes every stone that spilled from "
    "that drawer in that opening (a Master Thief's full pull: the secret half's too).",
    "After a clean opening the player may turn one tier (a quarter, a half or three quarters) "
    "and may flip the cabinet, in either order, or neither.",
    "At the end of a round: if there are more Smugglers than Detectives the Smugglers share "
    "the red cushion, otherwise the Detectives do (if any). Stones are dealt one at a time, "
    "most valuable first, in turn order from the round's first player; what would leave "
    "someone short stays on the red cushion.",
    "The game ends at the end of the round in which someone's white cushion is empty. Score: "
    "black cushion minus white cushion (diamond 1, sapphire 2, ruby 4); the best scores share "
    "the win.",
    f"So that a table of bots alone never runs forever, the table stops a game after round "
    f"{GUARD_ROUNDS} as a draw; no real game comes near it.",
    "The notebook (an option, off by default) lists what the public record puts in each drawer "
    "now; without it, remembering is up to you.",
]


def check_options(seats, options) -> None:
    check_switches(options)


# ---------------------------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------------------------
class MasterState(State):
    """A game of Master Thieves (see the module docstring for actions and events, :mod:`.view`)."""

    def __init__(self, game, seats, seed, options):
        super().__init__(game, seats, seed, options)
        self.cabinet = Cabinet()
        self.white = [{"ruby": 0, **FAKES} for _ in range(seats)]
        self.black = [no_stones() for _ in range(seats)]
        self.red = no_stones()
        self.token_home = [True] * seats          # each alarm token: in its owner's hand?
        self.phase = "setup"
        self.round, self.first = 0, 0
        self.hidden = 0                           # set-up diamonds hidden so far
        self.roles = [None] * seats
        self.order: list = []                     # seats still to act this round
        self.actor = None
        self.step = None                          # "open", "place", "alarm", "handle"
        self.opened = None                        # (tier, side) of the drawer open now (it
                                                  # closes before any turning)
        self.full_pull = False                    # a Master Thief's pull of a long drawer
        self.fakes_left = 0
        self.after_place = None                   # "alarm", "handle" or "end"
        self.turned = self.flipped = False
        self.reason = None
        self.scores = None
        self.winners = None
        for side in range(2):                     # 3 rubies, flip, 3 more
            if side:
                self._flip(None)
            for place in self.rng.sample(self.cabinet.long_places(), RUBIES_PER_SIDE):
                self.cabinet.put(place, "secret", "ruby")
                self.tell({"type": "ruby", "tier": place[0], "side": place[1]})

    def clone(self) -> "MasterState":
        other = self._clone_base("white", "black", "red", "token_home", "roles", "order")
        other.cabinet = self.cabinet.copy()
        return other

    # -- the contract -------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple:
        if self.phase == "setup":
            return (self.hidden % self.seats,)
        if self.phase == "choose":
            return tuple(seat for seat in range(self.seats) if self.roles[seat] is None)
        if self.phase == "act":
            return (self.actor,)
        return ()

    @property
    def outcome(self):
        if self.phase != "over":
            return None
        return {"winners": list(self.winners),
                "scores": {str(seat): score for seat, score in enumerate(self.scores)},
                "reason": self.reason}

    # -- helpers --------------------------------------------------------------------------------
    def score(self, seat) -> int:
        return stones_value(self.black[seat]) - stones_value(self.white[seat])

    def count_role(self, role) -> int:
        return sum(1 for chosen in self.roles if chosen == role)

    def turn_order(self) -> list:
        return [(self.first + i) % self.seats for i in range(self.seats)]

    def acting(self, seat, step) -> bool:
        return self.phase == "act" and self.actor == seat and self.step == step

    def _flip(self, by):
        self.cabinet.flip()
        self.tell({"type": "flip", "by": by})

    def _turn(self, by, tier, quarters):
        self.cabinet.turn(tier, quarters)
        self.tell({"type": "turn", "by": by, "tier": tier, "quarters": quarters})

    # -- rounds -----------------------------------------------------------------------------------
    def _start_round(self):
        self.round += 1
        self.roles = [None] * self.seats
        self.phase = "choose"
        self.tell({"type": "round", "round": self.round, "first": self.first})

    def _reveal(self):
        order = [seat for role in ROLES[:-1] for seat in self.turn_order() if self.roles[seat] == role]
        self.tell({"type": "reveal", "round": self.round, "roles": list(self.roles), "order": order})
        self.phase, self.order = "act", order
        self._next_actor()

    def _next_actor(self):
        self.opened, self.step = None, None
        if not self.order:
            self._end_round()
            return
        self.actor = self.order.pop(0)
        self.step = "open"
        self.turned = self.flipped = False

    def _end_round(self):
        self.actor = None
        smugglers, detectives = self.count_role("smuggler"), self.count_role("detective")
        role = "smuggler" if smugglers > detectives else "detective" if detectives else None
        if role is not None and stones_count(self.red):
            self._share(role, [seat for seat in self.turn_order() if self.roles[seat] == role])
        if any(stones_count(white) == 0 for white in self.white):
            self._finish("fakes")
        elif self.round >= GUARD_ROUNDS:
            self._finish("guard")
        else:
            self.first = (self.first + 1) % self.seats
            self._start_round()

    def _share(self, role, sharers):
        """Stones one at a time, most valuable first, in turn order; a short last deal stays."""
        stones = [kind for kind in KINDS for _ in range(self.red[kind])]
        dealt = len(stones) - len(stones) % len(sharers)
        got = [no_stones() for _ in sharers]
        for index, kind in enumerate(stones[:dealt]):
            got[index % len(sharers)][kind] += 1
        for seat, share in zip(sharers, got):
            add_stones(self.black[seat], share)
        left = no_stones()
        for kind in stones[dealt:]:
            left[kind] += 1
        self.red = left
        self.tell({"type": "share", "role": role, "to": sharers, "got": got, "left": dict(left)})

    def _finish(self, reason):
        self.phase, self.reason = "over", reason
        self.scores = [self.score(seat) for seat in range(self.seats)]
        best = max(self.scores)
        self.winners = ([] if reason == "guard"        # the guard's stop is a draw
                        else [seat for seat in range(self.seats) if self.scores[seat] == best])
        self.tell({"type": "over", "reason": reason, "round": self.round, "scores": list(self.scores),
                   "winners": list(self.winners)})

    # -- opening and what follows -----------------------------------------------------------------
    def _open(self, seat, place):
        cabinet, role = self.cabinet, self.roles[seat]
        drawer = cabinet.at(place)
        full = role == "master_thief" and drawer.long
        spilled, alarm, alarm_took = no_stones(), None, no_stones()
        for compartment in (("normal", "secret") if full else ("normal",)):
            add_stones(spilled, cabinet.empty(place, compartment, downward=True))
        if drawer.alarm is not None and drawer.alarm[0] != cabinet.up:
            # The token falls out (it lies in the normal compartment): its owner takes every
            # stone that spilled from the drawer in this opening, the secret half's too.
            alarm = drawer.alarm[1]
            drawer.alarm = None
            self.token_home[alarm] = True
            spilled, alarm_took = no_stones(), spilled
            add_stones(self.black[alarm], alarm_took)
        add_stones(self.red, spilled)
        self.opened, self.full_pull = place, full
        self.tell({"type": "open", "by": seat, "role": role, "tier": place[0], "side": place[1],
                   "full": full, "spilled": spilled, "alarm": alarm, "alarm_took": alarm_took,
                   "seen": dict(cabinet.upward(place, "normal")),
                   "secret_seen": dict(cabinet.upward(place, "secret")) if full else None,
                   "token": drawer.alarm[1] if drawer.alarm is not None else None})
        if stones_count(spilled) or stones_count(alarm_took):
            if role == "connoisseur":
                self._start_placing(1 + self.count_role("detective"), "end")
            else:
                self._next_actor()
            return
        self._effect(seat, role, place, full)

    def _effect(self, seat, role, place, full):
        if role == "smuggler":
            stones = self.cabinet.empty(place, "normal", downward=False)
            add_stones(self.red, stones)
            self.tell({"type": "smuggle", "by": seat, "stones": stones})
        elif role in ("thief", "master_thief"):
            stones = self.cabinet.empty(place, "normal", downward=False)
            if full:
                add_stones(stones, self.cabinet.empty(place, "secret", downward=False))
            add_stones(self.black[seat], stones)
            self.tell({"type": "take", "by": seat, "stones": stones})
        elif role == "goldsmith":
            self._start_placing(1, "alarm")
            return
        elif role == "connoisseur":
            self._start_placing(1 + self.count_role("detective"), "handle")
            return
        self._close_drawer()

    def _close_drawer(self):
        """The drawer closes; the player may turn and flip now."""
        self.opened, self.step = None, "handle"

    def _start_placing(self, fakes, then):
        self.fakes_left, self.after_place = fakes, then
        self.step = "place"
        if not stones_count(self.white[self.actor]):
            self._end_placing()

    def _end_placing(self):
        then = self.after_place
        if then == "alarm" and not self._may_set_alarm(self.actor):
            then = "handle"
        if then == "end":
            self._next_actor()
        elif then == "handle":
            self._close_drawer()
        else:
            self.step = then

    def _may_set_alarm(self, seat) -> bool:
        return self.token_home[seat] and self.cabinet.at(self.opened).alarm is None

    def _after_handling(self):
        if self.turned and self.flipped:
            self._next_actor()


# ---------------------------------------------------------------------------------------------
# The moves: choices (the rule), handler, refusal (why not)
# ---------------------------------------------------------------------------------------------
def _place_fields(action) -> tuple:
    return action["tier"], action["side"]


def _place_refusal(action):
    tier, side = action.get("tier"), action.get("side")
    if not (is_whole(tier) and 0 <= tier < 3 and is_whole(side) and 0 <= side < 4):
        return f"a drawer is a tier 0-2 and a side 0-3, not {shown(tier)}, {shown(side)}"
    return None


def _hide_choices(state, seat):
    if state.phase == "setup" and state.to_act == (seat,):
        return [{"tier": tier, "side": side} for tier, side in PLACES]
    return []


def _hide(state, seat, action):
    place = _place_fields(action)
    state.cabinet.put(place, "normal", "diamond")
    state.hidden += 1
    state.tell({"type": "hide", "by": seat, "tier": place[0], "side": place[1]})
    if state.hidden == SETUP_DIAMONDS:
        for tier in range(3):
            state._turn(None, tier, state.rng.randrange(1, 4))
        state._flip(None)
        state._start_round()


def _hide_refusal(state, seat, action):
    if state.phase != "setup":
        return "the diamonds are all hidden"
    if state.to_act != (seat,):
        return f"it is seat {state.to_act[0] + 1}'s turn to hide a diamond"
    return _place_refusal(action)


def _choose_role_choices(state, seat):
    if state.phase == "choose" and state.roles[seat] is None:
        return [{"role": role} for role in ROLES]
    return []


def _choose_role(state, seat, action):
    state.roles[seat] = action["role"]
    # Who has chosen shows in the view; only the chooser's own log says what.
    state.tell(None, {seat: {"type": "chose", "by": seat, "role": action["role"]}})
    if all(role is not None for role in state.roles):
        state._reveal()


def _choose_role_refusal(state, seat, action):
    if state.phase != "choose":
        return "roles are chosen at the start of a round"
    if state.roles[seat] is not None:
        return "you have chosen your role for this round"
    return f"the roles are {', '.join(ROLES)}; not {shown(action['role'])}"


def _open_choices(state, seat):
    if state.acting(seat, "open"):
        return [{"tier": tier, "side": side} for tier, side in PLACES]
    return []


def _open_refusal(state, seat, action):
    if not state.acting(seat, "open"):
        return "it is not your turn to open a drawer"
    return _place_refusal(action)


def _place_fake_choices(state, seat):
    if state.acting(seat, "place"):
        return [{"stone": kind} for kind in FAKE_KINDS if state.white[seat][kind]]
    return []


def _place_fake(state, seat, action):
    kind = action["stone"]
    state.white[seat][kind] -= 1
    state.cabinet.put(state.opened, "normal", kind)
    state.tell({"type": "place_fake", "by": seat, "stone": kind,
                "tier": state.opened[0], "side": state.opened[1]})
    state.fakes_left -= 1
    if not state.fakes_left or not stones_count(state.white[seat]):
        state._end_placing()


def _place_fake_refusal(state, seat, action):
    if not state.acting(seat, "place"):
        return "you may place a fake only as a Goldsmith or Connoisseur, right after opening"
    if is_text(action["stone"]) and action["stone"] in FAKE_KINDS:
        return f"your white cushion has no {action['stone']} left"
    return f"a fake is a diamond or a sapphire, not {shown(action['stone'])}"


def _no_fake_choices(state, seat):
    return [{}] if state.acting(seat, "place") else []


def _alarm_choices(state, seat):
    return [{"set": True}, {"set": False}] if state.acting(seat, "alarm") else []


def _alarm(state, seat, action):
    if action["set"]:
        state.cabinet.at(state.opened).alarm = (state.cabinet.up, seat)
        state.token_home[seat] = False
        state.tell({"type": "alarm", "by": seat, "tier": state.opened[0], "side": state.opened[1]})
    state._close_drawer()


def _turn_choices(state, seat):
    if state.acting(seat, "handle") and not state.turned:
        return [{"tier": tier, "quarters": quarters} for tier in range(3) for quarters in (1, 2, 3)]
    return []


def _turn_move(state, seat, action):
    state._turn(seat, action["tier"], action["quarters"])
    state.turned = True
    state._after_handling()


def _flip_choices(state, seat):
    return [{}] if state.acting(seat, "handle") and not state.flipped else []


def _flip_move(state, seat, action):
    state._flip(seat)
    state.flipped = True
    state._after_handling()


def _done_choices(state, seat):
    return [{}] if state.acting(seat, "handle") else []


def _handle_refusal(what):
    def refusal(state, seat, action):
        if not state.acting(seat, "handle"):
            return f"you may {what} only after opening a drawer cleanly in your turn"
        if what == "turn a tier":
            if state.turned:
                return "you have turned a tier this turn already"
            return f"a turn is a tier 0-2 and 1-3 quarters, not {shown(action['tier'])}, {shown(action['quarters'])}"
        return "you have flipped the cabinet this turn already"
    return refusal


def _step_refusal(step, what):
    def refusal(state, seat, action):
        if not state.acting(seat, step):
            return f"you cannot {what} now"
        return f"that is not a way to {what}"
    return refusal


MasterState.moves = MoveTable("Master Thieves", {
    "hide": Move(("tier", "side"), _hide_choices, _hide, _hide_refusal),
    "choose_role": Move(("role",), _choose_role_choices, _choose_role, _choose_role_refusal),
    "open": Move(("tier", "side"), _open_choices,
                 lambda state, seat, action: state._open(seat, _place_fields(action)), _open_refusal),
    "place_fake": Move(("stone",), _place_fake_choices, _place_fake, _place_fake_refusal),
    "no_fake": Move((), _no_fake_choices, lambda state, seat, action: state._end_placing(),
                    _step_refusal("place", "stop placing fakes")),
    "alarm": Move(("set",), _alarm_choices, _alarm, _step_refusal("alarm", "set the alarm")),
    "turn": Move(("tier", "quarters"), _turn_choices, _turn_move, _handle_refusal("turn a tier")),
    "flip": Move((), _flip_choices, _flip_move, _handle_refusal("flip the cabinet")),
    "done": Move((), _done_choices, lambda state, seat, action: state._next_actor(),
                 _step_refusal("handle", "end your turn")),
})


# ---------------------------------------------------------------------------------------------
# Hooks for the shared tests (what a seat cannot see: secrecy.py)
# ---------------------------------------------------------------------------------------------
def audit(state: MasterState):
    """Every stone accounted for: 6 rubies, the set-up diamonds hidden so far and every player's
    10 fakes lie in the cabinet or on a cushion."""
    total = no_stones()
    for drawer in state.cabinet.drawers:
        for pair in drawer.halves.values():
            for half in pair:
                assert all(half[kind] >= 0 for kind in KINDS)
                add_stones(total, half)
    for cushion in [*state.white, *state.black, state.red]:
        assert all(cushion[kind] >= 0 for kind in KINDS)
        add_stones(total, cushion)
    expected = {"ruby": 2 * RUBIES_PER_SIDE, "sapphire": FAKES["sapphire"] * state.seats,
                "diamond": state.hidden + FAKES["diamond"] * state.seats}
    assert total == expected, f"stones lost or made: {total} != {expected}"
    tokens = [drawer.alarm[1] for drawer in state.cabinet.drawers if drawer.alarm is not None]
    assert len(tokens) == len(set(tokens))
    assert all(not state.token_home[seat] for seat in tokens)
    assert sum(state.token_home) + len(tokens) == state.seats
