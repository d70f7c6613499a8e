"""Guild of Thieves: its board (board.py, with town.py, sheet.py, notebook.py and cards.py), rule
words and rules page (rules.py), art (art.py) and its guided first game (lesson.py).

The shell asks only these names (see frontend.boards for what each hook does, and the defaults of
those not here)."""
from .art import ART_SVG
from .board import (BLURB, SEAT_WORD, LEVEL_WORDS, DEFAULT_SEATS, DEMO_SEATS, OPTION_FIELDS, SECRET_WORDS, SOUND_WORDS,
                    summary, standings, reason, shows_secrets, cover_reason, recap, motion, best_result,
                    new_draft, tap, hint_draft, draw)
from .rules import SCREEN_RULES, TABLE_RULES, rules_html
from .lesson import CORE_RULES, LESSON, lesson_tap

SHORT_TITLE = "Guild"        # the home-screen shortcut's name
