"""The table helper, and the words about one card's fence: exactly what the engine's own reading
(pycore.thievery.knowledge, the Sharp bot's) makes of the person's view, nothing more.

A card's candidates are the ranks of its colour the viewer cannot see anywhere (their own row, the
face-up cards, cards learned privately), inside the fence of its nearest visible non-ace neighbours
(an ace is wild: it fits anywhere), less the ranks already missed at it.  Every other rank is ruled
out, for one reason each, told in the order a person would check them: missed here, seen elsewhere,
outside the fence.
"""
from __future__ import annotations

from pycore.thievery import COLOUR_INDEX, RANKS, Table, article, fence, fence_candidates, rank_word

from ...markup import join_names

ACE = 1
# Why a rank is ruled out at a card (the pad's marks carry these words as classes).
MISSED, SEEN, FENCE = "missed", "seen", "fence"


def reading(view: dict) -> Table:
    """The view as the engine's knowledge module reads it (one per draw: every card of the view shares it)."""
    return Table(view)


def ruled_out(table: Table, hand: int, index: int) -> dict:
    """{rank: why} for every rank the card cannot be (see the module's docstring)."""
    allowed = set(fence_candidates(table, hand, index))
    colour, _, misses = table.rows[hand][index]
    why = {}
    for rank in RANKS:
        if rank in allowed:
            continue
        why[rank] = MISSED if rank in misses else SEEN if rank in table.seen[colour] else FENCE
    return why


def fence_label(table: Table, hand: int, index: int) -> str:
    """The ranks the card's fences allow, short enough for the card itself ("4–9", "A–9", "4–K");
    "" when nothing fences it in.  (An ace fits anywhere: the rules page says so.)"""
    low, high = fence(table, hand, index)
    if (low, high) == (ACE, 13):
        return ""
    return short(low) if low == high else f"{short(low)}–{short(high)}"


def short(rank: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def words(ranks) -> str:
    return join_names([rank_word(rank) for rank in sorted(ranks)])


def fence_hint(view: dict, table: Table, hand: int, index: int, helper: bool) -> str:
    """What the table says about one card, briefly: its fence (aces wild), the ranks of its colour
    inside the fence that the viewer can see elsewhere (their own row counts), its misses; with the
    helper on, what is left when that is few."""
    card = view["rows"][hand][index]
    colour = card["colour"]
    low, high = fence(table, hand, index)
    if (low, high) == (ACE, 13):
        parts = ["No face-up neighbour fences it in."]
    elif low == ACE:
        parts = [f"Its row: {rank_word(high)} or lower (or an ace)."]
    elif high == 13:
        parts = [f"Its row: {rank_word(low)} or higher (or an ace)."]
    else:
        parts = [f"Its row: {rank_word(low)} to {rank_word(high)} (or an ace)."]
    inside = [rank for rank in table.seen[COLOUR_INDEX[colour]] if rank == ACE or low <= rank <= high]
    if inside:
        parts.append(f"You can see the {colour} {words(inside)}.")
    if card["misses"]:
        parts.append(f"Missed: {words(card['misses'])}.")
    if helper:
        left = fence_candidates(table, hand, index)
        if not left:
            parts.append("Nothing fits: check the misses.")
        elif len(left) <= 4:
            parts.append(f"It can only be {words_or(left)}.")
    return " ".join(parts)


def words_or(ranks) -> str:
    """'a 4, a 7 or an ace'"""
    names = [article(rank) for rank in sorted(ranks, key=lambda rank: (rank == ACE, rank))]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
