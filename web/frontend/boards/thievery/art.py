"""The game's own small picture (inline SVG drawn by us) for its home tile."""
from __future__ import annotations



# The game's picture on the home screen: a sorted row, two cards found, one under the lens.
ART_SVG = (
    '<svg class="art" viewBox="0 0 104 64" aria-hidden="true" focusable="false">'
    '<rect x="4" y="22" width="18" height="26" rx="3" fill="#f4e8cb"/>'
    '<text x="13" y="35" text-anchor="middle" font-size="11" font-weight="700" fill="#15121c">2</text>'
    '<text x="13" y="45" text-anchor="middle" font-size="8" fill="#15121c">♠</text>'
    '<rect x="25" y="26" width="26" height="18" rx="3" fill="#7a2730" stroke="#c8443c"/>'
    '<circle cx="38" cy="35" r="5" fill="#1b1726" opacity=".6"/>'
    '<text x="38" y="38" text-anchor="middle" font-size="7" fill="#f3ead7">♦</text>'
    '<rect x="54" y="22" width="18" height="26" rx="3" fill="#2f3a4d" stroke="#6f6690"/>'
    '<circle cx="63" cy="35" r="5" fill="#1b1726" opacity=".6"/>'
    '<text x="63" y="38" text-anchor="middle" font-size="7" fill="#f3ead7">♠</text>'
    '<rect x="75" y="26" width="26" height="18" rx="3" fill="#f4e8cb"/>'
    '<text x="88" y="39" text-anchor="middle" font-size="10" font-weight="700" fill="#b03a32">9♦</text>'
    '<circle cx="60" cy="30" r="10" fill="#d6aa48" fill-opacity=".18" stroke="#d6aa48" stroke-width="3"/>'
    '<path d="M53 37 L45 46" stroke="#d6aa48" stroke-width="4" stroke-linecap="round"/>'
    '<text x="60" y="34" text-anchor="middle" font-size="11" font-weight="700" fill="#d6aa48">?</text>'
    "</svg>")
