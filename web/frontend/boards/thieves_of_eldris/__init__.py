"""Thieves of Eldris: its board (board.py), rule words and rules page (rules.py) and art (art.py).

The shell asks only these names (see frontend.boards for what each hook does, and the defaults of
those not here)."""
from .art import ART_SVG
from .board import (BLURB, SEAT_WORD, DEFAULT_SEATS, DEMO_SEATS, OPTION_FIELDS, SOUND_WORDS, option_enabled,
                    summary, headline, reason, standings, cover_reason, recap, motion, new_draft, tap,
                    hint_draft, best_result, draw)
from .rules import SCREEN_RULES, TABLE_RULES, rules_html
