"""Thieves of Eldris: the bots' planner, which order of the dice's moves brings a goal next to
the Cutpurse (:func:`plan`, scored by :class:`Goals`, or :class:`SoloGoals` against the Rivals and
Threats), and the Square's distances it plans by.  It reads only a Square and the dice.

>>> distance(0, 7), sorted(reach_of(0, strength=False)), sorted(reach_of(0, strength=True))
(2, [1, 6], [1, 6, 7])
"""
from __future__ import annotations

from .rules import DIAGONAL, ORTHOGONAL, PAYOUT, TRAIT_OF, place_kind

DISTANCE = [[abs(a // 6 - b // 6) + abs(a % 6 - b % 6) for b in range(24)] for a in range(24)]
REACH = {False: [frozenset(ORTHOGONAL[p]) for p in range(24)],
         True: [frozenset(ORTHOGONAL[p] + DIAGONAL[p]) for p in range(24)]}


def distance(a: int, b: int) -> int:
    return DISTANCE[a][b]


def reach_of(position: int, strength: bool) -> frozenset:
    return REACH[strength][position]


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
    """(score, first move, the Square it ends in) of the best way to spend ``dice`` (traits) for
    ``goals``.

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
            result = goals.score(square), None, key[0]
            known[key] = result
            return result
        counter[0] -= 1
        best, best_move, best_end = -1e9, None, key[0]
        seen = set()
        for trait in sorted(set(dice)):
            rest = list(dice)
            rest.remove(trait)
            rest = tuple(rest)
            score, _, end = walk(square, rest)         # spent elsewhere
            if score > best:
                best, best_move, best_end = score, None, end
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
                    score, _, end = walk(after, rest)
                    if square[move[0]] == goals.cutpurse:
                        score -= goals.own_move_cost
                    if score > best:
                        best, best_move, best_end = score, {"from": move[0], "to": move[1]}, end
        known[key] = best, best_move, best_end
        return best, best_move, best_end

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
