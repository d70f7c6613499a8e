"""Thieves of Eldris' rule words, in one place: the engine's rulings (``TABLE_RULES``, read from the
game's package, never copied), the screen's own (``SCREEN_RULES``), how the prompt says each
ability's step is played, and the rules page (``rules_html``) that tells the rules whole.  The
table-rules list is the first two (frontend.boards' default ``table_rules``).  The page: the Square
and its payouts, adjacency, a swap, the roster."""
from __future__ import annotations

from pycore.thieves_of_eldris import COLUMNS, ROSTER, ROWS, TABLE_RULES, TRAIT_NAMES, TRAITS
from .pictures import trait_tag
from ...markup import esc

# Where the screen adds to the engine's rulings (the rules page lists both).
SCREEN_RULES = [
    "Places in the Square are named by row and column, counted from the top left.",
    "Your turn starts with the dice to be rolled: tap Roll to see them (the game rolled them when "
    "your turn began, so nobody else saw them first).",
    "After the roll, every card a die can move wears a ring in its trait's colour. To move one: "
    "tap it, then the card it swaps with. If both cards' traits were rolled, the card you tap "
    "first is the one whose die is spent.",
    "In the Nick Phase the cards next to your Cutpurse are ringed in gold (the diagonals too "
    "after Strength); tap one to steal from it or to accuse the thief behind it.",
    "Your own cards are marked on the Square only on your screen: a mask for your Cutpurse, a "
    "bullseye for your Targets, a moon for your Shadow.",
    "Pass and play: before each person's turn the screen covers everything and names who should "
    "take the device; your Cutpurse, Targets, Shadow and any peek show only behind that cover.",
    "A Cutpurse revealed by a wrong Reveal is marked for everyone beside its player's name.",
    "Solo: the round, your haul, the Rivals' spoils, the Foes' Stack (the Rival's name, the "
    "Threats' traits only) and your wagers are always in view.",
]
# What the prompt reminds of: ``STEP_PROMPTS``, how each ability's step is played (the page says it whole).
STEP_PROMPTS = {
    "dexterity": "Dexterity: tap any card, then where it steps",
    "wisdom": "Wisdom: tap a card, then another of its trait to swap them",
    "intelligence": "Intelligence: pick the Target that goes back into the deck",
    "constitution": "Constitution: keep your Cutpurse or pick another",
    "replace": "Your Cutpurse was unmasked: pick one of your Targets as the new one",
}


# -- the rules page's pictures (inline SVG) ---------------------------------------------------------
PLACE_FILL = {"corner": "#5a3f1e", "edge": "#3f3560", "centre": "#2a2431"}


def square_figure() -> str:
    """The Square: 6 by 4, coloured by what a theft there pays."""
    cell, parts = 44, []
    for row in range(ROWS):
        for column in range(COLUMNS):
            corner = row in (0, ROWS - 1) and column in (0, COLUMNS - 1)
            edge = row in (0, ROWS - 1) or column in (0, COLUMNS - 1)
            kind = "corner" if corner else "edge" if edge else "centre"
            pay = {"corner": "$2", "edge": "$1.5", "centre": "$1"}[kind]
            x, y = 6 + column * (cell + 4), 6 + row * (cell + 4)
            parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" rx="6" fill="{PLACE_FILL[kind]}" '
                         f'stroke="#d6aa48" stroke-width="{2 if corner else 1}"/>'
                         f'<text x="{x + cell / 2}" y="{y + 27}" text-anchor="middle" font-size="13" '
                         f'font-weight="700" fill="#f3ead7">{pay}</text>')
    width = 6 + COLUMNS * (cell + 4) + 2
    return (f'<figure class="rules-figure"><svg viewBox="0 0 {width} {6 + ROWS * (cell + 4) + 2}" role="img" '
            'aria-label="Skulduggery Square, six cards wide and four tall. A theft from a Target in one of the '
            'four corners pays 2 dollars, on the edge 1 dollar 50, in the centre 1 dollar.">'
            + "".join(parts) + "</svg><figcaption>Skulduggery Square: what a theft pays by where the "
            "Target stands — corner $2, edge $1.5, centre $1.</figcaption></figure>")


def adjacency_figure() -> str:
    """Who is next to the Cutpurse: four neighbours; with Strength, the four diagonals too."""
    cell, parts = 40, []
    for row in range(3):
        for column in range(3):
            x, y = 6 + column * (cell + 4), 6 + row * (cell + 4)
            middle = (row, column) == (1, 1)
            orthogonal = abs(row - 1) + abs(column - 1) == 1
            fill = "#d6aa48" if middle else "#3f6a48" if orthogonal else "#3f3560"
            mark = "C" if middle else "✓" if orthogonal else "S"
            parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" rx="6" fill="{fill}" stroke="#b9ad98"/>'
                         f'<text x="{x + cell / 2}" y="{y + 26}" text-anchor="middle" font-size="15" font-weight="700" '
                         f'fill="{"#1b1726" if middle else "#f3ead7"}">{mark}</text>')
    words = ('<text x="146" y="30" font-size="14" fill="#f3ead7">C your Cutpurse</text>'
             '<text x="146" y="62" font-size="14" fill="#f3ead7">✓ next to it: steal, reveal</text>'
             '<text x="146" y="94" font-size="14" fill="#f3ead7">S only with Strength</text>'
             '<text x="146" y="112" font-size="14" fill="#f3ead7">doubles (diagonal)</text>')
    return ('<figure class="rules-figure"><svg viewBox="0 0 370 140" role="img" aria-label="Adjacency: your '
            'Cutpurse in the middle; the four cards above, below, left and right are next to it. The four '
            'diagonal cards count only after Strength doubles.">' + "".join(parts) + words
            + "</svg><figcaption>Next to your Cutpurse: above, below, left, right. Diagonals only with "
            "Strength.</figcaption></figure>")


def swap_figure() -> str:
    """A die moves a card of its trait: it swaps places with a neighbour."""
    return ('<figure class="rules-figure"><svg viewBox="0 0 250 80" role="img" aria-label="A move: a '
            'Strength die moves the Fighter, a Strength card; it swaps places with the Monk beside it.">'
            '<rect x="10" y="14" width="70" height="50" rx="7" fill="#332b47" stroke="#ff8a80" stroke-width="2"/>'
            '<text x="45" y="44" text-anchor="middle" font-size="14" fill="#f3ead7">Fighter</text>'
            '<rect x="150" y="14" width="70" height="50" rx="7" fill="#332b47" stroke="#9cc4ff" stroke-width="2"/>'
            '<text x="185" y="44" text-anchor="middle" font-size="14" fill="#f3ead7">Monk</text>'
            '<path d="M84 30 H146 M146 30 l-8 -5 M146 30 l-8 5 M146 50 H84 M84 50 l8 -5 M84 50 l8 5" '
            'stroke="#d6aa48" stroke-width="2.5" fill="none"/>'
            '<text x="115" y="76" text-anchor="middle" font-size="13" fill="#d6aa48">Strength die</text>'
            '</svg><figcaption>A Strength die moves a Strength card: it swaps with a neighbour.</figcaption></figure>')


def roster_html() -> str:
    rows = "".join(f"<li>{trait_tag(trait)} <strong>{TRAIT_NAMES[trait]}</strong>: "
                   f"{esc(', '.join(ROSTER[trait]))}</li>" for trait in TRAITS)
    return f'<ul class="roster">{rows}</ul>'


def rules_html() -> str:
    return f"""
<p class="lead">You are a thief hidden among the 24 characters of Skulduggery Square. Slip them
around, rob your Targets when they stand next to your Cutpurse, and unmask the other thieves.
The first to hold $8 at the end of their turn joins the Thieves' Guild.</p>
<section><h3>The Square and the traits</h3>
{square_figure()}
<p>Every character has one of six traits, four characters each. Each trait has its own colour,
shape and three letters:</p>
{roster_html()}</section>
<section><h3>Your secret cards</h3>
<p>The Townsfolk deck holds one card for each character. <strong>2 to 4 players</strong>: you get
three; at the start of your first turn you secretly pick one as your <strong>Cutpurse</strong> (the
character you hide behind) and the other two are your <strong>Targets</strong>.
<strong>5 or 6 players</strong>: three public Targets lie in a Display for everyone; you get two
cards, a lead Cutpurse and a <strong>Shadow</strong> that takes over if the first is unmasked.</p></section>
<section><h3>1. Slip: roll and move</h3>
{swap_figure()}
<p>Roll the three dice. Each die moves one card of its trait one step: it swaps places with the
card above, below, left or right. All three dice must be used, on different cards or the same one.
Empty (unoccupied) cards move too.</p>
<p><strong>Sigil</strong>: once, right after the roll, flip it to roll any of the dice again. It stays
used until doubles reset it.</p>
<p><strong>Doubles</strong> (two dice alike) before moving: reset your Sigil, or use that trait's
ability. <strong>Triples</strong>: reset, or any ability.</p>
<ul>
<li>{trait_tag("charisma")} peek at the top card of the Townsfolk deck.</li>
<li>{trait_tag("dexterity")} move any one card up to two steps.</li>
<li>{trait_tag("constitution")} choose your Cutpurse again (5-6: swap lead and Shadow).</li>
<li>{trait_tag("wisdom")} swap any two cards of one trait, anywhere.</li>
<li>{trait_tag("intelligence")} trade a Target with the deck (5-6: through the Display).</li>
<li>{trait_tag("strength")} this turn you may steal or reveal diagonally; nobody learns whether you did.</li>
</ul></section>
<section><h3>2. Nick: steal, reveal or pass</h3>
{adjacency_figure()}
<p><strong>Steal</strong> from one of your Targets next to your Cutpurse: it leaves the Square
(its card turns dark) and pays by where it stood. Then draw your next Target.</p>
<p><strong>Reveal</strong>: point at a character next to your Cutpurse and name a player. Right: you
take their Cutpurse card, $1 from them and $2 from the Guild; they choose a new Cutpurse from their
Targets (5-6: their Shadow takes over, and a second unmasking puts them out). Wrong: everyone sees
your Cutpurse.</p>
<p>Or pass. When the deck runs out there are no new Targets or Cutpurses.</p></section>
<section><h3>Solo: four rounds against the Rivals</h3>
<p>Three Targets lie in the Display; one of the first three becomes your Cutpurse and you start
with $1. Each round three Foes are drawn: the top one is a known <strong>Rival</strong>, the two
under it show only their traits — <strong>Threats</strong>. Tokens mark Targets, Rivals and every
character a Threat might be.</p>
<p>Slip as usual, then the Nick Phase: wager $1 on Threats next to your Cutpurse you think are
Rivals; the Threats are shown (right wagers pay $3 back and the Rival leaves); Rivals rob every
Target next to them first, then you rob every Target next to your Cutpurse; Rivals next to your
Cutpurse take $1.5 from you. After four rounds you win with at least as much as all the Rivals
together. Titles: up to $3.5 Petty Pickpocket, $4 Street Scoundrel, $7 Skilled Swindler, $10
Legend Among Thieves. The challenge: play without any tokens.</p></section>"""
