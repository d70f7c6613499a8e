"""The Slip Dice: waiting to be rolled, rolled (a die to spend ringed), picked for a reroll; the
Sigil, doubles and Strength beside them."""
from __future__ import annotations

from pycore.thieves_of_eldris import TRAIT_NAMES

from ...markup import attrs, button
from ...widgets import matching
from .pictures import TRAIT_LOOKS, hidden_die, trait_icon


def dice_row(look) -> str:
    view, scene = look.view, look.scene
    if look.over or not view["dice"]:
        return ""
    if look.quiet_next:
        return '<div class="e-dice waiting" data-testid="dice"><span class="muted">the dice wait for the next thief</span></div>'
    if look.unrolled:
        faces = "".join(button(hidden_die(), "roll", "die unrolled", aria_label=f"die {i + 1}: roll",
                               data_pick=True)
                        for i in range(len(view["dice"])))
        return f'<div class="e-dice" data-testid="dice" data-motion="dice-unrolled" data-subject>{faces}</div>'
    chosen = set(scene.draft["reroll"])
    rerolling = look.acting and bool(matching(scene.legal, type="reroll"))
    spend = None
    picked = scene.draft["pick"]
    if view["step"] == "slip" and picked is not None:
        trait = view["square"][picked]["trait"]
        spend = next((i for i, die in enumerate(view["dice"]) if die["trait"] == trait and not die["spent"]), None)
    faces = []
    for index, die in enumerate(view["dice"]):
        trait = die["trait"]
        label = f"die {index + 1}: {TRAIT_NAMES[trait]}{', spent' if die['spent'] else ''}"
        inner = f'{trait_icon(trait, 22)}<span class="abbr">{TRAIT_LOOKS[trait][2]}</span>'
        cls = (f"die {trait}" + (" spent" if die["spent"] else "") + (" on" if index in chosen else "")
               + (" spends" if index == spend else "") + (" e-roll" if look.rolling else ""))
        if rerolling:
            faces.append(button(inner, "reroll-die", cls, die=index, pick=True,
                                aria_label=f"{label}: {'keep' if index in chosen else 'roll again'}?"))
        else:
            faces.append(f'<span{attrs(class_=cls, role="img", aria_label=label, data_die=index)}>{inner}</span>')
    sigil = view["players"][view["turn"]]["sigil"]
    extra = ([f'<span class="sigil {"on" if sigil else "off"}">Sigil {"ready" if sigil else "used"}</span>']
             if view["step"] == "slip" else [])
    if view["doubles"]:
        extra.append(f'<span class="tag turn">{"Triples" if len(view["doubles"]) == 6 else "Doubles"}</span>')
    if view["strength"]:
        extra.append('<span class="tag">Strength: diagonals count</span>')
    subject = " data-subject" if look.acting and view["step"] == "slip" else ""
    return (f'<div class="e-dice" data-testid="dice" data-motion="dice"{subject}>{"".join(faces)}'
            f'<span class="e-dice-notes">{"".join(extra)}</span></div>')
