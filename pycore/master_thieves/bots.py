"""Master Thieves bots: Novice (forgets quickly, loses a tier when it turns), Sharp (remembers what
it saw lately), Ruthless (perfect memory of the public record, models the others' roles, answers them).

Every bot decides from its seat's view alone (``choose(view, legal, rng)``): the public log is
replayed into a :class:`~.knowledge.Memory` of the strength of its level.
"""
from __future__ import annotations

from .cabinet import PLACES, stones_value
from .knowledge import Memory
from .rules import ROLES

UNSURE_CLEAN = 0.5      # the chance a bot gives an unknown downward half of being empty
FAKE_ORDER = ("sapphire", "diamond")
HURRY = 0.75            # what each fake out of the way is worth beyond its points
LEADER_HURRY = 2.0      # and to the leader, ending the game sooner


def _fake_values(white: dict, count: int) -> int:
    """What placing ``count`` fakes (the biggest first) takes off a white cushion."""
    stones = [2] * white["sapphire"] + [1] * white["diamond"]
    return sum(stones[:count])


class Reading:
    """One decision's reading of the table: the view, the memory, the seat."""

    def __init__(self, view, memory):
        self.view, self.memory, self.seat = view, memory, view["seat"]
        self.red = stones_value(view["red"])

    def clean(self, place, full) -> float:
        """The chance that opening spills nothing."""
        memory = self.memory
        chance = 1.0
        for compartment in ("normal", "secret") if full else ("normal",):
            if memory.sure_empty(place, compartment, True):
                continue
            if memory.value(place, compartment, True) and memory.is_known(
                    memory.cabinet.at(place).number, compartment, 1 - memory.cabinet.up):
                return 0.0
            chance *= UNSURE_CLEAN
        return chance

    def take(self, place, master) -> float:
        """What a Thief (or Master Thief) expects from opening ``place``."""
        memory = self.memory
        full = master and memory.cabinet.at(place).long
        gain = memory.value(place, "normal", False)
        if full:
            gain += memory.value(place, "secret", False)
        return gain * self.clean(place, full)

    def best_take(self, master, claimed=()) -> tuple:
        options = [(self.take(place, master), place) for place in PLACES if place not in claimed]
        return max(options) if options else (0.0, None)

    def smuggle(self, place) -> float:
        """What a Smuggler's opening adds to the red cushion (a spill goes there too)."""
        down = self.memory.value(place, "normal", True)
        return down if down else self.memory.value(place, "normal", False)

    def hurry(self, seat, fakes) -> float:
        """What emptying the white cushion sooner is worth: the game ends with it, so a leader
        wants it over and everyone wants to be the one whose fakes are gone."""
        players = self.view["players"]
        lead = players[seat]["score"] - max(p["score"] for p in players if p["seat"] != seat)
        left = sum(players[seat]["white"].values())
        return HURRY * min(fakes, left) + (LEADER_HURRY if lead > 0 else 0.0)

    def role_values(self, seat, smugglers=0, detectives=0, claimed=()) -> dict:
        """What each role is worth to ``seat`` against that many other Smugglers and Detectives."""
        white = self.view["players"][seat]["white"]
        best_smuggle = max(self.smuggle(place) for place in PLACES)
        values = {
            "thief": self.best_take(False, claimed)[0],
            "master_thief": self.best_take(True, claimed)[0],
            "smuggler": ((self.red + best_smuggle * (smugglers + 1)) / (smugglers + 1)
                         if smugglers + 1 > detectives else 0.0),
            "detective": ((self.red + best_smuggle * smugglers) / (detectives + 1)
                          if detectives + 1 >= smugglers else 0.0),
            "connoisseur": _fake_values(white, 1 + detectives) + self.hurry(seat, 1 + detectives),
            "goldsmith": (_fake_values(white, 1) + self.hurry(seat, 1)
                          + (0.5 if self.view["players"][seat]["token_home"] else 0)),
        }
        return values


class Bot:
    """The shared play; a level sets its memory and how it picks a role."""

    level = "bot"
    window = None
    forget_turns = False

    def choose(self, view, legal, rng):
        kinds = {action["type"] for action in legal}
        if kinds == {"hide"}:
            return rng.choice(legal)
        reading = Reading(view, Memory(view["log"], self.window, self.forget_turns))
        if "choose_role" in kinds:
            return {"type": "choose_role", "role": self.pick_role(reading, rng)}
        if "open" in kinds:
            return self.open(reading, view["roles"][view["seat"]], rng)
        if "place_fake" in kinds:
            stones = {action["stone"] for action in legal if action["type"] == "place_fake"}
            return {"type": "place_fake", "stone": next(kind for kind in FAKE_ORDER if kind in stones)}
        if kinds == {"no_fake"}:
            return {"type": "no_fake"}
        if "alarm" in kinds:
            return {"type": "alarm", "set": True}
        return self.handle(reading, legal, rng)

    # -- roles ------------------------------------------------------------------------------------
    def pick_role(self, reading, rng):
        values = reading.role_values(reading.seat)
        return _best(values, rng)

    # -- opening ------------------------------------------------------------------------------------
    def open(self, reading, role, rng):
        scores = {place: self.open_score(reading, role, place) + rng.random() * 1e-3 for place in PLACES}
        tier, side = max(scores, key=scores.get)
        return {"type": "open", "tier": tier, "side": side}

    def open_score(self, reading, role, place) -> float:
        memory = reading.memory
        if role in ("thief", "master_thief"):
            return reading.take(place, role == "master_thief")
        if role == "smuggler":
            return reading.smuggle(place)
        clean = reading.clean(place, False)
        if role == "goldsmith":   # a clean drawer without a token, stones to guard in it
            return clean * (1 + memory.value(place, "normal", False)) * (not memory.has_token(place))
        return clean - memory.value(place, "normal", False) / 10   # Connoisseur: a quiet drawer

    # -- turning and flipping ---------------------------------------------------------------------
    def handle(self, reading, legal, rng):
        """Half the time it leaves the cabinet be; otherwise a turn or a flip at random."""
        if rng.random() < 0.5:
            return {"type": "done"}
        return rng.choice(legal)


def _best(values, rng):
    top = max(values.values())
    return rng.choice(sorted(role for role, value in values.items() if value >= top - 1e-9))


class Novice(Bot):
    """Forgets what it saw a few events ago and anything in a tier that turned; half the time it
    plays a role on a hunch."""

    level = "novice"
    window = 15
    forget_turns = True

    def pick_role(self, reading, rng):
        if rng.random() < 0.5:
            return rng.choice(ROLES)
        return super().pick_role(reading, rng)


class Sharp(Bot):
    """Follows every turn and flip, but remembers a half only for 40 events after it last saw
    it; plays the role that pays it best, as if nobody else chose."""

    level = "sharp"
    window = 40


class Ruthless(Bot):
    """Perfect memory of the public record; guesses each other player's role (the one that pays
    them best), answers with the role that pays best against those, and leaves the cabinet
    so that the players still to act find least."""

    level = "ruthless"

    def pick_role(self, reading, rng):
        view = reading.view
        guesses = {}
        for seat in range(view["seats"]):
            if seat != reading.seat:
                guesses[seat] = _best(reading.role_values(seat), rng)
        smugglers = sum(1 for role in guesses.values() if role == "smuggler")
        detectives = sum(1 for role in guesses.values() if role == "detective")
        claimed = set()
        for role in ("thief", "master_thief"):
            if role in guesses.values():
                claimed.add(reading.best_take(role == "master_thief")[1])
        values = reading.role_values(reading.seat, smugglers, detectives, claimed)
        return _best(values, rng)

    def handle(self, reading, legal, rng):
        view = reading.view
        rivals = [view["roles"][seat] for seat in view["order"]]
        may_turn = any(action["type"] == "turn" for action in legal)
        may_flip = any(action["type"] == "flip" for action in legal)
        options = []
        for turn in [None] + ([action for action in legal if action["type"] == "turn"] if may_turn else []):
            for flip in ([False, True] if may_flip else [False]):
                options.append((self._left_for_rivals(reading, rivals, turn, flip), turn is None,
                                not flip, rng.random(), turn, flip))
        _, _, _, _, turn, flip = min(options, key=lambda option: option[:4])
        if turn is not None:
            return turn
        if flip:
            return {"type": "flip"}
        return {"type": "done"}

    def _left_for_rivals(self, reading, rivals, turn, flip) -> float:
        """What the players still to act could take if the cabinet is left so."""
        cabinet = reading.memory.cabinet
        if turn is not None:
            cabinet.turn(turn["tier"], turn["quarters"])
        if flip:
            cabinet.flip()
        left = sum(reading.best_take(role == "master_thief")[0] for role in rivals
                   if role in ("thief", "master_thief"))
        if flip:
            cabinet.flip()
        if turn is not None:
            cabinet.turn(turn["tier"], 4 - turn["quarters"])
        return left
