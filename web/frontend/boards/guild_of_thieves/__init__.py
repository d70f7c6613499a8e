"""Guild of Thieves: its board (board.py), rules page (rules_page.py) and art (art.py).

The shell asks only these names (see frontend.boards for what each hook does)."""
from .art import ART_SVG
from .board import (BLURB, SEAT_WORD, DEFAULT_SEATS, DEMO_SEATS, OPTION_FIELDS, SECRET_WORDS, SOUND_WORDS,
                    option_enabled, table_rules, summary, out_of_turn, standings, reason, shows_secrets,
                    cover_reason, recap, motion, best_result, new_draft, tap, hint_draft, draw)
from .rules_page import rules_html

