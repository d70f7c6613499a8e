"""Guild of Thieves' rule words, in one place: the engine's rulings (``TABLE_RULES``, read from the
game's package, never copied), the screen's own (``SCREEN_RULES``), what the sheet reminds of as it
offers a choice, and the rules page (``rules_html``) that tells the rules whole.  The table-rules
list is the first two (frontend.boards' default ``table_rules``).  The page: short sections with
drawn figures (the town, the Guild House)."""
from __future__ import annotations

from pycore.guild_of_thieves import TABLE_RULES

# Where the screen adds to the engine's rulings (the rules page lists both).
SCREEN_RULES = [
    "Houses are numbered 1 to 16 (Double Deck 1 to 32) row by row, as they lie on the table: the "
    "top and bottom rows are slums (one card each), the middle rows rich houses (two cards each); "
    "the Guild House lies beside the first row of rich houses.",
    "Pass and play: before each person's turn (and each answer to a draw offer) the screen covers "
    "everything and names who should take the device; nothing secret shows until they tap. While "
    "houses are chosen, a player who has no house yet holds nothing secret: no cover.",
    "What you saw inside a house shows only on the thief's own screen, for the rest of the turn and "
    "as it ends, before the device moves on.",
    "A lock you know but others don't (your own, one you placed, one you looked at) is drawn with a "
    "dashed gold edge, on your screen only.",
    "Skipping a step: take a later step or end your turn. Locking the door, dues and changing your "
    "lock are all optional; robbing is not, while there is a house you may rob.",
    "Every wrong guess at a lock stays marked under that lock, struck through, until the lock is "
    "changed. A guess already wrong there is still allowed (a wrong look at a town lock shows you "
    "that lock).",
    "Pen & Paper turns on a notebook, one tap away on the board (beside the town on a tablet): a "
    "grid of the 36 combinations with the suits and values your seen cards rule out struck through, "
    "every card you have seen, and where your dues lie in the Guild House. Without it, remembering "
    "is the game.",
    "Combinations opened wrong are public: the screen marks them for everyone.",
]
# What the sheet reminds of as it offers a choice (the page says it whole).
LAST_CARD_TAKES_THE_LOCK = "The last card takes the lock too: the house leaves play."
DUES_TAKE = "Two cards under the Guild House, its top card to you"


# -- the rules page's pictures (inline SVG) ---------------------------------------------------------
def town_figure() -> str:
    """The town as it is dealt: slums (one card) on the top and bottom rows, rich houses (two cards)
    in the middle rows, each under a face-down lock, and the Guild House beside the first rich row.
    Drawn about as wide as a phone's page, so its words stay at least 12 px there; a legend below."""
    size, step = 44, 50
    parts = []
    for row, (kind, cards) in enumerate([("slum", 1), ("rich", 2), ("rich", 2), ("slum", 1)]):
        y = 6 + row * step
        for column in range(4):
            x = 6 + column * step
            fill, edge = ("#40325a", "#6a5890") if kind == "rich" else ("#2a2431", "#5a4d6d")
            parts.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="6" fill="{fill}" stroke="{edge}" stroke-width="2"/>'
                         f'<text x="{x + 4}" y="{y + 14}" font-size="13" font-weight="700" fill="#f3ead7">{row * 4 + column + 1}</text>'
                         f'<rect x="{x + 24}" y="{y + 5}" width="13" height="18" rx="2" fill="#6a5890" stroke="#d6aa48" stroke-width="1.2"/>')
            for card in range(cards):
                cx = x + size / 2 - cards * 6 + card * 12 + 1
                parts.append(f'<rect x="{cx}" y="{y + 27}" width="10" height="13" rx="2" fill="#2f3a4d" stroke="#b9ad98" stroke-width=".8"/>')
    gx, gy = 6 + 4 * step + 6, 6 + step
    parts.append(f'<rect x="{gx}" y="{gy}" width="80" height="{size}" rx="6" fill="#2e2618" stroke="#d6aa48" '
                 f'stroke-width="2" stroke-dasharray="5 3"/>'
                 f'<text x="{gx + 40}" y="{gy + 19}" text-anchor="middle" font-size="13" font-weight="700" fill="#d6aa48">Guild</text>'
                 f'<text x="{gx + 40}" y="{gy + 35}" text-anchor="middle" font-size="13" font-weight="700" fill="#d6aa48">House</text>')
    legend = 6 + 4 * step + 12
    parts.append(f'<rect x="6" y="{legend}" width="14" height="14" rx="3" fill="#2a2431" stroke="#5a4d6d" stroke-width="1.5"/>'
                 f'<text x="26" y="{legend + 12}" font-size="13" fill="#f3ead7">slum: 1 card</text>'
                 f'<rect x="126" y="{legend}" width="14" height="14" rx="3" fill="#40325a" stroke="#6a5890" stroke-width="1.5"/>'
                 f'<text x="146" y="{legend + 12}" font-size="13" fill="#f3ead7">rich house: 2 cards</text>'
                 f'<rect x="9" y="{legend + 22}" width="10" height="14" rx="2" fill="#6a5890" stroke="#d6aa48" stroke-width="1.2"/>'
                 f'<text x="26" y="{legend + 34}" font-size="13" fill="#f3ead7">its lock: a royalty, face down</text>')
    return (f'<figure class="rules-figure"><svg viewBox="0 0 300 {legend + 42}" role="img" aria-label="The town: '
            'four rows of four houses numbered 1 to 16 row by row. The top and bottom rows are slums with one card '
            'each, the two middle rows rich houses with two cards each; every house has a face-down lock on top. '
            'The Guild House lies beside the first row of rich houses.">' + "".join(parts) + "</svg>"
            "<figcaption>The town: slums hold one card, rich houses two, each under a face-down lock. "
            "The Guild House lies beside the first row of rich houses.</figcaption></figure>")


def notebook_figure() -> str:
    """Pen & Paper's notebook, and the reasoning it does for you: one 7 of Spades seen strikes out
    every Spade and every 7."""
    values = ["2", "3", "4", "5", "6", "7", "8", "9", "10"]
    suits = [("♣", "#7fd38f"), ("♦", "#8cb8ff"), ("♥", "#ff8f85"), ("♠", "#f3ead7")]
    left, top, cell = 30, 22, 29
    parts = [f'<text x="{left + i * cell + cell / 2}" y="{top - 6}" text-anchor="middle" font-size="13" font-weight="700" '
             f'fill="{"#a39886" if value == "7" else "#f3ead7"}">{value}</text>' for i, value in enumerate(values)]
    for row, (symbol, ink) in enumerate(suits):
        y = top + row * cell
        struck = symbol == "♠"
        parts.append(f'<text x="{left - 10}" y="{y + 19}" text-anchor="middle" font-size="16" fill="{"#a39886" if struck else ink}">{symbol}</text>')
        for column, value in enumerate(values):
            x = left + column * cell
            out = struck or value == "7"
            parts.append(f'<rect x="{x + 1}" y="{y + 1}" width="{cell - 2}" height="{cell - 2}" rx="3" '
                         f'fill="{"#1b1726" if out else "#5a4717"}" stroke="{"#332b47" if out else "#d6aa48"}"/>')
            if not out:
                parts.append(f'<text x="{x + cell / 2}" y="{y + 19}" text-anchor="middle" font-size="13" font-weight="700" fill="#ffe3a0">?</text>')
        if struck:
            parts.append(f'<line x1="{left}" y1="{y + cell / 2}" x2="{left + 9 * cell}" y2="{y + cell / 2}" stroke="#e0685f" stroke-width="3"/>')
    x7 = left + 5 * cell + cell / 2
    parts.append(f'<line x1="{x7}" y1="{top}" x2="{x7}" y2="{top + 4 * cell}" stroke="#e0685f" stroke-width="3"/>')
    width, height = left + 9 * cell + 6, top + 4 * cell + 6
    return (f'<figure class="rules-figure"><svg viewBox="0 0 {width} {height}" role="img" aria-label="The notebook: a grid '
            'of the four suits by the values 2 to 10. Having seen the 7 of Spades, the Spades row and the 7 column are '
            'struck out; the other 24 combinations are still possible.">' + "".join(parts) + "</svg>"
            "<figcaption>Pen &amp; Paper's notebook after seeing the 7♠: no Spade, no 7.</figcaption></figure>")


def guild_house_figure() -> str:
    """Paying dues: two cards from your hand go under the Guild House's pile; you take its top card."""
    pile = "".join(f'<rect x="{150 + i * 3}" y="{40 - i * 4}" width="40" height="56" rx="4" fill="#2f3a4d" stroke="#b9ad98"/>'
                   for i in range(4))
    hand = "".join(f'<rect x="{12 + i * 42}" y="58" width="34" height="48" rx="4" fill="#f4e8cb" stroke="#b9ad98"/>'
                   f'<text x="{29 + i * 42}" y="88" text-anchor="middle" font-size="14" font-weight="700" fill="{ink}">{text}</text>'
                   for i, (text, ink) in enumerate((("4♣", "#1e6b34"), ("9♦", "#1d4fa0"))))
    arrows = ('<path d="M88 104 C112 118 140 114 152 98" fill="none" stroke="#d6aa48" stroke-width="2.5"/>'
              '<path d="M152 98 l-9 3 l6 6 Z" fill="#d6aa48"/>'
              '<path d="M196 28 C220 10 250 14 262 34" fill="none" stroke="#d6aa48" stroke-width="2.5"/>'
              '<path d="M262 34 l1 -10 l-8 4 Z" fill="#d6aa48"/>'
              '<rect x="250" y="40" width="40" height="56" rx="4" fill="#2f3a4d" stroke="#d6aa48" stroke-width="2"/>')
    words = ('<text x="50" y="122" text-anchor="middle" font-size="12" fill="#f3ead7">two cards</text>'
             '<text x="50" y="136" text-anchor="middle" font-size="12" fill="#f3ead7">go under</text>'
             '<text x="172" y="130" text-anchor="middle" font-size="12" fill="#d6aa48">Guild House</text>'
             '<text x="270" y="116" text-anchor="middle" font-size="12" fill="#f3ead7">you take</text>'
             '<text x="270" y="130" text-anchor="middle" font-size="12" fill="#f3ead7">the top card</text>')
    return ('<figure class="rules-figure"><svg viewBox="0 0 310 140" role="img" aria-label="Paying dues: two cards '
            'from your hand go face down under the Guild House pile, and you take the pile\'s top card into your hand.">'
            + hand + pile + arrows + words + "</svg><figcaption>Paying dues at the Guild House.</figcaption></figure>")


def rules_html() -> str:
    return f"""
<p class="lead">Break into houses, find the Jeweled Box (the Joker) and open it with the right
combination. Open it wrong and its trap gets you.</p>
<section><h3>The combination</h3>
<p>Before play, twelve number cards are set aside unseen: one whole suit (2 to 10) and the three
other cards of one value. Together they say the combination, for example <em>5 of Hearts</em>.</p>
<p>Every number card you see in play rules something out: a 7♠ means the combination is not a Spade
and not a 7. The app does the setting aside for you, the way the printed rules describe, and nobody
sees those cards until someone opens the box.</p>
<p>Each suit has its own colour and symbol: ♠ Spades black, ♥ Hearts red, ♦ Diamonds blue, ♣ Clubs green.</p></section>
<section><h3>The town</h3>
{town_figure()}
<p>The other number cards and the Joker are dealt into sixteen houses in four rows: slums on the
top and bottom rows (one card each) and rich houses in the two middle rows (two cards each).</p>
<p>The last card is the <strong>Guild House</strong>, beside the first row of rich houses. Every house
gets a royalty (King, Queen, Jack or Ace) face down on top: its lock.</p></section>
<section><h3>Your house</h3>
<p>At the start everyone in turn picks a house. Its cards become your hand and its lock stays on the
table in front of you, face down. You see your own cards and lock.</p></section>
<section><h3>Your turn, step by step</h3>
<ol>
<li><strong>Rob a house</strong> (a town house or another player's) by naming its lock: a suit
(Clubs, Diamonds, Hearts, Spades) or a rank (King, Queen, Jack, Ace). If the lock is already face up,
just say it.</li>
<li><strong>Right:</strong> the lock turns face up for all. You alone see the cards inside (a
player's whole hand) and may take one, or none. Taking the last card takes the lock too, and the
house is out of play.<br><strong>Wrong:</strong> everyone hears the guess; at a town house you got a
look at the lock, so you know it next time.</li>
<li><strong>Lock the door behind you</strong> (optional): after robbing a town house whose lock is
now face up, put one of your royalties on it face down and take the old lock into your hand.</li>
<li><strong>Pay dues</strong> (optional, with two cards or more): put two cards under the Guild
House and take its top card.</li>
<li><strong>Change your own lock</strong> (optional): swap it for a royalty from your hand.</li>
<li>End your turn.</li>
</ol></section>
<section><h3>The Guild House</h3>
{guild_house_figure()}
<p>Pay dues on your turn with two cards or more in your hand: both go face down under the pile,
and its top card is yours.</p></section>
<section><h3>The Jeweled Box</h3>
<p>While you hold the Joker you may open the box on your turn: name a suit and a value. Right, and
you win.</p>
<p>Wrong, and you are out: your hand, Joker and all, goes face down under your lock and your
house joins the town for the others to rob.</p>
<p>If nobody can get the Joker any more, or everyone is out, or all agree, the game is a draw.</p></section>
<section><h3>Options</h3>
<ul>
<li><strong>Double Deck</strong>: two of every card, 32 houses, up to 32 players.</li>
<li><strong>I Know Where You Live</strong>: the Joker starts on top of the Guild House, so the first
player to pay dues gets it, and everyone knows who.</li>
<li><strong>A notebook of what you have seen</strong> (Pen &amp; Paper): new to the game? Turn it on
when you set up. The screen notes every card you see and strikes out the suits and values they rule
out; tap <em>Notebook</em> on the board to look (on a tablet it lies beside the town).</li>
</ul>
{notebook_figure()}</section>"""
