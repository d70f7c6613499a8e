"""Thievery bots: Novice goes by colour, Sharp reads the row, Ruthless reads the whole table.

Each bot is an object with ``choose(view, legal, rng)`` returning one element of ``legal``, and
``advise(view, legal, rng)`` returning ``{"action": the same choice, "why": a sentence saying
why}``; it sees exactly the seat's view (see rules.py) and nothing else.  The three share the table manners
(how to sort a row, when to play a power-up) and differ in how they read a face-down card:

- Novice: any rank of the card's colour it has not seen is as likely as any other.
- Sharp: the same, fenced by the nearest visible neighbours in the row (an ace stays possible),
  and weighed by where the card sits inside its fence (the second of three hidden cards between a
  3 and a J is more likely a 7 than a 10).
- Ruthless: exact chances from the whole table (knowledge.marginals), also reading every other
  hand's misses as cards that hand does not hold; it plays the run: the card it can least tell
  first, the cards it is sure of last (see Ruthless).

A bot never chooses to hand its seat over ("take_over"); asked to act when that is all it may do,
it returns it, as it cannot refuse.
"""
from __future__ import annotations

from ..kit.words import ordinal
from . import knowledge
from .knowledge import Table
from .words import article, plural_rank, rank_word

NOBODY = -1


class Bot:
    """Shared manners; subclasses say how likely each rank is at a hidden card."""

    level = "bot"

    def __repr__(self) -> str:
        return f"<Thievery bot {self.level}>"

    # -- reading the table (overridden per level) -----------------------------------------
    def estimates(self, view: dict, table: Table) -> dict:
        """{(hand, index): [P(rank) for rank 0..13]} for the cards the bot might guess at."""
        raise NotImplementedError

    # -- the decision ---------------------------------------------------------------------------
    def choose(self, view: dict, legal: list, rng):
        return self.advise(view, legal, rng)["action"]

    def advise(self, view: dict, legal: list, rng) -> dict:
        """{"action": the choice, "why": one sentence, from the view alone, saying why}."""
        mine = [action for action in legal if action.get("type") != "take_over"]
        if not mine:               # only "take_over" is left: a bot cannot refuse it
            action, why = legal[0], "A person is taking over this hand."
        elif mine[0]["type"] == "lock_in":
            action, why = self.arrange(view, mine, rng)
        elif mine[0]["type"] == "show":
            action, why = self.show(view, mine, rng)
        elif view["turn"] != view["seat"]:   # out of turn: Trip the alarm is all there is
            action = mine[0]
            why = f"Trip the alarm: it ends hand {view['turn'] + 1}'s run before it flips any more."
        else:
            action, why = self.play_turn(view, mine, rng)
        return {"action": action, "why": why}

    # -- sorting ---------------------------------------------------------------------------------
    def arrange(self, view: dict, legal: list, rng):
        """Hide the aces where the row gives them the widest, least ace-like fence."""
        ranks = [card["rank"] for card in view["rows"][view["seat"]]]
        best, best_score = None, None
        for action in legal:
            score = ace_cover(ranks, action["order"]) + rng.random() * 0.01
            if best_score is None or score > best_score:
                best, best_score = action, score
        return best, row_words(ranks, best["order"], hide_aces=True)

    # -- partnerships ------------------------------------------------------------------------------
    def show(self, view: dict, legal: list, rng):
        """Show the partner the card that rules out the most for them, or decline."""
        seat = view["seat"]
        public = Table(public_view(view))
        shown = {event.get("index") for event in view["log"]
                 if event["type"] == "show" and event["by"] == seat and event.get("index") is not None}
        opponents = [h for h in range(view["seats"]) if h not in team_of(view, seat)]
        best, best_value = None, 0.0
        for action in legal:
            index = action["index"]
            if index is None or index in shown:
                continue
            card = view["rows"][seat][index]
            colour = knowledge.COLOUR_INDEX[card["colour"]]
            value = 0.0
            for hand in opponents:
                for i, other in enumerate(public.rows[hand]):
                    if other[1] is None and other[0] == colour:
                        candidates = knowledge.fence_candidates(public, hand, i)
                        if card["rank"] in candidates:
                            value += 1.0 / len(candidates)
            if value > best_value:
                best, best_value = action, value
        if best is None:
            return {"type": "show", "index": None}, ("Show your partner nothing: none of your face-down "
                                                      "cards would rule out anything they cannot rule out already.")
        card = view["rows"][seat][best["index"]]
        return best, (f"Show your partner your {ordinal(best['index'] + 1)} card, the {card['colour']} "
                      f"{rank_word(card['rank'])}: no {card['colour']} card of the other team can then be "
                      f"{article(card['rank'])}, and that rules out the most.")

    # -- a guessing turn ---------------------------------------------------------------------------
    def play_turn(self, view: dict, legal: list, rng):
        table = Table(view)
        chances = self.estimates(view, table)
        guesses = [a for a in legal if a["type"] == "guess"]
        best = self.pick(view, guesses, chances, rng) if guesses else None
        best_p = chance(chances, best) if best else 0.0
        power = self.power(view, legal, chances, best_p, rng)
        if power is not None:
            return power
        if best is None:
            return legal[0], "Nothing is worth doing but this."
        return best, self.guess_words(view, table, best, chances)

    def pick(self, view: dict, guesses: list, chances: dict, rng) -> dict:
        """The guess to make: the best scored (ties broken at random)."""
        scored = [(self.score(view, a, chances), rng.random(), i) for i, a in enumerate(guesses)]
        return guesses[max(scored)[2]]

    def guess_words(self, view, table, guess, chances) -> str:
        """Why this guess: how sure it is, and what makes it so."""
        card, p = card_words(view, guess), chance(chances, guess)
        if p >= Ruthless.CERTAIN:
            return f"{card} can only be {article(guess['rank'])}: {certain_because(table, guess)}."
        return (f"{card} is most likely {article(guess['rank'])} ({percent(p)}): "
                f"{self.reading} no other guess on the table is likelier.")

    reading = "reading the table your way,"

    def score(self, view: dict, guess: dict, chances: dict) -> float:
        return chance(chances, guess)

    def power(self, view: dict, legal: list, chances: dict, best_p: float, rng):
        """A power-up worth playing now, or None."""
        powers = {}
        for action in legal:
            if action["type"] == "power":
                powers.setdefault(action["power"], []).append(action)
        if not powers:
            return None
        seat = view["seat"]
        first = view["guessed_this_turn"] == 0
        if "stakeout" in powers:
            own = [a for a in powers["stakeout"] if a["hand"] == seat]
            if own and first:
                return own[0], "Stake out your own hand: nobody may guess at your cards until your next turn."
        if "misdirection" in powers and first:
            victim = (seat + 1) % view["seats"]
            aims = [a for a in powers["misdirection"] if a["victim"] == victim]
            if aims:
                # Send the next hand after the row hardest to read, and never at us.
                def hardness(a):
                    return (a["hand"] != seat, face_down_count(view, a["hand"]))
                aim = max(aims, key=hardness)
                return aim, (f"Misdirect hand {victim + 1}, who guesses next, to hand {aim['hand'] + 1}: "
                             f"with {face_down_count(view, aim['hand'])} cards face down it is the hardest row "
                             f"to read, and not yours.")
        if best_p < 0.95:
            for name in ("pickpocket", "second_storey"):
                if name in powers and (name != "pickpocket" or first):
                    return powers[name][0], (f"Play {POWER_TITLES[name]} first: your best guess is only "
                                             f"{percent(best_p)} likely, and it forgives a miss.")
        if "casing" in powers and best_p < 0.6:
            # Look at the card we could least tell, then guess it for certain.
            aim = min(powers["casing"], key=lambda a: top_chance(chances, a["hand"], a["index"]))
            return aim, (f"Case {card_words(view, aim, capital=False)}: you can least tell it (at best "
                         f"{percent(top_chance(chances, aim['hand'], aim['index']))}), and then you will know it.")
        if "crack" in powers and best_p < 0.4:
            aim = min(powers["crack"], key=lambda a: top_chance(chances, a["hand"], a["index"]))
            return aim, (f"Crack the vault on {card_words(view, aim, capital=False)}: you can least tell it "
                         f"(at best {percent(top_chance(chances, aim['hand'], aim['index']))}), and it flips "
                         f"as a right guess.")
        if len(view["held"]) >= 3:
            # A full hand draws nothing: spend a weak one.
            full = "holding three power-ups you draw none, so spend the weakest"
            if "loose_lips" in powers:
                aim = powers["loose_lips"][rng.randrange(13)]
                return aim, f"Play Loose lips on the {plural_rank(aim['rank'])}: {full}."
            if "tip_off" in powers:
                behind = max(range(view["seats"]), key=lambda h: (h != seat, -others_face_down(view, h)))
                offers = [a for a in powers["tip_off"] if a["to"] == behind] or powers["tip_off"]
                return offers[0], (f"Tip off hand {offers[0]['to'] + 1}, the furthest behind: {full}, and "
                                   f"helping the last hand hurts you least.")
        return None


class Novice(Bot):
    """Reasons from colour alone: every unseen rank of the card's colour is equally likely."""

    level = "novice"
    reading = "going by colour alone,"

    def arrange(self, view, legal, rng):
        ranks = [card["rank"] for card in view["rows"][view["seat"]]]
        plain = sorted(range(len(ranks)), key=lambda i: ranks[i])    # ace low, as dealt
        order = next((a for a in legal if a["order"] == plain), legal[0])
        return order, row_words(ranks, order["order"], hide_aces=False)

    def show(self, view, legal, rng):
        action = rng.choice(legal)
        if action["index"] is None:
            return action, "Show your partner nothing this time."
        return action, f"Show your partner your {ordinal(action['index'] + 1)} card."

    def estimates(self, view, table):
        return spread(table, knowledge.colour_candidates, weigh_aces=False)


class Sharp(Bot):
    """Also reads the row: the fence of the nearest visible neighbours (aces wild), and the
    card's place inside it; each row on its own."""

    level = "sharp"
    reading = "reading each row between its visible neighbours,"

    def estimates(self, view, table):
        return knowledge.row_reading(table)


class Ruthless(Bot):
    """Reads the whole table jointly: exact chances of every rank at every hidden place.

    It plays the run, not the single guess.  A miss hands the turn, and everything flipped so far,
    to the next hand, and at three hands a turn after a miss often clears the table; so:

    - a card it is already certain of is flipped last: flipping it teaches Ruthless nothing (its
      chances do not change) but shows the table a rank, so it waits until nothing uncertain is
      left, and is never shown at all if the run ends first;
    - of the cards it is not certain of, it guesses first the one it can least tell (at its most
      likely rank): if the run is to end in a miss, better early, before other flips give the table
      away, and a hit there reveals the most to Ruthless itself.

    Measured against GreedyExact (the likeliest guess every time) with
    ``python -m pycore.head_to_head``.
    """

    level = "ruthless"
    CERTAIN = 0.999       # at least this likely counts as certain (rounding in the programme)

    def estimates(self, view, table):
        # Also read what the other hands' misses say about their own rows; should that
        # contradict the table (someone missed on purpose), read without it.
        found = knowledge.marginals(Table(view, read_guessers=True)) or knowledge.marginals(table)
        if found is None:   # contradictory information (should not happen): read the rows instead
            found = knowledge.row_reading(table)
        for hand, row in enumerate(view["rows"]):     # learned privately: certain
            for index, card in enumerate(row):
                if card["known"] and hand != view["seat"]:
                    found[(hand, index)] = [float(rank == card["rank"]) for rank in range(14)]
        return found

    def pick(self, view, guesses, chances, rng):
        best_at = {}      # per card: (its likeliest rank's chance, tie-break, that guess)
        for guess in guesses:
            p, key = chance(chances, guess), (guess["hand"], guess["index"])
            if key not in best_at or p > best_at[key][0]:
                best_at[key] = (p, rng.random(), guess)
        uncertain = [entry for entry in best_at.values() if 0.0 < entry[0] < self.CERTAIN]
        if uncertain:
            return min(uncertain)[2]
        return max(best_at.values())[2]

    def guess_words(self, view, table, guess, chances):
        card, p = card_words(view, guess), chance(chances, guess)
        if p >= self.CERTAIN:
            return (f"{card} can only be {article(guess['rank'])}: {certain_because(table, guess)}; "
                    f"nothing uncertain is left, so the sure cards go now.")
        return (f"{card} is most likely {article(guess['rank'])}, at {percent(p)}: guess the cards you "
                f"are unsure of first and keep the ones you are sure of for last, so that if a miss ends "
                f"your run the others have not seen your sure cards turned up; and a right guess here "
                f"tells you the most.")


class GreedyExact(Ruthless):
    """The baseline to beat (not offered at the table): Ruthless's exact chances and row
    arrangement, guessing the single most probable card every time."""

    level = "greedy-exact"
    pick = Bot.pick
    guess_words = Bot.guess_words


# -- helpers -----------------------------------------------------------------------------------
POWER_TITLES = {"pickpocket": "Pickpocket", "second_storey": "Second storey"}


def percent(p: float) -> str:
    return f"{round(100 * p)}%"


def card_words(view: dict, action: dict, capital: bool = True) -> str:
    """'Hand 2's 3rd card (black)'"""
    hand, index = action["hand"], action["index"]
    colour = view["rows"][hand][index]["colour"]
    return f"{'H' if capital else 'h'}and {hand + 1}'s {ordinal(index + 1)} card ({colour})"


def certain_because(table: Table, guess: dict) -> str:
    """Why a card can only be that rank, as a person would check it."""
    hand, index, rank = guess["hand"], guess["index"], guess["rank"]
    colour = "red" if table.rows[hand][index][0] == knowledge.RED else "black"
    if knowledge.fence_candidates(table, hand, index) == [rank]:
        low, high = knowledge.fence(table, hand, index)
        return (f"it is the only {colour} rank not yet seen that fits between "
                f"{'the start of the row' if low == 1 else 'the ' + rank_word(low)} and "
                f"{'the end of the row' if high == 13 else 'the ' + rank_word(high)}")
    return "every other rank is ruled out when all the rows, colours and misses are read together"


def row_words(ranks: list, order: list, hide_aces: bool) -> str:
    """'Lock in 3 A 5 9 J: ...' (the row as it will lie, and why so)."""
    row = [ranks[i] for i in order]
    names = " ".join(RANK_LETTERS.get(rank, str(rank)) for rank in row)
    plain = [rank for rank in row if rank != 1]
    if 1 not in row or not hide_aces:
        tie = "; two equal ranks may go either way round" if len(plain) != len(set(plain)) else ""
        low = {0: "", 1: " with the ace low", 2: " with the aces low"}[row.count(1)]
        return f"Lock in {names}, lowest to highest{low}{tie}."
    fences = []
    for q, rank in enumerate(row):
        low = next((r for r in reversed(row[:q]) if r != 1), None)
        high = next((r for r in row[q + 1:] if r != 1), None)
        if rank == 1 and low is not None and high is not None:
            fences.append(f"between the {rank_word(low)} and the {rank_word(high)}")
    if not fences:
        return f"Lock in {names}: an ace may go anywhere, and in a row this short the end is the best place left."
    one = row.count(1) == 1
    return (f"Lock in {names}: an ace may go anywhere, so {'it hides' if one else 'the aces hide'} "
            f"{' and '.join(fences)}, away from the ends where guessers look for aces first.")


RANK_LETTERS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def spread(table: Table, candidates, weigh_aces: bool) -> dict:
    """Chances spread evenly over each hidden card's candidate ranks (an ace weighs 1/len(row)
    when ``weigh_aces``: it could lie anywhere in the row)."""
    result = {}
    for hand, index in table.hidden():
        ranks = candidates(table, hand, index) or list(knowledge.ALL_RANKS)
        weights = [0.0] * 14
        for rank in ranks:
            weights[rank] = 1.0 / len(table.rows[hand]) if (weigh_aces and rank == 1 and len(ranks) > 1) else 1.0
        total = sum(weights)
        result[(hand, index)] = [w / total for w in weights]
    return result


def chance(chances: dict, guess: dict) -> float:
    found = chances.get((guess["hand"], guess["index"]))
    return found[guess["rank"]] if found else 0.0


def top_chance(chances: dict, hand: int, index: int) -> float:
    found = chances.get((hand, index))
    return max(found) if found else 1.0


def face_down_count(view: dict, hand: int) -> int:
    return sum(not card["face_up"] for card in view["rows"][hand])


def others_face_down(view: dict, hand: int) -> int:
    """How many cards ``hand`` still waits for (face down outside its team)."""
    mine = team_of(view, hand)
    return sum(face_down_count(view, h) for h in range(view["seats"]) if h not in mine)


def team_of(view: dict, hand: int) -> list:
    for team in view["teams"] or []:
        if hand in team:
            return team
    return [hand]


def public_view(view: dict) -> dict:
    """The view with the seat's own secrets taken out (what the table at large can read)."""
    rows = [[{**card, "rank": card["rank"] if card["face_up"] else None} for card in row]
            for row in view["rows"]]
    return {**view, "rows": rows}


def ace_cover(ranks: list, order: list) -> float:
    """How well a row order hides its aces: the width of the fence around each ace, less when
    the ace sits at an end (where a low guess finds it) or beside the other ace."""
    row = [ranks[i] for i in order]
    score = 0.0
    for q, rank in enumerate(row):
        if rank != 1:
            continue
        low = next((r for r in reversed(row[:q]) if r != 1), None)
        high = next((r for r in row[q + 1:] if r != 1), None)
        if low is None or high is None:
            score -= 4.0                      # at an end the fence runs to 1 or 13 with no neighbour
        score += (high or 13) - (low or 1)
        if (q > 0 and row[q - 1] == 1) or (q + 1 < len(row) and row[q + 1] == 1):
            score -= 3.0
    return score


BOTS = {"novice": Novice(), "sharp": Sharp(), "ruthless": Ruthless()}
