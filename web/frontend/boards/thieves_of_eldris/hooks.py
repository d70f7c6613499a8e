"""Thieves of Eldris' hooks: the board's facts, the saved game's line, the end (the headline, why
the winner won, the standings, what the tally keeps), why the device goes to a seat out of turn,
and what the new events say and do on screen: the recap (one short line a turn), the motion (what
slides, flips, shakes), and what the seat's own last turn brought it (the hand's landing)."""
from __future__ import annotations

from pycore.thieves_of_eldris import COLUMNS, REVEAL_FROM_GUILD, TRAIT_NAMES, describe, money

from ... import widgets
from ...markup import Reader, join_names

BLURB = ("Slip characters around Skulduggery Square, rob your Targets next to your hidden "
         "Cutpurse and unmask the others' — first to $8. Or alone: four rounds against Rivals.")

# What each bot level means at this table (the set-up says it beside the level's general words).
LEVEL_WORDS = {
    "novice": "it moves cards at random and steals only when a Target happens to stand by its Cutpurse.",
    "sharp": "it plans all three dice to bring a Target next to its Cutpurse, and accuses only a Cutpurse everyone has seen.",
    "ruthless": "it also reads where you stole and accused to find your Cutpurse, and accuses when the odds pay.",
}

SEAT_WORD = "player"
DEFAULT_SEATS = 3
DEMO_SEATS = 4
OPTION_FIELDS = [
    ("without_tokens", "Without tokens (solo)",
     "The solo challenge: no tokens on the Square. Remember which characters are Rivals, Threats and Targets."),
]
SOUND_WORDS = "a theft, an unmasking or a wrong accusation"
PLACE_THEFT = {"corner": "a corner theft", "edge": "an edge theft", "centre": "a centre theft"}


def option_enabled(option, seats, options) -> bool:
    return seats == 1     # the only option is the solo challenge


def summary(view, names) -> str:
    if view["outcome"]:
        if view["mode"] == "solo":
            return (f"Solo: {money(view['players'][0]['money'])} against the Rivals' "
                    f"{money(view['solo']['spoils'])} — {view['outcome']['title']}.")
        winners = view["outcome"]["winners"]
        return f"{join_names([names[s] for s in winners])} won." if winners else "A draw."
    if view["mode"] == "solo":
        return f"Solo, round {view['round']} of 4 · {money(view['players'][0]['money'])}."
    richest = max(view["players"], key=lambda p: p["money"])
    return (f"Round {view['round']} · {names[view['turn']]}'s turn · "
            f"most: {names[richest['seat']]} {money(richest['money'])}.")


def headline(outcome, names) -> str:
    """The end panel's title (solo: the verdict and the title, there is no draw)."""
    if "title" in outcome:
        verdict = "You join the Guild!" if outcome["winners"] else "The Rivals out-stole you."
        return f"{verdict} {outcome['title']}."
    return widgets.outcome_words(outcome, names)


def reason(view, names) -> str:
    """Why the winner won, in one sentence spoken to the table."""
    outcome = view["outcome"]
    if outcome["reason"] == "solo":
        mine, theirs = money(view["players"][0]["money"]), money(view["solo"]["spoils"])
        if outcome["winners"]:
            return f"{names[0]} stole {mine} to the Rivals' {theirs}: into the Guild as a {outcome['title']}."
        return f"The Rivals stole {theirs} to {names[0]}'s {mine}: no place in the Guild, only the title {outcome['title']}."
    if outcome["reason"] == "eight":
        winner = outcome["winners"][0]
        who, total = names[winner], money(view["players"][winner]["money"])
        last = next((e for e in reversed(view["log"]) if e.get("by") == winner
                     and (e["type"] == "steal" or (e["type"] == "reveal" and e["right"]))), None)
        if last is None:
            return f"{who} reached {total}."
        if last["type"] == "steal":
            return f"{who} reached {total} with {PLACE_THEFT[last['place']]} from the {last['character']}."
        return f"{who} reached {total} by unmasking {names[last['player']]} as the {last['character']}."
    if outcome["reason"] == "last":
        return f"{names[outcome['winners'][0]]} is the last thief in the game: every other Cutpurse was unmasked."
    over = next(e for e in reversed(view["log"]) if e["type"] == "over")
    return describe(over, names)


def standings(view, names) -> list:
    """By money (the winners first); then Targets robbed and Cutpurses revealed.  Solo: the person
    and the Rivals, each with their haul, placed against each other (a lost game is place 2)."""
    winners = view["outcome"]["winners"] if view["outcome"] else []
    players = view["players"]
    if view["mode"] == "solo":
        mine, theirs = players[0]["money"], view["solo"]["spoils"]
        you = {"place": 1 if winners else 2, "name": names[0], "figures": {"Haul": money(mine)}}
        rivals = {"place": 2 if winners else 1, "name": "The Rivals", "figures": {"Haul": money(theirs)}}
        return [you, rivals] if winners else [rivals, you]
    key = {p["seat"]: (p["seat"] not in winners, -p["money"]) for p in players}
    order = sorted(key, key=key.get)
    rows = []
    for seat in order:
        player = players[seat]
        robbed = len(player["stolen"])
        figures = {"Money": money(player["money"]), "Robbed": f"{robbed} (out)" if player["out"] else robbed,
                   "Unmasked": len(player["claimed"])}
        rows.append({"place": 1 + sum(key[other] < key[seat] for other in order), "name": names[seat],
                     "figures": figures})
    return rows


def best_result(outcome, seat) -> tuple:
    """A seat's result for the table's memory: the money it stole (more is better), in the same
    words as everywhere else."""
    coins = outcome["scores"][str(seat)]
    return coins, money(round(coins * 2))


def cover_reason(view, seat, names) -> str:
    """Why the device goes to ``seat`` out of turn order: an unmasked thief picks a new Cutpurse."""
    if view["step"] == "replace" and view["victim"] == seat:
        who = names[seat]
        return f"{who}'s Cutpurse was unmasked: {who} picks a new one from their Targets, in secret."
    return ""


# -- the recap: one short line a turn ------------------------------------------------------------
def _turn_part(event, reader):
    """What one event adds to its turn's line (None: nothing worth a word)."""
    kind = event["type"]
    if kind == "chose":
        if event["why"] == "replace":
            return f"{reader.who(event['by'])} took a new Cutpurse"
        return "chose a Cutpurse" if event["why"] == "choose" else "used Constitution"
    if kind == "ability":
        return f"took {TRAIT_NAMES[event['trait']]}"
    if kind == "reroll":
        return "rerolled"
    if kind == "reset_sigil":
        return "reset the Sigil"
    if kind == "steal":
        return f"stole {money(event['paid'])} from the {event['character']}"
    if kind == "reveal":
        said = f"accused {reader.who(event['player'])} of the {event['character']}"
        if event["right"]:
            return f"{said}: right!"
        return f"{said}: wrong, {reader.whose(event['by'])} Cutpurse is the {event['cutpurse']}"
    if kind == "pass":
        return "passed"
    if kind == "display":
        return f"the {event['character']} joins the Display"
    if kind == "shadow":
        return f"{reader.whose(event['seat'])} Shadow takes over"
    if kind == "out":
        return f"{reader.who(event['seat'])} {'are' if event['seat'] == reader.viewer else 'is'} out"
    return None


RECAP_LONGEST = 110          # a recap line fits the news strip; longer, its moves are only counted


def moves_words(moved: list, named: bool) -> str:
    """A run of moves: the cards moved, by name ("moved the Warlock and the Paladin", each card once),
    or counted ("3 moves").

    >>> moves_words(["Warlock", "Paladin", "Warlock"], True), moves_words(["Monk"], False)
    ('moved the Warlock and the Paladin', '1 move')
    """
    if not named:
        return f"{len(moved)} {'move' if len(moved) == 1 else 'moves'}"
    return "moved " + join_names([f"the {card}" for card in dict.fromkeys(moved)])


def recap(events, names, seat) -> list:
    """One line a turn, in the order things happened: "Ben: moved the Monk and the Bard, stole $1.5
    from the Druid." (the moved cards named, so a move is seen as it lands; counted, "3 moves", where
    the names would make the line too long for the strip; a first turn's secret choice goes without
    saying); the end in the engine's words."""
    reader = Reader(names, seat)
    lines, thief, parts = [], None, []

    def close():
        if thief is not None and parts:
            for named in (True, False):
                said = [moves_words(part, named) if isinstance(part, list) else part for part in parts]
                line = f"{reader.Who(thief)}: {', '.join(said)}."
                if len(line) <= RECAP_LONGEST:
                    break
            lines.append(line)

    for event in events:
        kind = event["type"]
        if kind in ("turn", "over"):
            close()
            thief, parts = (event["seat"] if kind == "turn" else None), []
            if kind == "over":
                lines.append(describe(event, names, seat))
            continue
        if thief is None and isinstance(event.get("by"), int):
            thief = event["by"]
        if kind == "move":      # moves in a row go together, where they happened
            if parts and isinstance(parts[-1], list):
                parts[-1].append(event["character"])
            else:
                parts.append([event["character"]])
        elif not (kind == "chose" and event["why"] == "choose"):
            part = _turn_part(event, reader)
            if part is not None:
                parts.append(part)
    close()
    return lines


# -- motion: what the new events do on the board --------------------------------------------------
def char_key(character) -> str:
    return f"char-{character}"


def _side(position, other) -> str:
    """Where ``other`` lies seen from ``position`` (for a slide in from that side)."""
    rows, columns = other // COLUMNS - position // COLUMNS, other % COLUMNS - position % COLUMNS
    if abs(rows) + abs(columns) != 1:
        return ""
    return {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}[(rows, columns)]


def motion(events, view) -> dict:
    """Swapped cards slide in from where they stood, a robbed or unmasked character flips dark,
    coins pop into the thief's purse, a wrong accusation or wager shakes, dice tumble, a new card
    in your hand slides in; a new game slides the Square in."""
    marks = {}
    for event in events:
        kind = event["type"]
        if kind == "move":
            came = _side(event["to"], event["from"])
            if came:
                marks[char_key(event["character"])] = f"e-from-{came}"
                marks[char_key(event["other"])] = f"e-from-{_side(event['from'], event['to'])}"
            else:
                marks[char_key(event["character"])] = marks[char_key(event["other"])] = "tt-slide"
        elif kind in ("steal", "theft"):
            marks[char_key(event["character"])] = "tt-flip"
            marks["spoils" if event["by"] == "rivals" else f"money-{0 if event['by'] == 'you' else event['by']}"] = "e-coin"
        elif kind == "reveal":
            marks[char_key(event["character"])] = "tt-flip" if event["right"] else "tt-shake"
            if event["right"]:
                marks[f"money-{event['by']}"] = "e-coin"
            else:
                marks[f"known-{event['by']}"] = "tt-shake"
        elif kind == "wager_result":
            marks[char_key(event["character"])] = "tt-flip" if event["right"] else "tt-shake"
            if event["right"]:
                marks["money-0"] = "e-coin"
        elif kind == "competition":
            marks["spoils"] = "e-coin"
        elif kind in ("roll", "reroll"):
            marks["dice"] = "e-roll"
        elif kind == "display":
            marks[f"display-{event['character']}"] = "tt-slide"
    new = newest_card(view)
    if new and any(e["type"] == "scout" or (e["type"] == "chose" and e.get("drew")) for e in events):
        marks[f"card-{new}"] = "tt-slide"
    if not view["log"] or len(view["log"]) <= 1:
        marks["square"] = "tt-slide"
    return marks


def newest_card(view):
    """The card the seat on screen drew last (a scouted Target, or one drawn after an unmasking)."""
    drawn = [e.get("character") if e["type"] == "scout" else e.get("drew") for e in view["log"]
             if e["type"] in ("scout", "chose")]
    drawn = [card for card in drawn if isinstance(card, str)]
    return drawn[-1] if drawn else None


# -- the seat's own last turn, as it lands ----------------------------------------------------------
def last_turn(view, seat) -> list:
    """The events of ``seat``'s latest turn in the view's log (from its start to the next turn)."""
    log = view["log"]
    start = next((i for i in range(len(log) - 1, -1, -1)
                  if log[i]["type"] == "turn" and log[i]["seat"] == seat), 0)
    end = next((i for i in range(start + 1, len(log)) if log[i]["type"] == "turn"), len(log))
    return log[start:end]


def landing(view) -> dict:
    """What the seat's own last turn brought it (its own view): the money, a new Target."""
    seat, gained, new = view["seat"], 0, None
    for event in last_turn(view, seat):
        if event["type"] == "steal" and event["by"] == seat:
            gained += event["paid"]
        elif event["type"] == "reveal" and event["by"] == seat and event["right"]:
            gained += event["paid"] + REVEAL_FROM_GUILD
        elif event["type"] == "scout" and event.get("character"):
            new = event["character"]
    return {"gained": gained, "new": new}
