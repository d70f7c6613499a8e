"""12 Thieves' board package, in the shape every board has: the board's facts and hooks (hooks.py),
its drawing (board.py, with the pictures in pictures.py), the screen's draft (draft.py), the rules
page (rules_page.py), art (art.py), the guided first game (lesson.py) and its stylesheet
(board.css).

The shell asks only these names (see frontend.boards for what each hook does, and the defaults of
those not here)."""
from .art import ART_SVG
from .board import draw
from .draft import hint_draft, new_draft, tap
from .hooks import (BLURB, SEAT_WORD, LEVEL_WORDS, DEFAULT_SEATS, DEMO_SEATS, SECRET_WORDS, SOUND_WORDS, summary,
                    standings, reason, recap, motion, best_result, hint_words)
from .lesson import CORE_RULES, LESSON, lesson_tap
from .rules_page import SCREEN_RULES, TABLE_RULES, rules_html
