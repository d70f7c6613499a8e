"""Thievery's hooks: the board's facts, the saved game's line, acting out of turn, the end (the
standings, why the winner won, how close a person alone came, what the tally keeps), why the device
goes to a seat, the recap, the motion and the hint's words."""
from __future__ import annotations

import re

from pycore.thievery import PARTNERSHIP_HANDS, POWERUP_HANDS, article, describe

from ...markup import Reader, counted, join_names, ordinal
from .cards import card_key


BLURB = "Sort your row in secret, then name everyone else's hidden cards before they name yours."

# What each bot level means at this table (the set-up says it beside the level's general words).
LEVEL_WORDS = {
    "novice": "it guesses by a card's colour alone, so it misses often and its runs are short.",
    "sharp": "it reads the order of each row: a run of right guesses can clear the table in one turn.",
    "ruthless": "it reads the whole table, misses included: expect it to clear the table in a run or two.",
}

# A bot's run of guesses is the game: each guess lands at the chosen speed, however long the run.
BOT_EACH_MOVE = True
SEAT_WORD = "hand"
DEFAULT_SEATS = 4
DEMO_SEATS = 4
OPTION_FIELDS = [
    ("powerups", "Power-ups", "At 5 and 6 hands: draw one at the start of each turn (three at most)."),
    ("partnerships", "Partnerships", "At 4 hands: hands 1 and 3 against 2 and 4; partners may show each other a card."),
]
SOUND_WORDS = "a right guess or a miss"


def option_enabled(option, seats, options) -> bool:
    if option == "powerups":
        return seats in POWERUP_HANDS
    if option == "partnerships":
        return seats == PARTNERSHIP_HANDS
    return True


def summary(view, names) -> str:
    if view["outcome"]:
        return "Won by " + join_names([names[s] for s in view["outcome"]["winners"]]) + "."
    if view["phase"] == "sorting":
        return "Sorting the rows."
    down = sum(1 for row in view["rows"] for card in row if not card["face_up"])
    return f"{names[view['turn']]}'s turn · {counted(down, 'card')} still face down."


def out_of_turn(view):
    """Trip the alarm may be played in anyone's turn while the guessing goes on."""
    if view["powerups_on"] and view["phase"] == "guessing":
        return "Trip the alarm!", "anyone holding it may stop this run"
    return None


def opponents(view, hand) -> list:
    """The hands ``hand`` guesses at: every other hand, or the other team."""
    teams = view["teams"]
    mine = next((team for team in teams if hand in team), [hand]) if teams else [hand]
    return [other for other in range(view["seats"]) if other not in mine]


def left_to_find(view, hand) -> int:
    return sum(1 for other in opponents(view, hand) for card in view["rows"][other] if not card["face_up"])


def tally(view) -> tuple:
    """(cards found, misses) per hand, from the log: right guesses and cracked vaults, wrong guesses."""
    found, missed = [0] * view["seats"], [0] * view["seats"]
    for event in view["log"]:
        if event["type"] == "guess":
            (found if event["hit"] else missed)[event["by"]] += 1
        elif event["type"] == "power" and event["power"] == "crack" and "rank" in event:
            found[event["by"]] += 1
    return found, missed


def standings(view, names) -> list:
    """The hand that saw every card it could guess at face up comes first (Left to find: 0), then
    the others by how close they came, then by cards found (more is better) and misses (fewer)."""
    found, missed = tally(view)
    left = [left_to_find(view, hand) for hand in range(view["seats"])]
    key = {hand: (left[hand], -found[hand], missed[hand]) for hand in range(view["seats"])}
    order = sorted(range(view["seats"]), key=key.get)
    return [{"place": 1 + sum(key[other] < key[hand] for other in order), "name": names[hand],
             "figures": {"Left to find": left[hand], "Cards found": found[hand], "Misses": missed[hand]}}
            for hand in order]


def last_flip(view):
    """The event that turned up the last card: a right guess or a cracked vault."""
    return next((event for event in reversed(view["log"])
                 if (event["type"] == "guess" and event["hit"])
                 or (event["type"] == "power" and event["power"] == "crack" and "rank" in event)), None)


def reason(view, names) -> str:
    """Why the winner won, in one sentence, to the whole table; where another hand found more
    cards, that a round goes to the hand that clears the table."""
    winners = view["outcome"]["winners"] if view["outcome"] else []
    who = join_names([names[hand] for hand in winners])
    flip = last_flip(view)
    if not winners or flip is None:
        return f"{who} saw every card they could guess at face up." if winners else "Nobody cleared the table."
    flipper, owner = names[flip["by"]], names[flip["hand"]]
    others = [names[hand] for hand in opponents(view, winners[0])]
    if flip["by"] not in winners:
        said = (f"{flipper} turned up the last of {owner}'s cards, leaving only {who}'s "
                f"{'rows' if len(winners) > 1 else 'row'} face down")
    elif view["teams"]:
        said = f"{flipper} turned up the last of {owner}'s cards: every card of {join_names(others)} is face up"
    elif len(others) > 1:
        said = f"{flipper} turned up the last of {owner}'s cards: every other row was already face up"
    else:
        said = f"{flipper} turned up the last of {owner}'s cards"
    found, _ = tally(view)
    best = max(found[hand] for hand in winners)
    more = [names[hand] for hand in range(view["seats"]) if hand not in winners and found[hand] > best]
    if more:
        said += (f"; {join_names(more)} found more cards, but a round goes to the "
                 f"{'team' if view['teams'] else 'hand'} that clears the table")
    return said + "."


def how_close(view, names, seat) -> list:
    """A person alone against bots, at the end: the cards they found (and missed), how much of
    each row they had to read they worked out themselves, and what was left to find.

    A row's share counts the person's own right guesses (and cracked vaults) at it."""
    found, missed = tally(view)
    by_row = {hand: 0 for hand in opponents(view, seat)}
    for event in view["log"]:
        turned_up = ((event["type"] == "guess" and event["hit"])
                     or (event["type"] == "power" and event["power"] == "crack" and "rank" in event))
        if turned_up and event["by"] == seat and event.get("hand") in by_row:
            by_row[event["hand"]] += 1
    rows = view["rows"]
    shares = [f"{by_row[hand]} of {names[hand]}'s {len(rows[hand])}" for hand in by_row]
    total = sum(len(rows[hand]) for hand in by_row)
    lines = [f"You found {found[seat]} of the {total} cards you had to find ({', '.join(shares)}) "
             f"and missed {counted(missed[seat], 'time')}."]
    down = [f"{sum(1 for card in rows[hand] if not card['face_up'])} of {names[hand]}'s {len(rows[hand])}"
            for hand in by_row if not all(card["face_up"] for card in rows[hand])]
    if down:
        lines.append(f"Still face down when the game ended: {join_names(down)}.")
    return lines


def best_result(outcome, seat) -> tuple:
    """A hand's result for the table's memory: the cards it had left to find, as the standings
    count them (fewer is better).  At the end only the winners' rows hold face-down cards, so a
    winner had none left and anyone else had all of them."""
    left = 0 if seat in outcome["winners"] else sum(outcome["scores"].values())
    return -left, f"{left} {'card' if left == 1 else 'cards'} left to find"


def cover_reason(view, seat, names) -> str:
    """Why the device goes to this seat now."""
    who = names[seat]
    showing = view.get("showing")
    if showing and seat == showing["partner"]:
        return (f"{who} may show {names[showing['for']]} a card: only {who} should look, "
                f"not {names[showing['for']]}.")
    if view["phase"] == "sorting":
        return f"{who} sorts their row in secret."
    return ""       # a guessing turn: "Pass to …" says it all, and nothing names the turn before the tap


def recap(events, names, seat) -> list:
    """Each guesser's run in one line ("Ben hit 2 (…), then missed Sly's 4th (not an 8)"); other
    events in the engine's words; whose turn it is goes without saying."""
    reader = Reader(names, seat)
    lines, run = [], None       # run: [guesser, hits, miss or None]
    for event in events:
        if event["type"] == "guess" and run and run[0] == event["by"] and run[2] is None:
            target = run
        elif event["type"] == "guess":
            target = run = [event["by"], [], None]
            lines.append(run)
        else:
            run = None
            if event["type"] != "turn":
                lines.append(describe(event, names, seat))
            continue
        where = f"{reader.whose(event['hand'])} {ordinal(event['index'] + 1)}"
        if event["hit"]:
            target[1].append(f"{where}: {article(event['rank'])}")
        else:
            target[2] = f"missed {where} (not {article(event['rank'])})"
    return [line if isinstance(line, str) else run_words(reader, *line) for line in lines]


def run_words(reader, guesser, hits, miss) -> str:
    shown = "; ".join(hits[:3]) + (f"; {len(hits) - 3} more" if len(hits) > 3 else "")
    parts = [f"hit {len(hits)} ({shown})"] if hits else []
    parts += [miss] if miss else []
    return f"{reader.Who(guesser)} {', then '.join(parts)}."


def motion(events, view) -> dict:
    """A hit flips its card, a miss shakes it, a cracked card flips; a new deal and rows turning
    face down slide every row in."""
    marks = {}
    for event in events:
        if event["type"] == "guess":
            marks[card_key(event["hand"], event["index"])] = "tt-flip" if event["hit"] else "tt-shake"
        elif event["type"] == "power" and event["power"] == "crack" and "index" in event:
            marks[card_key(event["hand"], event["index"])] = "tt-flip"
        elif event["type"] == "rows_down":
            marks.update({f"hand-{hand}": "tt-slide" for hand in range(view["seats"])})
    if not view["log"]:        # just dealt
        marks.update({f"hand-{hand}": "tt-slide" for hand in range(view["seats"])}, sorter="tt-slide")
    return marks


# The bots know a hand by its number ("Hand 2's 4th card", "tip off hand 3"); the board by its name.
HAND_NUMBER = re.compile(r"\b[Hh]and (\d+)\b")


def hint_words(why, names, seat) -> str:
    """The hint's sentence with every hand named as the board names it ("Sly's 4th card")."""
    def named(match):
        hand = int(match.group(1)) - 1
        return names[hand] if 0 <= hand < len(names) else match.group(0)
    return HAND_NUMBER.sub(named, why)
