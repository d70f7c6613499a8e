"""12 Thieves' guided first game (#/learn/twelve-thieves): the lesson as data, built from the game's
core rules (``CORE_RULES``, each with the step that teaches it), and the board's next tap toward a
move (see frontend.shell.lesson for the shape).

The deal (seed 2, you against one Sharp bot, Sly): you place your four guards, one beside Sly's;
three thieves go into Sun and your guard moves from Moon to Lamp; a pass takes two Dancers; a
Dancer pays for the fourth thief at Sun and the 4-chest is stolen, a thief goes into Lamp for two
cards, and a neutral guard moved from Moon bars Sly there (Sly moves another back).  Your fourth
turn moves your guard with a thief to Moon, where Sly's four thieves steal next while yours stays.
A game to six chests is long, so the lesson ends there, one chest each (LESSON["end"] says so).
tests/test_lesson.py and tests/test_lesson_twelve_thieves.py replay it through the engine, so a
rule or a bot that changes breaks it loudly.
"""
from __future__ import annotations

from pycore.twelve_thieves import DANCER, PALACES

from .hooks import MOVE_WORDS

SUN, MOON, STAR, LAMP, ROSE, KEY = range(6)


def guard(palace: int) -> dict:
    return {"type": "place_guard", "palace": palace}


def thief(palace: int, *pay: str) -> dict:
    return {"type": "place_thief", "palace": palace, "pay": list(pay)}


def draw_from(source: str) -> dict:
    return {"type": "draw", "from": source}


# The rule text's words (twelve-thieves.txt) and the rulings' (RULINGS.md), as the steps quote them.
GOAL = "The first player to reach 6 / 5 / 4 chests (2 / 3 / 4 players) wins at once."
OVERVIEW = "When enough thieves gather at a palace, the controlling player steals a treasure chest."
STACKS = "Arrange treasure stacks at each palace (top chest shows 4, then 5, 6, 7 underneath)."
NEUTRALS = "Place 1 black neutral guard before each palace."
GUARDS_EACH = "2 players: 4 guards each"
ALTERNATE = "Players alternate placing their guards on palaces (1 at a time)."
SPACES = "Guard spaces at palaces are limited; you cannot move a guard to a palace with no open guard space."
DEAL = "2 players: 6 and 7 cards"
THIEF_COST = ("Play palace cards matching the target palace. You need 1 card per neutral or opponent "
              "guard in front of that palace.")
WHERE_A_THIEF_GOES = ("Placing a thief needs at least one of your own guards and at least one foreign "
                      "guard (neutral or opponent) at that palace, and costs one card of that palace per "
                      "foreign guard there.")
GUARDS_BLOCK = "Guards block thieves — each guard at a palace costs 1 additional card to place a thief there."
STEAL = ("When the number of your thieves at a palace equals or exceeds the number shown on the top "
         "treasure chest, you steal it.")
TURN = ("On their turn, a player may perform up to 3 thief-related actions (placing thieves or stealing). "
        "They may also move guards. Then they draw cards.")
OWN_GUARD = ("Play 1 card matching either the guard’s current palace or its destination. The destination "
             "must have an open guard space.")
WHICH_MOVES_COUNT = "Moving your own guard with one of your thieves counts as a thief action; other guard moves do not."
DRAW_3 = "If you performed any actions: draw 3 cards."
PASS = "If you performed no actions: draw 4 cards and may choose 1 as a Dancer (wild) card."
PASS_DRAW = ("A passing player draws 4: each may instead be a Dancer from the face-up supply while any "
             "remain.")
DANCERS = "Dancer cards are wild — they can substitute for any palace card."
SUPPLY = "8 Dancers kept face up beside the deck"
RETURN = "Played Dancers return to that supply."
NO_LIMIT = "No hand limit."
RESHUFFLE = "When the draw deck is exhausted, shuffle the discard pile to form a new deck."
STEAL_ACTION = ("taken when your thieves at a palace reach the top chest's number: that many of your "
                "thieves go back to your supply; other players' thieves stay.")
NO_CHESTS = "A palace with no chests left takes no more thieves."
NEUTRAL_MOVE = "Play 2 cards: 1 matching the guard’s current palace, 1 matching its destination."
ESCORT = "Play 1 card matching the current or destination palace. Move both the guard and an accompanying thief together."
MULTIPLE = ("Multiple players may have thieves at the same palace, but only the player whose thief count "
            "meets the treasure requirement gets to steal.")
ANY_ORDER = ("Thief actions and guard moves may come in any order within a turn (the Turn Structure does "
             "not order them; the Player Reference only lists them).")

LESSON = {
    "seed": 2,
    "seats": ["You", "sharp"],
    "options": {},
    "steps": [
        # 0: the goal
        {"say": "Welcome to 12 Thieves. You and Sly send thieves into six palaces to steal their chests: the "
                "first to 6 chests wins (5 with three players, 4 with four).",
         "rule": [GOAL, OVERVIEW]},
        # 1-4: the set-up, guards placed in turn
        {"say": "Each palace has a black neutral guard, and you and Sly have 4 guards each. Tap the Sun "
                "palace to place your first guard there.",
         "do": guard(SUN),
         "then": "Your guard stands at Sun beside the neutral one.",
         "after": "Sly placed a guard at Moon: you take turns, one guard at a time.",
         "rule": [NEUTRALS, GUARDS_EACH, ALTERNATE]},
        {"say": "Tap Moon, where Sly’s guard stands. To Sly your guard is a foreign guard, as Sly’s is to "
                "you: each foreign guard at a palace makes a thief there cost a card more.",
         "do": guard(MOON),
         "then": "Moon now holds your guard, Sly’s and the neutral one.",
         "after": "Sly placed a guard at Star.",
         "rule": [GUARDS_BLOCK, WHERE_A_THIEF_GOES]},
        {"say": "A thief may go only where you have a guard and a foreign one (neutral or Sly’s) stands "
                "too. Tap Star.",
         "do": guard(STAR),
         "then": "Your guard joins Star’s.",
         "after": "Sly placed a guard at Lamp.",
         "rule": WHERE_A_THIEF_GOES},
        {"say": "Your last guard: tap Key. A palace has room for 4 guards, no more.",
         "do": guard(KEY),
         "then": "All your guards are placed.",
         "after": "The cards are dealt, 6 to you and 7 to Sly: you hold 3 Sun, 1 Moon, 1 Star and 1 Key.",
         "rule": [SPACES, DEAL]},
        # 5-9: your first turn
        {"say": "Sun has one guard that is not yours, the neutral: a thief there costs one Sun card. Tap "
                "Sun, then Place a thief.",
         "do": thief(SUN, "sun"),
         "then": "Your first thief waits at Sun. The top chest of its stack needs 4 thieves, then 5, 6 and 7.",
         "rule": [THIEF_COST, STACKS]},
        {"say": "Place a second thief at Sun, for another Sun card.",
         "do": thief(SUN, "sun"),
         "then": "Two of the four thieves the top chest needs.",
         "rule": STEAL},
        {"say": "And a third: a turn allows up to three thief actions, placing or stealing, then a draw.",
         "do": thief(SUN, "sun"),
         "then": "Three thieves at Sun: one more next turn, and the chest can be yours.",
         "rule": TURN},
        {"say": "Moving your own guard is no thief action. Tap Moon, move your guard to Lamp and pay your Moon "
                "card: one card of either palace.",
         "do": {"type": "move_guard", "from": MOON, "to": LAMP, "pay": ["moon"]},
         "then": "You moved a guard from the Moon palace to the Lamp palace, paying 1 Moon.",
         "rule": [OWN_GUARD, WHICH_MOVES_COUNT]},
        {"say": "You have acted, so your turn ends with a draw of 3 cards. Tap End turn.",
         "do": {"type": "end_turn"},
         "then": "You drew 3 cards: a +1 on a card in your hand marks those just drawn.",
         "after": "Sly placed two thieves at Moon and one at Rose, and drew 3 cards.",
         "rule": DRAW_3},
        # 10-14: a pass, and Dancers
        {"say": "No Sun card is left. Pass instead: a turn with no action draws 4 cards, and each may be a "
                "Dancer.",
         "do": {"type": "end_turn"},
         "then": "You passed: draw your four cards one at a time.",
         "rule": [PASS_DRAW, PASS]},
        {"say": "A Dancer is wild: it pays as any palace card. Take one from the supply.",
         "do": draw_from("dancers"),
         "then": "8 Dancers wait face up beside the deck, and played Dancers go back to that supply.",
         "rule": [DANCERS, SUPPLY, RETURN]},
        {"say": "Take a second Dancer.",
         "do": draw_from("dancers"),
         "then": "Two Dancers in your hand. A hand has no limit.",
         "rule": NO_LIMIT},
        {"say": "Now two cards from the deck. Tap From the deck.",
         "do": draw_from("deck"),
         "then": "One more to draw.",
         "rule": PASS},
        {"say": "Your fourth card, from the deck again. When the deck runs out, the discards are shuffled into "
                "a new deck.",
         "do": draw_from("deck"),
         "then": "You drew a Lamp and a Star.",
         "after": "Sly passed too and took four Dancers.",
         "rule": RESHUFFLE},
        # 15-20: your third turn: a Dancer, a steal, a dearer thief, a neutral guard moved
        {"say": "A Dancer pays for your fourth thief at Sun: tap Sun, then Place a thief.",
         "do": thief(SUN, "dancer"),
         "then": "Four of your thieves at Sun: enough for its 4-chest.",
         "rule": DANCERS},
        {"say": "A steal is never automatic: it is a thief action. Tap Sun, then Steal the 4-chest.",
         "do": {"type": "steal", "palace": SUN},
         "then": "You stole the 4-chest of the Sun palace: 4 thieves go home (1 chest now).",
         "rule": STEAL_ACTION},
        {"say": "Sun’s next chest needs 5 thieves. Once a palace’s last chest is gone, it takes no more "
                "thieves.",
         "rule": NO_CHESTS},
        {"say": "At Lamp stand your guard, Sly’s and the neutral one: two foreign guards, so a thief "
                "costs 2. Tap Lamp and pay a Lamp and a Dancer.",
         "do": thief(LAMP, "lamp", "dancer"),
         "then": "Your third thief action: a thief waits at Lamp.",
         "rule": [THIEF_COST, GUARDS_BLOCK]},
        {"say": "Guards still move after three thief actions. Move Moon’s neutral guard to Star, for a Moon "
                "and a Star card: Sly’s guard, alone at Moon, then bars Sly’s thieves there.",
         "do": {"type": "move_neutral", "from": MOON, "to": STAR, "pay": ["moon", "star"]},
         "then": "You moved a neutral guard from the Moon palace to the Star palace, paying 1 Moon and 1 Star.",
         "rule": [NEUTRAL_MOVE, ANY_ORDER]},
        {"say": "Tap End turn to draw 3.",
         "do": {"type": "end_turn"},
         "then": "You drew 3 cards.",
         "after": "Sly moved Lamp’s neutral guard to Moon, a foreign guard there again, and brought Sly’s "
                  "thieves at Moon to 4.",
         "rule": WHERE_A_THIEF_GOES},
        # 21-26: your fourth turn: a guard moved with a thief
        {"say": "Moving your guard with one of your thieves is a thief action, for one card of either palace. "
                "Tap Lamp and take your guard and thief to Moon, for a Lamp.",
         "do": {"type": "escort", "from": LAMP, "to": MOON, "pay": ["lamp"]},
         "then": "You moved a guard and a thief from the Lamp palace to the Moon palace, paying 1 Lamp.",
         "rule": [ESCORT, WHICH_MOVES_COUNT]},
        {"say": "At Moon your guard is a foreign guard for Sly: Sly’s next thieves there cost 2 cards. Your "
                "thief and Sly’s 4 count apart.",
         "rule": [MULTIPLE, GUARDS_BLOCK]},
        {"say": "Key has one foreign guard, the neutral: tap Key and place a thief for one Key card.",
         "do": thief(KEY, "key"),
         "then": "A thief waits at Key.",
         "rule": THIEF_COST},
        {"say": "Place a second thief at Key, your third thief action.",
         "do": thief(KEY, "key"),
         "then": "Two thieves at Key.",
         "rule": TURN},
        {"say": "Tap End turn, and watch Moon.",
         "do": {"type": "end_turn"},
         "then": "You drew 3 cards.",
         "after": "Sly stole Moon’s 4-chest, and your thief there stays: each player’s thieves count apart.",
         "rule": [STEAL_ACTION, MULTIPLE]},
        {"say": "Sly also moved a guard to Key: a foreign guard for you, so your next thieves there cost 2.",
         "rule": GUARDS_BLOCK},
    ],
    "end": "That is how a turn of 12 Thieves goes: one chest each, and the race to 6 is on.",
    "more": "Every rule is in the rules page, and “How this table plays it” there.",
}

# Every rule that decides a game, with the step that teaches it (tests/test_lesson.py holds the lesson
# to this list: each quoted word for word, taught by a step whose words speak of it).
CORE_RULES = [
    {"rule": "Goal: the first to 6 / 5 / 4 chests wins", "quote": GOAL, "step": 0},
    {"rule": "Set-up: a neutral guard at each palace", "quote": NEUTRALS, "step": 1},
    {"rule": "Set-up: guards per player", "quote": GUARDS_EACH, "step": 1},
    {"rule": "Set-up: guards placed in turn, one at a time", "quote": ALTERNATE, "step": 1},
    {"rule": "Every guard not yours (neutral or another's) is foreign and makes a thief dearer",
     "quote": GUARDS_BLOCK, "step": 2},
    {"rule": "Where a thief may go: your own guard and a foreign one", "quote": WHERE_A_THIEF_GOES, "step": 3},
    {"rule": "Guard spaces are limited", "quote": SPACES, "step": 4},
    {"rule": "Set-up: the deal", "quote": DEAL, "step": 4},
    {"rule": "Placing a thief: a card of that palace per foreign guard", "quote": THIEF_COST, "step": 5},
    {"rule": "The chests: 4, then 5, 6 and 7 thieves", "quote": STACKS, "step": 5},
    {"rule": "A turn: up to 3 thief actions, guard moves, then a draw", "quote": TURN, "step": 7},
    {"rule": "Moving your own guard: one card, not a thief action", "quote": OWN_GUARD, "step": 8},
    {"rule": "After acting: draw 3", "quote": DRAW_3, "step": 9},
    {"rule": "Passing: draw 4, Dancers allowed", "quote": PASS_DRAW, "step": 10},
    {"rule": "Dancers are wild", "quote": DANCERS, "step": 11},
    {"rule": "The Dancer supply, face up; played Dancers return to it", "quote": RETURN, "step": 11},
    {"rule": "No hand limit", "quote": NO_LIMIT, "step": 12},
    {"rule": "An empty deck: the discards shuffled", "quote": RESHUFFLE, "step": 14},
    {"rule": "Stealing: a thief action at the top chest's number; that many thieves go home",
     "quote": STEAL_ACTION, "step": 16},
    {"rule": "A palace with no chests takes no thieves", "quote": NO_CHESTS, "step": 17},
    {"rule": "Moving a neutral guard: two cards", "quote": NEUTRAL_MOVE, "step": 19},
    {"rule": "Thief actions and guard moves in any order", "quote": ANY_ORDER, "step": 19},
    {"rule": "Moving your guard with a thief: one card, a thief action", "quote": ESCORT, "step": 21},
    {"rule": "Several players' thieves at one palace count apart", "quote": MULTIPLE, "step": 22},
]


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
