"""Thievery's guided first game (#/learn/thievery): the lesson as data, built from the game's core
rules (``CORE_RULES``, each with the step that teaches it), and the board's next tap toward a move
(see frontend.shell.lesson for the shape).

The deal (seed 126, you against two Sharp bots, Sly and Sid) gives you an ace to place, two hits
and a miss in your first turn, and after the bots have cleared most of the table five cards that
can each be only one rank: the round is yours in your second turn.  What a three-hand game never
meets (power-ups at five and six hands, partnerships at four, people sharing a hand) is told after
the win, a sentence a power-up.  tests/test_lesson.py and tests/test_lesson_thievery.py replay it
through the engine, so a rule or a bot that changes breaks it loudly.
"""
from __future__ import annotations

from .sheet import sort_order


def guess(hand: int, index: int, rank: int) -> dict:
    return {"type": "guess", "hand": hand, "index": index, "rank": rank}


SLY, SID = 1, 2

# The rule text's words (thievery.txt) and the rulings' (RULINGS.md), as the steps quote them.
GOAL = "Work out everyone else’s hidden cards before they work out yours."
LEVELS = "There are three levels: Novice only goes by colour, Sharp reads the row, and Ruthless counts the whole table."
DECK = "The deck is 26 cards: Ace to King in one red suit and Ace to King in one black suit."
NO_DRAW = "There’s no draw pile, so every card is in somebody’s row from start to finish."
SORT = "Put them in order, lowest to highest, and lock in."
ACE = ("Two cards of the same rank can go either way round, and an ace is wild: you can put it anywhere in "
       "the row.")
FACE_DOWN = ("Red cards lie sideways and black cards stand upright, so everyone knows the colour and position "
             "of every card, but only you know the ranks of yours.")
FENCED = "Because every row is in order, a hidden card is fenced in by its neighbours."
TURN = "Click any face-down card that isn’t yours and name a rank from Ace to King."
RIGHT = "Right: the card flips face up for everyone, and you go again."
RUN = "A good run can clear out someone’s whole row in one turn."
WRONG = "Wrong: nothing else happens. You don’t lose anything; the turn just passes to the next hand."
MISS_PUBLIC = "A missed guess is public: everyone knows that card is not that rank."
EVERY_FLIP = "Every flip gives everybody more to go on, including the person who made it."
COLOUR = ("Colour narrows it further: there’s exactly one 9 of each colour, so once the black 9 has been "
          "flipped anywhere, no other black card can be a 9.")
WIN = ("The round ends as soon as one hand has turned over every card it could guess at, meaning every card "
       "belonging to everyone else.")
POWER_DRAW = ("one drawn at the start of each of your turns, none while you hold three, never two alike, bots "
              "get none.")
POWER_HANDS = "Three and four hands never get them, and bots don’t draw any."
COMMON = ("common: Casing the joint (privately learn one face-down opponent card), Loose lips (name a rank, "
          "learn how many of it are still face down), Tip-off (privately show one of your face-down cards to "
          "one chosen player);")
UNCOMMON = ("uncommon: Second storey (your next wrong guess this turn does not end it), Pickpocket (one extra "
            "guess, only at the start of your turn);")
VERY_RARE = ("very rare: Crack the vault (flip any opponent face-down card without guessing; counts as a "
             "correct guess).")
RARE = ("Trip the alarm (ends the current run at once; anyone may play it at any moment, even out of turn), "
        "Stakeout (nobody may guess at the named hand until that hand next plays), Misdirection (another "
        "player's next guess must target the hand you name);")
TEAMS = "A four-hand table can be played in teams: hands 1 and 3 against hands 2 and 4."
PARTNER = ("You only guess at the other team’s cards, and at the start of your turn your partner can privately "
           "show you one of their face-down cards, or choose not to.")
TEAM_WINS = "A team wins when every card of the other team is face up."
SHARED = ("After that, new players share a hand with someone already seated: both see the same cards, and "
          "either can play it on their turn.")
SHARED_WIN = "That hand wins, and if two people share it, they both win."

LESSON = {
    "seed": 126,
    "seats": ["You", "sharp", "sharp"],
    "options": {},
    "steps": [
        # 0-4: the goal, the deck, sorting, the rows face down
        {"say": "Welcome to Thievery: work out everyone else’s hidden cards before they work out yours. Sly "
                "and Sid are Sharp bots, the level that reads the row.",
         "rule": [GOAL, LEVELS]},
        {"say": "Your row is dealt face up: only you can see it. Tap “Sort it for me” to put it lowest to "
                "highest.",
         "tap": ["auto-sort", {}],
         "rule": SORT},
        {"say": "An ace is wild: it may go anywhere in your row. Tap your ace, then the ringed place, then "
                "Lock in.",
         "do": {"type": "lock_in", "order": [7, 1, 4, 0, 2, 8, 3, 5, 6]},
         "then": "Locked in: your ace hides between the 7 and the 9. All 26 cards, ace to king in red and in "
                 "black, lie in the rows: no draw pile.",
         "rule": [ACE, DECK, NO_DRAW]},
        {"say": "Every row is face down now. Red cards lie sideways and black ones stand up, so everyone sees "
                "each card’s colour and place.",
         "rule": FACE_DOWN},
        {"say": "Every row is in order, lowest first, so a hidden card is fenced in by its neighbours. You "
                "guess first.",
         "rule": FENCED},
        # 5-7: your first turn: two hits and a miss
        {"say": "Tap a face-down card that isn’t yours and name its rank. Sly’s 1st is red and lowest; the "
                "lowest red you can’t see is the 2: tap it, then 2.",
         "do": guess(SLY, 0, 2),
         "then": "Right! The card flips face up for everyone, and you go again.",
         "rule": [TURN, RIGHT]},
        {"say": "Sly’s 8th card is red and near the end of the row: of the reds left (5, 6, 8, jack) the jack "
                "is likeliest. Tap it, then J.",
         "do": guess(SLY, 7, 11),
         "then": "Right again: a good run can clear out a whole row in one turn.",
         "rule": RUN},
        {"say": "Sid’s last card is black and ends the row: a king is a fair guess. Tap it, then K.",
         "do": guess(SID, 7, 13),
         "then": "Not a king: the turn passes and you lose nothing. Everyone saw the miss: that card is no "
                 "king.",
         "after": "Sly and Sid turned up many cards, some of yours too. Every flip gives everybody more to go "
                  "on: five cards are left to find.",
         "rule": [WRONG, MISS_PUBLIC, EVERY_FLIP]},
        # 8-12: your second turn: five cards, each fenced or counted down to one rank
        {"say": "Sid’s 6th card is red, between the black 7 and the black 8. The red 7 is yours, so it can "
                "only be the 8.",
         "do": guess(SID, 5, 8),
         "then": "Fenced in by its neighbours: a sure hit.",
         "rule": FENCED},
        {"say": "Only two black cards are still hidden, the 2 and the 3. Sid’s first two are black, lowest "
                "first: this one is the 2.",
         "do": guess(SID, 0, 2),
         "then": "Right: colour counts as much as order.",
         "rule": COLOUR},
        {"say": "And Sid’s 2nd card can only be the black 3.",
         "do": guess(SID, 1, 3),
         "then": "Right: two red cards are left, the 5 and the 6.",
         "rule": COLOUR},
        {"say": "Sid named a 5 at your red 4th card. A bot never names a card it holds (a person might, to "
                "mislead): so Sid’s red card is the 6.",
         "do": guess(SID, 2, 6),
         "then": "Right: every card of Sid’s is face up. Against people, a missed guess is a clue, not proof.",
         "rule": MISS_PUBLIC},
        {"say": "Sly’s 3rd card is the last you need, and it can only be the red 5. Flip it to win.",
         "do": guess(SLY, 2, 5),
         "then": "Every card of Sly’s and Sid’s is face up: you win the round!",
         "rule": WIN},
        # 13-18: what a three-hand table never meets
        {"say": "At five and six hands a power-up is drawn at the start of each of your turns: none while you "
                "hold three, never two alike. Bots draw none.",
         "rule": [POWER_DRAW, POWER_HANDS]},
        {"say": "Common: Casing the joint shows you one face-down card, Loose lips counts how many of a rank "
                "are face down, Tip-off shows one of yours to a player.",
         "rule": COMMON},
        {"say": "Uncommon: Second storey forgives your next wrong guess this turn; Pickpocket gives one extra "
                "guess at the start of your turn.",
         "rule": UNCOMMON},
        {"say": "Rare: Trip the alarm ends a run at once, even out of turn; Stakeout shields a hand until it "
                "next plays; Misdirection names whom a guess must target.",
         "rule": RARE},
        {"say": "Very rare: Crack the vault flips any opponent face-down card without guessing, as a correct "
                "guess.",
         "rule": VERY_RARE},
        {"say": "Four hands may play in teams, hands 1 and 3 against 2 and 4. You guess only at the other "
                "team, and your partner may show you a card as your turn starts.",
         "rule": [TEAMS, PARTNER]},
        {"say": "A team wins when every card of the other team is face up. Past six people, newcomers share a "
                "hand: both play it, and both win.",
         "rule": [TEAM_WINS, SHARED, SHARED_WIN]},
    ],
    "more": "Every rule is in the rules page, and “How this table plays it” there.",
}

# Every rule that decides a game, with the step that teaches it (tests/test_lesson.py holds the lesson
# to this list: each quoted word for word, taught by a step whose words speak of it).
CORE_RULES = [
    {"rule": "Goal: work out everyone else's cards first", "quote": GOAL, "step": 0},
    {"rule": "The bots' levels", "quote": LEVELS, "step": 0},
    {"rule": "The deck: ace to king in red and in black", "quote": DECK, "step": 2},
    {"rule": "Every card is dealt; no draw pile", "quote": NO_DRAW, "step": 2},
    {"rule": "Sort your row, lowest to highest, and lock in", "quote": SORT, "step": 1},
    {"rule": "Equal ranks either way round; an ace anywhere", "quote": ACE, "step": 2},
    {"rule": "Rows face down: colour and place seen by all", "quote": FACE_DOWN, "step": 3},
    {"rule": "A hidden card is fenced in by its neighbours", "quote": FENCED, "step": 4},
    {"rule": "A turn: pick another's face-down card, name a rank", "quote": TURN, "step": 5},
    {"rule": "Right: it flips, and you go again", "quote": RIGHT, "step": 5},
    {"rule": "A run may clear a whole row", "quote": RUN, "step": 6},
    {"rule": "Wrong: the turn passes, nothing lost", "quote": WRONG, "step": 7},
    {"rule": "A miss is public", "quote": MISS_PUBLIC, "step": 7},
    {"rule": "Every flip tells everyone more", "quote": EVERY_FLIP, "step": 7},
    {"rule": "Colour narrows it: one of each rank per colour", "quote": COLOUR, "step": 9},
    {"rule": "The round: the first hand to see every card it may guess at wins", "quote": WIN, "step": 12},
    {"rule": "Power-ups: one a turn at 5-6 hands, three at most, never two alike", "quote": POWER_DRAW, "step": 13},
    {"rule": "No power-ups at 3-4 hands or for bots", "quote": POWER_HANDS, "step": 13},
    {"rule": "The common power-ups", "quote": COMMON, "step": 14},
    {"rule": "The uncommon power-ups", "quote": UNCOMMON, "step": 15},
    {"rule": "The rare power-ups", "quote": RARE, "step": 16},
    {"rule": "The very rare power-up", "quote": VERY_RARE, "step": 17},
    {"rule": "Partnerships: hands 1 and 3 against 2 and 4", "quote": TEAMS, "step": 18},
    {"rule": "Partnerships: guess only the other team; a partner may show a card", "quote": PARTNER, "step": 18},
    {"rule": "A team wins when the other team's cards are all face up", "quote": TEAM_WINS, "step": 19},
    {"rule": "More than six people share hands", "quote": SHARED, "step": 19},
    {"rule": "A shared hand's people win together", "quote": SHARED_WIN, "step": 19},
]


def lesson_tap(draft, action, view):
    """The next tap toward ``action`` from the draft as it is, when the action's own button is not
    on the screen yet: the card to pick before its rank, the sorter's taps before Lock in."""
    if action["type"] == "guess":
        if draft.get("power"):
            return "power-cancel", {}
        if draft.get("target") != (action["hand"], action["index"]):
            return "pick-card", {"hand": action["hand"], "index": action["index"]}
        return None
    if action["type"] == "lock_in" and view["seat"] is not None:
        order = sort_order(draft, view["rows"][view["seat"]])
        wanted = list(action["order"])
        if order == wanted:
            return None
        picked = draft.get("picked")
        source, place = one_move(order, wanted)
        if picked is None:
            return "sort-tap", {"place": source}
        # A card picked: put it in its place, or (another card picked) tap it again to put it down.
        return "sort-tap", {"place": place if picked == source else picked}
    return None


def one_move(order: list, wanted: list) -> tuple:
    """(from, to): one card moved that brings ``order`` nearest ``wanted`` (the whole way when one
    move does it, else the first card out of place).

    >>> one_move([2, 7, 1, 4, 0], [7, 1, 4, 0, 2])
    (0, 4)
    >>> one_move([1, 0, 2], [0, 1, 2])
    (0, 1)
    """
    for source in range(len(order)):
        for place in range(len(order)):
            moved = list(order)
            moved.insert(place, moved.pop(source))
            if moved == wanted:
                return source, place
    place = next(i for i, (have, want) in enumerate(zip(order, wanted)) if have != want)
    return order.index(wanted[place]), place
