"""12 Thieves' rules page: a palace with its guards and costs, the costs table."""
from __future__ import annotations

from pycore.twelve_thieves import (CHESTS_TO_WIN, GUARD_SPACES, PALACE_NAMES,
                                   PALACE_SYMBOLS, PALACES, THIEF_ACTIONS)
from ...markup import esc


# -- the rules page's picture (inline SVG) ------------------------------------------------------
def palace_figure() -> str:
    """One palace: four guard spaces (a neutral guard, one of yours, one of an opponent's, one
    open), its chest stack and the cost of a thief there."""
    parts = [
        '<path d="M60 70 Q110 8 160 70 Z" fill="#d6aa48"/>',
        '<rect x="56" y="70" width="108" height="70" fill="#40325a" stroke="#6a5890" stroke-width="2"/>',
        '<path d="M98 140 V108 a12 12 0 0 1 24 0 V140 Z" fill="#1b1726"/>',
        '<text x="110" y="62" text-anchor="middle" font-size="20" fill="#1b1726">☀</text>',
    ]
    spaces = [("#0f0c16", "#f3ead7", "N", "neutral"), ("#e8a33d", "#1b1726", "1", "yours"),
              ("#5fb0e8", "#1b1726", "2", "opponent"), (None, None, "", "open")]
    for i, (fill, ink, mark, word) in enumerate(spaces):
        x = 50 + i * 40
        if fill:
            parts.append(f'<circle cx="{x}" cy="172" r="15" fill="{fill}" stroke="#f3ead7" stroke-width="2"/>'
                         f'<text x="{x}" y="177" text-anchor="middle" font-size="14" font-weight="700" fill="{ink}">{mark}</text>')
        else:
            parts.append(f'<circle cx="{x}" cy="172" r="15" fill="none" stroke="#b9ad98" stroke-width="2" stroke-dasharray="4 3"/>')
        parts.append(f'<text x="{x}" y="204" text-anchor="middle" font-size="10" fill="#f3ead7">{word}</text>')
    parts.append('<text x="240" y="44" text-anchor="middle" font-size="11" fill="#f3ead7">chests</text>')
    for i, number in enumerate((4, 5, 6, 7)):      # the top chest first
        y = 52 + i * 18
        parts.append(f'<rect x="217" y="{y}" width="46" height="16" rx="3" fill="#2e2618" stroke="#d6aa48"/>'
                     f'<text x="240" y="{y + 12}" text-anchor="middle" font-size="11" font-weight="700" fill="#d6aa48">{number}</text>')
    parts.append('<text x="240" y="140" text-anchor="middle" font-size="11" fill="#f3ead7">the top one</text>'
                 '<text x="240" y="153" text-anchor="middle" font-size="11" fill="#f3ead7">needs 4 thieves</text>')
    parts.append('<text x="140" y="232" text-anchor="middle" font-size="12" fill="#d6aa48">a thief here costs you 2 ☀ cards</text>'
                 '<text x="140" y="248" text-anchor="middle" font-size="11" fill="#f3ead7">(one for each guard that is not yours)</text>')
    return ('<figure class="rules-figure"><svg class="palace-figure" viewBox="0 0 290 258" role="img" aria-label="A palace: four guard '
            'spaces in front of it hold a black neutral guard, a guard of yours (player 1), a guard of an opponent '
            '(player 2) and one open space. Beside it the stack of chests: 4 on top, then 5, 6 and 7. A thief here '
            'costs you two Sun cards, one for each guard that is not yours.">' + "".join(parts)
            + "</svg><figcaption>The Sun palace: with your guard, a neutral guard and an opponent's guard "
              "there, a thief costs 2 Sun cards.</figcaption></figure>")


def costs_table() -> str:
    rows = [("Place a thief", "1 card of that palace per guard there that is not yours", "yes"),
            ("Steal the top chest", "nothing: your thieves there reach its number", "yes"),
            ("Move your guard with one of your thieves", "1 card of either palace", "yes"),
            ("Move your own guard", "1 card of either palace", "no"),
            ("Move a neutral guard", "2 cards: 1 of the palace it leaves, 1 of where it goes", "no")]
    body = "".join(f"<tr><th scope=\"row\">{esc(a)}</th><td>{esc(b)}</td><td>{esc(c)}</td></tr>" for a, b, c in rows)
    return ('<table class="costs"><thead><tr><th scope="col">Action</th><th scope="col">Cost</th>'
            f'<th scope="col">One of your 3 thief actions?</th></tr></thead><tbody>{body}</tbody></table>')


def rules_html() -> str:
    palaces = ", ".join(f"{PALACE_SYMBOLS[p]} {PALACE_NAMES[p]}" for p in PALACES)
    return f"""
<p class="lead">Six palaces, twelve thieves each, and treasure chests for whoever gets enough of
their thieves inside.</p>
<section><h3>The bazaar</h3>
{palace_figure()}
<p>The palaces are {esc(palaces)}. Each has {GUARD_SPACES} guard spaces and starts with one black
neutral guard, and a stack of four chests: the top one needs 4 of your thieves, the next 5, then 6
and 7.</p>
<p>The deck has 17 cards of each palace. Eight Dancers lie face up beside it: a Dancer is wild,
it pays as any palace card.</p></section>
<section><h3>Setting up</h3>
<p>Players take turns placing their guards one at a time on any palace with room: 4 guards each
with two players, 3 with three, 2 with four. Then player 1 gets 6 cards, player 2 gets 7, player 3
gets 8 and player 4 gets 9, and player 1 begins.</p></section>
<section><h3>Your turn</h3>
{costs_table()}
<p>To place a thief at a palace you need one of your own guards there and at least one guard that
is not yours (neutral or another player's): each such guard costs one card of that palace.</p>
<p>You may take up to {THIEF_ACTIONS} thief actions, and move guards as often as you can pay. A
guard only moves to a palace with an open space.</p>
<p>When your thieves at a palace reach the top chest's number, steal it: that many of your thieves
come home, the chest is yours and the next one shows. Other players' thieves stay.</p></section>
<section><h3>Drawing</h3>
<p>After a turn with any action, draw 3 cards. After a turn with none (a pass), draw 4, one at a
time: each may be a Dancer from the face-up supply instead. Played Dancers go back there; played
palace cards go to the discards, which become the new deck when it runs out.</p></section>
<section><h3>Winning</h3>
<p>The first to {CHESTS_TO_WIN[2]} chests with two players, {CHESTS_TO_WIN[3]} with three or
{CHESTS_TO_WIN[4]} with four wins at once. Your hand is secret; how many cards (and Dancers) you
hold is not.</p></section>"""
