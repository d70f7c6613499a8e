"""12 Thieves' hooks: the board's facts, the saved game's line, the end (the standings, why the
winner won, what the tally keeps), the recap, the motion and the hint's words."""
from __future__ import annotations

import re

from pycore.twelve_thieves import PALACE_NAMES, PALACES, describe, palace_name

from ...markup import join_names, ordinal

BLURB = ("Slip thieves past the guards of six palaces and carry off their treasure chests; move "
         "guards to open your way and bar the others'.")

# What each bot level means at this table (the set-up says it beside the level's general words).
LEVEL_WORDS = {
    "novice": "it places thieves where they are cheapest and otherwise ends its turn.",
    "sharp": "it plays greedily for chests, guards and cards, and takes Dancers whenever it passes.",
    "ruthless": "it also blocks the leader, moving guards to raise their costs, and plans its whole turn.",
}
SEAT_WORD = "player"
DEFAULT_SEATS = 3
DEMO_SEATS = 3
SECRET_WORDS = "my hand"
SOUND_WORDS = "a chest carried off, or a thief or guard moving"
# A guard move as its button says it.
MOVE_WORDS = {"move_guard": "Move your guard", "move_neutral": "Move a neutral guard",
              "escort": "Move your guard and a thief"}


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def summary(view, names) -> str:
    chests = ", ".join(f"{names[p['seat']]} {len(p['chests'])}" for p in view["players"])
    if view["outcome"]:
        winners = view["outcome"]["winners"]
        who = join_names([names[s] for s in winners]) if winners else "Nobody"
        return f"{who} won · chests: {chests}."
    if view["phase"] == "guards":
        return f"{names[view['turn']]} is placing a guard."
    return f"Round {view['round']} · {names[view['turn']]}'s turn · chests: {chests}."


def standings(view, names) -> list:
    """Winners first, then by chests, then by thieves on the board."""
    winners = view["outcome"]["winners"] if view["outcome"] else []
    players = view["players"]
    on_board = {p["seat"]: sum(palace["thieves"][p["seat"]] for palace in view["palaces"]) for p in players}
    key = {p["seat"]: (p["seat"] not in winners, -len(p["chests"]), -on_board[p["seat"]]) for p in players}
    order = sorted(key, key=key.get)
    return [{"place": 1 + sum(key[other] < key[seat] for other in order), "name": names[seat],
             "figures": {"Chests": len(players[seat]["chests"]), "In palaces": on_board[seat],
                         "Cards": players[seat]["hand"]}}
            for seat in order]


def reason(view, names) -> str:
    """Why the game ended, in one sentence to the table."""
    outcome = view["outcome"]
    winners, why = outcome["winners"], outcome.get("reason")
    if why == "chests":
        seat = winners[0]
        steal = next(event for event in reversed(view["log"]) if event["type"] == "steal")
        return (f"{names[seat]} carried off a {ordinal(steal['chests'])} chest, from "
                f"{palace_name(steal['palace'])}.")
    chests = {p["seat"]: len(p["chests"]) for p in view["players"]}
    if winners:     # stopped short of the target, most chests won
        who = join_names([names[s] for s in winners])
        return (f"After {view['round']} rounds nobody had {view['target']} chests; {who} "
                f"carried off the most ({chests[winners[0]]}).")
    return (f"The game stopped after {view['round']} rounds with nobody at {view['target']} chests: "
            f"a draw.")


# A turn's events in a few words each, after the player's name (the rest in the engine's words):
# the line reads as one sentence, "Ben put a thief into Lamp, stole the 4-chest of Sun and drew 3."
TURN_WORDS = {
    "place_guard": lambda event: f"placed a guard at {PALACE_NAMES[PALACES[event['palace']]]}",
    "place_thief": lambda event: f"put a thief into {PALACE_NAMES[PALACES[event['palace']]]}",
    "steal": lambda event: f"stole the {event['chest']}-chest of {PALACE_NAMES[PALACES[event['palace']]]}",
    "move_guard": lambda event: f"moved a guard to {PALACE_NAMES[PALACES[event['to']]]}",
    "move_neutral": lambda event: f"moved a neutral guard to {PALACE_NAMES[PALACES[event['to']]]}",
    "escort": lambda event: f"moved a guard and thief to {PALACE_NAMES[PALACES[event['to']]]}",
}


def drew_words(deck: int, dancers: int, passed: bool) -> list:
    """['drew 3'], ['passed', 'drew 1', 'took 3 Dancers']: the draw's part of a turn's sentence."""
    parts = ([f"drew {deck}"] if deck else []) + ([f"took {plural(dancers, 'Dancer')}"] if dancers else [])
    return (["passed"] if passed else []) + (parts or ["drew nothing"])


def recap(events, names, seat) -> list:
    """One sentence a turn: "Sly put a thief into Lamp, stole the 4-chest of Sun and drew 3."."""
    lines, turn = [], None     # turn: [player, [words], cards drawn, Dancers taken]
    for event in events + [{"type": "turn"}]:
        kind, by = event["type"], event.get("by")
        if turn and by == turn[0] and (kind in TURN_WORDS or kind == "draw"):
            if kind == "draw":
                turn[2] += event["deck"]
                turn[3] += event["dancers"]
            else:
                turn[1].append(TURN_WORDS[kind](event))
            continue
        if turn:
            player, doing, deck, dancers = turn
            doing = doing + (drew_words(deck, dancers, passed=not doing) if deck or dancers else [])
            lines.append(f"{'You' if player == seat else names[player]} {join_names(doing)}.")
        turn = [by, [TURN_WORDS[kind](event)], 0, 0] if kind in TURN_WORDS else None
        if kind == "draw":
            turn = [by, [], event["deck"], event["dancers"]]
        elif kind not in TURN_WORDS and kind != "turn":
            lines.append(describe(event, names, seat))
    return lines


def motion(events, view) -> dict:
    """A thief drops into its palace, a stolen chest is carried off to its thief (and that many of
    their thieves go home with it), a moved guard slides in, drawn cards slide into the hand."""
    marks, placed = {}, {}
    for event in events:
        kind = event["type"]
        if kind == "place_thief":
            placed[event["palace"], event["by"]] = placed.get((event["palace"], event["by"]), 0) + 1
        elif kind == "escort":
            placed[event["to"], event["by"]] = placed.get((event["to"], event["by"]), 0) + 1
        if kind == "place_guard":
            marks[guard_key(view, event["palace"], event["by"])] = "tt-slide"
        elif kind == "steal":
            marks[f"carry-{event['palace']}"] = "tt12-carry"
            marks[f"player-{event['by']}"] = "tt-flip"
        elif kind in MOVE_WORDS:
            owner = None if kind == "move_neutral" else event["by"]
            marks[guard_key(view, event["to"], owner)] = "tt-slide"
        elif kind == "draw":
            marks["hand"] = "tt-slide"
    for (palace, seat), count in placed.items():
        there = view["palaces"][palace]["thieves"][seat]
        for index in range(max(0, there - count), there):
            marks[f"thief-{palace}-{seat}-{index}"] = "tt12-drop"
    return marks


def guard_key(view, palace, owner) -> str:
    """The motion key of the last guard of ``owner`` at ``palace`` (a moved guard goes last)."""
    guards = view["palaces"][palace]["guards"]
    slot = max((i for i, o in enumerate(guards) if o == owner), default=len(guards) - 1)
    return f"guard-{palace}-{slot}"


def best_result(outcome, seat) -> tuple:
    """A seat's result for the table's memory: the chests carried off (more is better)."""
    chests = outcome["scores"][str(seat)]
    return chests, plural(chests, "chest")


# The engine knows a palace and a player by number ("palace 3", "player 2"); the board by name.
PALACE_NUMBER = re.compile(r"\b[Pp]alace (\d+)\b")
PLAYER_NUMBER = re.compile(r"\b[Pp]layer (\d+)\b")


def hint_words(why, names, seat) -> str:
    """The engine's and the bots' words with every palace and player named as the board names
    them ("the Star palace" for "palace 3", "Ben" for "player 2")."""
    def palace(match):
        index = int(match.group(1)) - 1
        return palace_name(index) if 0 <= index < len(PALACES) else match.group(0)

    def player(match):
        index = int(match.group(1)) - 1
        return names[index] if 0 <= index < len(names) else match.group(0)
    return PLAYER_NUMBER.sub(player, PALACE_NUMBER.sub(palace, why))
