"""12 Thieves' board: the bazaar of six palaces, their guards, thieves and chests, and your hand.

Drawn from one seat's view (or the public view, seat None, while the device waits between people
or bots play) as the play layout's regions (widgets.Regions): the board (the players' strip and
the bazaar), the hand docked below it, and the sheet of the current choice.  A choice goes palace
-> action -> payment (or, for a guard move, destination -> payment), one short step at a time; the
palace picked carries ``data-subject`` and stays uncovered in the bazaar, and so does the hand when
a payment comes from it.  Every button that plays carries its action; the taps here change only
the draft.  Each seat has a colour and its number on every guard and row of thieves, so colour is
never the only cue.  Watched back (moment "replay", from a view with every hand in it) the board
is the one played on, with each player's hand turned up in the strip and the palace of the latest
move marked; nothing on it is tapped.  The drawings are in pictures.py.
"""
from __future__ import annotations

from pycore.twelve_thieves import CARDS, DANCER, PALACE_NAMES, PALACES, cards_words, palace_name

from ... import widgets
from ...markup import attrs, button, capital, esc, ordinal
from ...widgets import act_button, choice_button, matching
from .draft import from_palace, mode_actions, tidy
from .hooks import MOVE_WORDS, TURN_WORDS, plural, reason
from .pictures import card, card_back, chest, chip, mark, palace_art, shield, thief

# Which guard moves, when a palace offers more than one kind of guard move (the "guard" step).
WHICH_GUARD = {"move_guard": "Your guard", "move_neutral": "A neutral guard", "escort": "Your guard and a thief"}


def pay_html(pay: list, names: bool = True) -> str:
    """The cards of a payment as chips (their marks, and names unless ``names`` is False)."""
    return "".join(chip(card_name, names) for card_name in pay)


# -- the regions -----------------------------------------------------------------------------------
def draw(scene) -> widgets.Regions:
    tidy(scene.draft, scene.legal)
    prompt, sheet = choice(scene)
    return widgets.Regions(board=board(scene), hand=hand(scene), sheet=sheet, prompt=prompt,
                           status=status(scene))


def names_turn(scene) -> bool:
    """Whether the screen may name whose turn it is: not between people (the hand-over names
    nobody's turn until they have the device) nor while a turn lands."""
    return scene.moment not in ("handover", "landing") and not scene.view["outcome"]


def status(scene) -> str:
    """The bar: the round and whose turn, by name ("your turn" only for a person alone with bots:
    at a hot-seat table the bar says who is to hold the device)."""
    view = scene.view
    if view["outcome"]:
        return f"Round {view['round']} · the end"
    where = "Set-up" if view["phase"] == "guards" else f"Round {view['round']}"
    if not names_turn(scene):
        return where
    return f"{where} · {scene.whose_turn(view['turn'])}"


# -- the board: the players' strip and the bazaar ------------------------------------------------
def board(scene) -> str:
    if scene.moment == "replay":    # watched back: the board as played, every hand turned up in the strip
        return f'<div class="tt12 replay">{players(scene)}{bazaar(scene)}</div>'
    if scene.view["outcome"]:       # the players' strip becomes everyone's chests and whole hand
        return f'<div class="tt12 over">{final_hands(scene)}{bazaar(scene)}</div>'
    return f'<div class="tt12">{players(scene)}{bazaar(scene)}</div>'


def players(scene) -> str:
    view, names = scene.view, scene.names
    chips = []
    for player in view["players"]:
        seat = player["seat"]
        classes = ["pl", f"s{seat}"] + (["turn"] if seat == view["turn"] and names_turn(scene) else []) \
            + (["you"] if seat == view["seat"] else [])
        if view["phase"] == "guards":
            stats = (f'<span class="st" title="guards to place">{shield(seat, names)}'
                     f'{player["guards_to_place"]} to place</span>')
        else:
            dancers = f' <span class="dn">{mark(DANCER)}{player["dancers"]}</span>' if player["dancers"] else ""
            held = (f'<span class="st held" data-hand-of="{seat}">{held_html(player)}</span>' if scene.moment == "replay" else
                    f'<span class="st cards"><span class="cardicon" aria-hidden="true"></span>{player["hand"]}{dancers}</span>')
            stats = (f'<span class="st won">{chest(len(player["chests"]), "chest mini")}'
                     f'<span class="of">of {view["target"]}</span></span>{held}')
        bot = f", {scene.bots[seat]}" if seat in scene.bots else ""
        label = (f"{names[seat]}{' (you)' if seat == view['seat'] else ''}{bot}: "
                 + (f"{plural(player['guards_to_place'], 'guard')} to place" if view["phase"] == "guards" else
                    f"{plural(len(player['chests']), 'chest')} of {view['target']}, {plural(player['hand'], 'card')}"
                    f" ({player['dancers']} Dancers), {player['thieves']} thieves at home")
                 + (", to play" if "turn" in classes else ""))
        chips.append(f'<li{attrs(class_=" ".join(classes), data_motion=f"player-{seat}", aria_label=label)}>'
                     f'{player_mark(seat, names)}<span class="stats">{stats}</span></li>')
    return f'<ol class="players n{len(chips)}" data-testid="players">{"".join(chips)}</ol>'


def player_mark(seat, names) -> str:
    """A player's mark: their thief in the seat's colour, the seat's number and the name."""
    return (f'<span class="who">{thief(seat)}<b class="no">{seat + 1}</b>'
            f'{widgets.name_tag(names[seat], "pl-name")}</span>')


def bazaar(scene) -> str:
    cells = "".join(palace_cell(scene, palace) for palace in range(len(PALACES)))
    return f'<div class="bazaar" data-testid="bazaar">{cells}</div>'


def thief_cost(view, palace):
    """What a thief costs the seat on screen at this palace (cards of it), or why none can go
    there (words); None when the question does not arise (it is not acting on this screen)."""
    seat = view["seat"]
    if seat is None or view["turn"] != seat or view["step"] != "act":
        return None
    info = view["palaces"][palace]
    if not info["chests"]:
        return "no chests left"
    if seat not in info["guards"]:
        return "no guard of yours"
    foreign = sum(1 for owner in info["guards"] if owner != seat)
    return foreign or "no guard to slip past"


def cost_html(palace, cost) -> str:
    """The cost as the palace shows it: "a thief: 2" and the palace's mark, or the reason."""
    if isinstance(cost, int):
        return f"a thief: {cost}{mark(PALACES[palace])}"
    return esc(cost or "")


def cost_words(palace, cost) -> str:
    if isinstance(cost, int):
        return f"a thief costs {plural(cost, PALACE_NAMES[PALACES[palace]] + ' card')}"
    return cost or ""


def palace_picture(info, names, cost=None, steal=False) -> str:
    """A palace as the board draws it (the rules page draws the same): its drawing and name, the
    chests (the top one with the thieves it needs), the guards as shields and open spaces, a row
    of thieves per player counting up to the top chest, and what a thief costs you there."""
    name = info["name"]
    chests = info["chests"]
    top = chests[0] if chests else None
    palace = info["palace"]
    guards = [shield(owner, names, key=f"guard-{palace}-{slot}") for slot, owner in enumerate(info["guards"])]
    guards += [shield("open")] * info["open_spaces"]
    stack = (chest(top, "chest top") + (f'<span class="rest">{" ".join(str(n) for n in chests[1:])}</span>' if chests[1:] else "")
             if chests else '<span class="chest gone">none left</span>')
    rows = []
    for seat, count in enumerate(info["thieves"]):
        if not count:
            continue
        figures = [thief(seat, key=f"thief-{palace}-{seat}-{i}") for i in range(count)]
        figures += [thief(seat, ghost=True)] * (max(0, top - count) if top else 0)
        rows.append(f'<span class="trow s{seat}{" full" if top and count >= top else ""}" data-seat="{seat}">'
                    f'<b class="no">{seat + 1}</b>{"".join(figures)}</span>')
    note = "Steal the chest!" if steal else cost_html(palace, cost)
    return (f'<span class="ph">{palace_art(name)}<span class="pn">{esc(PALACE_NAMES[name])}</span>'
            f'<span class="chests">{stack}</span></span>'
            f'<span class="guards">{"".join(guards)}</span>'
            f'<span class="thieves">{"".join(rows)}</span>'
            + (f'<span class="cost">{note}</span>' if note else ""))


def palace_label(info, names, cost=None) -> str:
    """The palace in words, for a screen reader (the picture's aria-label)."""
    chests = info["chests"]
    guard_words = ", ".join("neutral" if o is None else names[o] for o in info["guards"]) or "none"
    thief_words = ", ".join(f"{names[s]} {c}" for s, c in enumerate(info["thieves"]) if c) or "none"
    return (f"{capital(palace_name(info['palace']))}: guards {guard_words}; {info['open_spaces']} open; "
            f"top chest {chests[0] if chests else 'none'}; thieves {thief_words}"
            + (f"; {cost_words(info['palace'], cost)}" if cost else ""))


def palace_cell(scene, palace) -> str:
    """One palace in the bazaar, as the button the current step taps (pick it, send a guard
    there, place a guard) or as a picture."""
    view, names, draft, legal = scene.view, scene.names, scene.draft, scene.legal
    info = view["palaces"][palace]
    steal = bool(matching(legal, type="steal", palace=palace))
    cost = thief_cost(view, palace)
    inner = palace_picture(info, names, cost, steal)
    picked = draft["palace"] == palace
    moved = scene.moment == "replay" and palace == last_palace(view["log"])
    cls = (f"palace p-{info['name']}" + (" picked" if picked else "") + (" ready" if steal else "")
           + (" moved" if moved else "") + ("" if info["chests"] else " spent"))
    common = {"data_palace": palace, "data_motion": f"palace-{palace}", "aria_label": palace_label(info, names, cost)}
    moving = draft["mode"] in MOVE_WORDS
    destinations = {a["to"] for a in matching(legal, type=draft["mode"], **{"from": draft["palace"]})} if moving else set()
    place_guard = {"type": "place_guard", "palace": palace}
    if place_guard in legal:
        tile = f'<button{attrs(class_=cls, data_act=widgets.action_json(place_guard), data_pick=True, **common)}>{inner}</button>'
    elif palace in destinations:    # named by data-to alone, so a hint's move lights it up
        chosen = draft["to"] == palace
        where = dict(common, data_palace=None)
        tile = (f'<button{attrs(class_=cls + " dest" + (" picked" if chosen else ""), data_command="move-to", data_to=palace, data_pick=True, **where)}>'
                f'{inner}</button>')
        picked = picked or chosen
    elif not moving and view["step"] == "act" and from_palace(legal, palace):
        tile = f'<button{attrs(class_=cls, data_command="palace", data_pick=True, **common)}>{inner}</button>'
    else:
        tile = f'<span{attrs(class_=cls, role="img", **common, **palace_why(scene, palace, cost, moving))}>{inner}</span>'
    return (f'<div{attrs(class_="pcell", data_subject=picked, style=cell_place(palace))}>{tile}'
            f'{carried(view, palace)}</div>')


def palace_why(scene, palace, cost, moving) -> dict:
    """A palace that is no choice now says why when tapped: where a guard is being moved, that it
    cannot go there; where a thief cannot go, why (its cost's words); else the engine's words for
    the step (placing a guard, stealing its chest)."""
    view = scene.view
    if scene.moment not in ("turn", "wait") or view["seat"] is None:
        return {}
    if moving:
        return widgets.says_why(words=f"The guard cannot go to {palace_name(palace)} from "
                                      f"{palace_name(scene.draft['palace'])}: tap a palace ringed for it.")
    if view["phase"] == "guards":
        return widgets.says_why({"type": "place_guard", "palace": palace})
    if isinstance(cost, str):
        return widgets.says_why(words=f"No thief here: {cost}.")
    return widgets.says_why({"type": "steal", "palace": palace})


def last_palace(log):
    """The palace the latest event happened at (a guard or thief placed or moved there, a chest
    stolen), or None: Watch it back marks it, so each move shows where it was made."""
    event = log[-1] if log else {}
    return event.get("to", event.get("palace")) if event.get("type") in TURN_WORDS else None


def cell_place(palace) -> str:
    """Where a palace sits in the bazaar's two arrangements (2 or 3 columns): a stolen chest flies
    from there to its thief's place in the players' strip."""
    return f"--c2:{palace % 2};--r2:{palace // 2};--c3:{palace % 3};--r3:{palace // 3}"


def carried(view, palace) -> str:
    """The chest stolen here in the latest turn, and the thieves going home with it, drawn on
    their way to the thief (seen only while the motion runs)."""
    steals = [e for e in view["log"][last_turn_start(view["log"]):] if e["type"] == "steal" and e["palace"] == palace]
    if not steals:
        return ""
    event = steals[-1]
    seat = event["by"]
    return (f'<span class="carried s{seat}" data-motion="carry-{palace}" aria-hidden="true" '
            f'style="--to:{(seat + 0.5) / view["seats"]:.3f}">{chest(event["chest"], "chest top")}'
            f'<span class="home">{"".join(thief(seat) for _ in range(event["chest"]))}</span></span>')


def last_turn_start(log) -> int:
    return max((i for i, e in enumerate(log) if e["type"] == "turn"), default=0)


def final_hands(scene) -> str:
    """At the end everything is turned up: each player's chests and whole hand (the engine's final
    view holds every hand as ``players[s]["cards"]``)."""
    view, names = scene.view, scene.names
    rows = []
    for player in view["players"]:
        seat = player["seat"]
        held = held_html(player)
        won = "".join(chest(n, "chest mini") for n in player["chests"]) or '<span class="muted">no chests</span>'
        won_game = " win" if seat in view["outcome"]["winners"] else ""
        rows.append(f'<li class="fh s{seat}{won_game}" data-hand-of="{seat}" data-motion="player-{seat}">'
                    f'{player_mark(seat, names)}<span class="won">{won}</span>'
                    f'<span class="cards held">{held}</span></li>')
    return f'<section class="final" data-testid="final-hands"><h3>Every hand, turned up</h3><ol data-testid="players">{"".join(rows)}</ol></section>'


def held_html(player) -> str:
    """A player's whole hand turned up (``players[s]["cards"]``, in the views of a finished game and
    of Watch it back)."""
    return groups(player["cards"]) or '<span class="muted">no cards</span>'


# -- the hand ---------------------------------------------------------------------------------------
def groups(cards: list, usable=frozenset(), fresh=None) -> str:
    """Cards as cards, a stack per palace in board order, Dancers last."""
    fresh = fresh or {}
    out = []
    for name in CARDS:
        count = cards.count(name)
        if not count:
            continue
        cls = "usable" if name in usable else ""
        new = min(fresh.get(name, 0), count)
        badge = f'<span class="new">+{new}</span>' if new else ""
        out.append(card(name, count, cls + (" fresh" if new else ""), extra=badge))
    return "".join(out)


def drawn_last(view) -> dict:
    """The cards of the seat's own latest draw (its last turn's), by name: marked new in the hand."""
    seat, log = view["seat"], view["log"]
    turns = [i for i, e in enumerate(log) if e["type"] == "turn" and e["seat"] == seat]
    if not turns:
        return {}
    start = turns[-1]
    if view["turn"] == seat and view["step"] == "act" and len(turns) > 1:
        start = turns[-2]       # this turn has drawn nothing yet: the last turn's draw is the news
    fresh = {}
    for event in log[start:]:
        if event["type"] == "draw" and event["by"] == seat:
            for name in event.get("cards", []):
                fresh[name] = fresh.get(name, 0) + 1
            if event["dancers"]:
                fresh[DANCER] = fresh.get(DANCER, 0) + event["dancers"]
    return fresh


def hand(scene) -> str:
    view = scene.view
    if view["seat"] is None or not view.get("hand") or view["outcome"]:
        return ""
    cards = view["hand"]
    paying = payments(scene)
    usable = frozenset(name for action in paying for name in action["pay"])
    label = f"Your hand · {plural(len(cards), 'card')}" + (": the cards that can pay are lit" if usable else "")
    return (f'<div{attrs(class_="hand12" + (" paying" if usable else ""), data_motion="hand", data_subject=bool(usable), aria_label=label)}>'
            f'<p class="hl">{esc(label.split(":")[0])}</p><div class="cards">{groups(cards, usable, drawn_last(view))}</div></div>')


def payments(scene) -> list:
    """The actions whose payment the sheet offers now (their cards come from the hand)."""
    draft, legal = scene.draft, scene.legal
    if draft["palace"] is None or not scene.legal:
        return []
    if draft["mode"] is None:
        return matching(legal, type="place_thief", palace=draft["palace"])
    if draft["mode"] in MOVE_WORDS and draft["to"] is None:
        return []
    return mode_actions(legal, draft)


# -- the sheet: the current choice, one step at a time -------------------------------------------
def choice(scene) -> tuple:
    """(prompt, sheet HTML) of what the person on screen chooses now."""
    view, names, legal = scene.view, scene.names, scene.legal
    if scene.moment in ("handover", "landing", "replay"):
        return "", ""
    if view["outcome"]:
        return reason(view, names), ""
    if not legal:
        who = names[view["turn"]]
        doing = "is placing a guard" if view["phase"] == "guards" else "is thinking" if view["turn"] in scene.bots else "is playing"
        return f"{who} {doing}…", ""
    if view["phase"] == "guards":
        placed = sum(palace["guards"].count(view["seat"]) for palace in view["palaces"])
        left = view["players"][view["seat"]]["guards_to_place"]
        return f"Place your {ordinal(placed + 1)} guard of {placed + left}: tap a palace", ""
    if view["step"] == "draw":
        return draw_choice(scene)
    draft = scene.draft
    if draft["palace"] is None:
        left = view["thief_actions_left"]
        prompt = (f"Tap a palace to act there · {plural(left, 'thief action')} left" if left
                  else "No thief actions left: move a guard, or end your turn")
        words = "End turn: draw 3" if view["acted"] else f"Pass: draw 4, Dancers allowed ({view['dancer_supply']} left)"
        end = act_button(words, {"type": "end_turn"}, "btn primary big" if view["acted"] else "btn big", legal)
        return prompt, f'<p class="acts">{end}</p>'
    where = palace_name(draft["palace"])
    back = button("Back", "back", "btn small")
    if draft["mode"] is None:
        return f"{short(draft['palace'])} palace: choose what to do", f'<p class="acts">{actions_sheet(scene)} {back}</p>'
    if draft["mode"] == "place_thief":
        pays = [act_button(f"Pay {pay_html(a['pay'])}", a, "btn pay-btn",
                           aria_label=f"Place a thief, paying {cards_words(a['pay'])}")
                for a in mode_actions(legal, draft)]
        return f"Pay for a thief at {where}", f'<p class="acts">{" ".join(pays)} {back}</p>'
    if draft["mode"] == "guard":
        kinds = [button(WHICH_GUARD[kind] + "…", "mode", "btn", mode=kind)
                 for kind in MOVE_WORDS if matching(legal, type=kind, **{"from": draft["palace"]})]
        return f"{short(draft['palace'])} palace: which guard moves?", f'<p class="acts">{" ".join(kinds)} {back}</p>'
    words = MOVE_WORDS[draft["mode"]]
    if draft["to"] is None:
        moves = mode_actions(legal, draft)
        keys = [choice_button(f'{mark(PALACES[to])} {esc(PALACE_NAMES[PALACES[to]])}'
                              + (f" {pay_html(only[0]['pay'], names=False)}" if len(only := matching(moves, to=to)) == 1 else ""),
                              only, "move-to", "btn dest-btn", to=to,
                              aria_label=f"{words} to {palace_name(to)}" + (f", paying {cards_words(only[0]['pay'])}" if len(only) == 1 else ""))
                for to in sorted({a["to"] for a in moves})]
        return f"{words} from {short(draft['palace'])}: where to?", f'<p class="acts">{" ".join(keys)} {back}</p>'
    to = draft["to"]
    pays = [act_button(f"Pay {pay_html(a['pay'])}", a, "btn pay-btn",
                       aria_label=f"{words} to {palace_name(to)}, paying {cards_words(a['pay'])}")
            for a in mode_actions(legal, draft)]
    return f"{words} to {short(to)}: how will you pay?", f'<p class="acts">{" ".join(pays)} {back}</p>'


def short(palace: int) -> str:
    """'Star': a palace's name where the sentence says it is a palace."""
    return PALACE_NAMES[PALACES[palace]]


def actions_sheet(scene) -> str:
    """What the person can do from the picked palace: each action once; it plays at once when it
    has one way to pay (and one destination), else the next step asks."""
    view, legal, draft = scene.view, scene.legal, scene.draft
    palace = draft["palace"]
    keys = []
    for action in matching(legal, type="steal", palace=palace):
        top = view["palaces"][palace]["chests"][0]
        keys.append(act_button(f"Steal the {top}-chest ({top} thieves go home)", action, "btn primary"))
    thieves = matching(legal, type="place_thief", palace=palace)
    if thieves:
        pay = f" {pay_html(thieves[0]['pay'], names=False)}" if len(thieves) == 1 else "…"
        keys.append(choice_button(f"Place a thief{pay}", thieves, "mode", "btn", mode="place_thief",
                                  aria_label="Place a thief" + (f", paying {cards_words(thieves[0]['pay'])}" if len(thieves) == 1 else "")))
    kinds = [kind for kind in MOVE_WORDS if matching(legal, type=kind, **{"from": palace})]
    if kinds:       # one button for the guard moves: which guard, when there is a choice, comes next
        keys.append(button(f"{MOVE_WORDS[kinds[0]] if len(kinds) == 1 else 'Move a guard'}…", "mode", "btn",
                           mode=kinds[0] if len(kinds) == 1 else "guard"))
    if not thieves and view["thief_actions_left"] and not matching(legal, type="steal", palace=palace):
        why = thief_cost(view, palace)
        note = why if isinstance(why, str) else "you lack the cards"
        keys.append(f'<span class="why">No thief here: {note}.</span>')
    return " ".join(keys)


def draw_choice(scene) -> tuple:
    view, legal = scene.view, scene.legal
    number = 5 - view["draws_left"]
    deck = act_button(f"{card_back()} From the deck ({view['deck']})", {"type": "draw", "from": "deck"}, "btn draw-btn", legal)
    dancer = act_button(f"{card(DANCER, label='a Dancer')} A Dancer ({view['dancer_supply']} left)",
                        {"type": "draw", "from": "dancers"}, "btn draw-btn", legal)
    return (f"You passed: draw card {number} of 4, from the deck or a Dancer",
            f'<p class="acts">{deck} {dancer}</p>')
