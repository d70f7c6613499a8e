"""The saved games on screen: the home screen's lists (read from the save index, nothing replayed),
a save that cannot be opened, and what a person is told when a save could not be written.
Pure Python: HTML from plain data; taps come back as data-command names handled in app.py."""
from __future__ import annotations

from urllib.parse import quote

from ..markup import button, esc
from .save_store import KEEP_FINISHED, Entry, Listing, SaveConflict, StorageFull, is_time

SHOWN_FINISHED = 10       # finished games listed at once; the rest one tap away
CONTINUE_HERE = f'<p class="actions">{button("Continue here", "retry-save", "btn")}</p>'


def play_href(save_id: str) -> str:
    """The route to a save: any characters in its name survive the URL (app.route unquotes)."""
    return "#/play/" + quote(save_id, safe="")


def names_html(names: list) -> str:
    # <bdi>: a name in another script (or direction) never reorders the rest of the row.
    words = [f"<bdi>{esc(name)}</bdi>" for name in names]
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def played_when(updated: float, now: float, offset_minutes: int = 0) -> str:
    """When a game was last played, as a person says it ("5 min ago", "yesterday at 21:04");
    ``offset_minutes``: the device's local time minus UTC.

    >>> played_when(1000, 1030), played_when(0.5, 25 * 60)
    ('just now', '24 min ago')
    >>> played_when(86400 * 10 + 3600, 86400 * 11 + 7200), played_when(86400 * 3, 86400 * 40)
    ('yesterday at 01:00', 'played 4 Jan')
    """
    import datetime
    if not updated or not is_time(updated) or not is_time(now):
        return ""      # no time, or one no clock gives (a save's checks refuse those: see is_time)
    ago = now - updated
    if ago < 60:
        return "just now"
    if ago < 3600:
        return f"{int(ago // 60)} min ago"
    shift = datetime.timedelta(minutes=offset_minutes)
    then = datetime.datetime.fromtimestamp(updated, datetime.timezone.utc) + shift
    today = (datetime.datetime.fromtimestamp(now, datetime.timezone.utc) + shift).date()
    clock = f"{then.hour:02d}:{then.minute:02d}"
    if then.date() == today:
        return f"today at {clock}"
    if (today - then.date()).days == 1:
        return f"yesterday at {clock}"
    year = "" if then.year == today.year else f" {then.year}"
    return f"played {then.day} {MONTHS[then.month - 1]}{year}"


def save_row(games: dict, save_id: str, entry, now: float = 0, offset_minutes: int = 0) -> str:
    if not isinstance(entry, Entry):
        return (f'<li class="save bad" data-save="{esc(save_id)}"><p><strong>A saved game cannot be opened.</strong> '
                f'{esc(entry)}</p><p class="actions">'
                f'{button("Delete it", "delete-save", "btn danger", save=save_id)}</p></li>')
    game = games.get(entry.game)
    title = game.title if game else entry.game
    label = "See the end" if entry.finished else "Continue"
    when = played_when(entry.updated, now, offset_minutes) if now else ""
    return (f'<li class="save" data-save="{esc(save_id)}"><p><strong>{esc(title)}</strong> · {names_html(entry.names)}</p>'
            f'<p class="muted"><span data-testid="played-when">{esc(when)}</span>{" · " if when else ""}{esc(entry.summary)}</p>'
            f'<p class="actions">'
            f'<a class="btn primary" href="{esc(play_href(save_id))}">{label}</a> '
            + (f'<a class="btn" href="#/watch/{esc(quote(save_id, safe=""))}">Watch it back</a> ' if entry.finished else "")
            + f'{button("Delete", "delete-save", "btn", save=save_id)}</p></li>')


def in_progress_html(games: dict, listing: Listing, now: float = 0, offset_minutes: int = 0) -> str:
    rows = [save_row(games, save_id, entry, now, offset_minutes) for save_id, entry in listing.entries
            if not (isinstance(entry, Entry) and entry.finished)]
    if not rows:
        return ""
    return f'<section class="panel"><h2>Games in progress</h2><ul class="saves">{"".join(rows)}</ul></section>'


def finished_html(games: dict, listing: Listing, now: float = 0, offset_minutes: int = 0) -> str:
    """Every finished game, the newest at once and the rest behind one tap; an offer to keep only
    the newest when they pile up; how much room the saves take."""
    finished = listing.finished
    use = f'<p class="muted" data-testid="storage-use">Saved games take {size_text(listing.used_bytes)} on this device.</p>'
    if not finished:
        return f'<section class="panel">{use}</section>' if listing.entries else ""
    rows = [save_row(games, entry.id, entry, now, offset_minutes) for entry in finished]
    parts = [f'<section class="panel" data-testid="finished"><h2>Finished games ({len(finished)})</h2>',
             f'<ul class="saves">{"".join(rows[:SHOWN_FINISHED])}</ul>']
    if len(rows) > SHOWN_FINISHED:
        parts.append(f'<details class="more-saves"><summary>{len(rows) - SHOWN_FINISHED} older finished games</summary>'
                     f'<ul class="saves">{"".join(rows[SHOWN_FINISHED:])}</ul></details>')
    offers = []
    if len(finished) > KEEP_FINISHED:
        offers.append(button(f"Keep the newest {KEEP_FINISHED}, delete {len(finished) - KEEP_FINISHED} older",
                             "trim-finished", "btn"))
    offers.append(button("Delete all finished games", "free-space", "btn danger"))
    parts.append(f'{use}<p class="actions">{" ".join(offers)}</p></section>')
    return "".join(parts)


def size_text(size: int) -> str:
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB"
    return f"{max(1, round(size / 1000))} KB"


def bad_save_page(save_id: str, reason: str) -> str:
    return (f'<section class="panel" data-save="{esc(save_id)}"><p class="notice" role="alert">{esc(reason)}</p>'
            f'<p class="actions">{button("Delete it", "delete-save", "btn danger", save=save_id)} '
            f'<a class="btn primary" href="#/">Home</a></p></section>')


def not_saved_html(error, what: str, finished: int) -> str:
    """What a person is told when a write failed: the truth, and the way out right there."""
    if isinstance(error, SaveConflict):
        return (f'<p data-testid="save-conflict"><strong>{esc(error)}</strong> '
                f"Here is the game as it stands now.</p>{CONTINUE_HERE}")
    if isinstance(error, StorageFull):
        text = f"Storage is full: {what} is not saved."
        if finished:
            offer = (f" Delete finished games?</p><p class=\"actions\">"
                     f"{button(f'Delete {finished} finished game' + ('s' if finished > 1 else ''), 'free-space', 'btn primary')} "
                     f"{button('Try again', 'retry-save', 'btn')}")
        else:
            offer = (" There are no finished games to delete: delete a game you no longer need on the "
                     f'home screen, then try again.</p><p class="actions"><a class="btn primary" href="#/" target="_blank">'
                     f"Saved games (new tab)</a> {button('Try again', 'retry-save', 'btn')}")
        return f'<p data-testid="storage-full"><strong>{esc(text)}</strong>{offer}</p>'
    return f'<p data-testid="save-failed"><strong>{esc(error)}</strong> {esc(what[0].upper() + what[1:])} is not saved.</p>'


def moved_on_html() -> str:
    return ('<p data-testid="moved-on"><strong>This game moved on in another tab.</strong> '
            f"Here it is as it stands now.</p>{CONTINUE_HERE}")


def freed_text(count: int, freed: int) -> str:
    if not count:
        return "There were no finished games to delete."
    return (f"Deleted {count} finished game{'s' if count > 1 else ''} ({size_text(freed)} freed). "
            "Try again now.")
