"""Master Thieves' hooks: the board's facts, the words for a score and a leader, the saved game's
line, the end (why the winner won, the standings, what the tally keeps), what a cover hides and why
the device goes to a seat, and the motion."""
from __future__ import annotations

from pycore.master_thieves import ROLE_NAMES, stones_count, stones_value

from ...markup import counted, join_names


BLURB = ("A cabinet of twelve drawers that turns and flips: choose a role in secret, then open a "
         "drawer and hope you remember where the gems fell.")

# What each bot level means at this table (the set-up says it beside the level's general words).
LEVEL_WORDS = {
    "novice": "it soon forgets what lay in the drawers, and loses track of a tier when it turns.",
    "sharp": "it remembers what it saw in the drawers lately.",
    "ruthless": "it remembers everything shown, guesses the others' roles and answers them.",
}
SEAT_WORD = "player"
DEFAULT_SEATS = 3
DEMO_SEATS = 4
OPTION_FIELDS = [("notebook", "Notebook",
                  "A page that lists what the public record puts in every drawer. Off: remembering is up to you.")]
SECRET_WORDS = "my role"
SOUND_WORDS = "stones spilling, the roles turning up, and each move"


def signed(score: int) -> str:
    """'4', '−3' (a real minus sign)."""
    return f"−{-score}" if score < 0 else str(score)


def points(score: int) -> str:
    """'1 point', '−3 points'."""
    return f"{signed(score)} point{'' if abs(score) == 1 else 's'}"


def best_result(outcome, seat) -> tuple:
    """A seat's result for the table's memory: its points (more is better)."""
    score = outcome["scores"][str(seat)]
    return score, points(score)


def who_role(name: str, role: str) -> str:
    """'Ann, the Thief'."""
    return f"{name}, the {ROLE_NAMES[role]}"


def leaders(view, names) -> str:
    """'Ann leads on 4 points', 'Ann and Ben lead on 4 points', 'all on −12 points' (scores below
    nothing happen: "on" reads right for them too, as "with" did not)."""
    scores = [player["score"] for player in view["players"]]
    best = max(scores)
    top = [names[seat] for seat in range(view["seats"]) if scores[seat] == best]
    if len(top) == len(scores):
        return f"all on {points(best)}"
    return f"{join_names(top)} {'leads' if len(top) == 1 else 'lead'} on {points(best)}"


def summary(view, names) -> str:
    """One line for the list of saved games."""
    outcome = view["outcome"]
    if outcome:
        winners = outcome["winners"]
        if not winners:
            return "A draw: the game reached its far guard."
        best = points(view["players"][winners[0]]["score"])
        who = join_names([names[seat] for seat in winners])
        return f"{who} won with {best}." if len(winners) == 1 else f"{who} shared the win with {best} each."
    if view["phase"] == "setup":
        return f"Setting up: {counted(view['to_hide'], 'diamond')} still to hide."
    return f"Round {view['round']} · {leaders(view, names)}."


def reason(view, names) -> str:
    """The end in one sentence: whose white cushion emptied, and why the winner won (the scores);
    or why it is a draw."""
    outcome = view["outcome"]
    players = view["players"]
    scores = [player["score"] for player in players]
    winners = outcome["winners"]
    if not winners:
        return (f"Nobody had emptied a white cushion when the game reached its far guard in round "
                f"{view['round']}: a draw.")
    emptied = [names[seat] for seat in range(view["seats"]) if not stones_count(players[seat]["white"])]
    if len(emptied) == 1:
        why = f"{emptied[0]}'s white cushion was empty at the end of round {view['round']}"
    else:
        why = f"the white cushions of {join_names(emptied)} were empty at the end of round {view['round']}"
    others = [seat for seat in sorted(range(view["seats"]), key=lambda seat: -scores[seat]) if seat not in winners]
    rest = ", ".join(f"{names[seat]} {signed(scores[seat])}" for seat in others)
    best = points(scores[winners[0]])
    if len(winners) == 1:
        won = f"{names[winners[0]]} won with {best}"
    else:
        won = f"{join_names([names[seat] for seat in winners])} share the win with {best} each"
    return f"{why[0].upper()}{why[1:]}; {won}" + (f" ({rest})." if rest else ".")


def shows_secrets(view, public_view) -> bool:
    """Only the role choice is secret: a seat has a role to choose or holds one not yet revealed.
    (A seat's log keeps its "chose" entry after the reveal: no longer a secret.)"""
    return view["seat"] is not None and view["phase"] == "choose"


def cover_reason(view, seat, names) -> str:
    who = names[seat]
    if view["phase"] == "setup":
        return f"{who} hides a diamond in the cabinet."
    if view["phase"] == "choose":
        return f"Round {view['round']}: {who} chooses a role in secret."
    if view["phase"] == "act" and view["actor"] == seat:
        return f"{who} plays the {ROLE_NAMES[view['roles'][seat]]}."
    return ""


def standings(view, names) -> list:
    players = view["players"]
    order = sorted(range(view["seats"]), key=lambda seat: -players[seat]["score"])
    return [{"place": 1 + sum(players[other]["score"] > players[seat]["score"] for other in order),
             "name": names[seat],
             # The score is the black cushion less the white: both as the points they count (a
             # count of fakes left read as if the score subtracted it, issue 36).
             "figures": {"Score": players[seat]["score"], "Black cushion": stones_value(players[seat]["black"]),
                         "White cushion": signed(-stones_value(players[seat]["white"]))}}
            for seat in order]


def motion(events, view) -> dict:
    """What the new events do on the board: a drawer slides out onto the table and its stones fly
    to their cushion (spills fall; an alarm token's owner lights up), fakes and a token drop in, a
    turned tier spins, a flipped cabinet turns over, revealed roles turn up, cushions that get
    stones slide.  A spill that ends the turn shakes the drawer (the shell's "miss")."""
    marks = {}
    for index, event in enumerate(events):
        kind = event["type"]
        place = f"mt-drawer-{event.get('tier')}-{event.get('side')}"
        if kind == "turn":
            # A flip after it (the set-up's turns, then its flip) moved that tier to the other end,
            # and its drawers now run the other way round.
            flipped = sum(later["type"] == "flip" for later in events[index + 1:]) % 2
            tier, quarters = (2 - event["tier"], 4 - event["quarters"]) if flipped else (event["tier"], event["quarters"])
            marks[f"mt-tier-{tier}"] = f"mt-spin-{quarters}"
        elif kind == "flip":
            marks["mt-cabinet"] = "mt-flip"
        elif kind == "reveal":
            marks.update({f"mt-role-{seat}": "tt-flip" for seat in range(len(event["roles"]))})
        elif kind == "open":
            fell = stones_count(event["spilled"]) or stones_count(event["alarm_took"])
            marks["mt-pull"] = "mt-pull"
            if fell:
                marks["mt-fall"] = "mt-fall"
            if fell and event["role"] != "connoisseur":
                marks[place] = "tt-shake"
            if event["alarm"] is not None:
                marks[f"mt-player-{event['alarm']}"] = "mt-lit"
            if stones_count(event["spilled"]):
                marks["mt-red"] = "mt-glow"
        elif kind == "hide":
            marks[place] = "mt-drop-in"
        elif kind in ("take", "smuggle") and stones_count(event["stones"]):
            marks["mt-fly"] = "mt-fly"
            marks["mt-red" if kind == "smuggle" else f"mt-player-{event['by']}"] = "mt-glow"
        elif kind == "share":
            marks.update({f"mt-player-{seat}": "mt-glow" for seat in event["to"]})
    newest_fakes = 0
    for event in reversed(events):
        if event["type"] == "open":
            break
        newest_fakes += event["type"] == "place_fake"
        if event["type"] == "alarm":
            marks["mt-token-set"] = "mt-drop"
    marks.update({f"mt-fake-{index}": "mt-drop" for index in range(newest_fakes)})
    return marks
