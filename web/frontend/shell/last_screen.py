"""The last screen, kept for the next launch: what of the screen on the page may be stored, and what
is stored instead when it shows a secret.

shell.js keeps a copy of the screen once the page is quiet after a render, and as the page is
hidden; a relaunch paints that copy before Python is up.  Before each copy it asks Python (the
``thieves-table:keep-screen`` event) what to keep: the screen as drawn, another screen's HTML, or
nothing.  Pure Python but ``listen``, so CPython tests ask ``what_to_keep`` directly.

What is kept, and why:
- A phone joining or playing at a table hosted on another (issue 40): nothing (the host's save is
  the game; the phone keeps nothing, and its link does not outlive the page).
- Home, set-up, rules, a game watched back, one played by bots alone: the screen as drawn (nothing
  on them is anyone's secret).
- A game screen with a panel open (the menu, the log, settings): the screen without it.  A relaunch
  opens no panel, so a kept one would flash open and shut; and a tap held on it (shell.js carries
  taps made before Python is up) would land on a panel Python's own screen does not have.
- One person (or two sharing a seat) against bots: the screen as drawn, their own hand included.
  Nobody else at the table may not see it (bots read their views, never the screen), and the
  relaunch draws that very hand for that very person again: the copy tells nothing it will not.
- Hot-seat: the screen as drawn only while it shows no secret (a cover, the public board, the end).
  While a person's secrets show, the copy is the screen a relaunch draws first instead: the game
  resumed with nobody holding the device, which is the cover for whoever is to move (or the public
  board while bots play).  A secret is never stored, not even for a moment.
"""
from __future__ import annotations

from .play import Play
from .play_view import GameView

AS_DRAWN = "screen"          # keep the screen on the page as it is
NOTHING = "nothing"          # keep no copy of this screen

_drawn_for_relaunch: dict = {}   # the last cover drawn, by the moment it was drawn for


def what_to_keep(app) -> str | tuple:
    """AS_DRAWN, NOTHING, or ("html", the screen's HTML): what a relaunch may paint of ``app``'s
    screen."""
    shown = app.shown
    if getattr(shown, "keeps_nothing", False):
        return NOTHING                   # a phone at another's table: the host's save is the game
    if not isinstance(shown, GameView):
        return AS_DRAWN                  # home, set-up, a plain page, a game watched back
    if getattr(shown, "embed", None) is not None or shown.embedded:
        return NOTHING                   # the embed stores nothing
    if not shown.play.hot_seat or not secrets_on_screen(shown):
        return ("html", without_panel(shown)) if shown.overlay else AS_DRAWN
    html = screen_after_relaunch(shown)
    return NOTHING if html is None else ("html", html)


def without_panel(screen: GameView) -> str:
    """The game screen as drawn, but with no panel open over it."""
    panel, screen.overlay = screen.overlay, None
    try:
        return screen.html()
    finally:
        screen.overlay = panel


def secrets_on_screen(screen: GameView) -> bool:
    """Whether the game screen shows what only the seat holding the device may see (the board's
    ``shows_secrets`` hook, through the Conductor): a seat's own view is drawn and differs."""
    play = screen.play
    if screen.covering is not None or play.viewer is None:
        return False                     # a cover, or the board as everyone may see it
    return play.conductor.secret_for(play.state, play.viewer)


def screen_after_relaunch(screen: GameView) -> str | None:
    """The play screen a relaunch draws first for this game, as it stands: resumed with nobody
    holding the device (the cover for the seat to move, the public board while bots play); None if
    even that would show a secret (it never should)."""
    play = screen.play
    save = play.save
    moment = (save.id, len(save.state.history), save.takebacks, str(save.table.to_json()))
    if moment in _drawn_for_relaunch:
        return _drawn_for_relaunch[moment]
    resumed = Play(save, screen.board)
    step = resumed.step()
    drawn = GameView(save, screen.board, device_settings=screen.settings, play=resumed)
    if step.kind == "cover":
        drawn.covering = step.seat
    html = None if secrets_on_screen(drawn) else drawn.html()
    _drawn_for_relaunch.clear()
    _drawn_for_relaunch[moment] = html
    return html


def listen(app):
    """Answer shell.js's question before each copy it keeps (not in the embed, which stores nothing)."""
    from . import dom
    if dom.page() == "embed.html":
        return

    def answer(_):
        try:
            kept = what_to_keep(app)
        except Exception as error:      # a copy must never break the game: keep none
            dom.console_error(f"Thieves' Table: no copy of this screen kept ({type(error).__name__}: {error})")
            kept = NOTHING
        if isinstance(kept, tuple):
            dom.keep_screen("html", kept[1], True)
        else:
            dom.keep_screen(kept)
    dom.on("keep-screen", answer)
