"""Thieves of Eldris' board package, in the shape every board has: the board's facts and hooks
(hooks.py), its drawing (board.py, which draws the regions from seats.py, dice.py, square.py,
hand.py and sheet.py, with look.py under them), the screen's draft (draft.py), the rules page
(rules_page.py), art (art.py), the guided first game (lesson.py) and its stylesheet (board.css).

The shell asks only these names (see frontend.boards for what each hook does, and the defaults of
those not here)."""
from .art import ART_SVG
from .board import draw
from .draft import held_back, hint_draft, new_draft, tap
from .hooks import (BLURB, SEAT_WORD, LEVEL_WORDS, DEFAULT_SEATS, DEMO_SEATS, OPTION_FIELDS, SOUND_WORDS,
                    option_enabled, summary, headline, reason, standings, cover_reason, best_result, motion, recap)
from .lesson import CORE_RULES, LESSON, LESSON_PARTS, lesson_tap
from .rules_page import SCREEN_RULES, TABLE_RULES, rules_html

SHORT_TITLE = "Eldris"        # the home-screen shortcut's name
