"""Guild of Thieves' board: the town, robbing, stealing, dues, locks and the Jeweled Box.

Drawn from one seat's view (or the public view, seat None, between people or while bots play) as
the play layout's regions: the town on the board (town.py), the seat's hand and the current
choice's sheet (sheet.py), one line saying what to do and the bar's status.  Every button that
plays carries its action; the taps here change only the draft: the house picked, paying dues or
opening the box, the suit and value chosen, the notebook open or shut.
"""
from __future__ import annotations

from ... import widgets
from .cards import house_label, place, visit
from .draft import tidy
from .hooks import reason
from .sheet import hand_region, sheet_region
from .town import board_region


# -- the board ------------------------------------------------------------------------------------
def draw(scene) -> widgets.Regions:
    if scene.moment == "replay":        # watched back: the board alone, everything turned up
        return widgets.Regions(board=board_region(scene, None))
    view, draft = scene.view, scene.draft
    tidy(draft, view, scene.legal)
    paying = scene.moment == "turn" and (view["step"] == "dues_second" or draft["mode"] == "dues")
    return widgets.Regions(board=board_region(scene, subject(scene)), hand=hand_region(scene, paying),
                           sheet=sheet_region(scene), prompt=prompt(scene), status=status(scene))


def subject(scene):
    """The house the current choice is about: the one picked, the one being robbed (its cards to
    take, its door to lock), or, as the thief's turn lands, the one it robbed."""
    view = scene.view
    if scene.moment == "landing":
        return (visit(view) or {}).get("house")
    if scene.moment != "turn":
        return None
    if scene.draft["house"] is not None:
        return scene.draft["house"]
    if view["step"] in ("steal", "lock_door"):
        return view["robbed"]
    return None


def status(scene) -> str:
    """The bar: the round and whose turn ("" as a turn lands and at a hand-over: nothing names the
    next turn; "your turn" for a person alone with bots)."""
    view = scene.view
    if scene.moment in ("landing", "handover", "over") or view["turn"] is None:
        return ""
    if view["phase"] == "choose":
        return f"Choosing houses · {scene.whose_turn(view['turn'])}"
    return f"Round {view['round']} · {scene.whose_turn(view['turn'])}"


def prompt(scene) -> str:
    """One line: what to do now, or what is happening."""
    view, names, draft, legal = scene.view, scene.names, scene.draft, scene.legal
    if scene.moment == "over":
        return reason(view, names)
    if scene.moment in ("handover", "landing"):      # the shell says "Pass to Ben", or what the move did
        return ""
    turn = view["turn"]
    if view["phase"] == "draw_offer":
        offer = view["draw_offer"]
        if legal:
            return f"{names[offer['by']]} offers a draw: do you agree?"
        return f"{names[offer['by']]} offers a draw; waiting for {names[offer['waiting'][0]]}."
    if not legal:
        if turn in scene.bots:
            return f"{names[turn]} is {'choosing a house' if view['phase'] == 'choose' else 'thinking'}…"
        return f"{names[turn]} is choosing a house." if view["phase"] == "choose" else f"{names[turn]}'s turn."
    if draft.get("notebook") and view.get("notebook"):
        return "Your notebook: struck through is ruled out."
    if view["phase"] == "choose":
        if draft["house"] is not None:
            return f"Make {house_label(view, draft['house'])} your house?"
        return "Choose your house: tap any house in the town."
    step = view["step"]
    if draft["mode"] == "box":
        return "Tap the combination."
    if step == "rob":
        if draft["house"] is not None:
            return f"Name the lock of {place(view, draft['house'], names)}."
        return "Tap a house to rob it."
    if step == "steal":
        return f"Take a card from {place(view, view['pending']['house'], names)}, or nothing."
    if step == "dues_second":
        return "Pay dues: tap the second card."
    if draft["mode"] == "dues":
        return "Pay dues: tap the first of two cards."
    kinds = {a["type"] for a in legal}
    steps = [kind for kind in ("lock_door", "dues", "change_lock") if kind in kinds]
    if not steps:
        return "End your turn."
    if len(steps) == 1:
        return {"lock_door": "Lock the door", "dues": "Pay dues", "change_lock": "Change your lock"}[steps[0]] + ", or end your turn."
    return "Take a step, or end your turn."
