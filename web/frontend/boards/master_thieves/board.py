"""Master Thieves' board: the cabinet of twelve drawers, the role cards, the cushions.

Drawn from one seat's view (or the public view while the device waits) with the shared widgets.
The cabinet is drawn as its faces only: which drawers are long, which one stands open and what
lies in it, never what the closed drawers hold (remembering is the game; the notebook option
helps).  Every tap that plays carries its action: drawers carry "hide" or "open", the sheet the
role cards, the fakes, the alarm and the turning and flipping.  Nothing here needs a draft.
"""
from __future__ import annotations

from pycore.master_thieves import (KINDS, QUARTERS, ROLE_NAMES, ROLES, SIDE_NAMES, SIDES, TABLE_RULES,
                                   TIERS, drawer_name, stones_count, stones_text, stones_value)

from ... import widgets
from ...markup import attrs, esc, join_names
from ...widgets import act_button

BLURB = ("A cabinet of twelve drawers that turns and flips: choose a role in secret, then open a "
         "drawer and hope you remember where the gems fell.")
SEAT_WORD = "player"
DEFAULT_SEATS = 3
DEMO_SEATS = 4
OPTION_FIELDS = [("notebook", "Notebook",
                  "A page that lists what the public record puts in every drawer. Off: remembering is up to you.")]


# Where the screen adds to the engine's rulings (the rules page lists both).
SCREEN_RULES = [
    "The cabinet is drawn from the front, unrolled: one row per tier (top, middle, bottom), one "
    "column per side (north, east, south, west). A long drawer is drawn full width with a keyhole "
    "for its secret compartment; a short one narrower with one knob.",
    "The screen never shows what lies in a closed drawer. While a drawer stands open everyone sees "
    "what is in it; the log keeps, in words, everything that went in and out.",
    "Pass and play: the roles are chosen behind a cover, one person at a time, and revealed all "
    "together when the last person has chosen.",
]

GEM_SHAPES = {   # shape and colour both tell a stone: a ruby is a red hexagon, a sapphire a blue
    # rhombus, a diamond a white brilliant (a triangle on a bar).
    "ruby": '<path d="M5 1 H11 L15 8 L11 15 H5 L1 8 Z" fill="#d0453c" stroke="#f3ead7" stroke-width="1"/>',
    "sapphire": '<path d="M8 1 L15 8 L8 15 L1 8 Z" fill="#4f7fd4" stroke="#f3ead7" stroke-width="1"/>',
    "diamond": '<path d="M2 6 H14 L8 15 Z M4 2 H12 L14 6 H2 Z" fill="#eef3f7" stroke="#5b6b80" stroke-width="1"/>',
}
ROLE_HINTS = {
    "smuggler": "Empties the drawer onto the red cushion; more Smugglers than Detectives share it.",
    "goldsmith": "Puts a fake in, and may set an alarm token there.",
    "connoisseur": "Puts a fake in (even after a spill), one more for each Detective.",
    "thief": "Takes what lies in the drawer.",
    "master_thief": "Takes the drawer and its secret compartment too.",
    "detective": "Opens nothing; takes the red cushion unless Smugglers outnumber Detectives.",
}
ROLE_MARKS = {"smuggler": "S", "goldsmith": "G", "connoisseur": "C", "thief": "T", "master_thief": "M",
              "detective": "D"}


def option_enabled(option, seats, options) -> bool:
    return True


def table_rules() -> list:
    return list(TABLE_RULES) + SCREEN_RULES


def out_of_turn(view):
    return None


def new_draft() -> dict:
    return {}


def tap(draft, command, data, view):
    """Every tap on this board plays an action: the draft stays empty."""


# -- stones and roles on the board ----------------------------------------------------------------
def gem(kind: str, size: int = 16) -> str:
    return (f'<svg class="mt-gem" width="{size}" height="{size}" viewBox="0 0 16 16" aria-hidden="true" '
            f'focusable="false">{GEM_SHAPES[kind]}</svg>')


def stones_html(stones: dict, empty: str = "nothing") -> str:
    """Each kind as its gem and a count, with the words for a screen reader."""
    parts = [f'<span class="mt-stone">{gem(kind)}<span>{stones[kind]}</span></span>'
             for kind in KINDS if stones.get(kind)]
    words = stones_text(stones)
    if not parts:
        return f'<span class="mt-stones muted">{esc(empty)}</span>'
    return f'<span class="mt-stones" role="img" aria-label="{esc(words)}">{"".join(parts)}</span>'


def role_card(role: str, cls: str = "") -> str:
    return (f'<span class="mt-role {role}{" " + cls if cls else ""}"><span class="mt-role-mark" aria-hidden="true">'
            f'{ROLE_MARKS[role]}</span>{esc(ROLE_NAMES[role])}</span>')


def summary(view, names) -> str:
    scores = [player["score"] for player in view["players"]]
    if view["outcome"]:
        winners = view["outcome"]["winners"]
        return f"{join_names([names[s] for s in winners])} won with {scores[winners[0]]} points."
    if view["phase"] == "setup":
        return f"Setting up: {view['to_hide']} diamonds still to hide."
    best = max(range(view["seats"]), key=lambda seat: scores[seat])
    return f"Round {view['round']} · {names[best]} leads with {scores[best]} points."


# -- the shell's hooks: standings, covers, motion (see boards.py) -----------------------------------
def standings(view, names) -> list:
    players = view["players"]
    order = sorted(range(view["seats"]), key=lambda seat: -players[seat]["score"])
    return [{"place": 1 + sum(players[other]["score"] > players[seat]["score"] for other in order),
             "name": names[seat],
             "figures": {"Score": players[seat]["score"], "Black cushion": stones_value(players[seat]["black"]),
                         "Fakes left": stones_count(players[seat]["white"])}}
            for seat in order]


def cover_reason(view, seat, names) -> str:
    who = names[seat]
    if view["phase"] == "setup":
        return f"{who} hides a diamond in the cabinet."
    if view["phase"] == "choose":
        return f"Round {view['round']}: {who} chooses a role in secret."
    if view["phase"] == "act" and view["actor"] == seat:
        return f"{who} plays the {ROLE_NAMES[view['roles'][seat]]}."
    return ""


def motion(events, view) -> dict:
    """A turned tier slides, a flipped cabinet turns over, a drawer that spills shakes, revealed
    role cards turn over together, cushions that receive stones slide."""
    marks = {}
    for event in events:
        kind = event["type"]
        place = f"mt-drawer-{event.get('tier')}-{event.get('side')}"
        if kind == "turn":
            marks[f"mt-tier-{event['tier']}"] = "tt-slide"
        elif kind == "flip":
            marks["mt-cabinet"] = "tt-flip"
        elif kind == "reveal":
            marks.update({f"mt-player-{seat}": "tt-flip" for seat in range(len(event["roles"]))})
        elif kind == "open":
            spilled = stones_count(event["spilled"]) or stones_count(event["alarm_took"])
            marks[place] = "tt-shake" if spilled else "tt-slide"
            if stones_count(event["spilled"]):
                marks["mt-red"] = "tt-slide"
        elif kind in ("hide", "ruby", "place_fake", "alarm"):
            marks[place] = "tt-slide"
        elif kind in ("take",):
            marks[f"mt-player-{event['by']}"] = "tt-slide"
        elif kind == "smuggle":
            marks["mt-red"] = "tt-slide"
        elif kind == "share":
            marks.update({f"mt-player-{seat}": "tt-slide" for seat in event["to"]})
    if not view["log"]:
        marks["mt-cabinet"] = "tt-slide"
    return marks


# -- the board ------------------------------------------------------------------------------------
def draw(scene) -> str:
    view = scene.view
    # A tablet puts the cabinet and the cushions side by side; the sheet stays at the bottom.
    return "".join([widgets.status(status(scene)),
                    f'<div class="mt-board-top"><div>{cabinet(scene)}{open_drawer(view, scene.names)}</div>'
                    f'{cushions(scene)}</div>', sheet(scene), notebook_panel(view)])


def status(scene) -> str:
    view, names, legal = scene.view, scene.names, scene.legal
    if view["outcome"]:
        return summary(view, names)
    mine = view["seat"] is not None and bool(legal)
    you = names[view["seat"]] if view["seat"] is not None else ""
    phase = view["phase"]
    if phase == "setup":
        hider = view["to_act"][0]
        if mine:
            return f"{you}, hide a diamond: tap a drawer ({view['to_hide']} still to hide)."
        return f"{names[hider]} is hiding a diamond ({view['to_hide']} still to hide)."
    if phase == "choose":
        if mine:
            return f"Round {view['round']}, {you}: choose your role in secret."
        waiting = join_names([names[seat] for seat in view["to_act"]])
        return f"Round {view['round']}: waiting for {waiting} to choose a role."
    actor = view["actor"]
    role = ROLE_NAMES[view["roles"][actor]]
    if not mine:
        doing = " is thinking…" if actor in scene.bots else "'s turn."
        return f"{names[actor]} ({role}){doing}"
    return {
        "open": f"{you}, you are the {role}: tap a drawer to open it.",
        "place": f"{you}: put a fake into the drawer? ({view['fakes_left']} more at most)",
        "alarm": f"{you}: set your alarm token in this drawer?",
        "handle": f"{you}: turn a tier and/or flip the cabinet, or leave it as it is.",
    }[view["step"]]


def cabinet(scene) -> str:
    """The faces of the cabinet, unrolled: a row per tier, a column per side."""
    view, legal = scene.view, scene.legal
    taps = {(a["tier"], a["side"]): a for a in legal if a["type"] in ("hide", "open")}
    opened = view["open"]
    head = "".join(f'<span class="mt-side" aria-hidden="true">{SIDES[side]}<small>{SIDE_NAMES[SIDES[side]]}</small></span>'
                   for side in range(4))
    rows = []
    for tier, faces in enumerate(view["faces"]):
        cells = []
        for side, long in enumerate(faces):
            is_open = opened is not None and (opened["tier"], opened["side"]) == (tier, side)
            cells.append(drawer_tile(tier, side, long, taps.get((tier, side)), is_open))
        rows.append(f'<div class="mt-tier" data-motion="mt-tier-{tier}"><span class="mt-tier-name">{TIERS[tier]}</span>'
                    f'{"".join(cells)}</div>')
    return (f'<div class="mt-cabinet" data-testid="cabinet" data-motion="mt-cabinet" data-arrows>'
            f'<div class="mt-tier mt-head"><span class="mt-tier-name"></span>{head}</div>{"".join(rows)}</div>')


def drawer_face(long: bool, is_open: bool) -> str:
    """A drawer's front: a long one full width with two knobs and a keyhole, a short one narrower
    with one knob; an open one pulled out (drawn lower, with its inside showing)."""
    pull = 6 if is_open else 0
    if long:
        front = (f'<rect x="2" y="{4 + pull}" width="60" height="28" rx="3" class="mt-front"/>'
                 f'<circle cx="18" cy="{18 + pull}" r="3" class="mt-knob"/><circle cx="46" cy="{18 + pull}" r="3" class="mt-knob"/>'
                 f'<path d="M32 {13 + pull} a3 3 0 1 1 0.1 0 M31 {15 + pull} h2 l1 6 h-4 Z" class="mt-keyhole"/>')
    else:
        front = (f'<rect x="12" y="{4 + pull}" width="40" height="28" rx="3" class="mt-front"/>'
                 f'<circle cx="32" cy="{18 + pull}" r="3" class="mt-knob"/>')
    inside = '<rect x="8" y="2" width="48" height="8" class="mt-inside"/>' if is_open else ""
    return f'<svg viewBox="0 0 64 40" aria-hidden="true" focusable="false">{inside}{front}</svg>'


def place_words(tier, side) -> str:
    """'top north'."""
    return f"{TIERS[tier]} {SIDE_NAMES[SIDES[side]]}"


def drawer_tile(tier, side, long, action, is_open) -> str:
    name = drawer_name(tier, side)
    label = f"{place_words(tier, side).capitalize()} drawer, {'long, with a secret compartment' if long else 'short'}"
    classes = ["mt-drawer", "long" if long else "short"]
    if is_open:
        classes.append("open")
        label += ", open"
    key = f"mt-drawer-{tier}-{side}"
    if action is not None:
        verb = "Hide a diamond in" if action["type"] == "hide" else "Open"
        classes.append("tappable")
        return act_button(drawer_face(long, is_open), action, " ".join(classes),
                          aria_label=f"{verb} {name}" + (" (long)" if long else " (short)"), data_motion=key)
    return f'<span{attrs(class_=" ".join(classes), role="img", aria_label=label, data_motion=key)}>{drawer_face(long, is_open)}</span>'


def open_drawer(view, names) -> str:
    opened = view["open"]
    if opened is None:
        return ""
    seat = view["seat"]
    parts = [f'<p>Inside: {stones_html(opened["normal"])}</p>']
    if opened["secret"] is not None:
        parts.append(f'<p>Secret compartment: {stones_html(opened["secret"])}</p>')
    if opened["token"] is not None:
        owner = "your" if opened["token"] == seat else f"{names[opened['token']]}'s"
        parts.append(f'<p class="mt-token-line"><span class="mt-token" aria-hidden="true">!</span> {esc(owner)} alarm token lies in it.</p>')
    return (f'<section class="panel mt-open" data-testid="open-drawer"><h3>{esc(drawer_name(opened["tier"], opened["side"]).capitalize())} '
            f'stands open</h3>{"".join(parts)}</section>')


# -- the sheet: what the seat on screen decides now -------------------------------------------------
def sheet(scene) -> str:
    view, legal = scene.view, scene.legal
    if not legal:
        return ""
    kinds = {a["type"] for a in legal}
    if "hide" in kinds:
        body = ("<h3>Hide a diamond</h3><p>Tap a drawer in the cabinet: the diamond goes into the upper half "
                "of its compartment. Everyone sees where.</p>")
    elif "choose_role" in kinds:
        body = role_picker(legal)
    elif "open" in kinds:
        role = view["roles"][view["seat"]]
        body = (f"<h3>Open a drawer</h3><p>{role_card(role)} {esc(ROLE_HINTS[role])}</p>"
                "<p class=\"muted\">Tap a drawer in the cabinet. Whatever lies in its lower half falls out.</p>")
    elif "place_fake" in kinds or "no_fake" in kinds:
        body = fakes_picker(view, legal)
    elif "alarm" in kinds:
        body = ("<h3>The alarm token</h3><p>If it ever falls out, you take the stones it falls with.</p>"
                f'<p class="actions">{act_button("Set my alarm token", {"type": "alarm", "set": True}, "btn primary", legal)} '
                f'{act_button("No alarm", {"type": "alarm", "set": False}, "btn", legal)}</p>')
    else:
        body = handle_picker(view, legal)
    return f'<section class="panel sheet mt-sheet" data-testid="sheet">{body}</section>'


def role_picker(legal) -> str:
    cards = []
    for role in ROLES:
        action = {"type": "choose_role", "role": role}
        label = (f'<span class="mt-role-mark" aria-hidden="true">{ROLE_MARKS[role]}</span>'
                 f'<strong>{esc(ROLE_NAMES[role])}</strong><small>{esc(ROLE_HINTS[role])}</small>')
        cards.append(act_button(label, action, f"btn mt-role-card {role}", legal, aria_label=f"Play the {ROLE_NAMES[role]}"))
    return ('<h3>Your role this round</h3><p class="muted">Chosen in secret; all roles turn over together.</p>'
            f'<div class="mt-roles">{"".join(cards)}</div>')


def fakes_picker(view, legal) -> str:
    white = view["players"][view["seat"]]["white"]
    keys = [act_button(f'{gem(kind, 20)} Put in a {kind} ({white[kind]} left)', {"type": "place_fake", "stone": kind},
                       "btn primary" if kind == "sapphire" else "btn", legal)
            for kind in ("sapphire", "diamond")]
    keys.append(act_button("No more fakes", {"type": "no_fake"}, "btn", legal))
    return (f'<h3>Fakes from your white cushion</h3><p>A fake you put in no longer counts against you '
            f'(up to {view["fakes_left"]} now). It lands in the drawer\'s upper half.</p>'
            f'<p class="actions">{" ".join(keys)}</p>')


def handle_picker(view, legal) -> str:
    rows = []
    for tier in range(3):
        keys = [act_button(f"↻ {90 * quarters}°", {"type": "turn", "tier": tier, "quarters": quarters},
                           "btn mt-turn", legal, aria_label=f"Turn the {TIERS[tier]} tier {QUARTERS[quarters]} clockwise")
                for quarters in (1, 2, 3)]
        rows.append(f'<div class="mt-turn-row"><span>{TIERS[tier].capitalize()}</span>{"".join(keys)}</div>')
    done = "Done" if view["turned"] or view["flipped"] else "Leave it"
    return ('<h3>Turn a tier, flip, or leave it</h3><p class="muted small">Clockwise seen from above: north goes '
            'east. A flip turns every upper half into a lower one.</p>'
            f'<div class="mt-turns">{"".join(rows)}</div><p class="actions">{act_button("Flip the cabinet", {"type": "flip"}, "btn", legal)} '
            f'{act_button(done, {"type": "done"}, "btn primary", legal)}</p>')


# -- cushions and the notebook ----------------------------------------------------------------------
def cushions(scene) -> str:
    view, names = scene.view, scene.names
    viewer = view["seat"]
    winners = view["outcome"]["winners"] if view["outcome"] else []
    items = []
    for player in view["players"]:
        seat = player["seat"]
        role = view["roles"][seat]
        classes = ["mt-player"] + (["you"] if seat == viewer else []) + (["win"] if seat in winners else [])
        if view["phase"] == "act" and view["actor"] == seat:
            classes.append("acting")
        if role is not None:
            card = role_card(role, "mine" if view["phase"] == "choose" else "")
        elif view["phase"] == "choose":
            card = '<span class="badge">chosen</span>' if view["chosen"][seat] else '<span class="badge">choosing…</span>'
        else:
            card = ""
        bot = f' <span class="badge bot">{esc(scene.bots[seat])}</span>' if seat in scene.bots else ""
        token = "" if player["token_home"] else '<span class="badge warn">alarm set</span>'
        take = widgets.take_over_button(seat, names[seat], scene.take_over)
        items.append(
            f'<li{attrs(class_=" ".join(classes), data_motion=f"mt-player-{seat}")}>'
            f'<span class="mt-who">{esc(names[seat])}{" (you)" if seat == viewer else ""}{bot} {card} {token}</span>'
            f'<span class="mt-cushion white" title="white cushion: fakes">White {stones_html(player["white"], "empty")}</span>'
            f'<span class="mt-cushion black" title="black cushion: gems">Black {stones_html(player["black"], "none yet")}</span>'
            f'<span class="mt-score">{player["score"]} pts</span>{take}</li>')
    red = (f'<p class="mt-red" data-motion="mt-red" data-testid="red-cushion"><span class="mt-cushion red">Red cushion '
           f'{stones_html(view["red"], "empty")}</span></p>')
    return f'<section class="mt-players"><h3 class="sr">Cushions</h3>{red}<ol>{"".join(items)}</ol></section>'


def notebook_panel(view) -> str:
    pages = view.get("notebook")
    if not pages:
        return ""
    rows = []
    for tier, row in enumerate(pages):
        for side, page in enumerate(row):
            secret = ""
            if page["secret_up"] is not None:
                secret = (f'<td>{stones_html(page["secret_up"], "–")}</td><td>{stones_html(page["secret_down"], "–")}</td>')
            else:
                secret = '<td class="muted">short</td><td></td>'
            token = "" if page["token"] is None else f' <span class="badge warn">alarm {page["token"]}</span>'
            rows.append(f'<tr><th scope="row">{esc(place_words(tier, side))}{token}</th>'
                        f'<td>{stones_html(page["up"], "–")}</td><td>{stones_html(page["down"], "–")}</td>{secret}</tr>')
    return ('<details class="panel mt-notebook" data-testid="notebook"><summary>Notebook</summary>'
            '<table><thead><tr><th scope="col">Drawer</th><th scope="col">Upper</th><th scope="col">Lower</th>'
            '<th scope="col">Secret upper</th><th scope="col">Secret lower</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></details>')











