"""12 Thieves' drawings (inline SVG drawn by us), one set for the board, the cards and the rules page.

Each palace has a mark (Sun, Moon, Star, Lamp, Rose, Key) drawn on the palace and on its cards; a
Dancer card shows a sparkle.  Thieves are small hooded figures in their seat's colour, guards are
shields (the seat's colour with its number, or black for a neutral one), chests are chests with
the number of thieves they need.  Colours come from the stylesheet (classes ``s0``..``s3`` for
seats, ``p-sun``.. for palaces), so a picture is the same wherever it is drawn.
"""
from __future__ import annotations

import math

from pycore.twelve_thieves import CARD_NAMES, DANCER

from ...markup import attrs, esc


def _star_points(points: int, outer: float, inner: float, cx: float = 12, cy: float = 12) -> str:
    corners = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        corners.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(corners)


def _rays() -> str:
    """The Sun's eight rays: short strokes around its disc."""
    strokes = []
    for i in range(8):
        angle = math.pi * i / 4
        x1, y1 = 12 + 7.5 * math.cos(angle), 12 + 7.5 * math.sin(angle)
        x2, y2 = 12 + 10.8 * math.cos(angle), 12 + 10.8 * math.sin(angle)
        strokes.append(f"M{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}")
    return "".join(strokes)


def _petals() -> str:
    circles = []
    for i in range(5):
        angle = 2 * math.pi * i / 5 - math.pi / 2
        circles.append(f'<circle cx="{12 + 5 * math.cos(angle):.1f}" cy="{12 + 5 * math.sin(angle):.1f}" r="4.6"/>')
    return "".join(circles)


# The marks, each in a 24×24 box, drawn in the current colour (the inner details in the ink of the
# surface: class "ink").
MARKS = {
    "sun": f'<circle cx="12" cy="12" r="5.6"/><path d="{_rays()}" fill="none" stroke="currentColor" '
           'stroke-width="2.4" stroke-linecap="round"/>',
    "moon": '<path d="M15 2.2A10 10 0 1 0 21.8 16.6A7.8 7.8 0 0 1 15 2.2Z"/>',
    "star": f'<polygon points="{_star_points(5, 11, 4.6)}"/>',
    "lamp": '<path d="M2.5 13.5H17.5C17.5 17.5 14 20 10 20S2.5 17.5 2.5 13.5Z"/>'
            '<path d="M16.5 14.5L22.5 10.5L21.5 13L17 17Z"/><path d="M7 13.5C7 11 8.4 10 10 10S13 11 13 13.5Z"/>'
            '<path d="M10 6.5C8.6 8 9 9.4 10 9.6C11 9.4 11.4 8 10 6.5Z"/><rect x="6.5" y="20" width="7" height="2" rx="1"/>',
    "rose": f'{_petals()}<circle class="ink" cx="12" cy="12" r="2.6"/>',
    "key": '<circle cx="7" cy="12" r="4.6" fill="none" stroke="currentColor" stroke-width="2.8"/>'
           '<path d="M11 10.6H22V13.4H20.6V17H18V13.4H16.4V16H13.8V13.4H11Z"/>',
    DANCER: '<path d="M12 1.5L14.2 9.8L22.5 12L14.2 14.2L12 22.5L9.8 14.2L1.5 12L9.8 9.8Z"/>'
            '<circle cx="19.5" cy="4.5" r="1.6"/><circle cx="4.5" cy="19.5" r="1.6"/>',
}


def mark(card: str, cls: str = "") -> str:
    """A palace's mark (or the Dancer's sparkle), decorative: the text beside it names it."""
    return (f'<svg class="mark m-{card}{" " + cls if cls else ""}" viewBox="0 0 24 24" aria-hidden="true" '
            f'focusable="false">{MARKS[card]}</svg>')


def palace_art(name: str) -> str:
    """A domed palace in its colour, its mark on the dome (the same mark as its cards)."""
    return ('<svg class="pal-art" viewBox="0 0 40 36" aria-hidden="true" focusable="false">'
            '<path class="wall" d="M3 14H7V34H3ZM33 14H37V34H33Z"/><path class="roof" d="M2.5 14L5 9L7.5 14ZM32.5 14L35 9L37.5 14Z"/>'
            '<path class="roof" d="M7 21Q7 7 20 3Q33 7 33 21Z"/><rect class="wall" x="6" y="21" width="28" height="13"/>'
            '<path class="door" d="M16.5 34V28.5A3.5 3.5 0 0 1 23.5 28.5V34Z"/>'
            f'<svg class="ink" x="13" y="7" width="14" height="14" viewBox="0 0 24 24">{MARKS[name]}</svg></svg>')


THIEF_PATH = '<circle cx="6" cy="4.4" r="3.3"/><path d="M0.8 18C0.8 11.2 3 8.6 6 8.6S11.2 11.2 11.2 18Z"/>'


def thief(seat: int, ghost: bool = False, key: str | None = None) -> str:
    """One thief of ``seat``; a ghost is an empty place up to the top chest's number."""
    cls = f"thief s{seat}" + (" ghost" if ghost else "")
    return (f'<svg{attrs(class_=cls, viewBox="0 0 12 18", aria_hidden="true", focusable="false", data_seat=seat, data_motion=key)}>'
            f"{THIEF_PATH}</svg>")


SHIELD = "M10 1L19 4V11C19 17 15 21 10 23C5 21 1 17 1 11V4Z"


def shield(owner, names=None, key: str | None = None) -> str:
    """A guard: a shield in its seat's colour with the seat's number, black for a neutral guard,
    a dashed outline for an open guard space (owner "open")."""
    if owner == "open":
        cls, label, number = "shield open", "open guard space", ""
    elif owner is None:
        cls, label, number = "shield neutral", "neutral guard", ""
    else:
        cls, number = f"shield s{owner}", f"<b>{owner + 1}</b>"
        label = f"guard of {names[owner]}" if names else f"guard of player {owner + 1}"
    return (f'<span{attrs(class_=cls, role="img", aria_label=label, data_motion=key)}>'
            f'<svg viewBox="0 0 20 24" aria-hidden="true" focusable="false"><path d="{SHIELD}"/></svg>{number}</span>')


CHEST_ART = ('<svg viewBox="0 0 28 22" aria-hidden="true" focusable="false"><path class="lid" d="M2 9Q2 2 14 2Q26 2 26 9Z"/>'
             '<rect class="box" x="2" y="9" width="24" height="12" rx="1.5"/><path class="band" d="M2 9H26"/></svg>')


def chest(number: int, cls: str = "chest", key: str | None = None) -> str:
    """A chest with the number of thieves it needs written on it."""
    return (f'<span{attrs(class_=cls, data_motion=key)}>{CHEST_ART}<b>{number}</b></span>')


def card(name: str, count: int = 1, cls: str = "", label: str | None = None, extra: str = "") -> str:
    """A card as the hand shows it: its mark large, its name, and how many when it is a stack
    (``extra``: HTML added on the card, e.g. a "+1" for cards just drawn)."""
    times = f'<span class="times">×{count}</span>' if count > 1 else ""
    stack = " stack" if count > 1 else ""
    words = label or (f"{count} {CARD_NAMES[name]} card{'s' if count != 1 else ''}" if name != DANCER
                      else f"{count} Dancer{'s' if count != 1 else ''}")
    classes = f"tcard c-{name}{stack}" + (f" {cls}" if cls else "")
    return (f'<span{attrs(class_=classes, role="img", aria_label=words, data_card=name)}>'
            f'{mark(name)}<span class="nm">{esc(CARD_NAMES[name])}</span>{times}{extra}</span>')


def card_back(cls: str = "") -> str:
    """The back of a deck card (what a draw from the deck looks like to everyone else)."""
    return (f'<span class="tcard back{" " + cls if cls else ""}" role="img" aria-label="a card from the deck">'
            '<svg class="mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
            f'<polygon points="{_star_points(8, 10, 6)}" fill="none" stroke="currentColor" stroke-width="1.6"/>'
            '<circle cx="12" cy="12" r="2.5"/></svg><span class="nm">Deck</span></span>')


def chip(card_name: str, named: bool = True) -> str:
    """A card's mark (and name) in a line of text: a payment."""
    name = esc(CARD_NAMES[card_name]) if named else ""
    return f'<span class="chip c-{card_name}" title="{esc(CARD_NAMES[card_name])}">{mark(card_name)}{name}</span>'
