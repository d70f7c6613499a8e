"""Every game's board, registered once: game id -> board package (web/frontend/boards/<game>/).

A board package holds the board (board.py), its rules page (rules_page.py), its art (art.py) and its
stylesheet (board.css, scoped to ``[data-game=<id>]``); its ``__init__`` names what the shell may
ask.  Nothing in the shell names a game: this is all it asks.

Facts: ``ART_SVG`` (the game's small picture: home tile, the play bar), ``BLURB``, ``SEAT_WORD``
("hand", "player"), ``OPTION_FIELDS`` [(option, label, help)], ``DEFAULT_SEATS``, ``DEMO_SEATS``;
``option_enabled(option, seats, options)``; ``rules_html()`` and ``table_rules()`` (the engine's
rulings and the screen's own); ``summary(public_view, names)``: one line for the saved games list.

Drawing — ``draw(scene) -> widgets.Regions`` for a :class:`frontend.shell.play.Scene` (one seat's
view, its legal actions, the board's draft, names, bots, and ``moment``):

* ``board``: the table itself (opponents and the shared board), filling the play screen's board
  area, a CSS size container (``container-name: board``) that scrolls only if it must; it must fit
  at decision points, because every control of the choice stays in view and uncovered;
* ``hand``: the person's own things, docked where the thumb is; ``sheet``: the current choice's
  controls, only as tall as the choice; ``prompt``: one line, what to do now; ``status``: the bar's
  short words (whose turn, the round).
* The subject of the choice (the card, house, die, drawer or palace chosen; the hand a payment
  comes from) carries ``data-subject``: the shell keeps it in view.  Board elements tapped to choose
  carry ``data-pick`` (``widgets.tile`` adds it).
* ``scene.moment``: "turn" (the seat on screen acts), "wait" (others act), "landing" (this person's
  turn just ended: their own view shows what the move did), "handover" (the public view between two
  people: nothing that names or belongs to the next turn), "over" (everything turned up, whole).

The taps: buttons that send an action carry it (``data-act``, drawn by widgets from the legal
actions); ``new_draft()`` and ``tap(draft, command, data, view)`` keep the screen's own draft (which
card is picked, which step of a turn).  ``out_of_turn(public_view)``: (label, hint) when anyone may
act out of turn now, else None.

Hand-over: ``shows_secrets(view, public_view) -> bool`` (optional; default: the views differ but for
"seat"): a cover comes only before a screen that shows what the others may not see.
``SECRET_WORDS`` (optional, "my cards"): what the cover's button shows.  ``cover_reason(public_view,
seat, names)``: why the device goes to this seat, when that is not plain turn order ("" for none).
``recap(public_events, names, seat) -> [str]``: what happened since ``seat`` last acted, a line a
turn (whose turn it is goes without saying); the news strip shows its last line.

The end: ``standings(public_view, names)`` -> [{"place", "name", "figures": {...}}] best first;
``headline(outcome, names)`` (optional: the end's title in the game's own words, e.g. a solo
verdict); ``reason(public_view, names)``: one sentence saying why the winner won, to the table.

Feel: ``motion(public_events, view) -> {key: class}``: what the new events do on screen.  The board
marks elements with stable keys (``data-motion="card-2-3"``) and the shell adds the class once,
right after the draw: ``tt-flip`` (turned up), ``tt-shake`` (a miss), ``tt-slide`` (dealt, moved);
a board may add its own keyframes, always under ``prefers-reduced-motion: no-preference``.
``SOUND_WORDS`` (optional): what the sound and vibration cues mark in this game, for Settings.
"""
from . import guild_of_thieves, master_thieves, thievery, thieves_of_eldris, twelve_thieves

BOARDS = {"thievery": thievery, "guild-of-thieves": guild_of_thieves, "thieves-of-eldris": thieves_of_eldris,
          "master-thieves": master_thieves, "twelve-thieves": twelve_thieves}
