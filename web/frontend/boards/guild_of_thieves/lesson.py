"""Guild of Thieves' guided first game (#/learn/guild-of-thieves): the lesson as data, built from the
game's core rules (``CORE_RULES``, each with the step that teaches it), and the board's next tap
toward a move (see frontend.shell.lesson for the shape).

The deal (seed 34, you against Nell, a Novice bot as in the real game after it, with Pen & Paper's
notebook on, as in that real game too): you choose rich house 7; a wrong guess in town shows you a
lock you then walk in by, taking the last card and the lock with it; dues; your lock changed; a
wrong guess at Nell's house tells you only "wrong"; Nell robs your house; a lucky guess, and the
door locked behind you.  Nell then takes the Joker and opens the box wrong at once: she is out, her
hand and the Joker go under her lock and her house joins the town.  You look at its lock, rob it,
take the Joker, wait while three combinations are left, see two more cards and open the box.
tests/test_lesson.py and tests/test_lesson_guild_of_thieves.py replay it through the engine, so a
rule or a bot that changes breaks it loudly.
"""
from __future__ import annotations


def rob(house: int, guess: str) -> dict:
    """Rob house ``house`` (numbered from 0, as the engine numbers it) naming ``guess``."""
    return {"type": "rob", "house": house, "guess": guess}


def take(card) -> dict:
    return {"type": "steal", "card": card}


def dues(card: str) -> dict:
    return {"type": "dues", "card": card}


END_TURN = {"type": "end_turn"}
# Houses as the engine numbers them (the screen says one more).
YOURS, NELLS, FIRST, LUCKY, SIXTH = 6, 12, 15, 4, 5

# The rule text's words (guild-of-thieves.txt) and the rulings' (RULINGS.md), as the steps quote them.
GOAL = ("Their mission: to locate the Jeweled Box (the joker) by breaking into various houses, whilst at "
        "the same time trying to deduce the combination to the box.")
COMBINATION = ("It consists of one complete suit (which is the suit for the combination) and all four cards "
               "of one value (which is the value of the combination).")
UNSEEN = "It is vital that no-one sees any cards in the combination until they are guessing it."
SLUMS = "The eight piles of one card are the Slums; the eight piles of two cards are the Rich houses."
LOCKS = "These cards are the Locks on each house."
GUILD_HOUSE = "The one card off to the side is the Guild House, which is treated differently."
CHOOSE = ("Each player chooses any one of the sixteen houses to be their own house and places it in front "
          "of them.")
HAND = ("Players leave the royalty on the table in front of them and takes the remaining cards (1 or 2, "
        "depending on whether a Slum or Rich house was chosen) into their hand.")
HAND_RULES_OUT = ("If they have the 4 of Spades and the 7 of Clubs, they know the combination is not a Spade "
                  "or a Club, and they know it is not a 4 or a 7.")
SEEING = ("Players learn about the combination by seeing the different cards in the houses - if they see a "
          "Spade, they know the combination is not a Spade.")
PEN_AND_PAPER = "Pen & Paper (an automatic notebook of what you have seen; off by default)."
PAPER = ("Optionally, players can be allowed to write on a piece of paper which cards they have seen, thus "
         "making it easier to keep track of what cards they have seen.")
GUESS = ("They may either guess Hearts, Clubs, Diamonds or Spades, or they may guess King, Queen, Jack or "
         "Ace.")
CHECK = ("Having declared their guess out loud, the player then looks at the lock (if it is a neutral House) "
         "or asks the player if they have guessed correctly (if it is another player's House).")
LOOK_IN_TOWN = ("Checking a neutral house's lock, the guesser looks at it: a wrong guesser privately learns "
                "that lock (the text: \"they saw it on their last turn\").")
ONLY_WRONG = ("A player's own lock is checked by its owner: a wrong guesser learns only that the guess was "
              "wrong.")
NEXT_PLAYER = "Play then proceeds to the next player."
PUBLIC = ("Other players should note what was guessed, as they then have an easier job guessing what the "
          "locking card is.")
SAW_IT = ("If it gets back to the original player's turn and no-one has guessed the lock, they can guess what "
          "the card is - and they saw it on their last turn so it shouldn't prove difficult.")
FACE_UP_FOR_ALL = "If the guess is correct, the card is turned face up for all to see."
RULES_OUT = ("They know then that the combination is not the same suit or value as any of the cards in that "
             "House.")
STEAL = "After looking at the cards, the player may choose one card to steal and add to their hand."
LAST_CARD = ("If the card they take is the last card in the House, they may also steal the Lock (the royalty "
             "card that was on top) as well.")
OUT_OF_PLAY = ("The House is then out of play for the rest of the game (as it has no cards left to represent "
               "it).")
DUES = ("If the player has at least two cards (not including their Lock card, which is on the table in front "
        "of them), they may pay dues to the Guild House.")
DUES_HOW = ("To do this, they take any two cards, place them on the bottom of the Guild House and draw one "
            "card from the Guild House to add to their hand.")
DUES_ONCE = ("Pay dues (once a turn, with at least two cards in hand): two chosen cards go to the bottom of "
             "the Guild House, face down, and the top card comes to hand.")
CHANGE_LOCK = ("If the player has a royalty in their hand, they may at the end of their turn choose to swap "
               "their current Lock card (the royalty on the table in front of them) for any of the royalties "
               "in their hand.")
ANY_HOUSE = "Players may attempt to rob any of the Houses in the town, or any of the players' Houses."
SEE_THE_HAND = ("The player can then look at all the cards in the House (all the cards in the player's hand, "
                "if it is a player's House).")
LUCK = "Guessing correctly allows them to see the contents of the house, and to take a card."
WITH_IMPUNITY = ("When a neutral House has been successfully robbed, the royalty card is left face up - so any "
                 "other player can rob the house with impunity (since they can see the value and suit of the "
                 "Lock).")
LOCK_THE_DOOR = ("However, when a player has a royalty in their hand, they may \"lock the door behind them\" by "
                 "taking the old Lock card for that House into their hand and placing a different royalty face "
                 "down on top of the card that is left behind.")
TRAP = "If they guess incorrectly, they are killed by a trap, and are out of the game."
UNDER_THE_LOCK = ("They place their entire hand, including the Joker, under their Lock card and return the house "
                  "to the central play area.")
ROB_THE_DEAD = ("Get it right, and they win; get it wrong, and one of the traps on the Jeweled Box kills them "
                "and the remaining players must then rob that player's house to steal the box!")
HAS_THE_JOKER = "As soon as a player has the Joker, they may guess the combination to the Jeweled Box."
ON_THEIR_TURN = ("Of course, if they do not know the combination, they may wait until a future turn, but they "
                 "may only guess the combination on their turn.")
FIFTY_FIFTY = ("If you've got it down to two choices for what it might be, that's still only a 50-50 chance of "
               "guessing correctly.")
WORK_IT_OUT = ("Eventually, they can work out exactly the suit and value of the combination, and once they have "
               "got their hands on the Joker they can guess the combination.")
WIN = ("If they guess correctly, they win the game, graduate from the Guild of Thieves, and earn the right to "
       "be smug briefly.")
DRAW = ("If the game ends and no-one has the Joker, then the game is a draw (this can happen if the Joker is "
        "placed into the Guild House and no-one has enough cards to get it out again).")
DRAW_RULING = ("The game is a draw when every player is out, or when all people at the table agree to a draw, or "
               "after 100 rounds with no winner (a safety stop, shown in the rules page).")

LESSON = {
    "seed": 34,
    "seats": ["You", "novice"],
    # Pen & Paper, an option off by default: on in the lesson and in the real game it opens (the
    # coach says so, and so does the lesson's last screen).
    "options": {"pen_and_paper": True},
    "steps": [
        # 0-1: the goal, the combination
        {"say": "Welcome to the Guild of Thieves. Find the Jeweled Box (the Joker) by robbing houses, and "
                "work out the combination that opens it.",
         "rule": GOAL},
        {"say": "The combination is one whole suit and all four cards of one value, set aside unseen. So any "
                "card you see rules out its suit and its value.",
         "rule": [COMBINATION, UNSEEN]},
        # 2-4: your house, your hand, the notebook
        {"say": "Choose your house among the slums (one card) and rich houses (two), their locks royalties face "
                "down. Tap rich house 7, then “Make it my house”.",
         "do": {"type": "choose_house", "house": YOURS},
         "then": "Its 6♠ and 4♣ are your hand; its lock, the Ace of Diamonds, stays in front of you.",
         "after": "Nell, a bot, chose slum 13.",
         "rule": [SLUMS, LOCKS, CHOOSE, HAND]},
        {"say": "Your 6♠ and 4♣ are not in the combination: no Spade, no Club, no 6, no 4. Pen & Paper, an "
                "option off by default, notes it here: tap Notebook.",
         "tap": ["notebook", {}],
         "rule": [HAND_RULES_OUT, PEN_AND_PAPER]},
        {"say": "Your cards strike out their suit’s row and value’s column: 14 combinations are left, lit “?”. "
                "The real game after this lesson keeps Pen & Paper on.",
         "rule": [SEEING, PAPER]},
        # 5-12: your first two turns
        {"say": "Rob a house by naming its lock: a suit, or King, Queen, Jack or Ace. Tap slum 16, then Jack.",
         "do": rob(FIRST, "J"),
         "then": "Wrong, but in town you check the lock by looking: only you saw the King of Clubs.",
         "rule": [GUESS, CHECK, LOOK_IN_TOWN]},
        {"say": "One house a turn. Tap End turn, and watch Nell.",
         "do": END_TURN,
         "then": "Play proceeds to the next player, Nell.",
         "after": "Nell named Ace at slum 15: wrong. Every guess is heard by all: note it.",
         "rule": [NEXT_PLAYER, PUBLIC]},
        {"say": "You saw its lock last turn: the King of Clubs. Tap slum 16, then Clubs.",
         "do": rob(FIRST, "C"),
         "then": "Correct: the lock is turned face up for all. You see the 9♥ in the house: the combination is "
                 "no Heart, no 9.",
         "rule": [SAW_IT, FACE_UP_FOR_ALL, RULES_OUT]},
        {"say": "Steal one card: the 9♥, the house’s last card, so its lock comes too.",
         "do": take("9H"),
         "then": "The 9♥ and the King of Clubs are yours; the house is out of play for the rest of the game.",
         "rule": [STEAL, LAST_CARD, OUT_OF_PLAY]},
        {"say": "Pay dues: two cards to the bottom of the Guild House, its top card to you. Tap “Pay dues…”, "
                "then the 4♣.",
         "do": dues("4C"),
         "then": "The second card must follow.",
         "rule": [GUILD_HOUSE, DUES, DUES_HOW]},
        {"say": "Tap the 6♠. Dues are paid once a turn at most.",
         "do": dues("6S"),
         "then": "You drew the Guild House’s top card, the 7♣: the 7s are out.",
         "rule": DUES_ONCE},
        {"say": "You may end a turn by changing your lock for a royalty from your hand. Tap the King of Clubs.",
         "do": {"type": "change_lock", "card": "KC"},
         "then": "The King of Clubs is your lock now; the Ace of Diamonds is back in your hand.",
         "rule": CHANGE_LOCK},
        {"say": "Tap End turn.",
         "do": END_TURN,
         "then": "Nell’s turn.",
         "after": "Nell named King at slum 1: wrong.",
         "rule": NEXT_PLAYER},
        # 13-20: a player's house, Nell in yours, a lucky guess, the door locked behind you
        {"say": "Besides town houses, you may rob a player’s house: its cards are their hand. Tap Nell’s slum "
                "13, then Clubs.",
         "do": rob(NELLS, "C"),
         "then": "Wrong. At a player’s house the owner checks the lock: you learn only “wrong”.",
         "rule": [ANY_HOUSE, CHECK, ONLY_WRONG]},
        {"say": "You may still pay dues. Tap “Pay dues…”, then the 7♣.",
         "do": dues("7C"),
         "then": "The 7♣ is down.",
         "rule": DUES_HOW},
        {"say": "Now the 9♥.",
         "do": dues("9H"),
         "then": "You drew your own 4♣ back: the Guild House gives cards back in turn.",
         "rule": DUES_HOW},
        {"say": "Tap End turn, and watch your own house.",
         "do": END_TURN,
         "then": "Nell’s turn.",
         "after": "Nell named Clubs at your house and got in: anyone may rob you. She saw your whole hand and "
                  "took your 4♣.",
         "rule": SEE_THE_HAND},
        {"say": "Nobody has guessed at rich house 5 yet. Try your luck: tap it, then Ace.",
         "do": rob(LUCKY, "A"),
         "then": "Right, the Ace of Clubs! Inside you see the 3♥ and the 4♥.",
         "rule": LUCK},
        {"say": "Take the 3♥.",
         "do": take("3H"),
         "then": "The 4♥ stays behind a lock now face up: anyone could walk in with impunity.",
         "rule": WITH_IMPUNITY},
        {"say": "So lock the door behind you: swap the face-up lock for a royalty from your hand, face down. "
                "Tap the Ace of Diamonds.",
         "do": {"type": "lock_door", "card": "AD"},
         "then": "The Ace of Clubs is yours; the Ace of Diamonds locks the house, and only you know it.",
         "rule": LOCK_THE_DOOR},
        {"say": "Tap End turn, and watch Nell.",
         "do": END_TURN,
         "then": "Nell’s turn.",
         "after": "Nell took the Joker from slum 15 and tried a combination at once, the 7♠: wrong. The trap "
                  "killed her: she is out of the game.",
         "rule": [TRAP, HAS_THE_JOKER]},
        # 21-26: the box under Nell's lock
        {"say": "A wrong opener’s hand, Joker included, goes under their lock and the house returns to the town. "
                "Rob it to steal the box!",
         "rule": [UNDER_THE_LOCK, ROB_THE_DEAD]},
        {"say": "Slum 13 is a town house now. Tap it, then Diamonds.",
         "do": rob(NELLS, "D"),
         "then": "Wrong, but in town you look at the lock: the Jack of Hearts.",
         "rule": LOOK_IN_TOWN},
        {"say": "Tap End turn: with Nell out, your turns follow one another.",
         "do": END_TURN,
         "then": "Your turn again.",
         "rule": NEXT_PLAYER},
        {"say": "Tap slum 13, then Hearts.",
         "do": rob(NELLS, "H"),
         "then": "Right: inside lie the 4♣, 8♥, King of Spades and the Joker. The 8s are out.",
         "rule": [SAW_IT, RULES_OUT]},
        {"say": "Take the Joker: only its holder may open the box, and only on their own turn.",
         "do": take("JK"),
         "then": "Three combinations are left: the 2♦, the 5♦ and the 10♦.",
         "rule": [HAS_THE_JOKER, ON_THEIR_TURN]},
        {"say": "Three choices are still left: opening now is a gamble, and a wrong one kills. Tap End turn "
                "and learn more first.",
         "do": END_TURN,
         "then": "Your turn again.",
         "rule": [FIFTY_FIFTY, ON_THEIR_TURN]},
        # 27-31: two more cards, and the box opened
        {"say": "Rich house 6 holds two cards you have not seen. Tap it, then King.",
         "do": rob(SIXTH, "K"),
         "then": "Wrong, and in town you look at the lock: the Ace of Hearts.",
         "rule": LOOK_IN_TOWN},
        {"say": "Tap End turn.",
         "do": END_TURN,
         "then": "Your turn again.",
         "rule": NEXT_PLAYER},
        {"say": "Tap rich house 6, then Ace.",
         "do": rob(SIXTH, "A"),
         "then": "Correct: the 2♣ and 5♠ rule out the 2s and 5s. One combination is left: the 10 of Diamonds.",
         "rule": [RULES_OUT, WORK_IT_OUT]},
        {"say": "Take the 2♣.",
         "do": take("2C"),
         "then": "You hold the Joker and know the combination.",
         "rule": WORK_IT_OUT},
        {"say": "Open the box: tap “Open the box…”, then 10♦ on the dial, then “Open it”.",
         "do": {"type": "open_box", "suit": "D", "value": "10"},
         "then": "The 10 of Diamonds is right: you win and graduate from the Guild of Thieves!",
         "rule": WIN},
        # 32: what no deal of a few minutes reaches
        {"say": "A game ends in a draw if nobody holds the Joker and none can get it out of the Guild House, if "
                "everyone is out, or if all agree.",
         "rule": [DRAW, DRAW_RULING]},
    ],
    "more": "Every rule is in the rules page, with the options (Double Deck, I Know Where You Live) and “How "
            "this table plays it”.",
}

# Every rule that decides a game, with the step that teaches it (tests/test_lesson.py holds the lesson
# to this list: each quoted word for word, taught by a step whose words speak of it).
CORE_RULES = [
    {"rule": "Goal: find the Jeweled Box and work out its combination", "quote": GOAL, "step": 0},
    {"rule": "The combination: one whole suit and the four cards of one value", "quote": COMBINATION, "step": 1},
    {"rule": "Nobody sees the combination's cards", "quote": UNSEEN, "step": 1},
    {"rule": "Set-up: slums of one card, rich houses of two", "quote": SLUMS, "step": 2},
    {"rule": "Set-up: a royalty on each house is its lock", "quote": LOCKS, "step": 2},
    {"rule": "Set-up: the Guild House", "quote": GUILD_HOUSE, "step": 9},
    {"rule": "Set-up: each player chooses a house", "quote": CHOOSE, "step": 2},
    {"rule": "Your house's cards are your hand, its lock in front of you", "quote": HAND, "step": 2},
    {"rule": "A card you hold rules out its suit and its value", "quote": HAND_RULES_OUT, "step": 3},
    {"rule": "A card you see rules out its suit and its value", "quote": SEEING, "step": 4},
    {"rule": "Pen & Paper, the notebook: an option, off by default", "quote": PEN_AND_PAPER, "step": 3},
    {"rule": "A turn: name a suit or King, Queen, Jack or Ace", "quote": GUESS, "step": 5},
    {"rule": "Checking the lock: a town lock you look at, a player's lock its owner checks", "quote": CHECK, "step": 5},
    {"rule": "A wrong guess in town shows you the lock", "quote": LOOK_IN_TOWN, "step": 5},
    {"rule": "Play passes to the next player", "quote": NEXT_PLAYER, "step": 6},
    {"rule": "Every guess is said out loud", "quote": PUBLIC, "step": 6},
    {"rule": "A lock you saw last turn: walk in", "quote": SAW_IT, "step": 7},
    {"rule": "A right guess turns the lock face up for all", "quote": FACE_UP_FOR_ALL, "step": 7},
    {"rule": "The cards in a house rule out their suits and values", "quote": RULES_OUT, "step": 7},
    {"rule": "Steal one card", "quote": STEAL, "step": 8},
    {"rule": "The last card takes the lock too", "quote": LAST_CARD, "step": 8},
    {"rule": "An empty house is out of play", "quote": OUT_OF_PLAY, "step": 8},
    {"rule": "Dues: at least two cards", "quote": DUES, "step": 9},
    {"rule": "Dues: two to the bottom of the Guild House, its top card to you", "quote": DUES_HOW, "step": 9},
    {"rule": "Dues once a turn", "quote": DUES_ONCE, "step": 10},
    {"rule": "Change your own lock", "quote": CHANGE_LOCK, "step": 11},
    {"rule": "Any house may be robbed, a player's too", "quote": ANY_HOUSE, "step": 13},
    {"rule": "A wrong guess at a player's house: only “wrong”", "quote": ONLY_WRONG, "step": 13},
    {"rule": "Robbing a player's house shows their whole hand", "quote": SEE_THE_HAND, "step": 16},
    {"rule": "A right guess lets you see inside and take a card", "quote": LUCK, "step": 17},
    {"rule": "A face-up lock lets anyone in", "quote": WITH_IMPUNITY, "step": 18},
    {"rule": "Lock the door behind you", "quote": LOCK_THE_DOOR, "step": 19},
    {"rule": "A wrong combination: the trap, out of the game", "quote": TRAP, "step": 20},
    {"rule": "The Joker's holder may guess the combination", "quote": HAS_THE_JOKER, "step": 20},
    {"rule": "A wrong opener's hand and the Joker go under their lock; the house returns to town",
     "quote": UNDER_THE_LOCK, "step": 21},
    {"rule": "The others rob the dead player's house for the box", "quote": ROB_THE_DEAD, "step": 21},
    {"rule": "The combination is guessed only on your own turn", "quote": ON_THEIR_TURN, "step": 25},
    {"rule": "Two choices left is still a 50-50 gamble", "quote": FIFTY_FIFTY, "step": 26},
    {"rule": "Work out the suit and the value", "quote": WORK_IT_OUT, "step": 30},
    {"rule": "A right combination wins", "quote": WIN, "step": 31},
    {"rule": "A draw: nobody has the Joker at the end", "quote": DRAW, "step": 32},
    {"rule": "A draw: everyone out, all agreeing, or 100 rounds", "quote": DRAW_RULING, "step": 32},
]


def lesson_tap(draft, action, view):
    """The next tap toward ``action`` from the draft as it is, when the action's own button is not
    on the screen yet: the notebook shut, the house picked before its guess, dues begun before the
    first card, the box's dial set before Open it."""
    kind = action["type"]
    if draft.get("notebook"):
        return "notebook", {}
    if kind in ("choose_house", "rob"):
        if draft.get("mode") == "box":
            return "box-cancel", {}
        if draft.get("house") != action["house"]:
            return "house", {"house": action["house"]}
        return None
    if kind == "open_box":
        if draft.get("mode") != "box":
            return "box", {}
        if (draft.get("suit"), draft.get("value")) != (action["suit"], action["value"]):
            return "box-pick", {"code": action["value"] + action["suit"]}
        return None
    if kind == "dues":
        if view["step"] != "dues_second" and draft.get("mode") != "dues":
            return "dues-start", {}
        return None
    # Steal, end the turn: their buttons are in the sheet unless another choice fills it.
    if draft.get("mode") == "box":
        return "box-cancel", {}
    if draft.get("mode") == "dues" and view["step"] != "dues_second":
        return "dues-cancel", {}
    return None
