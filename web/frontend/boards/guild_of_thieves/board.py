"""Guild of Thieves' board: the town, robbing, stealing, dues, locks and the Jeweled Box.

Drawn from one seat's view (or the public view, seat None, while the device waits between people
or bots play) with the shared widgets.  Every button that plays carries its action; the taps here
change only the draft: the house picked, paying dues or opening the box, the suit and value chosen.
"""
from __future__ import annotations

from pycore.guild_of_thieves import (DRAW_REASONS, GUESS_WORDS, JOKER, LOCK_GUESSES, SUIT_NAMES,
                                     SUIT_SYMBOLS, SUITS, TABLE_RULES, VALUES, card_order, card_text,
                                     card_words, describe, house_name, rank_of, suit_of)

from ... import widgets
from ...markup import attrs, button, esc, join_names, ordinal
from ...widgets import act_button, matching

BLURB = ("Rob houses by guessing their locks, find the Jeweled Box (the Joker) and work out the "
         "combination that opens it. Up to 32 players with Double Deck.")
SEAT_WORD = "player"
DEFAULT_SEATS = 3
DEMO_SEATS = 4
OPTION_FIELDS = [
    ("double_deck", "Double Deck", "Two decks: 32 houses and up to 32 players; a longer game."),
    ("i_know_where_you_live", "I Know Where You Live",
     "The Joker starts on top of the Guild House: anyone may pay dues for it, and everyone sees who did."),
    ("pen_and_paper", "Pen & Paper",
     "A notebook of what you have seen and which combinations are still possible."),
]

RED = ("D", "H")        # suits of the red colour
# Four colours, each with its own symbol, so shape and colour both tell a suit (colour-blind safe).
SUIT_INKS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}

# Where the screen adds to the engine's rulings (the rules page lists both).
SCREEN_RULES = [
    "Houses are numbered 1 to 16 (Double Deck 1 to 32) row by row, as they lie on the table: the "
    "top and bottom rows are slums (one card each), the middle rows rich houses (two cards each); "
    "the Guild House lies beside the first row of rich houses.",
    "Pass and play: before each person's turn (and each answer to a draw offer) the screen covers "
    "everything and names who should take the device; nothing secret shows until they tap.",
    "What you saw inside a house shows only on the thief's own screen, before the device moves on.",
    "A lock you know but others don't (your own, one you placed, one you looked at) is drawn with a "
    "dashed gold edge, on your screen only.",
    "Skipping a step: take a later step or end your turn. Locking the door, dues and changing your "
    "lock are all optional; robbing is not, while there is a house you may rob.",
    "A guess already publicly wrong at a house is still allowed (a wrong look at a town lock shows "
    "you that lock); the screen marks it as tried.",
    "Pen & Paper turns on a notebook: the suits and values your seen cards rule out, every card you "
    "have seen, the combinations still possible, and where your dues lie in the Guild House. "
    "Without it, remembering is the game.",
    "Combinations opened wrong are public: the screen lists them for everyone.",
]



def option_enabled(option, seats, options) -> bool:
    return True


def table_rules() -> list:
    return list(TABLE_RULES) + SCREEN_RULES


def out_of_turn(view):
    return None


# -- cards and houses on the board ----------------------------------------------------------------
def colour(card: str) -> str:
    if card == JOKER:
        return "joker"
    return ink(suit_of(card))


def ink(suit: str) -> str:
    """The classes a suit is drawn in: its colour (red, black) and its own ink."""
    return ("red " if suit in RED else "black ") + SUIT_INKS[suit]


def card_html(card: str, extra: str = "") -> str:
    cls = f"gcard {colour(card)}" + (f" {extra}" if extra else "")
    return f'<span{attrs(class_=cls, title=card_words(card))}>{esc(card_text(card))}</span>'


def house_label(view, number) -> str:
    """'slum 3', 'rich house 7' (numbered 1.. row by row, as on the board)."""
    return house_name(number, view["houses"][number]["kind"])


def place(view, number, names) -> str:
    owner = view["houses"][number]["owner"]
    if owner is None:
        return house_label(view, number)
    return "your house" if owner == view["seat"] else f"{names[owner]}'s house"


def guess_mark(guess: str) -> str:
    return SUIT_SYMBOLS.get(guess, guess)


def grid_place(row: int, column: int) -> str:
    """A place in the town's grid, as variables: the stylesheet may turn a wide town on its side."""
    return f"--row:{row + 1};--col:{column + 1}"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def summary(view, names) -> str:
    if view["outcome"]:
        combination = view.get("combination") or view["outcome"].get("combination")
        combo = f" The combination was {card_words(combination)}." if combination else ""
        winners = view["outcome"]["winners"]
        if winners:
            return f"{join_names([names[s] for s in winners])} opened the Jeweled Box.{combo}"
        return f"A draw.{combo}"
    if view["phase"] == "choose":
        return f"{names[view['turn']]} is choosing a house."
    left = sum(1 for house in view["houses"] if house["in_play"])
    return f"Round {view['round']} · {names[view['turn']]}'s turn · {left} houses in play."








# -- the shell's hooks: standings, covers, recaps, motion (see boards.py) -------------------------------
def standings(view, names) -> list:
    """Winners first, then players still in, then by locks opened (more) and wrong guesses (fewer)."""
    opened, wrong = [0] * view["seats"], [0] * view["seats"]
    for event in view["log"]:
        if event["type"] == "rob":
            (opened if event["hit"] else wrong)[event["by"]] += 1
    winners = view["outcome"]["winners"] if view["outcome"] else []
    players = view["players"]
    key = {seat: (seat not in winners, players[seat]["out"], -opened[seat], wrong[seat]) for seat in range(view["seats"])}
    order = sorted(range(view["seats"]), key=key.get)
    return [{"place": 1 + sum(key[other] < key[seat] for other in order), "name": names[seat],
             "figures": {"Locks opened": opened[seat], "Wrong guesses": wrong[seat],
                         "Cards held": "out" if players[seat]["out"] else players[seat]["hand"]}}
            for seat in order]


def cover_reason(view, seat, names) -> str:
    """Why the device goes to this seat now."""
    who = names[seat]
    offer = view.get("draw_offer")
    if offer:
        return f"{names[offer['by']]} offered a draw: {who} answers, yes or no."
    if view["phase"] == "choose":
        return f"{who} chooses a house."
    if view["turn"] == seat:
        return f"Round {view['round']}: {who}'s turn."
    return ""


# A turn's events in a few words each, after the thief's name (the rest in the engine's words).
TURN_WORDS = {
    "rob": lambda event, reader: (f"named {GUESS_WORDS.get(event['guess'], event['guess'])} at "
                                  f"{place_of(event, reader)} — {'right' if event['hit'] else 'wrong'}"),
    "steal": lambda event, reader: ("took nothing" if not event["took"] else
                                    "took the last card and the lock" if event.get("took_lock") else "took a card"),
    "lock_door": lambda event, reader: "locked the door behind them",
    "dues": lambda event, reader: "paid dues and drew the Joker!" if event.get("drew") == JOKER else "paid dues",
    "change_lock": lambda event, reader: "changed their lock",
    "choose_house": lambda event, reader: f"chose {house_name(event['house'], event['kind'])}",
}


def place_of(event, reader) -> str:
    owner = event.get("owner")
    if owner is None:
        return house_name(event["house"], event["kind"])
    return "your house" if owner == reader.viewer else f"{reader.names[owner]}'s house"


def recap(events, names, seat) -> list:
    """One line a turn: "Sly: named Hearts at rich house 7 — right, took a card, paid dues."."""
    return widgets.turn_recap(events, names, seat, TURN_WORDS, describe, quiet=("turn",))


def motion(events, view) -> dict:
    """A lock named right turns over, a wrong one shakes its house; stolen, locked and changed
    houses move; dues slide into the Guild House; a player out shakes; a new deal slides the town in."""
    marks = {}
    for event in events:
        kind = event["type"]
        if kind == "rob":
            marks[f"house-{event['house']}"] = "tt-flip" if event["hit"] else "tt-shake"
        elif kind in ("steal", "choose_house"):
            marks[f"house-{event['house']}"] = "tt-slide"
        elif kind in ("lock_door", "change_lock"):
            marks[f"house-{event['house']}"] = "tt-flip"
        elif kind == "dues":
            marks["guild-house"] = "tt-slide"
        elif kind == "out" or (kind == "open_box" and not event["right"]):
            marks[f"player-{event.get('seat', event.get('by'))}"] = "tt-shake"
    if not view["log"]:
        marks["town"] = "tt-slide"
    return marks


# -- the draft and the taps that change it -------------------------------------------------------
def new_draft() -> dict:
    return {"house": None, "mode": None, "suit": None, "value": None}


def tap(draft, command, data, view):
    if command == "house":
        draft["house"] = int(data["house"])
    elif command == "clear-house":
        draft["house"] = None
    elif command in ("dues-start", "box"):
        draft.update(mode="dues" if command == "dues-start" else "box", suit=None, value=None, house=None)
    elif command == "box-suit":
        draft["suit"] = data["suit"]
    elif command == "box-value":
        draft["value"] = data["value"]
    elif command == "box-pick":
        draft["suit"], draft["value"] = suit_of(data["code"]), rank_of(data["code"])
    elif command in ("dues-cancel", "box-cancel"):
        draft.update(mode=None, suit=None, value=None)


def tidy(draft, view, legal):
    """Forget a choice the game has moved past (another seat's, a step gone)."""
    if draft["house"] is not None:
        wanted = "choose_house" if view["phase"] == "choose" else "rob"
        if not matching(legal, type=wanted, house=draft["house"]):
            draft["house"] = None
    wanted = {"dues": "dues", "box": "open_box"}.get(draft["mode"])
    if wanted and not matching(legal, type=wanted):
        draft.update(mode=None, suit=None, value=None)


# -- the board ------------------------------------------------------------------------------------
def draw(scene) -> str:
    view = scene.view
    tidy(scene.draft, view, scene.legal)
    out = [widgets.status(status(scene))]
    if view["phase"] == "over":
        out.append(end_note(view))
    above, below = panels(scene)
    out += [above, town(scene), below, hand_panel(view), notebook_panel(view), players(scene)]
    return "".join(out)


def status(scene) -> str:
    view, names, draft, legal = scene.view, scene.names, scene.draft, scene.legal
    viewer = view["seat"]
    turn = view["turn"]
    if view["outcome"]:
        winners = view["outcome"]["winners"]
        if winners:
            return f"{join_names([names[s] for s in winners])} opened the Jeweled Box!"
        return f"The game is a draw: {DRAW_REASONS.get(view['outcome'].get('reason'), 'nobody won')}."
    mine = viewer is not None and bool(legal)
    you = names[viewer] if viewer is not None else ""
    if view["phase"] == "draw_offer":
        offer = view["draw_offer"]
        if mine:
            return f"{you}: {names[offer['by']]} offers a draw. Do you agree?"
        return f"{names[offer['by']]} offers a draw; waiting for {names[offer['waiting'][0]]} to answer."
    if not mine:
        if turn in scene.bots:
            doing = "choosing a house" if view["phase"] == "choose" else "thinking"
            return f"{names[turn]} is {doing}…"
        if view["phase"] == "choose":
            return f"{names[turn]} is choosing a house."
        return f"Round {view['round']}: {names[turn]}'s turn."
    if view["phase"] == "choose":
        if draft["house"] is not None:
            return f"{you}: make {house_label(view, draft['house'])} your house?"
        return f"{you}, choose your house: tap any free house in the town."
    step = view["step"]
    if draft["mode"] == "box":
        return "Open the Jeweled Box: choose a suit and a value, then open it."
    if step == "rob":
        if draft["house"] is not None:
            return f"Rob {place(view, draft['house'], names)}: name its lock."
        return f"Your turn, {you}: tap a house to rob it."
    if step == "steal":
        return "You got in! Take one of the cards, or nothing."
    if step == "dues_second":
        return "Pay dues: choose the second card."
    if draft["mode"] == "dues":
        return "Pay dues: choose the first of two cards."
    kinds = {a["type"] for a in legal}
    choices = [words for kind, words in (("lock_door", "lock the door"), ("dues", "pay dues"),
                                         ("change_lock", "change your lock")) if kind in kinds]
    text = join_names(choices + ["end your turn"]).replace(" and end", " or end")
    return f"{you}: {text}."


def end_note(view) -> str:
    combination = view.get("combination")
    if not combination:
        return ""
    tried = view.get("wrong_combinations") or []
    extra = f' <span class="muted">Tried and wrong: {esc(", ".join(card_text(c) for c in tried))}.</span>' if tried else ""
    return (f'<p class="panel combination" data-testid="combination">The combination was '
            f'{card_html(combination, "big")} <strong>{esc(card_words(combination))}</strong>.{extra}</p>')


# -- the town ---------------------------------------------------------------------------------------
def town(scene) -> str:
    view = scene.view
    columns = view["layout"]["columns"]
    guild_at = view["layout"]["guild_house"]
    tappable = {a["house"] for a in scene.legal if a["type"] in ("choose_house", "rob")}
    tiles = [house_tile(view, house, scene.names, tappable, scene.draft["house"]) for house in view["houses"]]
    gh = view["guild_house"]
    top = f'<span class="gh-top">{card_html(JOKER)} on top</span>' if gh.get("known_top") == JOKER else ""
    label = f"Guild House: {plural(gh['cards'], 'card')}" + (", the Joker on top" if top else "")
    tiles.append(f'<div{attrs(class_="guild-house", style=grid_place(guild_at["row"], guild_at["column"]), role="img", aria_label=label, data_motion="guild-house")}>'
                 f'<span class="gh-name">Guild<br>House</span><span class="h-count">{gh["cards"]}</span>{top}</div>')
    wide = " wide" if columns > 4 else ""
    return (f'<div class="town{wide}" data-testid="town" data-motion="town" data-arrows style="--cols:{columns};--rows:{view["layout"]["rows"]}">{"".join(tiles)}</div>'
            '<p class="legend muted"><span class="key slum"></span>slum (1 card) '
            '<span class="key rich"></span>rich house (2 cards) '
            '<span class="key yours"></span>yours</p>')


def house_tile(view, house, names, tappable, selected) -> str:
    number = house["house"]
    owner = house["owner"]
    viewer = view["seat"]
    classes = ["house", house["kind"]]
    words = [house_label(view, number)]
    style = grid_place(house["row"], house["column"])
    if not house["in_play"]:
        classes.append("gone")
        words.append("out of play")
        return (f'<div{attrs(class_=" ".join(classes), style=style, role="img", aria_label=", ".join(words))}>'
                f'<span class="h-no">{number + 1}</span><span class="h-gone">empty</span></div>')
    if owner is not None:
        classes.append("owned")
        words.append("yours" if owner == viewer else f"{names[owner]}'s house")
        if owner == viewer:
            classes.append("mine")
    words.append(plural(house["cards"], "card"))
    known = house.get("known_lock")
    if house["lock"]:       # face up, or every lock at the end
        lock = f'<span class="lock up {colour(house["lock"])}">{esc(card_text(house["lock"]))}</span>'
        words.append(f"lock face up: {card_words(house['lock'])}")
    elif known:
        lock = f'<span class="lock down known {colour(known)}">{esc(card_text(known))}</span>'
        words.append(f"lock face down; you know it is the {card_words(known)}")
    else:
        lock = '<span class="lock down"></span>'
        words.append("lock face down")
    wrong = list(dict.fromkeys(house.get("wrong_guesses") or []))
    tried = ""
    if wrong:
        marks = "".join(f'<b class="{ink(g) if g in SUITS else "black"}">{esc(guess_mark(g))}</b>' for g in wrong)
        tried = f'<span class="h-wrong" aria-hidden="true"><span class="h-not">not</span>{marks}</span>'
        words.append("wrong guesses: " + ", ".join(GUESS_WORDS.get(g, g) for g in wrong))
    who = ""
    if owner is not None:
        name = "you" if owner == viewer else esc(names[owner])
        who = f'<span class="h-owner"><span class="h-seat">{owner + 1}</span><span class="h-name">{name}</span></span>'
    inner = (f'<span class="h-top"><span class="h-no">{number + 1}</span>'
             f'<span class="h-count">{house["cards"]}</span></span>{lock}{tried}{who}')
    if number in tappable:
        classes += ["selected", "tappable"] if selected == number else ["tappable"]
        return widgets.tile(inner, " ".join(classes), ", ".join(words), tap=("house", {"house": number}),
                            style=style, aria_pressed="true" if selected == number else "false", data_motion=f"house-{number}")
    return f'<div{attrs(class_=" ".join(classes), style=style, role="img", aria_label=", ".join(words), data_motion=f"house-{number}")}>{inner}</div>'


# -- what the seat on screen may do now -------------------------------------------------------------
def panels(scene):
    """(HTML above the town, HTML below it): decisions about the town go under it."""
    view, legal, draft = scene.view, scene.legal, scene.draft
    if not legal:
        return "", ""
    extras = extras_line(legal)
    if view["phase"] == "choose":
        return "", choose_panel(scene) + extras
    if matching(legal, type="answer_draw"):
        return draw_panel(scene), ""
    if draft["mode"] == "box":
        return box_panel(scene), ""
    step = view["step"]
    if step == "steal":
        return reveal_panel(scene), ""
    if step == "dues_second" or draft["mode"] == "dues":
        return dues_panel(scene), ""
    if step == "rob":
        return "", rob_panel(scene) + extras
    return steps_panel(scene) + extras, ""


def extras_line(legal) -> str:
    """Open the box and offer a draw: at any point of the turn where they are legal."""
    parts = []
    if matching(legal, type="open_box"):
        parts.append(button("Open the Jeweled Box…", "box", "btn warn"))
    if {"type": "offer_draw"} in legal:
        parts.append(act_button("Offer a draw", {"type": "offer_draw"}, "btn small ghost"))
    return f'<p class="actions extras">{" ".join(parts)}</p>' if parts else ""


def choose_panel(scene) -> str:
    number = scene.draft["house"]
    if number is None:
        return ""
    view = scene.view
    cards = view["houses"][number]["cards"]
    make = act_button("Make it my house", {"type": "choose_house", "house": number}, "btn primary big", scene.legal)
    return (f'<section class="panel choose" data-testid="choose"><p>{esc(house_label(view, number)).capitalize()}: '
            f'{plural(cards, "card")} for your hand, its lock face down in front of you.</p>'
            f'<p class="actions">{make} {button("Choose another", "clear-house", "btn")}</p></section>')


def rob_panel(scene) -> str:
    view, draft = scene.view, scene.draft
    number = draft["house"]
    if number is None:
        return ""
    house = view["houses"][number]
    wrong = set(house.get("wrong_guesses") or [])
    known = house.get("known_lock")
    if house["lock_face_up"]:
        hint = f"Its lock is face up: the {card_words(house['lock'])}. Say it to walk in."
    elif known:
        hint = f"You know this lock: the {card_words(known)}."
    elif house["owner"] is not None:
        hint = ("Name a suit or a rank. Right: you see their whole hand and may take a card. "
                "Wrong: you only hear that it was wrong.")
    else:
        hint = ("Name a suit or a rank. Right: you see inside and may take a card. "
                "Wrong: you get a look at the lock.")
    guesses = LOCK_GUESSES
    if wrong and not house["lock_face_up"]:
        hint += " Already wrong here: " + ", ".join(GUESS_WORDS[g] for g in guesses if g in wrong) + "."
    keys = []
    for guess in guesses:
        cls = "btn guess-btn"
        if guess in SUITS:
            cls += " " + ink(guess)
        if guess in wrong:
            cls += " tried"
        if known and guess in (suit_of(known), rank_of(known)):
            cls += " hint"
        keys.append((f'<span class="sym">{esc(guess_mark(guess))}</span><span class="word">{esc(GUESS_WORDS[guess])}</span>',
                     {"type": "rob", "house": number, "guess": guess}, cls, f"Guess {GUESS_WORDS[guess]}"))
    intro = f'<h3>Rob {esc(place(view, number, scene.names))}</h3><p class="muted">{esc(hint)}</p>'
    return widgets.pad_panel("rob", "guess-pad", intro, keys, scene.legal, ("Choose another house", "clear-house"))


def reveal_panel(scene) -> str:
    view = scene.view
    pending = view.get("pending")
    if not pending:
        return ""
    number = pending["house"]
    owner = view["houses"][number]["owner"]
    where = house_label(view, number) if owner is None else f"{scene.names[owner]}'s hand"
    cards = [act_button(f'{card_html(card, "big")}<span class="take">take this one</span>', {"type": "steal", "card": card},
                        "btn steal-btn", scene.legal, aria_label=f"Take the {card_words(card)}")
             for card in pending["cards"]]
    last = ('<p class="muted">It is the last card: taking it takes the lock too, and the house leaves play.</p>'
            if len(pending["cards"]) == 1 else "")
    inside = "In" if owner is None else "You see"
    return (f'<section class="panel reveal" data-testid="reveal"><h3>{inside} {esc(where)}</h3>'
            f'<p class="muted">Only you see these now.</p><div class="steal-cards">{"".join(cards)}</div>{last}'
            f'<p class="actions">{act_button("Take nothing", {"type": "steal", "card": None}, "btn", scene.legal)}</p></section>')


def card_buttons(legal, kind: str, words: str) -> str:
    """A button per card the legal actions of one kind name, in the engine's card order."""
    cards = sorted({a["card"] for a in matching(legal, type=kind)}, key=card_order)
    return " ".join(act_button(card_html(card), {"type": kind, "card": card}, "btn card-btn",
                               aria_label=f"{words} the {card_words(card)}") for card in cards)


def steps_panel(scene) -> str:
    view, legal = scene.view, scene.legal
    parts = []
    doors = card_buttons(legal, "lock_door", "Lock the door with")
    if doors:
        robbed = view["houses"][view["robbed"]] if view["robbed"] is not None else None
        where = house_label(view, robbed["house"]) if robbed else "the house"
        old = f"its {card_text(robbed['lock'])}" if robbed and robbed.get("lock") else "its lock"
        parts.append(f'<div class="step"><p><strong>Lock the door</strong> of {esc(where)}: take '
                     f'{esc(old)} and put one of your royalties there face down.</p>'
                     f'<p class="actions">{doors}</p></div>')
    if matching(legal, type="dues"):
        parts.append(f'<div class="step"><p><strong>Pay dues</strong>: two cards to the bottom of the '
                     f'Guild House, then take its top card ({view["guild_house"]["cards"]} there now).</p>'
                     f'<p class="actions">{button("Pay dues…", "dues-start", "btn")}</p></div>')
    changes = card_buttons(legal, "change_lock", "Change your lock to")
    if changes:
        now = view.get("my_lock")
        current = f" (now {card_text(now)})" if now else ""
        parts.append(f'<div class="step"><p><strong>Change your lock</strong>{esc(current)} for a '
                     f'royalty from your hand:</p><p class="actions">{changes}</p></div>')
    end = act_button("End turn", {"type": "end_turn"}, "btn primary big") if {"type": "end_turn"} in legal else ""
    skip = ('<p class="muted small">Each step is optional. Taking a later step skips the earlier ones.</p>'
            if len(parts) > 1 else "")
    return (f'<section class="panel steps" data-testid="steps">{"".join(parts)}{skip}'
            f'<p class="actions">{end}</p></section>')


def dues_panel(scene) -> str:
    view = scene.view
    paid = view.get("dues_paid") or []
    if paid:
        head, cancel = f"First card down: {card_text(paid[0])}. Now the second:", ""
    else:
        head = "Choose the first of the two cards to pay:"
        cancel = f'<p>{button("Cancel", "dues-cancel", "btn small")}</p>'
    top = view["guild_house"].get("known_top")
    after = " You will draw the Joker: it is on top." if top == JOKER else " Then you draw the Guild House's top card."
    return (f'<section class="panel dues" data-testid="dues"><h3>Pay dues</h3>'
            f'<p>{esc(head)}</p><p class="actions">{card_buttons(scene.legal, "dues", "Pay")}</p>'
            f'<p class="muted">Both go to the bottom of the Guild House.{esc(after)}</p>{cancel}</section>')


def box_panel(scene) -> str:
    view, draft = scene.view, scene.draft
    notebook = view.get("notebook")
    suits_out = set(notebook["suits_out"]) if notebook else set()
    values_out = set(notebook["values_out"]) if notebook else set()
    suits = []
    for suit in SUITS:
        cls = "btn pick " + ink(suit)
        cls += (" on" if draft["suit"] == suit else "") + (" ruled-out" if suit in suits_out else "")
        suits.append(button(f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}", "box-suit", cls, suit=suit,
                            aria_pressed="true" if draft["suit"] == suit else "false"))
    values = []
    for value in VALUES:
        cls = "btn pick value" + (" on" if draft["value"] == value else "") + (" ruled-out" if value in values_out else "")
        values.append(button(value, "box-value", cls, value=value, aria_pressed="true" if draft["value"] == value else "false"))
    notes = []
    if notebook:
        possible = notebook["possible"]
        if possible:
            picks = " ".join(button(card_html(code), "box-pick", "btn card-btn", code=code,
                                    aria_label=f"Choose {card_words(code)}") for code in possible)
            notes.append(f'<p>Your notebook: still possible ({len(possible)}):</p><p class="actions combos">{picks}</p>')
        notes.append('<p class="muted">Crossed out: ruled out by cards you have seen.</p>')
    tried = view.get("wrong_combinations") or []
    if tried:
        notes.append(f'<p class="muted">Opened wrong before: {esc(", ".join(card_text(c) for c in tried))}.</p>')
    chosen = draft["suit"] and draft["value"]
    if chosen:
        open_it = act_button(esc(f"Open it: {card_words(draft['value'] + draft['suit'])}"),
                             {"type": "open_box", "suit": draft["suit"], "value": draft["value"]}, "btn primary big", scene.legal)
    else:
        open_it = button("Open it", "box-open", "btn primary big", disabled=True)
    return (f'<section class="panel box" data-testid="box"><h3>Open the Jeweled Box</h3>'
            f'<p class="muted">Right: you win. Wrong: the trap kills you and you are out.</p>'
            f'<div class="suits">{"".join(suits)}</div><div class="values">{"".join(values)}</div>'
            f'{"".join(notes)}'
            f'<p class="actions">{open_it} {button("Not now", "box-cancel", "btn")}</p></section>')


def draw_panel(scene) -> str:
    offer = scene.view["draw_offer"]
    return (f'<section class="panel draw" data-testid="draw-answer"><p>{esc(scene.names[offer["by"]])} offers a draw. '
            f'If every player still in agrees, the game ends with no winner.</p>'
            f'<p class="actions">{act_button("Agree to a draw", {"type": "answer_draw", "agree": True}, "btn", scene.legal)} '
            f'{act_button("No, play on", {"type": "answer_draw", "agree": False}, "btn primary", scene.legal)}</p></section>')


# -- the seat's own things ----------------------------------------------------------------------------
def hand_panel(view) -> str:
    viewer = view["seat"]
    if viewer is None or "hand" not in view:
        return ""
    me = view["players"][viewer]
    hand = view["hand"]
    if view["phase"] == "choose" and me["house"] is None:
        return ""
    if me["out"]:
        return ('<section class="panel mine" data-testid="hand"><h3>You are out</h3>'
                '<p class="muted">The trap got you; watch the others finish.</p></section>')
    cards = " ".join(card_html(card) for card in hand) or '<span class="muted">no cards</span>'
    lock = view.get("my_lock")
    if me["house"] is not None and lock:
        up = view["houses"][me["house"]]["lock_face_up"]
        state = "face up: everyone knows it" if up else "face down: only you know it"
        lock_line = (f'<p>Your lock on {esc(house_label(view, me["house"]))}: {card_html(lock, "" if up else "known")} '
                     f'<span class="muted">({state})</span></p>')
    else:
        lock_line = '<p class="muted">You have no house now (it was emptied); you play on.</p>'
    box = ('<p class="box-note">You hold the Jeweled Box. Open it on your turn when you know the '
           'combination.</p>' if JOKER in hand and view["phase"] != "over" else "")
    return (f'<section class="panel mine" data-testid="hand"><h3>Your hand · {plural(len(hand), "card")}</h3>'
            f'<div class="hand-cards">{cards}</div>{lock_line}{box}</section>')


def notebook_panel(view) -> str:
    notebook = view.get("notebook")
    if view["seat"] is None or not notebook:
        return ""
    suits = "".join(f'<span class="nb-mark{" out" if s in notebook["suits_out"] else ""} {ink(s)}">'
                    f'{SUIT_SYMBOLS[s]}</span>' for s in SUITS)
    values = "".join(f'<span class="nb-mark{" out" if v in notebook["values_out"] else ""}">{v}</span>' for v in VALUES)
    seen = " ".join(card_html(card, "small") for card in notebook["cards_seen"]) or '<span class="muted">nothing yet</span>'
    possible = notebook["possible"]
    if len(possible) == 1:
        verdict = f"Only one combination is left: {esc(card_words(possible[0]))}."
    else:
        verdict = f"{len(possible)} combinations still possible."
    combos = " ".join(card_html(code, "small") for code in possible)
    mine = view["guild_house"].get("mine") or []
    dues = ""
    if mine:
        where = ", ".join(f"{card_text(m['card'])} ({'next to be drawn' if m['depth'] == 0 else ordinal(m['depth'] + 1) + ' from the top'})"
                          for m in mine)
        dues = f'<p class="muted">Your dues still in the Guild House: {esc(where)}.</p>'
    return (f'<details class="panel notebook" data-testid="notebook" open><summary>Notebook (Pen &amp; Paper)</summary>'
            f'<p>Suits: {suits}</p><p>Values: {values}</p>'
            f'<p class="muted small">Crossed out: ruled out by a card you have seen.</p>'
            f'<p><strong>{verdict}</strong></p><p class="combos">{combos}</p>'
            f'<p class="muted">Cards you have seen ({len(notebook["cards_seen"])}):</p><p class="seen">{seen}</p>{dues}</details>')


def players(scene) -> str:
    view, names = scene.view, scene.names
    viewer = view["seat"]
    winners = view["outcome"]["winners"] if view["outcome"] else []
    items = []
    for player in view["players"]:
        seat = player["seat"]
        classes = ["pl"]
        if player["out"]:
            classes.append("out")
        if seat == view["turn"] and not view["outcome"]:
            classes.append("turn")
        if seat == viewer:
            classes.append("you")
        if seat in winners:
            classes.append("win")
        if player["out"]:
            meta = "out"
        elif view["phase"] == "choose" and player["house"] is None:
            meta = "choosing" if seat == view["turn"] else "no house yet"
        else:
            house = f"house {player['house'] + 1}" if player["house"] is not None else "no house"
            meta = f"{house} · {plural(player['hand'], 'card')}"
            if player.get("cards"):     # the end: every hand turned up
                meta += ": " + ", ".join(card_text(card) for card in player["cards"])
        bot = f' <span class="pl-bot">{esc(scene.bots[seat])}</span>' if seat in scene.bots else ""
        you = " (you)" if seat == viewer else ""
        take = widgets.take_over_button(seat, names[seat], scene.take_over)
        items.append(f'<li{attrs(class_=" ".join(classes), data_seat=seat, data_motion=f"player-{seat}")}><span class="pl-no">{seat + 1}</span>'
                     f'<span class="pl-name">{esc(names[seat])}{you}{bot}</span>'
                     f'<span class="pl-meta">{esc(meta)}</span>{take}</li>')
    return f'<section class="players-wrap"><h3 class="sr">Players</h3><ol class="players">{"".join(items)}</ol></section>'
