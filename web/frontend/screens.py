"""The screens every game shares: home, set-up, rules, hand-over cover, the end.  Pure Python:
each returns HTML built from plain data; taps come back as data-do names handled in app.py."""
from __future__ import annotations

from . import savelist
from .markup import attrs, button, esc
from .table import BOT_LEVELS, Seat, Table, check_name, name_key


class GameScreen:
    """What one game adds to the shared screens (see thievery.py for a whole example)."""
    game_id = ""
    blurb = ""
    seat_word = "player"          # "hand" in Thievery
    shared_seats = False          # may two people share one seat
    max_people = None             # people at the table at most (None: one per seat)
    option_fields: list = []      # [(option, label, help)]

    def default_seats(self, game) -> int:
        return game.min_seats

    def max_seats(self, game, options) -> int:
        return game.max_seats

    def option_enabled(self, option: str, seats: int, options: dict) -> bool:
        return True

    def engine_options(self, options: dict, seats: int, table: Table) -> dict:
        return {name: value for name, value in options.items()
                if self.option_enabled(name, seats, options)}

    def seat_options(self, table: Table) -> dict:
        """Engine options that follow from who sits where (Thievery: which hands are bots)."""
        return {}

    def demo_seats(self, game) -> int:
        return min(max(game.min_seats, 4), game.max_seats)

    def rules_html(self) -> str:
        raise NotImplementedError

    def table_rules(self) -> list:
        """'How this table plays it': the rulings and choices that apply, as sentences."""
        return []

    def new_ui(self) -> dict:
        return {}

    def keep_ui(self, ui: dict, view: dict) -> dict:
        """The screen's own state after an action when the same person acts again."""
        return self.new_ui()

    def board(self, play, interjecting: bool = False) -> str:
        raise NotImplementedError

    def on(self, play, do: str, data: dict):
        """A tap on the board: returns an engine action to apply, or None after changing play.ui."""
        return None

    def describe(self, event: dict, names: list, viewer) -> str | None:
        return None

    def summary(self, state, table: Table) -> str:
        return ""


# -- home ---------------------------------------------------------------------------------------
def home(screens: dict, games: dict, listing, notice: str = "") -> str:
    """listing: saves.Listing, read from the save index (nothing is replayed to draw home)."""
    parts = []
    if notice:
        parts.append(f'<p class="notice" role="alert">{esc(notice)}</p>')
    parts.append(savelist.in_progress_html(games, listing))
    parts.append('<section class="panel"><h2>Games</h2><ul class="games">')
    for game_id, screen in screens.items():
        game = games[game_id]
        seats = f"{game.min_seats}–{game.max_seats} {screen.seat_word}s"
        parts.append(
            f'<li class="game-card" data-game="{esc(game_id)}"><h3>{esc(game.title)}</h3>'
            f'<p class="muted">{esc(screen.blurb)} <span class="nowrap">{esc(seats)}</span></p>'
            f'<p class="actions"><a class="btn primary" href="#/new/{esc(game_id)}">New game</a> '
            f'<a class="btn" href="#/rules/{esc(game_id)}">Rules</a></p></li>')
    parts.append("</ul></section>")
    parts.append(savelist.finished_html(games, listing))
    return "".join(parts)


# -- set-up ---------------------------------------------------------------------------------------
def new_setup(screen: GameScreen, game) -> dict:
    seats = screen.default_seats(game)
    rows = [{"kind": "person", "names": ["Player 1", ""], "bot": "sharp"}]
    rows += [{"kind": "bot", "names": [f"Player {i + 1}", ""], "bot": "sharp"} for i in range(1, game.max_seats * 2)]
    return {"game": game.id, "seats": seats, "rows": rows,
            "options": {name: game.options[name] for name, *_ in screen.option_fields}, "errors": {}}


def setup_table(screen: GameScreen, game, setup: dict):
    """Reads the set-up into (Table, engine options); fills setup["errors"] and returns None if refused."""
    errors = {}
    seats = []
    for index, row in enumerate(setup["rows"][:setup["seats"]]):
        if row["kind"] == "bot":
            seats.append(Seat(bot=row["bot"]))
            continue
        people = []
        for slot in range(2 if row["kind"] == "pair" else 1):
            try:
                people.append(check_name(row["names"][slot]))
            except ValueError as error:
                errors[f"name-{index}-{slot}"] = str(error)
        seats.append(Seat(people=people))
    names = [name_key(name) for seat in seats for name in seat.people]
    if len(set(names)) != len(names):
        errors["table"] = "Two people have the same name: give everyone a different name so the device knows whom to pass to."
    if screen.max_people and len(names) > screen.max_people:
        errors["table"] = f"{screen.max_people} people at most can play {game.title}."
    setup["errors"] = errors
    if errors:
        return None
    table = Table(seats)
    return table, screen.engine_options(setup["options"], setup["seats"], table)


def setup_screen(screen: GameScreen, game, setup: dict) -> str:
    seats = setup["seats"]
    errors = setup["errors"]
    word = screen.seat_word
    max_seats = screen.max_seats(game, setup["options"])
    out = [f'<section class="panel setup"><h2>New game of {esc(game.title)}</h2>']
    if errors:
        out.append('<p class="notice" role="alert">Some things need fixing before the game can start: '
                   + esc(" ".join(dict.fromkeys(errors.values()))) + "</p>")
    out.append(f'<div class="stepper" role="group" aria-label="Number of {word}s">'
               f'<span>{word.capitalize()}s</span>'
               f'{button("−", "setup-seats", "btn round", delta=-1, disabled=seats <= game.min_seats, aria_label=f"Fewer {word}s")}'
               f'<output data-testid="seat-count">{seats}</output>'
               f'{button("+", "setup-seats", "btn round", delta=1, disabled=seats >= max_seats, aria_label=f"More {word}s")}</div>')
    out.append('<ol class="seats">')
    kinds = [("person", "Person")] + ([("pair", "Two people")] if screen.shared_seats else []) + [("bot", "Bot")]
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
            for slot in range(2 if row["kind"] == "pair" else 1):
                key = f"name-{index}-{slot}"
                invalid = key in errors
                out.append(f'<label class="field">Name<input{attrs(type="text", data_field=key, value=row["names"][slot], autocomplete="off", aria_invalid="true" if invalid else None, placeholder="1–20 characters")}></label>')
                if invalid:
                    out.append(f'<p class="field-error" role="alert">{esc(errors[key])}</p>')
        out.append("</li>")
    out.append("</ol>")
    if screen.option_fields:
        out.append('<fieldset class="options"><legend>Options</legend>')
        for name, label, help_text in screen.option_fields:
            enabled = screen.option_enabled(name, seats, setup["options"])
            checked = setup["options"].get(name) and enabled
            out.append(f'<label class="check{"" if enabled else " off"}"><input{attrs(type="checkbox", data_field=f"option-{name}", checked=bool(checked), disabled=not enabled)}>'
                       f'<span><strong>{esc(label)}</strong><br><span class="muted">{esc(help_text)}</span></span></label>')
        out.append("</fieldset>")
    people = sum(2 if row["kind"] == "pair" else 1 for row in setup["rows"][:seats] if row["kind"] != "bot")
    mode = ("Solo: you against the bots." if people == 1 else
            "Hot-seat: pass the device; a cover hides each person's secrets until they tap." if people else
            "Watch: bots only. Nobody's cards are shown until the end.")
    out.append(f'<p class="muted">{esc(mode)}</p>')
    out.append(f'<p class="actions">{button("Deal", "setup-start", "btn primary big")} '
               f'<a class="btn" href="#/">Back</a></p></section>')
    return "".join(out)


# -- rules, covers, the end --------------------------------------------------------------------
def rules_page(game, screen: GameScreen, table_rules: list) -> str:
    rules = "".join(f"<li>{esc(rule)}</li>" for rule in table_rules)
    return (f'<article class="panel rules"><h2>{esc(game.title)}: the rules</h2>{screen.rules_html()}'
            f'<h3 id="how-this-table-plays-it">How this table plays it</h3><ul class="table-rules">{rules}</ul>'
            f'<p class="actions"><a class="btn primary" href="#/new/{esc(game.id)}">New game</a> '
            f'<a class="btn" href="#/">Home</a></p></article>')


def cover(who: str, only: str, banner: list, seat: int) -> str:
    news = "".join(f"<li>{esc(line)}</li>" for line in banner)
    news_html = f'<ul class="news">{news}</ul>' if news else ""
    return (f'<section class="cover" data-testid="cover">{news_html}'
            f'<h2>Pass to {esc(who)}</h2>'
            f'<p class="muted">Tap when only {esc(only)} can see the screen.</p>'
            f'{button(f"I am {esc(only)}: show my cards", "uncover", "btn primary big", seat=seat)}</section>')


def not_found(text: str) -> str:
    return (f'<section class="panel"><p class="notice" role="alert">{esc(text)}</p>'
            f'<p><a class="btn primary" href="#/">Home</a></p></section>')
