"""Pen & Paper: the notebook of what a seat has seen, drawn as a detective's grid.

Four rows (the suits) by nine columns (the values 2 to 10): every cell is a combination. A suit or
a value that a seen card rules out is struck through, its row or column greyed; the cells still
possible are marked, a combination opened wrong is crossed in red.  Readable at a glance: what is
left is what is lit.
"""
from __future__ import annotations

from pycore.guild_of_thieves import SUIT_NAMES, SUIT_SYMBOLS, SUITS, VALUES, card_text, card_words

from ...markup import attrs, esc, join_names, ordinal
from .cards import cards_html, ink, plural


def verdict(notebook) -> str:
    possible = notebook["possible"]
    if len(possible) == 1:
        return f"Only one is left: the {card_words(possible[0])}."
    if not possible:
        return "Nothing is left: every combination is ruled out."
    return f"{len(possible)} combinations still possible."


def notebook_grid(view) -> str:
    """The grid and its verdict (beside the town on a wide board, in the sheet on a phone)."""
    notebook = view["notebook"]
    suits_out, values_out = set(notebook["suits_out"]), set(notebook["values_out"])
    possible, wrong = set(notebook["possible"]), set(view.get("wrong_combinations") or [])
    cells = ['<span class="nb-corner"></span>']
    cells += [f'<span{attrs(class_="nb-head" + (" out" if value in values_out else ""))}>{value}</span>' for value in VALUES]
    for suit in SUITS:
        cells.append(f'<span{attrs(class_=f"nb-head nb-suit {ink(suit)}" + (" out" if suit in suits_out else ""))}>{SUIT_SYMBOLS[suit]}</span>')
        for value in VALUES:
            code = value + suit
            state = "open" if code in possible else "tried" if code in wrong else "out"
            mark = {"open": "?", "tried": "✗", "out": ""}[state]
            dim = " dim-row" if suit in suits_out else ""
            dim += " dim-col" if value in values_out else ""
            cells.append(f'<span class="nb-cell {state}{dim}">{mark}</span>')
    left = [f"{SUIT_NAMES[s]}" for s in SUITS if s not in suits_out]
    values = [v for v in VALUES if v not in values_out]
    label = (f"Your notebook. Suits not ruled out: {join_names(left) or 'none'}. "
             f"Values not ruled out: {join_names(values) or 'none'}. {verdict(notebook)}")
    return (f'<div class="notebook" data-testid="notebook"><div class="nb-grid" role="img" aria-label="{esc(label)}">'
            f'{"".join(cells)}</div><p class="nb-verdict">{esc(verdict(notebook))}</p></div>')


def notebook_details(view) -> str:
    """Below the grid in the sheet: every card seen, and where one's dues lie in the Guild House."""
    notebook = view["notebook"]
    seen = notebook["cards_seen"]
    parts = [f'<p class="nb-seen"><span>Seen ({len(seen)}):</span> {cards_html(seen, "small") or "nothing yet"}</p>']
    mine = view["guild_house"].get("mine") or []
    if mine:
        where = ", ".join(f"{card_text(m['card'])} ({'drawn next' if m['depth'] == 0 else ordinal(m['depth'] + 1) + ' from the top'})"
                          for m in mine)
        parts.append(f'<p class="muted">Your dues in the Guild House ({plural(len(mine), "card")}): {esc(where)}.</p>')
    return "".join(parts)
