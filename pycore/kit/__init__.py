"""The kit every game stands on (standard library only).

- :class:`EventLog` keeps what happened, public entries and private versions per seat, and hands
  out copies: nobody can reach into the log through an event they were given.
- :class:`Move` and :class:`MoveTable`: a game declares each kind of move once (its fields, the
  legal choices now, what it does, why it is refused).  ``legal_actions`` lists the choices,
  ``apply`` accepts exactly those and ``why_not`` says why anything else is refused, so they
  cannot drift.
- :mod:`.errors`: :class:`IllegalAction` and :class:`BadRecord` (also ``pycore.IllegalAction``,
  ``pycore.BadRecord``: the same classes) and :func:`shown`, which quotes a value in a refusal
  cut short (a refusal never repeats a long input back); core and kit both stand on it.
- :mod:`.checks`: seat, whole-number and text checks shared by the games.
- :mod:`.cards`: dealing helpers; :mod:`.words`: helpers for the sentences of a game's log.
- :func:`view_header`: the keys every view starts with (``game``, ``seat``, ``seats``, ``phase``,
  ``to_act``, ``log``, ``outcome``).
- :func:`resample`: a clone in which everything a seat cannot see is dealt afresh, consistently
  with its view (in the spirit of OpenSpiel's ``resample_from_infostate``).
"""
from .cards import deal
from .errors import BadRecord, IllegalAction, shown
from .checks import check_seat, check_switches, is_text, is_whole, whole_in
from .events import EventLog, copy_event
from .header import view_header
from .moves import Move, MoveTable, same_action
from .resample import resample

__all__ = ["EventLog", "copy_event", "Move", "MoveTable", "same_action", "check_seat", "check_switches", "is_whole",
           "is_text", "whole_in", "deal", "view_header", "resample", "shown", "IllegalAction",
           "BadRecord"]
