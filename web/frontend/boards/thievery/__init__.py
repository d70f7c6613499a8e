"""Thievery: its board (board.py, with cards.py and the table helper in helper.py), rule words and
rules page (rules.py), art (art.py) and its guided first game (lesson.py).

The shell asks only these names (see frontend.boards for what each hook does, and the defaults of
those not here)."""
from .art import ART_SVG
from .board import (BLURB, SEAT_WORD, LEVEL_WORDS, BOT_EACH_MOVE, DEFAULT_SEATS, DEMO_SEATS, OPTION_FIELDS, SOUND_WORDS, option_enabled,
                    summary, out_of_turn, standings, reason, cover_reason, recap, motion, new_draft, tap,
                    hint_draft, hint_words, best_result, how_close, draw)
from .rules import SCREEN_RULES, TABLE_RULES, rules_html
from .lesson import CORE_RULES, LESSON, lesson_tap
