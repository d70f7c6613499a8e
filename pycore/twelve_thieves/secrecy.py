"""12 Thieves: what a seat cannot see, dealt afresh (``resample``), and named (the shared tests).

Hidden from a seat: the deck's order and the palace cards in the other hands (how many cards each
holds, and every Dancer, is public).  Before any reshuffle each such card may be anywhere among
them.  After one, the deck holds only cards of the discards that were shuffled into it, less
those the seat has drawn from it since; the other hands share the rest.
"""
from __future__ import annotations

from functools import lru_cache
from math import comb, factorial

from .rules import DANCER_INDEX, PALACES


def hidden_make_up(state, seat) -> tuple:
    """(the other seats, the hidden palace cards by palace, what the deck's cards come from by
    palace): everything here is what ``seat`` knows, the same in every resample."""
    others = [other for other in range(state.seats) if other != seat]
    hidden = [state.deck.count(palace) + sum(state.hands[o][palace] for o in others)
              for palace in range(len(PALACES))]
    if state.reshuffled is None:
        return others, hidden, hidden
    return others, hidden, [shuffled - mine for shuffled, mine in zip(state.reshuffled, state.drawn_since[seat])]


def redeal(state, seat, rng) -> None:
    """Deal afresh the palace cards ``seat`` cannot see: the deck and the other hands (each keeps
    its size; Dancers are public and stay where they are).

    After a reshuffle the deck's make-up is drawn as if the others' draws since had come off a
    shuffled deck of those cards (so many of each palace in proportion to the ways to choose them),
    within what the hidden cards hold.  (What the others' payments might say about which of their
    cards are old or new is not read.)
    """
    if state.phase == "over":        # the end turns every hand up: nothing is left hidden
        return
    others, hidden, source = hidden_make_up(state, seat)
    if state.reshuffled is None:
        deck = [palace for palace, count in enumerate(hidden) for _ in range(count)]
        rng.shuffle(deck)
        deck = deck[:len(state.deck)]
    else:
        deck = draw_make_up(source, hidden, len(state.deck), rng)
        rng.shuffle(deck)
    rest = list(hidden)
    for palace in deck:
        rest[palace] -= 1
    pool = [palace for palace, count in enumerate(rest) for _ in range(count)]
    rng.shuffle(pool)
    for other in others:
        hand = state.hands[other]
        size = sum(hand[:DANCER_INDEX])
        hand[:DANCER_INDEX] = [0] * len(PALACES)
        for palace in pool[:size]:
            hand[palace] += 1
        pool = pool[size:]
    state.deck = deck


def hidden_items(state, seat) -> dict:
    """What ``seat`` cannot see and its view leaves open, by name (for the shared tests): the
    order of the deck, and how many cards of each palace each other player holds, each while no
    one value of it is better than even odds (exact chances), so that resamples show it change."""
    if state.phase == "over":
        return {}
    others, hidden, source = hidden_make_up(state, seat)
    size = len(state.deck)
    items = {}
    # What the seat knows is the same in every resample of it: the chances are worked out once.
    source, hidden = tuple(source), tuple(hidden)
    if likeliest_order(source, hidden, size) <= 0.5:
        items["the order of the deck"] = list(state.deck)
    for other in others:
        held = sum(state.hands[other][:DANCER_INDEX])
        for palace in uncertain_palaces(source, hidden, size, held):
            items[f"{PALACES[palace]} cards of seat {other + 1}"] = state.hands[other][palace]
    return items


@lru_cache(maxsize=1024)
def uncertain_palaces(source: tuple, hidden: tuple, size: int, held: int) -> tuple:
    """The palaces of which a hand of ``held`` hidden cards holds no count at better than even odds."""
    in_deck = make_up_chances(source, hidden, size)
    rest = sum(hidden) - size           # the palace cards the other hands hold between them
    return tuple(palace for palace in range(len(hidden))
                 if max(sum(p * hypergeometric(rest, hidden[palace] - deck, held, count)
                            for deck, p in enumerate(in_deck[palace]))
                        for count in range(held + 1)) <= 0.5)


# -- the deck's make-up: ``size`` cards from ``source`` (at most ``limit`` of each palace) ------------
def _choices(source, limit, palace) -> list:
    """The ways to take 0, 1, ... cards of one palace."""
    return [comb(source[palace], k) for k in range(min(source[palace], limit[palace]) + 1)]


def _times(a: list, b: list, size: int) -> list:
    """Two counts of ways, combined (a polynomial product, cut at ``size``)."""
    out = [0] * min(len(a) + len(b) - 1, size + 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b[:size + 1 - i]):
            out[i + j] += x * y
    return out


def _ways(polys, size) -> list:
    total = [1]
    for poly in polys:
        total = _times(total, poly, size)
    return total + [0] * (size + 1 - len(total))


def draw_make_up(source: list, limit: list, size: int, rng) -> list:
    """``size`` cards drawn at random from a deck with ``source[p]`` cards of each palace p, at most
    ``limit[p]`` of each (every way to choose them alike likely); a list of palaces."""
    palaces = len(source)
    polys = [_choices(source, limit, p) for p in range(palaces)]
    # after[p][k]: the ways to choose k cards from palaces p and after, within the limits.
    after = [None] * palaces + [_ways([], size)]
    for p in range(palaces - 1, -1, -1):
        after[p] = _ways([polys[p], after[p + 1]], size)
    chosen, k = [], size
    for p in range(palaces):
        x = rng.randrange(after[p][k])
        for d, ways in enumerate(polys[p][:k + 1]):
            x -= ways * after[p + 1][k - d]
            if x < 0:
                break
        chosen += [p] * d
        k -= d
    return chosen


@lru_cache(maxsize=256)
def make_up_chances(source: tuple, limit: tuple, size: int) -> list:
    """For each palace, the chance that the deck holds 0, 1, ... of its cards."""
    polys = [_choices(source, limit, p) for p in range(len(source))]
    total = _ways(polys, size)[size]
    chances = []
    for p, poly in enumerate(polys):
        others = _ways(polys[:p] + polys[p + 1:], size)
        chances.append([ways * others[size - d] / total if d <= size else 0.0 for d, ways in enumerate(poly)])
    return chances


@lru_cache(maxsize=256)
def likeliest_order(source: tuple, limit: tuple, size: int) -> float:
    """The chance of the likeliest order of the deck: its make-up's chance over its orders."""
    total = _ways([_choices(source, limit, p) for p in range(len(source))], size)[size]
    best = {0: 1}                       # cards so far -> the most ways times orders of one make-up
    for p in range(len(source)):
        step = {}
        for k, value in best.items():
            for d, ways in enumerate(_choices(source, limit, p)[:size - k + 1]):
                step[k + d] = max(step.get(k + d, 0), value * ways * factorial(d))
        best = step
    return best[size] / (total * factorial(size))


def hypergeometric(cards: int, marked: int, drawn: int, hits: int) -> float:
    """The chance that ``drawn`` of ``cards`` (``marked`` of them marked) hold ``hits`` marked."""
    if not 0 <= hits <= marked or drawn - hits > cards - marked:
        return 0.0
    return comb(marked, hits) * comb(cards - marked, drawn - hits) / comb(cards, drawn)
