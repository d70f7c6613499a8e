"""Every game's board, found by the game's id: game id -> board package (web/frontend/boards/<game>/).

A board package has one shape (tests/test_structure.py holds it): its facts and hooks (hooks.py),
its drawing (board.py: ``draw``), its draft and the taps that change it (draft.py), its rule words
and rules page (rules_page.py), its art (art.py), its guided first game (lesson.py) and its
stylesheet (board.css, scoped to ``[data-game=<id>]``); its ``__init__`` names what the shell may
ask, each from that module.  Nothing in the shell names a game: this is all it asks.  ``BOARDS[id]`` is a :class:`Board`:
every hook below is on it, the package's own or else the default here, so a board writes only
what it changes and the shell calls each hook plainly (``HOOKS`` lists them).

Facts: ``ART_SVG`` (the game's small picture: home tile, the play bar), ``BLURB``, ``SEAT_WORD``
("hand", "player"), ``OPTION_FIELDS`` [(option, label, help)], ``DEFAULT_SEATS``, ``DEMO_SEATS``;
``SHORT_TITLE`` (default: the game's title): the home-screen shortcut's name;
``LEVEL_WORDS`` {level: what that bot level means in this game} (the set-up says it beside the
level's general words; default {}); ``BOT_EACH_MOVE`` (default False): each move of a bot's turn is
seen at the chosen speed, however long the turn (Thievery's runs of guesses; others' turns of
several moves speed up after their first);
``option_enabled(option, seats, options)`` (default: always); ``rules_html()`` and ``table_rules()``
(default: the engine's rulings ``TABLE_RULES``, then the screen's own ``SCREEN_RULES``);
``summary(public_view, names)``: one line for the saved games list.

The guided first game (#/learn/<id>, frontend.shell.lesson): ``LESSON`` (default {}: no lesson
yet, and no "Learn to play" anywhere), the lesson as data in the board's ``lesson.py``: seed,
seats, options and steps.  ``lesson_tap(draft, action, view) -> (command, data) | None``: the next
draft tap toward a scripted move whose own button (``data-act``) is not on the screen yet (the
card to pick before its rank; default None: every scripted move is one button).  ``LESSON_PARTS``
(default {}): shorter lessons on one part of the game, part -> a lesson with its button's
``"title"`` (#/learn/<id>/<part>; Thieves of Eldris' "solo").  ``CORE_RULES`` (default []: none
listed yet): the rules that decide a game, each as ``{"rule": "…", "quote": "…", "step": n}`` —
``quote`` the exact words of the game's text in ``../shared/rules/`` or of RULINGS.md, ``step`` the
index in ``LESSON["steps"]`` of the step that teaches it (that step's ``rule`` quotes the same
words); a board with ``LESSON_PARTS`` gives a dict keyed by part (``""`` for the whole lesson).
tests/test_lesson.py holds every lesson to its list.

Drawing — ``draw(scene) -> widgets.Regions`` for a :class:`frontend.shell.play.Scene` (one seat's
view, its legal actions, the board's draft, names, bots, and ``moment``):

* ``board``: the table itself (opponents and the shared board), filling the play screen's board
  area, a CSS size container (``container-name: board``) that scrolls only if it must; it must fit
  at decision points, because every control of the choice stays in view and uncovered;
* ``hand``: the person's own things, docked where the thumb is; ``sheet``: the current choice's
  controls, only as tall as the choice; ``prompt``: one line, what to do now; ``status``: the bar's
  short words (whose turn, the round).
* The subject of the choice (the card, house, die, drawer or palace chosen; the hand a payment
  comes from) carries ``data-subject``: the shell keeps it in view.  Board elements tapped to choose
  carry ``data-pick`` (``widgets.tile`` adds it).
* ``scene.moment``: "turn" (the seat on screen acts), "wait" (others act), "landing" (this person's
  turn just ended: their own view shows what the move did), "handover" (the public view between two
  people: nothing that names or belongs to the next turn), "over" (everything turned up, whole).

The taps: buttons that send an action carry it (``data-act``, drawn by widgets from the legal
actions); ``new_draft()`` and ``tap(draft, command, data, view)`` keep the screen's own draft (which
card is picked, which step of a turn; default: no draft, and taps that change nothing).
``hint_draft(draft, action, view)``: the draft that shows a hint's action (default: the draft as it
is).  ``hint_words(why, names, seat)``: the hint's sentence in the board's names for the seats (a bot
knows seats only by number; default: as the bot says it).  ``out_of_turn(public_view)``: (label, hint)
when anyone may act out of turn now, else None (the default).  ``turn_coming(public_view, seat)``:
whether that seat may still have a turn (default: unless the view's ``players`` entry for it says
``"out"``): a person who is out is not offered "Skip to my turn".

Hand-over: ``shows_secrets(view, public_view) -> bool`` (default: the views differ but for "seat", and but
for what only the seat's view has and is empty, such as a hand with no cards: a seat's own log
entries count, so a player who has played every card still has their draws covered):
a cover comes only before a screen that shows what the others may not see.  ``SECRET_WORDS``
(default "my cards"): what the cover's button shows.  ``cover_reason(public_view, seat, names)``:
why the device goes to this seat, when that is not plain turn order (default "": none).
``recap(public_events, names, seat) -> [str]``: what happened since ``seat`` last acted, a line a
turn (whose turn it is goes without saying; default: the game's sentence for each event); the news
strip shows its last line.  ``held_back(view, draft) -> int``: how many of the latest entries of the
view's log the screen keeps back until a tap shows them (Eldris: a roll, until "Roll"; default 0):
the log never tells what the board does not show yet.

The end: ``standings(public_view, names)`` -> [{"place", "name", "figures": {...}}] best first
(default: none); ``headline(outcome, names)`` (the end's title in the game's own words, e.g. a solo
verdict; default "": the shell's); ``reason(public_view, names)``: one sentence saying why the winner
won, to the table (default ""); ``best_result(outcome, seat) -> (figure, words)``: what the tally
keeps of a seat's game (default: its score, "7 points"); ``how_close(public_view, names, seat)``:
for a person alone against bots, a few lines saying how close they came (default: none).

Feel: ``motion(public_events, view) -> {key: class}``: what the new events do on screen.  The board
marks elements with stable keys (``data-motion="card-2-3"``) and the shell adds the class once,
right after the draw: ``tt-flip`` (turned up), ``tt-shake`` (a miss), ``tt-slide`` (dealt, moved);
a board may add its own keyframes, always under ``prefers-reduced-motion: no-preference`` (default:
nothing moves).  ``SOUND_WORDS`` (default ""): what the sound and vibration cues mark in this game,
for Settings.
"""
import importlib
import re

import pycore

from ..markup import counted

PLAYER_NUMBER = re.compile(r"\b[Pp]layer (\d+)\b")   # how the bots' reasons name a seat
# How every table plays it, whatever the game (the end of each board's "how this table plays it").
SHELL_RULES = [
    "A tap on something that is no choice just now (your own card, one face up, an empty place, "
    "anything in someone else's turn) is answered in one line under the prompt saying why.",
    "A name is drawn whole, breaking only at its own spaces and hyphens; where a box is too narrow "
    "it ends in “…”, and a tap on it (or holding the pointer over it) shows it whole.",
    "Your first solo game of each game on this device seats Novice bots; after that the set-up "
    "offers Sharp ones, and says beside each level what it means in this game.",
]

# Every name the shell may ask of a board (facts first, then hooks).
HOOKS = ("ART_SVG", "BLURB", "SHORT_TITLE", "SEAT_WORD", "OPTION_FIELDS", "DEFAULT_SEATS", "DEMO_SEATS", "LEVEL_WORDS", "BOT_EACH_MOVE", "SECRET_WORDS",
         "SOUND_WORDS", "option_enabled", "rules_html", "table_rules", "summary", "draw", "new_draft", "tap",
         "hint_draft", "hint_words", "out_of_turn", "turn_coming", "shows_secrets", "cover_reason", "recap", "held_back", "standings", "headline",
         "reason", "best_result", "how_close", "motion", "LESSON", "LESSON_PARTS", "CORE_RULES", "lesson_tap")

# What the default table_rules() reads: the engine's rulings (the package re-exports its engine's
# TABLE_RULES) and the screen's own.  A board package's face exports HOOKS and these, nothing else.
RULE_FACTS = ("TABLE_RULES", "SCREEN_RULES")


class Board:
    """A board package as the shell sees it: the package's public names, over every hook's default.

    The package's names are set on the instance (its functions stay plain functions, called without
    ``self``); a hook it leaves out is the method here, which may read the package's facts
    (``self.TABLE_RULES``) and its game (``self.game``)."""

    OPTION_FIELDS: list = []
    LEVEL_WORDS: dict = {}
    BOT_EACH_MOVE = False
    SECRET_WORDS = "my cards"
    SOUND_WORDS = ""
    SCREEN_RULES: list = []
    LESSON: dict = {}
    LESSON_PARTS: dict = {}
    CORE_RULES: list = []

    def __init__(self, package, game):
        self.package, self.game = package, game
        # Its public names, not its submodules (board, rules, ...: the shell asks none of them).
        self.__dict__.update({name: value for name, value in vars(package).items()
                              if not name.startswith("_") and type(value) is not type(package)})
        self.__dict__.setdefault("SHORT_TITLE", game.title)

    def option_enabled(self, option, seats, options) -> bool:
        return True

    def table_rules(self) -> list:
        return list(self.TABLE_RULES) + self.SCREEN_RULES + SHELL_RULES

    def new_draft(self) -> dict:
        return {}

    def tap(self, draft, command, data, view):
        return None

    def hint_draft(self, draft, action, view) -> dict:
        return draft

    def hint_words(self, why, names, seat) -> str:
        """A bot knows seats by number ("Accuse player 2 of being the Bard"); the board says names.

        >>> Board.hint_words(None, "Accuse player 2 of being the Bard", ["Ann", "Ben"], 0)
        'Accuse Ben of being the Bard'
        """
        def named(match):
            index = int(match.group(1)) - 1
            return names[index] if 0 <= index < len(names) else match.group(0)
        return PLAYER_NUMBER.sub(named, why)

    def out_of_turn(self, view):
        return None

    def turn_coming(self, view, seat) -> bool:
        players = view.get("players")
        if not isinstance(players, list):
            return True
        return not any(isinstance(player, dict) and player.get("seat", index) == seat and player.get("out")
                       for index, player in enumerate(players))

    def shows_secrets(self, view, public_view) -> bool:
        return any(view.get(key) != public_view.get(key) for key in set(view) | set(public_view)
                   if key != "seat" and not (key not in public_view and view[key] in ([], {}, "")))

    def cover_reason(self, view, seat, names) -> str:
        return ""

    def recap(self, events, names, seat) -> list:
        return [self.game.describe(event, names, seat) for event in events]

    def held_back(self, view, draft) -> int:
        return 0

    def standings(self, view, names) -> list:
        return []

    def headline(self, outcome, names) -> str:
        return ""

    def reason(self, view, names) -> str:
        return ""

    def best_result(self, outcome, seat) -> tuple:
        score = (outcome.get("scores") or {}).get(str(seat), 0)
        return score, counted(score, "point")

    def how_close(self, view, names, seat) -> list:
        return []

    def motion(self, events, view) -> dict:
        return {}

    def lesson_tap(self, draft, action, view):
        return None


def package_of(game_id: str):
    """A game's board package is found by its id: boards/<id with underscores>/ (as pycore's)."""
    return importlib.import_module(f"{__name__}.{game_id.replace('-', '_')}")


PACKAGES = {game_id: package_of(game_id) for game_id in pycore.GAMES}
BOARDS = {game_id: Board(package, pycore.GAMES[game_id]) for game_id, package in PACKAGES.items()}
