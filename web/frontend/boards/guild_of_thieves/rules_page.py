"""Guild of Thieves' rules page: short sections with drawn figures (the town, the Guild House)."""
from __future__ import annotations



# -- the rules page's pictures (inline SVG) ---------------------------------------------------------
def town_figure() -> str:
    """The town as it is dealt: slums (one card) on the top and bottom rows, rich houses (two cards)
    in the middle rows, each under a face-down lock, and the Guild House beside the first rich row."""
    size, step, left = 56, 64, 92
    kinds = [("slum", 1, "slums"), ("rich", 2, "rich houses"), ("rich", 2, "rich houses"), ("slum", 1, "slums")]
    parts = []
    for row, (kind, cards, words) in enumerate(kinds):
        y = 8 + row * step
        parts.append(f'<text x="{left - 10}" y="{y + 32}" text-anchor="end" font-size="15" fill="#f3ead7">{words}</text>')
        for column in range(4):
            x = left + column * step
            fill, edge = ("#40325a", "#6a5890") if kind == "rich" else ("#2a2431", "#5a4d6d")
            parts.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="7" fill="{fill}" stroke="{edge}" stroke-width="2"/>'
                         f'<text x="{x + 5}" y="{y + 14}" font-size="13" font-weight="700" fill="#f3ead7">{row * 4 + column + 1}</text>'
                         f'<rect x="{x + 18}" y="{y + 16}" width="20" height="14" rx="2" fill="#6a5890" stroke="#d6aa48" stroke-width="1"/>')
            for card in range(cards):
                cx = x + size / 2 - cards * 6 + card * 12 + 1
                parts.append(f'<rect x="{cx}" y="{y + 35}" width="10" height="14" rx="2" fill="#2f3a4d" stroke="#b9ad98" stroke-width=".8"/>')
    gx, gy = left + 4 * step + 4, 8 + step
    parts.append(f'<rect x="{gx}" y="{gy}" width="{size + 8}" height="{size}" rx="7" fill="#2e2618" stroke="#d6aa48" '
                 f'stroke-width="2" stroke-dasharray="5 3"/>'
                 f'<text x="{gx + 32}" y="{gy + 24}" text-anchor="middle" font-size="11" font-weight="700" fill="#d6aa48">Guild</text>'
                 f'<text x="{gx + 32}" y="{gy + 38}" text-anchor="middle" font-size="11" font-weight="700" fill="#d6aa48">House</text>')
    width = gx + size + 14
    parts.append(f'<text x="{left + 4 * step - 4}" y="{8 + 4 * step + 12}" text-anchor="end" font-size="15" fill="#d6aa48">'
                 'gold-edged: a lock (a royalty, face down)</text>')
    return (f'<figure class="rules-figure"><svg viewBox="0 0 {width} {4 * step + 30}" role="img" aria-label="The town: '
            'four rows of four houses numbered 1 to 16 row by row. The top and bottom rows are slums with one card '
            'each, the two middle rows rich houses with two cards each; every house has a face-down lock on top. '
            'The Guild House lies beside the first row of rich houses.">' + "".join(parts) + "</svg>"
            "<figcaption>The town: slums hold one card, rich houses two, each under a face-down lock. "
            "The Guild House lies beside the first row of rich houses.</figcaption></figure>")


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
<li><strong>Pen &amp; Paper</strong>: the screen keeps a notebook of what you have seen and which
combinations are still possible.</li>
</ul></section>"""
