"""Master Thieves bots: Novice (forgets quickly, loses a tier when it turns), Sharp (remembers what
it saw lately), Ruthless (perfect memory of the public record, models the others' roles, answers them).

Every bot decides from its seat's view alone (``choose(view, legal, rng)``): the public log is
replayed into a :class:`~.knowledge.Memory` of the strength of its level.  ``advise(view, legal,
rng)`` gives the same choice with its reason in one sentence: ``{"action": ..., "why": ...}``.

>>> import random, pycore
>>> game = pycore.GAMES["master-thieves"]
>>> state = game.new_game(seats=3, seed=4)
>>> advice = game.bots["ruthless"].advise(state.view(0), state.legal_actions(0), random.Random(0))
>>> advice["action"] == game.bots["ruthless"].choose(state.view(0), state.legal_actions(0), random.Random(0))
True
>>> advice["why"].startswith("Hide the diamond in the ")
True
"""
from __future__ import annotations

from ..kit.words import join_names
from .cabinet import PLACES, TIERS, stones_value
from .knowledge import Memory
from .rules import ROLE_NAMES, ROLES
from .words import QUARTERS, drawer_name

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
    """The shared play; a level sets its memory and how it picks a role.  Every decision comes
    with its reason (``advise``); ``choose`` is the decision alone."""

    level = "bot"
    window = None
    forget_turns = False

    def choose(self, view, legal, rng):
        return self.decide(view, legal, rng)[0]

    def advise(self, view, legal, rng) -> dict:
        """``{"action": what choose(view, legal, rng) returns, "why": one sentence}``."""
        action, why = self.decide(view, legal, rng)
        return {"action": action, "why": why}

    def decide(self, view, legal, rng) -> tuple:
        """(action, the sentence saying why), from the view alone."""
        kinds = {action["type"] for action in legal}
        if kinds == {"hide"}:
            action = rng.choice(legal)
            return action, (f"Hide the diamond in {drawer_name(action['tier'], action['side'])}: at the "
                            f"start one drawer is as good as another, so long as you remember where it went.")
        reading = Reading(view, Memory(view["log"], self.window, self.forget_turns))
        if "choose_role" in kinds:
            role, why = self.pick_role(reading, rng)
            return {"type": "choose_role", "role": role}, why
        if "open" in kinds:
            return self.open(reading, view["roles"][view["seat"]], rng)
        if "place_fake" in kinds:
            stones = {action["stone"] for action in legal if action["type"] == "place_fake"}
            stone = next(kind for kind in FAKE_ORDER if kind in stones)
            points = "2 points" if stone == "sapphire" else "1 point"
            return {"type": "place_fake", "stone": stone}, (
                f"Put in a fake {stone}: it takes {points} off your white cushion"
                + (", more than a diamond would." if stone == "sapphire" else "."))
        if kinds == {"no_fake"}:
            return {"type": "no_fake"}, "Put no fake in: you have none left to place."
        if "alarm" in kinds:
            return {"type": "alarm", "set": True}, ("Set your alarm token in this drawer: if it spills "
                                                    "later, every stone that falls out with it is yours.")
        return self.handle(reading, legal, rng)

    # -- roles ------------------------------------------------------------------------------------
    def pick_role(self, reading, rng) -> tuple:
        role = _best(reading.role_values(reading.seat), rng)
        return role, _role_why(reading, role)

    # -- opening ------------------------------------------------------------------------------------
    def open(self, reading, role, rng) -> tuple:
        scores = {place: self.open_score(reading, role, place) + rng.random() * 1e-3 for place in PLACES}
        place = max(scores, key=scores.get)
        return {"type": "open", "tier": place[0], "side": place[1]}, _open_why(reading, role, place)

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
    def handle(self, reading, legal, rng) -> tuple:
        """Half the time it leaves the cabinet be; otherwise a turn or a flip at random."""
        if rng.random() < 0.5:
            return {"type": "done"}, "Leave the cabinet as it is."
        action = rng.choice(legal)
        return action, f"{_handling_words(action)}, to muddle the others' memories."


def _best(values, rng):
    top = max(values.values())
    return rng.choice(sorted(role for role, value in values.items() if value >= top - 1e-9))


def _points(value: float) -> str:
    """'4 points', '1 point', 'about 2.5 points' (an estimate)."""
    if abs(value - round(value)) < 1e-9:
        return f"{round(value)} point{'' if round(value) == 1 else 's'}"
    return f"about {value:.1f} points"


def _counted(count: int, role: str) -> str:
    """'no Smuggler', 'a Detective', '2 Detectives'."""
    name = ROLE_NAMES[role]
    return f"no {name}" if not count else f"a {name}" if count == 1 else f"{count} {name}s"


def _role_why(reading, role, smugglers=0, detectives=0, claimed=()) -> str:
    """Why ``role`` pays this seat best, against that many other Smugglers and Detectives."""
    name = ROLE_NAMES[role]
    if role in ("thief", "master_thief"):
        gain, place = reading.best_take(role == "master_thief", claimed)
        if not gain:
            return f"Play the {name}: no role promises anything better this round."
        secret = (" (its secret compartment included)" if role == "master_thief"
                  and reading.memory.value(place, "secret", False) else "")
        spill = "" if reading.clean(place, role == "master_thief") >= 1 else ", if it opens without a spill"
        return (f"Play the {name}: {drawer_name(*place)} should give you {_points(gain)}{secret}{spill}"
                + (", and no other thief should get there first." if claimed else "."))
    red = _points(reading.red)
    if role == "smuggler":
        # Counted as the table counts them: you and the others you expect (never "3 Smugglers" at
        # a table of three, which reads as three besides you).
        crowd = ("you alone" if not smugglers else "you and another Smuggler" if smugglers == 1
                 else f"you and {smugglers} other Smugglers")
        share = "so it would be yours" if not smugglers else "so the Smugglers share it"
        return (f"Play the Smuggler: the red cushion holds {red} and more will spill or be tipped onto "
                f"it, and you expect {_counted(detectives, 'detective')} against {crowd}, {share}.")
    if role == "detective":
        cushion = f"the red cushion holds {red}" if reading.red else "the red cushion is empty"
        expected = "Smuggler" if smugglers == 1 else f"{smugglers} other Smugglers"
        more = f", {'and' if reading.red else 'but'} the {expected} you expect should add to it" if smugglers else ""
        return f"Play the Detective: {cushion}{more}, and Smugglers should not outnumber the Detectives."
    players = reading.view["players"]
    me = players[reading.seat]
    lead = me["score"] > max(p["score"] for p in players if p["seat"] != reading.seat)
    ending = "brings the end nearer while you lead" if lead else "brings you nearer to an empty white cushion"
    if role == "connoisseur":
        fakes = min(1 + detectives, sum(me["white"].values()))
        return (f"Play the Connoisseur: you can put {fakes} fake{'s' if fakes != 1 else ''} into a drawer"
                + (" (one more for each Detective you expect)" if detectives else "")
                + f", {_points(_fake_values(me['white'], fakes))} off your white cushion, which {ending}.")
    token = " and set your alarm token" if me["token_home"] else ""
    return f"Play the Goldsmith: you put a fake into a drawer{token}, which {ending}."


def _open_why(reading, role, place) -> str:
    drawer = drawer_name(*place)
    memory = reading.memory
    clean = reading.clean(place, role == "master_thief" and memory.cabinet.at(place).long)
    quiet = "nothing should spill" if clean >= 1 else "it may spill" if clean else "it will spill"
    if role in ("thief", "master_thief"):
        gain = reading.take(place, role == "master_thief")
        if not gain:
            return f"Open {drawer}: no drawer is known to hold anything you can take, so one is as good as another."
        return f"Open {drawer}: you expect {_points(gain)} to take from it, and {quiet}."
    if role == "smuggler":
        down = memory.value(place, "normal", True)
        if down:
            return f"Open {drawer}: its lower half should spill {_points(down)} onto the red cushion."
        up = memory.value(place, "normal", False)
        if up:
            return f"Open {drawer}: {quiet}, and its {_points(up)} go onto the red cushion."
        return f"Open {drawer}: no drawer is known to hold anything for the red cushion, so one is as good as another."
    if role == "goldsmith":
        return f"Open {drawer}: {quiet} and it holds no alarm token, so your fake and your token can go in."
    return f"Open {drawer}: a quiet drawer, {quiet}, for your fakes."


def _takers(roles) -> tuple:
    """('the Thief and 2 Master Thieves', how many) among ``roles``."""
    parts, total = [], 0
    for role, plural in (("thief", "Thieves"), ("master_thief", "Master Thieves")):
        count = roles.count(role)
        total += count
        if count:
            parts.append(ROLE_NAMES[role] if count == 1 else f"{count} {plural}")
    return (f"the {join_names(parts)}" if parts else ""), total


def _within(points: float) -> str:
    return f"{_points(points)} within reach" if points else "nothing within reach"


def _handling_words(action) -> str:
    if action["type"] == "turn":
        return f"Turn the {TIERS[action['tier']]} tier {QUARTERS[action['quarters']]}"
    return "Flip the cabinet" if action["type"] == "flip" else "Leave the cabinet as it is"


class Novice(Bot):
    """Forgets what it saw a few events ago and anything in a tier that turned; half the time it
    plays a role on a hunch."""

    level = "novice"
    window = 15
    forget_turns = True

    def pick_role(self, reading, rng):
        if rng.random() < 0.5:
            role = rng.choice(ROLES)
            return role, f"Play the {ROLE_NAMES[role]}: a hunch."
        return super().pick_role(reading, rng)


class Sharp(Bot):
    """Follows every turn and flip, but remembers a half only for 40 events after it last saw
    it; plays the role that pays it best against the Smugglers and Detectives of last round (a
    red cushion eight Smugglers shared pays each little)."""

    level = "sharp"
    window = 40

    def pick_role(self, reading, rng):
        smugglers, detectives = _crowd(_last_roles(reading.view["log"]), reading.seat)
        role = _best(reading.role_values(reading.seat, smugglers, detectives), rng)
        return role, _role_why(reading, role, smugglers, detectives)


def _last_roles(log) -> list:
    """The roles revealed in the last round (none before the first reveal)."""
    for event in reversed(log):
        if event["type"] == "reveal":
            return event["roles"]
    return []


def _crowd(roles, seat) -> tuple:
    """(Smugglers, Detectives) among ``roles`` but ``seat``'s."""
    others = [role for other, role in enumerate(roles) if other != seat]
    return others.count("smuggler"), others.count("detective")


def _standstill(log) -> list | None:
    """The roles of the last round if nobody opened a drawer in it (all Detectives), else None."""
    for event in reversed(log):
        if event["type"] == "open":
            return None
        if event["type"] == "reveal":
            return event["roles"]
    return None


class Ruthless(Bot):
    """Perfect memory of the public record; guesses each other player's role (the one that pays
    them best), answers with the role that pays best against those, and leaves the cabinet
    so that the players still to act find least."""

    level = "ruthless"

    def pick_role(self, reading, rng):
        view = reading.view
        standstill = _standstill(view["log"])
        guesses = {}
        for seat in range(view["seats"]):
            if seat != reading.seat:
                # After a round in which nobody opened a drawer the others are not playing what
                # pays them best (each waited for someone else to smuggle): expect them to wait again.
                guesses[seat] = standstill[seat] if standstill else _best(reading.role_values(seat), rng)
        smugglers = sum(1 for role in guesses.values() if role == "smuggler")
        detectives = sum(1 for role in guesses.values() if role == "detective")
        claimed = set()
        for role in ("thief", "master_thief"):
            if role in guesses.values():
                claimed.add(reading.best_take(role == "master_thief")[1])
        values = reading.role_values(reading.seat, smugglers, detectives, claimed)
        role = _best(values, rng)
        why = _role_why(reading, role, smugglers, detectives, claimed)
        if standstill:
            why = "Nobody opened a drawer last round, so expect the others to wait again. " + why
        return role, why

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
        left, _, _, _, turn, flip = min(options, key=lambda option: option[:4])
        action = turn if turn is not None else {"type": "flip"} if flip else {"type": "done"}
        takers, count = _takers(rivals)
        doing = _handling_words(action)
        if not count:
            return action, (f"{doing}: nobody still to act this round takes from a drawer, and a changed "
                            f"cabinet muddles the others' memories.")
        now = self._left_for_rivals(reading, rivals, None, False)
        find = "finds" if count == 1 else "find"
        if action["type"] == "done":
            return action, (f"Leave the cabinet as it is: {takers} still to act {find} {_within(now)} now, "
                            f"and any turn or flip would leave more.")
        if left < now:
            return action, (f"{doing}: {takers} still to act would find {_within(left)} instead of "
                            f"{_points(now)}.")
        return action, (f"{doing}: {takers} still to act {find} {_within(now)} either way, and a "
                        f"changed cabinet muddles the others' memories.")

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
