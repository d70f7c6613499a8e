"""Master Thieves' guided first game (#/learn/master-thieves): the lesson as data (see
frontend.shell.lesson for the shape), built from the game's core rules (``CORE_RULES``, each with
the step that teaches it).  Every move is one button, so the board needs no lesson_tap.

The deal (seed 20, you against three Novice bots: Nell, Nat and Nico) was found by searching seeds
with the engine.  You hide your three diamonds in one drawer, then watch the set-up's turns and
flip again one at a time (the board's "Watch it again"), the coach marking where your diamonds go:
into the lower half of the middle west drawer.  Round 1 you are the Detective: Nico, the Smuggler,
opens that drawer and your diamonds spill onto the red cushion, which comes to you.  Round 2 the
Smuggler (you alone: the red cushion is yours) and your own flip; round 3 the Thief, taking the
fakes the bots put in; round 4 the Master Thief, a ruby from a secret compartment; round 5 the
Connoisseur, putting fakes in.  A game runs till a white cushion empties (some fifteen rounds),
so the lesson stops after round 5 with you ahead (LESSON["end"] says how the game ends).
tests/test_lesson.py and tests/test_lesson_master_thieves.py replay it through the engine, so a
rule or a bot that changes breaks it loudly.
"""
from __future__ import annotations


def hide(tier: int, side: int) -> dict:
    return {"type": "hide", "tier": tier, "side": side}


def role(name: str) -> dict:
    return {"type": "choose_role", "role": name}


def open_drawer(tier: int, side: int) -> dict:
    return {"type": "open", "tier": tier, "side": side}


def fake(stone: str) -> dict:
    return {"type": "place_fake", "stone": stone}


def watch(stage) -> list:
    """The board's "Watch it again" of the set-up's turns and flip, on to ``stage``."""
    return ["setup-replay", {"stage": stage}]


def drawer(tier: int, side: int) -> dict:
    """The drawer tile standing at (tier, side), as the board keys it: what the coach marks."""
    return {"motion": f"mt-drawer-{tier}-{side}"}


TOP, MIDDLE, BOTTOM = range(3)
NORTH, EAST, SOUTH, WEST = range(4)
DONE = {"type": "done"}

# The rule text's words (master-thieves.en.txt) and the rulings' (RULINGS.md), as the steps quote them.
SCORING = ("Gems/fakes still on the white cushion count minus points; gems on the black cushion count "
           "plus points. The player with the most points wins.")
STONES = "gems are diamonds (1 point), sapphires (2) and rubies (4)"
FAKES = "each player starts with 8 diamonds and 2 sapphires as fakes on the white cushion"
CABINET = ("the cabinet has 3 tiers of 4 drawers (two short, two long; long drawers have a secret "
           "compartment behind the normal one)")
UPWARD = "Stones put into a drawer go into the upward half of its compartment."
HIDING = "then 12 diamonds placed by the players in turn into normal compartments"
RUBIES = "before the game the secret compartments are filled with the most valuable stones (rubies)."
SHUFFLE = "then random turns of tiers and a flip (seeded)."
NAMES = "a drawer is addressed by tier (top/middle/bottom as seen now) and side (N/E/S/W as seen now)."
TURNING = "Turning a tier turns it 90, 180 or 270 degrees."
FLIP = ("Flipping the cabinet turns it upside down (tier order reversed, E and W exchanged, every upward "
        "half becomes downward).")
SPILLS = "Opening a drawer spills its downward half(s)"
SECRET_ROLES = "First, all players secretly choose their role by playing a character card face down."
ORDER = "roles act in the order Smuggler, Goldsmith, Connoisseur, Thief, Master Thief, Detective."
SPILL_ENDS = ("If some gems fall out of the false bottom onto the table, they are put on the special red "
              "cushion and the player's turn ends (the character's special ability cannot be used).")
DETECTIVE = ("Detective: the only one who opens no drawer and does not handle the cabinet at all. Receives "
             "all the gems from the red cushion (unless outnumbered by smugglers).")
SHARING = ("Sharing: stones are dealt one at a time, most valuable first, in turn order; what cannot be "
           "shared evenly stays on the red cushion.")
GOLDSMITH = "Goldsmith: may put one of their fakes (a stone from the white cushion) into the drawer."
ALARM = ("If the drawer holds no token, the goldsmith may put an alarm token into it. If the alarm token "
         "ever falls out onto the table during the game, the token's owner receives the contents of that "
         "drawer.")
SMUGGLER = "Smuggler: moves the contents of the opened drawer onto the red cushion."
CLEAN = ("If nothing spilled, the role's effect is applied to that drawer, then the player may turn one "
         "tier and/or flip the cabinet.")
SMUGGLERS_SHARE = ("If there are more smugglers than detectives in play, the smugglers share the gems from "
                   "the red cushion at the end of the round.")
THIEF = "Thief: takes all the gems from the opened drawer onto their black cushion."
TIES = ("roles act in role order, ties in turn order from the round's first player (which moves one seat "
        "each round).")
REMEMBER = ("Contents are seen by all when a drawer opens, but the board never lists them afterwards: "
            "remembering is the game")
MASTER = ("Master thief: the only one who may search the drawers' secret compartments and so get the most "
          "valuable gems stored there.")
END = "End: at the end of the round in which some player's white cushion is empty."
CONNOISSEUR = ("Connoisseur (art expert): may put one of their fakes into the opened drawer (even when "
               "stones fell onto the table on opening).")
PER_DETECTIVE = "For every detective in play they may put in one more fake."

LESSON = {
    "seed": 20,
    "seats": ["You", "novice", "novice", "novice"],
    "options": {},
    "steps": [
        # 0: the goal, the cushions, what each stone is worth
        {"say": "Your 10 fakes (8 diamonds at 1 point, 2 sapphires at 2) count "
                "against you on the white cushion; gems on your black cushion count for you.",
         "rule": [SCORING, STONES, FAKES]},
        # 1-3: the set-up, hiding diamonds in turn
        {"say": "Everyone hides diamonds in turn. Tap the middle north drawer, a short one: a long "
                "drawer has a secret compartment behind it.",
         "do": hide(MIDDLE, NORTH),
         "then": "Stones put in always land in a drawer’s upper half.",
         "rule": [CABINET, UPWARD, HIDING]},
        {"say": "Hide your second diamond in the same drawer, so you can follow them. Rubies, the most "
                "valuable stones, already lie in the secret compartments.",
         "do": hide(MIDDLE, NORTH),
         "then": "Two of yours are there now.",
         "rule": RUBIES},
        {"say": "And your third diamond.",
         "do": hide(MIDDLE, NORTH),
         "then": "The others hide theirs; then the set-up turns the tiers and flips the cabinet.",
         "after": "All 12 diamonds are hidden; the tiers turned and the cabinet flipped at random.",
         "rule": SHUFFLE},
        # 4-9: the set-up's turns and flip, one at a time, the coach marking your diamonds' drawer
        {"say": "Follow your diamonds through the turns and the flip: tap “Watch it again”.",
         "tap": watch(0),
         "rule": "Every tier of drawers can be turned a full 360 degrees, and the whole cabinet can be "
                 "turned upside down without anyone being able to tell (it is completely symmetric)."},
        {"say": "Before the turns: your diamonds in the middle north drawer (marked). Tap Next.",
         "tap": watch(1), "look": drawer(MIDDLE, NORTH),
         "rule": NAMES},
        {"say": "The top tier turned three quarters clockwise; yours did not move. Tap Next: the middle "
                "tier turns.",
         "tap": watch(2), "look": drawer(MIDDLE, NORTH),
         "rule": TURNING},
        {"say": "Turning the middle tier a quarter clockwise took your drawer from north to east, keeping "
                "its length. Tap Next.",
         "tap": watch(3), "look": drawer(MIDDLE, EAST),
         "rule": [TURNING, CABINET]},
        {"say": "The bottom tier turned a quarter too. Now the flip: tap Next.",
         "tap": watch(4), "look": drawer(MIDDLE, EAST),
         "rule": SHUFFLE},
        {"say": "Flipped: top and bottom swap, east and west swap, upper halves face down. Your diamonds lie "
                "in the middle west drawer’s lower half: opening it spills them.",
         "look": drawer(MIDDLE, WEST),
         "rule": [FLIP, SPILLS]},
        # 10-13: round 1, the Detective
        {"say": "Each round everyone chooses a role in secret. Every diamond now lies in a lower half, so "
                "openers will spill: tap the Detective, who takes the red cushion.",
         "do": role("detective"),
         "then": "Roles act in order: Smuggler, Goldsmith, Connoisseur, Thief, Master Thief, Detective.",
         "after": "Nico, the Smuggler, opened the middle west drawer: your diamonds spilled onto the red "
                  "cushion, which ends the turn.",
         "rule": [SECRET_ROLES, ORDER, SPILL_ENDS]},
        {"say": "The Detective opens no drawer and takes the red cushion at the round’s end, unless outnumbered "
                "by Smugglers: one each, so the 4 diamonds are yours.",
         "rule": DETECTIVE},
        {"say": "Two Detectives would share the red cushion one stone at a time, most valuable first; what "
                "cannot be shared evenly stays.",
         "rule": SHARING},
        {"say": "Nell and Nat, Goldsmiths, each put in a fake and an alarm token; if a token falls out, the "
                "stones falling with it go to its owner.",
         "rule": [GOLDSMITH, ALARM]},
        # 14-17: round 2, the Smuggler, and your own flip
        {"say": "Round 2: Nat’s fake lies in the middle east drawer’s upper half. Choose the Smuggler: it moves "
                "what it finds onto the red cushion.",
         "do": role("smuggler"),
         "then": "No Detective this round. The Smuggler acts first: you.",
         "rule": SMUGGLER},
        {"say": "Open the middle east drawer: its lower half is empty, so nothing spills and your role works.",
         "do": open_drawer(MIDDLE, EAST),
         "then": "Nat’s fake sapphire went onto the red cushion; the alarm token stays: roles take stones only.",
         "rule": CLEAN},
        {"say": "After a clean opening you may turn one tier and flip the cabinet. Tap Flip.",
         "do": {"type": "flip"},
         "then": "Nat’s token is now in the middle west drawer’s lower half.",
         "rule": FLIP},
        {"say": "Tap Done and watch Nat’s token.",
         "do": DONE,
         "then": "Your turn is over.",
         "after": "Nat’s token fell out alone and went back to Nat. More Smugglers than Detectives, 1 to 0: "
                  "the red cushion’s sapphire was yours.",
         "rule": SMUGGLERS_SHARE},
        # 18-20: round 3, the Thief
        {"say": "Round 3: fakes went into the top south drawer, which Nat’s half turn took to the top "
                "north. Choose the Thief: it takes a drawer’s stones.",
         "do": role("thief"),
         "then": "Nell is a Thief too. Ties act in turn order from the round’s first player, Nat: you open "
                 "before Nell.",
         "rule": [THIEF, TIES]},
        {"say": "Open the top north drawer. Nobody lists what is inside afterwards: remembering is the game.",
         "do": open_drawer(TOP, NORTH),
         "then": "Clean: you took 2 sapphires and a diamond. Fakes on your black cushion count as gems: 5 "
                 "points.",
         "rule": [THIEF, REMEMBER]},
        {"say": "Tap Leave it: no turn, no flip.",
         "do": DONE,
         "then": "Your turn is over.",
         "after": "Nell, the second Thief, emptied the middle west drawer, where Nat and Nico had just put fakes.",
         "rule": TIES},
        # 21-23: round 4, the Master Thief
        {"say": "Round 4: rubies, 4 points each, lie in the long drawers’ secret compartments, which only the "
                "Master Thief searches. Choose the Master Thief.",
         "do": role("master_thief"),
         "then": "Nico the Goldsmith, then Nell and Nat, the Connoisseurs, act before you.",
         "rule": MASTER},
        {"say": "Pull out the middle south drawer, a long one: a Master Thief pulls it out whole, secret "
                "compartment and all.",
         "do": open_drawer(MIDDLE, SOUTH),
         "then": "A ruby lay in the upper half of its secret compartment: 4 points on your black cushion.",
         "rule": [MASTER, STONES]},
        {"say": "Tap Leave it.",
         "do": DONE,
         "then": "Your turn is over.",
         "rule": CLEAN},
        # 24-28: round 5, the Connoisseur, and the end coming
        {"say": "Round 5: the game ends with the round in which a white cushion empties. Choose the "
                "Connoisseur: it puts fakes in.",
         "do": role("connoisseur"),
         "then": "Nat is the Detective: a Connoisseur puts in one fake, and one more for every Detective.",
         "after": "Nell, the Smuggler, opened the top north drawer and spilled stones onto the red cushion.",
         "rule": [END, PER_DETECTIVE]},
        {"say": "Nell’s spill just emptied the top north drawer’s lower half: open it.",
         "do": open_drawer(TOP, NORTH),
         "then": "Clean. A Connoisseur puts fakes in even after a spill; other roles’ turns end there.",
         "rule": CONNOISSEUR},
        {"say": "Put in a fake sapphire: its 2 points leave your white cushion.",
         "do": fake("sapphire"),
         "then": "One more, for Nat the Detective.",
         "rule": [PER_DETECTIVE, SCORING]},
        {"say": "Put in your second sapphire.",
         "do": fake("sapphire"),
         "then": "Your white cushion holds 8 diamonds now.",
         "rule": PER_DETECTIVE},
        {"say": "Tap Leave it, and watch who takes your fakes.",
         "do": DONE,
         "then": "Your turn is over.",
         "after": "Nico, the Master Thief, took your two sapphires: gems for Nico now. Nat, the Detective, "
                  "took the red cushion.",
         "rule": [MASTER, DETECTIVE]},
    ],
    "end": "That is how Master Thieves is played. The game runs on until a round ends with a white cushion "
           "empty; then black minus white wins, and you lead with 7 points.",
    "more": "Every rule is in the rules page, and “How this table plays it” there.",
}

# Every rule that decides a game, with the step that teaches it (tests/test_lesson.py holds the lesson
# to this list: each quoted word for word, taught by a step whose words speak of it).
CORE_RULES = [
    {"rule": "Goal and score: fakes on the white cushion count against you, gems on the black for you",
     "quote": SCORING, "step": 0},
    {"rule": "What each stone is worth", "quote": STONES, "step": 0},
    {"rule": "Set-up: ten fakes each on the white cushion", "quote": FAKES, "step": 0},
    {"rule": "The cabinet: three tiers of four drawers, short and long, a long one with a secret compartment",
     "quote": CABINET, "step": 1},
    {"rule": "Stones put in land in the upper half", "quote": UPWARD, "step": 1},
    {"rule": "Set-up: the players hide 12 diamonds in turn", "quote": HIDING, "step": 1},
    {"rule": "Set-up: rubies in the secret compartments", "quote": RUBIES, "step": 2},
    {"rule": "Set-up: the tiers turned and the cabinet flipped by chance", "quote": SHUFFLE, "step": 3},
    {"rule": "Drawers are named as they stand now", "quote": NAMES, "step": 5},
    {"rule": "Turning a tier (clockwise, a quarter a side), a drawer keeping its length", "quote": TURNING, "step": 7},
    {"rule": "A flip reverses the tiers, swaps east and west, turns upper halves down", "quote": FLIP, "step": 9},
    {"rule": "Opening spills the lower half", "quote": SPILLS, "step": 9},
    {"rule": "A round: roles chosen in secret, then revealed", "quote": SECRET_ROLES, "step": 10},
    {"rule": "The order roles act in", "quote": ORDER, "step": 10},
    {"rule": "A spill goes to the red cushion and ends the turn", "quote": SPILL_ENDS, "step": 10},
    {"rule": "Detective: opens nothing, takes the red cushion unless outnumbered by Smugglers",
     "quote": DETECTIVE, "step": 11},
    {"rule": "Sharing the red cushion: one at a time, most valuable first, leftovers stay", "quote": SHARING, "step": 12},
    {"rule": "Goldsmith: one fake", "quote": GOLDSMITH, "step": 13},
    {"rule": "Goldsmith: the alarm token, and what its owner gets when it falls out", "quote": ALARM, "step": 13},
    {"rule": "Smuggler: the drawer's contents onto the red cushion", "quote": SMUGGLER, "step": 14},
    {"rule": "A clean opening: the role works, then turn a tier and/or flip", "quote": CLEAN, "step": 15},
    {"rule": "Smugglers outnumbering Detectives share the red cushion", "quote": SMUGGLERS_SHARE, "step": 17},
    {"rule": "Thief: takes the drawer's stones", "quote": THIEF, "step": 18},
    {"rule": "Ties act in turn order from the round's first player, who moves on each round", "quote": TIES, "step": 18},
    {"rule": "Nothing lists a drawer's contents: remembering is the game", "quote": REMEMBER, "step": 19},
    {"rule": "Master Thief: the secret compartments too", "quote": MASTER, "step": 21},
    {"rule": "The end: the round in which a white cushion empties", "quote": END, "step": 24},
    {"rule": "Connoisseur: fakes in, even after a spill", "quote": CONNOISSEUR, "step": 25},
    {"rule": "Connoisseur: one more fake per Detective", "quote": PER_DETECTIVE, "step": 26},
]
