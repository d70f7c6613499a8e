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
* ``draw(scene)``: the board's HTML for a :class:`frontend.shell.play.Scene`;
* ``out_of_turn(public_view)``: (label, hint) when anyone may act out of turn now, else None.

The table standard's feel: four hooks the shell calls (each optional; without one the shell does
less, never something wrong):

* ``standings(public_view, names) -> [{"place": 1, "name": "Ann", "figures": {"Cards found": 5, ...}}]``,
  best first: the end panel's table (ties share a place; every row has the same figure labels).
  At the end the board draws every card face up (the engine's final view shows them).
* ``headline(outcome, names) -> str``: the end panel's title in the game's own words ("" for the
  plain "who won"), e.g. a solo verdict, which is never a draw.
* ``cover_reason(public_view, seat, names) -> str``: why the device goes to ``seat`` now, on its
  cover ("Ann may show Cat a card: only Ann should look, not Cat."); "" for none.
* ``recap(public_events, names, seat) -> [str]``: what happened since ``seat`` last acted, briefly
  (the shell keeps the last few lines; without the hook it tells each event in the engine's words).
* ``motion(public_events, view) -> {key: class}``: what the new events do on screen.  The board marks
  its elements with stable keys (``data-motion="card-2-3"``) and the shell adds the class once, right
  after the draw: ``tt-flip`` (turned up: a hit), ``tt-shake`` (a miss), ``tt-slide`` (dealt, moved,
  swapped).  The stylesheet's motion section animates them, never under prefers-reduced-motion.
  A person whose own move shakes something and ends their turn (hot-seat) sees it, then taps
  "Pass the device".  A row or town whose cards arrow keys move between carries ``data-arrows``
  (``widgets.card_row`` does).
"""
from . import guild_of_thieves, master_thieves, thievery, thieves_of_eldris, twelve_thieves

BOARDS = {"thievery": thievery, "guild-of-thieves": guild_of_thieves, "thieves-of-eldris": thieves_of_eldris,
          "master-thieves": master_thieves, "twelve-thieves": twelve_thieves}
