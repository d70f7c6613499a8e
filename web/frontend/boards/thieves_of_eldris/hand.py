"""The hand: the seat's own secret cards (and its purse), docked below the board, on its own screen
only."""
from __future__ import annotations

from pycore.thieves_of_eldris import money

from ...markup import attrs, esc
from .look import ROLE_CAPTIONS, secret_words, tile_name, trait_of
from .hooks import landing
from .pictures import coin, role_icon, trait_icon


def own_card(view, character, role, note="", subject=False) -> str:
    trait = trait_of(view, character)
    picture = role_icon(role, 18) if role in ("cutpurse", "target", "shadow") else ""
    cls = f"e-card {trait} {role}" + (" new" if note == "new" else "")
    return (f'<span{attrs(class_=cls, role="img", aria_label=secret_words(character, role), data_motion=f"card-{character}", data_subject=subject or None)}>'
            f'<span class="e-card-head">{trait_icon(trait, 16)}{picture}</span>'
            f'<span class="e-card-name">{tile_name(character)}</span>'
            f'<span class="e-card-role">{esc(ROLE_CAPTIONS[role])}{" · " + esc(note) if note else ""}</span></span>')


def hand(look) -> str:
    """The seat's own cards (and, 2-6 players, its purse): on its own screen only."""
    view, legal = look.view, look.scene.legal
    if look.viewer is None or look.moment in ("handover", "over"):
        return ""
    pool = {a["character"] for a in legal if a["type"] in ("choose_cutpurse", "return_target")} if look.acting else set()
    arrived = landing(view) if look.moment == "landing" else {"gained": 0, "new": None}
    cards = [own_card(view, c, "dealt", subject=c in pool) for c in view.get("dealt") or []]
    if view.get("cutpurse"):
        known = view["players"][look.viewer]["known_cutpurse"] == view["cutpurse"]
        cards.append(own_card(view, view["cutpurse"], "cutpurse", "known to all" if known else "",
                              subject=view["cutpurse"] in pool))
    cards += [own_card(view, c, "target", "new" if c == arrived["new"] else "", subject=c in pool)
              for c in view.get("targets") or []]
    if view.get("shadow"):
        cards.append(own_card(view, view["shadow"], "shadow", subject=view["shadow"] in pool))
    if view.get("peek"):
        cards.append(own_card(view, view["peek"], "peek"))
    if not cards:
        return ""
    haul = ""
    if view["mode"] != "solo":
        gain = f'<span class="gain e-coin">+{money(arrived["gained"])}</span>' if arrived["gained"] else ""
        haul = (f'<span class="e-haul" data-motion="money-{look.viewer}">{coin(18)}'
                f'<span><strong>{money(view["players"][look.viewer]["money"])}</strong>{gain}</span></span>')
    return f'<div class="e-hand" data-testid="secrets" aria-label="Only you see these">{"".join(cards)}{haul}</div>'
