"""What a seat can work out about the face-down cards, from its view alone.

Three depths, one per bot level:

- :func:`colour_candidates` (Novice): the ranks of a card's colour that the seat has not seen.
- :func:`fence_candidates` and :func:`row_reading` (Sharp): those, narrowed to the fence of the
  nearest visible non-ace neighbours in the row (an ace is wild, so it stays possible), less the
  missed ranks, and weighed by the card's place inside its fence.
- :func:`marginals` (Ruthless): the exact chance of every rank at every hidden position, reading
  the whole table jointly (with ``Table(view, read_guessers=True)`` also what other hands' misses
  say about their own rows).

>>> import pycore
>>> state = pycore.GAMES["thievery"].new_game(seats=3, seed=1)
>>> for seat in range(3):
...     _ = state.apply(seat, state.legal_actions(seat)[0])
>>> chances = marginals(Table(state.view(0)))
>>> all(abs(sum(p) - 1) < 1e-9 for p in chances.values()), len(chances)
(True, 17)

The model behind :func:`marginals`: the deal is uniform, and each owner picked one of the valid
orders of its row, every valid order alike likely, except that an ace counts 1/len(row) wherever it
lies ("it could have gone anywhere", two aces in one row 1/len(row)**2) and two equal ranks in one
row count 1/2 (either way round).  Every card lies in a row, so the unseen ranks of each colour are
exactly the hidden places of that colour.  Misses rule a rank out at a card.

The computation is a forward-backward dynamic programme over the ranks 2..13.  Each row is filled
from the left as the ranks go up (known cards are barriers that must be reached exactly when their
rank comes), so a state is one pointer per row plus whether each colour's ace is placed; an ace is
placed as a pointer arrives at a place ("it lies here").  Rank r is placed in two half-steps, red
then black (with the black-first order inside one row as its own move), so the work grows with the
sum, not the product, of the rows' choices.
"""
from __future__ import annotations

from bisect import bisect_right
from math import comb

RED, BLACK = 0, 1
COLOUR_INDEX = {"red": RED, "black": BLACK}
ALL_RANKS = range(1, 14)


class Table:
    """The view boiled down: per hand a row of (colour, rank or None, misses)."""

    __slots__ = ("seat", "hands", "rows", "seen")

    def __init__(self, view: dict, read_guessers: bool = False):
        self.seat = view["seat"]
        self.hands = view["seats"]
        self.rows = [[(COLOUR_INDEX.get(card["colour"]), card["rank"], frozenset(card["misses"]))
                      for card in row] for row in view["rows"]]
        if read_guessers:
            self._read_guessers(view)
        # Ranks of each colour that this seat can see somewhere (face up, own, learned).
        self.seen = (set(), set())
        for row in self.rows:
            for colour, rank, _ in row:
                if rank is not None and colour is not None:
                    self.seen[colour].add(rank)

    def _read_guessers(self, view: dict) -> None:
        """A hand that names a rank does not hold that card itself (it would know better): each
        missed guess by another hand rules the named card out of the guesser's own hidden cards.
        (A hand that misses on purpose with a card it holds breaks this; :func:`marginals`
        callers fall back to a plain Table when nothing fits.)"""
        banned: dict = {}
        for event in view.get("log", ()):
            if event.get("type") == "guess" and not event["hit"] and event["by"] != self.seat:
                colour = self.rows[event["hand"]][event["index"]][0]
                banned.setdefault((event["by"], colour), set()).add(event["rank"])
        for (hand, colour), ranks in banned.items():
            self.rows[hand] = [(c, r, m | ranks) if r is None and c == colour else (c, r, m)
                               for c, r, m in self.rows[hand]]

    def hidden(self):
        """(hand, index) of every card whose rank this seat cannot see."""
        return [(h, i) for h, row in enumerate(self.rows) for i, card in enumerate(row)
                if card[1] is None]

    def knowing(self, ranks: dict) -> "Table":
        """The table as it would read with these hidden cards' ranks {(hand, index): rank} known."""
        other = object.__new__(Table)
        other.seat, other.hands = self.seat, self.hands
        other.rows = [[(colour, ranks.get((h, i), rank), misses) for i, (colour, rank, misses) in enumerate(row)]
                      for h, row in enumerate(self.rows)]
        other.seen = (set(self.seen[RED]), set(self.seen[BLACK]))
        for (h, i), rank in ranks.items():
            other.seen[self.rows[h][i][0]].add(rank)
        return other


def colour_candidates(table: Table, hand: int, index: int) -> list[int]:
    """Novice: ranks of the card's colour not yet seen anywhere by this seat."""
    colour, _, misses = table.rows[hand][index]
    return [r for r in ALL_RANKS if r not in table.seen[colour] and r not in misses]


def fence(table: Table, hand: int, index: int) -> tuple[int, int]:
    """The nearest visible non-ace ranks left and right of a card (1 and 13 at the ends)."""
    row = table.rows[hand]
    low = next((row[i][1] for i in range(index - 1, -1, -1)
                if row[i][1] is not None and row[i][1] != 1), 1)
    high = next((row[i][1] for i in range(index + 1, len(row))
                 if row[i][1] is not None and row[i][1] != 1), 13)
    return low, high


def fence_candidates(table: Table, hand: int, index: int) -> list[int]:
    """Sharp: unseen ranks of the colour inside the fence of visible neighbours (aces wild)."""
    low, high = fence(table, hand, index)
    return [r for r in colour_candidates(table, hand, index) if r == 1 or low <= r <= high]


# The exact programme's work grows with the product of (hidden cards + 1) over the rows it holds
# (in CPython a few microseconds per unit; 2000 stays within about 20 ms).  Above EXACT_LIMIT
# (only the first turns at 5 and 6 hands) each row is read on its own, exactly, with the other
# hidden cards as a free pool of the ranks it leaves; a free pool loses the count that keeps the
# exact programme small, so such groups hold one row (POOL_LIMIT).
EXACT_LIMIT = 2000
POOL_LIMIT = 1
# A resample (:func:`sample`) is always exact: it reads the whole table in one programme.  The
# counting is the costly part (in CPython, first turns: median 7 ms at 5 hands, 31 ms at 6), and a
# resample is seldom alone (a check, a hint or a sampling player draws many from one position),
# so the last programme is kept (SAMPLE_CACHE) and each further draw from the same table only
# walks it (0.1 to 0.2 ms).  One is kept, not more: at 6 hands one holds about 10 MB.
SAMPLE_CACHE = 1


def row_reading(table: Table) -> dict:
    """Sharp: {(hand, index): [P(rank)]} from each card's fence and its place inside it.

    A hidden card fenced by visible non-aces a (left) and b (right), with m hidden cards in the
    fence of which it is number i+1 from the left, is read as the (i+1)-th smallest of m ranks
    drawn from the unseen ranks between a and b (either colour): P(r) is proportional to
    C(unseen below r, i) * C(unseen above r, m-1-i) for the unseen ranks r of its own colour.
    An ace stays possible anywhere, weighing 1/len(row).  Each row is read on its own.
    """
    result = {}
    for hand, index in table.hidden():
        row = table.rows[hand]
        left = next((i for i in range(index - 1, -1, -1)
                     if row[i][1] is not None and row[i][1] != 1), -1)
        right = next((i for i in range(index + 1, len(row))
                      if row[i][1] is not None and row[i][1] != 1), len(row))
        low = row[left][1] if left >= 0 else 1
        high = row[right][1] if right < len(row) else 13
        hidden_in_fence = sum(1 for i in range(left + 1, right) if row[i][1] is None)
        before = sum(1 for i in range(left + 1, index) if row[i][1] is None)
        pool = [r for c in (RED, BLACK) for r in range(max(low, 2), high + 1) if r not in table.seen[c]]
        weights = [0.0] * 14
        for rank in fence_candidates(table, hand, index):
            if rank == 1:
                weights[1] = 1.0 / len(row)
            else:
                below = sum(1 for r in pool if r < rank)
                above = sum(1 for r in pool if r > rank)
                weights[rank] = comb(below, before) * comb(above, hidden_in_fence - 1 - before)
        total = sum(weights)
        if total <= 0:                    # nothing fits the fence: fall back to the colour
            weights = [0.0] + [1.0 if r in colour_candidates(table, hand, index) else 0.0
                               for r in ALL_RANKS]
            total = sum(weights) or 1.0
        result[(hand, index)] = [w / total for w in weights]
    return result


def _costs(table: Table) -> dict:
    """{hand: hidden cards + 1} for every row with a hidden card (the programme's work is about
    the product of these)."""
    return {h: sum(card[1] is None for card in row) + 1 for h, row in enumerate(table.rows)
            if any(card[1] is None for card in row)}


def _product(values) -> int:
    product = 1
    for value in values:
        product *= value
    return product


_programmes: dict = {}


def _whole(table: Table) -> "Programme":
    """The programme over every row of ``table`` with a hidden card (the last one is kept)."""
    key = (table.seat, tuple(tuple(row) for row in table.rows),
           tuple(tuple(sorted(seen)) for seen in table.seen))
    programme = _programmes.pop(key, None)
    if programme is None:
        programme = Programme(table, sorted(_costs(table)))
        while len(_programmes) >= SAMPLE_CACHE:
            del _programmes[next(iter(_programmes))]
    _programmes[key] = programme       # the most recent last
    return programme


def sample(table: Table, rng) -> dict | None:
    """{(hand, index): rank} for every card hidden from the seat: one deal that fits the table,
    drawn exactly under the model above (each deal by its weight among all that fit: what
    :func:`marginals` reads); None if nothing fits.

    The rank-by-rank programme over every row with a hidden card counts the completions of
    every state, then the deal is drawn rank by rank, each step by the completions it leaves.
    The counts of the last table are kept, so drawing again from the same table is quick.
    """
    return _whole(table).sample(rng)


def exact_marginals(table: Table) -> dict | None:
    """:func:`marginals` read in one programme whatever it costs (the chances :func:`sample`
    draws by), sharing its kept counts."""
    programme = _whole(table)
    if programme.chances is None:
        programme.chances = programme.marginals() or {}
    return {key: list(p) for key, p in programme.chances.items()} or None


def marginals(table: Table, exact_limit: int = EXACT_LIMIT) -> dict | None:
    """{(hand, index): [P(rank 0..13)]} for every card hidden from the seat (index 0 unused).

    Exact under the model above when the product of (hidden + 1) over the rows is at most
    ``exact_limit`` (always at 3 and 4 hands; from early in the round on at 5 and 6); otherwise
    each small group of rows is read jointly, the rest of the table only taking the ranks it leaves.
    None if nothing fits the view.
    """
    cost = _costs(table)
    hidden_rows = sorted(cost)
    if _product(cost.values()) <= exact_limit:
        return Programme(table, hidden_rows).marginals()
    groups, group, size = [], [], 1
    for h in sorted(hidden_rows, key=cost.get):
        if group and size * cost[h] > POOL_LIMIT:
            groups.append(group)
            group, size = [], 1
        group.append(h)
        size *= cost[h]
    groups.append(group)
    result = {}
    for group in groups:
        part = Programme(table, sorted(group), [h for h in hidden_rows if h not in group]).marginals()
        if part is None:
            return None
        result.update(part)
    return result


HALF_STEPS = 24      # ranks 2..13, each red then black (aces are laid as a row's pointer arrives)


class Programme:
    """The rank-by-rank programme over the rows ``kept``: counts every way to deal their hidden
    cards (the model above), with the hidden cards of the ``pool`` rows taking whatever ranks
    are left (their order is not read).

    A state is one int: each kept row's pointer (how many of its places are filled) in mixed
    radix, then the two ace flags (that colour's ace is placed).  Half-step ``k`` places rank
    ``2 + k // 2``, red on even ``k``, black on odd; after a red half-step the state also says in
    which row the red went (a black beside it is a tie, 1/2) and whether the black went first.
    ``weight(k, state)`` counts the completions from a state (remembered); :meth:`marginals`
    and :meth:`sample` read them.
    """

    def __init__(self, table: Table, kept: list, pool: list = ()):
        rows = table.rows
        self.kept = kept
        self.lengths = lengths = [len(rows[h]) for h in kept]
        self.cols = [[card[0] for card in rows[h]] for h in kept]
        self.known = [[card[1] for card in rows[h]] for h in kept]
        self.misses = [[card[2] for card in rows[h]] for h in kept]
        unseen = [{r for r in ALL_RANKS if r not in table.seen[c]} for c in (RED, BLACK)]
        self.unseen = unseen
        pool_has = [any(card[1] is None and card[0] == c for h in pool for card in rows[h])
                    for c in (RED, BLACK)]
        self.radix, base = [], 1
        for length in lengths:
            self.radix.append(base)
            base *= length + 1
        self.flag_base = base
        self.span = 2 * (len(kept) + 1)
        self.end = sum(length * radix for length, radix in zip(lengths, self.radix))
        # An ace the kept rows do not take lies in the pool, anywhere in its row.
        pool_ace = sum(1.0 / len(rows[h]) for h in pool) / len(pool) if pool else 0.0
        self.end_weights = {}
        for flags in range(4):
            weight = 1.0
            for colour in (RED, BLACK):
                if not flags >> colour & 1:
                    weight *= pool_ace if pool_has[colour] else 0.0
            if weight:
                self.end_weights[self.end + flags * base] = weight
        # places[colour][rank]: [(row, {places it may take})] (None: it lies in no kept row and
        # not in the pool); pooled[colour][rank]: it may lie in the pool instead.
        where = {(card[0], card[1]): (j, p) for j, h in enumerate(kept)
                 for p, card in enumerate(rows[h]) if card[1] is not None}
        self.places = [[None] * 14, [None] * 14]
        self.pooled = [[False] * 14, [False] * 14]
        for colour in (RED, BLACK):
            for rank in range(2, 14):
                if (colour, rank) in where:
                    j, p = where[(colour, rank)]
                    self.places[colour][rank] = [(j, {p})]
                elif rank in unseen[colour]:
                    fits = [(j, {p for p in range(lengths[j]) if self.cols[j][p] == colour
                                 and self.known[j][p] is None and rank not in self.misses[j][p]})
                            for j in range(len(kept))]
                    self.places[colour][rank] = [(j, spots) for j, spots in fits if spots]
                    self.pooled[colour][rank] = pool_has[colour]
        self.arrivals: dict = {}
        # Per rank, the rows that may take it: (row, radix, radix of the next row, places for the
        # red or black, places for the black) read at every step, so built once.
        self.steps_for = [[None] * 14, [None] * 14]
        for colour in (RED, BLACK):
            for rank in range(2, 14):
                places, black = self.places[colour][rank], dict(self.places[BLACK][rank] or ())
                if places is not None:
                    self.steps_for[colour][rank] = [
                        (j, self.radix[j], lengths[j] + 1, spots, black.get(j, frozenset()))
                        for j, spots in places]
        self.memo = [dict() for _ in range(HALF_STEPS + 1)]
        self.choices: dict = {}
        self.chances = None

    def arrive(self, j: int, p: int, flags: int) -> list:
        """[(change of state, weight, aces laid)] as row j's pointer reaches place p: it passes
        known aces and may lay an unseen ace on a hidden place of its colour (1/len of the row)."""
        key = (j, p, flags)
        found = self.arrivals.get(key)
        if found is not None:
            return found
        found, length, radix, flag_base = [], self.lengths[j], self.radix[j], self.flag_base
        cols, known, misses = self.cols[j], self.known[j], self.misses[j]
        q, now, weight, laid = p, flags, 1.0, ()
        while True:
            while q < length and known[q] == 1:
                q += 1
            found.append(((q - p) * radix + (now - flags) * flag_base, weight, laid))
            if q == length or known[q] is not None or now >> cols[q] & 1 or 1 in misses[q]:
                break
            now, weight, laid = now | 1 << cols[q], weight / length, laid + ((j, q, 1),)
            q += 1
        self.arrivals[key] = found
        return found

    def starts(self) -> list:
        """[(state, weight, aces laid)] with every row's pointer arrived at its first place."""
        flags = (0 if 1 in self.unseen[RED] else 1) | (0 if 1 in self.unseen[BLACK] else 2)
        partial = [(flags * self.flag_base, 1.0, ())]
        for j in range(len(self.kept)):
            partial = [(state + delta, weight * w, laid + aces) for state, weight, laid in partial
                       for delta, w, aces in self.arrive(j, 0, state // self.flag_base)]
        return partial

    def moves(self, step: int, state: int) -> list:
        """[(next state, weight, cards laid as (row, place, rank))] of one half-step."""
        rank, span, flag_base, arrive = 2 + (step >> 1), self.span, self.flag_base, self.arrive
        out = []
        if not step & 1:                                   # the red of this rank
            rows = self.steps_for[RED][rank]
            if rows is None:
                return [(state * span, 1.0, ())]
            if self.pooled[RED][rank]:
                out.append((state * span, 1.0, ()))
            flags = state // flag_base
            for j, radix, base, spots, black_spots in rows:
                p = state // radix % base
                if p in spots:
                    card = ((j, p, rank),)
                    for delta, w, aces in arrive(j, p + 1, flags):
                        after = state + radix + delta
                        # The tag matters only if the black may follow in this row: else the
                        # states merge (a smaller programme, the same counts).
                        tag = (j + 1) * 2 if after // radix % base in black_spots else 0
                        out.append((after * span + tag, w, card + aces))
                if p in black_spots:                       # the black first, the red beside it
                    card = ((j, p, rank),)
                    for delta, w, aces in arrive(j, p + 1, flags):
                        after = state + radix + delta
                        q = after // radix % base
                        if q in spots:
                            for delta2, w2, aces2 in arrive(j, q + 1, after // flag_base):
                                out.append(((after + radix + delta2) * span + (j + 1) * 2 + 1,
                                            0.5 * w * w2, card + aces + ((j, q, rank),) + aces2))
            return out
        state, tag = divmod(state, span)
        rows = self.steps_for[BLACK][rank]
        if tag & 1 or rows is None:
            return [(state, 1.0, ())]
        if self.pooled[BLACK][rank]:
            out.append((state, 1.0, ()))
        red_row, flags = tag // 2 - 1, state // flag_base
        for j, radix, base, spots, _ in rows:
            p = state // radix % base
            if p in spots:
                tie = 0.5 if j == red_row else 1.0
                card = ((j, p, rank),)
                for delta, w, aces in arrive(j, p + 1, flags):
                    out.append((state + radix + delta, w * tie, card + aces))
        return out

    def weight(self, step: int, state: int) -> float:
        """The weight of every completion from ``state`` before half-step ``step``."""
        memo = self.memo[step]
        found = memo.get(state)
        if found is None:
            if step == HALF_STEPS:
                found = self.end_weights.get(state, 0.0)
            else:
                found = 0.0
                for after, w, _ in self.moves(step, state):
                    found += w * self.weight(step + 1, after)
            memo[state] = found
        return found

    def marginals(self) -> dict | None:
        """{(hand, index): [P(rank 0..13)]} for the kept rows' hidden cards; None if no deal fits."""
        mass: dict = {}
        layer: dict = {}
        total = 0.0
        for state, w, aces in self.starts():
            reach = w * self.weight(0, state)
            if reach:
                total += reach
                layer[state] = layer.get(state, 0.0) + w
                for key in aces:
                    mass[key] = mass.get(key, 0.0) + reach
        if total <= 0:
            return None
        for step in range(HALF_STEPS):
            after_layer: dict = {}
            memo = self.memo[step + 1]
            for state, a in layer.items():
                for after, w, laid in self.moves(step, state):
                    b = memo.get(after)
                    if b:
                        after_layer[after] = after_layer.get(after, 0.0) + a * w
                        for key in laid:
                            mass[key] = mass.get(key, 0.0) + a * w * b
            layer = after_layer
        result = {}
        for j, h in enumerate(self.kept):
            for p, rank in enumerate(self.known[j]):
                if rank is None:
                    result[(h, p)] = [0.0] * 14
        for (j, p, rank), m in mass.items():
            if self.known[j][p] is None:
                result[(self.kept[j], p)][rank] += m / total
        return result

    def sample(self, rng) -> dict | None:
        """{(hand, index): rank} for the kept rows' hidden cards, one deal drawn by its weight;
        None if no deal fits.  Each step's choices are kept (as running totals), so a second
        draw from the same programme only walks."""
        laid: list = []
        state = None
        for step in range(-1, HALF_STEPS):
            found = self.choices.get((step, state))
            if found is None:
                if step < 0:
                    options = [(s, w * self.weight(0, s), aces) for s, w, aces in self.starts()]
                else:
                    options = [(after, w * self.weight(step + 1, after), cards)
                               for after, w, cards in self.moves(step, state)]
                totals, picks, running = [], [], 0.0
                for after, weight, cards in options:
                    if weight > 0:
                        running += weight
                        totals.append(running)
                        picks.append((after, cards))
                found = self.choices[(step, state)] = (totals, picks)
            totals, picks = found
            if not totals:
                return None
            pick = min(bisect_right(totals, rng.random() * totals[-1]), len(totals) - 1)
            state, cards = picks[pick]
            laid.extend(cards)
        return {(self.kept[j], p): rank for j, p, rank in laid if self.known[j][p] is None}
