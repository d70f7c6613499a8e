"""Bots for Thieves of Eldris: ``bot.choose(view, legal, rng)`` returns one of ``legal``.

A bot sees exactly its seat's view and keeps nothing between calls.

* :class:`Novice` keeps its Cutpurse where it was dealt, moves cards at random, steals when a
  Target happens to stand next to its Cutpurse and otherwise passes.
* :class:`Sharp` plans the three dice (:func:`plan`: every order of the moves that touch its
  Cutpurse or a Target) to bring a Target next to its Cutpurse on a good spot, picks its
  doubles by what they do to that plan, and reveals only a Cutpurse everyone has seen.
* :class:`Ruthless` plans the same way and also reads the table (:func:`cutpurse_odds`): for
  each opponent, the odds of each character being their Cutpurse from where they stole and
  accused (their Cutpurse stood next to it then), the cards they moved and the ones they left
  alone.  It walks its Cutpurse up to a likely one and reveals when the odds pay; it moves the
  Target rather than its own Cutpurse and spends spare dice on decoys; it changes a Cutpurse
  everyone knows.  Solo, it weighs each Threat by its odds (where it could rob first, next to
  its Cutpurse) and wagers when a Threat is likelier than one in three.

>>> import random, pycore
>>> game = pycore.GAMES["thieves-of-eldris"]
>>> state = game.new_game(seats=3, seed=4)
>>> action = game.bots["ruthless"].choose(state.view(0), state.legal_actions(0), random.Random(0))
>>> action in state.legal_actions(0)
True
"""
from __future__ import annotations

from .rules import DIAGONAL, ORTHOGONAL, PAYOUT, TRAIT_OF, WAGER, WAGER_PRIZE, place_kind

WRONG_REVEAL_COST = 3.0      # half coins: a Cutpurse everyone knows is soon revealed
CHOICE_STEPS = ("choose_cutpurse", "return_target", "exchange", "shift", "stop")


def _of_type(legal, kind):
    return [action for action in legal if action["type"] == kind]


DISTANCE = [[abs(a // 6 - b // 6) + abs(a % 6 - b % 6) for b in range(24)] for a in range(24)]
REACH = {False: [frozenset(ORTHOGONAL[p]) for p in range(24)],
         True: [frozenset(ORTHOGONAL[p] + DIAGONAL[p]) for p in range(24)]}


def distance(a: int, b: int) -> int:
    return DISTANCE[a][b]


def reach_of(position: int, strength: bool) -> frozenset:
    return REACH[strength][position]


# ---------------------------------------------------------------------------------------------
# The planner: which order of moves brings a goal next to the Cutpurse
# ---------------------------------------------------------------------------------------------
class Goals:
    """What a seat wants next to its Cutpurse at the end of its Slip Phase.

    ``values``: character -> value (half coins) by the place it would stand on (a Target pays by
    its place; a suspected Cutpurse is worth its odds), ``all_at_once``: solo robs every Target
    next to the Cutpurse; ``own_move_cost``: what moving one's own Cutpurse gives away.
    """

    __slots__ = ("cutpurse", "values", "strength", "all_at_once", "own_move_cost")

    def __init__(self, cutpurse, values, strength=False, all_at_once=False, own_move_cost=0.0):
        self.cutpurse, self.values, self.strength = cutpurse, values, strength
        self.all_at_once, self.own_move_cost = all_at_once, own_move_cost

    def movers(self) -> tuple:
        """The cards whose moves the plan tries."""
        return (self.cutpurse, *self.values)

    def score(self, square) -> float:
        """The worth of a Square for this seat: what it can take now, else how close it is."""
        at = square.index(self.cutpurse)
        near, far = REACH[self.strength][at], DISTANCE[at]
        best = total = 0.0
        closest = 99
        for character, value in self.values.items():
            where = square.index(character)
            if where in near:
                gain = value(where) if callable(value) else value
                total += gain
                best = max(best, gain)
            elif far[where] < closest:
                closest = far[where]
        if not self.all_at_once:
            total = best
        if total <= 0 and closest < 99:
            total = -0.2 * (closest - 1)
        return total


class SoloGoals(Goals):
    """Solo: every Target next to the Cutpurse is robbed, unless a Rival (or, by its odds, a
    Threat) stands next to it first; what the Rivals take counts against you, and so does their
    company (Stiff Competition)."""

    __slots__ = ("rivals", "threats", "money", "near_rivals")

    def __init__(self, square, cutpurse, targets, strength, rivals, threats, money):
        super().__init__(cutpurse, {t: payout_at for t in targets}, strength, all_at_once=True)
        self.rivals, self.threats, self.money = rivals, threats, money
        # The plan moves only the Rivals that could reach a Target or the Cutpurse this turn.
        spots = [square.index(c) for c in (cutpurse, *targets)]
        self.near_rivals = [r for r in rivals
                            if min(DISTANCE[square.index(r)][s] for s in spots) <= 2]

    def movers(self) -> tuple:
        return (self.cutpurse, *self.values, *self.near_rivals)

    def score(self, square) -> float:
        at = square.index(self.cutpurse)
        near = REACH[self.strength][at]
        rivals = {square.index(c) for c in self.rivals}
        threats = {square.index(c): p for c, p in self.threats.items()}
        total = 0.0
        for target in self.values:
            where = square.index(target)
            pay = payout_at(where)
            beaten = 1.0 if rivals.intersection(ORTHOGONAL[where]) else 0.0
            if not beaten:
                spared = 1.0
                for spot in ORTHOGONAL[where]:
                    spared *= 1.0 - threats.get(spot, 0.0)
                beaten = 1.0 - spared
            total -= pay * beaten
            if where in near:
                total += pay * (1.0 - beaten)
            else:
                total -= 0.1 * DISTANCE[at][where]
        if rivals.intersection(ORTHOGONAL[at]):
            total -= min(3, self.money)
        else:
            total -= min(3, self.money) * max([threats.get(p, 0.0) for p in ORTHOGONAL[at]] or [0.0])
        return total


def plan(square: list, dice: list, goals: Goals, budget: int = 1500):
    """(score, first move) of the best way to spend ``dice`` (traits) for ``goals``.

    Only moves that touch the Cutpurse or a goal are tried; a die may also be spent elsewhere
    (the first move is then ``None``: any move away from them).  Squares already judged are
    remembered, and ``budget`` caps the squares looked at, so a turn never takes long.
    """
    movers = goals.movers()
    known = {}
    counter = [budget]

    def walk(square, dice):
        key = (tuple(square), dice)
        if key in known:
            return known[key]
        if not dice or counter[0] <= 0:
            result = goals.score(square), None
            known[key] = result
            return result
        counter[0] -= 1
        best, best_move = -1e9, None
        seen = set()
        for trait in sorted(set(dice)):
            rest = list(dice)
            rest.remove(trait)
            rest = tuple(rest)
            score, _ = walk(square, rest)         # spent elsewhere
            if score > best:
                best, best_move = score, None
            for character in movers:
                p = square.index(character)
                for q in ORTHOGONAL[p]:
                    if TRAIT_OF[square[p]] == trait:
                        move = (p, q)
                    elif TRAIT_OF[square[q]] == trait:
                        move = (q, p)
                    else:
                        continue
                    if (p, q) in seen or (q, p) in seen:
                        continue
                    seen.add((p, q))
                    after = list(square)
                    after[p], after[q] = after[q], after[p]
                    score, _ = walk(after, rest)
                    if square[move[0]] == goals.cutpurse:
                        score -= goals.own_move_cost
                    if score > best:
                        best, best_move = score, {"from": move[0], "to": move[1]}
        known[key] = best, best_move
        return best, best_move

    return walk(list(square), tuple(sorted(dice)))


def spare_move(legal, square, keep, rng, decoy=None):
    """A move that leaves the characters in ``keep`` where they stand (else any move); with
    ``decoy`` (a character), one that moves it if it can."""
    held = {square.index(character) for character in keep}
    free = [a for a in legal if a["from"] not in held and a["to"] not in held]
    if decoy is not None:
        spot = square.index(decoy)
        decoys = [a for a in free if spot in (a["from"], a["to"])]
        if decoys:
            return rng.choice(decoys)
    return rng.choice(free or legal)


def payout_at(position: int) -> float:
    return float(PAYOUT[place_kind(position)])


# ---------------------------------------------------------------------------------------------
# Reading the table: who is which Cutpurse
# ---------------------------------------------------------------------------------------------
def _squares_back(view):
    """The Square as it stood before each event of the log (walking the moves back)."""
    square = [entry["character"] for entry in view["square"]]
    before = [None] * len(view["log"])
    for index in range(len(view["log"]) - 1, -1, -1):
        event = view["log"][index]
        if event["type"] == "move":
            a, b = event["from"], event["to"]
            square[a], square[b] = square[b], square[a]
            before[index] = None
        elif event["type"] in ("steal", "reveal"):
            before[index] = tuple(square)
    return before


MOVE_HINT = 1.3      # a player's own moves favour the cards they moved
EVIDENCE_MISS = 0.03  # how much a character that was not next to the theft keeps


def cutpurse_odds(view) -> dict:
    """seat -> {character: probability it is that seat's Cutpurse}, for every opponent still
    with a secret Cutpurse, from this seat's view only."""
    me = view["seat"]
    gone = {entry["character"] for entry in view["square"] if not entry["occupied"]}
    mine = {view.get("cutpurse"), view.get("shadow"), *view.get("targets", []), *view.get("dealt", [])}
    excluded = gone | mine | set(view["display"])
    for player in view["players"]:
        excluded |= set(player["stolen"]) | set(player["claimed"])
    known = {p["seat"]: p["known_cutpurse"] for p in view["players"] if p["known_cutpurse"]}
    excluded |= set(known.values())
    squares = _squares_back(view)
    weights = {}
    strength = False
    for index, event in enumerate(view["log"]):
        kind = event["type"]
        if kind == "turn":
            strength = False
        elif kind == "ability" and event["trait"] == "strength":
            strength = True
        elif kind == "chose" or kind == "shadow":
            seat = event.get("by", event.get("seat"))
            weights[seat] = {}
        elif kind in ("steal", "reveal") and event["by"] != me:
            square = squares[index]
            target = square.index(event["character"])
            near = {square[p] for p in reach_of(target, strength)}
            seat = event["by"]
            table = weights.setdefault(seat, {})
            for character in TRAIT_OF:
                if character not in near:
                    table[character] = table.get(character, 1.0) * EVIDENCE_MISS
        elif kind == "move" and event["by"] != me and event["how"] == "die":
            table = weights.setdefault(event["by"], {})
            table[event["character"]] = table.get(event["character"], 1.0) * MOVE_HINT
    odds = {}
    for player in view["players"]:
        seat = player["seat"]
        if seat == me or player["out"] or not player["chosen"]:
            continue
        if seat in known:
            odds[seat] = {known[seat]: 1.0}
            continue
        table = weights.get(seat, {})
        candidates = {c: table.get(c, 1.0) for c in TRAIT_OF if c not in excluded}
        total = sum(candidates.values()) or 1.0
        odds[seat] = {c: w / total for c, w in candidates.items()}
    return odds


# ---------------------------------------------------------------------------------------------
# The bots
# ---------------------------------------------------------------------------------------------
class Bot:
    """The common frame: one decision per call, by the kind of choice the rules put now."""

    level = "bot"
    reads_table = False
    own_move_cost = 0.0

    def choose(self, view, legal, rng):
        kinds = {action["type"] for action in legal}
        if view["mode"] == "solo" and kinds & {"wager", "reveal_foes"}:
            return self.solo_nick(view, legal, rng)
        for kind in CHOICE_STEPS:
            if kind in kinds:
                return getattr(self, kind)(view, _of_type(legal, kind), rng)
        if kinds & {"steal", "reveal", "pass"}:
            return self.nick(view, legal, rng)
        return self.slip(view, legal, rng)

    # -- the pieces every level shares ------------------------------------------------------------
    def square(self, view):
        return [entry["character"] for entry in view["square"]]

    def goals(self, view, cutpurse=None, strength=None):
        """What this seat wants next to its Cutpurse (see :class:`Goals`)."""
        square_entries = view["square"]
        occupied = {e["character"] for e in square_entries if e["occupied"]}
        strength = view["strength"] if strength is None else strength
        cutpurse = cutpurse or view["cutpurse"]
        if view["mode"] == "solo":
            return self.solo_goals(view, cutpurse, strength)
        pool = view["targets"] if view["mode"] == "small" else view["display"]
        values = {c: payout_at for c in pool if c in occupied}
        if self.reads_table:   # the two likeliest Cutpurses worth walking up to
            worth = self.suspects(view)
            likely = sorted((c for c in worth if c in occupied and c != cutpurse and worth[c] > 0.5),
                            key=lambda c: -worth[c])
            for character in likely[:2]:
                values.setdefault(character, worth[character])
        return Goals(cutpurse, values, strength, own_move_cost=self.own_move_cost)

    def solo_goals(self, view, cutpurse, strength):
        occupied = {e["character"] for e in view["square"] if e["occupied"]}
        targets = [c for c in view["display"] if c in occupied]
        rivals = [c for c in view["solo"]["rivals"] if c in occupied]
        return SoloGoals(self.square(view), cutpurse, targets, strength, rivals, self.threat_odds(view),
                         view["players"][0]["money"])

    def threat_odds(self, view) -> dict:
        return {}

    def suspects(self, view) -> dict:
        return {}

    # -- the Slip Phase -------------------------------------------------------------------------
    def slip(self, view, legal, rng):
        moves = _of_type(legal, "move")
        if view["cutpurse"] is None:
            return rng.choice(moves or legal)
        square = self.square(view)
        dice = [d["trait"] for d in view["dice"] if not d["spent"]]
        goals = self.goals(view)
        bonus = self.bonus(view, legal, goals, square, dice, rng)
        if bonus is not None:
            return bonus
        _, move = plan(square, dice, goals)
        if move is not None and {"type": "move", **move} in legal:
            return {"type": "move", **move}
        return spare_move(moves, square, (goals.cutpurse, *goals.values), rng, self.decoy(view, rng))

    def bonus(self, view, legal, goals, square, dice, rng):
        """A reroll, Sigil reset or ability to take now, or None."""
        return None

    def decoy(self, view, rng):
        return None

    # -- abilities ------------------------------------------------------------------------------
    def best_swap(self, view, legal, rng, first: str, second: str):
        """The legal swap (of the places under keys ``first`` and ``second``) whose Square scores best."""
        goals = self.goals(view)
        square = self.square(view)
        best, choice = -1e9, legal[0]
        for action in legal:
            after = list(square)
            after[action[first]], after[action[second]] = after[action[second]], after[action[first]]
            score = goals.score(after) + rng.random() * 1e-3
            if score > best:
                best, choice = score, action
        return choice

    def shift(self, view, legal, rng):
        return self.best_swap(view, legal, rng, "from", "to")

    def stop(self, view, legal, rng):
        return legal[0]

    def exchange(self, view, legal, rng):
        return self.best_swap(view, legal, rng, "a", "b")

    def return_target(self, view, legal, rng):
        """Send back the Target farthest from the Cutpurse."""
        square = self.square(view)
        if view["cutpurse"] is None:
            return rng.choice(legal)
        at = square.index(view["cutpurse"])
        return max(legal, key=lambda a: (distance(at, square.index(a["character"])), rng.random()))

    def choose_cutpurse(self, view, legal, rng):
        """The card whose friends (the cards that would be its Targets) stand nearest."""
        square = self.square(view)
        pool = [a["character"] for a in legal]
        known = view["players"][view["seat"]]["known_cutpurse"]
        if view["mode"] == "small" and view["step"] != "replace":
            friends = lambda c: [o for o in pool if o != c]
        elif view["mode"] == "small":
            friends = lambda c: [o for o in view["targets"] if o != c]
        else:
            friends = lambda c: [o for o in view["display"] if o != c]

        def closeness(character):
            at = square.index(character)
            near = [distance(at, square.index(o)) for o in friends(character)]
            return -min(near, default=9) - (6 if character == known else 0)

        return max(legal, key=lambda a: (closeness(a["character"]), rng.random()))

    # -- the Nick Phase -------------------------------------------------------------------------
    def nick(self, view, legal, rng):
        best, choice = 0.0, next(a for a in legal if a["type"] == "pass")
        square = self.square(view)
        for action in legal:
            if action["type"] == "steal":
                worth = payout_at(square.index(action["character"]))
            elif action["type"] == "reveal":
                worth = self.reveal_worth(view, action)
            else:
                continue
            worth += rng.random() * 1e-3
            if worth > best:
                best, choice = worth, action
        return choice

    def reveal_worth(self, view, action) -> float:
        known = view["players"][action["player"]]["known_cutpurse"]
        if known == action["character"]:
            return 4.0 + min(2, view["players"][action["player"]]["money"])
        return 0.0

    # -- solo ----------------------------------------------------------------------------------------
    def solo_nick(self, view, legal, rng):
        return {"type": "reveal_foes"}


class Novice(Bot):
    """Plays the way a first-time player does."""

    level = "novice"

    def choose_cutpurse(self, view, legal, rng):
        return rng.choice(legal)

    def slip(self, view, legal, rng):
        moves = _of_type(legal, "move")
        return rng.choice(moves or [a for a in legal if a["type"] not in ("reroll",)] or legal)

    def return_target(self, view, legal, rng):
        return rng.choice(legal)

    def shift(self, view, legal, rng):
        return rng.choice(legal)

    def exchange(self, view, legal, rng):
        return rng.choice(legal)

    def reveal_worth(self, view, action) -> float:
        return 0.0


class Sharp(Bot):
    """Plans its dice, takes its doubles when they help, reveals only what everyone has seen."""

    level = "sharp"

    def bonus(self, view, legal, goals, square, dice, rng):
        abilities = {a["trait"] for a in legal if a["type"] == "ability"}
        reset = any(a["type"] == "reset_sigil" for a in legal)
        if not abilities and not reset and not _of_type(legal, "reroll"):
            return None
        base, _ = plan(square, dice, goals)
        if _of_type(legal, "reroll") and base <= 0:   # nothing to take with this roll
            return {"type": "reroll", "dice": list(range(len(dice)))}
        best, choice = base + (0.5 if reset else 0.0), ({"type": "reset_sigil"} if reset else None)
        mine = view["players"][view["seat"]]
        for trait in sorted(abilities):
            worth = self.ability_worth(view, trait, goals, square, dice, base, mine)
            if worth > best:
                best, choice = worth, {"type": "ability", "trait": trait}
        return choice

    def ability_worth(self, view, trait, goals, square, dice, base, mine) -> float:
        if trait == "strength":
            strong = Goals(goals.cutpurse, goals.values, True, goals.all_at_once, goals.own_move_cost)
            return plan(square, dice, strong)[0]
        if trait == "constitution":
            known = mine["known_cutpurse"] is not None and mine["known_cutpurse"] == view["cutpurse"]
            return base + (4.0 if known else -0.5)
        if trait == "dexterity":
            return self.dexterity_worth(square, dice, goals)
        if trait == "wisdom":
            return self.wisdom_worth(square, dice, goals)
        if trait == "intelligence":
            return base + (0.4 if base <= 0 else -1.0)
        return base - 0.8    # Charisma tells a secret, but steals nothing

    def dexterity_worth(self, square, dice, goals):
        """Two free steps for the Cutpurse or a goal, each toward the other, then the dice."""
        best = -1e9
        at = square.index(goals.cutpurse)
        for character in goals.values:
            for mover, toward in ((goals.cutpurse, square.index(character)), (character, at)):
                after = list(square)
                for _ in range(2):
                    p = after.index(mover)
                    q = min(ORTHOGONAL[p], key=lambda n: distance(n, toward))
                    if distance(q, toward) == 0:
                        break
                    after[p], after[q] = after[q], after[p]
                best = max(best, plan(after, dice, goals, budget=300)[0])
        return best

    def wisdom_worth(self, square, dice, goals):
        """Swap the Cutpurse (or a goal) with a card of its trait that stands next to the other."""
        best = -1e9
        for character in goals.values:
            for mover, anchor in ((goals.cutpurse, character), (character, goals.cutpurse)):
                around = ORTHOGONAL[square.index(anchor)]
                for spot in around:
                    if square[spot] != mover and TRAIT_OF[square[spot]] == TRAIT_OF[mover]:
                        after = list(square)
                        p = after.index(mover)
                        after[p], after[spot] = after[spot], after[p]
                        best = max(best, plan(after, dice, goals, budget=300)[0])
        return best


class Ruthless(Sharp):
    """Reads the table and plays to win (see the module docstring)."""

    level = "ruthless"
    reads_table = True
    own_move_cost = 0.05
    REVEAL_AT = 0.3

    def suspects(self, view) -> dict:
        """character -> what walking up to it is worth: the best reveal it offers."""
        worth = {}
        for seat, odds in self._odds(view).items():
            money = view["players"][seat]["money"]
            for character, p in odds.items():
                value = p * (4.0 + min(2, money)) - (1 - p) * WRONG_REVEAL_COST
                if value > worth.get(character, 0.0):
                    worth[character] = value
        return worth

    def _odds(self, view):
        key = (len(view["log"]), view["seat"])
        cached = getattr(self, "_cache", None)
        if cached is not None and cached[0] == key and cached[1] is view:
            return cached[2]
        odds = cutpurse_odds(view)
        self._cache = (key, view, odds)
        return odds

    def reveal_worth(self, view, action) -> float:
        p = self._odds(view).get(action["player"], {}).get(action["character"], 0.0)
        if p < self.REVEAL_AT:
            return 0.0
        money = view["players"][action["player"]]["money"]
        return p * (4.0 + min(2, money) + 1.0) - (1 - p) * WRONG_REVEAL_COST

    def decoy(self, view, rng):
        """A card near the Cutpurse that is not it: moving it makes others look there."""
        square = self.square(view)
        at = square.index(view["cutpurse"])
        near = [square[p] for p in ORTHOGONAL[at] if square[p] not in view["targets"]]
        return rng.choice(near) if near else None

    def threat_odds(self, view) -> dict:
        """Each character under a Threat token: the odds it is one of the concealed Threats."""
        threats = view["solo"]["threats"]
        marks = self.marks(view)
        return {c: threats.count(TRAIT_OF[c]) / sum(TRAIT_OF[o] == TRAIT_OF[c] for o in marks)
                for c in marks}

    def marks(self, view):
        return [e["character"] for e in view["square"] if "threat" in e["tokens"]] or \
            self.threat_marks(view)

    def threat_marks(self, view):
        """Without tokens: the characters a Threat token would lie on, worked out by hand."""
        traits = set(view["solo"]["threats"])
        taken = set(view["solo"]["rivals"]) | set(view["display"]) | {view["cutpurse"]}
        return [e["character"] for e in view["square"]
                if e["occupied"] and e["trait"] in traits and e["character"] not in taken]

    def solo_nick(self, view, legal, rng):
        odds = self.threat_odds(view)
        best, choice = 0.0, {"type": "reveal_foes"}
        for action in _of_type(legal, "wager"):
            worth = odds.get(action["character"], 0.0) * (WAGER + WAGER_PRIZE) - WAGER
            if worth > best:
                best, choice = worth, action
        return choice


BOTS = {"novice": Novice(), "sharp": Sharp(), "ruthless": Ruthless()}
