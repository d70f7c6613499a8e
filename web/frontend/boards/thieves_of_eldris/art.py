"""The game's own small picture (inline SVG drawn by us) for its home tile."""
from __future__ import annotations

from pycore.thieves_of_eldris import (TRAITS)
from .pictures import TRAIT_LOOKS


ART_SVG = (
    '<svg class="art" viewBox="0 0 104 64" aria-hidden="true" focusable="false">'
    + "".join(f'<rect x="{4 + 16 * c}" y="{6 + 14 * r}" width="14" height="12" rx="2" fill="#332b47" '
              f'stroke="{TRAIT_LOOKS[TRAITS[(r * 6 + c) % 6]][0]}"/>' for r in range(4) for c in range(6))
    + '<rect x="36" y="20" width="14" height="12" rx="2" fill="#d6aa48"/>'
    '<path d="M43 23 l3 3 l-3 3 l-3 -3 Z" fill="#1b1726"/></svg>')
