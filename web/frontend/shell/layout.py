"""The play screen every board shares: pure Python, HTML from plain data.

One layout, owned by the shell (TABLE.md): a slim bar (the game's mark, whose turn, one menu), a
one-line news strip, the board filling the rest, the person's own things docked where the thumb
is, and the current choice in a sheet that is only as tall as it must be and never covers what it
is about.  The stylesheet arranges the same parts three ways by the space there is: a portrait
phone (stacked), a phone on its side (the board left, strip, hand and sheet right) and a tablet
(the board large, hand and sheet below it, the log beside).

The board gives its parts as :class:`frontend.widgets.Regions`; what the sheet holds besides the
board's own choice (the hand-over, the landing of a person's move, bots at work, the end) is drawn
here.  Nothing here names a game.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..markup import attrs, button, esc
from ..widgets import Regions, name_tag, outcome_words


@dataclass
class Screen:
    """Everything the play screen is drawn from, gathered by the game screen (game.py)."""
    game_id: str
    title: str
    mark: str                    # the game's small picture (SVG) for the bar
    regions: Regions
    moment: str                  # as Scene.moment: turn, wait, landing, handover, over
    status: str                  # the bar's words: whose turn, the round
    news: str = ""               # the strip's one line: what just happened
    sheet: str = ""              # the sheet below the prompt (the board's choice or the shell's moment)
    prompt: str = ""             # the sheet's first line
    log: str = ""                # the log (beside the board on a tablet, in the menu elsewhere)
    notice: str = ""             # why the last tap was refused, or a problem to tell
    overlay: str = ""            # an open menu, recap or settings panel
    hint: str = ""               # a hint's short line, in the strip's place (its whole reason a tap away)
    tools: list = field(default_factory=list)   # the bar's shortcuts to the menu's help: "hint", "take-back"
    embedded: bool = False
    extra: dict = field(default_factory=dict)   # data-* attributes on the screen (moment details)


def play_screen(screen: Screen) -> str:
    """The whole play screen."""
    regions = screen.regions
    notice = f'<p class="tt-notice" role="alert">{esc(screen.notice)}</p>' if screen.notice else ""
    prompt = (f'<p class="tt-prompt" data-testid="status" tabindex="-1">{esc(screen.prompt)}</p>'
              if screen.prompt else "")
    hand = (f'<div class="tt-hand" data-testid="hand">{regions.hand}</div>' if regions.hand else "")
    sheet = (f'<section class="tt-sheet" data-testid="sheet" aria-label="What to do now">'
             f'{notice}{prompt}{screen.sheet}</section>')
    if screen.hint:
        # The hint takes the strip's one line, so it never pushes the choices down the sheet.
        news = button(f"<strong>Hint:</strong> {esc(screen.hint)}", "hint-why", "tt-strip tt-hint-why",
                      testid="hint", aria_label=f"Hint: {screen.hint} (tap for why)")
    elif screen.news:
        news = button(esc(headline_of(screen.news)), "recap", "tt-strip",
                      aria_label=f"What just happened: {screen.news} (tap for more)")
    else:
        news = '<p class="tt-strip empty"></p>'

    data = {f"data_{key}": value for key, value in screen.extra.items()}
    return (f'<div{attrs(class_="tt-play", data_testid="play", data_game=screen.game_id, data_moment=screen.moment, **data)}>'
            f'{bar(screen)}{news}'
            f'<div class="tt-board" data-testid="board">{regions.board}</div>'
            f'<div class="tt-dock">{hand}{sheet}</div>'
            f'<aside class="tt-side" aria-label="What happened">{screen.log}</aside>'
            f'{screen.overlay}</div>')


# The bar's shortcuts to what the menu also holds, so a newcomer sees that help exists: a hint
# ("What would you do?") and a take-back, each a 44 px target that never covers the board.
BAR_TOOLS = {"hint": ("?", "Hint: what would you do?"), "take-back": ("↶", "Take back a move")}


SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\u00c0-\u017d])")


STRIP_CHARS = 72    # two lines of the strip at its narrowest (a phone, or the dock on its side), long names and all
CLAUSE_BREAK = re.compile(r" \(|; |: |, | – | — ")


def headline_of(news: str) -> str:
    """The strip's line: the news' first sentence (the strip holds two short lines; the whole line
    is in the recap it opens).  A sentence too long for two lines ends at the last clause that fits,
    with "…" to say the rest is a tap away.

    >>> headline_of("The game is over (a white cushion is empty). Scores: Ann 5, Ben 3. Ann wins.")
    'The game is over (a white cushion is empty).'
    >>> headline_of("Ann took 2 cards.")
    'Ann took 2 cards.'
    >>> headline_of("Sid hit 10 (your 8th: a queen; your 2nd: a 3; Sly's 4th: a 9; Sly's 1st: a 2; your 6th: a 7)")
    "Sid hit 10 (your 8th: a queen; your 2nd: a 3; Sly's 4th: a 9 …)"
    """
    first = SENTENCE_END.split(news, 1)[0]
    if len(first) <= STRIP_CHARS:
        return first
    # A clause outside brackets, or an item of a bracket's list (closed again): never a bracket
    # left open, never half an item.
    depth_at, depth = [], 0
    for char in first:
        depth_at.append(depth)
        depth += (char == "(") - (char == ")")
    breaks = [(match.start(), depth_at[match.start()]) for match in CLAUSE_BREAK.finditer(first)
              if 0 < match.start() <= STRIP_CHARS - 4
              and (depth_at[match.start()] == 0 or depth_at[match.start()] == 1 and match.group() == "; ")]
    if not breaks:
        cut = first.rfind(" ", 0, STRIP_CHARS - 2)
        return first[:cut if cut > 0 else STRIP_CHARS - 2] + " …"
    cut, inside = breaks[-1]
    return first[:cut].rstrip(" ,;:") + (" …)" if inside else " …")


def bar(screen: Screen) -> str:
    """The slim bar: the game's mark and name, whose turn, the help there is now, the menu."""
    tools = "".join(button(f'<span aria-hidden="true">{mark}</span>', command, "tt-bar-tool", aria_label=label,
                           title=label, testid=f"bar-{command}")
                    for command, (mark, label) in BAR_TOOLS.items() if command in screen.tools)
    return (f'<header class="tt-bar"><span class="tt-mark" aria-hidden="true">{screen.mark}</span>'
            f'<span class="tt-title">{esc(screen.title)}</span>'
            f'<span class="tt-bar-status" data-testid="bar-status">{esc(screen.status)}</span>{tools}'
            + button('<span aria-hidden="true">☰</span>', "menu", "tt-menu-button", aria_label="Menu: rules, home, settings, the log")
            + "</header>")


# -- what the sheet holds at the shell's own moments ------------------------------------------------
def news_list(lines: list, head: str = "") -> str:
    if not lines:
        return ""
    title = f'<p class="tt-news-head">{esc(head)}</p>' if head else ""
    return f'{title}<ul class="tt-news" data-testid="news-lines">' + "".join(f"<li>{esc(line)}</li>" for line in lines) + "</ul>"


def handover_sheet(who: str, only: str, seat: int, reason: str, lines: list, head: str, secret_words: str) -> str:
    """Pass the device: who should take it, why, what happened since they last saw the table; the
    button that shows their secrets.  The board around it is the public one."""
    why = f'<p class="tt-cover-reason" data-testid="cover-reason">{esc(reason)}</p>' if reason else ""
    return (f'<div class="tt-cover" data-testid="cover"><h2 class="tt-pass">Pass to {esc(who)}</h2>{why}'
            f'<p class="muted">Tap when only {esc(only)} can see the screen.</p>'
            f'{button(f"I am {esc(only)}: show {esc(secret_words)}", "uncover", "btn primary big", seat=seat)}'
            f'{news_list(lines, head)}</div>')


def landing_sheet(lines: list, hide_label: str, waits: bool) -> str:
    """A person's turn just ended: what their move did, in their own words, then the device moves
    on (at once with the button; by itself a moment later unless they learned something secret)."""
    return (f'<div class="tt-landing" data-testid="landing"{" data-waits" if waits else ""}>{news_list(lines)}'
            f'<p class="actions">{button(esc(hide_label), "pass-device", "btn primary big")}</p></div>')


def waiting_sheet(speed_control: str, skip: bool, to_the_end: bool = False) -> str:
    """Bots at work: their speed, and a skip while a person waits for their turn (``to_the_end``:
    no person has a turn coming, so the skip runs to the end)."""
    label, until = (("Skip to the end", "bots move at once until the game ends") if to_the_end
                    else ("Skip to my turn", "bots move at once until a person must act"))
    skip_button = (f'<p class="actions tt-skip">{button(label, "skip-bots", "btn")}'
                   f'<span class="muted"> {until}</span></p>') if skip else ""
    return speed_control + skip_button


def standings_table(rows: list, winners: set | None = None) -> str:
    """The board's standings (see frontend.boards): place, name and the game's own figures per seat.
    One person alone (a solo game) has no place among others: the first column says won or lost
    (``winners``: the winners' names)."""
    if not rows:
        return ""
    labels = list(rows[0]["figures"])
    alone = len(rows) == 1 and winners is not None
    head = "".join(f'<th scope="col">{esc(label)}</th>' for label in labels)

    def first_cell(row):
        if alone:
            return "Won" if row["name"] in winners else "Lost"
        return row["place"]
    body = "".join(
        f'<tr class="{"first" if row["place"] == 1 and (not alone or row["name"] in winners) else ""}">'
        f'<td class="place">{first_cell(row)}</td><th scope="row" class="tt-who">{name_tag(row["name"])}</th>'
        + "".join(f"<td>{esc(row['figures'][label])}</td>" for label in labels) + "</tr>"
        for row in rows)
    return (f'<div class="tt-standings-wrap"><table class="standings" data-testid="standings"><thead><tr>'
            + ('<th scope="col" class="place">Result</th>' if alone else '<th scope="col" class="place" aria-label="Place" title="Place">#</th>')
            + f'<th scope="col" class="tt-who">Name</th>{head}</tr></thead>'
            f'<tbody>{body}</tbody></table></div>')


def winner_names(outcome: dict, names: list) -> set:
    return {names[seat] for seat in outcome.get("winners", []) if isinstance(seat, int) and 0 <= seat < len(names)}


def end_sheet(outcome: dict, names: list, again: str | None, home: bool, standings: list = (), headline: str = "",
              reason: str = "", extras: str = "", after: str = "", close: list = ()) -> str:
    """Who won and why in one sentence, the standings whole, then what next (rematch, home, the
    log), pinned where the thumb is; ``after`` (the table's memory of this game) follows the
    standings, and that part scrolls, never the buttons.  ``close``: a person alone against bots,
    how close they came (the board's lines), after the reason."""
    why = f'<p class="tt-reason" data-testid="reason">{esc(reason)}</p>' if reason else ""
    if close:
        why += '<ul class="tt-close" data-testid="how-close">' + "".join(f"<li>{esc(line)}</li>" for line in close) + "</ul>"
    return (f'<div class="tt-end tt-celebrate" data-testid="end">'
            f'<div class="tt-end-story"><h2>{esc(headline or outcome_words(outcome, names))}</h2>'
            f'{why}{standings_table(list(standings), winner_names(outcome, names))}{after}</div>'
            f'<p class="actions tt-end-next">{button(again, "rematch", "btn primary big") + " " if again else ""}'
            + ('<a class="btn" href="#/">Home</a> ' if home else "")
            + f'{extras}{button("The whole log", "show-log", "btn")}</p></div>')


# -- the log, the menu and the panels it opens --------------------------------------------------------
def log_list(lines: list, total: int | None = None) -> str:
    """The log, newest first; it scrolls, so a long game reads back to its first move.  ``total``: these
    are the latest lines of that many, numbered as such, and the whole log is a tap away."""
    items = "".join(f"<li>{esc(line)}</li>" for line in reversed(lines))
    whole = button("The whole log", "show-log", "btn small") if total is not None and total > len(lines) else ""
    start = f' start="{total}"' if total is not None else ""
    return (f'<h2 class="tt-log-head">What happened</h2><ol class="tt-log" reversed{start} data-testid="log">{items}</ol>'
            f'{whole}')


def overlay(title: str, body: str, testid: str) -> str:
    """A panel over the screen that the person opened on purpose (the menu, the recap, the log)."""
    return (f'<div class="tt-overlay" data-testid="{esc(testid)}" role="dialog" aria-modal="true" aria-label="{esc(title)}">'
            f'<div class="tt-overlay-box"><header class="tt-overlay-head"><h2>{esc(title)}</h2>'
            f'{button("Close", "close-overlay", "btn small")}</header>{body}</div></div>')


def menu(game_id: str, embedded: bool, entries: list) -> str:
    """The one menu: Rules (inside the app: back returns to the game), Home, Settings, the log, and
    whatever the game screen adds (``entries``: ready-made buttons)."""
    rules = (f'<a class="btn" href="index.html#/rules/{esc(game_id)}" target="_blank" rel="noopener">Rules (new tab)</a>'
             if embedded else button("Rules", "open-rules", "btn"))
    home = "" if embedded else '<a class="btn" href="#/">Home</a>'
    items = [rules, home, button("Settings", "settings", "btn"), button("What happened", "show-log", "btn"), *entries]
    return overlay("Menu", f'<p class="tt-menu actions">{" ".join(item for item in items if item)}</p>', "menu")


def not_found(text: str) -> str:
    """A page that cannot be shown (an unknown route, a save gone): why, and the way home."""
    return (f'<section class="panel"><p class="notice" role="alert">{esc(text)}</p>'
            f'<p><a class="btn primary" href="#/">Home</a></p></section>')
