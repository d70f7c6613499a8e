"""Thievery's rule words, in one place: the engine's rulings (``TABLE_RULES``, read from the game's
package, never copied), the screen's own (``SCREEN_RULES``), how the sheet says each power-up is
played, and the rules page (``rules_html``) that tells the rules whole.  The table-rules list is the
first two (frontend.boards' default ``table_rules``).  The page: short sections with drawn figures,
in the board's own colours."""
from __future__ import annotations

from pycore.thievery import POWERS, TABLE_RULES
from .cards import SUIT_MARKS, rank_label
from ...markup import esc

# Where the screen adds to the engine's rulings (the rules page lists both).
SCREEN_RULES = [
    "Pass and play: before each person's private moment (sorting, guessing, a partner's show) the "
    "screen covers everything and names who should take the device; nothing secret shows until they tap.",
    "A hit means you must guess again: a turn ends only with a miss (or the win).",
    "Two people may share a hand: both see its cards and either may play it; they win together.",
    "A person can take over a bot's hand between turns with “Take over”; the bot leaves at once.",
    "Trip the alarm out of turn: tap “Trip the alarm!”, say who you are, and the device is passed "
    "to you behind a cover. Everyone may tap it, so it gives nothing away about who holds one.",
    "Bots draw no power-ups; a person who takes over a bot's hand draws from their next turn on.",
    "The table helper is off until someone turns it on (“Helper” on the sheet, in your turn); it "
    "stays on for this device until turned off. It reads only what the person on screen can see, "
    "as the Sharp bot does.",
    "At the end the standings put first the hand that saw every card it could guess at face up "
    "(“Left to find: 0”), whoever found the most cards.",
    "Against bots, every guess of a bot's run lands on its own, at the bot speed chosen (Normal: "
    "about a second a guess), however long the run; the end of a solo game says how close you "
    "came: the cards you found in each row, and what was still face down.",
]
# What the sheet reminds of: ``POWER_PROMPTS``, how each power-up is played (the page says it whole).
POWER_PROMPTS = {
    "casing": "Casing the joint: tap an opponent's face-down card to look at it.",
    "loose_lips": "Loose lips: name a rank to learn how many are still face down.",
    "tip_off": "Tip-off: tap one of your face-down cards, then choose who sees it.",
    "stakeout": "Stakeout: choose the hand nobody may guess at until its next turn.",
    "misdirection": "Misdirection: choose whose next guess you steer, then at which hand.",
    "crack": "Crack the vault: tap an opponent's face-down card to flip it.",
}


# -- the rules page's pictures (inline SVG, drawn from the same colours as the board) ------------------
INKS = {"red": ("#f4e8cb", "#b03a32", "#7a2730"), "black": ("#f4e8cb", "#15121c", "#2f3a4d")}   # face, ink, back


def svg_card(x: float, centre: float, colour: str, rank=None) -> tuple:
    """One card of a row in a picture: (SVG, its width); red lies sideways, black stands."""
    width, height = (42, 30) if colour == "red" else (30, 42)
    face, ink, back = INKS[colour]
    y = centre - height / 2
    if rank is None:
        body = (f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="4" fill="{back}" stroke="#6f6690"/>'
                f'<text x="{x + width / 2}" y="{centre + 5}" text-anchor="middle" font-size="13" fill="#f3ead7">{SUIT_MARKS[colour]}</text>')
    else:
        body = (f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="4" fill="{face}"/>'
                f'<text x="{x + width / 2}" y="{centre + 5}" text-anchor="middle" font-size="14" font-weight="700" fill="{ink}">'
                f'{rank_label(rank)}{SUIT_MARKS[colour]}</text>')
    return body, width


def fenced_row_figure() -> str:
    """A sorted row as the table sees it: two hidden cards, each fenced in by its face-up neighbours
    (the ace, wild, fences nothing)."""
    row = [("red", 3), ("black", None), ("black", 1), ("red", 8), ("red", None), ("black", 11)]
    centre, x, places = 40, 10, []
    parts = []
    for colour, rank in row:
        body, width = svg_card(x, centre, colour, rank)
        parts.append(body)
        places.append(x + width / 2)
        x += width + 10
    # Each bracket's words sit under its own span, in two short lines, clear of the other's legs.
    fences = [(0, 3, 1, 74, ("black: 3 to 8", "or an ace")), (3, 5, 4, 112, ("red: 9, 10 or J", "or an ace"))]
    for low, high, hidden, depth, words in fences:
        a, b, mid = places[low], places[high], places[hidden]
        lines = "".join(f'<tspan x="{(a + b) / 2}" dy="{0 if i == 0 else 14}">{line}</tspan>' for i, line in enumerate(words))
        parts.append(f'<path d="M{a} 64 V{depth} H{b} V64" fill="none" stroke="#d6aa48" stroke-width="2"/>'
                     f'<path d="M{mid} {depth} V64" stroke="#d6aa48" stroke-width="2" stroke-dasharray="3 3"/>'
                     f'<text y="{depth + 15}" text-anchor="middle" font-size="12" fill="#f3ead7">{lines}</text>')
    parts.append(f'<text x="{places[2]}" y="14" text-anchor="middle" font-size="12" fill="#d6aa48">wild: anywhere</text>')
    return (f'<figure class="rules-figure"><svg viewBox="0 0 {x} 148" role="img" '
            'aria-label="A sorted row: red 3, a hidden black card, black ace, red 8, a hidden red card, black jack. '
            'The hidden black card lies between the 3 and the 8, so it is 3 to 8 or an ace; the hidden red card '
            'lies between the 8 and the jack, so it is 9, 10 or jack, or an ace.">' + "".join(parts) + "</svg>"
            "<figcaption>A row as everyone sees it. Each hidden card is fenced in by the face-up cards either "
            "side of it; an ace can sit anywhere, so it fences nothing.</figcaption></figure>")


def rules_html() -> str:
    powers = "".join(f"<li><strong>{esc(p['title'])}</strong> ({esc(p['tier'])}): {esc(p['text'])}</li>"
                     for p in POWERS.values())
    return f"""
<p class="lead">Work out everyone else's hidden cards before they work out yours.</p>
<section><h3>The cards</h3>
<p>26 cards: ace to king in red ({SUIT_MARKS["red"]}) and ace to king in black ({SUIT_MARKS["black"]}).
Red cards lie sideways and black cards stand up, so the colour shows even face down.</p>
<p>They are all dealt out into 3 to 6 hands (3 hands: 9, 9 and 8 cards; 4: 7, 7, 6, 6; 5: 6, 5, 5, 5, 5;
6: 5, 5, 4, 4, 4, 4). There is no draw pile: every card is in somebody's row all game.</p>
<p>Up to two people may share a hand, so six hands seat twelve; empty hands go to bots.</p></section>
<section><h3>Sort your row</h3>
<p>You see your own cards. Put them in order, lowest to highest (ace low), by dragging or by tapping
a card and then the place it should go, and press <em>Lock in</em>.</p>
<p>Two cards of the same rank can go either way round, and an <strong>ace is wild</strong>: put it
anywhere. When everyone has locked in, every row turns face down: everyone knows the colour and place
of every card, but only you know your ranks.</p></section>
<section><h3>Read the table</h3>
{fenced_row_figure()}
<p>Every row is in order, so a hidden card is fenced in by its neighbours: a black card between a 4
and a 7 is a 4, 5, 6 or 7 (or an ace).</p>
<p>There is one card of each rank in each colour, so once the black 9 is face up no other black card
can be a 9. A missed guess is public too: everyone now knows that card is not that rank.</p></section>
<section><h3>Your turn</h3>
<p>Tap a face-down card of another hand and name its rank.</p>
<ul><li><strong>Right:</strong> it flips face up for everyone and you must go again.</li>
<li><strong>Wrong:</strong> nothing else happens; the turn passes to the next hand. The miss stays
under the card for everyone: that card is not that rank.</li></ul>
<p>Your own cards that are still hidden from the others sit in a striped frame; the ones they have
found are plain.</p></section>
<section><h3>The table helper</h3>
<p>Off until you turn it on: tap <em>Helper</em> on the sheet at the start of your turn. It reads
only what you can see (the colours, the face-up cards, your own row, the misses, any card you were
shown), exactly as the Sharp bot does, and marks it for you:</p>
<ul><li>on each face-down card you may guess at, the ranks its row allows (“4–9”: between its nearest
face-up neighbours; an ace is wild, so it always could be one);</li>
<li>on the rank pad, the ranks that are ruled out, struck through: missed at that card already, seen
elsewhere (there is one card of each rank in each colour), or outside its fence.</li></ul>
<p>It stays on for this device until you turn it off.</p></section>
<section><h3>Winning</h3>
<p>The first hand to see every card of every other hand face up wins (both people, if two share it).</p></section>
<section><h3>Power-ups (5 and 6 hands)</h3>
<p>With fewer cards per row a lucky streak can run through half the table, so at five and six hands
each person draws a power-up at the start of each of their turns: one a turn, three at most, never
two alike. Bots draw none. Common ones give private information; rarer ones interrupt.</p>
<ul>{powers}</ul></section>
<section><h3>Partnerships (4 hands)</h3>
<p>Hands 1 and 3 play against hands 2 and 4. You only guess at the other team's cards.</p>
<p>At the start of your turn your partner may privately show you one of their face-down cards, or not.
A team wins when every card of the other team is face up.</p></section>"""
