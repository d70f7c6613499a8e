"""Thievery's board: sorting the row, reading the table, guessing, power-ups, partners.

Drawn from one seat's view (or the public view between people) with the shared widgets.  Every
button that plays carries its action; the taps here change only the draft: the row being sorted,
the card picked to guess at, the power-up being played and the choices made for it so far.
"""
from __future__ import annotations

from pycore.thievery import (PARTNERSHIP_HANDS, POWERS, POWERUP_HANDS, RANK_NAMES, RANKS, TABLE_RULES, article,
                             describe, rank_word)
from pycore.kit.words import Reader

from ... import widgets
from ...markup import button, esc, join_names, ordinal
from ...widgets import act_button, badge, matching

BLURB = "Sort your row in secret, then name everyone else's hidden cards before they name yours."
SEAT_WORD = "hand"
DEFAULT_SEATS = 4
DEMO_SEATS = 4
OPTION_FIELDS = [
    ("powerups", "Power-ups", "At 5 and 6 hands: draw one at the start of each turn (three at most)."),
    ("partnerships", "Partnerships", "At 4 hands: hands 1 and 3 against 2 and 4; partners may show each other a card."),
]

# Where the screen adds to the engine's rulings (the rules page lists both).
SCREEN_RULES = [
    "Pass and play: before each person's private moment (sorting, guessing, a partner's show) the "
    "screen covers everything and names who should take the device; nothing secret shows until they tap.",
    "A hit means you must guess again: a turn ends only with a miss (or the win).",
    "Two people may share a hand: both see its cards and either may play it; they win together.",
    "A person can take over a bot's hand between turns with “Take over”; the bot leaves at once.",
    "Trip the alarm out of turn: tap “Trip the alarm!”, say who you are, and the device is passed "
    "to you behind a cover. Everyone may tap it, so it gives nothing away about who holds one.",
    "Bots draw no power-ups; a person who takes over a bot's hand draws from their next turn on.",
]

POWER_PROMPTS = {
    "casing": "Casing the joint: tap an opponent's face-down card to look at it.",
    "loose_lips": "Loose lips: name a rank to learn how many are still face down.",
    "tip_off": "Tip-off: tap one of your face-down cards, then choose who sees it.",
    "stakeout": "Stakeout: choose the hand nobody may guess at until its next turn.",
    "misdirection": "Misdirection: choose whose next guess you steer, then at which hand.",
    "crack": "Crack the vault: tap an opponent's face-down card to flip it.",
}
# The order a power-up's choices are made in, one at a time (the rest are chosen together).
POWER_STEPS = {"tip_off": ("index", "to"), "misdirection": ("victim", "hand")}
SEAT_CHOICES = {"to": "Who sees it?", "hand": "Which hand?", "victim": "Whose next guess do you steer?"}


def rank_label(rank) -> str:
    return RANK_NAMES.get(rank, str(rank))


# Each colour has its own mark, so a card's colour never has to be told by colour alone.
SUIT_MARKS = {"red": "♦", "black": "♠"}


def face(card) -> str:
    """A card's face: its rank and its colour's mark."""
    return (f'<span class="rank">{rank_label(card["rank"])}</span>'
            f'<span class="suit" aria-hidden="true">{SUIT_MARKS[card["colour"]]}</span>')


def option_enabled(option, seats, options) -> bool:
    if option == "powerups":
        return seats in POWERUP_HANDS
    if option == "partnerships":
        return seats == PARTNERSHIP_HANDS
    return True


def table_rules() -> list:
    return TABLE_RULES + SCREEN_RULES


def summary(view, names) -> str:
    if view["outcome"]:
        return "Won by " + join_names([names[s] for s in view["outcome"]["winners"]]) + "."
    if view["phase"] == "sorting":
        return "Sorting the rows."
    down = sum(1 for row in view["rows"] for card in row if not card["face_up"])
    return f"{names[view['turn']]}'s turn · {down} cards still face down."


def out_of_turn(view):
    """Trip the alarm may be played in anyone's turn while the guessing goes on."""
    if view["powerups_on"] and view["phase"] == "guessing":
        return "Trip the alarm!", "anyone holding it may stop this run"
    return None










# -- the shell's hooks: standings, covers, recaps, motion (see boards.py) -------------------------------
def standings(view, names) -> list:
    """Winners first, then by cards found (more is better), then misses (fewer is better)."""
    found, missed = [0] * view["seats"], [0] * view["seats"]
    for event in view["log"]:
        if event["type"] == "guess":
            (found if event["hit"] else missed)[event["by"]] += 1
    winners = view["outcome"]["winners"] if view["outcome"] else []
    key = {hand: (hand not in winners, -found[hand], missed[hand]) for hand in range(view["seats"])}
    order = sorted(range(view["seats"]), key=key.get)
    return [{"place": 1 + sum(key[other] < key[hand] for other in order), "name": names[hand],
             "figures": {"Cards found": found[hand], "Misses": missed[hand],
                         "Still hidden": sum(1 for card in view["rows"][hand] if not card["face_up"])}}
            for hand in order]


def cover_reason(view, seat, names) -> str:
    """Why the device goes to this seat now."""
    who = names[seat]
    showing = view.get("showing")
    if showing and seat == showing["partner"]:
        return (f"{who} may show {names[showing['for']]} a card: only {who} should look, "
                f"not {names[showing['for']]}.")
    if view["phase"] == "sorting":
        return f"{who} sorts their row in secret."
    if view["turn"] == seat:
        return f"{who}'s turn to guess."
    return ""


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


def card_key(hand, index) -> str:
    return f"card-{hand}-{index}"


# -- the draft and the taps that change it -------------------------------------------------------
def new_draft() -> dict:
    return {"order": None, "picked": None, "target": None, "power": None, "args": {}}


def sort_order(draft, row) -> list:
    """The row as the person is arranging it (item indexes into the row as dealt)."""
    if draft["order"] is None or len(draft["order"]) != len(row):
        draft["order"] = list(range(len(row)))
    return draft["order"]


def tap(draft, command, data, view):
    if command == "sort-tap":
        sort_order(draft, view["rows"][view["seat"]])
        widgets.sort_tap(draft, int(data["place"]))
    elif command == "reorder":
        widgets.move(sort_order(draft, view["rows"][view["seat"]]), int(data["from"]), int(data["to"]))
        draft["picked"] = None
    elif command == "auto-sort":
        row = view["rows"][view["seat"]]
        draft["order"] = sorted(range(len(row)), key=lambda i: (row[i]["rank"], row[i]["colour"]))
        draft["picked"] = None
    elif command == "pick-card":
        draft["target"] = (int(data["hand"]), int(data["index"]))
    elif command == "clear-target":
        draft["target"] = None
    elif command == "power":
        draft.update(power=data["power"], args={}, target=None)
    elif command == "power-arg":
        draft["args"][data["key"]] = int(data["value"])
    elif command == "power-cancel":
        draft.update(power=None, args={})


def power_choices(scene) -> list:
    """The legal plays of the power-up being played that fit the choices made so far."""
    draft = scene.draft
    if not draft["power"]:
        return []
    return matching(scene.legal, type="power", power=draft["power"], **draft["args"])


def next_step(draft, choices) -> str | None:
    """The choice a power-up waits for next ("card" when it wants a card of a row)."""
    steps = POWER_STEPS.get(draft["power"])
    if steps:
        return next((step for step in steps if step not in draft["args"]), None)
    fields = set(choices[0]) - {"type", "power"} if choices else set()
    return "card" if {"hand", "index"} <= fields else next(iter(fields), None)


# -- the board ------------------------------------------------------------------------------------
def draw(scene) -> str:
    view = scene.view
    viewer = view["seat"]
    sorting_mine = view["phase"] == "sorting" and viewer is not None and not view["locked"][viewer]
    out = [widgets.status(status(scene))]
    if sorting_mine:
        out.append(sorter(scene))
    order = list(range(view["seats"]))
    if viewer is not None:        # your own row last, nearest your thumb
        order = order[viewer + 1:] + order[:viewer] + [viewer]
    out.append('<div class="rows">')
    out += [row(scene, hand) for hand in order if not (sorting_mine and hand == viewer)]
    out.append("</div>")
    if view["phase"] == "guessing":
        out.append(guess_panel(scene))
        out.append(show_panel(scene))
        out.append(powers_panel(scene))
    return "".join(out)


def status(scene) -> str:
    view, names, draft = scene.view, scene.names, scene.draft
    viewer = view["seat"]
    you = names[viewer] if viewer is not None else None
    if view["phase"] == "over":
        return "The round is over: every card is turned up."
    if view["phase"] == "sorting":
        if viewer is not None and not view["locked"][viewer]:
            return f"{you}: put your row in order, lowest to highest (aces anywhere), then lock in."
        waiting = [names[h] for h in range(view["seats"]) if not view["locked"][h]]
        return "Waiting for " + join_names(waiting) + " to lock in."
    showing = view.get("showing")
    if showing:
        if viewer == showing["partner"]:
            return f"{you}: show {names[showing['for']]} one of your face-down cards, or don't."
        return f"{names[showing['partner']]} may show {names[showing['for']]} a card."
    turn = view["turn"]
    if draft["power"]:
        return POWER_PROMPTS.get(draft["power"], "Choose how to play it.")
    if viewer is not None and viewer == turn and scene.legal:
        if draft["target"]:
            hand, index = draft["target"]
            card = view["rows"][hand][index]
            return f"What rank is {names[hand]}'s {ordinal(index + 1)} card ({card['colour']})?"
        again = " Right! Go again:" if view["guessed_this_turn"] else ""
        return f"Your turn, {you}.{again} Tap a face-down card of another hand, then name its rank."
    if turn in scene.bots:
        return f"{names[turn]} is thinking…"
    return f"{names[turn]}'s turn."


def card_face(card, own: bool, over: bool = False) -> tuple:
    """(inner HTML, class) of a card on the table; at the end every card shows face up."""
    shown = card["rank"] is not None
    # A card you know but others don't stays a card back, with its rank written on it.
    known = shown and not card["face_up"] and not own and not over
    # Misses are marks under a card still face down; once its face is out they tell nothing.
    misses = "".join(f"<s>{rank_label(r)}</s>" for r in card["misses"]) if not card["face_up"] and not over else ""
    inner = ((face(card) if shown else "")
             + (f'<span class="misses" aria-hidden="true">{misses}</span>' if misses else ""))
    parts = ["card", card["colour"] or "unknown", "up" if (card["face_up"] or shown) and not known else "down"]
    if known:
        parts.append("known")
    if own and not card["face_up"]:
        parts.append("own-hidden")      # you see it; nobody else does yet
    return inner, " ".join(parts)


def sorter(scene) -> str:
    view, draft = scene.view, scene.draft
    cards = view["rows"][view["seat"]]
    order = sort_order(draft, cards)
    items = [(face(card), f'card {card["colour"]} up',
              f"{card['colour']} {rank_word(card['rank'])}") for card in cards]
    lock_in = {"type": "lock_in", "order": list(order)}
    ready = lock_in in scene.legal
    hint = "In order: lock in when you are happy." if ready else sort_hint([cards[i]["rank"] for i in order])
    return (f'<section class="panel sorter" data-motion="sorter"><h3>Your row</h3>'
            f'{widgets.sortable_row(items, order, draft["picked"])}'
            f'<p class="muted">{esc(hint)} Drag a card, or tap one and then the place it should go.</p>'
            f'<p class="actions">{act_button("Lock in", lock_in, "btn primary big", scene.legal)} '
            f'{button("Sort it for me", "auto-sort", "btn")}</p></section>')


def row_badges(scene, hand) -> str:
    view = scene.view
    badges = []
    if hand in scene.bots:
        badges.append(badge(scene.bots[hand], "bot"))
    if hand == view["seat"]:
        badges.append(badge("you", "you"))
    if view["teams"]:
        badges.append(badge(f"team {'A' if hand in view['teams'][0] else 'B'}", "team"))
    if view["phase"] == "sorting":
        badges.append(badge("locked in" if view["locked"][hand] else "sorting…"))
    if view["turn"] == hand and view["phase"] == "guessing":
        badges.append(badge("turn", "turn"))
    held = view["held_counts"][hand] if view["powerups_on"] else 0
    if held:
        badges.append(badge(f"{held} power-up{'s' if held > 1 else ''}"))
    if hand in view["stakeouts"]:
        badges.append(badge("staked out", "warn"))
    if view["outcome"] and hand in view["outcome"]["winners"]:
        badges.append(badge("wins", "win"))
    return "".join(badges)


def card_play(scene, hand, index):
    """What a tap on this card does now: (action, draft tap), at most one of them."""
    view, draft, legal = scene.view, scene.draft, scene.legal
    mine = hand == view["seat"]
    choices = power_choices(scene)
    step = next_step(draft, choices) if draft["power"] else None
    if step == "card":
        fitting = matching(choices, hand=hand, index=index)
        return (fitting[0] if len(fitting) == 1 else None), None
    if step == "index" and mine and matching(choices, index=index):
        return None, ("power-arg", {"key": "index", "value": index})
    if draft["power"]:
        return None, None
    if mine:
        shown = matching(legal, type="show", index=index)
        return (shown[0] if shown else None), None
    if matching(legal, type="guess", hand=hand, index=index):
        return None, ("pick-card", {"hand": hand, "index": index})
    return None, None


def row(scene, hand) -> str:
    view, names = scene.view, scene.names
    viewer = view["seat"]
    tiles = []
    for index, card in enumerate(view["rows"][hand]):
        if view["phase"] == "sorting":
            if hand == viewer:
                tiles.append(f'<span class="card {card["colour"]} up">{face(card)}</span>')
            else:
                tiles.append('<span class="card back unsorted" aria-hidden="true"></span>')
            continue
        inner, cls = card_face(card, hand == viewer, view["phase"] == "over")
        action, draft_tap = card_play(scene, hand, index)
        if action or draft_tap:
            cls += " choosable"
        if scene.draft["target"] == (hand, index):
            cls += " target"
        tiles.append(widgets.tile(inner, cls, card_label(names[hand], index, card, hand == viewer), action, draft_tap,
                                  data_motion=card_key(hand, index)))
    take = widgets.take_over_button(hand, names[hand], scene.take_over)
    return (f'<section class="hand{" mine" if hand == viewer else ""}{" acting" if view["turn"] == hand else ""}" data-hand="{hand}" data-motion="hand-{hand}">'
            f'<header><strong>{esc(names[hand])}</strong> <span class="muted">hand {hand + 1}</span> {row_badges(scene, hand)} {take}</header>'
            f'{widgets.card_row(tiles)}</section>')


def guess_panel(scene) -> str:
    target = scene.draft["target"]
    if not target or scene.draft["power"]:
        return ""
    hand, index = target
    keys = [(rank_label(rank), {"type": "guess", "hand": hand, "index": index, "rank": rank}, "btn rank",
             f"Guess {rank_word(rank)}") for rank in RANKS]
    intro = f"<p>{esc(fence_hint(scene.view, hand, index))}</p>"
    return widgets.pad_panel("guess", "rank-pad", intro, keys, scene.legal, ("Choose another card", "clear-target"))


def show_panel(scene) -> str:
    view = scene.view
    showing = view.get("showing")
    if not showing or view["seat"] != showing["partner"]:
        return ""
    return (f'<section class="panel"><p>Tap one of your face-down cards to show it to '
            f'{esc(scene.names[showing["for"]])}, or:</p>'
            f'<p>{act_button("Show nothing", {"type": "show", "index": None}, "btn", scene.legal)}</p></section>')


def powers_panel(scene) -> str:
    view, draft = scene.view, scene.draft
    held = view.get("held") or []
    if not view["powerups_on"] or view["seat"] is None or not held:
        return ""
    items = []
    for power in held:
        info = POWERS[power]
        label = f"<strong>{esc(info['title'])}</strong><br><span class='muted'>{esc(info['text'])}</span>"
        plays = matching(scene.legal, type="power", power=power)
        if {"type": "power", "power": power} in plays:       # nothing to choose: it plays at once
            item = act_button(label, {"type": "power", "power": power}, "btn power-btn")
        else:
            item = button(label, "power", "btn power-btn", power=power, disabled=not plays)
        items.append(f'<li class="power{" active" if draft["power"] == power else ""}">{item}</li>')
    return (f'<section class="panel powers"><h3>Your power-ups</h3><ul class="power-list">{"".join(items)}</ul>'
            f'{power_step(scene)}</section>')


def power_step(scene) -> str:
    """The next choice of the power-up being played: a rank, a hand (cards are tapped in the rows)."""
    draft = scene.draft
    if not draft["power"]:
        return ""
    choices = power_choices(scene)
    step = next_step(draft, choices)
    extra = ""
    if step == "rank":
        keys = [(rank_label(rank), {**choices[0], "rank": rank}, "btn rank", f"Name {rank_word(rank)}")
                for rank in RANKS]
        extra = widgets.pad(keys, choices)
    elif step in SEAT_CHOICES:
        seats = sorted({action[step] for action in choices})
        extra = widgets.chooser(SEAT_CHOICES[step], [
            widgets.choice_button(esc(scene.names[seat]), matching(choices, **{step: seat}), "power-arg", key=step, value=seat)
            for seat in seats])
    return extra + f'<p>{button("Cancel", "power-cancel", "btn small")}</p>'


# -- words on the board ---------------------------------------------------------------------------
def card_label(owner: str, index: int, card: dict, own: bool) -> str:
    state = "face up" if card["face_up"] else ("face down, you know it" if card["rank"] and not own else "face down")
    rank = f" {rank_word(card['rank'])}" if card["rank"] else ""
    misses = f", not {', '.join(rank_word(r) for r in card['misses'])}" if card["misses"] and not card["face_up"] else ""
    return f"{owner}'s {ordinal(index + 1)} card: {card['colour']}{rank}, {state}{misses}"


def fence_hint(view, hand, index) -> str:
    """What the row itself says about a card: the nearest shown ranks either side (aces are wild)."""
    cards = view["rows"][hand]
    low = next((c["rank"] for c in reversed(cards[:index]) if c["rank"] and c["rank"] != 1), None)
    high = next((c["rank"] for c in cards[index + 1:] if c["rank"] and c["rank"] != 1), None)
    card = cards[index]
    if low and high:
        where = f"is between {rank_word(low)} and {rank_word(high)} (or an ace)"
    elif low:
        where = f"is {rank_word(low)} or higher (or an ace)"
    elif high:
        where = f"is {rank_word(high)} or lower (or an ace)"
    else:
        where = "could still be any rank"
    misses = f"; it is not {', '.join(rank_word(r) for r in card['misses'])}" if card["misses"] else ""
    return f"This {card['colour']} card {where}{misses}. Name its rank:"


def sort_hint(ranks) -> str:
    plain = [r for r in ranks if r != 1]
    for a, b in zip(plain, plain[1:]):
        if a > b:
            return f"Not in order yet: the {rank_word(a)} comes before the {rank_word(b)}."
    return ""
