"""Guild of Thieves' board region: the players along the top, the town (houses and the Guild House)
scaled to fit the board area, what the thief saw on its latest visit, and at the end every hand,
lock and the combination turned up.  Watched back (moment "replay", from a view with everything
turned up) the board is the end's, at that moment of the game: every hand and lock, the
combination, what lies in each house and in the Guild House, and where the Joker is.

Every house is a tile in a grid placed by its row and column; the stylesheet sizes the grid from the
board area (container units) and turns a Double Deck town on its side where the area is narrow.
Cards that move (a theft, dues) fly across that grid from one cell to another: each flight is an
element in the cell it starts from, with the distance to its goal in cells (--dr, --dc).
"""
from __future__ import annotations

from pycore.guild_of_thieves import GUESS_WORDS, JOKER, SUITS, card_text, card_words

from ... import widgets
from ...markup import attrs, esc
from .cards import card_html, cards_html, colour, guess_mark, house_label, ink, place, plural, visit
from .notebook import box_dial, notebook_details, notebook_grid


def has_notebook(scene) -> bool:
    """Pen & Paper's notebook is on the seat's own screen once it holds cards (not at the end)."""
    view = scene.view
    seat = view["seat"]
    return (bool(view.get("notebook")) and seat is not None and scene.moment != "over"
            and not (view["phase"] == "choose" and view["players"][seat]["house"] is None))


def board_region(scene, subject) -> str:
    """The table: ``subject`` is the house the current choice is about (or None)."""
    view, moment = scene.view, scene.moment
    columns = view["layout"]["columns"]
    parts = []
    turned_up = moment in ("over", "replay")
    if turned_up:        # the final hands name every player: no line of players above
        parts.append(end_display(scene))
    else:
        parts.append(top_row(scene))
        busy = scene.draft["mode"] == "box" or scene.draft.get("notebook")     # the dial or the notebook fills the board
        if moment in ("turn", "landing") and view["seat"] is not None and not view.get("pending") and not busy:
            parts.append(visit_ribbon(scene))
    if moment == "turn" and scene.draft["mode"] == "box":      # opening the box: its dial fills the board
        parts.append(f'<div class="gt-main">{box_dial(view, scene.draft)}</div>')
    elif moment == "turn" and scene.draft.get("notebook") and view.get("notebook"):     # the notebook, opened
        parts.append(f'<div class="gt-main"><div class="nb-board">{notebook_grid(view)}{notebook_details(view)}</div></div>')
    else:
        side = ""
        if has_notebook(scene):
            side = f'<aside class="nb-side" aria-label="Your notebook">{notebook_grid(view)}</aside>'
        parts.append(f'<div class="gt-main"><div class="town-wrap">{town(scene, subject)}</div>{side}</div>')
    if turned_up:
        parts.append(inside_display(scene))
    wide = " wide" if columns > 4 else ""
    return (f'<div class="gt-table gt-{esc(moment)}{wide}" style="--cols:{columns};--rows:{view["layout"]["rows"]}">'
            + "".join(parts) + "</div>")


# -- the players ----------------------------------------------------------------------------------------
def top_row(scene) -> str:
    """The players (on two lines at a small table, sliding sideways at a big one), and the
    notebook's button."""
    notebook = ""
    if has_notebook(scene):
        opened = bool(scene.draft.get("notebook"))
        notebook = (f'<button{attrs(class_="btn small nb-open" + (" on" if opened else ""), data_command="notebook", aria_pressed="true" if opened else "false", aria_label="Your notebook: the suits and values you have ruled out")}>'
                    'Notebook</button>')
    return f'<div class="gt-top">{players(scene)}{notebook}</div>'


WRAP_PLAYERS = 4      # up to this many, the players' line wraps (two lines at most on a phone)


def players(scene) -> str:
    view, names = scene.view, scene.names
    viewer = view["seat"]
    winners = view["outcome"]["winners"] if view["outcome"] else []
    # As a turn lands and at a hand-over nothing marks whose turn comes next; else the turn is lit.
    lit = view["turn"] if scene.moment in ("turn", "wait") else None
    items = []
    for player in view["players"]:
        seat = player["seat"]
        classes = ["pl"] + [name for name, on in (("out", player["out"]), ("turn", seat == lit),
                                                   ("you", seat == viewer), ("win", seat in winners)) if on]
        if player["out"]:
            meta, said = "out", "out"
        elif view["phase"] == "choose" and player["house"] is None:
            meta, said = "", "no house yet"
        else:
            meta, said = f'<span class="pl-cards">{player["hand"]}</span>', plural(player["hand"], "card")
        bot = f'<span class="pl-bot">{esc(scene.bots[seat])}</span>' if seat in scene.bots else ""
        take = widgets.take_over_button(seat, names[seat], scene.take_over)
        you = ", you" if seat == viewer else ""
        items.append(f'<li{attrs(class_=" ".join(classes), data_seat=seat, data_motion=f"player-{seat}", aria_label=f"{names[seat]}{you}: {said}")}>'
                     f'<span class="pl-no">{seat + 1}</span>{widgets.name_tag(names[seat], "pl-name")}'
                     f'{f"""<span class="pl-meta">{meta}</span>""" if meta else ""}{bot}{take}</li>')
    # A small table wraps onto a second line; a bigger one slides sideways, its far edge fading to
    # say there is more.
    fit = "wrap" if len(items) <= WRAP_PLAYERS else "slide"
    return f'<ol class="players {fit}" aria-label="Players">{"".join(items)}</ol>'


# -- the town -------------------------------------------------------------------------------------------
def grid_place(row: int, column: int) -> str:
    """A place in the town's grid, as variables: the stylesheet may turn a wide town on its side."""
    return f"--row:{row + 1};--col:{column + 1}"


def town(scene, subject) -> str:
    view = scene.view
    tappable = {a["house"] for a in scene.legal if a["type"] in ("choose_house", "rob")} if scene.moment == "turn" else set()
    robbed = None       # the house being robbed, lit: while the turn runs, and as the thief's turn lands
    if scene.moment in ("turn", "wait"):
        robbed = view["robbed"]
    elif scene.moment == "landing":
        robbed = (visit(view) or {}).get("house")
    tiles = [house_tile(scene, house, tappable, subject, robbed) for house in view["houses"]]
    tiles.append(guild_house_tile(view))
    tiles += flights(view)
    return f'<div class="town" data-testid="town" data-motion="town" data-arrows>{"".join(tiles)}</div>'


def house_tile(scene, house, tappable, subject, robbed) -> str:
    view, names = scene.view, scene.names
    number, owner, viewer = house["house"], house["owner"], view["seat"]
    classes = ["house", house["kind"]]
    words = [house_label(view, number)]
    style = grid_place(house["row"], house["column"])
    chosen = number == subject
    why = house_why(scene, number) if number not in tappable else {}
    if not house["in_play"]:
        return (f'<div{attrs(class_=" ".join(classes + ["gone"]), style=style, role="img", aria_label=words[0] + ", out of play", data_subject=chosen, data_motion=f"house-{number}", **why)}>'
                f'<span class="h-in"><span class="h-top"><span class="h-no">{number + 1}</span></span><span class="h-gone">empty</span></span></div>')
    if owner is not None:
        classes.append("owned")
        words.append("yours" if owner == viewer else f"{names[owner]}'s house")
        if owner == viewer:
            classes.append("mine")
    if number == robbed:
        classes.append("robbed")
    words.append(plural(house["cards"], "card"))
    lock, said = lock_html(house)
    words.append(said)
    wrong = list(dict.fromkeys(house.get("wrong_guesses") or [])) if not house["lock_face_up"] else []
    marks = ""
    if wrong:           # stamped on the lock, each struck through
        marks = ('<span class="wmarks" aria-hidden="true">'
                 + "".join(f'<b{attrs(class_="wmark " + (ink(g) if g in SUITS else "royal"), data_motion=f"wrong-{number}-{g}")}>{esc(guess_mark(g))}</b>' for g in wrong)
                 + "</span>")
        words.append("guessed wrong: " + ", ".join(GUESS_WORDS.get(g, g) for g in wrong))
    who = ""        # a small house shows the owner's seat number (as in the players' line), a larger one the name
    if owner is not None and owner == viewer:     # a small house shows your seat's number, on gold
        who = f'<span class="h-owner"><span class="h-seat">{owner + 1}</span><span class="h-name">you</span></span>'
    elif owner is not None:
        who = (f'<span class="h-owner"><span class="h-seat">{owner + 1}</span>'
               f'{widgets.name_tag(names[owner], "h-name")}</span>')
    inner = (f'<span class="h-in"><span class="h-top"><span class="h-no">{number + 1}</span>'
             f'<span class="h-count" aria-hidden="true">{house["cards"]}</span></span>'
             f'<span class="h-lock">{lock}{marks}</span>{who}</span>')
    if chosen:
        classes.append("selected")
    if number in tappable:
        classes.append("tappable")
        return (f'<button{attrs(class_=" ".join(classes), style=style, data_command="house", data_house=number, data_pick=True, data_subject=chosen, aria_pressed="true" if chosen else "false", aria_label=", ".join(words), data_motion=f"house-{number}")}>'
                f'{inner}</button>')
    return (f'<div{attrs(class_=" ".join(classes), style=style, role="img", aria_label=", ".join(words), data_subject=chosen, data_motion=f"house-{number}", **why)}>'
            f'{inner}</div>')


def house_why(scene, number) -> dict:
    """A house that is no choice now says why when tapped: the engine's words for choosing it (at
    the start) or robbing it (your own, an empty one, one robbed already this turn, not your turn)."""
    view = scene.view
    if scene.moment not in ("turn", "wait") or view["seat"] is None:
        return {}
    if view["phase"] == "choose":
        return widgets.says_why({"type": "choose_house", "house": number})
    return widgets.says_why({"type": "rob", "house": number, "guess": "H"})


def lock_html(house) -> tuple:
    """(the lock as drawn, its words): face up for all, face down but known to this seat (a dashed
    gold edge, on its screen only), or face down."""
    number = house["house"]
    key = f"lock-{number}"
    if house["lock"]:       # face up, or every lock at the end
        card = house["lock"]
        shown = "" if house["lock_face_up"] else " shown"     # a face-down lock turned up: edged
        said = "lock face up" if house["lock_face_up"] else "lock face down, turned up"
        return (f'<span{attrs(class_="lock up " + colour(card) + shown, data_motion=key)}>{esc(card_text(card))}</span>',
                f"{said}: {card_words(card)}")
    known = house.get("known_lock")
    if known:
        return (f'<span{attrs(class_="lock down known " + colour(known), data_motion=key)}>{esc(card_text(known))}</span>',
                f"lock face down; you know it is the {card_words(known)}")
    return f'<span{attrs(class_="lock down", data_motion=key)}></span>', "lock face down"


def guild_house_tile(view) -> str:
    guild = view["guild_house"]
    at = view["layout"]["guild_house"]
    joker = guild.get("known_top") == JOKER
    mine = guild.get("mine") or []
    words = [f"Guild House: {plural(guild['cards'], 'card')}"]
    extra = ""
    if joker:
        words.append("the Joker on top")
        extra += f'<span class="gh-top">{card_html(JOKER, "small")}<span>on top</span></span>'
    if mine:
        words.append(f"{plural(len(mine), 'card')} of your dues inside")
        extra += f'<span class="gh-mine">{len(mine)} yours</span>'
    said = ("The Guild House: pay it dues (any two cards of your hand, under its pile) to draw "
            "its top card; Pay dues is in your turn's steps.")
    return (f'<div{attrs(class_="guild-house", style=grid_place(at["row"], at["column"]), role="img", aria_label=", ".join(words), data_motion="guild-house", data_say=said)}>'
            f'<span class="h-in"><span class="gh-name">Guild<span class="gh-word"> House</span></span>'
            f'<span class="gh-row" aria-hidden="true"><span class="h-count">{guild["cards"]}</span>{extra}</span></span></div>')


def flights(view) -> list:
    """The cards of the latest theft and dues, ready to fly (the shell's motion starts them once):
    a stolen card from the house to the thief's house, dues from the payer to the Guild House and
    its top card back."""
    houses, players = view["houses"], view["players"]
    at = view["layout"]["guild_house"]
    guild = (at["row"], at["column"])
    latest = {}
    for event in view["log"]:
        if event["type"] in ("steal", "dues"):
            latest[event["type"]] = event

    def home_of(seat):
        number = players[seat]["house"]
        return (houses[number]["row"], houses[number]["column"]) if number is not None else (-1, guild[1] // 2)

    out = []
    steal = latest.get("steal")
    if steal and steal["took"]:
        source = houses[steal["house"]]
        out.append(flight("fly-steal", (source["row"], source["column"]), home_of(steal["by"])))
    dues = latest.get("dues")
    if dues:
        payer = home_of(dues["by"])
        out.append(flight("fly-dues", payer, guild, cards=2))
        out.append(flight("fly-draw", guild, payer))
    return out


def flight(key: str, start: tuple, goal: tuple, cards: int = 1) -> str:
    """A card (or two) in the cell ``start`` flying to the cell ``goal`` (row -1: above the town)."""
    row, column = max(start[0], 0), start[1]
    style = f"{grid_place(row, column)};--dr:{goal[0] - row};--dc:{goal[1] - column}"
    return f'<span{attrs(class_="fly", style=style, data_motion=key, aria_hidden="true")}>{"<i></i>" * cards}</span>'


# -- what the thief saw -----------------------------------------------------------------------------
def visit_ribbon(scene) -> str:
    """On the thief's own screen, after a rob (for the rest of the turn and as it lands): the house's
    cards and its lock as seen, and the card taken; a wrong guess says what it was not."""
    view = scene.view
    seen = visit(view)
    if not seen:
        return ""
    number, owner = seen["house"], seen["owner"]
    where = place(view, number, scene.names)
    where = where[0].upper() + where[1:]
    guess = GUESS_WORDS.get(seen["guess"], seen["guess"])
    parts = [f'<span class="vr-where">{esc(where)}</span>']
    if seen["hit"]:
        lock = f' {card_html(seen["lock"], "small")}' if seen["lock"] else ""
        parts.append(f'<span class="vr-part">right: {esc(guess)}{lock}</span>')
        took = seen["took"]
        shown = "".join(card_html(card, "small new" if card == took else "small") for card in seen["saw"])
        what = "their hand" if owner is not None else "inside"
        parts.append(f'<span class="vr-part">{what} {shown or "nothing"}</span>')
        if took:
            parts.append(f'<span class="vr-part">you took the {esc(card_words(took))}</span>')
    else:
        parts.append(f'<span class="vr-part vr-wrong">not {esc(guess)}</span>')
        if seen["lock"]:
            parts.append(f'<span class="vr-part">its lock {card_html(seen["lock"], "small")}</span>')
    return f'<p class="visit" data-testid="visit" data-subject>{"".join(parts)}</p>'


# -- the end -------------------------------------------------------------------------------------------
def end_display(scene) -> str:
    """Everything turned up, whole: the combination, and each player's lock and hand."""
    view, names = scene.view, scene.names
    combination = view.get("combination")
    tried = view.get("wrong_combinations") or []
    parts = []
    if combination:
        wrong = (f'<span class="muted">Opened wrong: {esc(", ".join(card_text(c) for c in tried))}</span>' if tried else "")
        parts.append(f'<p class="combination" data-testid="combination"><span>The combination</span>'
                     f'{card_html(combination, "big")}<strong>{esc(card_words(combination))}</strong>{wrong}</p>')
    winners = view["outcome"]["winners"] if view["outcome"] else []
    rows = []
    for player in view["players"]:
        seat = player["seat"]
        house = player["house"]
        lock = view["houses"][house]["lock"] if house is not None else None
        lock_html_ = (f'<span class="fh-lock">lock {card_html(lock, "small")}</span>' if lock else
                      '<span class="fh-lock muted">no house</span>')
        state = " · opened the box" if seat in winners else " · out" if player["out"] else ""
        hand = cards_html(player["cards"] or [], "small") or '<span class="muted">no cards</span>'
        rows.append(f'<li class="{"win" if seat in winners else "out" if player["out"] else ""}">'
                    f'<span class="fh-name">{widgets.name_tag(names[seat])}{esc(state)}</span>{lock_html_}'
                    f'<span class="fh-cards">{hand}</span></li>')
    parts.append(f'<ol class="final-hands" data-testid="final-hands">{"".join(rows)}</ol>')
    return f'<section class="gt-end">{"".join(parts)}</section>'


def inside_display(scene) -> str:
    """What lies inside every house of the town and the Guild House (top first), and where the
    Joker is: in a view with everything turned up (the end, a game watched back)."""
    view, names = scene.view, scene.names
    rows = []
    for house in view["houses"]:
        if house["in_play"] and house["owner"] is None and "contents" in house:
            rows.append((house_label(view, house["house"]), house["contents"], f"house-{house['house']}"))
    guild = view["guild_house"]
    if "contents" in guild:
        rows.append(("Guild House, top first", [entry["card"] for entry in guild["contents"]], "guild-house"))
    items = [f'<li data-inside="{key}"><span class="fh-name">{esc(where[0].upper() + where[1:])}</span>'
             f'<span class="fh-cards">{cards_html(cards, "small") or """<span class="muted">empty</span>"""}</span></li>'
             for where, cards, key in rows]
    joker = joker_words(view, names)
    line = f'<p class="joker-at" data-testid="joker-at">{card_html(JOKER, "small")}<span>{esc(joker)}</span></p>' if joker else ""
    return f'<section class="gt-inside" data-testid="inside">{line}<ol class="final-hands inside">{"".join(items)}</ol></section>' if items or line else ""


def joker_words(view, names) -> str:
    """Where the Joker lies, in words ("" when the view does not say)."""
    joker = view.get("joker")
    if not joker:
        return ""
    if joker["where"] == "hand":
        return f"The Joker is in {names[joker['seat']]}'s hand."
    if joker["where"] == "house":
        return f"The Joker is in {house_label(view, joker['house'])}."
    depth = joker["depth"]
    return "The Joker is on top of the Guild House." if depth == 0 else \
        f"The Joker is in the Guild House, {plural(depth, 'card')} from the top."
