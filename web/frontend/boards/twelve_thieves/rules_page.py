"""12 Thieves' rule words, in one place: the engine's rulings (``TABLE_RULES``, read from the game's
package, never copied), the screen's own (``SCREEN_RULES``), and the rules page (``rules_html``)
that tells the rules whole.  The table-rules list is the first two (frontend.boards' default
``table_rules``).  The page: drawn with the board's own pictures: the cards, a palace with its
guards and costs, a steal, a pass draw; and the costs table."""
from __future__ import annotations

from pycore.twelve_thieves import (CARDS, CHEST_STACK, CHESTS_TO_WIN, DANCER, GUARD_SPACES,
                                   PALACE_NAMES, PALACES, TABLE_RULES, THIEF_ACTIONS)

from ...markup import esc
from .board import palace_label, palace_picture
from .pictures import card, card_back

# Where the screen adds to the engine's rulings (the rules page lists both).
SCREEN_RULES = [
    "Each palace has its own mark, drawn on the palace and on every card of it: Sun, Moon, Star, "
    "Lamp, Rose and Key. A Dancer card shows a sparkle on purple.",
    "Thieves are small figures in their player's colour, in a row per player with that player's "
    "number; the dashed figures after them count up to the top chest's number. Guards are shields "
    "with their player's number; neutral guards are black shields.",
    "Tap a palace to act there: the sheet lists what you can do from it, then how you can pay, "
    "each way with its exact cards, before anything is played.",
    "Pass and play: while guards are placed nothing is secret, so the device goes round without a "
    "cover; from the deal on, a cover names who should take the device before their hand shows.",
]


# -- the rules page's pictures: the board's own drawings ----------------------------------------
NAMES = ["Ana", "Ben"]


def palace(name: str, guards: list, thieves: list, chests: list) -> dict:
    """A palace as the engine's view gives it."""
    return {"palace": PALACES.index(name), "name": name, "guards": guards, "open_spaces": GUARD_SPACES - len(guards),
            "thieves": thieves, "chests": chests}


def drawn(info: dict, cost=None, steal=False) -> str:
    return (f'<div class="pcell"><span class="palace p-{info["name"]}" role="img" aria-label="{esc(palace_label(info, NAMES, cost))}">'
            f'{palace_picture(info, NAMES, cost, steal)}</span></div>')


def figure(pictures: str, caption: str, cls: str = "tt12-figs") -> str:
    return (f'<figure class="rules-figure"><div class="{cls}" data-game="twelve-thieves">{pictures}</div>'
            f'<figcaption>{caption}</figcaption></figure>')


def palace_figure() -> str:
    """A palace with its guards, and what a thief costs there."""
    sun = palace("sun", [0, None, 1], [2, 1], list(CHEST_STACK))
    return figure(drawn(sun, cost=2) + card("sun", 2),
                  "The Sun palace. Ana's guard (shield 1) lets her in; the black neutral guard and Ben's "
                  "guard (shield 2) are in her way, so a thief here costs her 2 Sun cards (a Dancer may "
                  "stand in for either). The top chest needs 4 thieves: Ana has 2 there, and the dashed "
                  "figures count the 2 she still needs.")


def steal_figure() -> str:
    """Before and after a steal."""
    before = palace("moon", [0, None, 1], [4, 2], list(CHEST_STACK))
    after = palace("moon", [0, None, 1], [0, 2], list(CHEST_STACK[1:]))
    return figure(drawn(before, steal=True) + '<span class="arrow" aria-hidden="true">→</span>' + drawn(after),
                  "A steal. Ana's 4 thieves at the Moon palace reach the top chest's 4: she steals it "
                  "(one of her three thief actions). The chest is hers, those 4 thieves go home, Ben's "
                  "2 stay, and the next chest needs 5.")


def pass_figure() -> str:
    """A pass draw: four cards, each from the deck or a Dancer."""
    draws = card_back() + card_back() + card(DANCER, label="a Dancer") + card_back()
    return figure(draws, "A pass: after a turn with no action at all, draw 4 cards one at a time, each from "
                  "the deck or a Dancer from the face-up supply; here Ana took a Dancer third.", "tt12-cards")


def cards_figure() -> str:
    """The seven cards: one for each palace, with its palace's mark, and the wild Dancer."""
    return figure("".join(card(name) for name in CARDS), "The cards: each palace's card shows its mark; the "
                  "Dancer (purple, a sparkle) pays as any of them.", "tt12-cards")


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
    palaces = ", ".join(PALACE_NAMES[p] for p in PALACES)
    return f"""
<p class="lead">Six palaces, twelve thieves each, and treasure chests for whoever gets enough of
their thieves inside.</p>
<section><h3>The bazaar</h3>
{palace_figure()}
<p>The palaces are {esc(palaces)}. Each has {GUARD_SPACES} guard spaces and starts with one black
neutral guard, and a stack of four chests: the top one needs 4 of your thieves, the next 5, then 6
and 7.</p>
<p>The deck has 17 cards of each palace. Eight Dancers lie face up beside it: a Dancer is wild,
it pays as any palace card.</p>
{cards_figure()}</section>
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
come home, the chest is yours and the next one shows. Other players' thieves stay.</p>
{steal_figure()}</section>
<section><h3>Drawing</h3>
<p>After a turn with any action, draw 3 cards. After a turn with none (a pass), draw 4, one at a
time: each may be a Dancer from the face-up supply instead. Played Dancers go back there; played
palace cards go to the discards, which become the new deck when it runs out.</p>
{pass_figure()}</section>
<section><h3>Winning</h3>
<p>The first to {CHESTS_TO_WIN[2]} chests with two players, {CHESTS_TO_WIN[3]} with three or
{CHESTS_TO_WIN[4]} with four wins at once. Your hand is secret; how many cards (and Dancers) you
hold is not.</p></section>"""
