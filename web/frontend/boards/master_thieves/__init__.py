"""Master Thieves' board package, in the shape every board has: the board's facts and hooks
(hooks.py), its drawing (board.py, with the drawer just opened in opening.py and the pictures in
pictures.py), the screen's draft (draft.py: only the set-up's turns watched again), the rules page
(rules_page.py), art (art.py), the guided first game (lesson.py) and its stylesheet (board.css).

The shell asks only these names (see frontend.boards for what each hook does, and the defaults of
those not here)."""
from .art import ART_SVG
from .board import draw
from .draft import new_draft, tap
from .hooks import (BLURB, SEAT_WORD, LEVEL_WORDS, DEFAULT_SEATS, DEMO_SEATS, OPTION_FIELDS, SECRET_WORDS, SOUND_WORDS,
                    summary, reason, standings, shows_secrets, cover_reason, motion, best_result)
from .lesson import CORE_RULES, LESSON
from .rules_page import SCREEN_RULES, TABLE_RULES, rules_html
