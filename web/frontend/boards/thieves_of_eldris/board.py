"""Thieves of Eldris' board: Skulduggery Square, the Slip Dice, your secret cards, the Nick Phase
and, solo, the Foes' Stack.

Drawn from one seat's view (or the public view while the device waits between people or bots
play) with the shared widgets.  Every button that plays carries its action; the taps here change
only the draft: the card picked in the Square (then where it goes), the dice picked for a
reroll, the character being accused (then whom).
"""
from __future__ import annotations

from pycore.thieves_of_eldris import (PAYOUT, TABLE_RULES, TRAIT_NAMES,
                                      TRAITS, describe, money, place_name)

from ... import widgets
from ...markup import attrs, button, esc, join_names
from ...widgets import act_button, matching

BLURB = ("Slip characters around Skulduggery Square, rob your Targets next to your hidden "
         "Cutpurse and unmask the others' — first to $8. Or alone: four rounds against Rivals.")
SEAT_WORD = "player"
DEFAULT_SEATS = 3
DEMO_SEATS = 4
OPTION_FIELDS = [
    ("without_tokens", "Without tokens (solo)",
     "The solo challenge: no tokens on the Square. Remember which characters are Rivals, Threats and Targets."),
]

# Each trait: a colour AND a shape AND three letters, so colour is never the only cue.
TRAIT_LOOKS = {
    "strength": ("#ff8a80", "M6 1 L11 10 L1 10 Z", "STR"),                       # triangle
    "dexterity": ("#8fd694", "M6 0.5 L11.5 6 L6 11.5 L0.5 6 Z", "DEX"),          # diamond
    "constitution": ("#f0c060", "M1.5 1.5 H10.5 V10.5 H1.5 Z", "CON"),          # square
    "wisdom": ("#9cc4ff", "M6 1 A5 5 0 1 1 5.99 1 Z", "WIS"),                    # circle
    "intelligence": ("#d0a8ff", "M6 0.5 L7.6 4.3 L11.5 4.5 L8.5 7 L9.5 11 L6 8.8 L2.5 11 L3.5 7 "
                     "L0.5 4.5 L4.4 4.3 Z", "INT"),                               # star
    "charisma": ("#ffa6d2", "M6 11 L1.2 6 A2.8 2.8 0 0 1 6 2.6 A2.8 2.8 0 0 1 10.8 6 Z", "CHA"),  # heart
}
TOKEN_WORDS = {"target": ("T", "Target"), "cutpurse": ("C", "your Cutpurse"), "rival": ("R", "Rival"),
               "threat": ("?", "Threat"), "wager": ("$", "your wager")}

SCREEN_RULES = [
    "Places in the Square are named by row and column, counted from the top left.",
    "To move a card: tap it, then tap the card it swaps with. If both cards' traits were rolled, "
    "the card you tap first is the one whose die is spent.",
    "Pass and play: before each person's turn the screen covers everything and names who should "
    "take the device; your Cutpurse, Targets, Shadow and any peek show only behind that cover.",
    "A Cutpurse revealed by a wrong Reveal is marked for everyone beside its player's name.",
    "Solo: the round, your haul, the Rivals' spoils, the Foes' Stack (the Rival's name, the "
    "Threats' traits only) and your wagers are always in view.",
]


def option_enabled(option, seats, options) -> bool:
    return seats == 1     # the only option is the solo challenge


def table_rules() -> list:
    return list(TABLE_RULES) + SCREEN_RULES


def out_of_turn(view):
    return None


def summary(view, names) -> str:
    if view["outcome"]:
        if view["mode"] == "solo":
            return (f"Solo: {money(view['players'][0]['money'])} against the Rivals' "
                    f"{money(view['solo']['spoils'])} — {view['outcome']['title']}.")
        return f"{join_names([names[s] for s in view['outcome']['winners']])} won."
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


# -- small pictures ------------------------------------------------------------------------------
def trait_icon(trait: str, size: int = 14) -> str:
    colour, path, _ = TRAIT_LOOKS[trait]
    return (f'<svg class="trait-icon" width="{size}" height="{size}" viewBox="0 0 12 12" aria-hidden="true" '
            f'focusable="false"><path d="{path}" fill="{colour}" stroke="#1b1726" stroke-width=".6"/></svg>')


def trait_tag(trait: str) -> str:
    """Icon plus three letters, in the trait's colour."""
    return f'<span class="trait {trait}">{trait_icon(trait)}<span class="abbr">{TRAIT_LOOKS[trait][2]}</span></span>'


def character_chip(character: str, trait: str) -> str:
    return f'<span class="chip {trait}">{trait_icon(trait)} {esc(character)}</span>'


# Where a long name may break on a narrow tile (a soft hyphen shows only when it breaks there).
BREAKS = {"Assassin": "Assas-sin", "Shieldmaiden": "Shield-maiden", "Blacksmith": "Black-smith",
          "Beastmaster": "Beast-master", "Lightpriest": "Light-priest", "Alchemist": "Alche-mist",
          "Necromancer": "Necro-mancer", "Artificer": "Artifi-cer", "Barbarian": "Barbar-ian",
          "Gladiator": "Gladia-tor", "Merchant": "Mer-chant"}


def tile_name(character: str) -> str:
    return esc(BREAKS.get(character, character)).replace("-", "&shy;")


def trait_of(view, character) -> str:
    return next(e["trait"] for e in view["square"] if e["character"] == character)


def chip(view, character) -> str:
    return character_chip(character, trait_of(view, character))














# -- the shell's hooks: standings, covers, recaps, motion (see boards.py) -------------------------------
def standings(view, names) -> list:
    """By money (the winners first); then Targets robbed and Cutpurses revealed."""
    winners = view["outcome"]["winners"] if view["outcome"] else []
    players = view["players"]
    key = {p["seat"]: (p["seat"] not in winners, -p["money"]) for p in players}
    order = sorted(key, key=key.get)
    rows = []
    for seat in order:
        player = players[seat]
        figures = {"Money": money(player["money"]), "Targets robbed": len(player["stolen"]),
                   "Cutpurses revealed": len(player["claimed"])}
        if view["mode"] == "solo":
            figures = {"Money": money(player["money"]), "Rivals' spoils": money(view["solo"]["spoils"]),
                       "Targets robbed": len(player["stolen"]),
                       "Title": view["outcome"]["title"] if view["outcome"] else ""}
        elif player["out"]:
            figures["Targets robbed"] = f"{len(player['stolen'])} (out)"
        rows.append({"place": 1 + sum(key[other] < key[seat] for other in order), "name": names[seat],
                     "figures": figures})
    return rows


def cover_reason(view, seat, names) -> str:
    who = names[seat]
    if view["step"] == "replace" and view["victim"] == seat:
        return f"{who}'s Cutpurse was revealed: {who} picks a new one from their Targets, in secret."
    if view["turn"] != seat:
        return ""
    if view["step"] == "choose":
        return f"{who} picks a Cutpurse in secret."
    return f"Round {view['round']}: {who}'s turn."


SHORT = {
    "move": lambda e, r: f"moved the {e['character']}",
    "steal": lambda e, r: f"stole from the {e['character']} ({money(e['paid'])})",
    "pass": lambda e, r: "passed",
    "reroll": lambda e, r: "rerolled",
    "ability": lambda e, r: f"took {TRAIT_NAMES[e['trait']]}",
    "reset_sigil": lambda e, r: "reset the Sigil",
}


def recap(events, names, seat) -> list:
    """One line a turn: "Sly: moved the Monk, moved the Bard, moved the Ninja, passed."; the rest
    (reveals, new Targets, solo rounds) in the engine's words."""
    return widgets.turn_recap(events, names, seat, SHORT, describe, quiet=("turn", "roll"))


def char_key(character) -> str:
    return f"char-{character}"


def motion(events, view) -> dict:
    """Swapped cards slide, a robbed or unmasked character flips dark, a wrong accusation shakes,
    a roll flips the dice; a new game slides the Square in."""
    marks = {}
    for event in events:
        kind = event["type"]
        if kind == "move":
            marks[char_key(event["character"])] = marks[char_key(event["other"])] = "tt-slide"
        elif kind in ("steal", "theft"):
            marks[char_key(event["character"])] = "tt-flip"
        elif kind == "reveal":
            marks[char_key(event["character"])] = "tt-flip" if event["right"] else "tt-shake"
        elif kind == "wager_result":
            marks[char_key(event["character"])] = "tt-flip" if event["right"] else "tt-shake"
        elif kind in ("roll", "reroll"):
            marks["dice"] = "tt-flip"
    if not view["log"] or len(view["log"]) <= 1:
        marks["square"] = "tt-slide"
    return marks


# -- the draft and the taps that change it -------------------------------------------------------
def new_draft() -> dict:
    return {"pick": None, "reroll": [], "accuse": None}


def tap(draft, command, data, view):
    if command == "pick":
        draft.update(pick=int(data["position"]), reroll=[])
    elif command == "unpick":
        draft["pick"] = None
    elif command == "reroll-die":
        die = int(data["die"])
        chosen = set(draft["reroll"]) ^ {die}
        draft.update(reroll=sorted(chosen), pick=None)
    elif command == "accuse":
        draft["accuse"] = data["character"]
    elif command == "unaccuse":
        draft["accuse"] = None


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


def tidy(draft, legal):
    """Forget a choice the game has moved past."""
    if draft["pick"] is not None and draft["pick"] not in pairs(legal):
        draft["pick"] = None
    if draft["reroll"] and not matching(legal, type="reroll"):
        draft["reroll"] = []
    if draft["accuse"] is not None and not matching(legal, type="reveal", character=draft["accuse"]):
        draft["accuse"] = None


# -- the board ------------------------------------------------------------------------------------
def draw(scene) -> str:
    view = scene.view
    tidy(scene.draft, scene.legal)
    main = [dice_row(scene), square(scene), legend(view)]
    side = [sheet(scene), foes_panel(view) if view["mode"] == "solo" else "", secrets_panel(view),
            display_panel(view), players_panel(scene)]
    # A phone shows one column (the sheet sticks to the bottom); a tablet puts the side beside.
    return (f'<div class="eldris">{widgets.status(status(scene))}<div class="e-main">{"".join(main)}</div>'
            f'<div class="e-side">{"".join(side)}</div></div>')


STEP_WORDS = {
    "slip": "tap a card whose trait a die shows, then the card it swaps with",
    "dexterity": "Dexterity: tap any card, then where it steps",
    "wisdom": "Wisdom: tap a card, then another card of the same trait to swap them",
    "intelligence": "Intelligence: choose the Target that goes back into the deck",
    "constitution": "Constitution: choose your Cutpurse",
    "nick": "steal, reveal or pass",
    "wager": "wager on Threats if you like, then reveal the Foes",
    "replace": "choose your new Cutpurse from your Targets",
    "choose": "choose your Cutpurse in secret",
}


def status(scene) -> str:
    view, names, legal = scene.view, scene.names, scene.legal
    if view["outcome"]:
        return headline(view["outcome"], names)
    viewer, turn = view["seat"], view["turn"]
    acting = view["to_act"][0] if view["to_act"] else turn
    if viewer is None or not legal:
        if acting in scene.bots:
            return f"{names[acting]} is thinking…"
        if view["step"] == "replace":
            return f"{names[acting]} is choosing a new Cutpurse."
        return f"Round {view['round']}: {names[acting]}'s turn."
    you = names[viewer]
    if view["step"] == "slip" and scene.draft["pick"] is not None:
        return f"{you}: now tap the card it swaps with (or the same card to put it back)."
    round_words = f"Round {view['round']} of 4" if view["mode"] == "solo" else f"Round {view['round']}"
    return f"{round_words} · {you}: {STEP_WORDS.get(view['step'], 'your move')}."


def dice_row(scene) -> str:
    view = scene.view
    if not view["dice"]:
        return ""
    turn = view["turn"]
    chosen = set(scene.draft["reroll"])
    rerolling = bool(matching(scene.legal, type="reroll"))
    faces = []
    for index, die in enumerate(view["dice"]):
        trait = die["trait"]
        label = f"die {index + 1}: {TRAIT_NAMES[trait]}{', spent' if die['spent'] else ''}"
        inner = f'{trait_icon(trait, 22)}<span class="abbr">{TRAIT_LOOKS[trait][2]}</span>'
        cls = f"die {trait}" + (" spent" if die["spent"] else "") + (" on" if index in chosen else "")
        if rerolling:
            faces.append(button(inner, "reroll-die", cls, die=index,
                                aria_label=f"{label}: {'keep' if index in chosen else 'roll again'}?"))
        else:
            faces.append(f'<span{attrs(class_=cls, role="img", aria_label=label)}>{inner}</span>')
    sigil = view["players"][turn]["sigil"] if turn is not None else False
    extra = []
    if view["doubles"]:
        extra.append(f'<span class="badge turn">{"Triples" if len(view["doubles"]) == 6 else "Doubles"}</span>')
    if view["strength"]:
        extra.append('<span class="badge">Strength: diagonals count</span>')
    return (f'<div class="dice-row" data-testid="dice" data-motion="dice">{"".join(faces)}'
            f'<span class="sigil {"active" if sigil else "used"}">Sigil {"active" if sigil else "used"}</span>'
            f'{"".join(extra)}</div>')


def tile_words(view, entry, mine) -> str:
    words = [entry["character"], TRAIT_NAMES[entry["trait"]], place_name(entry["position"])]
    if not entry["occupied"]:
        words.append("left the Square")
    if entry["character"] in mine:
        words.append(mine[entry["character"]])
    words += [TOKEN_WORDS[token][1] for token in entry["tokens"]]
    return ", ".join(words)


def my_cards(view) -> dict:
    """character -> what it is to the seat on screen ("your Cutpurse", "your Target", ...)."""
    if view["seat"] is None:
        return {}
    mine = {c: "your Target" for c in view.get("targets") or []}
    if view.get("shadow"):
        mine[view["shadow"]] = "your Shadow"
    if view.get("cutpurse"):
        mine[view["cutpurse"]] = "your Cutpurse"
    return mine


def square(scene) -> str:
    view, draft = scene.view, scene.draft
    moves = pairs(scene.legal)
    picked = draft["pick"]
    mine = my_cards(view)
    tiles = []
    for entry in view["square"]:
        position, character, trait = entry["position"], entry["character"], entry["trait"]
        classes = ["tile", trait] + ([] if entry["occupied"] else ["gone"])
        if character in mine:
            classes.append("mine cutpurse" if mine[character] == "your Cutpurse" else "mine")
        tokens = "".join(f'<span class="token {t}" aria-hidden="true">{TOKEN_WORDS[t][0]}</span>'
                         for t in entry["tokens"])
        short = {"your Cutpurse": "you", "your Target": "target", "your Shadow": "shadow"}
        own = f'<span class="own">{short[mine[character]]}</span>' if character in mine else ""
        inner = (f'<span class="t-head">{trait_icon(trait)}<span class="abbr">{TRAIT_LOOKS[trait][2]}</span>'
                 f'{tokens}</span><span class="t-name">{tile_name(character)}</span>{own}')
        label = tile_words(view, entry, mine)
        extra = {"data_motion": char_key(character), "data_spot": position}
        if picked is not None and position in moves.get(picked, {}):
            classes.append("tappable target-spot")
            tiles.append(widgets.tile(inner, " ".join(classes), f"{label}: swap here",
                                      action=moves[picked][position], **extra))
        elif picked == position:
            classes.append("tappable picked")
            tiles.append(widgets.tile(inner, " ".join(classes), f"{label}: picked, tap to put back",
                                      tap=("unpick", {}), aria_pressed="true", **extra))
        elif picked is None and position in moves:
            classes.append("tappable")
            tiles.append(widgets.tile(inner, " ".join(classes), f"{label}: tap to move",
                                      tap=("pick", {"position": position}), aria_pressed="false", **extra))
        else:
            tiles.append(widgets.tile(inner, " ".join(classes), label, **extra))
    return (f'<div class="square" data-testid="square" data-motion="square" data-arrows role="group" '
            f'aria-label="Skulduggery Square, 6 by 4">{"".join(tiles)}</div>')


def legend(view) -> str:
    traits = " ".join(trait_tag(trait) for trait in TRAITS)
    tokens = ""
    if view["mode"] != "small":
        shown = ["target", "wager"] if view["mode"] == "large" else ["target", "cutpurse", "rival", "threat", "wager"]
        tokens = " · " + " ".join(f'<span class="token {t}">{TOKEN_WORDS[t][0]}</span> {TOKEN_WORDS[t][1]}'
                                  for t in shown if t != "wager" or view["mode"] == "solo")
    return f'<p class="legend muted eldris-legend">{traits}{tokens}</p>'


# -- the action sheet: the decision of the moment ----------------------------------------------------------
def sheet(scene) -> str:
    legal = scene.legal
    if not legal:
        return ""
    step = scene.view["step"]
    body = {"choose": choose_body, "constitution": choose_body, "replace": choose_body,
            "slip": slip_body, "dexterity": grid_body, "wisdom": grid_body,
            "intelligence": return_body, "nick": nick_body, "wager": wager_body}[step](scene)
    return f'<section class="panel sheet eldris-sheet" data-testid="sheet">{body}</section>'


def choose_body(scene) -> str:
    view = scene.view
    step = view["step"]
    head = {"choose": "Choose your Cutpurse", "constitution": "Constitution: your Cutpurse",
            "replace": "Your Cutpurse was revealed: choose a new one"}[step]
    if view["mode"] == "small":
        hint = "The other cards become your Targets. Only you see this."
    elif view["mode"] == "large":
        hint = "The other card becomes your Shadow. Only you see this."
    else:
        hint = ("Your Cutpurse comes from the Display; a new Target replaces it." if step == "choose"
                else "Swap your Cutpurse with a Target of the Display, or keep it.")
    buttons = [act_button(chip(view, a["character"]), a, "btn card-btn", aria_label=f"Cutpurse: the {a['character']}")
               for a in matching(scene.legal, type="choose_cutpurse")]
    return f'<h3>{esc(head)}</h3><p class="muted">{esc(hint)}</p>{widgets.chooser("", buttons)}'


def slip_body(scene) -> str:
    legal = scene.legal
    parts = [f'<h3>Slip</h3><p class="muted">{esc(STEP_WORDS["slip"].capitalize())}.</p>']
    if matching(legal, type="reroll"):
        chosen = scene.draft["reroll"]
        if chosen:
            label = f"Flip the Sigil: roll {len(chosen)} {'die' if len(chosen) == 1 else 'dice'} again"
            parts.append(f'<p class="actions">{act_button(esc(label), {"type": "reroll", "dice": chosen}, "btn", legal)}</p>')
        else:
            parts.append('<p class="muted">Sigil: tap dice above to roll them again.</p>')
    bonus = []
    if {"type": "reset_sigil"} in legal:
        bonus.append(act_button("Reset the Sigil", {"type": "reset_sigil"}, "btn", legal))
    for action in matching(legal, type="ability"):
        trait = action["trait"]
        bonus.append(act_button(f"{trait_icon(trait)} {TRAIT_NAMES[trait]} ability", action, "btn ability",
                                aria_label=f"Use the {TRAIT_NAMES[trait]} ability"))
    if bonus:
        parts.append(f'<p class="muted">Doubles, before moving: one of these, or just move.</p>'
                     f'<p class="actions">{" ".join(bonus)}</p>')
    return "".join(parts)


def grid_body(scene) -> str:
    step = scene.view["step"]
    stop = act_button("Stop after one step", {"type": "stop"}, "btn", scene.legal) if {"type": "stop"} in scene.legal else ""
    return f'<h3>{esc(TRAIT_NAMES[step])}</h3><p class="muted">{esc(STEP_WORDS[step])}.</p><p class="actions">{stop}</p>'


def return_body(scene) -> str:
    view = scene.view
    buttons = [act_button(chip(view, a["character"]), a, "btn card-btn", aria_label=f"Shuffle back the {a['character']}")
               for a in matching(scene.legal, type="return_target")]
    return f'<h3>Intelligence</h3><p class="muted">{esc(STEP_WORDS["intelligence"])}.</p>{widgets.chooser("", buttons)}'


def nick_body(scene) -> str:
    view, legal, names = scene.view, scene.legal, scene.names
    parts = ['<h3>Nick</h3>']
    place = {e["character"]: e["place"] for e in view["square"]}
    steals = [act_button(f"Steal from {chip(view, a['character'])} "
                         f"<strong>{money(PAYOUT[place[a['character']]])}</strong>",
                         a, "btn primary", aria_label=f"Steal from the {a['character']}")
              for a in matching(legal, type="steal")]
    if steals:
        parts.append(widgets.chooser("", steals))
    reveals = matching(legal, type="reveal")
    accused = scene.draft["accuse"]
    if reveals and accused is None:
        characters = sorted({a["character"] for a in reveals})
        choices = [widgets.choice_button(chip(view, c), matching(reveals, character=c), "accuse", "btn card-btn",
                                         character=c, aria_label=f"Accuse the {c}") for c in characters]
        parts.append(f'<p class="muted">Reveal: who hides behind a character next to your Cutpurse?</p>'
                     f'{widgets.chooser("", choices)}')
    elif reveals:
        players = [act_button(esc(names[a["player"]]), a, "btn", aria_label=f"{names[a['player']]} is the {accused}")
                   for a in matching(reveals, character=accused)]
        parts.append(f'<p>Who is the {chip(view, accused)}?</p>{widgets.chooser("", players)}'
                     f'<p>{button("Accuse someone else", "unaccuse", "btn small")}</p>')
    parts.append(f'<p class="actions">{act_button("Pass", {"type": "pass"}, "btn", legal)}</p>')
    return "".join(parts)


def wager_body(scene) -> str:
    view, legal = scene.view, scene.legal
    wagers = [act_button(f"$1 on {chip(view, a['character'])}", a, "btn card-btn",
                         aria_label=f"Wager $1 on the {a['character']}") for a in matching(legal, type="wager")]
    placed = view["solo"]["wagers"]
    note = f'<p class="muted">Wagered: {esc(join_names(placed))}.</p>' if placed else ""
    intro = ('<p class="muted">Wager $1 on a Threat next to your Cutpurse you think is a Rival: right pays $3 '
             'back. Then reveal the Foes: Rivals rob first, then you.</p>')
    return (f'<h3>Nick (solo)</h3>{intro}{widgets.chooser("", wagers) if wagers else ""}{note}'
            f'<p class="actions">{act_button("Reveal the Foes", {"type": "reveal_foes"}, "btn primary big", legal)}</p>')


# -- what the seat on screen holds, the Display, the Foes, the players ---------------------------------------
def secrets_panel(view) -> str:
    if view["seat"] is None:
        return ""
    parts = []
    if view.get("dealt"):
        parts.append(f'<p>Dealt to you: {" ".join(chip(view, c) for c in view["dealt"])}</p>')
    if view.get("cutpurse"):
        known = view["players"][view["seat"]]["known_cutpurse"] == view["cutpurse"]
        warning = " " + widgets.badge("everyone knows it", "warn") if known else ""
        parts.append(f'<p>Your Cutpurse: {chip(view, view["cutpurse"])}{warning}</p>')
    if view.get("targets"):
        parts.append(f'<p>Your Targets: {" ".join(chip(view, c) for c in view["targets"])}</p>')
    if view.get("shadow"):
        parts.append(f'<p>Your Shadow: {chip(view, view["shadow"])}</p>')
    if view.get("peek"):
        parts.append(f'<p>Top of the deck (your peek): {chip(view, view["peek"])}</p>')
    if not parts:
        return ""
    return (f'<section class="panel mine" data-testid="secrets"><h3>Only you see this</h3>{"".join(parts)}</section>')


def display_panel(view) -> str:
    if view["mode"] == "small":
        return ""
    cards = " ".join(chip(view, c) for c in view["display"]) or '<span class="muted">empty</span>'
    return (f'<section class="panel display" data-testid="display"><h3>Display of Targets</h3>'
            f'<p>{cards}</p><p class="muted">Townsfolk deck: {view["deck"]} cards.</p></section>')


def foes_panel(view) -> str:
    solo = view["solo"]
    rivals = " ".join(chip(view, c) for c in solo["rivals"]) or '<span class="muted">none</span>'
    threats = " ".join(trait_tag(t) for t in solo["threats"]) or '<span class="muted">none</span>'
    won = f'<p class="muted">Won by wagers: {esc(join_names(solo["won"]))}.</p>' if solo["won"] else ""
    me = view["players"][0]
    return (f'<section class="panel foes" data-testid="foes"><h3>Round {view["round"]} of 4</h3>'
            f'<p class="score"><span>You: <strong>{money(me["money"])}</strong></span> '
            f'<span>Rivals: <strong>{money(solo["spoils"])}</strong></span></p>'
            f'<p>Rivals: {rivals}</p><p>Threats (traits only): {threats}</p>{won}</section>')


def players_panel(scene) -> str:
    view, names = scene.view, scene.names
    if view["mode"] == "solo":
        return ""
    rows = []
    for player in view["players"]:
        seat = player["seat"]
        badges = []
        if seat == view["turn"]:
            badges.append(widgets.badge("turn", "turn"))
        if seat == view["seat"]:
            badges.append(widgets.badge("you", "you"))
        if player["out"]:
            badges.append(widgets.badge("out", "warn"))
        if seat in scene.bots:
            badges.append(widgets.badge(scene.bots[seat]))
        known = (f'<p>Cutpurse known to all: {chip(view, player["known_cutpurse"])}</p>'
                 if player["known_cutpurse"] else "")
        robbed = " ".join(chip(view, c) for c in player["stolen"])
        claimed = " ".join(chip(view, c) for c in player["claimed"])
        rows.append(f'<li class="player{" acting" if seat == view["turn"] else ""}" data-motion="player-{seat}">'
                    f'<p><strong>{esc(names[seat])}</strong> {"".join(badges)} '
                    f'<span class="money">{money(player["money"])}</span> '
                    f'<span class="muted">Sigil {"active" if player["sigil"] else "used"} · '
                    f'{player["cards"]} face down</span></p>{known}'
                    + (f'<p class="muted">Robbed: {robbed}</p>' if robbed else "")
                    + (f'<p class="muted">Unmasked: {claimed}</p>' if claimed else "") + "</li>")
    return f'<section class="panel players" data-testid="players"><ul class="eldris-players">{"".join(rows)}</ul></section>'

