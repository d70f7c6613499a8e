"""Master Thieves: its board (board.py, drawn with pictures.py from the opening told by opening.py),
rule words and rules page (rules.py), art (art.py) and its guided first game (lesson.py).

The shell asks only these names (see frontend.boards for what each hook does, and the defaults of
those not here: its draft is only the set-up's turns watched again)."""
from .art import ART_SVG
from .board import (BLURB, SEAT_WORD, LEVEL_WORDS, DEFAULT_SEATS, DEMO_SEATS, OPTION_FIELDS, SECRET_WORDS, SOUND_WORDS,
                    summary, reason, standings, shows_secrets, cover_reason, motion, best_result, draw,
                    new_draft, tap)
from .rules import SCREEN_RULES, TABLE_RULES, rules_html
from .lesson import CORE_RULES, LESSON
