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


def ruled_out(view) -> tuple:
    """(suits out, values out, combinations still possible) as the seat's notebook has them; without
    Pen & Paper nothing is ruled out but the combinations opened wrong (those are public)."""
    wrong = set(view.get("wrong_combinations") or [])
    notebook = view.get("notebook")
    if notebook:
        return set(notebook["suits_out"]), set(notebook["values_out"]), set(notebook["possible"])
    return set(), set(), {value + suit for suit in SUITS for value in VALUES} - wrong


def cell_class(view, code, ruled) -> str:
    """A combination's cell: "open" (still possible), "tried" (opened wrong), "out" (ruled out), with
    the strike of its ruled-out row (suit) and column (value)."""
    suits_out, values_out, possible = ruled
    state = "open" if code in possible else "tried" if code in (view.get("wrong_combinations") or []) else "out"
    return (state + (" dim-row" if code[-1] in suits_out else "") + (" dim-col" if code[:-1] in values_out else ""))


def heads(ruled, place) -> list:
    """The grid's headings: the values along the top, the suits down the side (``place(row, column)``
    gives each cell's grid variables)."""
    suits_out, values_out, _ = ruled
    cells = [f'<span{attrs(class_="nb-head" + (" out" if value in values_out else ""), style=place(0, column + 1))}>{value}</span>'
             for column, value in enumerate(VALUES)]
    cells += [f'<span{attrs(class_=f"nb-head nb-suit {ink(suit)}" + (" out" if suit in suits_out else ""), style=place(row + 1, 0))}>{SUIT_SYMBOLS[suit]}</span>'
              for row, suit in enumerate(SUITS)]
    return cells


def grid_place(row: int, column: int) -> str:
    return f"--r:{row + 1};--c:{column + 1}"


def notebook_grid(view) -> str:
    """The grid and its verdict (beside the town on a wide board, in the sheet on a phone)."""
    notebook = view["notebook"]
    suits_out, values_out = set(notebook["suits_out"]), set(notebook["values_out"])
    ruled = ruled_out(view)
    cells = heads(ruled, grid_place)
    for row, suit in enumerate(SUITS):
        for column, value in enumerate(VALUES):
            state = cell_class(view, value + suit, ruled)
            mark = {"open": "?", "tried": "✗"}.get(state.split()[0], "")
            cells.append(f'<span{attrs(class_="nb-cell " + state, style=grid_place(row + 1, column + 1))}>{mark}</span>')
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


def box_dial(view, draft) -> str:
    """The Jeweled Box's dial, on the board while the box is being opened: the 36 combinations, each
    a tap; ruled out (by the notebook) or opened wrong shows struck, still possible lit.  It lies
    suits by values where the board is wide, values by suits where it is tall."""
    ruled = ruled_out(view)
    chosen = (draft["value"] or "") + (draft["suit"] or "")
    cells = heads(ruled, grid_place)
    for row, suit in enumerate(SUITS):
        for column, value in enumerate(VALUES):
            code = value + suit
            on = code == chosen
            cls = "dial-cell " + cell_class(view, code, ruled) + (" on" if on else "")
            cells.append(f'<button{attrs(class_=cls, data_command="box-pick", data_code=code, data_pick=True, data_subject=on, aria_label=f"The {card_words(code)}", aria_pressed="true" if on else "false", style=grid_place(row + 1, column + 1))}>'
                         f'{esc(value)}<span class="{ink(suit)}">{SUIT_SYMBOLS[suit]}</span></button>')
    return (f'<div class="dial-wrap"><div class="dial" data-testid="dial" role="group" '
            f'aria-label="The Jeweled Box: tap its combination">{"".join(cells)}</div></div>')
