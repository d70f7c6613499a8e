"""Guild of Thieves' guided first game (#/learn/guild-of-thieves): the lesson as data, and the
board's next tap toward a move (see frontend.shell.lesson for the shape).

The deal (seed 2, you against one Sharp bot, Sly, with the Pen & Paper notebook on) gives you a
wrong guess whose lock you then walk in by, a card taken from inside, dues paid twice, the Joker
found in a rich house, and after five turns a notebook with one combination left: the box opens
and the game is yours.  tests/test_lesson.py and tests/test_lesson_guild_of_thieves.py replay it
through the engine, so a rule or a bot that changes breaks it loudly.
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
# Houses as the engine numbers them (the screen says one more): rich houses 10, 11, 9 and 6.
YOURS, FIRST, JOKERS, LAST = 9, 10, 8, 5

LESSON = {
    "seed": 2,
    "seats": ["You", "sharp"],
    "options": {"pen_and_paper": True},
    "steps": [
        {"say": "Welcome to the Guild of Thieves. Find the Jeweled Box (the Joker) by robbing houses, "
                "and work out the combination that opens it.",
         "rule": "Their mission: to locate the Jeweled Box (the joker) by breaking into various houses, "
                 "whilst at the same time trying to deduce the combination to the box."},
        {"say": "First choose a house of your own. Tap rich house 10, then “Make it my house”.",
         "do": {"type": "choose_house", "house": YOURS},
         "then": "Its 8♥ and 9♣ are your hand now, and its lock stays face down in front of you. "
                 "Sly, a bot, took rich house 8.",
         "rule": "Each player chooses any one of the sixteen houses to be their own house and places it "
                 "in front of them."},
        {"say": "Every number card you see is not the combination: your 8♥ rules out Hearts and the "
                "8s. Your Notebook crosses out all you see: 14 combinations are left.",
         "rule": "Players learn about the combination by seeing the different cards in the houses - if "
                 "they see a Spade, they know the combination is not a Spade."},
        {"say": "Rob a house by naming its lock: a suit, or King, Queen, Jack or Ace. Tap rich house "
                "11, then Clubs.",
         "do": rob(FIRST, "C"),
         "then": "Wrong: its lock is the Jack of Hearts. A wrong guess in town shows you the lock, "
                 "and only you.",
         "rule": "They may either guess Hearts, Clubs, Diamonds or Spades, or they may guess King, "
                 "Queen, Jack or Ace."},
        {"say": "You may still pay dues: two cards to the bottom of the Guild House, its top card to "
                "you. Tap “Pay dues…”, then the 8♥.",
         "do": dues("8H"),
         "then": "The 8♥ is down: the second card must follow.",
         "rule": "To do this, they take any two cards, place them on the bottom of the Guild House and "
                 "draw one card from the Guild House to add to their hand."},
        {"say": "Tap the 9♣ as the second card.",
         "do": dues("9C"),
         "then": "You drew the 2♠ from the Guild House: Spades and the 2s are ruled out too.",
         "rule": "Pay dues (once a turn, with at least two cards in hand): two chosen cards go to the "
                 "bottom of the Guild House, face down, and the top card comes to hand."},
        {"say": "That is all for this turn: tap End turn, and watch Sly.",
         "do": END_TURN,
         "then": "Sly named Diamonds at rich house 11: wrong. Sly saw its lock; you saw it first.",
         "rule": "Play then proceeds to the next player."},
        {"say": "Back to rich house 11: you saw its lock, the Jack of Hearts. Tap it, then Hearts.",
         "do": rob(FIRST, "H"),
         "then": "Right: the lock turns face up, and you see inside: the 4♥ and the 6♣.",
         "rule": "If it gets back to the original player's turn and no-one has guessed the lock, they "
                 "can guess what the card is - and they saw it on their last turn so it shouldn't "
                 "prove difficult."},
        {"say": "Take one card from inside: tap the 4♥.",
         "do": take("4H"),
         "then": "The 4♥ is yours. The 6♣ stays behind a lock now face up for anyone.",
         "rule": "After looking at the cards, the player may choose one card to steal and add to "
                 "their hand."},
        {"say": "Tap End turn.",
         "do": END_TURN,
         "then": "Sly walked in by the face-up lock and took the last card, and the lock with it. "
                 "That house is out of play.",
         "rule": "If the card they take is the last card in the House, they may also steal the Lock "
                 "(the royalty card that was on top) as well."},
        {"say": "Nobody has guessed at rich house 9: any royalty may lock it. Try your luck: tap it, "
                "then Clubs.",
         "do": rob(JOKERS, "C"),
         "then": "Right, the King of Clubs! Inside lie the 3♠ and the Joker.",
         "rule": "Guessing correctly allows them to see the contents of the house, and to take a card."},
        {"say": "Take the Joker: it is the Jeweled Box, and only its holder can open it.",
         "do": take("JK"),
         "then": "The Jeweled Box is yours. Now work out its combination before someone robs you of it.",
         "rule": "As soon as a player has the Joker, they may guess the combination to the Jeweled Box."},
        {"say": "Three combinations are left in your notebook: a wrong one springs the trap. "
                "Tap End turn.",
         "do": END_TURN,
         "then": "Sly robbed rich house 9 and paid dues. Your lock held: the Joker is still yours.",
         "rule": "If you've got it down to two choices for what it might be, that's still only a 50-50 "
                 "chance of guessing correctly."},
        {"say": "Rich house 6 holds two cards you have not seen. Tap it, then Clubs.",
         "do": rob(LAST, "C"),
         "then": "Wrong: its lock is the King of Spades. Next turn you can walk in.",
         "rule": "Once the target is chosen, the player then guesses the suit or value of the Lock "
                 "card for that House."},
        {"say": "Pay dues for one more card. Tap “Pay dues…”, then the 2♠.",
         "do": dues("2S"),
         "then": "The 2♠ is down. Never pay the Joker unless you mean to hide it there.",
         "rule": "If the player has at least two cards (not including their Lock card, which is on "
                 "the table in front of them), they may pay dues to the Guild House."},
        {"say": "Now the 4♥.",
         "do": dues("4H"),
         "then": "You drew the 5♥: the 5s are ruled out. Two combinations are left.",
         "rule": "To do this, they take any two cards, place them on the bottom of the Guild House and "
                 "draw one card from the Guild House to add to their hand."},
        {"say": "Tap End turn.",
         "do": END_TURN,
         "then": "Sly named Diamonds at rich house 6: wrong, so Sly saw its lock too. Walk in first.",
         "rule": "Other players should note what was guessed, as they then have an easier job "
                 "guessing what the locking card is."},
        {"say": "You know rich house 6's lock, the King of Spades. Tap it, then Spades.",
         "do": rob(LAST, "S"),
         "then": "Right: inside are the 3♣ and the 7♣, and the 7 rules out the 7s.",
         "rule": "They know then that the combination is not the same suit or value as any of the "
                 "cards in that House."},
        {"say": "Take a card: tap the 3♣.",
         "do": take("3C"),
         "then": "One combination is left in your notebook: the 10 of Diamonds.",
         "rule": "Eventually, they can work out exactly the suit and value of the combination, and "
                 "once they have got their hands on the Joker they can guess the combination."},
        {"say": "Open the box: tap “Open the box…”, then 10♦ on the dial, then “Open it”.",
         "do": {"type": "open_box", "suit": "D", "value": "10"},
         "then": "The 10 of Diamonds: the Jeweled Box opens, and you win!",
         "rule": "If they guess correctly, they win the game, graduate from the Guild of Thieves, and "
                 "earn the right to be smug briefly."},
        {"say": "A wrong combination springs the trap, and that thief is out. The rules (in the menu) "
                "also tell how to change your lock and lock the door behind you.",
         "rule": "If they guess incorrectly, they are killed by a trap, and are out of the game."},
    ],
    "more": "Locking doors, changing your lock and the options are in the rules, under “Locking "
            "Houses” and “Optional Rules”.",
}


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
