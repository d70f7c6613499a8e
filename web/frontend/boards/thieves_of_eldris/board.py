"""Thieves of Eldris' board: Skulduggery Square, the Slip Dice, the thieves at the table (or, solo,
the Foes' Stack), your own secret cards docked in the hand, and the choice of the moment.

``draw(scene)`` returns the play layout's regions (frontend.widgets.Regions), drawn from one
seat's view (or the public view between people).  Every button that plays carries its action;
the taps here change only the draft: the dice revealed after the engine's roll, the card picked
in the Square (then where it goes), the dice picked for a reroll, the card next to your Cutpurse
in focus in the Nick Phase (then whom to accuse).  Watched back (moment "replay", from the engine's
``view_all``) it is the board played on with every card turned up: each thief's cards beside their
name (solo: the Cutpurse and the concealed Threats by name), the top of the deck; nothing to tap.
"""
from __future__ import annotations

from pycore.thieves_of_eldris import (COLUMNS, PAYOUT, ROWS, TRAIT_NAMES, describe,
                                      money, place_name)
from pycore.thieves_of_eldris import REVEAL_FROM_GUILD

from ... import widgets
from ...markup import Reader, attrs, button, esc, join_names
from ...widgets import act_button, matching
from .pictures import (ROLE_PICTURES, SEAT_COLOURS, TRAIT_LOOKS, card_backs, coin, hidden_die, role_icon,
                       trait_icon, trait_tag)
from .rules import STEP_PROMPTS

BLURB = ("Slip characters around Skulduggery Square, rob your Targets next to your hidden "
         "Cutpurse and unmask the others' — first to $8. Or alone: four rounds against Rivals.")
SEAT_WORD = "player"
DEFAULT_SEATS = 3
DEMO_SEATS = 4
OPTION_FIELDS = [
    ("without_tokens", "Without tokens (solo)",
     "The solo challenge: no tokens on the Square. Remember which characters are Rivals, Threats and Targets."),
]
SOUND_WORDS = "a theft, an unmasking or a wrong accusation"

TOKEN_WORDS = {"target": ("T", "Target"), "cutpurse": ("C", "your Cutpurse"), "rival": ("R", "Rival"),
               "threat": ("?", "Threat"), "wager": ("$", "your wager")}

# Where a long name goes onto a second line on a narrow tile (no hyphen is drawn).
NAME_BREAKS = {"Barbarian": "Barbar|ian", "Gladiator": "Gladia|tor", "Assassin": "Assas|sin",
               "Acrobat": "Acro|bat", "Warlock": "War|lock", "Paladin": "Pala|din",
               "Blacksmith": "Black|smith", "Shieldmaiden": "Shield|maiden", "Lightpriest": "Light|priest",
               "Beastmaster": "Beast|master", "Alchemist": "Alche|mist", "Necromancer": "Necro|mancer",
               "Artificer": "Artifi|cer", "Merchant": "Mer|chant", "Fighter": "Fight|er"}
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
    """By money (the winners first); then Targets robbed and Cutpurses revealed."""
    winners = view["outcome"]["winners"] if view["outcome"] else []
    players = view["players"]
    key = {p["seat"]: (p["seat"] not in winners, -p["money"]) for p in players}
    order = sorted(key, key=key.get)
    rows = []
    for seat in order:
        player = players[seat]
        if view["mode"] == "solo":
            figures = {"Haul": money(player["money"]), "Rivals": money(view["solo"]["spoils"])}
        else:
            robbed = len(player["stolen"])
            figures = {"Money": money(player["money"]), "Robbed": f"{robbed} (out)" if player["out"] else robbed,
                       "Unmasked": len(player["claimed"])}
        rows.append({"place": 1 + sum(key[other] < key[seat] for other in order), "name": names[seat],
                     "figures": figures})
    return rows


def best_result(outcome, seat) -> tuple:
    """A seat's result for the table's memory: the money it stole (more is better)."""
    coins = outcome["scores"][str(seat)]
    return coins, f"${coins}"


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


def recap(events, names, seat) -> list:
    """One line a turn, in the order things happened: "Ben: 3 moves, stole $1.5 from the Druid."
    (a first turn's secret choice goes without saying); the end in the engine's words."""
    reader = Reader(names, seat)
    lines, thief, parts = [], None, []

    def close():
        if thief is not None and parts:
            said = [f"{part} moves" if isinstance(part, int) and part > 1 else "1 move" if isinstance(part, int)
                    else part for part in parts]
            lines.append(f"{reader.Who(thief)}: {', '.join(said)}.")

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
        if kind == "move":      # moves in a row are counted, where they happened
            if parts and isinstance(parts[-1], int):
                parts[-1] += 1
            else:
                parts.append(1)
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


# -- the draft and the taps that change it -------------------------------------------------------
def new_draft() -> dict:
    # rolled: the roll (its place in the log) this screen has shown; rolling: animate it once.
    return {"pick": None, "reroll": [], "focus": None, "rolled": None, "rolling": False}


def roll_mark(view):
    """The roll that starts the turn of the seat on screen while nothing has followed it (its
    place in the seat's log), else None."""
    log = view["log"]
    if view["step"] == "slip" and log and log[-1]["type"] == "roll" and log[-1]["by"] == view["seat"]:
        return len(log)
    return None


def tap(draft, command, data, view):
    if command == "roll":
        draft.update(rolled=roll_mark(view), rolling=True)
    elif command == "pick":
        draft.update(pick=int(data["position"]), reroll=[])
    elif command == "unpick":
        draft["pick"] = None
    elif command == "reroll-die":
        die = int(data["die"])
        chosen = set(draft["reroll"]) ^ {die}
        draft.update(reroll=sorted(chosen), pick=None)
    elif command == "focus":
        draft["focus"] = data["character"]
    elif command == "unfocus":
        draft["focus"] = None


def pairs(legal) -> dict:
    """position -> {other position: the action} for the moves made by tapping two cards."""
    found = {}
    for action in legal:
        if action["type"] in ("move", "shift"):
            found.setdefault(action["from"], {})[action["to"]] = action
        elif action["type"] == "exchange":
            found.setdefault(action["a"], {})[action["b"]] = action
            found.setdefault(action["b"], {})[action["a"]] = action
    return found


def nick_choices(legal) -> dict:
    """character -> the steal and reveal actions about it (the cards in focus in the Nick Phase)."""
    found = {}
    for action in legal:
        if action["type"] in ("steal", "reveal"):
            found.setdefault(action["character"], []).append(action)
    return found


def hint_draft(draft, action, view) -> dict:
    """The draft that puts a hinted action's button on screen: the roll shown (the engine rolled
    it already), a move's first card picked, the dice to roll again chosen, the card to accuse
    from in focus.  Every other choice is on screen from the start."""
    draft.update(rolled=roll_mark(view), pick=None, reroll=[], focus=None)
    kind = action["type"]
    if kind in ("move", "shift"):
        draft["pick"] = action["from"]
    elif kind == "exchange":
        draft["pick"] = action["a"]
    elif kind == "reroll":
        draft["reroll"] = sorted(action["dice"])
    elif kind == "reveal":
        draft["focus"] = action["character"]
    return draft


def tidy(draft, legal, view):
    """Forget a choice the game has moved past; the second Dexterity step keeps its card picked."""
    moves = pairs(legal)
    if view["step"] == "dexterity" and view["dexterity"] is not None:
        draft["pick"] = view["dexterity"]
    if draft["pick"] is not None and draft["pick"] not in moves:
        draft["pick"] = None
    if draft["reroll"] and not matching(legal, type="reroll"):
        draft["reroll"] = []
    if draft["focus"] is not None and draft["focus"] not in nick_choices(legal):
        draft["focus"] = None


# -- what this screen may show -----------------------------------------------------------------------
class Look:
    """The moment's rules for the drawing: whose things show, what is hidden until a tap."""

    def __init__(self, scene):
        view, moment = scene.view, scene.moment
        self.scene, self.view, self.moment = scene, view, moment
        self.viewer = view["seat"]
        self.over = moment == "over" or bool(view["outcome"])
        turn = view["turn"]
        # Nothing of the next turn shows between people: landing, handover, or a person's turn
        # that has not reached its person yet (the previous person still looks at their move).
        waiting_person = (moment == "wait" and turn is not None and turn != self.viewer
                          and turn not in scene.bots and view["step"] != "replace")
        self.quiet_next = moment in ("landing", "handover") or waiting_person
        self.acting = moment == "turn" and bool(scene.legal)
        mark = roll_mark(view) if self.acting else None
        self.unrolled = mark is not None and scene.draft["rolled"] != mark
        self.rolling = bool(scene.draft.get("rolling")) and not self.unrolled
        scene.draft["rolling"] = False          # the roll animates once, right after the tap
        self.mine = my_cards(view) if moment in ("turn", "wait", "landing") else {}


def my_cards(view) -> dict:
    """character -> what it is to the seat on screen ("cutpurse", "target", "shadow")."""
    if view["seat"] is None:
        return {}
    mine = {c: "target" for c in view.get("targets") or []}
    if view.get("shadow"):
        mine[view["shadow"]] = "shadow"
    if view.get("cutpurse"):
        mine[view["cutpurse"]] = "cutpurse"
    return mine


def position_of(view, character):
    return next((e["position"] for e in view["square"] if e["character"] == character), None)


def trait_of(view, character) -> str:
    return next(e["trait"] for e in view["square"] if e["character"] == character)


def reach(position, diagonal: bool) -> set:
    """The places next to ``position``: above, below, left, right (and the diagonals)."""
    row, column = divmod(position, COLUMNS)
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)] + ([(-1, -1), (-1, 1), (1, -1), (1, 1)] if diagonal else [])
    return {(row + dr) * COLUMNS + column + dc for dr, dc in steps
            if 0 <= row + dr < ROWS and 0 <= column + dc < COLUMNS}


def chip(view, character, key: str = "") -> str:
    trait = trait_of(view, character)
    return (f'<span{attrs(class_=f"chip {trait}", data_motion=key or None)}>{trait_icon(trait)} '
            f'{esc(character)}</span>')


def seat_dot(seat) -> str:
    return f'<span class="dot" style="--seat: {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}" aria-hidden="true"></span>'


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
    return f"Round {view['round']} · {names[view['turn']]}'s turn"


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
            return "Tap the dice to roll again, then roll them"
        if draft["pick"] is not None:
            return f"Tap where the {view['square'][draft['pick']]['character']} goes"
        left = sum(not die["spent"] for die in view["dice"])
        return f"Move a ringed card: {left} {'die' if left == 1 else 'dice'} left"
    if step == "dexterity" and view["dexterity"] is not None:
        return f"Dexterity: one more step for the {view['square'][view['dexterity']]['character']}, or stop"
    if step in ("dexterity", "wisdom") and draft["pick"] is not None:
        return f"Tap where the {view['square'][draft['pick']]['character']} goes"
    if step == "nick":
        if draft["focus"] is not None:
            return f"The {draft['focus']}: steal, or name the thief behind it"
        return "Steal, or tap a ring to accuse"
    if step == "wager":
        if matching(scene.legal, type="wager"):
            return "Wager $1 on a ringed Threat, or reveal the Foes"
        return "Reveal the Foes: Rivals rob first, then you"
    return STEP_PROMPTS[step]


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


# -- the table: the thieves (or the Foes), the Display, the dice -----------------------------------
def seats_panel(look) -> str:
    """Every thief at the table on one compact line each: name, purse, face-down cards, a Cutpurse
    everyone knows, what they robbed and unmasked (at the end: every card turned up)."""
    view, scene = look.view, look.scene
    hands = view.get("hands")      # every player's cards: the final view (or a watched-back game's)
    rows = []
    for player in view["players"]:
        seat = player["seat"]
        classes = ["e-seat"]
        if seat == view["turn"] and not look.quiet_next and not look.over:
            classes.append("turn")
        if player["out"]:
            classes.append("out")
        if look.over and seat in view["outcome"]["winners"]:
            classes.append("winner")
        facts = [f'{seat_dot(seat)}<strong class="name">{esc(scene.names[seat])}</strong>',
                 f'<span class="money" data-motion="money-{seat}">{money(player["money"])}</span>']
        if seat in scene.bots:
            facts.append('<span class="tag">bot</span>')
        if player["out"]:
            facts.append('<span class="tag warn">out</span>')
        if hands is not None:
            facts.append(revealed_cards(view, hands[seat]))
        elif player["cards"]:
            facts.append(f'<span class="backs" role="img" aria-label="{player["cards"]} cards face down">'
                         f'{card_backs(player["cards"])}</span>')
        if player["known_cutpurse"] and hands is None:
            facts.append(f'<span class="known" data-motion="known-{seat}" aria-label="Cutpurse known to all">'
                         f'{role_icon("cutpurse", 14)}{chip(view, player["known_cutpurse"])}</span>')
        for cards, icon, word in ((player["stolen"], coin(14), "robbed"), (player["claimed"], role_icon("cutpurse", 14), "unmasked")):
            if cards:
                facts.append(f'<span class="won" role="img" aria-label="{word} {len(cards)}: {esc(join_names(cards))}">'
                             f'{icon}{len(cards)}</span>')
        rows.append(f'<li class="{" ".join(classes)}" data-motion="player-{seat}" data-seat-cards="{seat}">'
                    f'{"".join(facts)}</li>')
    return f'<ul class="e-seats" data-testid="players">{"".join(rows)}</ul>'


def revealed_cards(view, hand) -> str:
    """A player's cards turned up (at the end, or watched back), each with what it is to them:
    the Cutpurse, Shadow and Targets by their pictures, cards still to sort and a peek in words."""
    parts = []
    held = (("cutpurse", [hand["cutpurse"]]), ("shadow", [hand["shadow"]]), ("target", hand["targets"]),
            ("dealt", hand["dealt"]), ("peek", [hand["peek"]]))
    for role, cards in held:
        mark = role_icon(role, 14) if role in ROLE_PICTURES else f'<span class="muted">{ROLE_CAPTIONS[role]}</span>'
        parts += [f'<span class="up" data-role="{role}">{mark}{chip(view, card)}</span>' for card in cards if card]
    return "".join(parts) or '<span class="muted">no cards</span>'


def foes_panel(look) -> str:
    """Solo: the two purses, the known Rivals (named; with tokens on the Square only counted) and
    the Threats' traits."""
    view = look.view
    solo = view["solo"]
    if solo["tokens"] and solo["rivals"]:
        rivals = (f'<span class="token rival" aria-hidden="true">R</span>'
                  f'<span aria-label="{esc(join_names(solo["rivals"]))}">× {len(solo["rivals"])}</span>')
    else:
        rivals = "".join(chip(view, c) for c in solo["rivals"]) or '<span class="muted">none yet</span>'
    hands = view.get("hands")      # turned up: the Cutpurse and the concealed Threats by name
    if hands:
        threats = "".join(chip(view, c) for c in solo["threat_cards"])
    else:
        threats = "".join(trait_tag(t) for t in solo["threats"])
    cutpurse = (f'<span class="muted">Cutpurse</span><span class="up" data-role="cutpurse">{role_icon("cutpurse", 14)}'
                f'{chip(view, hands[0]["cutpurse"])}</span>' if hands and hands[0]["cutpurse"] else "")
    won = (f'<p class="e-facts"><span class="muted">Won by wagers</span>{"".join(chip(view, c) for c in solo["won"])}</p>'
           if solo["won"] else "")
    title = f'<span class="tag turn">{esc(view["outcome"]["title"])}</span>' if look.over and view["outcome"] else ""
    return (f'<section class="e-foes" data-testid="foes">'
            f'<p class="e-score"><span>You {coin()} <strong data-motion="money-0">{money(view["players"][0]["money"])}</strong></span>'
            f'<span>Rivals <strong data-motion="spoils">{money(solo["spoils"])}</strong></span>{title}</p>'
            f'<p class="e-facts"><span class="muted">Rivals</span>{rivals}'
            + (f'<span class="muted">Threats</span>{threats}' if threats else "")
            + f'{cutpurse}</p>{won}</section>')


def display_panel(view) -> str:
    """The Display of Targets (5-6 players, solo) and the deck; turned up, the deck's top card."""
    top = view.get("deck_cards")
    deck = (f'<span class="muted deck">deck {view["deck"]}' + (', next' if top else '') + '</span>'
            + (chip(view, top[0]) if top else ""))
    if view["mode"] == "small":
        return f'<p class="e-display e-facts" data-testid="deck">{deck}</p>' if top else ""
    cards = "".join(chip(view, c, f"display-{c}") for c in view["display"]) or '<span class="muted">empty</span>'
    return f'<p class="e-display e-facts" data-testid="display"><span class="muted">Targets</span>{cards}{deck}</p>'



def dice_row(look) -> str:
    view, scene = look.view, look.scene
    if look.over or not view["dice"]:
        return ""
    if look.quiet_next:
        return '<div class="e-dice waiting" data-testid="dice"><span class="muted">the dice wait for the next thief</span></div>'
    if look.unrolled:
        faces = "".join(button(hidden_die(), "roll", "die unrolled", aria_label=f"die {i + 1}: roll",
                               data_pick=True)
                        for i in range(len(view["dice"])))
        return f'<div class="e-dice" data-testid="dice" data-motion="dice-unrolled" data-subject>{faces}</div>'
    chosen = set(scene.draft["reroll"])
    rerolling = look.acting and bool(matching(scene.legal, type="reroll"))
    spend = None
    picked = scene.draft["pick"]
    if view["step"] == "slip" and picked is not None:
        trait = view["square"][picked]["trait"]
        spend = next((i for i, die in enumerate(view["dice"]) if die["trait"] == trait and not die["spent"]), None)
    faces = []
    for index, die in enumerate(view["dice"]):
        trait = die["trait"]
        label = f"die {index + 1}: {TRAIT_NAMES[trait]}{', spent' if die['spent'] else ''}"
        inner = f'{trait_icon(trait, 22)}<span class="abbr">{TRAIT_LOOKS[trait][2]}</span>'
        cls = (f"die {trait}" + (" spent" if die["spent"] else "") + (" on" if index in chosen else "")
               + (" spends" if index == spend else "") + (" e-roll" if look.rolling else ""))
        if rerolling:
            faces.append(button(inner, "reroll-die", cls, die=index, pick=True,
                                aria_label=f"{label}: {'keep' if index in chosen else 'roll again'}?"))
        else:
            faces.append(f'<span{attrs(class_=cls, role="img", aria_label=label, data_die=index)}>{inner}</span>')
    sigil = view["players"][view["turn"]]["sigil"]
    extra = ([f'<span class="sigil {"on" if sigil else "off"}">Sigil {"ready" if sigil else "used"}</span>']
             if view["step"] == "slip" else [])
    if view["doubles"]:
        extra.append(f'<span class="tag turn">{"Triples" if len(view["doubles"]) == 6 else "Doubles"}</span>')
    if view["strength"]:
        extra.append('<span class="tag">Strength: diagonals count</span>')
    subject = " data-subject" if look.acting and view["step"] == "slip" else ""
    return (f'<div class="e-dice" data-testid="dice" data-motion="dice"{subject}>{"".join(faces)}'
            f'<span class="e-dice-notes">{"".join(extra)}</span></div>')


# -- Skulduggery Square ----------------------------------------------------------------------------
def tile_name(character: str) -> str:
    return "<wbr>".join(esc(part) for part in NAME_BREAKS.get(character, character).split("|"))


def secret_words(character, role) -> str:
    """How the screen names one of the seat's own cards ("Knight (your Cutpurse)"): in a tile's or
    a card's label, only on that seat's screen."""
    return f"{character} ({ROLE_WORDS[role]})"


def tile_words(entry, role) -> str:
    words = [secret_words(entry["character"], role) if role else entry["character"],
             TRAIT_NAMES[entry["trait"]], place_name(entry["position"])]
    if not entry["occupied"]:
        words.append("left the Square")
    words += [TOKEN_WORDS[token][1] for token in entry["tokens"]]
    return ", ".join(words)


class Marks:
    """What the Square marks for the choice of the moment: the cards each die can move, the card
    picked and where it can go, the Cutpurse's reach, the cards to choose from."""

    def __init__(self, look):
        view, scene = look.view, look.scene
        self.moves = pairs(scene.legal) if look.acting and not look.unrolled else {}
        self.picked = scene.draft["pick"]
        self.movers = {}
        if look.acting and view["step"] == "slip" and not look.unrolled and not scene.draft["reroll"]:
            for position in self.moves:
                trait = view["square"][position]["trait"]
                self.movers[position] = [i for i, die in enumerate(view["dice"])
                                         if die["trait"] == trait and not die["spent"]]
        self.nick = nick_choices(scene.legal) if look.acting else {}
        self.focus = scene.draft["focus"]
        self.reach, self.home = set(), None
        step = view["step"]
        cutpurse = view.get("cutpurse")
        if look.acting and step in ("nick", "wager") and cutpurse:
            self.home = position_of(view, cutpurse)
            self.reach = reach(self.home, view["strength"])
        self.wagers = {a["character"] for a in matching(scene.legal, type="wager")}
        self.pool = set()
        if look.acting and step in ("choose", "constitution", "replace", "intelligence"):
            self.pool = {a["character"] for a in scene.legal if a["type"] in ("choose_cutpurse", "return_target")}


def square(look) -> str:
    view, marks = look.view, Marks(look)
    owners = cutpurse_owners(look)
    tiles = []
    for entry in view["square"]:
        tiles.append(square_tile(look, marks, entry, owners.get(entry["character"])))
    choosing = " choosing" if marks.moves or marks.nick or marks.pool or marks.wagers else ""
    return (f'<div class="e-square{choosing}" data-testid="square" data-motion="square" data-arrows role="group" '
            f'aria-label="Skulduggery Square, 6 by 4">{"".join(tiles)}</div>')


def cutpurse_owners(look) -> dict:
    """character -> the seat whose Cutpurse it is, where everyone may see it: at the end, and a
    Cutpurse shown by a wrong accusation."""
    view = look.view
    owners = {p["known_cutpurse"]: p["seat"] for p in view["players"] if p["known_cutpurse"]}
    if view.get("hands"):
        owners.update({hand["cutpurse"]: seat for seat, hand in enumerate(view["hands"]) if hand.get("cutpurse")})
    return owners


def tile_choice(marks, entry):
    """What tapping this card does now: (classes, action, tap, words for a screen reader)."""
    position, character = entry["position"], entry["character"]
    if marks.picked is not None and position in marks.moves.get(marks.picked, {}):
        return ["spot"], marks.moves[marks.picked][position], None, "swap here"
    if marks.picked == position:
        return ["picked"], None, ("unpick", {}), "picked, tap to put back"
    if marks.picked is None and position in marks.moves:
        return ["movable"] if position in marks.movers else [], None, ("pick", {"position": position}), "tap to move"
    if character in marks.nick:
        if marks.focus == character:
            return ["focus"], None, ("unfocus", {}), "in focus, tap to choose another"
        return [], None, ("focus", {"character": character}), "steal or accuse"
    return [], None, None, ""


def square_tile(look, marks, entry, owner) -> str:
    view, names = look.view, look.scene.names
    position, character, trait = entry["position"], entry["character"], entry["trait"]
    role = look.mine.get(character)
    classes = ["tile", trait] + ([] if entry["occupied"] else ["gone"]) + ([f"mine {role}"] if role else [])
    label = tile_words(entry, role)
    badges = "".join(f'<span class="token {t}" aria-hidden="true">{TOKEN_WORDS[t][0]}</span>' for t in entry["tokens"])
    if owner is not None:
        label += f", {names[owner]}'s Cutpurse"
        if owner != view["seat"]:
            badges += (f'<span class="owner" style="--seat: {SEAT_COLOURS[owner % len(SEAT_COLOURS)]}" '
                       f'aria-hidden="true">{esc(names[owner][:1])}</span>')
    chosen, action, tap, words = tile_choice(marks, entry)
    classes += chosen
    extra = {"data_motion": char_key(character), "data_spot": position}
    if "movable" in chosen:
        extra["data_movers"] = " ".join(str(die) for die in marks.movers[position])
    if marks.picked is None and position in marks.moves:
        extra["aria_pressed"] = "false"
    elif "picked" in chosen:
        extra["aria_pressed"] = "true"
    if character in marks.pool:
        classes.append("pool")
    if marks.home == position:
        classes.append("home")
    elif position in marks.reach and entry["occupied"]:
        classes.append("reach")
    if character in marks.wagers:
        classes.append("wagerable")
    if set(classes) & {"spot", "picked", "pool", "home", "reach", "focus"}:
        extra["data_subject"] = True
    if any(a["type"] == "steal" for a in marks.nick.get(character, [])):
        words += f", a theft pays {money(PAYOUT[entry['place']])}"
        badges += coin(16)
    own = f'<span class="t-own">{role_icon(role, 15)}</span>' if role else ""
    inner = (f'<span class="t-head" aria-hidden="true">{trait_icon(trait)}<span class="abbr">{TRAIT_LOOKS[trait][2]}</span>{own}</span>'
             f'<span class="t-name">{tile_name(character)}</span><span class="t-marks" aria-hidden="true">{badges}</span>')
    return widgets.tile(inner, " ".join(classes), f"{label}: {words}" if words else label,
                        action=action, tap=tap, **extra)


# -- the hand: the seat's own cards --------------------------------------------------------------------
ROLE_CAPTIONS = {"cutpurse": "Cutpurse", "target": "Target", "shadow": "Shadow", "dealt": "dealt",
                 "peek": "top of deck"}
ROLE_WORDS = {"cutpurse": "your Cutpurse", "target": "your Target", "shadow": "your Shadow",
              "dealt": "dealt to you", "peek": "your peek at the top of the deck"}


def own_card(view, character, role, note="", subject=False) -> str:
    trait = trait_of(view, character)
    picture = role_icon(role, 18) if role in ("cutpurse", "target", "shadow") else ""
    cls = f"e-card {trait} {role}" + (" new" if note == "new" else "")
    return (f'<span{attrs(class_=cls, role="img", aria_label=secret_words(character, role), data_motion=f"card-{character}", data_subject=subject or None)}>'
            f'<span class="e-card-head">{trait_icon(trait, 16)}{picture}</span>'
            f'<span class="e-card-name">{esc(character)}</span>'
            f'<span class="e-card-role">{esc(ROLE_CAPTIONS[role])}{" · " + esc(note) if note else ""}</span></span>')


def hand(look) -> str:
    """The seat's own cards (and, 2-6 players, its purse): on its own screen only."""
    view, legal = look.view, look.scene.legal
    if look.viewer is None or look.moment in ("handover", "over"):
        return ""
    pool = {a["character"] for a in legal if a["type"] in ("choose_cutpurse", "return_target")} if look.acting else set()
    arrived = landing(view) if look.moment == "landing" else {"gained": 0, "new": None}
    cards = [own_card(view, c, "dealt", subject=c in pool) for c in view.get("dealt") or []]
    if view.get("cutpurse"):
        known = view["players"][look.viewer]["known_cutpurse"] == view["cutpurse"]
        cards.append(own_card(view, view["cutpurse"], "cutpurse", "known to all" if known else "",
                              subject=view["cutpurse"] in pool))
    cards += [own_card(view, c, "target", "new" if c == arrived["new"] else "", subject=c in pool)
              for c in view.get("targets") or []]
    if view.get("shadow"):
        cards.append(own_card(view, view["shadow"], "shadow", subject=view["shadow"] in pool))
    if view.get("peek"):
        cards.append(own_card(view, view["peek"], "peek"))
    if not cards:
        return ""
    haul = ""
    if view["mode"] != "solo":
        gain = f'<span class="gain e-coin">+{money(arrived["gained"])}</span>' if arrived["gained"] else ""
        haul = (f'<span class="e-haul" data-motion="money-{look.viewer}">{coin(18)}'
                f'<span><strong>{money(view["players"][look.viewer]["money"])}</strong>{gain}</span></span>')
    return f'<div class="e-hand" data-testid="secrets" aria-label="Only you see these">{"".join(cards)}{haul}</div>'


# -- the sheet: the controls of the choice of the moment -----------------------------------------------
def sheet(look) -> str:
    if not look.acting:
        return ""
    step = look.view["step"]
    body = {"choose": choose_body, "constitution": choose_body, "replace": choose_body,
            "slip": slip_body, "dexterity": grid_body, "wisdom": grid_body,
            "intelligence": return_body, "nick": nick_body, "wager": wager_body}[step](look)
    return f'<div class="eldris-sheet">{body}</div>'


def choose_body(look) -> str:
    view = look.view
    buttons = []
    for action in matching(look.scene.legal, type="choose_cutpurse"):
        character = action["character"]
        keep = view["step"] == "constitution" and character == view.get("cutpurse")
        trait = trait_of(view, character)
        buttons.append(act_button(f'{trait_icon(trait, 16)} {esc(character)}', action, f"btn card-btn {trait}",
                                  aria_label=f"Keep the {character}" if keep else f"Cutpurse: the {character}"))
    return widgets.chooser("", buttons)


def slip_body(look) -> str:
    legal, draft = look.scene.legal, look.scene.draft
    if look.unrolled:
        return f'<p class="actions">{button("Roll the dice", "roll", "btn primary big")}</p>'
    parts = []
    if draft["pick"] is not None:
        parts.append(button("Put it back", "unpick", "btn"))
    elif matching(legal, type="reroll"):
        chosen = draft["reroll"]
        if chosen:
            label = f"Flip the Sigil: roll {len(chosen)} {'die' if len(chosen) == 1 else 'dice'} again"
            parts.append(act_button(esc(label), {"type": "reroll", "dice": chosen}, "btn", legal))
        else:
            parts.append('<span class="muted">Sigil: tap dice to reroll</span>')
    if draft["pick"] is None:
        if {"type": "reset_sigil"} in legal:
            parts.append(act_button("Reset the Sigil", {"type": "reset_sigil"}, "btn", legal))
        abilities = matching(legal, type="ability")
        if len(abilities) > 1:       # triples: any ability, each a small trait key
            parts.append('<span class="muted">Triples, any ability:</span>')
        for action in abilities:
            trait = action["trait"]
            label = (f"Use {trait_icon(trait)} {TRAIT_NAMES[trait]}" if len(abilities) == 1
                     else f"{trait_icon(trait)}<span class=\"abbr\">{TRAIT_LOOKS[trait][2]}</span>")
            parts.append(act_button(label, action, f"btn ability {trait}",
                                    aria_label=f"Use the {TRAIT_NAMES[trait]} ability"))
    return f'<p class="actions">{" ".join(parts)}</p>' if parts else ""


def grid_body(look) -> str:
    legal, draft = look.scene.legal, look.scene.draft
    parts = []
    if {"type": "stop"} in legal:
        parts.append(act_button("Stop after one step", {"type": "stop"}, "btn", legal))
    elif draft["pick"] is not None:
        parts.append(button("Put it back", "unpick", "btn"))
    return f'<p class="actions">{" ".join(parts)}</p>' if parts else ""


def return_body(look) -> str:
    view = look.view
    buttons = [act_button(chip(view, a["character"]), a, "btn card-btn", aria_label=f"Shuffle back the {a['character']}")
               for a in matching(look.scene.legal, type="return_target")]
    return widgets.chooser("", buttons)


def nick_body(look) -> str:
    view, legal, names = look.view, look.scene.legal, look.scene.names
    focus = look.scene.draft["focus"]
    place = {e["character"]: e["place"] for e in view["square"]}
    if focus is not None:
        about = nick_choices(legal)[focus]
        buttons = [act_button(f"Steal {coin()} <strong>{money(PAYOUT[place[focus]])}</strong>", a, "btn primary",
                              aria_label=f"Steal from the {focus}") for a in about if a["type"] == "steal"]
        buttons += [act_button(f"{role_icon('cutpurse', 16)} {esc(names[a['player']])}", a, "btn",
                               aria_label=f"{names[a['player']]} is the {focus}")
                    for a in about if a["type"] == "reveal"]
        buttons.append(button("Back", "unfocus", "btn"))
        return widgets.chooser("", buttons)
    steals = [act_button(f"{trait_icon(trait_of(view, a['character']))} {esc(a['character'])} "
                         f"<strong>{money(PAYOUT[place[a['character']]])}</strong>",
                         a, "btn primary", aria_label=f"Steal from the {a['character']}")
              for a in matching(legal, type="steal")]
    label = ['<span class="muted">Steal:</span>'] if steals else []
    return widgets.chooser("", label + steals + [act_button("Pass", {"type": "pass"}, "btn", legal)])


def wager_body(look) -> str:
    view, legal = look.view, look.scene.legal
    wagers = [act_button(f"$1 on {chip(view, a['character'])}", a, "btn card-btn",
                         aria_label=f"Wager $1 on the {a['character']}") for a in matching(legal, type="wager")]
    placed = view["solo"]["wagers"]
    note = [f'<span class="muted">Wagered: {esc(join_names(placed))}</span>'] if placed else []
    return widgets.chooser("", wagers + note + [act_button("Reveal the Foes", {"type": "reveal_foes"},
                                                           "btn primary", legal)])
