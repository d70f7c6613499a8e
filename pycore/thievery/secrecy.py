"""Thievery: what a seat cannot see, dealt afresh (for :func:`pycore.kit.resample`) and named (for
the shared tests' ``game.hidden``).

Two things are hidden from a seat: the ranks of the cards it has not seen, and the power-ups the
other hands hold (its view shows only how many).  The cards are dealt by
:func:`.knowledge.sample`.  A hand's power-ups are drawn from what the log tells everyone: when
the hand drew (the draw is public, the power-up is not) and which power-ups it played.  Each
draw follows the game's own chances (:func:`draw_chances`: tiers by weight, never one already
held), so the holdings are dealt by how likely that story makes them: a forward pass over the
hand's draws and plays, then one holding drawn backwards from its end.

>>> chances = draw_chances(frozenset())
>>> round(sum(chances.values()), 12), round(chances["alarm"], 3), round(chances["crack"], 3)
(1.0, 0.072, 0.03)
>>> round(draw_chances(frozenset({"crack"}))["alarm"], 3)    # a held crack: the rare tier instead
0.09
"""
from __future__ import annotations

import functools

from .rules import POWER_WEIGHTS, POWERS, TIER_WEIGHTS, TIERS, colour_of, rank_of, valid_orders


@functools.lru_cache(maxsize=None)
def draw_chances(held: frozenset) -> dict:
    """{power-up: the chance it is the one drawn by a hand holding ``held``}, as
    ``ThieveryState._draw_power`` draws: a tier by weight, then a power-up of that tier not held
    (by weight), and a tier more common when the tier holds none."""
    total = sum(TIER_WEIGHTS.values())
    chances = dict.fromkeys((name for name in POWERS if name not in held), 0.0)
    for level, tier in enumerate(TIERS):
        lower = level
        while True:
            pool = [name for name in POWERS if POWERS[name]["tier"] == TIERS[lower] and name not in held]
            if pool:
                break
            lower -= 1
        weight = sum(POWER_WEIGHTS[name] for name in pool)
        for name in pool:
            chances[name] += TIER_WEIGHTS[tier] / total * POWER_WEIGHTS[name] / weight
    return chances


def power_story(log: list, hand: int) -> list:
    """What everyone saw of ``hand``'s power-ups since it last held none: ["draw" or the id of a
    power-up it played, ...], oldest first."""
    story = []
    for event in log:
        if event["type"] == "draw" and event["hand"] == hand:
            story.append("draw")
        elif event["type"] == "power" and event["by"] == hand:
            story.append(event["power"])
        else:
            continue
        if sum(1 if step == "draw" else -1 for step in story) == 0:
            story = []          # it held nothing: what came before tells nothing about now
    return story


def draw_holding(story: list, rng) -> list:
    """The power-ups a hand holds at the end of ``story`` (in the order it drew them), drawn by
    how likely the game's draws make each holding, given that every play in it was of a
    power-up the hand held."""
    # Forward: the weight of every holding after each step (a holding: a frozenset).
    layers = [{frozenset(): 1.0}]
    for step in story:
        after: dict = {}
        for held, weight in layers[-1].items():
            if step == "draw":
                for name, chance in draw_chances(held).items():
                    grown = held | {name}
                    after[grown] = after.get(grown, 0.0) + weight * chance
            elif step in held:
                shrunk = held - {step}
                after[shrunk] = after.get(shrunk, 0.0) + weight
        layers.append(after)
    # Backward: the last holding by its weight, then what each draw added.
    final = held = _pick(layers[-1], rng)
    drawn_at = {}
    for t in range(len(story) - 1, -1, -1):
        step = story[t]
        if step == "draw":
            options = {name: layers[t].get(held - {name}, 0.0) * draw_chances(held - {name})[name]
                       for name in held}
            name = _pick(options, rng)
            if name in final:        # read backwards, its latest draw is the copy held now
                drawn_at.setdefault(name, t)
            held = held - {name}
        else:
            held = held | {step}
    return sorted(drawn_at, key=drawn_at.get)


def _pick(weights: dict, rng):
    """One key of ``weights`` by its weight (in a fixed order: the draw depends on rng alone)."""
    keys = sorted(weights, key=lambda key: sorted(key) if isinstance(key, frozenset) else key)
    x = rng.random() * sum(weights[key] for key in keys)
    chosen = None
    for key in keys:
        if weights[key] > 0:
            chosen = key
            if x < weights[key]:
                break
            x -= weights[key]
    return chosen


def redeal(state, seat: int, rng) -> None:
    """Deal afresh, in place, everything ``seat`` cannot see, as a fair draw from what it sees.

    While sorting, every other row is unseen: its cards are dealt at random (a locked row in one
    of its valid orders, each alike likely).  Once the rows are down, the colours, the rows' order,
    every miss and what this seat has learned are known: the unseen cards are dealt by
    :func:`.knowledge.sample`, as likely as the deal and the owners' sorting make each deal that
    fits.  Every other hand's power-ups are drawn by :func:`draw_holding`, as many as it holds.
    """
    if state.phase == "over":          # everything is turned up
        return
    hidden = state.hidden_from(seat)
    if state.phase == "sorting":
        cards = [state.rows[hand][index] for hand, index in hidden]
        rng.shuffle(cards)
        for (hand, index), card in zip(hidden, cards):
            state.rows[hand][index] = card
        for hand in range(state.seats):
            if hand != seat and state.locked[hand]:
                row = state.rows[hand]
                order = rng.choice(valid_orders(tuple(rank_of(card) for card in row)))
                state.rows[hand] = [row[i] for i in order]
        return
    if hidden:
        for (hand, index), rank in _sample_cards(state, seat, hidden, rng).items():
            state.rows[hand][index] = state.rows[hand][index] // 13 * 13 + rank - 1
    if any(state.held[hand] for hand in range(state.seats) if hand != seat):
        log = state.log.for_seat(None)
        for hand in range(state.seats):
            if hand != seat and state.held[hand]:
                story = power_story(log, hand)
                if story.count("draw") * 2 - len(story) != len(state.held[hand]):
                    story = ["draw"] * len(state.held[hand])   # handed out by a test, not drawn
                state.held[hand] = draw_holding(story, rng)


def _table(state, seat: int, hidden) -> "knowledge.Table":
    """The inference's reading of what ``seat`` sees (its own view, without the log)."""
    from .knowledge import Table
    unseen = set(hidden)
    return Table({"seat": seat, "seats": state.seats, "rows": [
        [{"colour": colour_of(card), "rank": None if (hand, index) in unseen else rank_of(card),
          "misses": state.misses[hand][index]} for index, card in enumerate(row)]
        for hand, row in enumerate(state.rows)]})


def _sample_cards(state, seat: int, hidden, rng) -> dict:
    from .knowledge import sample
    return sample(_table(state, seat, hidden), rng)


def hidden_items(state, seat: int) -> dict:
    """What ``seat`` cannot see and its view leaves open, by name (for the shared tests): while
    sorting, every other row; then every card it has not seen that is at most even odds to be
    its likeliest rank (exact chances), and every other hand's power-ups (sorted)."""
    if state.phase == "over":
        return {}
    if state.phase == "sorting":
        return {f"row of hand {hand + 1}": sorted(state.rows[hand])
                for hand in range(state.seats) if hand != seat}
    from .knowledge import exact_marginals
    items = {}
    hidden = state.hidden_from(seat)
    if hidden:
        chances = exact_marginals(_table(state, seat, hidden)) or {}
        for (hand, index), p in sorted(chances.items()):
            if max(p) <= 0.5:
                items[f"card {index + 1} of hand {hand + 1}"] = rank_of(state.rows[hand][index])
    for hand in range(state.seats):
        if hand != seat and state.held[hand]:
            items[f"power-ups of hand {hand + 1}"] = sorted(state.held[hand])
    return items
