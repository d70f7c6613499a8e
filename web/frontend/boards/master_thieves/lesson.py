"""Master Thieves' guided first game (#/learn/master-thieves): the lesson as data (see
frontend.shell.lesson for the shape).  Every move is one button, so the board needs no lesson_tap.

The deal (seed 39, you against five Novice bots: Nell, Nat, Nico, Noor and Nye) plays a whole game
in five rounds.  You hide two diamonds; as the Goldsmith you put in a fake sapphire, set your alarm
token and flip the cabinet, so Nat's opening next round spills the token with the stones and they
are yours; as the Connoisseur your own opening spills onto the red cushion, and you still put
fakes in; then clean openings, worked out from what was seen, empty your white cushion and the
game ends with you ahead.  tests/test_lesson.py replays it through the engine, so a rule or a bot
that changes breaks it loudly.
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


TOP, NORTH, SOUTH, WEST = 0, 0, 2, 3
DONE = {"type": "done"}
CONNOISSEUR_RULE = "For every detective in play they may put in one more fake."

LESSON = {
    "seed": 39,
    "seats": ["You", "novice", "novice", "novice", "novice", "novice"],
    "options": {},
    "steps": [
        {"say": "Welcome to Master Thieves. Your ten fakes sit on your white cushion and count against "
                "you; gems you steal go on your black cushion and count for you.",
         "rule": "Fakes sit on the white cushion; real gems sit on the black one."},
        {"say": "First everyone hides diamonds, in turn. Tap the ringed drawer, top north, to hide one "
                "there.",
         "do": hide(TOP, NORTH),
         "then": "Your diamond lies in the drawer’s upper half: stones put in always land there.",
         "rule": "Stones put into a drawer go into the upward half of its compartment."},
        {"say": "Hide your second diamond in the same drawer.",
         "do": hide(TOP, NORTH),
         "then": "Then each tier was turned and the cabinet flipped, all in plain view. Only your "
                 "memory keeps where the stones are now.",
         "rule": "then 12 diamonds placed by the players in turn into normal compartments; then random "
                 "turns of tiers and a flip (seeded)."},
        {"say": "Each round everyone chooses a role in secret. Tap the Goldsmith: it puts in a fake and "
                "an alarm token.",
         "do": role("goldsmith"),
         "then": "The roles turned up together, and the Smuggler acts first: Nell opened a drawer and "
                 "tipped it onto the red cushion.",
         "rule": "First, all players secretly choose their role by playing a character card face down."},
        {"say": "Your turn to open a drawer. Whatever lies in its lower half falls out: tap the top "
                "north one.",
         "do": open_drawer(TOP, NORTH),
         "then": "Nothing fell out of its lower half, so your role works. A diamond lies in its upper "
                 "half.",
         "rule": "Opening a drawer spills its downward half(s)"},
        {"say": "Put a fake in: tap Sapphire. It takes 2 points off your white cushion, more than a "
                "diamond would.",
         "do": fake("sapphire"),
         "then": "Your fake sapphire lies in the drawer now.",
         "rule": "Goldsmith: may put one of their fakes (a stone from the white cushion) into the "
                 "drawer."},
        {"say": "Now set your alarm token in this drawer.",
         "do": {"type": "alarm", "set": True},
         "then": "If it spills later, every stone that falls out with it is yours.",
         "rule": "If the drawer holds no token, the goldsmith may put an alarm token into it."},
        {"say": "After a clean opening you may turn a tier and flip the cabinet. Tap Flip.",
         "do": {"type": "flip"},
         "then": "Upside down: every upper half is now a lower one, so your fake and your token will "
                 "fall out at this drawer’s next opening.",
         "rule": "Flipping the cabinet turns it upside down (tier order reversed, E and W exchanged, "
                 "every upward half becomes downward)."},
        {"say": "Tap Done to end your turn.",
         "do": DONE,
         "then": "Noor and Nye spilled stones onto the red cushion. Nell, the only Smuggler, took all "
                 "of it at the round’s end.",
         "rule": "at the end of the round, if smugglers outnumber detectives, the smugglers share the "
                 "red cushion."},
        {"say": "Round 2. Choose the Connoisseur: one fake, and one more for each Detective this "
                "round.",
         "do": role("connoisseur"),
         "then": "Nat, the Smuggler, opened the drawer with your alarm token: it fell out with "
                 "stones, which go to you. See your black cushion.",
         "rule": "When an alarm token spills, its owner takes every stone that spilled from that "
                 "drawer in that opening"},
        {"say": "Now open the top north drawer: its lower half is not empty this time.",
         "do": open_drawer(TOP, NORTH),
         "then": "Two diamonds spilled onto the red cushion. A spill ends a role’s work, but a "
                 "Connoisseur still puts fakes in.",
         "rule": "If some gems fall out of the false bottom onto the table, they are put on the "
                 "special red cushion and the player's turn ends (the character's special ability "
                 "cannot be used)."},
        {"say": "Noor is a Detective this round, so you may put in two fakes. Tap Sapphire.",
         "do": fake("sapphire"),
         "then": "Your last sapphire is in.",
         "rule": "Connoisseur (art expert): may put one of their fakes into the opened drawer (even "
                 "when stones fell onto the table on opening)."},
        {"say": "And a diamond for the Detective’s extra fake.",
         "do": fake("diamond"),
         "then": "Nell, the Thief, took what lay in a drawer. Noor, the Detective, took the red "
                 "cushion.",
         "rule": CONNOISSEUR_RULE},
        {"say": "Round 3. The game ends with the round in which a white cushion empties: choose the "
                "Connoisseur again.",
         "do": role("connoisseur"),
         "then": "Nico smuggled a drawer and Nell, the Goldsmith, set her alarm. Noor is the "
                 "Detective again.",
         "rule": "End: at the end of the round in which some player's white cushion is empty."},
        {"say": "Try the top west drawer: open it.",
         "do": open_drawer(TOP, WEST),
         "then": "Clean: nothing spilled, so your role works.",
         "rule": "If nothing spilled, the role's effect is applied to that drawer, then the player may "
                 "turn one tier and/or flip the cabinet."},
        {"say": "Put in a fake diamond.",
         "do": fake("diamond"),
         "then": "One more, for Noor the Detective.",
         "rule": CONNOISSEUR_RULE},
        {"say": "Put in the second diamond.",
         "do": fake("diamond"),
         "then": "Five fakes left on your white cushion.",
         "rule": "Gems/fakes still on the white cushion count minus points; gems on the black cushion "
                 "count plus points."},
        {"say": "Leave the cabinet as it is: tap Leave it.",
         "do": DONE,
         "then": "Nye, a Thief, took your two fakes: on a black cushion they count as gems. Noor took "
                 "the red cushion.",
         "rule": "Thief: takes all the gems from the opened drawer onto their black cushion."},
        {"say": "Round 4: the Connoisseur again.",
         "do": role("connoisseur"),
         "then": "Nye, the Smuggler, spilled the top south drawer; Nell spilled four diamonds. The red "
                 "cushion is filling up.",
         "rule": "roles act in the order Smuggler, Goldsmith, Connoisseur, Thief, Master Thief, "
                 "Detective."},
        {"say": "Open the top south drawer: Nye’s opening just emptied its lower half.",
         "do": open_drawer(TOP, SOUTH),
         "then": "Clean, as you worked out: remembering is the game.",
         "rule": "Contents are seen by all when a drawer opens, but the board never lists them "
                 "afterwards: remembering is the game"},
        {"say": "Put in a fake diamond.",
         "do": fake("diamond"),
         "then": "And one more, for Noor the Detective.",
         "rule": CONNOISSEUR_RULE},
        {"say": "Put in the second diamond.",
         "do": fake("diamond"),
         "then": "Three fakes left.",
         "rule": CONNOISSEUR_RULE},
        {"say": "Tap Leave it to end your turn.",
         "do": DONE,
         "then": "Noor, the Detective, took the five diamonds on the red cushion.",
         "rule": "Receives all the gems from the red cushion (unless outnumbered by smugglers)."},
        {"say": "Round 5: your last three fakes. Choose the Connoisseur.",
         "do": role("connoisseur"),
         "then": "Nat and Nico are Detectives: you may put in three fakes.",
         "rule": CONNOISSEUR_RULE},
        {"say": "Open the top west drawer: you found it clean, and no flip since has turned an upper "
                "half down.",
         "do": open_drawer(TOP, WEST),
         "then": "Clean again.",
         "rule": "Stones put into a drawer go into the upward half of its compartment."},
        {"say": "Put in a fake diamond.",
         "do": fake("diamond"),
         "then": "Two to go.",
         "rule": CONNOISSEUR_RULE},
        {"say": "Put in another diamond.",
         "do": fake("diamond"),
         "then": "One to go.",
         "rule": CONNOISSEUR_RULE},
        {"say": "Put in your last fake.",
         "do": fake("diamond"),
         "then": "Your white cushion is empty: the game ends with this round.",
         "rule": "End: at the end of the round in which some player's white cushion is empty."},
        {"say": "Tap Leave it, and the last roles play out.",
         "do": DONE,
         "then": "Game over. You have 3 points, the stones from your alarm and no fakes: you win!",
         "rule": "Score: black value minus white value; ties share the win."},
    ],
    "more": "The other roles, the Master Thief’s secret compartments and the notebook are in the rules.",
}
