"""The new-game screen's form: who sits where (people, pairs, bots), the options, and the names
read and checked into a Table.  Pure Python: the state is a plain dict, the screen is HTML from it;
setup_screen.py puts it on screen and routes its taps here.

Its fields carry what they are about as data attributes, never in their names: a name is
``data-field="name" data-seat="2" data-slot="0"``, a bot's level ``data-field="bot" data-seat="2"``,
an option ``data-field="option" data-option="double_deck"``.
"""
from __future__ import annotations

from ..markup import attrs, button, esc
from .table import BOT_LEVELS, NAME_MAX, Seat, Table, check_name, name_key


# What each bot level means, in plain words, beside its choice on the set-up.
BOT_LEVEL_WORDS = {"novice": "Novice: plays by simple rules and forgets a lot. Good for a first game.",
                   "sharp": "Sharp: remembers what it has seen and plays well.",
                   "ruthless": "Ruthless: plays its very best; the hints give its advice."}
# A seat played on a phone of its own: what that means, under the seats.
PHONES_WORDS = ("A table of phones: after Deal, this device shows a code for each phone seat. Each person "
                "opens Thieves' Table on their phone, taps Join a table and scans it (all on one Wi-Fi; "
                "no internet needed). Each phone shows only its own seat's cards.")
FIRST_GAME_BOTS = "novice"      # no game of this kind saved or finished on this device yet: gentle bots first
BOTS = "sharp"


def new_setup(board, game, bot_level: str = BOTS) -> dict:
    """A fresh set-up: one person, the rest bots of ``bot_level`` (Novice for a first game)."""
    low, high = game.seat_range(game.options)
    rows = [{"kind": "person", "names": ["", ""], "bot": bot_level}]
    rows += [{"kind": "bot", "names": ["", ""], "bot": bot_level} for _ in range(1, high * 2)]
    return {"game": game.id, "seats": min(max(board.DEFAULT_SEATS, low), high), "rows": rows,
            "options": {name: game.options[name] for name, *_ in board.OPTION_FIELDS}, "errors": {},
            "bot_level": bot_level}


def set_seat_count(board, game, setup: dict, seats: int):
    """Keep the seat count within the game's range for the options chosen (they may change it)."""
    low, high = game.seat_range(engine_options(board, setup))
    level = setup.get("bot_level", BOTS)
    setup["rows"] += [{"kind": "bot", "names": ["", ""], "bot": level} for _ in range(len(setup["rows"]), high)]
    setup["seats"] = max(low, min(high, seats))


def engine_options(board, setup: dict) -> dict:
    """The options as the engine takes them: those that do not apply at this many seats are off."""
    seats = setup["seats"]
    return {name: bool(value) and board.option_enabled(name, seats, setup["options"])
            for name, value in setup["options"].items()}


def name_fields(setup: dict) -> list:
    """(seat, slot, key, placeholder) of each name field on the set-up, in order.  The key names the
    field's error (in ``setup["errors"]`` and as the id of its message); the placeholder ("Player 2")
    is the name a field left empty gets."""
    fields = []
    for index, row in enumerate(setup["rows"][:setup["seats"]]):
        if row["kind"] != "bot":
            fields += [(index, slot, f"name-{index}-{slot}", f"Player {len(fields) + slot + 1}")
                       for slot in range(2 if row["kind"] == "pair" else 1)]
    return fields


def setup_table(board, game, setup: dict):
    """Reads the set-up into (Table, engine options); fills setup["errors"] and returns None if refused."""
    errors = {}
    seats = [Seat(bot=row["bot"]) if row["kind"] == "bot" else Seat(people=[], phone=row["kind"] == "phone")
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
    out = [f'<section class="panel setup"><h2>New game of {esc(game.title)}</h2><div class="setup-body">']
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
    kinds = ([("person", "Person")] + ([("pair", "Two people")] if game.people_per_seat > 1 else [])
             + [("phone", "Phone"), ("bot", "Bot")])
    for index in range(seats):
        row = setup["rows"][index]
        out.append(f'<li class="seat-row" data-seat="{index}"><div class="seat-head"><strong>{word.capitalize()} {index + 1}</strong>'
                   '<span class="segmented" role="group">')
        for kind, label in kinds:
            out.append(button(label, "setup-kind", "seg" + (" on" if row["kind"] == kind else ""),
                              seat=index, kind=kind))
        out.append("</span></div>")
        if row["kind"] == "bot":
            out.append(f'<label class="field">Level <select{attrs(data_field="bot", data_seat=index)}>')
            for level, title in BOT_LEVELS.items():
                out.append(f'<option value="{level}"{" selected" if row["bot"] == level else ""}>{title}</option>')
            out.append("</select></label>")
            here = board.LEVEL_WORDS.get(row["bot"], "")
            out.append(f'<p class="muted bot-level-words" data-testid="bot-level-words">{esc(BOT_LEVEL_WORDS[row["bot"]])}'
                       + (f' <span data-testid="bot-level-here">In {esc(game.title)}, {esc(here)}</span>' if here else "")
                       + '</p>')
        else:
            for _, slot, key, placeholder in [field for field in fields if field[0] == index]:
                invalid = key in errors
                out.append(f'<label class="field">Name <span class="field-note">(at most {NAME_MAX} characters)</span><input{attrs(type="text", data_field="name", data_seat=index, data_slot=slot, value=row["names"][slot], autocomplete="off", aria_invalid="true" if invalid else None, aria_describedby=f"{key}-error" if invalid else None, placeholder=placeholder)}></label>')
                if invalid:
                    out.append(f'<p class="field-error" id="{key}-error">{esc(errors[key])}</p>')
        out.append("</li>")
    out.append("</ol>")
    if board.OPTION_FIELDS:
        out.append('<fieldset class="options"><legend>Options</legend>')
        for name, label, help_text in board.OPTION_FIELDS:
            enabled = board.option_enabled(name, seats, setup["options"])
            checked = setup["options"].get(name) and enabled
            out.append(f'<label class="check{"" if enabled else " off"}"><input{attrs(type="checkbox", data_field="option", data_option=name, checked=bool(checked), disabled=not enabled)}>'
                       f'<span><strong>{esc(label)}</strong><br><span class="muted">{esc(help_text)}</span></span></label>')
        out.append("</fieldset>")
    people = sum(2 if row["kind"] == "pair" else 1 for row in setup["rows"][:seats] if row["kind"] not in ("bot", "phone"))
    phones = sum(row["kind"] == "phone" for row in setup["rows"][:seats])
    mode = (PHONES_WORDS if phones else
            "Solo: you against the bots." if people == 1 else
            "Hot-seat: pass the device; a cover hides each person's secrets until they tap." if people else
            "Watch: bots only. Nobody's cards are shown until the end.")
    out.append(f'<p class="muted">{esc(mode)}</p></div>')
    # Deal stays at the bottom of the screen however long the table is (the form above it scrolls).
    out.append(f'<p class="actions setup-go">{button("Deal", "setup-start", "btn primary big")} '
               f'<a class="btn" href="#/">Back</a></p></section>')
    return "".join(out)


def with_bots(game, table: Table, options: dict) -> dict:
    """A game that needs to know its bots (an option named "bots") learns them from the table."""
    if "bots" in game.options:
        return {**options, "bots": table.bots()}
    return options
