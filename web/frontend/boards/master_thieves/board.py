"""Master Thieves' board: the cabinet of twelve drawers, the table in front of it, the cushions.

Drawn from one seat's view (or the public view between two people) with the shared widgets, as
the play layout's regions: the board (the other players' cushions, the cabinet, the table where a
pulled drawer shows its stones and the red cushion lies), the hand (the person's own role and
cushions), the sheet (the role cards, the fakes, the alarm, turning and flipping) and one line of
what to do now.  The cabinet is drawn as its faces only; a drawer's stones show while it is the
news (:mod:`.opening`), never afterwards: remembering is the game (the notebook option helps).
Every tap that plays carries its action: drawers carry "hide" or "open"; the draft only watches the
set-up's turns and flip again, one at a time.
At the end, and watched back (moment "replay", from a view with everything turned up), every role
chosen shows and the cabinet's contents are drawn for everyone: each half of each compartment of
every drawer, where it stands now.
"""
from __future__ import annotations

from pycore.master_thieves import (KINDS, QUARTERS, ROLE_NAMES, ROLES, SIDE_NAMES, SIDES, TIERS, drawer_name,
                                   stones_count, stones_text)

from ... import widgets
from ...markup import attrs, button, counted, esc, join_names
from ...widgets import act_button
from .draft import faces_at, replay_stage, replay_words, setup_moves
from .hooks import points, who_role
from .opening import on_show
from .pictures import TALL, WIDE, drawer_face, gem, table_picture, token_icon
from .rules_page import ROLE_HINTS

OPEN_PROMPTS = {   # what opening a drawer does, for the one who opens it
    "smuggler": "Open a drawer: it goes to the red cushion",
    "goldsmith": "Open a drawer to put a fake in",
    "connoisseur": "Open a drawer to put fakes in",
    "thief": "Open a drawer: you take what is inside",
    "master_thief": "Open a drawer: you take all, secrets too",
}
ROLE_MARKS = {"smuggler": "S", "goldsmith": "G", "connoisseur": "C", "thief": "T", "master_thief": "M",
              "detective": "D"}


# -- the set-up's turns and flip, watched again: the strip ---------------------------------------
def replay_strip(scene) -> str:
    """The offer to watch the set-up's turns and flip again, or the one being watched: its words and
    the button on to the next (the cabinet above is drawn as it stood)."""
    moves = setup_moves(scene.view)
    if not moves or scene.moment in ("handover", "over", "replay"):
        return ""
    stage = replay_stage(scene)
    if stage is None:
        words = "The set-up turned the tiers and flipped the cabinet."
        key = button("Watch it again ▶", "setup-replay", "btn small", stage=0)
    else:
        words = ("The cabinet as it stood when the diamonds were hidden." if stage == 0
                 else f"{stage} of {len(moves)}: {replay_words(moves[stage - 1])}")
        key = (button(f"Next ▶ {stage + 1} of {len(moves)}", "setup-replay", "btn small", stage=stage + 1)
               if stage < len(moves) else button("Done", "setup-replay", "btn small", stage=""))
    return (f'<div class="mt-replay" data-testid="setup-replay" aria-live="polite"><p>{esc(words)}</p>{key}</div>')


# -- the board ------------------------------------------------------------------------------------
def draw(scene) -> widgets.Regions:
    view = scene.view
    opening = on_show(view, scene.moment)
    choice = choosing(scene)
    # The person's own cushions are docked in the hand; at the end the hand gives way, so the board
    # shows everyone (every role turned up).
    mine = view["seat"] if view["seat"] is not None and scene.moment not in ("handover", "over") else None
    # The end turns the cabinet up first, small enough to stay in view above the end panel: what
    # every drawer still holds; each half of each compartment follows, under the cabinet.
    first = turned_up(view) if view["outcome"] and "drawers" in view else ""
    listed = drawers_panel(view) if "drawers" in view else notebook_panel(view)
    # With a list of the drawers under the cabinet the board scrolls anyway: the cabinet keeps its
    # own height there rather than sharing out the board's.
    board = (f'<div{attrs(class_="mt-board" + (" listed" if listed else ""), data_choice=choice or None)}>{first}'
             f'{players_strip(scene, opening, mine)}{replay_strip(scene)}'
             f'<div class="mt-middle">{cabinet(scene, opening, choice)}{table(scene, opening, choice)}</div>'
             f'{listed}</div>')
    if scene.moment == "replay":        # watched back: the board alone, nothing to tap
        return widgets.Regions(board=board)
    hand = own_cushions(scene, opening, choice) if mine is not None else ""
    return widgets.Regions(board=board, hand=hand, sheet=sheet(scene, opening, choice),
                           prompt=prompt(scene, choice), status=bar_status(scene))


def choosing(scene) -> str:
    """What the person on screen chooses now: "hide", "role", "open", "place", "alarm", "handle"
    or "" (nothing)."""
    if scene.moment != "turn" or not scene.legal:
        return ""
    kinds = {action["type"] for action in scene.legal}
    for kind, choice in (("hide", "hide"), ("choose_role", "role"), ("open", "open"), ("no_fake", "place"),
                         ("alarm", "alarm")):
        if kind in kinds:
            return choice
    return "handle"


def bar_status(scene) -> str:
    """The bar's short status: the round and whose turn (nothing of the next turn on a hand-over)."""
    view, names = scene.view, scene.names
    if view["outcome"]:
        return "Game over"
    if view["phase"] == "setup":
        return f"Set-up · {counted(view['to_hide'], 'diamond')} to hide"
    if scene.moment == "handover":
        return f"Round {view['round']}"
    if view["phase"] == "choose":
        return f"Round {view['round']} · choosing roles"
    actor = view["actor"]
    return f"Round {view['round']} · {who_role(names[actor], view['roles'][actor])}"


def prompt(scene, choice: str) -> str:
    """One line: what to do now, or what is happening."""
    view, names = scene.view, scene.names
    if view["outcome"] or scene.moment in ("handover", "landing", "over"):
        return ""
    if choice == "hide":
        return f"Tap a drawer to hide a diamond in it ({view['to_hide']} to go)"
    if choice == "role":
        return "Choose your role, in secret"
    if choice == "open":
        return OPEN_PROMPTS[view["roles"][view["seat"]]]
    if choice == "place":
        most = view["fakes_left"]
        return "Put a fake in the drawer?" if most == 1 else f"Put fakes in the drawer? (up to {most})"
    if choice == "alarm":
        return "Set your alarm token in this drawer?"
    if choice == "handle":
        return "Turn a tier, flip, or leave it"
    waiting = list(view["to_act"])
    if view["phase"] == "setup":
        return f"{names[waiting[0]]} {'is thinking where to hide a diamond…' if waiting[0] in scene.bots else 'hides a diamond'}"
    if view["phase"] == "choose":
        return f"Waiting for {join_names([names[seat] for seat in waiting])} to choose a role…"
    actor = view["actor"]
    return f"{who_role(names[actor], view['roles'][actor])}, {'is thinking…' if actor in scene.bots else 'plays now'}"


# -- the cabinet ----------------------------------------------------------------------------------
def place_words(tier, side) -> str:
    """'top north'."""
    return f"{TIERS[tier]} {SIDE_NAMES[SIDES[side]]}"


def cabinet(scene, opening, choice) -> str:
    """The faces of the cabinet, unrolled: a row per tier, a column per side."""
    view, legal = scene.view, scene.legal
    stage = replay_stage(scene)
    taps = {(a["tier"], a["side"]): a for a in legal if a["type"] in ("hide", "open")} if choice in ("hide", "open") else {}
    lit = opening.place if opening is not None else last_hidden(view)
    faces, moving = view["faces"], None
    if stage is not None:           # the set-up's moves watched again: no drawer to tap meanwhile
        faces, taps, lit = faces_at(view, stage), {}, None
        moving = setup_moves(view)[stage - 1] if stage else None
    head = "".join(f'<span class="mt-side"><abbr title="{SIDE_NAMES[side]}">{side}</abbr></span>' for side in SIDES)
    rows = []
    for tier, row in enumerate(faces):
        cells = "".join(drawer_tile(tier, side, long, taps.get((tier, side)), (tier, side) == lit and opening is not None,
                                    (tier, side) == lit, drawer_why(scene, tier, side))
                        for side, long in enumerate(row))
        spin = f" mt-spin-{moving['quarters']}" if moving and moving["type"] == "turn" and moving["tier"] == tier else ""
        rows.append(f'<div class="mt-tier"><span class="mt-tier-name">{TIERS[tier].capitalize()}</span>'
                    f'<div class="mt-drawers{spin}" data-motion="mt-tier-{tier}">{cells}</div></div>')
    subject = choice in ("hide", "open", "handle", "role")
    flipping = (" mt-replaying" if stage is not None else "") + (" mt-flip" if moving and moving["type"] == "flip" else "")
    return (f'<div{attrs(class_="mt-cabinet" + flipping, data_testid="cabinet", data_motion="mt-cabinet", data_arrows=True, data_subject=subject)}>'
            f'<div class="mt-tier mt-head"><span class="mt-tier-name"></span><div class="mt-drawers">{head}</div></div>'
            f'{"".join(rows)}</div>')


def last_hidden(view):
    """During the set-up: the drawer the last diamond went into."""
    if view["phase"] != "setup":
        return None
    for event in reversed(view["log"]):
        if event["type"] == "hide":
            return event["tier"], event["side"]
    return None


def drawer_why(scene, tier, side) -> dict:
    """A drawer that is no choice now says why when tapped: the engine's words for hiding a
    diamond in it (the set-up) or opening it (not your turn, not your role's, opened already)."""
    view = scene.view
    if scene.moment not in ("turn", "wait") or view["seat"] is None:
        return {}
    kind = "hide" if view["phase"] == "setup" else "open"
    return widgets.says_why({"type": kind, "tier": tier, "side": side})


def drawer_tile(tier, side, long, action, is_open, lit, why: dict | None = None) -> str:
    name = drawer_name(tier, side)
    size = "long, with a secret compartment" if long else "short"
    classes = ["mt-drawer", "long" if long else "short"] + (["open"] if is_open else []) + (["lit"] if lit else [])
    key = f"mt-drawer-{tier}-{side}"
    if action is not None:
        verb = "Hide a diamond in" if action["type"] == "hide" else "Open"
        return act_button(drawer_face(long), action, " ".join(classes + ["tappable"]),
                          aria_label=f"{verb} {name} ({'long' if long else 'short'})", data_motion=key)
    label = f"{place_words(tier, side).capitalize()} drawer, {size}" + (", pulled out" if is_open else "")
    return f'<span{attrs(class_=" ".join(classes), role="img", aria_label=label, data_motion=key, **(why or {}))}>{drawer_face(long)}</span>'


# -- the table: the pulled drawer and the red cushion -------------------------------------------------
def table(scene, opening, choice) -> str:
    view, names = scene.view, scene.names
    long = False
    if opening is not None:
        tier, side = opening.place
        long = opening.full or view["faces"][tier][side]
    taker = opening.taker if opening is not None else None
    taker_name = names[taker] if taker is not None else ""
    # Two shapes of one picture: the stylesheet shows the wide one below the cabinet (a portrait
    # phone) and the tall one beside it.
    pictures = "".join(table_picture(layout, opening, long, view["red"], taker_name) for layout in (WIDE, TALL))
    subject = choice in ("role", "place", "alarm")
    testid = "open-drawer" if opening is not None else None
    return (f'<div{attrs(class_="mt-table-wrap", data_motion="mt-red", data_testid="red-cushion", data_subject=subject)}>'
            f'<div{attrs(data_testid=testid, role="img", aria_label=table_words(view, names, opening))}>{pictures}</div></div>')


def table_words(view, names, opening) -> str:
    """The picture in words (for a screen reader: it tells what the table shows everyone)."""
    red = f"Red cushion: {stones_text(view['red'])}."
    if opening is None:
        return red
    who = names[opening.by]
    parts = [f"{who} pulled out the drawer that now stands at the {place_words(*opening.place)}."]
    if stones_count(opening.spilled):
        parts.append(f"Out fell {stones_text(opening.spilled)}, onto the red cushion.")
    if opening.alarm is not None:
        parts.append(f"{names[opening.alarm]}'s alarm token fell out"
                     + (f" with {stones_text(opening.alarm_took)}, which go to {names[opening.alarm]}."
                        if stones_count(opening.alarm_took) else "."))
    parts.append(f"Inside: {stones_text(opening.inside)}.")
    if opening.secret is not None:
        parts.append(f"In the secret compartment: {stones_text(opening.secret)}.")
    if opening.taken is not None:
        parts.append(f"{who} took {stones_text(opening.taken)}.")
    if opening.smuggled is not None:
        parts.append(f"{who} smuggled {stones_text(opening.smuggled)} onto the red cushion.")
    if opening.fakes:
        parts.append(f"{who} put in {join_names([f'a {kind}' for kind in opening.fakes])}.")
    if opening.alarm_set:
        parts.append(f"{who} set an alarm token in it.")
    return " ".join(parts + [red])


# -- cushions -------------------------------------------------------------------------------------
def stones_html(stones: dict, empty: str) -> str:
    """Each kind as its stone and a count (a screen reader hears the words)."""
    parts = [f'<span class="mt-stone-count">{gem(kind)}<span>{stones[kind]}</span></span>'
             for kind in KINDS if stones.get(kind)]
    if not parts:
        return f'<span class="mt-stones empty">{esc(empty)}</span>'
    return f'<span class="mt-stones" role="img" aria-label="{esc(stones_text(stones))}">{"".join(parts)}</span>'


def cushion(kind: str, stones: dict, named: bool = True) -> str:
    """A white (fakes) or black (gems) cushion with its stones; ``named``: with its word (the
    person's own; the others' are the same colours, smaller)."""
    word = "Fakes" if kind == "white" else "Gems"
    name = f'<span class="mt-cushion-name">{word}</span>' if named else ""
    return (f'<span class="mt-cushion {kind}" title="{kind} cushion: {word.lower()}">{name}'
            f'{stones_html(stones, "none")}</span>')


def role_card(role: str, seat: int, secret: bool = False) -> str:
    """A role as its mark and name; ``secret``: the person's own choice, not yet revealed."""
    name = f"Your role: {ROLE_NAMES[role]}" if secret else ROLE_NAMES[role]
    return (f'<span{attrs(class_="mt-role " + role, data_motion=f"mt-role-{seat}")}>'
            f'<span class="mt-role-mark" aria-hidden="true">{ROLE_MARKS[role]}</span>{esc(name)}</span>')


def role_badge(view, seat) -> str:
    """A player's role once revealed (every role chosen, in a view with everything turned up);
    while roles are chosen, whether they have chosen."""
    role = view["roles"][seat]
    if role is not None and (view["phase"] != "choose" or seat == view["seat"] or "drawers" in view):
        return role_card(role, seat, secret=view["phase"] == "choose")
    if view["phase"] == "choose" and seat != view["seat"]:
        return widgets.badge("chosen" if view["chosen"][seat] else "choosing…", "mt-choosing")
    return ""


def player_classes(scene, seat, opening) -> list:
    view = scene.view
    winners = view["outcome"]["winners"] if view["outcome"] else []
    classes = ["mt-player"]
    if view["phase"] == "act" and view["actor"] == seat and scene.moment not in ("handover",):
        classes.append("acting")
    if seat in winners:
        classes.append("win")
    if opening is not None and opening.alarm == seat:
        classes.append("alarmed")
    return classes


def players_strip(scene, opening, mine) -> str:
    """Everyone's cushions but the person's own (those are in the hand): a name, the role (or
    whether it is chosen yet), the score; the white and black cushions with their stones."""
    view, names = scene.view, scene.names
    items = []
    for player in view["players"]:
        seat = player["seat"]
        if seat == mine:
            continue
        token = "" if player["token_home"] else f'<span class="mt-token-out" title="alarm token in the cabinet">{token_icon(16)}</span>'
        kind = scene.bots.get(seat, "")
        take = widgets.take_over_button(seat, names[seat], scene.take_over)
        items.append(
            f'<li{attrs(class_=" ".join(player_classes(scene, seat, opening)), data_motion=f"mt-player-{seat}", title=kind or None)}>'
            f'<span class="mt-who">{widgets.name_tag(names[seat], "mt-name")}{role_badge(view, seat)}'
            f'<span class="mt-score">{points(player["score"])}</span></span>'
            f'<span class="mt-cushions">{cushion("white", player["white"], False)}{cushion("black", player["black"], False)}{token}</span>'
            f'{take}</li>')
    return f'<ol class="mt-players" aria-label="Players\' cushions">{"".join(items)}</ol>' if items else ""


def own_cushions(scene, opening, choice) -> str:
    """The person's own role and cushions, docked where the thumb is."""
    view = scene.view
    seat = view["seat"]
    player = view["players"][seat]
    token = (f'<span class="mt-token-home" title="your alarm token">{token_icon(18)}<span class="mt-token-words"> alarm token</span></span>'
             if player["token_home"] else
             f'<span class="mt-token-out" title="your alarm token is in the cabinet">{token_icon(18)}<span class="mt-token-words"> in the cabinet</span></span>')
    role = role_badge(view, seat)
    return (f'<div{attrs(class_=" ".join(player_classes(scene, seat, opening) + ["mine"]), data_motion=f"mt-player-{seat}", data_subject=choice == "place")}>'
            f'<span class="mt-who">{widgets.name_tag(scene.names[seat], "mt-name")}{role}'
            f'<span class="mt-score">{points(player["score"])}</span></span>'
            f'<span class="mt-cushions">{cushion("white", player["white"])}{cushion("black", player["black"])}{token}</span></div>')


# -- the sheet: what the person on screen decides now -----------------------------------------------
def sheet(scene, opening, choice) -> str:
    view, legal = scene.view, scene.legal
    if choice == "role":
        return role_picker(legal)
    if choice == "place":
        return fakes_picker(view, legal, opening)
    if choice == "alarm":
        return (f'<div class="mt-keys">{act_button(token_icon(20) + " Set my alarm token", {"type": "alarm", "set": True}, "btn primary", legal)}'
                f'{act_button("No alarm", {"type": "alarm", "set": False}, "btn", legal)}</div>')
    if choice == "handle":
        return handle_picker(view, legal)
    return ""


def role_picker(legal) -> str:
    cards = []
    for role in ROLES:
        label = f'<strong>{esc(ROLE_NAMES[role])}</strong><small>{esc(ROLE_HINTS[role])}</small>'
        cards.append(act_button(label, {"type": "choose_role", "role": role}, f"btn mt-role-card {role}", legal,
                                aria_label=f"Play the {ROLE_NAMES[role]}: {ROLE_HINTS[role]}"))
    return f'<div class="mt-roles">{"".join(cards)}</div>'


def fakes_picker(view, legal, opening) -> str:
    white = view["players"][view["seat"]]["white"]
    keys = [act_button(f'{gem(kind, 20)} {kind.capitalize()} <span class="mt-left">×{white[kind]}</span>',
                       {"type": "place_fake", "stone": kind}, "btn", legal,
                       aria_label=f"Put in a fake {kind} ({white[kind]} on your white cushion)")
            for kind in ("sapphire", "diamond")]
    placed = opening is not None and opening.by == view["seat"] and bool(opening.fakes)
    keys.append(act_button("No more fakes" if placed else "No fake", {"type": "no_fake"}, "btn", legal))
    return f'<div class="mt-keys">{"".join(keys)}</div>'


def handle_picker(view, legal) -> str:
    """Turning and flipping: a row per tier (a quarter, a half, three quarters clockwise), the flip
    and the end beside them."""
    rows = []
    for tier in range(3):
        keys = "".join(act_button(f"↻ {('¼', '½', '¾')[quarters - 1]}", {"type": "turn", "tier": tier, "quarters": quarters},
                                  "btn mt-turn", legal, aria_label=f"Turn the {TIERS[tier]} tier {QUARTERS[quarters]} clockwise")
                       for quarters in (1, 2, 3))
        rows.append(f'<span class="mt-turn-name">{TIERS[tier].capitalize()}</span>{keys}')
    done = "Done" if view["turned"] or view["flipped"] else "Leave it"
    return (f'<div class="mt-handle">{"".join(rows)}'
            f'{act_button("⇅ Flip", {"type": "flip"}, "btn mt-flip-key", legal, aria_label="Flip the cabinet upside down")}'
            f'{act_button(done, {"type": "done"}, "btn primary mt-done-key", legal)}</div>')


# -- the notebook -----------------------------------------------------------------------------------
def notebook_panel(view) -> str:
    pages = view.get("notebook")
    if not pages:
        return ""
    return ('<details class="panel mt-notebook" data-testid="notebook"><summary>Notebook</summary>'
            f'{drawers_table(pages)}</details>')


def drawers_panel(view) -> str:
    """What every drawer holds, for everyone: the end and Watch it back turn the cabinet up."""
    return ('<section class="panel mt-notebook" data-testid="drawers">'
            f'<h3>In the cabinet</h3>{drawers_table(view["drawers"])}</section>')


def added(*halves) -> dict:
    """The stones of several halves together (None: a half a short drawer lacks)."""
    return {kind: sum((half or {}).get(kind, 0) for half in halves) for kind in KINDS}


def turned_up(view) -> str:
    """The end: the cabinet as it stands, each drawer with what it still holds (a long drawer's
    secret compartment on its own dashed line), so the table sees at a glance what was left."""
    rows = []
    for tier, row in enumerate(view["drawers"]):
        cells = []
        for side, page in enumerate(row):
            normal = stones_html(added(page["up"], page["down"]), "empty")
            secret = ("" if page["secret_up"] is None else
                      f'<span class="mt-secret">{stones_html(added(page["secret_up"], page["secret_down"]), "empty")}</span>')
            cells.append(f'<td aria-label="{esc(place_words(tier, side))}">{normal}{secret}</td>')
        rows.append(f'<tr><th scope="row">{TIERS[tier].capitalize()}</th>{"".join(cells)}</tr>')
    head = "".join(f'<th scope="col"><abbr title="{SIDE_NAMES[side]}">{side}</abbr></th>' for side in SIDES)
    return ('<section class="mt-turned-up" data-testid="turned-up"><h3>Left in the drawers</h3>'
            f'<table><thead><tr><th></th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></section>')


def drawers_table(pages) -> str:
    """Per drawer where it stands: the upper and lower halves, and of a long one its secret halves."""
    rows = []
    for tier, row in enumerate(pages):
        for side, page in enumerate(row):
            if page["secret_up"] is not None:
                secret = f'<td>{stones_html(page["secret_up"], "–")}</td><td>{stones_html(page["secret_down"], "–")}</td>'
            else:
                secret = '<td class="muted">short</td><td></td>'
            token = "" if page["token"] is None else f' <span class="badge warn">alarm {page["token"]}</span>'
            rows.append(f'<tr><th scope="row">{esc(place_words(tier, side))}{token}</th>'
                        f'<td>{stones_html(page["up"], "–")}</td><td>{stones_html(page["down"], "–")}</td>{secret}</tr>')
    return ('<table><thead><tr><th scope="col">Drawer</th><th scope="col">Upper</th><th scope="col">Lower</th>'
            '<th scope="col">Secret upper</th><th scope="col">Secret lower</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')
