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

from . import widgets
from .markup import attrs, esc, join_names
from .widgets import act_button

BLURB = ("A cabinet of twelve drawers that turns and flips: choose a role in secret, then open a "
         "drawer and hope you remember where the gems fell.")
SEAT_WORD = "player"
DEFAULT_SEATS = 3
DEMO_SEATS = 4
OPTION_FIELDS = [("notebook", "Notebook",
                  "A page that lists what the public record puts in every drawer. Off: remembering is up to you.")]

# The game's picture on the home screen: the cabinet, one drawer pulled out with a ruby in it.
ART_SVG = (
    '<svg class="art" viewBox="0 0 104 64" aria-hidden="true" focusable="false">'
    '<rect x="22" y="4" width="60" height="56" rx="4" fill="#4a3322" stroke="#d6aa48" stroke-width="1.5"/>'
    '<path d="M22 22 H82 M22 40 H82 M52 4 V60" stroke="#2a1d13" stroke-width="2"/>'
    '<circle cx="37" cy="13" r="2" fill="#d6aa48"/><circle cx="67" cy="13" r="2" fill="#d6aa48"/>'
    '<circle cx="37" cy="49" r="2" fill="#d6aa48"/><circle cx="67" cy="49" r="2" fill="#d6aa48"/>'
    '<rect x="56" y="24" width="40" height="14" rx="2" fill="#6b4a30" stroke="#d6aa48"/>'
    '<path d="M84 26 l5 4 l-5 5 l-5 -5 Z" fill="#c8443c" stroke="#f3ead7" stroke-width=".6"/>'
    '<path d="M66 28 l3 3 l-3 3 l-3 -3 Z" fill="#5b8bd8" stroke="#f3ead7" stroke-width=".6"/>'
    '<circle cx="37" cy="31" r="2" fill="#d6aa48"/>'
    "</svg>")

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
def board(scene) -> str:
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


# -- the rules page, in English and in Czech ----------------------------------------------------------
HALVES_WORDS = {
    "en": ("upper half", "floor", "lower half", "stones put in land here", "spills when opened",
           "A drawer seen from the side: its floor is in the middle. What is put in lies in the upper half; "
           "whatever is in the lower half falls out when the drawer is opened.",
           ("secret", "compartment")),
    "cs": ("horní polovina", "dno", "dolní polovina", "sem padá, co vložíte", "při otevření vypadne",
           "Zásuvka z boku: dno má uprostřed. Co do ní vložíte, leží v horní polovině; co je v dolní "
           "polovině, při otevření vypadne.",
           ("tajný", "oddíl")),
}
FLIP_WORDS = {
    "en": ("before", "after a flip", "top", "middle", "bottom", "The cabinet flipped upside down: the tiers "
           "change order, east and west swap, and every upper half becomes a lower one, so a stone that lay "
           "safe now falls out at the next opening."),
    "cs": ("předtím", "po obrácení", "horní", "prostřední", "dolní", "Sekretář obrácený vzhůru nohama: "
           "patra se prohodí, východ a západ si vymění místo a každá horní polovina je teď dolní, takže "
           "kámen, který ležel v bezpečí, při příštím otevření vypadne."),
}


def halves_figure(lang: str) -> str:
    upper, floor, lower, put_in, spills, caption, secret = HALVES_WORDS[lang]
    svg = ('<svg viewBox="0 0 320 150" role="img" aria-label="' + esc(caption) + '">'
           '<rect x="20" y="20" width="150" height="100" rx="6" fill="#4a3322" stroke="#d6aa48" stroke-width="2"/>'
           '<rect x="170" y="20" width="90" height="100" rx="6" fill="#3a281b" stroke="#d6aa48" stroke-width="2" stroke-dasharray="5 3"/>'
           '<path d="M20 70 H260" stroke="#f3ead7" stroke-width="3"/>'
           f'<g transform="translate(60 44)">{GEM_SHAPES["ruby"]}</g><g transform="translate(84 44)">{GEM_SHAPES["diamond"]}</g>'
           f'<g transform="translate(110 90)">{GEM_SHAPES["sapphire"]}</g>'
           '<path d="M118 108 V140" stroke="#d6aa48" stroke-width="2.5"/><path d="M112 132 l6 10 l6 -10 Z" fill="#d6aa48"/>'
           f'<text x="26" y="36" font-size="12" fill="#f3ead7">{esc(upper)}</text>'
           f'<text x="26" y="112" font-size="12" fill="#f3ead7">{esc(lower)}</text>'
           f'<text x="266" y="74" font-size="12" fill="#f3ead7">{esc(floor)}</text>'
           f'<text x="215" y="40" text-anchor="middle" font-size="10" fill="#d6aa48">{esc(secret[0])}</text>'
           f'<text x="215" y="53" text-anchor="middle" font-size="10" fill="#d6aa48">{esc(secret[1])}</text>'
           f'<text x="140" y="148" font-size="11" fill="#d6aa48">{esc(spills)}</text>'
           f'<text x="60" y="14" font-size="11" fill="#d6aa48">{esc(put_in)}</text>'
           '</svg>')
    return f'<figure class="rules-figure">{svg}<figcaption>{esc(caption)}</figcaption></figure>'


def flip_figure(lang: str) -> str:
    before, after, top, middle, bottom, caption = FLIP_WORDS[lang]
    def tiers(x, names, marked_row, sides, gem_up):
        parts = []
        for row, name in enumerate(names):
            y = 30 + row * 34
            fill = "#6b4a30" if row == marked_row else "#4a3322"
            parts.append(f'<rect x="{x}" y="{y}" width="110" height="30" rx="3" fill="{fill}" stroke="#d6aa48"/>')
            if name:
                parts.append(f'<text x="{x - 6}" y="{y + 19}" text-anchor="end" font-size="11" fill="#f3ead7">{esc(name)}</text>')
            for column, side in enumerate(sides):
                parts.append(f'<text x="{x + 14 + column * 27}" y="{y + 19}" font-size="11" fill="#f3ead7">{side}</text>')
        gy = 30 + marked_row * 34 + (4 if gem_up else 16)
        parts.append(f'<g transform="translate({x + 88} {gy}) scale(.7)">{GEM_SHAPES["ruby"]}</g>')
        return "".join(parts)
    # The right-hand cabinet's tiers are named as on the left: names belong to places, not drawers.
    svg = ('<svg viewBox="0 0 380 150" role="img" aria-label="' + esc(caption) + '">'
           f'<text x="135" y="18" text-anchor="middle" font-size="12" fill="#d6aa48">{esc(before)}</text>'
           f'<text x="315" y="18" text-anchor="middle" font-size="12" fill="#d6aa48">{esc(after)}</text>'
           + tiers(80, (top, middle, bottom), 0, "NESW", True)
           + '<path d="M200 80 h28" stroke="#d6aa48" stroke-width="3"/><path d="M226 73 l10 7 l-10 7 Z" fill="#d6aa48"/>'
           + tiers(260, ("", "", ""), 2, "NWSE", False)
           + "</svg>")
    return f'<figure class="rules-figure">{svg}<figcaption>{esc(caption)}</figcaption></figure>'


RULES_EN = """
<p class="lead">A wooden cabinet with twelve drawers stands in the middle of the table. Its tiers turn and the
whole thing flips upside down, and nobody can tell which way up it stands. The gems are in it; only
your memory says where.</p>
<section><h3>The cabinet</h3>
<p>Three tiers (top, middle, bottom) of four drawers, one facing each side: north, east, south and west.
In each tier two drawers are short and two are long; a long drawer hides a secret compartment behind
its normal one. Drawers are always named as you see them now: "the middle east drawer".</p>
{halves}
<p>Every compartment has its floor in the middle, so it has an upper and a lower half. Anything put
into a drawer lands in the upper half. When a drawer is opened, whatever lies in its lower half falls
out onto the table.</p>
{flip}
<p>Turning a tier a quarter moves each of its drawers one side clockwise (north to east). Flipping the
cabinet turns it upside down: the top tier becomes the bottom one, east and west swap, and every
upper half becomes a lower half.</p></section>
<section><h3>Gems and cushions</h3>
<p>Diamonds are worth 1, sapphires 2, rubies 4. Six rubies start in the secret compartments and
twelve diamonds are hidden by the players, everyone watching. Each player gets a white cushion with
8 diamonds and 2 sapphires: fakes, which count against you. Gems you win go on your black cushion.
Spilled gems go on the red cushion in the middle.</p></section>
<section><h3>A round</h3>
<ol>
<li>Everyone chooses a role in secret. Then all roles turn over together.</li>
<li>Roles act in this order: Smuggler, Goldsmith, Connoisseur, Thief, Master Thief (the Detective
opens nothing). Equal roles act in turn order, starting with the round's first player.</li>
<li>Acting: open one drawer. If gems fall out, they go on the red cushion and your turn ends (only
the Connoisseur still puts in fakes). If nothing falls out, your role acts on that drawer, and then
you may turn one tier and/or flip the cabinet.</li>
<li>At the end of the round the red cushion is shared: by the Smugglers if there are more of them than
Detectives, otherwise by the Detectives.</li>
</ol></section>
<section><h3>The roles</h3>
<ul>
<li><strong>Smuggler</strong>: moves what lies in the drawer onto the red cushion.</li>
<li><strong>Goldsmith</strong>: may put one fake in, and may set an alarm token there. When an alarm
token falls out, its owner takes the gems it falls with.</li>
<li><strong>Connoisseur</strong>: puts one fake in, plus one more for each Detective, even after a spill.</li>
<li><strong>Thief</strong>: takes what lies in the drawer.</li>
<li><strong>Master Thief</strong>: pulls a long drawer all the way out and takes the secret compartment too
(but both lower halves can spill).</li>
<li><strong>Detective</strong>: opens nothing, and takes the red cushion unless Smugglers outnumber the Detectives.</li>
</ul></section>
<section><h3>The end</h3>
<p>When a round ends with someone's white cushion empty, the game is over. Your score is your black
cushion minus your white cushion; the best score wins, and equal best scores share the win.</p></section>"""

RULES_CS = """
<p class="lead">Uprostřed stolu stojí dřevěný sekretář s dvanácti zásuvkami. Jeho patra se otáčejí a celý se
dá obrátit vzhůru nohama, aniž by na něm kdokoli poznal, jak zrovna stojí. Drahokamy jsou uvnitř; kde
přesně, ví jen vaše paměť.</p>
<section><h3>Sekretář</h3>
<p>Tři patra (horní, prostřední, dolní) po čtyřech zásuvkách, na každou světovou stranu jedna: sever,
východ, jih a západ. V každém patře jsou dvě zásuvky krátké a dvě dlouhé; dlouhá zásuvka skrývá za
běžnou přihrádkou tajný oddíl. Zásuvky se vždy jmenují podle toho, jak je vidíte teď: „prostřední
východní zásuvka“.</p>
{halves}
<p>Každá přihrádka má dno uprostřed, a tedy horní a dolní polovinu. Co do zásuvky vložíte, padne do
horní poloviny. Když se zásuvka otevře, vše, co leží v její dolní polovině, vypadne na stůl.</p>
{flip}
<p>Otočení patra o čtvrt otáčky posune každou jeho zásuvku o stranu po směru hodin (ze severu na
východ). Obrácení sekretáře ho postaví vzhůru nohama: horní patro je dole, východ a západ se
prohodí a každá horní polovina se stane dolní.</p></section>
<section><h3>Drahokamy a polštářky</h3>
<p>Diamant má 1 bod, safír 2, rubín 4. Šest rubínů začíná v tajných oddílech a dvanáct diamantů
schovají hráči, zatímco ostatní přihlížejí. Každý hráč dostane bílý polštářek s 8 diamanty a
2 safíry: to jsou falzifikáty a počítají se vám do minusu. Získané drahokamy dáváte na svůj černý
polštářek. Co vypadne, jde na červený polštářek uprostřed.</p></section>
<section><h3>Kolo</h3>
<ol>
<li>Každý tajně zvolí roli. Pak se všechny role otočí najednou.</li>
<li>Role hrají v tomto pořadí: pašerák, zlatník, znalec, zloděj, mistr zloděj (detektiv nic
neotevírá). Stejné role hrají v pořadí hráčů, počínaje prvním hráčem kola.</li>
<li>Tah: otevřete jednu zásuvku. Když z ní něco vypadne, jde to na červený polštářek a váš tah končí
(jen znalec ještě vkládá falzifikáty). Když nevypadne nic, vaše role zapůsobí na tu zásuvku a pak smíte
otočit jedno patro a/nebo obrátit celý sekretář.</li>
<li>Na konci kola se dělí červený polštářek: pašeráci, je-li jich víc než detektivů, jinak detektivové.</li>
</ol></section>
<section><h3>Role</h3>
<ul>
<li><strong>Pašerák</strong>: přesune obsah zásuvky na červený polštářek.</li>
<li><strong>Zlatník</strong>: smí vložit jeden falzifikát a smí do zásuvky dát svůj žeton poplachu. Když
žeton vypadne, jeho majitel dostane drahokamy, které vypadly s ním.</li>
<li><strong>Znalec</strong>: vloží jeden falzifikát a za každého detektiva ještě jeden, i když něco vypadlo.</li>
<li><strong>Zloděj</strong>: vezme, co v zásuvce leží.</li>
<li><strong>Mistr zloděj</strong>: vytáhne dlouhou zásuvku celou a vezme i obsah tajného oddílu (ale
vypadnout může z obou dolních polovin).</li>
<li><strong>Detektiv</strong>: nic neotevírá a bere červený polštářek, pokud pašeráků není víc než detektivů.</li>
</ul></section>
<section><h3>Konec</h3>
<p>Když skončí kolo, ve kterém má někdo prázdný bílý polštářek, hra končí. Body: černý polštářek minus
bílý polštářek; vyhrává nejvyšší skóre, při rovnosti se vítězové dělí.</p>
<p class="muted">Podrobnosti, jak hraje tento stůl, jsou níže v angličtině (How this table plays it).</p></section>"""


def rules_html() -> str:
    """The rules in our own words, in English and in Czech (the game's own language); a switch
    made of two radio buttons shows one at a time, with no script."""
    english = RULES_EN.format(halves=halves_figure("en"), flip=flip_figure("en"))
    czech = RULES_CS.format(halves=halves_figure("cs"), flip=flip_figure("cs"))
    return ('<div class="mt-rules">'
            # data-field names them for the shell's input listener (which reads every input's field).
            '<input type="radio" name="mt-lang" id="mt-lang-en" class="mt-lang-input" data-field="rules-language" checked>'
            '<input type="radio" name="mt-lang" id="mt-lang-cs" class="mt-lang-input" data-field="rules-language">'
            '<p class="mt-lang-switch" role="group" aria-label="Language / Jazyk">'
            '<label for="mt-lang-en" class="btn small" lang="en">English</label>'
            '<label for="mt-lang-cs" class="btn small" lang="cs">Česky</label></p>'
            f'<div class="mt-lang-en" lang="en" data-testid="rules-en">{english}</div>'
            f'<div class="mt-lang-cs" lang="cs" data-testid="rules-cs">{czech}</div></div>')
