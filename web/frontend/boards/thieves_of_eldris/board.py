"""Thieves of Eldris' board: Skulduggery Square, the Slip Dice, the thieves at the table (or, solo,
the Foes' Stack), your own secret cards docked in the hand, and the choice of the moment.

``draw(scene)`` returns the play layout's regions (frontend.widgets.Regions), drawn from one
seat's view (or the public view between people), each by its own module: the table's top
(seats.py), the dice (dice.py), the Square (square.py), the hand (hand.py) and the sheet
(sheet.py), from what the moment lets the screen show (look.py).  Every button that plays carries
its action; the taps change only the draft (draft.py): the dice revealed after the engine's roll,
the card picked in the Square (then where it goes), the dice picked for a reroll, the card next to
your Cutpurse in focus in the Nick Phase (then whom to accuse).  The recap and the motion are in
news.py, the rule words in rules.py.  Watched back (moment "replay", from the engine's
``view_all``) it is the board played on with every card turned up: each thief's cards beside their
name (solo: the Cutpurse and the concealed Threats by name), the top of the deck; nothing to tap.
This module draws the regions and says the end and the bar's words.
"""
from __future__ import annotations

from pycore.thieves_of_eldris import describe, money

from ... import widgets
from ...markup import esc, join_names
from ...widgets import matching
from .dice import dice_row
from .draft import tidy
from .hand import hand
from .look import Look
from .rules import STEP_PROMPTS
from .seats import display_panel, foes_panel, seats_panel
from .sheet import sheet
from .square import square

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


# -- the regions --------------------------------------------------------------------------------
def draw(scene) -> widgets.Regions:
    view = scene.view
    tidy(scene.draft, scene.legal, view)
    look = Look(scene)
    top = foes_panel(look) if view["mode"] == "solo" else seats_panel(look)
    board = (f'<div class="eldris" data-mode="{view["mode"]}" data-moment="{esc(look.moment)}">'
             f'<div class="e-top">{top}{display_panel(view)}</div>'
             f'{dice_row(look)}<div class="e-square-box">{square(look)}</div></div>')
    return widgets.Regions(board=board, hand=hand(look), sheet=sheet(look), prompt=prompt(look),
                           status=status(look))


def status(look) -> str:
    """The bar: the round and whose turn (nothing of a turn not yet handed over)."""
    view, names = look.view, look.scene.names
    if look.over:
        return ""
    if view["mode"] == "solo":
        return f"Round {view['round']} of 4"
    if look.quiet_next:
        return ""
    if view["step"] == "replace":
        return f"Round {view['round']} · {names[view['victim']]} picks a new Cutpurse"
    return f"Round {view['round']} · {look.scene.whose_turn(view['turn'])}"


def prompt(look) -> str:
    """One line: what to do now (or what is happening)."""
    view, scene, names = look.view, look.scene, look.scene.names
    if look.over or look.moment == "landing":     # the shell's sheet speaks then
        return ""
    if not look.acting:
        if look.quiet_next:
            return ""
        acting = view["to_act"][0] if view["to_act"] else view["turn"]
        if acting in scene.bots:
            return f"{names[acting]} is thinking…"
        if view["step"] == "replace":
            return f"{names[acting]} is choosing a new Cutpurse."
        return f"{names[acting]}'s turn."
    step, draft = view["step"], scene.draft
    if step == "choose":
        return {"small": "Pick your Cutpurse; the other two are Targets",
                "large": "Pick your Cutpurse; the other is your Shadow",
                "solo": "Pick your Cutpurse from the Display"}[view["mode"]]
    if step == "slip":
        if look.unrolled:
            return "Your turn: roll the dice"
        if draft["reroll"]:
            return "Tap the dice to reroll"
        if draft["pick"] is not None:
            return f"Tap where the {view['square'][draft['pick']]['character']} goes, or another ringed card"
        left = sum(not die["spent"] for die in view["dice"])
        return f"Move a ringed card: {left} {'die' if left == 1 else 'dice'} left"
    if step == "dexterity" and view["dexterity"] is not None:
        return f"Dexterity: one more step for the {view['square'][view['dexterity']]['character']}, or stop"
    if step in ("dexterity", "wisdom") and draft["pick"] is not None:
        return f"Tap where the {view['square'][draft['pick']]['character']} goes"
    if step == "nick":
        if draft["focus"] is not None:
            return f"The {draft['focus']}: steal, or name the thief behind it"
        return "Steal, or tap a card ringed in gold (beside your Cutpurse) to accuse its thief"
    if step == "wager":
        if matching(scene.legal, type="wager"):
            return "Wager $1 on a ringed Threat, or reveal the Foes"
        return "Reveal the Foes: Rivals rob first, then you"
    return STEP_PROMPTS[step]
