"""Bots for Thieves of Eldris: ``bot.choose(view, legal, rng)`` returns one of ``legal``;
``bot.advise(view, legal, rng)`` returns ``{"action": that same choice, "why": a sentence}``.

A bot sees exactly its seat's view and keeps nothing between calls.

* :class:`Novice` keeps its Cutpurse where it was dealt, moves cards at random, steals when a
  Target happens to stand next to its Cutpurse and otherwise passes.
* :class:`Sharp` plans the three dice (:func:`.planner.plan`: every order of the moves that touch its
  Cutpurse or a Target) to bring a Target next to its Cutpurse on a good spot, picks its
  doubles by what they do to that plan, and reveals only a Cutpurse everyone has seen.
* :class:`Ruthless` plans the same way and also reads the table (:func:`.knowledge.cutpurse_odds`): for
  each opponent, the odds of each character being their Cutpurse from where they stole and
  accused (their Cutpurse stood next to it then), the cards they moved and the ones they left
  alone.  It walks its Cutpurse up to a likely one and reveals when the odds pay; it moves the
  Target rather than its own Cutpurse and spends spare dice on decoys; it changes a Cutpurse
  everyone knows.  Solo, it weighs each Threat by its odds (where it could rob first, next to
  its Cutpurse) and wagers when a Threat is likelier than one in three.

>>> import random, pycore
>>> game = pycore.GAMES["thieves-of-eldris"]
>>> state = game.new_game(seats=3, seed=4)
>>> game.bots["ruthless"].advise(state.view(0), state.legal_actions(0), random.Random(0))["why"]
'Take the Bard as your Cutpurse: the Target the Merchant stands nearest to it, 1 step away.'
"""
from __future__ import annotations

from .knowledge import cutpurse_odds, known_cutpurse, nothing_to_steal, threat_odds
from .planner import REACH, Goals, SoloGoals, distance, payout_at, plan, spare_move
from .rules import ORTHOGONAL, PAYOUT, TRAIT_OF, WAGER, WAGER_PRIZE, place_kind
from .words import ABILITY_WORDS, PLACE_WORDS, money, trait_name

WRONG_REVEAL_COST = 3.0      # half coins: a Cutpurse everyone knows is soon revealed
LAST_RESORT = 0.1            # a blind accusation when there is nothing left to steal
CHOICE_STEPS = ("choose_cutpurse", "return_target", "exchange", "shift", "stop")


def _of_type(legal, kind):
    return [action for action in legal if action["type"] == kind]


# ---------------------------------------------------------------------------------------------
# The bots
# ---------------------------------------------------------------------------------------------
class Bot:
    """The common frame: one decision per call, by the kind of choice the rules put now.  Each
    kind's method returns (action, why): the choice and a sentence saying why, from the view."""

    level = "bot"
    reads_table = False
    own_move_cost = 0.0

    def choose(self, view, legal, rng):
        return self.advise(view, legal, rng)["action"]

    def advise(self, view, legal, rng) -> dict:
        """{"action": the choice, "why": one sentence saying why}."""
        kinds = {action["type"] for action in legal}
        if view["mode"] == "solo" and kinds & {"wager", "reveal_foes"}:
            action, why = self.solo_nick(view, legal, rng)
        elif kinds & set(CHOICE_STEPS):
            kind = next(kind for kind in CHOICE_STEPS if kind in kinds)
            action, why = getattr(self, kind)(view, _of_type(legal, kind), rng)
        elif kinds & {"steal", "reveal", "pass"}:
            action, why = self.nick(view, legal, rng)
        else:
            action, why = self.slip(view, legal, rng)
        return {"action": action, "why": why}

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
            move = rng.choice(moves or legal)
            return move, move_words(view, move, "you have no Cutpurse in the Square to plan for")
        square = self.square(view)
        dice = [d["trait"] for d in view["dice"] if not d["spent"]]
        goals = self.goals(view)
        bonus = self.bonus(view, legal, goals, square, dice, rng)
        if bonus is not None:
            return bonus
        _, move, end = plan(square, dice, goals)
        if move is not None and {"type": "move", **move} in legal:
            return {"type": "move", **move}, move_words(view, move, outcome_words(view, goals, end))
        # Solo, nobody reads where the Cutpurse is: no decoy (and no "others" to fool).
        decoy = self.decoy(view, rng) if view["mode"] != "solo" else None
        move = spare_move(moves, square, (goals.cutpurse, *goals.values), rng, decoy)
        why = ("no move of this die brings your Cutpurse and a Target together, so it moves a card "
               "away from them")
        if decoy is not None and decoy in (square[move["from"]], square[move["to"]]):
            why = (f"no move of this die brings your Cutpurse and a Target together, so it moves the "
                   f"{decoy} beside your Cutpurse, to make the others look at the wrong card")
        return move, move_words(view, move, why)

    def bonus(self, view, legal, goals, square, dice, rng):
        """(a reroll, Sigil reset or ability to take now, why), or None."""
        return None

    def decoy(self, view, rng):
        return None

    # -- abilities ------------------------------------------------------------------------------
    def best_swap(self, view, legal, rng, first: str, second: str):
        """The legal swap (of the places under keys ``first`` and ``second``) whose Square scores best."""
        goals = self.goals(view)
        square = self.square(view)
        best, choice, end = -1e9, legal[0], square
        for action in legal:
            after = list(square)
            after[action[first]], after[action[second]] = after[action[second]], after[action[first]]
            score = goals.score(after) + rng.random() * 1e-3
            if score > best:
                best, choice, end = score, action, after
        a, b = square[choice[first]], square[choice[second]]
        return choice, f"Swap the {a} and the {b}: {outcome_words(view, goals, end)}."

    def shift(self, view, legal, rng):
        return self.best_swap(view, legal, rng, "from", "to")

    def stop(self, view, legal, rng):
        return legal[0], "Stop after one Dexterity step: the card stands where it helps you most."

    def exchange(self, view, legal, rng):
        return self.best_swap(view, legal, rng, "a", "b")

    def return_target(self, view, legal, rng):
        """Send back the Target farthest from the Cutpurse."""
        square = self.square(view)
        if view["cutpurse"] is None:
            action = rng.choice(legal)
            return action, f"Shuffle the {action['character']} back into the Townsfolk deck."
        at = square.index(view["cutpurse"])
        action = max(legal, key=lambda a: (distance(at, square.index(a["character"])), rng.random()))
        steps = distance(at, square.index(action["character"]))
        return action, (f"Shuffle the {action['character']} back into the Townsfolk deck: of your Targets "
                        f"it stands farthest from your Cutpurse, the {view['cutpurse']} ({steps} steps).")

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

        def nearest(character):
            at = square.index(character)
            return min(((distance(at, square.index(o)), o) for o in friends(character)), default=(9, None))

        def closeness(character):
            return -nearest(character)[0] - (6 if character == known else 0)

        action = max(legal, key=lambda a: (closeness(a["character"]), rng.random()))
        steps, friend = nearest(action["character"])
        why = f"Take the {action['character']} as your Cutpurse"
        if friend is not None:
            why += f": the Target the {friend} stands nearest to it, {steps} step{'s' if steps != 1 else ''} away"
        if known is not None and action["character"] != known:
            why += f", and everyone has seen the {known}"
        return action, why + "."

    # -- the Nick Phase -------------------------------------------------------------------------
    def nick(self, view, legal, rng):
        """The steal or reveal worth the most; a pass unless one is worth something (a tie among
        the best is broken at random, and nothing worth nothing beats a pass)."""
        square = self.square(view)
        scored = [(payout_at(square.index(a["character"])) if a["type"] == "steal"
                   else self.reveal_worth(view, a), a) for a in legal if a["type"] in ("steal", "reveal")]
        best = max((worth for worth, _ in scored), default=0.0)
        if best <= 0:
            return {"type": "pass"}, ("Pass: no Target of yours stands next to your Cutpurse, and no "
                                      "accusation is worth showing your Cutpurse for.")
        action = rng.choice([action for worth, action in scored if worth == best])
        if action["type"] == "reveal":
            return action, self.reveal_words(view, action)
        where = square.index(action["character"])
        return action, (f"Steal from the {action['character']}: your Target stands next to your Cutpurse "
                        f"{PLACE_WORDS[place_kind(where)]}, for {money(PAYOUT[place_kind(where)])}.")

    def reveal_worth(self, view, action) -> float:
        """A Cutpurse everyone has seen is worth accusing; with nothing left to steal, any
        accusation is (a right one is the only way on to $8 or to being the last thief)."""
        if known_cutpurse(view, action):
            return 4.0 + min(2, view["players"][action["player"]]["money"])
        return LAST_RESORT if nothing_to_steal(view) else 0.0

    def reveal_words(self, view, action) -> str:
        said = f"Accuse player {action['player'] + 1} of being the {action['character']}"
        if known_cutpurse(view, action):
            return (f"{said}: everyone saw that Cutpurse when their accusation went wrong, and a right "
                    f"accusation pays up to $1 from them and $2 from the Guild.")
        return f"{said}: with no Target left for you to steal, unmasking a Cutpurse is the only way on."

    # -- solo ----------------------------------------------------------------------------------------
    def solo_nick(self, view, legal, rng):
        return {"type": "reveal_foes"}, "Reveal the Foes: the Rivals and you steal, and the round ends."


def move_words(view, move, why: str) -> str:
    """'Use the Wisdom die on the Monk (it swaps with the Bard): ...'"""
    square = [entry["character"] for entry in view["square"]]
    moved, other = square[move["from"]], square[move["to"]]
    return f"Use the {trait_name(TRAIT_OF[moved])} die on the {moved} (it swaps with the {other}): {why}."


def outcome_words(view, goals: Goals, square) -> str:
    """What a Square gives this seat: a Target (or a suspect) next to its Cutpurse, else how near."""
    cutpurse = goals.cutpurse
    at = square.index(cutpurse)
    near = REACH[goals.strength][at]
    beside = [(c, square.index(c)) for c in goals.values if square.index(c) in near]
    targets = [(c, where) for c, where in beside if goals.values[c] is payout_at]
    if targets:
        c, where = max(targets, key=lambda entry: payout_at(entry[1]))
        kind = place_kind(where)
        return (f"it leaves your Target the {c} next to your Cutpurse the {cutpurse}, to rob "
                f"{PLACE_WORDS[kind]} for {money(PAYOUT[kind])}")
    if beside:
        return f"it brings the {beside[0][0]}, likely a rival's Cutpurse, next to yours to accuse"
    if not goals.values:
        return "none of your Targets is left in the Square to bring near"
    c = min(goals.values, key=lambda c: distance(at, square.index(c)))
    steps = distance(at, square.index(c))
    return f"it leaves your Cutpurse the {cutpurse} {steps} steps from the {c}, the nearest it can get"


class Novice(Bot):
    """Plays the way a first-time player does."""

    level = "novice"

    def choose_cutpurse(self, view, legal, rng):
        action = rng.choice(legal)
        return action, f"Take the {action['character']} as your Cutpurse: any of them will do to start."

    def slip(self, view, legal, rng):
        moves = _of_type(legal, "move")
        action = rng.choice(moves or [a for a in legal if a["type"] not in ("reroll",)] or legal)
        if action["type"] == "move":
            return action, move_words(view, action, "a first-time thief moves a card and sees what happens")
        return action, "Try the doubles: a first-time thief wants to see what they do."

    def return_target(self, view, legal, rng):
        action = rng.choice(legal)
        return action, f"Shuffle the {action['character']} back into the Townsfolk deck."

    def shift(self, view, legal, rng):
        action = rng.choice(legal)
        square = self.square(view)
        return action, f"Move the {square[action['from']]} a step with the Dexterity ability."

    def exchange(self, view, legal, rng):
        action = rng.choice(legal)
        square = self.square(view)
        return action, f"Swap the {square[action['a']]} and the {square[action['b']]} with the Wisdom ability."

    def reveal_worth(self, view, action) -> float:
        return LAST_RESORT if nothing_to_steal(view) else 0.0


class Sharp(Bot):
    """Plans its dice, takes its doubles when they help, reveals only what everyone has seen."""

    level = "sharp"

    def bonus(self, view, legal, goals, square, dice, rng):
        abilities = {a["trait"] for a in legal if a["type"] == "ability"}
        reset = any(a["type"] == "reset_sigil" for a in legal)
        if not abilities and not reset and not _of_type(legal, "reroll"):
            return None
        base, _, _ = plan(square, dice, goals)
        if _of_type(legal, "reroll") and base <= 0:   # nothing to take with this roll
            return {"type": "reroll", "dice": list(range(len(dice)))}, (
                "Flip the Sigil and roll all three dice again: no way to spend this roll brings a "
                "Target next to your Cutpurse.")
        best, choice = base + (0.5 if reset else 0.0), ({"type": "reset_sigil"} if reset else None)
        mine = view["players"][view["seat"]]
        for trait in sorted(abilities):
            worth = self.ability_worth(view, trait, goals, square, dice, base, mine)
            if worth > best:
                best, choice = worth, {"type": "ability", "trait": trait}
        if choice is None:
            return None
        if choice["type"] == "reset_sigil":
            return choice, ("Use the doubles to turn your Sigil active again: no ability would help "
                            "this turn more, and the Sigil buys a reroll later.")
        trait = choice["trait"]
        return choice, (f"Take the {trait_name(trait)} ability (it {ABILITY_WORDS[trait].replace('may ', 'lets you ')}"
                        f"): it helps you more this turn than the dice alone or the Sigil.")

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
        if nothing_to_steal(view):
            return p
        if p < self.REVEAL_AT:
            return 0.0
        money = view["players"][action["player"]]["money"]
        return p * (4.0 + min(2, money) + 1.0) - (1 - p) * WRONG_REVEAL_COST

    def reveal_words(self, view, action) -> str:
        if known_cutpurse(view, action):
            return super().reveal_words(view, action)
        p = self._odds(view).get(action["player"], {}).get(action["character"], 0.0)
        said = (f"Accuse player {action['player'] + 1} of being the {action['character']}: from where they "
                f"stole and accused and which cards they moved, the odds are {round(100 * p)}% that it is "
                f"their Cutpurse")
        if nothing_to_steal(view):
            return f"{said}, and with no Target left for you, unmasking a Cutpurse is the only way on."
        return f"{said}, enough to risk showing yours."

    def decoy(self, view, rng):
        """A card near the Cutpurse that is not it: moving it makes others look there."""
        square = self.square(view)
        at = square.index(view["cutpurse"])
        near = [square[p] for p in ORTHOGONAL[at] if square[p] not in view["targets"]]
        return rng.choice(near) if near else None

    def threat_odds(self, view) -> dict:
        return threat_odds(view)

    def solo_nick(self, view, legal, rng):
        odds = self.threat_odds(view)
        best, choice = 0.0, {"type": "reveal_foes"}
        for action in _of_type(legal, "wager"):
            worth = odds.get(action["character"], 0.0) * (WAGER + WAGER_PRIZE) - WAGER
            if worth > best:
                best, choice = worth, action
        if choice["type"] == "wager":
            p = odds[choice["character"]]
            return choice, (f"Wager $1 on the {choice['character']}: the odds are {round(100 * p)}% that it is "
                            f"one of the hidden Threats, and a right wager pays $3 back.")
        return choice, ("Reveal the Foes: no Threat next to your Cutpurse is likely enough to be worth "
                        "$1 (a wager needs better than one chance in three).")


BOTS = {"novice": Novice(), "sharp": Sharp(), "ruthless": Ruthless()}
