"""Bots for 12 Thieves: ``bot.choose(view, legal, rng)`` returns one of ``legal``;
``bot.advise(view, legal, rng)`` returns ``{"action": that same choice, "why": a sentence}``.

A bot sees exactly its seat's view and keeps nothing between calls.  Sharp and Ruthless try each
candidate action on a small copy of the board rebuilt from the view (:mod:`.knowledge`'s
``board_from_view``: the engine's own state and move handlers, with the other hands left empty,
since a bot never reads them) and keep the one that scores best.

Every level steals when it can, and otherwise first takes any way this turn to a full count of its
thieves under a top chest (``ways_to_a_count``: a thief placed or led in with its guard, after
a guard move that opens the way if need be): with every thief out, that is the only way on.

* :class:`Novice` places a thief where it is cheapest, and otherwise ends its turn; it takes
  Dancers in a pass draw only now and then.
* :class:`Sharp` scores its own progress toward chests, its access (a guard of its own and a
  foreign guard, cheap) and its cards, and plays greedily while an action gains; it takes
  Dancers whenever it passes.
* :class:`Ruthless` also counts what the leading opponent can reach on their next turn (their
  thieves, access cost and hand size) and spends guard moves to raise their cost or cut their
  access; it looks one thief placement past its best guard moves (a move that opens a palace), and
  at the start of a turn it plans the turn's thief actions and passes when four cards beat them.

>>> import random, pycore
>>> state = pycore.GAMES["twelve-thieves"].new_game(seats=4, seed=2)
>>> legal = state.legal_actions(0)
>>> Ruthless().choose(state.view(0), legal, random.Random(0)) in legal
True
"""
from __future__ import annotations

from .knowledge import (GUARD_MOVES, THIEF_KINDS, access_cost, board_from_view, cheapest_ways, gathers, of_type,
                        tried, ways_to_a_count)
from .rules import CHESTS_TO_WIN, DANCER_INDEX, DRAW_AFTER_ACTING, DRAW_AFTER_PASSING, THIEF_ACTIONS, card_index
from .words import cards_words, palace_name

CHEST = 100.0          # a chest in the hand (the unit of every score)
class Advisor:
    """``choose`` is the action of ``advise``: one decision, and the sentence saying why."""

    def choose(self, view, legal, rng):
        return self.advise(view, legal, rng)["action"]

    def advise(self, view, legal, rng) -> dict:
        action, why = self.decide(view, legal, rng)
        return {"action": action, "why": why}

    @staticmethod
    def completing_words(view, action) -> str:
        """Why a move on the way to a full count."""
        if action["type"] == "place_thief":
            return thief_words(view, action, "a chest is what wins")
        if action["type"] == "escort":
            return escort_words(view, action, "that makes a full count, and a chest is what wins")
        what = "your guard" if action["type"] == "move_guard" else "the neutral guard"
        return (f"Move {what} from {palace_name(action['from'])} to {palace_name(action['to'])}, paying "
                f"{cards_words(action['pay'])}: it opens the way to a full count this turn, and a chest is "
                f"what wins.")


class Novice(Advisor):
    """Steals when it can, takes a way to a full count, places the cheapest thief it can, then
    ends its turn."""

    def decide(self, view, legal, rng):
        kinds = {action["type"] for action in legal}
        if "place_guard" in kinds or "draw" in kinds:
            action = rng.choice(legal)
            return action, simple_words(view, action)
        steals = of_type(legal, "steal")
        if steals:
            return steals[0], steal_words(view, steals[0])
        # A way this turn to a full count (the steal comes next), if there is one.
        completing = ways_to_a_count(board_from_view(view), view["seat"], legal, len)
        if completing:
            action = min(completing, key=lambda a: (len(a.get("pay", ())), a["type"] != "place_thief"))
            return action, self.completing_words(view, action)
        thieves = of_type(legal, "place_thief")
        if thieves and rng.random() < 0.8:
            cheapest = min(len(a["pay"]) for a in thieves)
            action = rng.choice([a for a in thieves if len(a["pay"]) == cheapest])
            return action, thief_words(view, action, "the cheapest thief you can place")
        # With no thief to place, lead one (with its guard) to where more of its fellows wait.
        gathering = [a for a in of_type(legal, "escort") if gathers(view, a)]
        if gathering and not thieves:
            here = view["palaces"]
            action = max(gathering, key=lambda a: (here[a["to"]]["thieves"][view["seat"]], rng.random()))
            return action, escort_words(view, action, "to join more of your thieves there")
        moves = of_type(legal, "move_guard")
        if moves and not view["acted"] and rng.random() < 0.3:
            action = rng.choice(moves)
            return action, simple_words(view, action)
        end = of_type(legal, "end_turn")[0]
        return end, end_words(view, "there is nothing more you want to do this turn")


class Scorer(Advisor):
    """Greedy play on a score of the board from one seat's side (Sharp; Ruthless adds to it)."""

    threat = 0.0           # how much the opponents' prospects count against our own
    plans_passes = False   # weigh a pass against the whole turn's plan

    def decide(self, view, legal, rng):
        me = view["seat"]
        kinds = {action["type"] for action in legal}
        if "draw" in kinds:
            action = next((a for a in legal if a["from"] == "dancers"), legal[0])
            return action, simple_words(view, action)
        board = board_from_view(view)
        if "place_guard" in kinds:
            action = self.best(board, me, legal)[0]
            return action, guard_words(tried(board, me, action), me, action["palace"])
        steals = of_type(legal, "steal")
        if steals:   # a chest is the goal: always taken (the best of them, if there are two)
            action = self.best(board, me, steals)[0]
            return action, steal_words(view, action)
        # The way to a full count this turn comes before any greedy gain (a chest is the goal).
        completing = ways_to_a_count(board, me, legal, lambda pay: self.price(board, me, pay))
        if completing:
            action = Scorer.best(self, board, me, completing)[0]
            return action, self.completing_words(view, action)
        candidates = self.candidates(board, me, legal)
        action, gain = self.best(board, me, candidates)
        end = of_type(legal, "end_turn")[0]
        if action is None or gain <= 0:
            return end, end_words(view, "nothing you can still do this turn gains you anything")
        if self.plans_passes and not view["acted"] and self.plan_gain(board, me) < self.pass_bonus(view):
            return end, end_words(view, "the cards a pass draws are worth more than anything you can do now")
        return action, self.action_words(view, board, me, action)

    def action_words(self, view, board, me, action) -> str:
        """Why a thief action or guard move: what it leaves on the board for this seat."""
        after = tried(board, me, action)
        if action["type"] == "place_thief":
            return thief_words(view, action, "it brings you nearer a chest than anything else this turn")
        if action["type"] == "escort":
            return escort_words(view, action, "it brings you nearer a chest than anything else this turn")
        target = action["to"]
        cost = access_cost(after, me, target)
        what = "your guard" if action["type"] == "move_guard" else "the neutral guard"
        said = (f"Move {what} from {palace_name(action['from'])} to {palace_name(target)}, paying "
                f"{cards_words(action['pay'])}")
        if self.threat and self.danger(after, me) < self.danger(board, me):
            leader = max((seat for seat in range(view["seats"]) if seat != me),
                         key=lambda seat: len(view["players"][seat]["chests"]))
            return (f"{said}: it makes thieves cost player {leader + 1}, the one nearest to winning, "
                    f"more cards, or shuts them out.")
        if cost:
            return (f"{said}: a thief of yours there then costs {cost} card{'s' if cost > 1 else ''} "
                    f"of that palace.")
        return f"{said}: it opens the way to your next thief."

    def candidates(self, board, me, legal):
        """The legal actions worth scoring: for each move, the cheapest of its ways to pay."""
        return cheapest_ways(legal, lambda pay: self.price(board, me, pay))

    def price(self, board, me, pay):
        return sum(self.card_value(board, me, card_index(card)) for card in pay)

    def best(self, board, me, actions):
        base = self.score(board, me)
        best, gain = None, float("-inf")
        for action in actions:
            value = self.score(tried(board, me, action), me) - base
            if value > gain:
                best, gain = action, value
        return best, gain

    def plan_gain(self, board, me):
        """What the greedy plan of this turn's thief actions gains (the pass test)."""
        start = now = self.score(board, me)
        for _ in range(THIEF_ACTIONS):
            legal = [{"type": kind, **choice} for kind in THIEF_KINDS
                     for choice in board.moves.moves[kind].choices(board, me)]
            action, gain = Scorer.best(self, board, me, self.candidates(board, me, legal))
            if action is None or gain <= 0:
                break
            board = tried(board, me, action)
            now += gain
        return now - start

    def pass_bonus(self, view):
        """What a pass draws beyond an acting turn's draw: four cards, Dancers first while the
        supply has them, the rest from the deck (the discards behind it), against an acting
        turn's three from the deck; when there is little left to draw, little or nothing."""
        in_deck = view["deck"] + sum(view["discard"])
        dancers = min(DRAW_AFTER_PASSING, view["dancer_supply"])
        cards = min(DRAW_AFTER_PASSING - dancers, in_deck)
        return dancers * self.DANCER + (cards - min(DRAW_AFTER_ACTING, in_deck)) * self.CARD

    CARD = 5.0             # a palace card in hand (what it buys is worth more: it is for spending)
    DANCER = 8.0           # a Dancer in hand
    GOOD_HAND = 10

    def card_value(self, board, me, index):
        if index == DANCER_INDEX:
            return self.DANCER
        cost = access_cost(board, me, index)
        return self.CARD * (1.3 if cost == 1 else 1.0 if cost else 0.7)

    @staticmethod
    def prospects(board, seat, actions, cards):
        """How close ``seat`` is to chests over all palaces (in chests), counting what it could
        still add with ``actions`` thief actions and ``cards`` cards before its next steal."""
        total = 0.0
        for stack, owners, thieves in zip(board.chests, board.guards, board.thieves):
            have = thieves[seat]
            if not stack:
                total -= 0.05 * have                            # stranded thieves
                continue
            need = stack[0]
            share = have / need
            # Convex: thieves are few, so one full count beats two half ones; a full count is
            # worth less than the chest itself, so stealing always gains.
            total += 0.85 if have >= need else 0.25 * share + 0.6 * share * share
            own = owners.count(seat)
            cost = len(owners) - own if own else 0
            if cost:    # a guard of one's own and a foreign guard: thieves can go in
                total += 0.12 / cost * (1 + share)
                if have < need <= have + min(actions, cards // cost):
                    total += 0.1
        return total

    def score(self, board, me):
        won = len(board.won[me])
        if won >= CHESTS_TO_WIN[board.seats]:
            return 1e6
        hand = board.hands[me]
        held = sum(hand)
        # Cards are for spending: beyond a good hand, each more is worth less.
        plenty = min(1.0, self.GOOD_HAND / max(1, held))
        score = CHEST * won + plenty * sum(count * self.card_value(board, me, index)
                                           for index, count in enumerate(hand) if count)
        score += CHEST * self.prospects(board, me, THIEF_ACTIONS - board.thief_actions, held)
        if self.threat:
            score -= self.threat * self.danger(board, me)
        return score

    def danger(self, board, me):
        """The opponents' prospects: chests held, and what each can reach next turn."""
        danger = 0.0
        target = CHESTS_TO_WIN[board.seats]
        for seat in range(board.seats):
            if seat == me:
                continue
            won = len(board.won[seat])
            near = CHEST * (won * (1 + won / target) + self.prospects(
                board, seat, THIEF_ACTIONS - 1, board.hand_sizes[seat] + DRAW_AFTER_ACTING))
            danger = max(danger, near) if self.threat_of_leader else danger + near
        return danger

    threat_of_leader = False


def steal_words(view, action) -> str:
    palace = view["palaces"][action["palace"]]
    mine, chest = palace["thieves"][view["seat"]], palace["chests"][0]
    return (f"Steal at {palace_name(action['palace'])}: your {mine} thieves there meet its top chest "
            f"of {chest}, and a chest is what wins.")


def thief_words(view, action, why: str) -> str:
    palace = view["palaces"][action["palace"]]
    mine, chest = palace["thieves"][view["seat"]] + 1, palace["chests"][0]
    short = chest - mine
    waiting = (f"with it your {mine} thieves there meet its top chest of {chest}" if short <= 0 else
               f"then {mine} of your thieves {'waits' if mine == 1 else 'wait'} there, {short} short of its "
               f"{chest}-chest")
    return (f"Place a thief at {palace_name(action['palace'])} for {cards_words(action['pay'])}: {waiting}; "
            f"{why}.")


def escort_words(view, action, why: str) -> str:
    palace = view["palaces"][action["to"]]
    mine = palace["thieves"][view["seat"]] + 1
    chest = f"its {palace['chests'][0]}-chest" if palace["chests"] else "no chest"
    return (f"Move your guard and a thief from {palace_name(action['from'])} to {palace_name(action['to'])}, "
            f"paying {cards_words(action['pay'])}: {mine} of your thieves will be there for {chest}; {why}.")


def guard_words(after, me, palace) -> str:
    cost = access_cost(after, me, palace)
    return (f"Place a guard at {palace_name(palace)}: beside a foreign guard there, a thief of yours "
            f"can go in for {cost} card{'s' if cost != 1 else ''} of that palace.") if cost else (
        f"Place a guard at {palace_name(palace)}: it keeps that palace's spaces for you.")


def end_words(view, why: str) -> str:
    if view["acted"]:
        return f"End your turn and draw {DRAW_AFTER_ACTING}: {why}."
    return f"Pass and draw {DRAW_AFTER_PASSING}, Dancers first while there are any: {why}."


def simple_words(view, action) -> str:
    """The set-up guard, the pass draw and a Novice's guard move, said plainly."""
    if action["type"] == "draw":
        if action["from"] == "dancers":
            return "Take a Dancer from the supply: it stands in for any palace card."
        return "Draw from the deck" + (": no Dancers are left." if not view["dancer_supply"] else ".")
    if action["type"] == "place_guard":
        return f"Place a guard at {palace_name(action['palace'])}."
    return (f"Move your guard from {palace_name(action['from'])} to {palace_name(action['to'])}, paying "
            f"{cards_words(action['pay'])}.")


class Sharp(Scorer):
    plans_passes = True


class Ruthless(Scorer):
    threat = 0.5
    threat_of_leader = True
    plans_passes = True
    FOLLOW_UPS = 6      # the best guard moves, each looked at one thief action further

    def best(self, board, me, actions):
        """Greedy, but a guard move also counts the best thief action it opens up."""
        base = self.score(board, me)
        scored = [(self.score(after, me) - base, action, after)
                  for action in actions for after in (tried(board, me, action),)]
        best, gain = None, float("-inf")
        for value, action, _ in scored:
            if value > gain:
                best, gain = action, value
        moves = sorted((entry for entry in scored if entry[1]["type"] in GUARD_MOVES), key=lambda e: -e[0])
        for value, action, after in moves[:self.FOLLOW_UPS]:
            opened = self.thief_gain(after, me, (action["from"], action["to"]))
            if value + opened > gain:
                best, gain = action, value + opened
        return best, gain

    def thief_gain(self, board, me, palaces):
        """What the best thief placed at one of ``palaces`` gains on this board (0 if none)."""
        choices = board.moves.moves["place_thief"].choices(board, me)
        legal = [{"type": "place_thief", **choice} for choice in choices if choice["palace"] in palaces]
        return max(0.0, Scorer.best(self, board, me, self.candidates(board, me, legal))[1])
