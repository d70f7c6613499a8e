"""Guild of Thieves' board package, in the shape every board has: the board's facts and hooks
(hooks.py), its drawing (board.py: the town in town.py, the hand and the choice in sheet.py, the
cards in cards.py, the notebook in notebook.py), the screen's draft (draft.py), the rules page
(rules_page.py), art (art.py), the guided first game (lesson.py) and its stylesheet (board.css).

The shell asks only these names (see frontend.boards for what each hook does, and the defaults of
those not here)."""
from .art import ART_SVG
from .board import draw
from .draft import hint_draft, new_draft, tap
from .hooks import (BLURB, SEAT_WORD, LEVEL_WORDS, DEFAULT_SEATS, DEMO_SEATS, OPTION_FIELDS, SECRET_WORDS, SOUND_WORDS,
                    summary, standings, reason, shows_secrets, cover_reason, recap, motion, best_result)
from .lesson import CORE_RULES, LESSON, lesson_tap
from .rules_page import SCREEN_RULES, TABLE_RULES, rules_html

SHORT_TITLE = "Guild"        # the home-screen shortcut's name
