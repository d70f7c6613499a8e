"""Guild of Thieves' hooks: the board's facts, the saved game's line, the end (the standings, what
the tally keeps, why the winner won), what a cover hides and why the device goes to a seat, the
recap and the motion."""
from __future__ import annotations

from pycore.guild_of_thieves import card_words, describe, house_name
from pycore.guild_of_thieves import DRAW_REASONS, GUESS_WORDS, JOKER

from ... import widgets
from ...markup import join_names
from .cards import plural

BLURB = ("Rob houses by guessing their locks, find the Jeweled Box (the Joker) and work out the "
         "combination that opens it. Up to 32 players with Double Deck.")

# What each bot level means at this table (the set-up says it beside the level's general words).
LEVEL_WORDS = {
    "novice": "it guesses locks at random and opens the Jeweled Box as soon as it holds it, often wrongly.",
    "sharp": "it remembers every card it has seen, robs where it knows the lock, and opens the box when one combination is left.",
    "ruthless": "it tracks where the Joker probably is, hides it in the Guild House and changes a lock you have narrowed down.",
}
SEAT_WORD = "player"
DEFAULT_SEATS = 3
DEMO_SEATS = 4
# Pen & Paper first, in a newcomer's words: the game leans on memory, and this is the help.
OPTION_FIELDS = [
    ("pen_and_paper", "A notebook of what you have seen",
     "Pen & Paper: the screen notes every card you see and crosses out the suits and values they "
     "rule out, so you need not remember them. Good for a first game."),
    ("double_deck", "Double Deck", "Two decks: 32 houses and up to 32 players; a longer game."),
    ("i_know_where_you_live", "I Know Where You Live",
     "The Joker starts on top of the Guild House: anyone may pay dues for it, and everyone sees who did."),
]
SECRET_WORDS = "my hand"
SOUND_WORDS = "a lock opened or a wrong guess"


def summary(view, names) -> str:
    if view["outcome"]:
        combination = view.get("combination") or view["outcome"].get("combination")
        combo = f" The combination was {card_words(combination)}." if combination else ""
        winners = view["outcome"]["winners"]
        if winners:
            return f"{join_names([names[s] for s in winners])} opened the Jeweled Box.{combo}"
        return f"A draw.{combo}"
    if view["phase"] == "choose":
        return f"{names[view['turn']]} is choosing a house."
    left = sum(1 for house in view["houses"] if house["in_play"])
    return f"Round {view['round']} · {names[view['turn']]}'s turn · {left} houses in play."


def standings(view, names) -> list:
    """Winners first, then players still in, then by locks opened (more) and wrong guesses (fewer)."""
    opened, wrong = [0] * view["seats"], [0] * view["seats"]
    for event in view["log"]:
        if event["type"] == "rob":
            (opened if event["hit"] else wrong)[event["by"]] += 1
    winners = view["outcome"]["winners"] if view["outcome"] else []
    players = view["players"]
    key = {seat: (seat not in winners, players[seat]["out"], -opened[seat], wrong[seat]) for seat in range(view["seats"])}
    order = sorted(range(view["seats"]), key=key.get)
    return [{"place": 1 + sum(key[other] < key[seat] for other in order), "name": names[seat],
             "figures": {"Locks opened": opened[seat], "Misses": wrong[seat],
                         "Cards": "out" if players[seat]["out"] else players[seat]["hand"]}}
            for seat in order]


def best_result(outcome, seat) -> tuple:
    """A seat's result for the table's memory: the locks it opened (more is better; a win is
    counted apart)."""
    opened = outcome["locks_opened"][str(seat)]
    return opened, plural(opened, "lock") + " opened"


# Why a game ended without a winner, said to the table.
DRAW_WHY = {"stuck": "nobody still in can reach the Joker any more",
            "all_out": "the trap got every player",
            "agreed": "everyone still in agreed",
            "rounds": "100 rounds passed without a winner"}


def reason(view, names) -> str:
    """One sentence: who opened the box with what, or why it is a draw."""
    outcome = view["outcome"]
    combination = outcome.get("combination") or view.get("combination")
    combo = f"the {card_words(combination)}" if combination else "the combination"
    if outcome["winners"]:
        return f"{join_names([names[s] for s in outcome['winners']])} opened the Jeweled Box: {combo}."
    why = DRAW_WHY.get(outcome.get("reason")) or DRAW_REASONS.get(outcome.get("reason"), "nobody won")
    return f"A draw: {why}. The combination was {combo}."


def shows_secrets(view, public_view) -> bool:
    """Whether the seat's screen shows what others may not see.  Its own view always has the keys
    of a hand, but a player who has no house yet (choosing) holds nothing: no cover for them."""
    if view.get("hand") or view.get("seen") or view.get("pending") or view.get("dues_paid"):
        return True
    if view["guild_house"].get("mine"):
        return True
    if any(house.get("known_lock") and not house["lock_face_up"] for house in view["houses"]):
        return True
    return view["log"] != public_view["log"]


def cover_reason(view, seat, names) -> str:
    """Why the device goes to this seat, when that is not plain turn order: a draw offer to answer
    ("" otherwise: the hand-over names nobody's turn)."""
    offer = view.get("draw_offer")
    if offer:
        return f"{names[offer['by']]} offered a draw: {names[seat]} answers, yes or no."
    return ""


# A turn's events in a few words each, after the thief's name (the rest in the engine's words);
# the line reads as one sentence: "Sly opened rich house 7 with Hearts, took a card and paid dues."
TURN_WORDS = {
    "rob": lambda event, reader: (f"opened {place_of(event, reader)} with {guess_of(event)}" if event["hit"] else
                                  f"named {guess_of(event)} at {place_of(event, reader)}{WRONG_LOCK}"),
    "steal": lambda event, reader: ("took nothing" if not event["took"] else
                                    "took the last card and the lock" if event.get("took_lock") else "took a card"),
    "lock_door": lambda event, reader: "locked the door",
    "dues": lambda event, reader: "paid dues, drawing the Joker" if event.get("drew") == JOKER else "paid dues",
    "change_lock": lambda event, reader: f"changed {'your' if event['by'] == reader.viewer else 'their'} lock",
    "choose_house": lambda event, reader: f"chose {house_name(event['house'], event['kind'])}",
}
WRONG_LOCK = " (wrong lock)"     # said so in the middle of a line; at its end, after a colon


def guess_of(event) -> str:
    return GUESS_WORDS.get(event["guess"], event["guess"])


def place_of(event, reader) -> str:
    owner = event.get("owner")
    if owner is None:
        return house_name(event["house"], event["kind"])
    return "your house" if owner == reader.viewer else f"{reader.names[owner]}'s house"


def recap(events, names, seat) -> list:
    """One sentence a turn: "Sly opened rich house 7 with Hearts, took a card and paid dues.",
    "You named Clubs at rich house 5: wrong lock."; other events in the engine's words."""
    return widgets.turn_recap(events, names, seat, TURN_WORDS, describe, sentence=turn_sentence)


def turn_sentence(who: str, doing: list) -> str:
    """ "You named Clubs at rich house 5: wrong lock." (a wrong lock said last, after a colon)."""
    line = f"{who} {join_names(doing)}."
    if line.endswith(WRONG_LOCK + "."):
        line = line[:-len(WRONG_LOCK) - 1] + ": wrong lock."
    return line


def motion(events, view) -> dict:
    """The board tells what happened: a lock named right turns face up; a wrong guess shakes the
    lock and stamps the guess under it; a stolen card flies to the thief's house; dues fly into
    the Guild House and its top card back; a lock changed turns over; a player out shakes; a new
    deal slides the town in."""
    marks = {}
    for event in events:
        kind = event["type"]
        if kind == "rob":
            number = event["house"]
            marks[f"lock-{number}"] = "tt-flip" if event["hit"] else "tt-shake"
            if not event["hit"]:
                marks[f"wrong-{number}-{event['guess']}"] = "gt-stamp"
        elif kind == "steal" and event["took"]:
            marks["fly-steal"] = "gt-fly"
        elif kind == "choose_house":
            marks[f"house-{event['house']}"] = "tt-slide"
        elif kind in ("lock_door", "change_lock"):
            marks[f"lock-{event['house']}"] = "tt-flip"
        elif kind == "dues":
            marks.update({"fly-dues": "gt-fly", "fly-draw": "gt-fly-back", "guild-house": "gt-pulse"})
        elif kind == "out" or (kind == "open_box" and not event["right"]):
            marks[f"player-{event.get('seat', event.get('by'))}"] = "tt-shake"
    if not view["log"]:
        marks["town"] = "tt-slide"
    return marks
