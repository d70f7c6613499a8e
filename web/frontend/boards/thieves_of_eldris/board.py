"""Thieves of Eldris' board: Skulduggery Square, the Slip Dice, the thieves at the table (or, solo,
the Foes' Stack), your own secret cards docked in the hand, and the choice of the moment.

``draw(scene)`` returns the play layout's regions (frontend.widgets.Regions), drawn from one
seat's view (or the public view between people), each by its own module: the table's top
(seats.py), the dice (dice.py), the Square (square.py), the hand (hand.py) and the sheet
(sheet.py), from what the moment lets the screen show (look.py).  Every button that plays carries
its action; the taps change only the draft (draft.py): the dice revealed after the engine's roll,
the card picked in the Square (then where it goes), the dice picked for a reroll, the card next to
your Cutpurse in focus in the Nick Phase (then whom to accuse).  The facts, the end and the recap are
in hooks.py, the rule words in rules_page.py.  Watched back (moment "replay", from the engine's
``view_all``) it is the board played on with every card turned up: each thief's cards beside their
name (solo: the Cutpurse and the concealed Threats by name), the top of the deck; nothing to tap.
This module draws the regions and the bar's words.
"""
from __future__ import annotations

from ... import widgets
from ...markup import esc
from ...widgets import matching
from .dice import dice_row
from .draft import tidy
from .hand import hand
from .look import Look
from .rules_page import STEP_PROMPTS
from .seats import display_panel, foes_panel, seats_panel
from .sheet import sheet
from .square import square


# -- the regions --------------------------------------------------------------------------------
def draw(scene) -> widgets.Regions:
    view = scene.view
    tidy(scene.draft, scene.legal, view)
    look = Look(scene)
    top = foes_panel(look) if view["mode"] == "solo" else seats_panel(look)
    board = (f'<div class="eldris" data-mode="{view["mode"]}" data-moment="{esc(look.moment)}">'
             f'<div class="e-top">{top}{display_panel(view)}</div>'
             f'{dice_row(look)}<div class="e-square-box">{square(look)}</div></div>')
    return widgets.Regions(board=board, hand=hand(look), sheet=sheet(look), prompt=prompt(look),
                           status=status(look))


def status(look) -> str:
    """The bar: the round and whose turn (nothing of a turn not yet handed over)."""
    view, names = look.view, look.scene.names
    if look.over:
        return ""
    if view["mode"] == "solo":
        return f"Round {view['round']} of 4"
    if look.quiet_next:
        return ""
    if view["step"] == "replace":
        return f"Round {view['round']} · {names[view['victim']]} picks a new Cutpurse"
    return f"Round {view['round']} · {look.scene.whose_turn(view['turn'])}"


def prompt(look) -> str:
    """One line: what to do now (or what is happening)."""
    view, scene, names = look.view, look.scene, look.scene.names
    if look.over or look.moment == "landing":     # the shell's sheet speaks then
        return ""
    if not look.acting:
        if look.quiet_next:
            return ""
        acting = view["to_act"][0] if view["to_act"] else view["turn"]
        if acting in scene.bots:
            return f"{names[acting]} is thinking…"
        if view["step"] == "replace":
            return f"{names[acting]} is choosing a new Cutpurse."
        return f"{names[acting]}'s turn."
    step, draft = view["step"], scene.draft
    if step == "choose":
        return {"small": "Pick your Cutpurse; the other two are Targets",
                "large": "Pick your Cutpurse; the other is your Shadow",
                "solo": "Pick your Cutpurse from the Display"}[view["mode"]]
    if step == "slip":
        if look.unrolled:
            return "Your turn: roll the dice"
        if draft["reroll"]:
            return "Tap the dice to reroll"
        if draft["pick"] is not None:
            return f"Tap where the {view['square'][draft['pick']]['character']} goes, or another ringed card"
        left = sum(not die["spent"] for die in view["dice"])
        return f"Move a ringed card: {left} {'die' if left == 1 else 'dice'} left"
    if step == "dexterity" and view["dexterity"] is not None:
        return f"Dexterity: one more step for the {view['square'][view['dexterity']]['character']}, or stop"
    if step in ("dexterity", "wisdom") and draft["pick"] is not None:
        return f"Tap where the {view['square'][draft['pick']]['character']} goes"
    if step == "nick":
        if draft["focus"] is not None:
            return f"The {draft['focus']}: steal, or name the thief behind it"
        return "Steal, or tap a card ringed in gold (beside your Cutpurse) to accuse its thief"
    if step == "wager":
        if matching(scene.legal, type="wager"):
            return "Wager $1 on a ringed Threat, or reveal the Foes"
        return "Reveal the Foes: Rivals rob first, then you"
    return STEP_PROMPTS[step]
