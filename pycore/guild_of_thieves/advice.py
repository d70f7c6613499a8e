"""Guild of Thieves: a bot's choice in one sentence, for a newcomer (``bot.advise``).

:func:`explain` reads the same view the bot chose from, and what it knows from it (a
:class:`~.knowledge.SeatMemory`, a :class:`~.knowledge.Tracker`), and says why that action: the
lock a guess must hit, where the Joker probably is, what a card tells, what waiting is worth.
It uses the view alone, so a hint can tell nothing the seat could not know.

>>> import pycore
>>> state = pycore.GAMES["guild-of-thieves"].new_game(seats=3, seed=7)
>>> explain(state.view(0), {"type": "choose_house", "house": 5})
'Take rich house 6: a rich house puts two cards in your hand, two cards the combination cannot hold.'
"""
from __future__ import annotations

from .knowledge import SeatMemory, Tracker
from .rules import JOKER, ROYAL_NAMES, SUIT_NAMES, is_number, is_royal, lock_matches, rank_of, suit_of
from .words import GUESS_WORDS, card_words, house_name

_SINGULAR = {**{rank: name for rank, name in ROYAL_NAMES.items()},
             **{suit: name[:-1] for suit, name in SUIT_NAMES.items()}}   # "a Queen", "a Spade"


def _house(view, number) -> str:
    house = view["houses"][number]
    if house["owner"] is not None and house["owner"] != view["seat"]:
        return f"player {house['owner'] + 1}'s house"
    return house_name(number, house["kind"])


def _a(word: str) -> str:
    return ("an " if word[0] in "AEIOU" else "a ") + word


def _chance(p: float) -> str:
    return f"{round(100 * p)}%"


def explain(view, action) -> str:
    """Why ``action`` (legal now for ``view``'s seat), in one sentence."""
    kind = action["type"]
    return _EXPLAIN[kind](view, action)


def _choose_house(view, action):
    house = view["houses"][action["house"]]
    where = house_name(action["house"], house["kind"])
    if house["kind"] == "rich":
        return f"Take {where}: a rich house puts two cards in your hand, two cards the combination cannot hold."
    return f"Take {where}: a slum holds one card, so robbing you shows a thief little."


def _rob(view, action):
    know = SeatMemory(view)
    tracker = Tracker(view, know)
    number, guess = action["house"], action["guess"]
    house = view["houses"][number]
    where, named = _house(view, number), GUESS_WORDS[guess]
    if house["lock"]:
        lock = f"its lock lies face up, the {card_words(house['lock'])}"
    elif house["known_lock"]:
        lock = f"you know its lock is the {card_words(house['known_lock'])}"
    else:
        candidates = know.lock_candidates(house)
        hits = sum(1 for card in candidates if lock_matches(card, guess))
        if hits == len(candidates):
            lock = f"its lock must be {_a(_SINGULAR[guess])}, as every other royalty is ruled out"
        else:
            lock = (f"{named} is the best guess at its lock ({hits} of the {len(candidates)} royalties "
                    f"it can still be)")
    place = tracker.place_of(number, house["owner"])
    joker = tracker.joker_chance(place) if JOKER not in view["hand"] else 0.0
    unseen = round(tracker.unidentified(place))
    if joker >= 0.99:
        why = "the Joker is there"
    elif joker >= 0.2:
        why = f"the Joker is there with a chance of about {_chance(joker)}"
    elif unseen:
        why = f"it holds {unseen} card{'s' if unseen != 1 else ''} you have not seen"
    elif house["owner"] is None and not (house["lock"] or house["known_lock"]):
        why = "even a wrong guess shows you its lock"
    else:
        why = "no other house promises more"
    return f"Rob {where}, naming {named}: {lock}, and {why}."


def _steal(view, action):
    card = action["card"]
    if card is None:
        return "Take nothing: no card here is worth having."
    if card == JOKER:
        return "Take the Joker: it is the Jeweled Box, and only its holder can open it."
    if is_royal(card):
        return (f"Take the {card_words(card)}: with a royalty in hand you can lock doors behind you "
                f"and change your own lock.")
    return (f"Take the {card_words(card)}: you have seen few {rank_of(card)}s and "
            f"{SUIT_NAMES[suit_of(card)]}, so it would tell a rival the most.")


def _lock_door(view, action):
    house = view["houses"][view["robbed"]]
    return (f"Lock the door behind you: the {card_words(action['card'])} goes face down on "
            f"{house_name(house['house'], house['kind'])}, so the next thief has to guess again.")


def _dues(view, action):
    card = action["card"]
    mine = view["guild_house"]["mine"]
    if view["step"] == "dues_second":
        return f"Pay the {card_words(card)} as the second dues card: it is the card you need least now."
    if view["guild_house"]["known_top"] == JOKER:
        return "Pay dues: the Joker lies on top of the Guild House, and whoever pays next draws it."
    if any(entry["card"] == JOKER and entry["depth"] == 0 for entry in mine):
        return "Pay dues: the Joker you hid is on top of the Guild House now, and the draw brings it back."
    if card == JOKER:
        return ("Pay the Joker into the Guild House: your house is likely to be robbed before your "
                "next turn, and only you know where the Joker went.")
    return (f"Pay dues, starting with the {card_words(card)}: two cards you need least for the top "
            f"card of the Guild House, one more card you have not seen.")


def _change_lock(view, action):
    home = next(h for h in view["houses"] if h["house"] == view["players"][view["seat"]]["house"])
    wrong = len(home["wrong_guesses"])
    if home["lock_face_up"]:
        why = "your lock lies face up, so anyone could rob you"
    elif wrong:
        why = f"{wrong} wrong guess{'es have' if wrong != 1 else ' has'} narrowed your lock down"
    else:
        why = "a lock nobody has seen keeps thieves guessing"
    return f"Change your lock to the {card_words(action['card'])}: {why}."


def _open_box(view, action):
    code = action["value"] + action["suit"]
    possible = SeatMemory(view).possible
    if len(possible) == 1:
        return f"Open the Jeweled Box with the {card_words(code)}: every other combination is ruled out."
    return (f"Open the Jeweled Box with the {card_words(code)}: it is one of the {len(possible)} "
            f"combinations still possible, and waiting to rule out the others is unlikely to pay "
            f"before the Joker is lost or the chance to learn more is gone.")


def _end_turn(view, action):
    if JOKER in view["hand"]:
        possible = len(SeatMemory(view).possible)
        return (f"End your turn, keeping the Joker: {possible} combinations are still possible, and "
                f"waiting to rule more out is worth more than a 1 in {possible} guess.")
    if view["step"] in ("lock_door", "dues") and len(view["hand"]) >= 2:
        if sum(1 for card in view["hand"] if is_number(card)) >= 2:
            return "End your turn: paying dues would give away cards you still need."
        return "End your turn: you have no two number cards to spare for dues."
    return "End your turn: there is nothing more worth doing now."


def _answer_draw(view, action):
    if action["agree"]:
        return "Agree to the draw: the game has run long and you do not hold the Joker."
    if JOKER in view["hand"]:
        return "Say no to the draw: you hold the Joker, and a right guess wins."
    return "Say no to the draw: there is still time to find the Joker and work out the combination."


_EXPLAIN = {"choose_house": _choose_house, "rob": _rob, "steal": _steal, "lock_door": _lock_door,
            "dues": _dues, "change_lock": _change_lock, "open_box": _open_box, "end_turn": _end_turn,
            "answer_draw": _answer_draw}
