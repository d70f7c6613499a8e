"""The game's own small picture (inline SVG drawn by us) for its home tile."""
from __future__ import annotations



# The game's picture on the home screen: a domed palace, its guard and three thieves at the gate.
ART_SVG = (
    '<svg class="art" viewBox="0 0 104 64" aria-hidden="true" focusable="false">'
    '<circle cx="90" cy="10" r="5" fill="#f3ead7"/>'
    '<path d="M2 58 H102" stroke="#4d3e68" stroke-width="2"/>'
    '<path d="M30 30 Q52 2 74 30 Z" fill="#d6aa48"/><rect x="50" y="4" width="4" height="8" fill="#d6aa48"/>'
    '<rect x="28" y="30" width="48" height="28" fill="#40325a" stroke="#6a5890"/>'
    '<path d="M46 58 V44 a6 6 0 0 1 12 0 V58 Z" fill="#1b1726"/>'
    '<rect x="20" y="18" width="6" height="40" fill="#5a4a7a"/><path d="M18 18 L23 8 L28 18 Z" fill="#d6aa48"/>'
    '<rect x="78" y="18" width="6" height="40" fill="#5a4a7a"/><path d="M76 18 L81 8 L86 18 Z" fill="#d6aa48"/>'
    '<circle cx="10" cy="50" r="5" fill="#0f0c16" stroke="#b9ad98"/>'
    '<circle cx="92" cy="46" r="4" fill="#e8a33d"/><rect x="89" y="50" width="6" height="8" rx="2" fill="#e8a33d"/>'
    '<circle cx="36" cy="48" r="3" fill="#5fb0e8"/><rect x="33.5" y="51" width="5" height="7" rx="2" fill="#5fb0e8"/>'
    '<circle cx="66" cy="48" r="3" fill="#8fd16a"/><rect x="63.5" y="51" width="5" height="7" rx="2" fill="#8fd16a"/>'
    "</svg>")
