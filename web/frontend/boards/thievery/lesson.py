"""Thievery's guided first game (#/learn/thievery): the lesson as data, and the board's next tap
toward a move (see frontend.shell.lesson for the shape).

The deal (seed 126, you against two Sharp bots, Sly and Sid) gives you an ace to place, two hits
and a miss in your first turn, and after the bots have cleared most of the table five cards that
can each be only one rank: the round is yours in your second turn.  tests/test_lesson.py replays
it through the engine, so a rule or a bot that changes breaks it loudly.
"""
from __future__ import annotations

from .board import sort_order


def guess(hand: int, index: int, rank: int) -> dict:
    return {"type": "guess", "hand": hand, "index": index, "rank": rank}


SLY, SID = 1, 2

LESSON = {
    "seed": 126,
    "seats": ["You", "sharp", "sharp"],
    "options": {},
    "steps": [
        {"say": "Welcome to Thievery. You, Sly and Sid each get a row of cards: work out theirs "
                "before they work out yours.",
         "rule": "Work out everyone else’s hidden cards before they work out yours."},
        {"say": "This is your row, dealt face up: only you can see it. Tap “Sort it for me” to put it "
                "lowest to highest.",
         "tap": ["auto-sort", {}],
         "rule": "Put them in order, lowest to highest, and lock in."},
        {"say": "An ace is wild: it may go anywhere in your row. Tap your ace, then the ringed place, "
                "then Lock in.",
         "do": {"type": "lock_in", "order": [7, 1, 4, 0, 2, 8, 3, 5, 6]},
         "then": "Locked in: your ace now hides between the 7 and the 9.",
         "rule": "Two cards of the same rank can go either way round, and an ace is wild: you can put "
                 "it anywhere in the row."},
        {"say": "Every row is face down now. Red cards lie sideways and black ones stand up, so "
                "everyone sees each card’s colour and place.",
         "rule": "Red cards lie sideways and black cards stand upright, so everyone knows the colour "
                 "and position of every card, but only you know the ranks of yours."},
        {"say": "Every row is in order, lowest first, so a hidden card is fenced in by its "
                "neighbours. You guess first.",
         "rule": "Because every row is in order, a hidden card is fenced in by its neighbours."},
        {"say": "Sly’s 1st card is red and the lowest of Sly’s row; the lowest red you cannot see is "
                "the 2. Tap the card, then 2.",
         "do": guess(SLY, 0, 2),
         "then": "Right! The card flips face up for everyone, and you go again.",
         "rule": "Right: the card flips face up for everyone, and you go again."},
        {"say": "Sly’s 8th card is red and near the end of the row: of the reds left (5, 6, 8, jack) "
                "the jack is likeliest. Tap it, then J.",
         "do": guess(SLY, 7, 11),
         "then": "Right again: every hit lets you guess once more.",
         "rule": "A good run can clear out someone’s whole row in one turn."},
        {"say": "Sid’s last card is black and ends the row: a king is a fair guess. Tap it, then K.",
         "do": guess(SID, 7, 13),
         "then": "Not a king: the card stays face down and your turn passes. Watch Sly and Sid take "
                 "their turns.",
         "rule": "Wrong: nothing else happens. You don’t lose anything; the turn just passes to the "
                 "next hand."},
        {"say": "Sly and Sid turned up many cards, some of yours too. Each flip tells you more: five "
                "cards are left to find.",
         "rule": "Every flip gives everybody more to go on, including the person who made it."},
        {"say": "Sid’s 6th card is red, between the black 7 and the black 8. The red 7 is yours, so "
                "it can only be the 8.",
         "do": guess(SID, 5, 8),
         "then": "Fenced in by its neighbours: a sure hit.",
         "rule": "Because every row is in order, a hidden card is fenced in by its neighbours."},
        {"say": "Only two black cards are still hidden, the 2 and the 3. Sid’s first two are black, "
                "lowest first: this one is the 2.",
         "do": guess(SID, 0, 2),
         "then": "Right: colour counts as much as order.",
         "rule": "Colour narrows it further: there’s exactly one 9 of each colour, so once the black 9 "
                 "has been flipped anywhere, no other black card can be a 9."},
        {"say": "And Sid’s 2nd card can only be the black 3.",
         "do": guess(SID, 1, 3),
         "then": "Right: two red cards are left, the 5 and the 6.",
         "rule": "Colour narrows it further: there’s exactly one 9 of each colour, so once the black 9 "
                 "has been flipped anywhere, no other black card can be a 9."},
        {"say": "Sid named a 5 at your 4th card, so Sid holds no red 5: Sid’s red card is the 6.",
         "do": guess(SID, 2, 6),
         "then": "Right: every card of Sid’s is face up.",
         "rule": "Every flip gives everybody more to go on, including the person who made it."},
        {"say": "Sly’s 3rd card is the last you need, and it can only be the red 5. Flip it to win.",
         "do": guess(SLY, 2, 5),
         "then": "Every card of Sly’s and Sid’s is face up: you win the round!",
         "rule": "The round ends as soon as one hand has turned over every card it could guess at, "
                 "meaning every card belonging to everyone else."},
        {"say": "At five and six hands everyone draws a power-up each turn: peek at a card, count a "
                "rank, or trip the alarm to stop a run.",
         "rule": "So at five and six hands everyone draws a power-up at the start of each of their "
                 "turns (one per turn, up to three held at once, never two of the same)."},
        {"say": "Four hands may play as two teams, partners showing each other a card. The rules "
                "(in the menu) tell both in full.",
         "rule": "A four-hand table can be played in teams: hands 1 and 3 against hands 2 and 4."},
    ],
    "more": "Power-ups and partnerships are in the rules, under “Five and six hands” and “Partnerships”.",
}


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
