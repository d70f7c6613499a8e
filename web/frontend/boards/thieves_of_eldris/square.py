"""Skulduggery Square: 24 tiles, each marked for the choice of the moment (what a die can move,
where a picked card can go, the Cutpurse's reach, the cards to choose from) and, on the seat's own
screen, its own cards."""
from __future__ import annotations

from pycore.thieves_of_eldris import COLUMNS, PAYOUT, TRAIT_NAMES, money, place_name

from ... import widgets
from ...markup import esc
from ...widgets import matching
from .draft import nick_choices, pairs
from .look import position_of, reach, secret_words, tile_name
from .hooks import char_key
from .pictures import SEAT_COLOURS, TRAIT_LOOKS, coin, role_icon, trait_icon


TOKEN_WORDS = {"target": ("T", "Target"), "cutpurse": ("C", "your Cutpurse"), "rival": ("R", "Rival"),
               "threat": ("?", "Threat"), "wager": ("$", "your wager")}
def tile_words(entry, role) -> str:
    words = [secret_words(entry["character"], role) if role else entry["character"],
             TRAIT_NAMES[entry["trait"]], place_name(entry["position"])]
    if not entry["occupied"]:
        words.append("left the Square")
    words += [TOKEN_WORDS[token][1] for token in entry["tokens"]]
    return ", ".join(words)


class Marks:
    """What the Square marks for the choice of the moment: the cards each die can move, the card
    picked and where it can go, the Cutpurse's reach, the cards to choose from."""

    def __init__(self, look):
        view, scene = look.view, look.scene
        self.moves = pairs(scene.legal) if look.acting and not look.unrolled else {}
        self.picked = scene.draft["pick"]
        self.movers = {}
        if look.acting and view["step"] == "slip" and not look.unrolled and not scene.draft["reroll"]:
            for position in self.moves:
                trait = view["square"][position]["trait"]
                self.movers[position] = [i for i, die in enumerate(view["dice"])
                                         if die["trait"] == trait and not die["spent"]]
        self.nick = nick_choices(scene.legal) if look.acting else {}
        self.focus = scene.draft["focus"]
        self.reach, self.home = set(), None
        step = view["step"]
        cutpurse = view.get("cutpurse")
        if look.acting and step in ("nick", "wager") and cutpurse:
            self.home = position_of(view, cutpurse)
            self.reach = reach(self.home, view["strength"])
        self.wagers = {a["character"] for a in matching(scene.legal, type="wager")}
        self.pool = set()
        if look.acting and step in ("choose", "constitution", "replace", "intelligence"):
            self.pool = {a["character"] for a in scene.legal if a["type"] in ("choose_cutpurse", "return_target")}


def square(look) -> str:
    view, marks = look.view, Marks(look)
    owners = cutpurse_owners(look)
    tiles = []
    for entry in view["square"]:
        tiles.append(square_tile(look, marks, entry, owners.get(entry["character"])))
    choosing = " choosing" if marks.moves or marks.nick or marks.pool or marks.wagers else ""
    return (f'<div class="e-square{choosing}" data-testid="square" data-motion="square" data-arrows role="group" '
            f'aria-label="Skulduggery Square, 6 by 4">{"".join(tiles)}</div>')


def cutpurse_owners(look) -> dict:
    """character -> the seat whose Cutpurse it is, where everyone may see it: at the end, and a
    Cutpurse shown by a wrong accusation."""
    view = look.view
    owners = {p["known_cutpurse"]: p["seat"] for p in view["players"] if p["known_cutpurse"]}
    if view.get("hands"):
        owners.update({hand["cutpurse"]: seat for seat, hand in enumerate(view["hands"]) if hand.get("cutpurse")})
    return owners


def tile_choice(marks, entry):
    """What tapping this card does now: (classes, action, tap, words for a screen reader)."""
    position, character = entry["position"], entry["character"]
    if marks.picked is not None and position in marks.moves.get(marks.picked, {}):
        return ["spot"], marks.moves[marks.picked][position], None, "swap here"
    if marks.picked == position:
        return ["picked"], None, ("unpick", {}), "picked, tap to put back"
    if position in marks.moves:     # another card to move, picked at once (a hint's pick too)
        return ["movable"] if position in marks.movers else [], None, ("pick", {"position": position}), "tap to move"
    if character in marks.nick:
        if marks.focus == character:
            return ["focus"], None, ("unfocus", {}), "in focus, tap to choose another"
        return [], None, ("focus", {"character": character}), "steal or accuse"
    return [], None, None, ""


def square_tile(look, marks, entry, owner) -> str:
    view, names = look.view, look.scene.names
    position, character, trait = entry["position"], entry["character"], entry["trait"]
    role = look.mine.get(character)
    classes = ["tile", trait] + ([] if entry["occupied"] else ["gone"]) + ([f"mine {role}"] if role else [])
    label = tile_words(entry, role)
    badges = "".join(f'<span class="token {t}" aria-hidden="true">{TOKEN_WORDS[t][0]}</span>' for t in entry["tokens"])
    if owner is not None:
        label += f", {names[owner]}'s Cutpurse"
        if owner != view["seat"]:
            badges += (f'<span class="owner" style="--seat: {SEAT_COLOURS[owner % len(SEAT_COLOURS)]}" '
                       f'aria-hidden="true">{esc(names[owner][:1])}</span>')
    chosen, action, tap, words = tile_choice(marks, entry)
    classes += chosen
    extra = {"data_motion": char_key(character), "data_spot": position}
    if "movable" in chosen:
        extra["data_movers"] = " ".join(str(die) for die in marks.movers[position])
    if marks.picked != position and position in marks.moves and "spot" not in chosen:
        extra["aria_pressed"] = "false"
    elif "picked" in chosen:
        extra["aria_pressed"] = "true"
    if character in marks.pool:
        classes.append("pool")
    if marks.home == position:
        classes.append("home")
    elif position in marks.reach and entry["occupied"]:
        classes.append("reach")
    if character in marks.wagers:
        classes.append("wagerable")
    if set(classes) & {"spot", "picked", "pool", "home", "reach", "focus"}:
        extra["data_subject"] = True
    if any(a["type"] == "steal" for a in marks.nick.get(character, [])):
        words += f", a theft pays {money(PAYOUT[entry['place']])}"
        badges += coin(16)
    own = f'<span class="t-own">{role_icon(role, 15)}</span>' if role else ""
    inner = (f'<span class="t-head" aria-hidden="true">{trait_icon(trait)}<span class="abbr">{TRAIT_LOOKS[trait][2]}</span>{own}</span>'
             f'<span class="t-name">{tile_name(character)}</span><span class="t-marks" aria-hidden="true">{badges}</span>')
    return widgets.tile(inner, " ".join(classes), f"{label}: {words}" if words else label,
                        action=action, tap=tap, why=tile_why(look, entry), **extra)


def tile_why(look, entry) -> dict:
    """A card that is no choice now says why when tapped (a card no die can move, one out of
    your Cutpurse's reach, not your turn): the engine's words for what a tap on it would mean at
    this step."""
    view = look.view
    if look.moment not in ("turn", "wait") or view["seat"] is None:
        return {}
    position, character = entry["position"], entry["character"]
    if look.unrolled:
        return widgets.says_why(words="Roll the dice first: the dice say which cards may move.")
    step = view["step"]
    if step in ("slip", "dexterity", "wisdom"):
        beside = position + 1 if (position + 1) % COLUMNS else position - 1
        return widgets.says_why({"type": "move", "from": position, "to": beside},
                                "Tap a ringed card first, then the card it swaps with.")
    kind = {"nick": "steal", "wager": "wager", "choose": "choose_cutpurse", "replace": "choose_cutpurse",
            "constitution": "choose_cutpurse", "intelligence": "return_target"}.get(step)
    return widgets.says_why({"type": kind, "character": character}) if kind else {}
