"""The game's own small picture (inline SVG drawn by us) for its home tile."""
from __future__ import annotations



# The game's picture on the home screen: a slum, a rich house and the Guild House by moonlight.
ART_SVG = (
    '<svg class="art" viewBox="0 0 104 64" aria-hidden="true" focusable="false">'
    '<circle cx="92" cy="11" r="6" fill="#f3ead7"/><circle cx="95" cy="9" r="5" fill="#262036"/>'
    '<path d="M2 56 H102" stroke="#4d3e68" stroke-width="2"/>'
    '<path d="M4 36 L16 25 L28 36 Z" fill="#4d3e68"/>'
    '<rect x="6" y="36" width="20" height="20" fill="#2a2431" stroke="#5a4d6d"/>'
    '<rect x="13" y="41" width="6" height="6" fill="#d6aa48"/>'
    '<path d="M30 30 L46 16 L62 30 Z" fill="#5a4a7a"/>'
    '<rect x="32" y="30" width="28" height="26" fill="#40325a" stroke="#6a5890"/>'
    '<rect x="36" y="35" width="6" height="6" fill="#d6aa48"/><rect x="50" y="35" width="6" height="6" fill="#1b1726"/>'
    '<rect x="42" y="45" width="8" height="11" fill="#1b1726"/>'
    '<path d="M64 31 L82 18 L100 31 Z" fill="#3b3020"/>'
    '<rect x="67" y="31" width="30" height="25" fill="#2e2618" stroke="#d6aa48" stroke-dasharray="3 2"/>'
    '<path d="M77 56 V47 a5 5 0 0 1 10 0 V56 Z" fill="#d6aa48"/>'
    '<path d="M82 34 L86 38 L82 42 L78 38 Z" fill="#8cb8ff" stroke="#f3ead7" stroke-width=".8"/>'
    "</svg>")
