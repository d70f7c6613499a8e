"""The state tour of issue 24: every state a person can reach in a game, visited on one booted page
and checked at every size with tests/layout.py ``check_state``.

The positions are made here in CPython (bots play a game forward, every seat, until the wanted
moment) and put into the browser's saves with tests/driver.py ``inject``: no whole game is played by
tapping.  Only what a person does on the screen itself is tapped: the hint (☰ → "What would you
do?"), the take-back panel (☰ → Take back), lifting a cover, the move that lands, Watch it back.

The states, by the name each screenshot carries (test-artifacts/tour/<game>-<state>-<size>.png):

- ``turn``: the game's first decision (a turn's start: the board takes its share of the screen);
- ``decision-<types>``: each kind of decision the game has (the set of action types legal for the
  person), the largest sets only — a set inside one already visited draws the same controls;
- ``hint``: the hint open at the first decision;
- ``cover``, ``take-back``, ``landing``: hot-seat, three people: a hand-over cover, the take-back
  panel after lifting it, and a person's move just landed;
- ``end`` and ``watch``: the end screen, and Watch it back at the end.

Every state is checked with tests/layout.py ``check_table``: the people at the table have the
longest names a name may have (``layout.LONG_NAMES``: one with a hyphen, one without), so no name
is broken inside a word, cut or pushing a control out of sight (issue 36).
"""
from __future__ import annotations

import json
import random

import pycore
from browsing import ARTIFACTS, screenshot
from driver import inject
from frontend.boards import BOARDS
from frontend.shell.table import Seat, Table
from layout import LONG_NAMES, SIZES, at_every_size, check_table

SEATS = 3
SHOTS = ARTIFACTS / "tour"
# The longest names a table may have (issue 36): every state is seen with them.
PEOPLE = [*LONG_NAMES, "Ben"]
# Hints in hot-seat are a setting; the tour's landing is the hint's move, so the setting is on.
HOT_SEAT_HINTS = """if (!localStorage.getItem('thieves-table:settings'))
    localStorage.setItem('thieves-table:settings', JSON.stringify({hot_seat_hints: true}));"""
MOMENT = "() => document.querySelector('[data-testid=play]')?.dataset.moment || ''"
SAVED_ACTIONS = "(key) => JSON.parse(JSON.parse(localStorage.getItem(key)).record).actions.length"


def solo_table(seats: int = SEATS) -> Table:
    """A person with the longest name a table allows, against bots of every level."""
    return Table([Seat([LONG_NAMES[1]])] + [Seat(bot=("sharp", "ruthless", "novice")[i % 3]) for i in range(seats - 1)])


def hot_seat_table(seats: int = SEATS) -> Table:
    return Table([Seat([PEOPLE[i]]) for i in range(seats)])


def new_game(game_id: str, seed: int):
    game = pycore.GAMES[game_id]
    return game.new_game(seats=SEATS, seed=seed, options=dict(game.options))


def play_forward(state, until=lambda state: False, seed: int = 1, limit: int = 5000):
    """Sharp bots play every seat until ``until(state)`` or the end."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over or until(state):
            return state
        seat = state.to_act[0]
        state.apply(seat, state.game.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    raise AssertionError("the game did not end within the limit")


def copy(state):
    """The same position, replayed from its record (a state to keep while the original plays on)."""
    return pycore.replay(pycore.record(state))


def decisions(game_id: str, seeds=(24, 25, 26)) -> dict:
    """Each kind of decision seat 0 meets (its legal action types), with the first position that
    shows it: a few bot games, the largest kinds only (in order of first meeting)."""
    found: dict = {}
    for seed in seeds:
        state = new_game(game_id, seed)

        def note(state):
            if 0 in state.to_act:
                kind = frozenset(action["type"] for action in state.legal_actions(0))
                if kind not in found:
                    found[kind] = copy(state)
            return False
        play_forward(state, note, seed)
    largest = [kind for kind in found if not any(kind < other for other in found)]
    return {"-".join(sorted(kind)): found[kind] for kind in largest}


def first_decision(game_id: str):
    return play_forward(new_game(game_id, 24), lambda state: 0 in state.to_act)


def finished(game_id: str):
    return play_forward(new_game(game_id, 21), seed=21)


def handed_over(game_id: str):
    """Hot-seat: a person has acted and another is to act next, whose screen shows secrets: the
    device changes hands under a cover."""
    shows_secrets = BOARDS[game_id].shows_secrets

    def passing(state):
        if not state.history or state.is_over:
            return False
        seat = state.to_act[0]
        return state.history[-1][0] != seat and bool(shows_secrets(state.view(seat), state.view(None)))
    return play_forward(new_game(game_id, 24), passing)


def size_name(page) -> str:
    size = page.viewport_size
    return next(name for name, each in SIZES.items() if each == size)


class Tour:
    """One game's states on one page: each checked at every size, every problem kept."""

    def __init__(self, page, url: str, game_id: str):
        self.page, self.url, self.game_id = page, url, game_id
        self.problems: list = []
        self.visited: list = []
        SHOTS.mkdir(parents=True, exist_ok=True)

    # -- looking ------------------------------------------------------------------------------------
    def moment(self) -> str:
        return self.page.evaluate(MOMENT)

    def wait_moment(self, *moments: str, timeout: float = 30_000):
        self.page.wait_for_function(f"() => {json.dumps(list(moments))}.includes(({MOMENT})())", timeout=timeout)

    def look(self, state: str, turn_start: bool = False):
        """``state`` checked at every size, a screenshot at each."""
        def check(page, where, **kwargs):
            found = check_table(page, where, **kwargs)
            screenshot(page, str(SHOTS / f"{self.game_id}-{state}-{size_name(page)}.png"))
            return found
        self.visited.append(state)
        self.problems += at_every_size(self.page, f"{self.game_id} {state}", check=check, turn_start=turn_start)

    def open(self, state, table: Table, name: str):
        inject(self.page, state, table, name)
        self.page.goto(self.url + f"?fast#/play/{name}")

    def menu(self, command: str):
        self.page.click("[data-command=menu]")
        self.page.click(f"[data-testid=menu] [data-command={command}]")

    # -- the states ---------------------------------------------------------------------------------
    def decisions(self):
        """The first decision, the hint there, then each other kind of decision."""
        self.open(first_decision(self.game_id), solo_table(), "tour-turn")
        self.wait_moment("turn")
        self.look("turn", turn_start=True)
        self.menu("hint")
        self.page.wait_for_selector("[data-testid=hint]")
        self.look("hint")
        first = "-".join(sorted({action["type"] for action in first_decision(self.game_id).legal_actions(0)}))
        for number, (kind, state) in enumerate(decisions(self.game_id).items()):
            if kind == first:
                continue            # the first decision's kind: just seen
            self.open(state, solo_table(), f"tour-decision-{number}")
            self.wait_moment("turn")
            self.look(f"decision-{kind}")

    def hot_seat(self):
        """A cover, the take-back panel behind it, then a person's move landing (the hint's move,
        again until a turn ends with a landing)."""
        name = "tour-hot-seat"
        self.open(handed_over(self.game_id), hot_seat_table(), name)
        self.wait_moment("handover", "turn")
        if self.moment() == "handover":
            self.look("cover")
            self.page.click("[data-command=uncover]")
            self.wait_moment("turn")
        self.menu("take-back")
        self.page.wait_for_selector("[data-testid=take-back]")
        self.look("take-back")
        self.page.click("[data-testid=take-back] [data-command=close-overlay]")
        self.page.wait_for_selector("[data-testid=take-back]", state="detached")
        key = json.dumps(f"thieves-table:save:{name}")
        for _ in range(12):
            moment = self.moment()
            if moment == "landing":
                self.look("landing")
                return
            if moment == "handover":
                self.page.click("[data-command=uncover]")
                self.wait_moment("turn")
            before = self.page.evaluate(f"({SAVED_ACTIONS})({key})")
            self.menu("hint")
            self.page.locator(".tt-hint[data-act]").first.click()
            self.page.wait_for_function(f"({SAVED_ACTIONS})({key}) > {before}")
            self.wait_moment("landing", "handover", "turn", "over")
        self.problems.append(f"{self.game_id}: no move of the hint's landed in 12 tries")

    def end(self):
        """The end screen of three people (the longest names among them), then Watch it back at
        the end."""
        self.open(finished(self.game_id), hot_seat_table(), "tour-end")
        self.wait_moment("over")
        self.look("end")
        self.page.click("[data-command=watch]")
        self.wait_moment("replay")
        self.look("watch")
