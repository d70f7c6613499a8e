"""What one Thieves of Eldris screen may show (:class:`Look`: whose things, what waits for a tap),
and the small pieces every region draws with: a character's chip, a seat's dot, the words for the
seat's own cards."""
from __future__ import annotations

from pycore.thieves_of_eldris import COLUMNS, ROWS

from ...markup import attrs, esc
from .draft import roll_mark
from .pictures import SEAT_COLOURS, trait_icon

# How the screen names the seat's own cards: on a card (caption) and in a label (words).
ROLE_CAPTIONS = {"cutpurse": "Cutpurse", "target": "Target", "shadow": "Shadow", "dealt": "dealt",
                 "peek": "top of deck"}
ROLE_WORDS = {"cutpurse": "your Cutpurse", "target": "your Target", "shadow": "your Shadow",
              "dealt": "dealt to you", "peek": "your peek at the top of the deck"}


# Where a long name may break (at a syllable) when a tile or a card is too narrow for it whole.
NAME_BREAKS = {"Barbarian": "Barbar|ian", "Gladiator": "Gladia|tor", "Assassin": "Assas|sin",
               "Acrobat": "Acro|bat", "Warlock": "War|lock", "Paladin": "Pala|din",
               "Blacksmith": "Black|smith", "Shieldmaiden": "Shield|maiden", "Lightpriest": "Light|priest",
               "Beastmaster": "Beast|master", "Alchemist": "Alche|mist", "Necromancer": "Necro|mancer",
               "Artificer": "Artifi|cer", "Merchant": "Mer|chant", "Fighter": "Fight|er"}


def tile_name(character: str) -> str:
    """A character's name on a tile or a card, breakable only at its one syllable break, where a
    soft hyphen shows "Necro-" on the first line: a word is never broken bare."""
    return "&shy;".join(esc(part) for part in NAME_BREAKS.get(character, character).split("|"))


def secret_words(character, role) -> str:
    """How the screen names one of the seat's own cards ("Knight (your Cutpurse)"): in a tile's or
    a card's label, only on that seat's screen."""
    return f"{character} ({ROLE_WORDS[role]})"


class Look:
    """The moment's rules for the drawing: whose things show, what is hidden until a tap."""

    def __init__(self, scene):
        view, moment = scene.view, scene.moment
        self.scene, self.view, self.moment = scene, view, moment
        self.viewer = view["seat"]
        self.over = moment == "over" or bool(view["outcome"])
        turn = view["turn"]
        # Nothing of the next turn shows between people: landing, handover, or a person's turn
        # that has not reached its person yet (the previous person still looks at their move).
        waiting_person = (moment == "wait" and turn is not None and turn != self.viewer
                          and turn not in scene.bots and view["step"] != "replace")
        self.quiet_next = moment in ("landing", "handover") or waiting_person
        self.acting = moment == "turn" and bool(scene.legal)
        mark = roll_mark(view) if self.acting else None
        self.unrolled = mark is not None and scene.draft["rolled"] != mark
        self.rolling = bool(scene.draft.get("rolling")) and not self.unrolled
        scene.draft["rolling"] = False          # the roll animates once, right after the tap
        self.mine = my_cards(view) if moment in ("turn", "wait", "landing") else {}


def my_cards(view) -> dict:
    """character -> what it is to the seat on screen ("cutpurse", "target", "shadow")."""
    if view["seat"] is None:
        return {}
    mine = {c: "target" for c in view.get("targets") or []}
    if view.get("shadow"):
        mine[view["shadow"]] = "shadow"
    if view.get("cutpurse"):
        mine[view["cutpurse"]] = "cutpurse"
    return mine


def position_of(view, character):
    return next((e["position"] for e in view["square"] if e["character"] == character), None)


def trait_of(view, character) -> str:
    return next(e["trait"] for e in view["square"] if e["character"] == character)


def reach(position, diagonal: bool) -> set:
    """The places next to ``position``: above, below, left, right (and the diagonals)."""
    row, column = divmod(position, COLUMNS)
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)] + ([(-1, -1), (-1, 1), (1, -1), (1, 1)] if diagonal else [])
    return {(row + dr) * COLUMNS + column + dc for dr, dc in steps
            if 0 <= row + dr < ROWS and 0 <= column + dc < COLUMNS}


def chip(view, character, key: str = "") -> str:
    trait = trait_of(view, character)
    return (f'<span{attrs(class_=f"chip {trait}", data_motion=key or None)}>{trait_icon(trait)} '
            f'{esc(character)}</span>')


def seat_dot(seat) -> str:
    return f'<span class="dot" style="--seat: {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}" aria-hidden="true"></span>'
