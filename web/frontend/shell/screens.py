"""The screens every game shares: home, set-up, rules, the frame of a board.  Pure Python: each
returns HTML built from plain data; taps come back as data-command names handled in app.py.

Nothing here names a game: what differs is asked of the game (``pycore.GAMES[id]``: title, seat
range, options, words) and of its board module (see boards.py for what a board module provides)."""
from __future__ import annotations

from . import saved_games
from ..markup import attrs, button, esc
from .table import BOT_LEVELS, Seat, Table, check_name, name_key


# -- home ---------------------------------------------------------------------------------------
def home(boards: dict, games: dict, listing, notice: str = "", now: float = 0, install: str = "",
         offset_minutes: int = 0, tally: dict | None = None) -> str:
    """listing: save_store.Listing, read from the save index (nothing is replayed to draw home);
    ``install``: how this browser can put the app on the home screen ("prompt", "ios", or "")."""
    parts = [f'<p class="actions home-tools">{button("Settings", "settings", "btn small", aria_label="Settings: bot speed, sound, vibration")}</p>']
    if notice:
        parts.append(f'<p class="notice" role="alert">{esc(notice)}</p>')
    parts.append(install_offer(install))
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
            f'<a class="btn" href="#/rules/{esc(game_id)}">Rules</a></p></div></li>')
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


# -- set-up ---------------------------------------------------------------------------------------
def new_setup(board, game) -> dict:
    low, high = game.seat_range(game.options)
    rows = [{"kind": "person", "names": ["", ""], "bot": "sharp"}]
    rows += [{"kind": "bot", "names": ["", ""], "bot": "sharp"} for _ in range(1, high * 2)]
    return {"game": game.id, "seats": min(max(board.DEFAULT_SEATS, low), high), "rows": rows,
            "options": {name: game.options[name] for name, *_ in board.OPTION_FIELDS}, "errors": {}}


def set_seat_count(board, game, setup: dict, seats: int):
    """Keep the seat count within the game's range for the options chosen (they may change it)."""
    low, high = game.seat_range(engine_options(board, setup))
    setup["rows"] += [{"kind": "bot", "names": ["", ""], "bot": "sharp"} for _ in range(len(setup["rows"]), high)]
    setup["seats"] = max(low, min(high, seats))


def engine_options(board, setup: dict) -> dict:
    """The options as the engine takes them: those that do not apply at this many seats are off."""
    seats = setup["seats"]
    return {name: bool(value) and board.option_enabled(name, seats, setup["options"])
            for name, value in setup["options"].items()}


def name_fields(setup: dict) -> list:
    """(seat, slot, field key, placeholder) of each name field on the set-up, in order.  The
    placeholder ("Player 2") is the name a field left empty gets."""
    fields = []
    for index, row in enumerate(setup["rows"][:setup["seats"]]):
        if row["kind"] != "bot":
            fields += [(index, slot, f"name-{index}-{slot}", f"Player {len(fields) + slot + 1}")
                       for slot in range(2 if row["kind"] == "pair" else 1)]
    return fields


def setup_table(board, game, setup: dict):
    """Reads the set-up into (Table, engine options); fills setup["errors"] and returns None if refused."""
    errors = {}
    seats = [Seat(bot=row["bot"]) if row["kind"] == "bot" else Seat(people=[])
             for row in setup["rows"][:setup["seats"]]]
    keys_by_name = {}
    for index, slot, key, placeholder in name_fields(setup):
        try:
            name = check_name(setup["rows"][index]["names"][slot].strip() or placeholder)
        except ValueError as error:
            errors[key] = str(error)
            continue
        seats[index].people.append(name)
        keys_by_name.setdefault(name_key(name), []).append(key)
    for keys in keys_by_name.values():
        if len(keys) > 1:       # mark every field of a clash, so the person sees which to change
            errors.update({key: "Someone else has this name." for key in keys})
            errors["table"] = "Two people have the same name: give everyone a different name so the device knows whom to pass to."
    table = Table(seats)
    try:        # the game's own rule for who may sit where (no shared seat while one is a bot)
        game.check_seating(table.to_json())
    except ValueError as refusal:
        errors["seating"] = f"{str(refusal)[0].upper()}{str(refusal)[1:]}."
    setup["errors"] = errors
    if errors:
        return None
    return table, engine_options(board, setup)


def setup_screen(board, game, setup: dict) -> str:
    seats = setup["seats"]
    errors = setup["errors"]
    word = board.SEAT_WORD
    low, high = game.seat_range(engine_options(board, setup))
    out = [f'<section class="panel setup"><h2>New game of {esc(game.title)}</h2>']
    if errors:
        general = [text for key, text in errors.items() if not key.startswith("name-")]
        marked = " The names marked below need changing." if len(general) < len(errors) else ""
        out.append('<p class="notice" role="alert">Some things need fixing before the game can start: '
                   + esc(" ".join(general) + marked) + "</p>")
    out.append(f'<div class="stepper" role="group" aria-label="Number of {word}s">'
               f'<span>{word.capitalize()}s</span>'
               f'{button("−", "setup-seats", "btn round", delta=-1, disabled=seats <= low, aria_label=f"Fewer {word}s")}'
               f'<output data-testid="seat-count">{seats}</output>'
               f'{button("+", "setup-seats", "btn round", delta=1, disabled=seats >= high, aria_label=f"More {word}s")}</div>')
    out.append('<ol class="seats">')
    fields = name_fields(setup)
    kinds = [("person", "Person")] + ([("pair", "Two people")] if game.people_per_seat > 1 else []) + [("bot", "Bot")]
    for index in range(seats):
        row = setup["rows"][index]
        out.append(f'<li class="seat-row" data-seat="{index}"><div class="seat-head"><strong>{word.capitalize()} {index + 1}</strong>'
                   '<span class="segmented" role="group">')
        for kind, label in kinds:
            out.append(button(label, "setup-kind", "seg" + (" on" if row["kind"] == kind else ""),
                              seat=index, kind=kind))
        out.append("</span></div>")
        if row["kind"] == "bot":
            out.append(f'<label class="field">Level <select{attrs(data_field=f"bot-{index}")}>')
            for level, title in BOT_LEVELS.items():
                out.append(f'<option value="{level}"{" selected" if row["bot"] == level else ""}>{title}</option>')
            out.append("</select></label>")
        else:
            for _, slot, key, placeholder in [field for field in fields if field[0] == index]:
                invalid = key in errors
                out.append(f'<label class="field">Name<input{attrs(type="text", data_field=key, value=row["names"][slot], autocomplete="off", aria_invalid="true" if invalid else None, aria_describedby=f"{key}-error" if invalid else None, placeholder=placeholder)}></label>')
                if invalid:
                    out.append(f'<p class="field-error" id="{key}-error">{esc(errors[key])}</p>')
        out.append("</li>")
    out.append("</ol>")
    if board.OPTION_FIELDS:
        out.append('<fieldset class="options"><legend>Options</legend>')
        for name, label, help_text in board.OPTION_FIELDS:
            enabled = board.option_enabled(name, seats, setup["options"])
            checked = setup["options"].get(name) and enabled
            out.append(f'<label class="check{"" if enabled else " off"}"><input{attrs(type="checkbox", data_field=f"option-{name}", checked=bool(checked), disabled=not enabled)}>'
                       f'<span><strong>{esc(label)}</strong><br><span class="muted">{esc(help_text)}</span></span></label>')
        out.append("</fieldset>")
    people = sum(2 if row["kind"] == "pair" else 1 for row in setup["rows"][:seats] if row["kind"] != "bot")
    mode = ("Solo: you against the bots." if people == 1 else
            "Hot-seat: pass the device; a cover hides each person's secrets until they tap." if people else
            "Watch: bots only. Nobody's cards are shown until the end.")
    out.append(f'<p class="muted">{esc(mode)}</p>')
    # Deal stays at the bottom of the screen however long the table is.
    out.append(f'<p class="actions setup-go">{button("Deal", "setup-start", "btn primary big")} '
               f'<a class="btn" href="#/">Back</a></p></section>')
    return "".join(out)


# -- rules ----------------------------------------------------------------------------------------
def rules_page(game, board, back: str = "") -> str:
    """The rules and the table's rulings; opened from a game (``back``: its route), the way back to
    it comes first and last."""
    rules = "".join(f"<li>{esc(rule)}</li>" for rule in board.table_rules())
    if back:
        return_link = f'<a class="btn primary" href="{esc(back)}" data-testid="back-to-game">Back to the game</a>'
        top, bottom = f'<p class="actions">{return_link}</p>', return_link
    else:
        top, bottom = "", (f'<a class="btn primary" href="#/new/{esc(game.id)}">New game</a> '
                           f'<a class="btn" href="#/">Home</a>')
    return (f'<article class="panel rules">{top}<h2>{esc(game.title)}: the rules</h2>{board.rules_html()}'
            f'<h3 id="how-this-table-plays-it">How this table plays it</h3><ul class="table-rules">{rules}</ul>'
            f'<p class="actions">{bottom}</p></article>')


def not_found(text: str) -> str:
    return (f'<section class="panel"><p class="notice" role="alert">{esc(text)}</p>'
            f'<p><a class="btn primary" href="#/">Home</a></p></section>')
