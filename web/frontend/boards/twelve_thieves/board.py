"""12 Thieves' board: the bazaar of six palaces, their guards, thieves and chests, and your hand.

Drawn from one seat's view (or the public view, seat None, while the device waits between people
or bots play) with the shared widgets.  Every button that plays carries its action; the taps here
change only the draft: the palace picked, the kind of guard move, its destination.  Each seat has a
colour and its number on every guard and thief, so colour is never the only cue.
"""
from __future__ import annotations

from pycore.kit.words import capital
from pycore.twelve_thieves import (CARD_NAMES, CHESTS_TO_WIN, DANCER, MAX_ROUNDS, PALACE_NAMES,
                                   PALACE_SYMBOLS, PALACES, TABLE_RULES, cards_words,
                                   describe, palace_name)

from ... import widgets
from ...markup import attrs, button, esc, join_names
from ...widgets import act_button, choice_button, matching

BLURB = ("Slip thieves past the guards of six palaces and carry off their treasure chests; move "
         "guards to open your way and bar the others'.")
SEAT_WORD = "player"
DEFAULT_SEATS = 3
DEMO_SEATS = 3
OPTION_FIELDS: list = []

# Where the screen adds to the engine's rulings (the rules page lists both).
SCREEN_RULES = [
    "Palaces are numbered 1 to 6 and each has its own symbol: 1 Sun ☀, 2 Moon ☾, 3 Star ★, "
    "4 Lamp ♨, 5 Rose ✿, 6 Key ⚷. A palace card shows its palace's symbol; a Dancer shows ✦.",
    "Every guard and thief carries its player's number as well as their colour; neutral guards "
    "are black with a white ring.",
    "Tap a palace to act there: the sheet at the bottom lists what you can do from it, each with "
    "its exact cost, before anything is played.",
    "Pass and play: before each person's turn the screen covers everything and names who should "
    "take the device; nothing secret shows until they tap.",
]

MOVE_WORDS = {"move_guard": "Move your guard", "move_neutral": "Move a neutral guard",
              "escort": "Move your guard with a thief"}


def table_rules() -> list:
    """The engine's rulings, then the screen's own."""
    return list(TABLE_RULES) + SCREEN_RULES


def option_enabled(option, seats, options) -> bool:
    return True     # the game has no options


def out_of_turn(view):
    return None     # nobody acts out of turn in 12 Thieves


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def card_html(card: str, count: int = 0) -> str:
    """A card chip: its symbol and name (and how many, when grouped)."""
    times = f'<span class="times">×{count}</span>' if count else ""
    return (f'<span{attrs(class_=f"tcard c-{card}", title=CARD_NAMES[card])}><span class="sym">'
            f'{PALACE_SYMBOLS[card]}</span>{esc(CARD_NAMES[card])}{times}</span>')


def pay_html(pay: list) -> str:
    return "".join(card_html(card) for card in pay)


def guard_html(owner, names) -> str:
    if owner is None:
        return '<span class="guard neutral" role="img" aria-label="neutral guard">N</span>'
    return (f'<span class="guard s{owner}" role="img" aria-label="guard of {esc(names[owner])}">'
            f'{owner + 1}</span>')


def summary(view, names) -> str:
    chests = ", ".join(f"{names[p['seat']]} {len(p['chests'])}" for p in view["players"])
    if view["outcome"]:
        winners = view["outcome"]["winners"]
        who = join_names([names[s] for s in winners]) if winners else "Nobody"
        return f"{who} won · chests: {chests}."
    if view["phase"] == "guards":
        return f"{names[view['turn']]} is placing a guard."
    return f"Round {view['round']} · {names[view['turn']]}'s turn · chests: {chests}."








# -- the shell's hooks: standings, covers, recaps, motion (see boards.py) ------------------------
def standings(view, names) -> list:
    """Winners first, then by chests, then by thieves on the board."""
    winners = view["outcome"]["winners"] if view["outcome"] else []
    players = view["players"]
    on_board = {p["seat"]: sum(palace["thieves"][p["seat"]] for palace in view["palaces"]) for p in players}
    key = {p["seat"]: (p["seat"] not in winners, -len(p["chests"]), -on_board[p["seat"]]) for p in players}
    order = sorted(key, key=key.get)
    return [{"place": 1 + sum(key[other] < key[seat] for other in order), "name": names[seat],
             "figures": {"Chests": len(players[seat]["chests"]), "Thieves in palaces": on_board[seat],
                         "Cards": players[seat]["hand"]}}
            for seat in order]


def cover_reason(view, seat, names) -> str:
    who = names[seat]
    if view["phase"] == "guards":
        return f"{who} places a guard."
    if view["turn"] == seat:
        return f"Round {view['round']}: {who}'s turn."
    return ""


# A turn's events in a few words each, after the player's name (the rest in the engine's words).
TURN_WORDS = {
    "place_guard": lambda event: f"placed a guard at {PALACE_NAMES[PALACES[event['palace']]]}",
    "place_thief": lambda event: f"a thief into {PALACE_NAMES[PALACES[event['palace']]]}",
    "steal": lambda event: f"stole the {event['chest']}-chest of {PALACE_NAMES[PALACES[event['palace']]]}",
    "move_guard": lambda event: f"a guard to {PALACE_NAMES[PALACES[event['to']]]}",
    "move_neutral": lambda event: f"a neutral guard to {PALACE_NAMES[PALACES[event['to']]]}",
    "escort": lambda event: f"a guard and thief to {PALACE_NAMES[PALACES[event['to']]]}",
}


def drew_words(deck: int, dancers: int, passed: bool) -> str:
    """'drew 3', 'passed: drew 1 and took 3 Dancers'."""
    parts = ([f"drew {deck}"] if deck else []) + ([f"took {plural(dancers, 'Dancer')}"] if dancers else [])
    return ("passed: " if passed else "") + (" and ".join(parts) or "drew nothing")


def recap(events, names, seat) -> list:
    """One line a turn: "Sly: a thief into Lamp, stole the 4-chest of Sun, drew 3."."""
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
            doing = doing + ([drew_words(deck, dancers, passed=not doing)] if deck or dancers else [])
            lines.append(f"{'You' if player == seat else names[player]}: {', '.join(doing)}.")
        turn = [by, [TURN_WORDS[kind](event)], 0, 0] if kind in TURN_WORDS else None
        if kind == "draw":
            turn = [by, [], event["deck"], event["dancers"]]
        elif kind not in TURN_WORDS and kind != "turn":
            lines.append(describe(event, names, seat))
    return lines


def motion(events, view) -> dict:
    """A thief slides into its palace, a stolen chest turns over, moved guards slide in."""
    marks = {}
    for event in events:
        kind = event["type"]
        if kind in ("place_thief", "place_guard"):
            marks[f"palace-{event['palace']}"] = "tt-slide"
        elif kind == "steal":
            marks[f"palace-{event['palace']}"] = "tt-flip"
            marks[f"player-{event['by']}"] = "tt-flip"
        elif kind in MOVE_WORDS:
            marks[f"palace-{event['to']}"] = "tt-slide"
        elif kind == "draw":
            marks["hand"] = "tt-slide"
    return marks


# -- the draft and the taps that change it -------------------------------------------------------
def new_draft() -> dict:
    return {"palace": None, "mode": None, "to": None}


def tap(draft, command, data, view):
    if command == "palace":
        draft.update(palace=int(data["palace"]), mode=None, to=None)
    elif command == "clear-palace":
        draft.update(palace=None, mode=None, to=None)
    elif command == "move-mode":
        draft.update(mode=data["mode"], to=None)
    elif command == "move-to":
        draft["to"] = int(data["to"])
    elif command == "move-cancel":
        draft.update(mode=None, to=None)


def from_palace(legal, palace) -> list:
    """Every legal action that starts at ``palace``."""
    return [a for a in legal if a.get("palace") == palace and a["type"] in ("place_thief", "steal")
            or a.get("from") == palace]


def tidy(draft, legal):
    """Forget a choice the game has moved past."""
    if draft["palace"] is not None and not from_palace(legal, draft["palace"]):
        draft.update(palace=None, mode=None, to=None)
    if draft["mode"] and not matching(legal, type=draft["mode"], **{"from": draft["palace"]}):
        draft.update(mode=None, to=None)


# -- the board ------------------------------------------------------------------------------------
def draw(scene) -> str:
    view = scene.view
    tidy(scene.draft, scene.legal)
    return "".join([widgets.status(status(scene)), bazaar(scene), supply_line(view),
                    hand_panel(view), players(scene), sheet(scene)])


def status(scene) -> str:
    view, names, legal = scene.view, scene.names, scene.legal
    if view["outcome"]:
        winners = view["outcome"]["winners"]
        if not winners:
            return f"{MAX_ROUNDS} rounds are over and nobody took a chest."
        return f"{join_names([names[s] for s in winners])} {'wins' if len(winners) == 1 else 'win'}!"
    turn = names[view["turn"]]
    mine = view["seat"] is not None and bool(legal)
    if view["phase"] == "guards":
        return f"{names[view['seat']]}: place a guard on a palace." if mine else f"{turn} is placing a guard."
    if view["step"] == "draw":
        return (f"{names[view['seat']]}: you passed — draw {view['draws_left']} more, each from the deck or a Dancer."
                if mine else f"{turn} passed and is drawing.")
    if not mine:
        return f"Round {view['round']}: {turn}'s turn."
    left = view["thief_actions_left"]
    return (f"Round {view['round']}, your turn: {plural(left, 'thief action')} left. "
            f"Tap a palace to act there.")


def cost_note(view, palace) -> str:
    """What a thief costs the seat on screen at this palace, or why it cannot go there."""
    seat = view["seat"]
    if seat is None or view["phase"] != "turn":
        return ""
    info = view["palaces"][palace]
    if not info["chests"]:
        return "no chests left"
    if seat not in info["guards"]:
        return "no guard of yours"
    foreign = sum(1 for owner in info["guards"] if owner != seat)
    if not foreign:
        return "no guard to slip past"
    return f"a thief: {foreign} {PALACE_SYMBOLS[PALACES[palace]]}"


def palace_tile(scene, palace) -> str:
    view, names, draft = scene.view, scene.names, scene.draft
    info = view["palaces"][palace]
    name = PALACES[palace]
    guards = [guard_html(owner, names) for owner in info["guards"]]
    guards += ['<span class="guard open" role="img" aria-label="open guard space"></span>'] * info["open_spaces"]
    chests = info["chests"]
    stack = (f'<span class="chest top" title="top chest">{chests[0]}</span>'
             + "".join(f'<span class="chest">{n}</span>' for n in chests[1:]) if chests
             else '<span class="chest empty">empty</span>')
    thieves = "".join(f'<span class="thief s{seat}" title="{esc(names[seat])}">{seat + 1}<b>×{count}</b></span>'
                      for seat, count in enumerate(info["thieves"]) if count)
    cost = cost_note(view, palace)
    inner = (f'<span class="pal-head"><span class="sym">{PALACE_SYMBOLS[name]}</span>'
             f'<span class="pal-name">{palace + 1} {esc(PALACE_NAMES[name])}</span></span>'
             f'<span class="guards">{"".join(guards)}</span>'
             f'<span class="chests">{stack}</span>'
             f'<span class="thieves">{thieves or "<span class=muted>no thieves</span>"}</span>'
             + (f'<span class="cost">{esc(cost)}</span>' if cost else ""))
    guard_words = ", ".join("neutral" if o is None else names[o] for o in info["guards"]) or "none"
    thief_words = ", ".join(f"{names[s]} {c}" for s, c in enumerate(info["thieves"]) if c) or "none"
    label = (f"{capital(palace_name(palace))}: guards {guard_words}; {info['open_spaces']} open; "
             f"top chest {chests[0] if chests else 'none'}; thieves {thief_words}" + (f"; {cost}" if cost else ""))
    cls = f"palace p-{name}" + (" picked" if draft["palace"] == palace else "")
    tap = ("palace", {"palace": palace}) if from_palace(scene.legal, palace) and view["step"] == "act" else None
    where = {} if tap else {"data_palace": palace}
    return widgets.tile(inner, cls, label, tap=tap, data_motion=f"palace-{palace}", **where)


def bazaar(scene) -> str:
    tiles = "".join(palace_tile(scene, palace) for palace in range(len(PALACES)))
    return f'<div class="bazaar" data-testid="bazaar">{tiles}</div>'


def supply_line(view) -> str:
    discards = sum(view["discard"])
    return (f'<p class="supply muted">Deck {view["deck"]} · discards {discards} · '
            f'{card_html(DANCER)} face up: {view["dancer_supply"]} · '
            f'{CHESTS_TO_WIN[view["seats"]]} chests win</p>')


def hand_panel(view) -> str:
    if view["seat"] is None or "hand" not in view or view["phase"] == "guards":
        return ""
    hand = view["hand"]
    groups = " ".join(card_html(card, hand.count(card)) for card in dict.fromkeys(hand))
    return (f'<section class="panel mine" data-testid="hand" data-motion="hand"><h3>Your hand · '
            f'{plural(len(hand), "card")}</h3><div class="hand-cards">{groups or "<span class=muted>no cards</span>"}</div>'
            f'</section>')


def players(scene) -> str:
    view, names = scene.view, scene.names
    winners = view["outcome"]["winners"] if view["outcome"] else []
    items = []
    for player in view["players"]:
        seat = player["seat"]
        classes = ["pl", f"s{seat}"] + (["turn"] if seat == view["turn"] and not view["outcome"] else []) \
            + (["you"] if seat == view["seat"] else []) + (["win"] if seat in winners else [])
        chests = ", ".join(str(n) for n in player["chests"]) or "none"
        meta = (f"{plural(player['guards_to_place'], 'guard')} to place" if view["phase"] == "guards"
                else f"{plural(player['hand'], 'card')} ({player['dancers']} ✦) · {player['thieves']} thieves home")
        bot = f' <span class="pl-bot">{esc(scene.bots[seat])}</span>' if seat in scene.bots else ""
        you = " (you)" if seat == view["seat"] else ""
        items.append(f'<li{attrs(class_=" ".join(classes), data_motion=f"player-{seat}")}>'
                     f'<span class="pl-no">{seat + 1}</span><span class="pl-name">{esc(names[seat])}{you}{bot}</span>'
                     f'<span class="pl-meta">{esc(meta)}</span>'
                     f'<span class="pl-chests">Chests: {esc(chests)} ({len(player["chests"])} of {view["target"]})</span></li>')
    return f'<section class="players-wrap"><ol class="players">{"".join(items)}</ol></section>'


# -- the action sheet: the current choice, always in view -----------------------------------------
def sheet(scene) -> str:
    view, legal = scene.view, scene.legal
    if not legal or view["outcome"]:
        return ""
    if view["phase"] == "guards":
        keys = [act_button(f'<span class="sym">{PALACE_SYMBOLS[name]}</span> {p + 1} {esc(PALACE_NAMES[name])}',
                           {"type": "place_guard", "palace": p}, "btn", legal) for p, name in enumerate(PALACES)]
        return (f'<section class="panel sheet guards-sheet" data-testid="sheet"><h3>Place a guard</h3>'
                f'<p class="muted">A palace with room for it:</p><p class="actions">{" ".join(keys)}</p></section>')
    if view["step"] == "draw":
        return draw_sheet(scene)
    draft = scene.draft
    body = palace_sheet(scene) if draft["palace"] is not None else (
        '<p class="muted">Tap a palace above: placing a thief, stealing and moving guards start there.</p>')
    end_words = "End turn: draw 3" if view["acted"] else "Pass: draw 4 (Dancers allowed)"
    end = act_button(end_words, {"type": "end_turn"}, "btn primary big" if view["acted"] else "btn big", legal)
    return (f'<section class="panel sheet act-sheet" data-testid="sheet">{body}'
            f'<p class="actions">{end}</p></section>')


def draw_sheet(scene) -> str:
    view, legal = scene.view, scene.legal
    number = 5 - view["draws_left"]
    deck = act_button("From the deck", {"type": "draw", "from": "deck"}, "btn big", legal)
    dancer = act_button(f"{card_html(DANCER)} a Dancer ({view['dancer_supply']} left)",
                        {"type": "draw", "from": "dancers"}, "btn big", legal)
    return (f'<section class="panel sheet draw-sheet" data-testid="sheet"><h3>Pass draw: card {number} of 4</h3>'
            f'<p class="actions">{deck} {dancer}</p></section>')


def palace_sheet(scene) -> str:
    view, legal, draft = scene.view, scene.legal, scene.draft
    palace = draft["palace"]
    name = PALACES[palace]
    head = f'<h3><span class="sym">{PALACE_SYMBOLS[name]}</span> {esc(capital(palace_name(palace)))}</h3>'
    back = f'<p>{button("Choose another palace", "clear-palace", "btn small")}</p>'
    if draft["mode"]:
        return head + move_sheet(scene) + back
    parts = []
    for action in matching(legal, type="steal", palace=palace):
        chest = view["palaces"][palace]["chests"][0]
        parts.append(act_button(f"Steal the {chest}-chest ({chest} thieves come home)", action, "btn primary big"))
    thieves = matching(legal, type="place_thief", palace=palace)
    if thieves:
        buttons = " ".join(act_button(f"Place a thief · pay {pay_html(a['pay'])}", a, "btn pay-btn",
                                      aria_label=f"Place a thief, paying {cards_words(a['pay'])}") for a in thieves)
        parts.append(f'<p class="actions">{buttons}</p>')
    elif view["thief_actions_left"] and not parts:
        why = cost_note(view, palace)
        parts.append(f'<p class="muted">No thief here now{": " + esc(why) if why and not why.startswith("a thief") else " (you lack the cards)"}.</p>')
    moves = [button(words + "…", "move-mode", "btn", mode=kind)
             for kind, words in MOVE_WORDS.items() if matching(legal, type=kind, **{"from": palace})]
    if moves:
        parts.append(f'<p class="actions">{" ".join(moves)}</p>')
    return head + "".join(parts) + back


def move_sheet(scene) -> str:
    """A guard move from the picked palace: where to, then how to pay."""
    legal, draft = scene.legal, scene.draft
    kind, palace = draft["mode"], draft["palace"]
    moves = matching(legal, type=kind, **{"from": palace})
    intro = f'<p><strong>{esc(MOVE_WORDS[kind])}</strong> from here to:</p>'
    if draft["to"] is None:
        places = sorted({a["to"] for a in moves})
        keys = [choice_button(f'<span class="sym">{PALACE_SYMBOLS[PALACES[to]]}</span> {to + 1} {esc(PALACE_NAMES[PALACES[to]])}'
                              + (f" · pay {pay_html(only[0]['pay'])}" if len(only := matching(moves, to=to)) == 1 else ""),
                              only, "move-to", "btn", to=to)
                for to in places]
        cancel = button("Back", "move-cancel", "btn small")
        return intro + f'<p class="actions">{" ".join(keys)}</p><p>{cancel}</p>'
    to = draft["to"]
    pays = " ".join(act_button(f"Pay {pay_html(a['pay'])}", a, "btn pay-btn",
                               aria_label=f"{MOVE_WORDS[kind]} to {palace_name(to)}, paying {cards_words(a['pay'])}")
                    for a in matching(moves, to=to))
    return (f'<p><strong>{esc(MOVE_WORDS[kind])}</strong> to {esc(palace_name(to))}: how to pay?</p>'
            f'<p class="actions">{pays}</p><p>{button("Back", "move-cancel", "btn small")}</p>')
