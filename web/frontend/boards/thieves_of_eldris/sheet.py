"""The sheet: the controls of the choice of the moment, one body a step (choosing a Cutpurse, the
Slip, Dexterity and Wisdom, Intelligence, the Nick Phase, solo wagers)."""
from __future__ import annotations

from pycore.thieves_of_eldris import PAYOUT, TRAIT_NAMES, money

from ... import widgets
from ...markup import button, esc, join_names
from ...widgets import act_button, matching
from .draft import nick_choices
from .look import chip, trait_of
from .pictures import TRAIT_LOOKS, coin, role_icon, trait_icon


def sheet(look) -> str:
    if not look.acting:
        return ""
    step = look.view["step"]
    body = {"choose": choose_body, "constitution": choose_body, "replace": choose_body,
            "slip": slip_body, "dexterity": grid_body, "wisdom": grid_body,
            "intelligence": return_body, "nick": nick_body, "wager": wager_body}[step](look)
    return f'<div class="eldris-sheet">{body}</div>'


def choose_body(look) -> str:
    view = look.view
    buttons = []
    for action in matching(look.scene.legal, type="choose_cutpurse"):
        character = action["character"]
        keep = view["step"] == "constitution" and character == view.get("cutpurse")
        trait = trait_of(view, character)
        buttons.append(act_button(f'{trait_icon(trait, 16)} {esc(character)}', action, f"btn card-btn {trait}",
                                  aria_label=f"Keep the {character}" if keep else f"Cutpurse: the {character}"))
    return widgets.chooser("", buttons)


def slip_body(look) -> str:
    legal, draft = look.scene.legal, look.scene.draft
    if look.unrolled:
        return f'<p class="actions">{button("Roll the dice", "roll", "btn primary big")}</p>'
    parts = []
    if draft["pick"] is not None:
        parts.append(button("Put it back", "unpick", "btn"))
    elif matching(legal, type="reroll"):
        chosen = draft["reroll"]
        if chosen:
            dice = f"{len(chosen)} {'die' if len(chosen) == 1 else 'dice'}"
            # Short, so it shares a row with an ability on a phone on its side (the prompt says "Sigil").
            parts.append(act_button(f"Reroll {dice}", {"type": "reroll", "dice": chosen}, "btn", legal,
                                    aria_label=f"Flip the Sigil: roll {dice} again"))
        else:
            parts.append('<span class="muted">Sigil: tap dice to reroll</span>')
    if draft["pick"] is None:
        if {"type": "reset_sigil"} in legal:
            parts.append(act_button("Reset the Sigil", {"type": "reset_sigil"}, "btn", legal))
        abilities = matching(legal, type="ability")
        if len(abilities) > 1:       # triples: any ability, each a small trait key
            parts.append('<span class="muted">Triples, any ability:</span>')
        for action in abilities:
            trait = action["trait"]
            label = (f"Use {trait_icon(trait)} {TRAIT_NAMES[trait]}" if len(abilities) == 1
                     else f"{trait_icon(trait)}<span class=\"abbr\">{TRAIT_LOOKS[trait][2]}</span>")
            parts.append(act_button(label, action, f"btn ability {trait}",
                                    aria_label=f"Use the {TRAIT_NAMES[trait]} ability"))
    return f'<p class="actions">{" ".join(parts)}</p>' if parts else ""


def grid_body(look) -> str:
    legal, draft = look.scene.legal, look.scene.draft
    parts = []
    if {"type": "stop"} in legal:
        parts.append(act_button("Stop after one step", {"type": "stop"}, "btn", legal))
    elif draft["pick"] is not None:
        parts.append(button("Put it back", "unpick", "btn"))
    return f'<p class="actions">{" ".join(parts)}</p>' if parts else ""


def return_body(look) -> str:
    view = look.view
    buttons = [act_button(chip(view, a["character"]), a, "btn card-btn", aria_label=f"Shuffle back the {a['character']}")
               for a in matching(look.scene.legal, type="return_target")]
    return widgets.chooser("", buttons)


def nick_body(look) -> str:
    view, legal, names = look.view, look.scene.legal, look.scene.names
    focus = look.scene.draft["focus"]
    place = {e["character"]: e["place"] for e in view["square"]}
    if focus is not None:
        about = nick_choices(legal)[focus]
        buttons = [act_button(f"Steal {coin()} <strong>{money(PAYOUT[place[focus]])}</strong>", a, "btn primary",
                              aria_label=f"Steal from the {focus}") for a in about if a["type"] == "steal"]
        buttons += [act_button(f"{role_icon('cutpurse', 16)} {esc(names[a['player']])}", a, "btn",
                               aria_label=f"{names[a['player']]} is the {focus}")
                    for a in about if a["type"] == "reveal"]
        buttons.append(button("Back", "unfocus", "btn"))
        return widgets.chooser("", buttons)
    steals = [act_button(f"{trait_icon(trait_of(view, a['character']))} {esc(a['character'])} "
                         f"<strong>{money(PAYOUT[place[a['character']]])}</strong>",
                         a, "btn primary", aria_label=f"Steal from the {a['character']}")
              for a in matching(legal, type="steal")]
    label = ['<span class="muted">Steal:</span>'] if steals else []
    return widgets.chooser("", label + steals + [act_button("Pass", {"type": "pass"}, "btn", legal)])


def wager_body(look) -> str:
    view, legal = look.view, look.scene.legal
    wagers = [act_button(f"$1 on {chip(view, a['character'])}", a, "btn card-btn",
                         aria_label=f"Wager $1 on the {a['character']}") for a in matching(legal, type="wager")]
    placed = view["solo"]["wagers"]
    note = [f'<span class="muted">Wagered: {esc(join_names(placed))}</span>'] if placed else []
    return widgets.chooser("", wagers + note + [act_button("Reveal the Foes", {"type": "reveal_foes"},
                                                           "btn primary", legal)])
