"""Thieves of Eldris: its board (board.py, which draws the regions from seats.py, dice.py,
square.py, hand.py and sheet.py; look.py, draft.py and news.py under them), rule words and rules
page (rules.py), art (art.py) and its guided first game (lesson.py).

The shell asks only these names (see frontend.boards for what each hook does, and the defaults of
those not here)."""
from .art import ART_SVG
from .board import (BLURB, SEAT_WORD, LEVEL_WORDS, DEFAULT_SEATS, DEMO_SEATS, OPTION_FIELDS, SOUND_WORDS, option_enabled,
                    summary, headline, reason, standings, cover_reason, best_result, draw)
from .draft import held_back, hint_draft, new_draft, tap
from .news import motion, recap
from .rules import SCREEN_RULES, TABLE_RULES, rules_html
from .lesson import CORE_RULES, LESSON, LESSON_PARTS, lesson_tap

SHORT_TITLE = "Eldris"        # the home-screen shortcut's name
