"""Thievery's cards on the screen: a card is a slot (the tap target, a finger wide) holding its
face or back, and under it the ranks already missed at it.

The slot carries the card's state as classes (``card red down``, ``up``, ``known``, ``own-hidden``,
``kept``…) and its stable key (``data-motion="card-2-3"``), so motion and a redraw find it again.
board.css sizes every slot from the board's container (``--S``), red cards lying sideways and black
ones standing inside it.
"""
from __future__ import annotations

from pycore.thievery import RANK_NAMES, rank_word

from ...markup import attrs, esc, ordinal
from ...widgets import action_json

# Each colour has its own mark, so a card's colour never has to be told by colour alone.
SUIT_MARKS = {"red": "♦", "black": "♠"}


def rank_label(rank) -> str:
    return RANK_NAMES.get(rank, str(rank))


def face(card) -> str:
    """A card's face: its rank and its colour's mark."""
    return (f'<span class="rank">{rank_label(card["rank"])}</span>'
            f'<span class="suit" aria-hidden="true">{SUIT_MARKS[card["colour"]]}</span>')


def card_key(hand, index) -> str:
    return f"card-{hand}-{index}"


def card_face(card, own: bool, over: bool = False, fence: str = "", fresh_miss=None) -> tuple:
    """(inner HTML, classes) of a card on the table.  At the end every card shows its face (a card
    never found is ``kept``); a card you know and others don't shows its rank on its back (your own
    still-hidden cards: ``own-hidden``; one learned privately: ``known``).  ``fence``: the helper's
    "4–9" on a back; ``fresh_miss``: the rank just missed here (drawn larger)."""
    shown = card["rank"] is not None
    hidden = not card["face_up"] and not over       # face down for the table
    if shown:
        inside = face(card)
    elif fence:
        inside = f'<span class="fence">{esc(fence)}</span>'
    else:
        inside = ""
    misses = card["misses"] if hidden else []       # once its face is out they tell nothing
    marks = "".join(f'<s class="fresh">{rank_label(r)}</s>' if r == fresh_miss else f"<s>{rank_label(r)}</s>"
                    for r in misses)
    inner = f'<span class="face">{inside}</span>' + (f'<span class="misses" aria-hidden="true">{marks}</span>' if marks else "")
    parts = ["card", card["colour"] or "unsorted", "down" if hidden else "up"]
    if hidden and shown:
        parts.append("own-hidden" if own else "known")
    if over and not card["face_up"]:
        parts.append("kept")            # never found: it stayed hidden to the end
    return inner, " ".join(parts)


def card_label(owner: str, index: int, card: dict, own: bool, over: bool = False, watched: bool = False) -> str:
    """What a screen reader says: whose, which, colour, the rank where the viewer sees it, and
    what is known against it.  The form "card: red 7" appears only where the rank is shown.
    ``watched``: a finished game watched back, every face-down card's rank turned up."""
    if over:
        state = "face up" if card["face_up"] else "never found"
    elif watched:
        state = "face up" if card["face_up"] else "face down, turned up to watch"
    else:
        state = "face up" if card["face_up"] else "face down, only you see it" if own else \
            "face down, you know it" if card["rank"] else "face down"
    rank = f" {rank_word(card['rank'])}" if card["rank"] else ""
    misses = f", not {', '.join(rank_word(r) for r in card['misses'])}" if card["misses"] and not card["face_up"] and not over else ""
    return f"{owner}'s {ordinal(index + 1)} card: {card['colour']}{rank}, {state}{misses}"


def slot(inner: str, cls: str, label: str, key: str, action=None, tap=None, pick=False, subject=False,
         why: dict | None = None) -> str:
    """One card: a button sending ``action``, a button changing the draft (``tap`` = (command,
    data)), or a picture whose tap says why it is no choice (``why``: widgets.says_why).  ``pick``:
    tapping it chooses it (data-pick); ``subject``: the current choice is about it (data-subject)."""
    common = dict(class_=cls, aria_label=label, data_motion=key, data_subject=subject, data_pick=pick)
    if action is not None:
        return f"<button{attrs(**common, data_act=action_json(action))}>{inner}</button>"
    if tap is not None:
        command, data = tap
        return f"<button{attrs(**common, data_command=command, **{f'data_{k}': v for k, v in data.items()})}>{inner}</button>"
    return f"<span{attrs(**common, role='img', **(why or {}))}>{inner}</span>"
