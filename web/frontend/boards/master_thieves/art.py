"""The game's own small picture (inline SVG drawn by us) for its home tile."""
from __future__ import annotations



# The game's picture on the home screen: the cabinet, one drawer pulled out with a ruby in it.
ART_SVG = (
    '<svg class="art" viewBox="0 0 104 64" aria-hidden="true" focusable="false">'
    '<rect x="22" y="4" width="60" height="56" rx="4" fill="#4a3322" stroke="#d6aa48" stroke-width="1.5"/>'
    '<path d="M22 22 H82 M22 40 H82 M52 4 V60" stroke="#2a1d13" stroke-width="2"/>'
    '<circle cx="37" cy="13" r="2" fill="#d6aa48"/><circle cx="67" cy="13" r="2" fill="#d6aa48"/>'
    '<circle cx="37" cy="49" r="2" fill="#d6aa48"/><circle cx="67" cy="49" r="2" fill="#d6aa48"/>'
    '<rect x="56" y="24" width="40" height="14" rx="2" fill="#6b4a30" stroke="#d6aa48"/>'
    '<path d="M84 26 l5 4 l-5 5 l-5 -5 Z" fill="#c8443c" stroke="#f3ead7" stroke-width=".6"/>'
    '<path d="M66 28 l3 3 l-3 3 l-3 -3 Z" fill="#5b8bd8" stroke="#f3ead7" stroke-width=".6"/>'
    '<circle cx="37" cy="31" r="2" fill="#d6aa48"/>'
    "</svg>")
