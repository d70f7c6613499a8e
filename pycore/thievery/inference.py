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


def marginals(table: Table, exact_limit: int = EXACT_LIMIT) -> dict | None:
    """{(hand, index): [P(rank 0..13)]} for every card hidden from the seat (index 0 unused).

    Exact under the model above when the product of (hidden + 1) over the rows is at most
    ``exact_limit`` (always at 3 and 4 hands; from early in the round on at 5 and 6); otherwise
    each small group of rows is read jointly, the rest of the table only taking the ranks it leaves.
    None if nothing fits the view.
    """
    hidden_rows = [h for h, row in enumerate(table.rows) if any(card[1] is None for card in row)]
    cost = {h: sum(card[1] is None for card in table.rows[h]) + 1 for h in hidden_rows}
    product = 1
    for h in hidden_rows:
        product *= cost[h]
    if product <= exact_limit:
        return _solve(table, hidden_rows, [])
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
        part = _solve(table, sorted(group), [h for h in hidden_rows if h not in group])
        if part is None:
            return None
        result.update(part)
    return result


def _solve(table: Table, kept: list, pool: list) -> dict | None:
    """Forward-backward over the ranks for the rows ``kept``; the hidden cards of ``pool`` rows
    take whatever ranks are left (their order is not read)."""
    rows = table.rows
    unseen = [{r for r in ALL_RANKS if r not in table.seen[c]} for c in (RED, BLACK)]
    n_rows = len(kept)
    cols = [[card[0] for card in rows[h]] for h in kept]
    known = [[card[1] for card in rows[h]] for h in kept]
    misses = [[card[2] for card in rows[h]] for h in kept]
    lengths = [len(rows[h]) for h in kept]
    pool_has = [any(card[1] is None and card[0] == c for h in pool for card in rows[h])
                for c in (RED, BLACK)]
    pool_ace_weight = (sum(1.0 / len(rows[h]) for h in pool) / len(pool)) if pool else 0.0
    where = {}
    for j, h in enumerate(kept):
        for colour, rank, _ in rows[h]:
            if rank is not None:
                where[(colour, rank)] = j
    # A state is one int: the pointers in mixed radix, then the two ace flags.
    radix, base = [], 1
    for length in lengths:
        radix.append(base)
        base *= length + 1
    flag_base = base

    def fits_table(colour, rank):
        """fit[j][p]: may the card (colour, rank) lie at place p of row j?"""
        status = where.get((colour, rank))
        table_ = []
        for j in range(n_rows):
            line = []
            for p in range(lengths[j] + 1):
                ok = p < lengths[j] and cols[j][p] == colour and (
                    known[j][p] == rank if status is not None else
                    known[j][p] is None and rank in unseen[colour] and rank not in misses[j][p])
                line.append(ok)
            table_.append(line)
        return table_

    arrive_cache: dict = {}

    def arrive(j, p, flags):
        """[(delta to add to the state, weight, ace places)] as row j's pointer reaches p."""
        key = (j, p, flags)
        found = arrive_cache.get(key)
        if found is not None:
            return found
        out = []
        per_ace = 1.0 / lengths[j]

        def walk(q, new_flags, weight, placed):
            if q == lengths[j]:
                out.append(((q - p) * radix[j] + (new_flags - flags) * flag_base, weight, placed))
                return
            rank = known[j][q]
            if rank == 1:
                walk(q + 1, new_flags, weight, placed)
                return
            if rank is None:
                colour = cols[j][q]
                if not new_flags >> colour & 1 and 1 not in misses[j][q]:
                    walk(q + 1, new_flags | 1 << colour, weight * per_ace, placed + ((j, q, 1),))
            out.append(((q - p) * radix[j] + (new_flags - flags) * flag_base, weight, placed))

        walk(p, flags, 1.0, ())
        arrive_cache[key] = out
        return out

    start_flags = (0 if 1 in unseen[RED] else 1) | (0 if 1 in unseen[BLACK] else 2)
    # Initial layer: every row's pointer arrives at its first place (leading aces).
    partial = [(start_flags * flag_base, 1.0, ())]
    for j in range(n_rows):
        grown = []
        for state, weight, placed in partial:
            for delta, w, aces in arrive(j, 0, state // flag_base):
                grown.append((state + delta, weight * w, placed + aces))
        partial = grown
    layer: dict = {}
    for state, weight, _ in partial:
        layer[state] = layer.get(state, 0.0) + weight
    layers = [layer]
    steps = []
    for rank in range(2, 14):
        red_out = (RED, rank) not in where and rank not in unseen[RED]
        black_out = (BLACK, rank) not in where and rank not in unseen[BLACK]
        red_pool = pool_has[RED] and rank in unseen[RED]
        black_pool = pool_has[BLACK] and rank in unseen[BLACK]
        red_fit, black_fit = fits_table(RED, rank), fits_table(BLACK, rank)
        red_rows = [j for j in range(n_rows) if any(red_fit[j])]
        black_rows = [j for j in range(n_rows) if any(black_fit[j])]
        tie_rows = [j for j in black_rows if j in red_rows]
        # Half-step 1: red (or, inside one row, black then red).  A mid state is
        # state * span + (row of the red card + 1) * 2 + (black already placed).
        span = 2 * (n_rows + 1)
        if red_out:
            layers.append({state * span: a for state, a in layers[-1].items()})
            steps.append(("same", span))
        else:
            moves, mid = [], {}
            reach: dict = {}       # (j, p, flags) -> [(delta, weight, placements)] for this rank
            for state, a in layers[-1].items():
                flags = state // flag_base
                if red_pool:
                    dst = state * span
                    mid[dst] = mid.get(dst, 0.0) + a
                    moves.append((state, dst, 1.0, ()))
                for j in red_rows:
                    p = state // radix[j] % (lengths[j] + 1)
                    if not red_fit[j][p]:
                        continue
                    key = (j, p, flags)
                    found = reach.get(key)
                    if found is None:
                        found = reach[key] = [
                            ((radix[j] + delta) * span + (j + 1) * 2, w, ((j, p, rank),) + aces)
                            for delta, w, aces in arrive(j, p + 1, flags)]
                    base = state * span
                    for delta, w, placed in found:
                        dst = base + delta
                        mid[dst] = mid.get(dst, 0.0) + a * w
                        moves.append((state, dst, w, placed))
                if not black_out:
                    for j in tie_rows:
                        p = state // radix[j] % (lengths[j] + 1)
                        if not black_fit[j][p]:
                            continue
                        for delta, w, aces in arrive(j, p + 1, flags):
                            nxt = state + radix[j] + delta
                            q = nxt // radix[j] % (lengths[j] + 1)
                            if red_fit[j][q]:
                                for delta2, w2, aces2 in arrive(j, q + 1, nxt // flag_base):
                                    dst = (nxt + radix[j] + delta2) * span + (j + 1) * 2 + 1
                                    w3 = w * w2 * 0.5
                                    mid[dst] = mid.get(dst, 0.0) + a * w3
                                    moves.append((state, dst, w3, ((j, p, rank),) + aces
                                                  + ((j, q, rank),) + aces2))
            steps.append(moves)
            layers.append(mid)
        # Half-step 2: black.
        mid = layers[-1]
        if black_out:
            full: dict = {}
            for code, a in mid.items():
                full[code // span] = full.get(code // span, 0.0) + a
            layers.append(full)
            steps.append(("drop", span))
            continue
        moves, full = [], {}
        reach = {}
        for code, a in mid.items():
            state, rest = divmod(code, span)
            if rest & 1:                                   # black went first, beside the red
                full[state] = full.get(state, 0.0) + a
                moves.append((code, state, 1.0, ()))
                continue
            red_row = rest // 2 - 1
            flags = state // flag_base
            if black_pool:
                full[state] = full.get(state, 0.0) + a
                moves.append((code, state, 1.0, ()))
            for j in black_rows:
                p = state // radix[j] % (lengths[j] + 1)
                if not black_fit[j][p]:
                    continue
                key = (j, p, flags)
                found = reach.get(key)
                if found is None:
                    found = reach[key] = [(radix[j] + delta, w, ((j, p, rank),) + aces)
                                          for delta, w, aces in arrive(j, p + 1, flags)]
                tie = 0.5 if j == red_row else 1.0
                for delta, w, placed in found:
                    dst = state + delta
                    w2 = w * tie
                    full[dst] = full.get(dst, 0.0) + a * w2
                    moves.append((code, dst, w2, placed))
        steps.append(moves)
        layers.append(full)
    # End: every kept row full; an ace not placed in them lies in the pool.
    ends = sum(length * radix[j] for j, length in enumerate(lengths))
    beta = {}
    for state in layers[-1]:
        if state % flag_base != ends:
            continue
        flags, weight = state // flag_base, 1.0
        for colour in (RED, BLACK):
            if not flags >> colour & 1:
                if not pool_has[colour]:
                    weight = 0.0
                weight *= pool_ace_weight
        if weight:
            beta[state] = weight
    total = sum(layers[-1][state] * w for state, w in beta.items())
    if total <= 0:
        return None
    sums: dict = {}
    for k in range(len(steps) - 1, -1, -1):
        alpha, before = layers[k], {}
        if isinstance(steps[k], tuple):            # a half-step that placed nothing here
            how, span = steps[k]
            if how == "same":
                beta = {state: beta[state * span] for state in alpha if state * span in beta}
            else:
                beta = {code: beta[code // span] for code in alpha if code // span in beta}
            continue
        for src, dst, w, placed in steps[k]:
            b = beta.get(dst)
            if not b:
                continue
            before[src] = before.get(src, 0.0) + w * b
            if placed:
                mass = alpha[src] * w * b
                for key in placed:
                    sums[key] = sums.get(key, 0.0) + mass
        beta = before
    for state, weight, placed in partial:
        b = beta.get(state)
        if b:
            for key in placed:
                sums[key] = sums.get(key, 0.0) + weight * b
    result = {}
    for j, h in enumerate(kept):
        for p in range(lengths[j]):
            if known[j][p] is None:
                result[(h, p)] = [0.0] * 14
    for (j, p, rank), mass in sums.items():
        if known[j][p] is None:
            result[(kept[j], p)][rank] += mass / total
    return result
