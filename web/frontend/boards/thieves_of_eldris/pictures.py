"""Thieves of Eldris' small pictures (inline SVG drawn by us): the six traits, the marks of your own
cards (a mask for the Cutpurse, a bullseye for a Target, a moon for the Shadow), card backs, coins.

Each trait has a colour AND a shape AND three letters, so colour is never the only cue.
"""
from __future__ import annotations

TRAIT_LOOKS = {
    "strength": ("#ff8a80", "M6 1 L11 10 L1 10 Z", "STR"),                       # triangle
    "dexterity": ("#8fd694", "M6 0.5 L11.5 6 L6 11.5 L0.5 6 Z", "DEX"),          # diamond
    "constitution": ("#f0c060", "M1.5 1.5 H10.5 V10.5 H1.5 Z", "CON"),          # square
    "wisdom": ("#9cc4ff", "M6 1 A5 5 0 1 1 5.99 1 Z", "WIS"),                    # circle
    "intelligence": ("#d0a8ff", "M6 0.5 L7.6 4.3 L11.5 4.5 L8.5 7 L9.5 11 L6 8.8 L2.5 11 L3.5 7 "
                     "L0.5 4.5 L4.4 4.3 Z", "INT"),                               # star
    "charisma": ("#ffa6d2", "M6 11 L1.2 6 A2.8 2.8 0 0 1 6 2.6 A2.8 2.8 0 0 1 10.8 6 Z", "CHA"),  # heart
}

# The seats' own colours (a dot by each name, the owner's mark on a Cutpurse at the end).
SEAT_COLOURS = ("#f2c14e", "#6cc4ff", "#ff8f7a", "#9be08f", "#d7a6ff", "#ffd1e8")

# What a card is to its holder: (the picture's paths in a 12×12 box, the word).
ROLE_PICTURES = {
    # a thief's domino mask
    "cutpurse": ("M1 4.2 C3 3 9 3 11 4.2 C11.4 6.8 9.6 8.6 7.4 7.6 C6.8 7.3 6.4 6.8 6 6.8 "
                 "C5.6 6.8 5.2 7.3 4.6 7.6 C2.4 8.6 0.6 6.8 1 4.2 Z M3 5.3 a1.2 .8 0 1 0 2.4 0 "
                 "a1.2 .8 0 1 0 -2.4 0 Z M6.6 5.3 a1.2 .8 0 1 0 2.4 0 a1.2 .8 0 1 0 -2.4 0 Z", "Cutpurse"),
    # a bullseye
    "target": ("M6 .8 a5.2 5.2 0 1 0 .01 0 Z M6 2.8 a3.2 3.2 0 1 1 -.01 0 Z M6 4.6 a1.4 1.4 0 1 0 .01 0 Z",
               "Target"),
    # a crescent moon
    "shadow": ("M8.5 1.2 A5 5 0 1 0 10.8 8.6 A4 4 0 1 1 8.5 1.2 Z", "Shadow"),
}


def svg(paths: str, size: int, cls: str, box: str = "0 0 12 12") -> str:
    return (f'<svg class="{cls}" width="{size}" height="{size}" viewBox="{box}" aria-hidden="true" '
            f'focusable="false">{paths}</svg>')


def trait_icon(trait: str, size: int = 14) -> str:
    colour, path, _ = TRAIT_LOOKS[trait]
    return svg(f'<path d="{path}" fill="{colour}" stroke="#1b1726" stroke-width=".6"/>', size, "trait-icon")


def trait_tag(trait: str) -> str:
    """Icon plus three letters, in the trait's colour."""
    return (f'<span class="trait {trait}">{trait_icon(trait)}'
            f'<span class="abbr">{TRAIT_LOOKS[trait][2]}</span></span>')


def role_icon(role: str, size: int = 14, colour: str = "currentColor") -> str:
    path = ROLE_PICTURES[role][0]
    return svg(f'<path d="{path}" fill="{colour}" fill-rule="evenodd"/>', size, f"role-icon {role}")


def card_backs(count: int) -> str:
    """Face-down cards in front of a player, drawn as small backs."""
    back = ('<rect x=".5" y=".5" width="9" height="13" rx="1.6" fill="#4a3b6b" stroke="#d6aa48" '
            'stroke-width=".8"/><path d="M5 3.5 L7.5 7 L5 10.5 L2.5 7 Z" fill="#d6aa48"/>')
    return "".join(svg(back, 14, "back", "0 0 10 14") for _ in range(count))


def coin(size: int = 14) -> str:
    return svg('<circle cx="6" cy="6" r="5.3" fill="#d6aa48" stroke="#8a6a22" stroke-width=".8"/>'
               '<circle cx="6" cy="6" r="3.4" fill="none" stroke="#8a6a22" stroke-width=".6"/>', size, "coin")


def hidden_die(size: int = 22) -> str:
    """A die not yet rolled (on the screen): a blank face with pips."""
    return svg('<circle cx="3.5" cy="3.5" r="1.1" fill="currentColor"/><circle cx="8.5" cy="8.5" r="1.1" '
               'fill="currentColor"/><circle cx="6" cy="6" r="1.1" fill="currentColor"/>', size, "pips")
