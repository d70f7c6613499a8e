"""Engine calls per tap, in CPython: the shell's own classes (App, GameScreen, Play, as the browser
runs them) driven through a game of one person against bots, over a stand-in for the browser, with
the shell's calls of every State method that builds a view or lists actions counted.

A tap is one person's tap handled, with the work it leaves for after the frame; each bot's move,
run from its timer, is counted apart.  A moment is the engine state after an action (the state
object and how many actions it holds): at each moment each seat's view, and each seat's legal
actions, should be built once and read by every part of the screen.

``calls_per_tap(game_id, taps=40, seed=0)`` is what ``python build.py bench --only taps`` prints and
what tests/test_engine_calls.py holds every game to.
"""
from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections import Counter
from contextlib import ExitStack
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT, ROOT / "web", ROOT / "tests"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import pycore  # noqa: E402
from driver import start_tags  # noqa: E402

COUNTED = ("view", "view_all", "legal_actions", "why_not")
BROWSER_MODULES = ("js", "pyodide", "pyodide.ffi", "pyscript", "pyscript.ffi")
SEATS = 3                   # one person and two bots (within every game's range)
DRAIN_LIMIT = 5_000         # timers run between two taps at most (bots playing on)
# Taps of the shell that leave the game screen or open a form: a person playing does not need them.
SHELL_TAPS_SKIPPED = {"menu", "settings", "settings-close", "open-rules", "export-game", "watch", "rematch",
                      "take-over", "take-over-cancel", "take-over-confirm", "interject", "interject-as",
                      "interject-done", "hint", "take-back", "agree-take-back", "confirm-take-back", "recap",
                      "show-log", "close-overlay", "bot-speed", "setting-toggle", "skip-bots", "delete-save",
                      "free-space", "trim-finished", "retry-save"}


class ScreenTaps:
    """The enabled tap targets of a screen: ("act", action), ("why", action) or (command, data)."""

    def __init__(self, html: str):
        self.taps = []
        for found in start_tags(html, "act", "why", "command"):
            if "disabled" in found:
                continue
            data = {key[5:]: value for key, value in found.items() if key.startswith("data-")}
            if "act" in data and found.get("aria-disabled") != "true":
                self.taps.append(("act", data))
            elif "why" in data:
                self.taps.append(("why", data))
            elif "command" in data and found.get("aria-disabled") != "true":
                self.taps.append((data["command"], data))



class Browser:
    """The parts of dom.py the game screen uses, as plain Python: what is drawn, the storage, timers
    (run in order of when they fall due) and the work kept for after a frame."""

    def __init__(self):
        self.html = ""
        self.storage = {}
        self.timers = []            # [due, order, handle, callback]
        self.clock = 0.0            # milliseconds
        self.order = 0
        self.hash = ""
        self.problems = []

    # -- drawing
    def render(self, html, target="app"):
        self.html = html

    def render_play(self, regions: dict, whole: str):
        self.html = whole

    def nothing(self, *args, **kwargs):
        return None

    def problem(self, text):
        self.problems.append(text)
        raise AssertionError(text)

    # -- timers
    def later(self, milliseconds, callback):
        self.order += 1
        self.timers.append([self.clock + milliseconds, self.order, self.order, callback])
        return self.order

    def after_paint(self, callback, motion=False):
        return self.later(0, callback)

    def cancel(self, handle):
        self.timers = [timer for timer in self.timers if timer[2] != handle]

    def run_next(self) -> bool:
        if not self.timers:
            return False
        self.timers.sort(key=lambda timer: (timer[0], timer[1]))
        due, _, _, callback = self.timers.pop(0)
        self.clock = max(self.clock, due)
        callback()
        return True

    # -- storage
    def local_storage(self):
        browser = self

        class Storage:
            def keys(self):
                return list(browser.storage)

            def get(self, key):
                return browser.storage.get(key)

            def set(self, key, value):
                browser.storage[key] = value

            def remove(self, key):
                browser.storage.pop(key, None)
        return Storage()

    def install(self, dom):
        """Put this browser in dom.py's place (inside a patch: undone afterwards)."""
        plain = {"render": self.render, "later": self.later, "cancel": self.cancel,
                 "LocalStorage": self.local_storage, "now": lambda: 1_700_000_000 + self.clock / 1000,
                 "query": lambda: {"fast": ""}, "location_hash": lambda: self.hash,
                 "go": lambda hash_: setattr(self, "hash", hash_), "motion_left": lambda: 0,
                 "show_problem": self.problem, "after_stored": lambda done=None, failed=None: done and done(),
                 "console_error": self.problem, "page": lambda: "index.html"}
        for name in ("playing", "animate", "cue", "announce", "mark_hint", "settle", "reveal_ring", "focus_first",
                     "focus", "scroll_top", "show_notice", "on", "set_state", "status", "render_if_there",
                     "keep_screen", "download", "copy_text", "tell_set_aside"):
            plain.setdefault(name, self.nothing)
        if hasattr(dom, "after_paint"):
            plain["after_paint"] = self.after_paint
        if hasattr(dom, "render_play"):
            plain["render_play"] = self.render_play
        return [mock.patch.object(dom, name, value) for name, value in plain.items() if hasattr(dom, name)]


class Calls:
    """The shell's calls of the counted State methods (calls the engine or a bot makes inside them,
    or on states of their own, are not the shell's), gathered into the bucket open now."""

    def __init__(self):
        self.bucket = None

    def wrap(self, cls, name):
        original = getattr(cls, name)
        calls = self

        def counted(state, *args, **kwargs):
            caller = sys._getframe(1).f_globals.get("__name__", "")
            if calls.bucket is not None and caller.startswith("frontend"):
                seat = args[0] if args else kwargs.get("seat")
                # The state itself, not its id: kept alive, no other state takes its id.
                calls.bucket.append((name, state, len(state.history), seat if name != "view_all" else "all", caller))
            return original(state, *args, **kwargs)
        counted.__name__ = name
        return mock.patch.object(cls, name, counted)


def summarize(buckets: list) -> dict:
    """The most view calls of one seat at one moment and legal_actions calls of one seat at one
    moment (over every bucket: a moment drawn by a tap and played on by a bot is one moment), every
    seat's legal_actions at one moment, and the means and most a bucket."""
    calls = [call for bucket in buckets for call in bucket]

    def most(names, by_seat):
        counts = Counter((id(call[1]), call[2], call[3] if by_seat else None) for call in calls if call[0] in names)
        return max(counts.values(), default=0)

    def per_bucket(name):
        return [sum(call[0] == name for call in bucket) for bucket in buckets]

    def mean(values):
        return round(sum(values) / len(values), 2) if values else 0.0

    return {
        "view_per_seat_shown_max": most(("view",), True),
        "legal_actions_per_moment_max": most(("legal_actions",), True),
        "legal_actions_every_seat_per_moment_max": most(("legal_actions",), False),
        "mean_views": mean(per_bucket("view")),
        "mean_legal_actions": mean(per_bucket("legal_actions")),
        "mean_why_not": mean(per_bucket("why_not")),
        "mean_view_all": mean(per_bucket("view_all")),
        "max_views": max(per_bucket("view"), default=0),
    }


def new_save(game, seed: int):
    from frontend.shell.save_store import Save
    from frontend.shell.setup_form import with_bots
    from frontend.shell.table import Seat, Table
    low, high = game.seat_range(game.options)
    seats = min(max(SEATS, low), high)
    table = Table([Seat(["Ana"])] + [Seat(bot=("sharp", "novice", "ruthless")[seat % 3]) for seat in range(1, seats)])
    state = game.new_game(seats=seats, seed=seed, options=with_bots(game, table, dict(game.options)))
    return Save(f"{game.id}-calls-{seed}", game.id, table, state, 1.0, 1.0)


def calls_per_tap(game_id: str, taps: int = 40, seed: int = 0, check_views: bool = False) -> dict:
    """Drive ``taps`` taps of one person against bots in ``game_id`` (a new deal when a game ends)
    and count the shell's engine calls: {"view_per_seat_shown_max", "legal_actions_per_moment_max",
    "legal_actions_every_seat_per_moment_max", "mean_views", "mean_legal_actions", "mean_why_not",
    "mean_view_all", "max_views"} over the taps, the same keys with "bot_" before them over the bots'
    moves, "taps", "bot_moves", "games", and CPython's median milliseconds in a tap's handler and
    in the work it leaves for after the frame ("handler_ms_median", "after_frame_ms_median").
    ``check_views``: after every tap, each view the shell keeps for the moment on screen must still
    equal a fresh one (nobody wrote into it)."""
    game = pycore.GAMES[game_id]
    rng = random.Random(seed)
    browser, calls = Browser(), Calls()
    tap_buckets, bot_buckets = [], []
    handler_ms, after_ms = [], []       # CPython's time in the tap's handler, and after its frame
    with ExitStack() as stack:
        # The screens import dom.py, which talks to the browser: over stand-ins for its modules they
        # import afresh (sys.modules is put back afterwards, so no other test sees them).
        stack.enter_context(mock.patch.dict(sys.modules, {name: mock.MagicMock() for name in BROWSER_MODULES}))
        for name in [module for module in sys.modules if module.startswith("frontend.shell.")]:
            del sys.modules[name]
        from frontend.shell import dom
        for patch in browser.install(dom):
            stack.enter_context(patch)
        from frontend.shell.app import App
        from frontend.shell.game import GameScreen
        for name in COUNTED:
            stack.enter_context(calls.wrap(game.state_class, name))
        original_bot_move = GameScreen.bot_move

        def bot_move(screen, seat):
            calls.bucket = []
            bot_buckets.append(calls.bucket)
            original_bot_move(screen, seat)
        stack.enter_context(mock.patch.object(GameScreen, "bot_move", bot_move))

        app, games, done = None, 0, 0
        while done < taps:
            if app is None or app.game is None or app.game.play.state.is_over:
                app = App()
                save = new_save(game, seed * 1000 + games)
                games += 1
                app.store.put(save)
                browser.hash = f"#/play/{save.id}"
                calls.bucket = None
                app.route()
            for _ in range(DRAIN_LIMIT):
                if not browser.run_next():
                    break
            screen = app.game
            if screen.play.state.is_over:
                continue
            choices = [(kind, data) for kind, data in ScreenTaps(browser.html).taps
                       if kind not in SHELL_TAPS_SKIPPED]
            acts = [choice for choice in choices if choice[0] == "act"]
            if not choices:
                raise AssertionError(f"{game_id}: nothing to tap and nothing to wait for: {browser.html[:300]}")
            kind, data = rng.choice(acts) if acts and rng.random() < 0.6 else rng.choice(choices)
            calls.bucket = []
            tap_buckets.append(calls.bucket)
            started = time.perf_counter()
            app.on_click({"data": data})
            handled = time.perf_counter()
            done += 1
            # The work the tap left for after the frame belongs to the tap (a bot's move does not).
            while browser.timers and min(browser.timers)[0] <= browser.clock:
                browser.run_next()
            handler_ms.append((handled - started) * 1000)
            after_ms.append((time.perf_counter() - handled) * 1000)
            calls.bucket = None
            if check_views:
                check_kept_views(app.game)
    result = summarize(tap_buckets + bot_buckets)
    taps_alone, bots_alone = summarize(tap_buckets), summarize(bot_buckets)
    result.update({key: taps_alone[key] for key in result if key.startswith(("mean_", "max_"))})
    result.update({f"bot_{key}": value for key, value in bots_alone.items() if key.startswith(("mean_", "max_"))})
    result.update({"taps": len(tap_buckets), "bot_moves": len(bot_buckets), "games": games,
                   "handler_ms_median": round(statistics.median(handler_ms), 2),
                   "after_frame_ms_median": round(statistics.median(after_ms), 2)})
    return result


def check_kept_views(screen):
    """Every view the moment on screen keeps equals the engine's fresh one (nobody wrote into it)."""
    play = screen.play
    moment = getattr(play, "_moment", None)
    if moment is None or not moment.current(play.state):
        return
    for seat, view in moment.views.items():
        fresh = play.state.game.view(play.state, seat)
        assert json.dumps(view, sort_keys=True) == json.dumps(fresh, sort_keys=True), \
            f"the view of seat {seat} kept for this moment was changed by someone reading it"


if __name__ == "__main__":
    for game_id in sorted(pycore.GAMES):
        print(game_id, calls_per_tap(game_id))
