"""The top of the Thieves of Eldris table: the thieves (or, solo, the Foes' Stack), the Display and
the deck."""
from __future__ import annotations

from pycore.thieves_of_eldris import money

from ...markup import esc, join_names
from ...widgets import name_tag
from .look import ROLE_CAPTIONS, chip, seat_dot
from .pictures import ROLE_PICTURES, card_backs, coin, role_icon, trait_tag


def seats_panel(look) -> str:
    """Every thief at the table on one compact line each: name, purse, face-down cards, a Cutpurse
    everyone knows, what they robbed and unmasked (at the end: every card turned up)."""
    view, scene = look.view, look.scene
    hands = view.get("hands")      # every player's cards: the final view (or a watched-back game's)
    rows = []
    for player in view["players"]:
        seat = player["seat"]
        classes = ["e-seat"]
        if seat == view["turn"] and not look.quiet_next and not look.over:
            classes.append("turn")
        if player["out"]:
            classes.append("out")
        if look.over and seat in view["outcome"]["winners"]:
            classes.append("winner")
        facts = [f'{seat_dot(seat)}{name_tag(scene.names[seat], "name", "strong")}',
                 f'<span class="money" data-motion="money-{seat}">{money(player["money"])}</span>']
        if seat in scene.bots:
            # The level in a word ("Novice"), the whole "Novice bot" for a screen reader.
            level = scene.bots[seat]
            facts.append(f'<span class="tag badge bot" aria-label="{esc(level)}">{esc(level.split()[0])}</span>')
        if player["out"]:
            facts.append('<span class="tag warn">out</span>')
        if hands is not None:
            facts.append(revealed_cards(view, hands[seat]))
        elif player["cards"]:
            facts.append(f'<span class="backs" role="img" aria-label="{player["cards"]} cards face down">'
                         f'{card_backs(player["cards"])}</span>')
        if player["known_cutpurse"] and hands is None:
            facts.append(f'<span class="known" data-motion="known-{seat}" aria-label="Cutpurse known to all">'
                         f'{role_icon("cutpurse", 14)}{chip(view, player["known_cutpurse"])}</span>')
        for cards, icon, word in ((player["stolen"], coin(14), "robbed"), (player["claimed"], role_icon("cutpurse", 14), "unmasked")):
            if cards:
                facts.append(f'<span class="won" role="img" aria-label="{word} {len(cards)}: {esc(join_names(cards))}">'
                             f'{icon}{len(cards)}</span>')
        rows.append(f'<li class="{" ".join(classes)}" data-motion="player-{seat}" data-seat-cards="{seat}">'
                    f'{"".join(facts)}</li>')
    return f'<ul class="e-seats" data-testid="players">{"".join(rows)}</ul>'


def revealed_cards(view, hand) -> str:
    """A player's cards turned up (at the end, or watched back), each with what it is to them:
    the Cutpurse, Shadow and Targets by their pictures, cards still to sort and a peek in words."""
    parts = []
    held = (("cutpurse", [hand["cutpurse"]]), ("shadow", [hand["shadow"]]), ("target", hand["targets"]),
            ("dealt", hand["dealt"]), ("peek", [hand["peek"]]))
    for role, cards in held:
        mark = role_icon(role, 14) if role in ROLE_PICTURES else f'<span class="muted">{ROLE_CAPTIONS[role]}</span>'
        parts += [f'<span class="up" data-role="{role}">{mark}{chip(view, card)}</span>' for card in cards if card]
    return "".join(parts) or '<span class="muted">no cards</span>'


def foes_panel(look) -> str:
    """Solo: the two purses, the known Rivals (named; with tokens on the Square only counted) and
    the Threats' traits."""
    view = look.view
    solo = view["solo"]
    if solo["tokens"] and solo["rivals"]:
        rivals = (f'<span class="token rival" aria-hidden="true">R</span>'
                  f'<span aria-label="{esc(join_names(solo["rivals"]))}">× {len(solo["rivals"])}</span>')
    else:
        rivals = "".join(chip(view, c) for c in solo["rivals"]) or '<span class="muted">none yet</span>'
    hands = view.get("hands")      # turned up: the Cutpurse and the concealed Threats by name
    if hands:
        threats = "".join(chip(view, c) for c in solo["threat_cards"])
    else:
        threats = "".join(trait_tag(t) for t in solo["threats"])
    cutpurse = (f'<span class="muted">Cutpurse</span><span class="up" data-role="cutpurse">{role_icon("cutpurse", 14)}'
                f'{chip(view, hands[0]["cutpurse"])}</span>' if hands and hands[0]["cutpurse"] else "")
    won = (f'<p class="e-facts"><span class="muted">Won by wagers</span>{"".join(chip(view, c) for c in solo["won"])}</p>'
           if solo["won"] else "")
    title = f'<span class="tag turn">{esc(view["outcome"]["title"])}</span>' if look.over and view["outcome"] else ""
    return (f'<section class="e-foes" data-testid="foes">'
            f'<p class="e-score"><span>You {coin()} <strong data-motion="money-0">{money(view["players"][0]["money"])}</strong></span>'
            f'<span>Rivals <strong data-motion="spoils">{money(solo["spoils"])}</strong></span>{title}</p>'
            f'<p class="e-facts"><span class="muted">Rivals</span>{rivals}'
            + (f'<span class="muted">Threats</span>{threats}' if threats else "")
            + f'{cutpurse}</p>{won}</section>')


def display_panel(view) -> str:
    """The Display of Targets (5-6 players, solo) and the deck; turned up, the deck's top card."""
    top = view.get("deck_cards")
    deck = (f'<span class="muted deck">deck {view["deck"]}' + (', next' if top else '') + '</span>'
            + (chip(view, top[0]) if top else ""))
    if view["mode"] == "small":
        return f'<p class="e-display e-facts" data-testid="deck">{deck}</p>' if top else ""
    cards = "".join(chip(view, c, f"display-{c}") for c in view["display"]) or '<span class="muted">empty</span>'
    return f'<p class="e-display e-facts" data-testid="display"><span class="muted">Targets</span>{cards}{deck}</p>'
