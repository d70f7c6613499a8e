"""12 Thieves' guided first game (#/learn/twelve-thieves): the lesson as data, and the board's next
tap toward a move (see frontend.shell.lesson for the shape).

The deal (seed 2, you against one Sharp bot, Sly): you place your four guards, one beside Sly's;
your six cards hold three Sun, so three thieves go into Sun in your first turn, and your guard
moves from Moon to Lamp (beside Sly's).  Your second turn is a pass that takes two Dancers; in
the third a Dancer pays for the fourth thief at Sun, the 4-chest is stolen, and a thief goes into
Lamp for two cards (two foreign guards there).  A game to six chests is long, so the lesson ends
there, with you a chest ahead (LESSON["end"] says so).  tests/test_lesson.py and
tests/test_lesson_twelve_thieves.py replay it through the engine, so a rule or a bot that changes
breaks it loudly.
"""
from __future__ import annotations

from pycore.twelve_thieves import DANCER, PALACES

from .board import MOVE_WORDS

SUN, MOON, STAR, LAMP, ROSE, KEY = range(6)


def guard(palace: int) -> dict:
    return {"type": "place_guard", "palace": palace}


def thief(palace: int, *pay: str) -> dict:
    return {"type": "place_thief", "palace": palace, "pay": list(pay)}


def draw(source: str) -> dict:
    return {"type": "draw", "from": source}


THIEF_COST = ("Play palace cards matching the target palace. You need 1 card per neutral or opponent "
              "guard in front of that palace.")
WHERE_A_THIEF_GOES = ("Placing a thief needs at least one of your own guards and at least one foreign "
                      "guard (neutral or opponent) at that palace, and costs one card of that palace per "
                      "foreign guard there.")
GUARDS_BLOCK = "Guards block thieves — each guard at a palace costs 1 additional card to place a thief there."
DANCERS = "Dancer cards are wild — they can substitute for any palace card."

LESSON = {
    "seed": 2,
    "seats": ["You", "sharp"],
    "options": {},
    "steps": [
        {"say": "Welcome to 12 Thieves. You and Sly send thieves into six palaces to carry off their "
                "treasure chests.",
         "rule": "When enough thieves gather at a palace, the controlling player steals a treasure chest."},
        {"say": "First the guards: each palace has a black neutral guard. Tap the Sun palace to place "
                "your first guard there.",
         "do": guard(SUN),
         "then": "Your guard stands at Sun beside the neutral one. Sly placed a guard at Moon.",
         "rule": "Players alternate placing their guards on palaces (1 at a time)."},
        {"say": "Tap Moon, where Sly’s guard stands: each guard there that is not yours makes a thief "
                "cost one card more.",
         "do": guard(MOON),
         "then": "Moon now holds your guard, Sly’s and the neutral one. Sly placed one at Star.",
         "rule": GUARDS_BLOCK},
        {"say": "A thief may go only where you have a guard and a foreign one (neutral or Sly’s) stands "
                "too. Tap Star.",
         "do": guard(STAR),
         "then": "Sly placed a guard at Lamp.",
         "rule": WHERE_A_THIEF_GOES},
        {"say": "Your last guard: tap Key.",
         "do": guard(KEY),
         "then": "All guards are down and the cards are dealt, 6 to you and 7 to Sly: you hold 3 Sun, 1 Moon, "
                 "1 Star and 1 Key.",
         "rule": "2 players: 6 and 7 cards"},
        {"say": "Sun has one guard that is not yours, the neutral: a thief there costs one Sun card. Tap "
                "Sun, then Place a thief.",
         "do": thief(SUN, "sun"),
         "then": "Your first thief waits at Sun. Its top chest needs 4 of your thieves.",
         "rule": THIEF_COST},
        {"say": "Place a second thief at Sun, for another Sun card.",
         "do": thief(SUN, "sun"),
         "then": "Two of the four thieves the 4-chest needs.",
         "rule": "When the number of your thieves at a palace equals or exceeds the number shown on the "
                 "top treasure chest, you steal it."},
        {"say": "And a third: a turn allows up to three thief actions, then a draw.",
         "do": thief(SUN, "sun"),
         "then": "Three thieves at Sun: one more next turn, and the chest can be yours.",
         "rule": "You may only perform up to 3 thief-related actions per turn, but guard movements are "
                 "separate."},
        {"say": "Moving a guard is not a thief action. Tap Moon, move your guard to Lamp, where Sly’s "
                "guard stands, and pay your Moon card.",
         "do": {"type": "move_guard", "from": MOON, "to": LAMP, "pay": ["moon"]},
         "then": "You moved a guard from the Moon palace to the Lamp palace, paying 1 Moon.",
         "rule": "Play 1 card matching either the guard’s current palace or its destination. The "
                 "destination must have an open guard space."},
        {"say": "You have acted, so your turn ends with a draw of 3 cards. Tap End turn.",
         "do": {"type": "end_turn"},
         "then": "You drew 3 cards. Watch Sly take a turn.",
         "rule": "If you performed any actions: draw 3 cards."},
        {"say": "No Sun card is left. Pass instead: a turn with no action draws 4, and each may be a "
                "Dancer.",
         "do": {"type": "end_turn"},
         "then": "You passed: draw your four cards one at a time.",
         "rule": "A passing player draws 4: each may instead be a Dancer from the face-up supply while any "
                 "remain."},
        {"say": "A Dancer is wild: it pays as any palace card. Take one from the supply.",
         "do": draw("dancers"),
         "then": "Dancers lie face up, so everyone knows how many you hold.",
         "rule": DANCERS},
        {"say": "Take a second Dancer.",
         "do": draw("dancers"),
         "then": "Two Dancers in your hand.",
         "rule": DANCERS},
        {"say": "Now two cards from the deck. Tap From the deck.",
         "do": draw("deck"),
         "then": "One more to draw.",
         "rule": "If you performed no actions: draw 4 cards and may choose 1 as a Dancer (wild) card."},
        {"say": "Your fourth card, from the deck again.",
         "do": draw("deck"),
         "then": "You drew a Lamp and a Star. Watch Sly take a turn.",
         "rule": "If you performed no actions: draw 4 cards and may choose 1 as a Dancer (wild) card."},
        {"say": "Sly passed too, for four Dancers. Now a Dancer pays for your fourth thief at Sun: tap "
                "Sun, then Place a thief.",
         "do": thief(SUN, "dancer"),
         "then": "Four of your thieves at Sun: enough for its 4-chest.",
         "rule": DANCERS},
        {"say": "A steal is never automatic: it is a thief action. Tap Sun, then Steal the 4-chest.",
         "do": {"type": "steal", "palace": SUN},
         "then": "You stole the 4-chest of the Sun palace: 4 thieves go home (1 chest now).",
         "rule": "taken when your thieves at a palace reach the top chest's number: that many of your "
                 "thieves go back to your supply"},
        {"say": "At Lamp stand your guard, Sly’s and the neutral one: two foreign guards, so a thief "
                "costs 2. Tap Lamp and pay a Lamp and a Dancer.",
         "do": thief(LAMP, "lamp", "dancer"),
         "then": "Your third thief action: a thief waits at Lamp.",
         "rule": THIEF_COST},
        {"say": "A neutral guard moves too, for two cards: one of the palace it leaves, one of where it "
                "goes. Use it to bar Sly’s way.",
         "rule": "Play 2 cards: 1 matching the guard’s current palace, 1 matching its destination."},
        {"say": "The first to 6 chests wins a two-player game: 5 with three players, 4 with four. Sly "
                "has none yet, and you have one.",
         "rule": "The first player to reach 6 / 5 / 4 chests (2 / 3 / 4 players) wins at once."},
    ],
    "end": "That is how a turn of 12 Thieves goes, and you are a chest ahead.",
    "more": "Moving your guard with a thief is in the rules, under “Move a Guard with a Thief”.",
}


def lesson_tap(draft, action, view):
    """The next tap toward ``action`` from the draft as it is, when the action's own button is not
    on the screen yet: its palace, then what to do there (a thief, which guard moves), then a guard's
    destination; Back first when another palace or choice is open."""
    kind = action["type"]
    picked, mode = draft.get("palace"), draft.get("mode")
    if kind in ("place_guard", "end_turn", "draw"):     # on screen while no palace is picked
        return ("back", {}) if picked is not None else None
    palace = action["palace"] if kind in ("place_thief", "steal") else action["from"]
    if picked != palace:
        return ("back", {}) if picked is not None else ("palace", {"palace": palace})
    if kind == "steal":
        return ("back", {}) if mode else None
    if kind == "place_thief":
        if mode == kind:
            return None
        return ("back", {}) if mode else ("mode", {"mode": kind})
    # A guard move: which guard (one button when the palace offers one kind), then where to.
    if mode == kind:
        if draft.get("to") == action["to"]:
            return None
        return ("back", {}) if draft.get("to") is not None else ("move-to", {"to": action["to"]})
    if mode == "guard":
        return "mode", {"mode": kind}
    if mode:
        return "back", {}
    kinds = [move for move in MOVE_WORDS if can_move(view, move, palace)]
    return "mode", {"mode": kind if kinds == [kind] else "guard"}


def can_move(view, kind, palace) -> bool:
    """Whether the seat on screen has a guard move of ``kind`` from ``palace`` now (the rules of
    the move table, read from the view): the guard there, an open space to go to (a palace with a
    chest left for a thief), and the cards to pay.  The actions sheet offers one button for the
    guard moves, and asks which guard only when there is more than one kind."""
    seat, palaces, hand = view["seat"], view["palaces"], view.get("hand") or []
    here = palaces[palace]
    owner = None if kind == "move_neutral" else seat
    if owner not in here["guards"]:
        return False
    if kind == "escort" and not (view["thief_actions_left"] and here["thieves"][seat]):
        return False
    held = {card: hand.count(card) for card in set(hand)}
    for there in palaces:
        if there["palace"] == palace or not there["open_spaces"] or (kind == "escort" and not there["chests"]):
            continue
        a, b = PALACES[palace], PALACES[there["palace"]]
        if kind != "move_neutral" and (held.get(a) or held.get(b) or held.get(DANCER)):
            return True
        if kind == "move_neutral":
            dancers_needed = (not held.get(a)) + (not held.get(b))
            if held.get(DANCER, 0) >= dancers_needed:
                return True
    return False
