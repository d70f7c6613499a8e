"""The game's own small picture (inline SVG drawn by us) for its home tile: the board's drawings."""
from __future__ import annotations

from .pictures import MARKS, SHIELD, THIEF_PATH


def _thief(x: float, colour: str) -> str:
    return (f'<svg x="{x}" y="40" width="12" height="18" viewBox="0 0 12 18"><g fill="{colour}" stroke="#1b1726" '
            f'stroke-width=".8">{THIEF_PATH}</g></svg>')


def _shield(x: float, fill: str) -> str:
    return (f'<svg x="{x}" y="36" width="18" height="22" viewBox="0 0 20 24"><path d="{SHIELD}" fill="{fill}" '
            'stroke="#f3ead7" stroke-width="1.5"/></svg>')


# The Sun palace as the board draws it, a neutral guard and a guard of player 1 before it, and
# three thieves of three players at its gate; the moon above.
ART_SVG = (
    '<svg class="art" viewBox="0 0 104 64" aria-hidden="true" focusable="false">'
    f'<svg x="84" y="3" width="14" height="14" viewBox="0 0 24 24"><g fill="#a9b8d6">{MARKS["moon"]}</g></svg>'
    '<path d="M2 58H102" stroke="#4d3e68" stroke-width="2"/>'
    '<svg x="30" y="6" width="44" height="40" viewBox="0 0 40 36">'
    '<path d="M3 14H7V34H3ZM33 14H37V34H33Z" fill="#6e5a3a"/><path d="M2.5 14L5 9L7.5 14ZM32.5 14L35 9L37.5 14Z" fill="#e0b040"/>'
    '<path d="M7 21Q7 7 20 3Q33 7 33 21Z" fill="#e0b040"/><rect x="6" y="21" width="28" height="13" fill="#6e5a3a"/>'
    '<path d="M16.5 34V28.5A3.5 3.5 0 0 1 23.5 28.5V34Z" fill="#1b1726"/>'
    f'<svg x="13" y="7" width="14" height="14" viewBox="0 0 24 24"><g fill="#1b1726" color="#1b1726">{MARKS["sun"]}</g></svg></svg>'
    + _shield(8, "#0f0c16") + _shield(78, "#e8a33d")
    + _thief(36, "#e8a33d") + _thief(50, "#5fb0e8") + _thief(64, "#8fd16a")
    + "</svg>")
