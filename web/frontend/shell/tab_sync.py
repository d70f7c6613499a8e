"""The saves kept in step: another tab writing or deleting the game on screen, and a write this tab
could not make.  Either way the screen goes back to what is stored and says so; nothing here ever
writes over another tab's game.
"""
from __future__ import annotations

from . import dom, saved_games
from .layout import not_found
from .save_store import PREFIX, BadSave, Save, SaveFailed


def not_saved_html(app, error: SaveFailed, what: str) -> str:
    return saved_games.not_saved_html(error, what, len(app.store.listing().finished))


def show_stored_instead(app, screen, error: SaveFailed):
    """A write failed: the screen goes back to what is stored, and says so plainly."""
    stored = screen.stored_or_gone(app.store)
    if isinstance(stored, BadSave):
        app.leave_game()
        dom.render(not_found(f"{error} {stored}"))
        return
    reopen(screen, stored)
    dom.show_notice(not_saved_html(app, error, "this move"))


def on_refused(app, keys: list, error: SaveFailed):
    """The device refused a write (storage full, another tab first: dom.after_stored): the game on
    screen whose save it held goes back to what is stored, and says so."""
    screen = app.played
    if screen is not None and screen.embed is None and PREFIX + screen.play.save.id in keys:
        show_stored_instead(app, screen, error)


def reopen(screen, stored: Save):
    """Show the stored game; the person holding the device keeps their view unless it changed
    hands.  Bots do not move here until a tap (their moves could not be saved, or another tab
    is playing them)."""
    screen.reload_from(stored)
    screen.advance()
    screen.stop()


def on_storage(app, key: str, new_value):
    """Another tab wrote or deleted a save: bring this one up to date, never write over it."""
    screen = app.played
    if screen is None:
        if key.startswith(PREFIX):
            app.redraw_home()      # the saved games list, if it is on screen
        return
    if key != PREFIX + screen.play.save.id:
        return
    if new_value is None:
        app.leave_game()
        app.route()       # says there is no such game any more
        return
    try:
        stored = app.store.load(screen.play.save.id)
    except BadSave:
        return             # a damaged write elsewhere: keep playing here; this tab's next write refuses
    if stored.revision > screen.play.save.revision:
        if app.shown is not screen:     # waiting behind its rules page: it comes back as stored
            screen.reload_from(stored)
            return
        reopen(screen, stored)
        dom.show_notice(saved_games.moved_on_html())
