"""Every game's board, registered once: game id -> board module.

A board module draws one game from a seat's view with the shared widgets and provides:

* ``ART_SVG``: the game's own small picture (inline SVG drawn by us) for its home tile;
* ``BLURB``, ``SEAT_WORD`` ("hand", "player"), ``OPTION_FIELDS`` [(option, label, help)],
  ``DEFAULT_SEATS``, ``DEMO_SEATS``;
* ``option_enabled(option, seats, options)``: whether an option applies at this many seats;
* ``rules_html()`` and ``table_rules()`` (the engine's rulings and the screen's own);
* ``summary(public_view, names)``: one line for the list of saved games;
* ``new_draft()`` and ``tap(draft, command, data, view)``: the screen's own draft and the taps that
  change it (buttons that send an action carry it; the shell sends it);
* ``board(scene)``: the board's HTML for a :class:`frontend.play.Scene`;
* ``out_of_turn(public_view)``: (label, hint) when anyone may act out of turn now, else None.
"""
from . import guild, thievery

BOARDS = {"thievery": thievery, "guild-of-thieves": guild}
