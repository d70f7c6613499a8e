"""Guild of Thieves: find the Jeweled Box (the Joker) and open it with the right combination.

The package: :mod:`.rules` (the facts, the set-up, the state, the move table), :mod:`.view` (a
seat's view), :mod:`.words` (the log's sentences), :mod:`.bots` with :mod:`.knowledge` (what a
seat can infer from its view).  A board needs only the names in ``__all__``.

>>> import pycore
>>> game = pycore.GAMES["guild-of-thieves"]
>>> game.title, game.seat_range(), game.seat_range({"double_deck": True})
('Guild of Thieves', (2, 16), (2, 32))
>>> state = game.new_game(seats=20, seed=1, options={"double_deck": True})
>>> len(state.view(None)["houses"])
32
"""
from ..core import Game
from . import bots, words
from .secrecy import hidden_items, redeal
from .view import build_view, view_all
from .rules import (COLUMNS, GUILD_HOUSE_ROW, JOKER, LOCK_GUESSES, MAX_ROUNDS, OPTIONS, ROWS,
                    ROYALS, ROYAL_NAMES, SUIT_NAMES, SUITS, TABLE_RULES, VALUES, GuildState, audit,
                    card_order, check_options, is_number, is_royal, rank_of, seat_range, suit_of)
from .words import (DRAW_REASONS, GUESS_WORDS, SUIT_SYMBOLS, card_list, card_text, card_words,
                    describe, house_name)


def _tables() -> list:
    """The tables the shared conformance test plays: sizes up to 16, each option, Double Deck up
    to 32 players."""
    tables = [(players, {}) for players in (2, 3, 4, 5, 8, 12, 16)]
    for players in (2, 3, 6):
        tables.append((players, {"i_know_where_you_live": True}))
        tables.append((players, {"pen_and_paper": True}))
    tables += [(players, {"double_deck": True}) for players in (2, 5, 17, 32)]
    tables.append((20, {"double_deck": True, "i_know_where_you_live": True, "pen_and_paper": True}))
    return tables


CONFORMANCE = _tables()

GAME = Game(
    id="guild-of-thieves", title="Guild of Thieves",
    min_seats=2, max_seats=16, seat_range=seat_range,    # Double Deck: up to 32
    options=OPTIONS, check_options=check_options,
    state_class=GuildState, view=build_view, view_all=view_all, redeal=redeal, audit=audit,
    hidden=hidden_items, words=words, conformance=CONFORMANCE,
    bots={"novice": bots.Novice(), "sharp": bots.Sharp(), "ruthless": bots.Ruthless()},
)

__all__ = ["GAME", "CONFORMANCE", "GuildState", "TABLE_RULES", "SUITS", "VALUES", "ROYALS", "JOKER",
           "LOCK_GUESSES", "ROWS", "COLUMNS", "GUILD_HOUSE_ROW", "MAX_ROUNDS", "SUIT_NAMES",
           "ROYAL_NAMES", "SUIT_SYMBOLS", "GUESS_WORDS", "DRAW_REASONS", "card_order", "rank_of",
           "suit_of", "is_royal", "is_number", "card_text", "card_words", "card_list", "house_name",
           "describe"]
