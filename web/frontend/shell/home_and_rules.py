"""The pages every game shares: home (saved games, the games, what the table remembers, keeping
games in a file), a game's rules, and "not found".  Pure Python: each returns HTML built from plain
data; their taps are the command tables of home_screen.py and app.py.

Nothing here names a game: what differs is asked of the game (``pycore.GAMES[id]``: title, seat
range, options, words) and of its board module (see boards.py for what a board module provides)."""
from __future__ import annotations

from . import saved_games
from .lesson import learn_links
from ..markup import button, esc


# -- home ---------------------------------------------------------------------------------------
def home(boards: dict, games: dict, listing, notice: str = "", now: float = 0, install: str = "",
         offset_minutes: int = 0, tally: dict | None = None, settings_panel: str = "") -> str:
    """listing: save_store.Listing, read from the save index (nothing is replayed to draw home);
    ``install``: how this browser can put the app on the home screen ("prompt", "ios", or "");
    ``settings_panel``: the open settings, right below the button that opened them."""
    parts = [f'<p class="actions home-tools">{button("Join a table", "join", "btn small", aria_label="Join a table: play on this phone at a game hosted on another")} '
             f'{button("Settings", "settings", "btn small", aria_label="Settings: bot speed, sound, vibration")}</p>',
             settings_panel]
    if notice:
        parts.append(f'<p class="notice" role="alert">{esc(notice)}</p>')
    # Its own holder: the browser's offer comes and goes by itself, and redraws only this.
    parts.append(f'<div id="{INSTALL_HOLDER}">{install_offer(install)}</div>')
    parts.append(saved_games.in_progress_html(games, listing, now, offset_minutes))
    parts.append('<section class="panel"><h2>Games</h2><ul class="games">')
    for game_id, board in boards.items():
        game = games[game_id]
        low, high = game.seat_range(game.options)
        seats = f"{low}–{high} {board.SEAT_WORD}s"
        parts.append(
            f'<li class="game-card" data-game="{esc(game_id)}">{board.ART_SVG}<div><h3>{esc(game.title)}</h3>'
            f'<p class="muted">{esc(board.BLURB)} <span class="nowrap">{esc(seats)}</span></p>'
            f'<p class="actions"><a class="btn primary" href="#/new/{esc(game_id)}">New game</a> '
            f'<a class="btn" href="#/rules/{esc(game_id)}">Rules</a>{learn_link(board, game_id, " ")}</p></div></li>')
    parts.append("</ul></section>")
    parts.append(saved_games.finished_html(games, listing, now, offset_minutes))
    parts.append(remembered(games, tally or {"games": {}}))
    parts.append(keeping_panel(bool(listing.entries)))
    return "".join(parts)


def keeping_panel(has_saves: bool) -> str:
    """Every game to a file, and back: for another device, or after the browser's storage was cleared."""
    export = button("Export all games", "export-all", "btn") if has_saves else ""
    return (f'<section class="panel keeping" data-testid="keeping"><h2>Keep your games</h2>'
            f'<p class="muted">Save them to a file, and open that file here or on another device.</p>'
            f'<p class="actions">{export}<label class="btn file-pick">Import games'
            f'<input type="file" accept=".json,application/json" data-field="import-file" class="sr"></label></p></section>')


def tally(title: str, rows: list, names: set) -> str:
    """After a game: how these people stand at this table in this game."""
    shown = [row for row in rows if row.get("name") in names]
    if not shown:
        return ""
    lines = "".join(f"<li><bdi>{esc(row['name'])}</bdi>: won {row['won']} of {row['played']}"
                    + (f"; best: {esc(row['best'])}" if row.get("best") else "") + "</li>" for row in shown)
    return f'<div class="tt-tally" data-testid="tally"><p class="muted">At this table, {esc(title)}:</p><ul>{lines}</ul></div>'


def remembered(games: dict, tally_data: dict) -> str:
    """The home screen's memory: per game, who played, how often they won, their best."""
    from .stats import rows as tally_rows
    parts = []
    for game_id, game in games.items():
        rows = tally_rows(tally_data, game_id)
        if not rows:
            continue
        body = "".join(f"<tr><th scope=\"row\"><bdi>{esc(row['name'])}</bdi></th><td>{row['played']}</td><td>{row['won']}</td>"
                       f"<td>{esc(row.get('best') or '')}</td></tr>" for row in rows[:8])
        parts.append(f'<h3>{esc(game.title)}</h3><table class="standings"><thead><tr><th scope="col">Name</th>'
                     f'<th scope="col">Played</th><th scope="col">Won</th><th scope="col">Best</th></tr></thead><tbody>{body}</tbody></table>')
    if not parts:
        return ""
    return (f'<section class="panel" data-testid="remembered"><h2>This table remembers</h2>{"".join(parts)}'
            f'<p class="actions">{button("Forget these results", "forget-tally", "btn danger")}</p></section>')


INSTALL_HOLDER = "install-offer"


def install_offer(how: str) -> str:
    """Put the table on the home screen: the browser's own offer where it has one, else the steps."""
    if how == "prompt":
        return (f'<section class="panel install" data-testid="install"><p><strong>Play with no network:</strong> '
                f'install Thieves\' Table on this device and open it from the home screen.</p>'
                f'<p class="actions">{button("Install", "install", "btn primary")}</p></section>')
    if how == "ios":
        return ('<section class="panel install" data-testid="install-hint"><p><strong>Play with no network:</strong> '
                'tap Share, then “Add to Home Screen”, and open Thieves\' Table from there.</p></section>')
    return ""


# -- rules ----------------------------------------------------------------------------------------
def rules_page(game, board, back: str = "") -> str:
    """The rules and the table's rulings; opened from a game (``back``: its route), the way back to
    it comes first and last."""
    rules = "".join(f"<li>{esc(rule)}</li>" for rule in board.table_rules())
    if back:
        to = "the lesson" if back.startswith("#/learn/") else "the game"
        return_link = f'<a class="btn primary" href="{esc(back)}" data-testid="back-to-game">Back to {to}</a>'
        top, bottom = f'<p class="actions">{return_link}</p>', return_link
    else:
        learn = learn_link(board, game.id)
        top = f'<p class="actions">{learn}</p>' if learn else ""
        bottom = (f'<a class="btn primary" href="#/new/{esc(game.id)}">New game</a> {learn} '
                  f'<a class="btn" href="#/">Home</a>')
    return (f'<article class="panel rules">{top}<h2>{esc(game.title)}: the rules</h2>{board.rules_html()}'
            f'<h3 id="how-this-table-plays-it">How this table plays it</h3><ul class="table-rules">{rules}</ul>'
            f'<p class="actions">{bottom}</p></article>')


def learn_link(board, game_id: str, before: str = "") -> str:
    """"Learn to play" (the guided first game) for a game with a lesson, and its shorter lessons
    ("Learn solo"); nothing for a game without."""
    links = [f'<a class="btn" href="{esc(href)}" data-testid="{"learn-" + esc(part) if part else "learn"}">{esc(title)}</a>'
             for part, href, title in learn_links(board, game_id)]
    return before + " ".join(links) if links else ""
