"""The cabinet of twelve drawers (RULINGS.md, Master Thieves): the one model of where stones lie.

Three tiers of four drawers.  A drawer is addressed as seen now: ``(tier, side)``, tier 0 top,
1 middle, 2 bottom; side 0..3 = N, E, S, W.  Each tier has two short and two long drawers facing
opposite ways; a long drawer has a secret compartment behind its normal one.  Every compartment's
floor is in its middle, so it has two halves: the one facing up now takes whatever is put in; the
one facing down spills when the drawer is opened.

Turning a tier by ``quarters`` moves the drawer at side s to side s + quarters (N -> E for one
quarter).  Flipping turns the whole cabinet upside down: the tier order reverses, E and W change
places and every upward half faces down.

The same class serves the rules and the bots' memory (:mod:`.knowledge`), which replays the
public log into a cabinet of its own.

>>> cabinet = Cabinet()
>>> cabinet.put((0, 0), "normal", "ruby")
>>> cabinet.flip()
>>> cabinet.at((2, 0)).number, cabinet.downward((2, 0), "normal")["ruby"]
(0, 1)
>>> cabinet.turn(2, 1)
>>> cabinet.at((2, 1)).number
0
"""
from __future__ import annotations

KINDS = ("ruby", "sapphire", "diamond")          # most valuable first: the order of sharing
VALUES = {"ruby": 4, "sapphire": 2, "diamond": 1}
TIERS = ("top", "middle", "bottom")
SIDES = ("N", "E", "S", "W")
PLACES = tuple((tier, side) for tier in range(3) for side in range(4))
# Long drawers, as the cabinet stands at the start: N and S on the top and bottom tiers, E and W
# in the middle (so a quarter turn of a tier shows at a glance).
LONG_AT_START = {(0, 0), (0, 2), (1, 1), (1, 3), (2, 0), (2, 2)}


def no_stones() -> dict:
    return {kind: 0 for kind in KINDS}


def add_stones(into: dict, stones: dict) -> None:
    for kind in KINDS:
        into[kind] += stones[kind]


def stones_value(stones: dict) -> int:
    return sum(VALUES[kind] * stones[kind] for kind in KINDS)


def stones_count(stones: dict) -> int:
    return sum(stones[kind] for kind in KINDS)


class Drawer:
    """One drawer: compartments by name ("normal", and "secret" if long), each two halves
    (indexed 0/1 as the drawer was built; which one faces up is the cabinet's ``up``), and the
    alarm token lying in it: ``(half, owner)`` or None."""

    __slots__ = ("number", "long", "halves", "alarm")

    def __init__(self, number: int, long: bool):
        self.number, self.long = number, long
        self.halves = {"normal": [no_stones(), no_stones()]}
        if long:
            self.halves["secret"] = [no_stones(), no_stones()]
        self.alarm = None

    def copy(self) -> "Drawer":
        other = Drawer.__new__(Drawer)
        other.number, other.long, other.alarm = self.number, self.long, self.alarm
        other.halves = {name: [dict(half) for half in pair] for name, pair in self.halves.items()}
        return other


class Cabinet:
    """Twelve drawers in ``slots[tier][side]`` (drawer numbers) and ``up``: the half index that
    faces up in every compartment now."""

    __slots__ = ("drawers", "slots", "up")

    def __init__(self):
        self.drawers = [Drawer(4 * tier + side, (tier, side) in LONG_AT_START)
                        for tier in range(3) for side in range(4)]
        self.slots = [[4 * tier + side for side in range(4)] for tier in range(3)]
        self.up = 0

    def copy(self) -> "Cabinet":
        other = Cabinet.__new__(Cabinet)
        other.drawers = [drawer.copy() for drawer in self.drawers]
        other.slots = [list(tier) for tier in self.slots]
        other.up = self.up
        return other

    def at(self, place) -> Drawer:
        tier, side = place
        return self.drawers[self.slots[tier][side]]

    def place_of(self, number: int) -> tuple:
        """Where drawer ``number`` is seen now."""
        for tier, row in enumerate(self.slots):
            if number in row:
                return tier, row.index(number)
        raise ValueError(f"no drawer {number}")

    def upward(self, place, compartment: str) -> dict:
        return self.at(place).halves[compartment][self.up]

    def downward(self, place, compartment: str) -> dict:
        return self.at(place).halves[compartment][1 - self.up]

    def put(self, place, compartment: str, kind: str, count: int = 1) -> None:
        """Stones go into the upward half."""
        self.upward(place, compartment)[kind] += count

    def empty(self, place, compartment: str, downward: bool) -> dict:
        """Take everything out of one half; returns what was there."""
        drawer = self.at(place)
        index = 1 - self.up if downward else self.up
        stones = drawer.halves[compartment][index]
        drawer.halves[compartment][index] = no_stones()
        return stones

    def turn(self, tier: int, quarters: int) -> None:
        row = self.slots[tier]
        self.slots[tier] = [row[(side - quarters) % 4] for side in range(4)]

    def flip(self) -> None:
        self.slots = [[row[0], row[3], row[2], row[1]] for row in reversed(self.slots)]
        self.up = 1 - self.up

    def faces(self) -> list:
        """What anyone sees of the closed cabinet: per tier, per side, is the drawer long."""
        return [[self.drawers[number].long for number in row] for row in self.slots]

    def long_places(self) -> list:
        return [place for place in PLACES if self.at(place).long]
