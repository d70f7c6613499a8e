"""Watch it back: a finished game, move by move, on the same board as the game itself, with every
hidden thing turned up and the log in step.  Pure Python (CPython tests read the HTML).

A game record is the whole game (seed + actions), so each moment is the record replayed to it;
every few moves a copy is kept so stepping back is quick.  Only a finished game can be watched: a
game in progress would show its secrets.
"""
from __future__ import annotations

from dataclasses import dataclass

import pycore

from .. import widgets
from ..markup import attrs, button, esc
from . import layout
from .play import Scene

CHECKPOINT_EVERY = 25


class NotWatchable(ValueError):
    """A record that cannot be watched back (damaged, or a game not yet over); says why."""


def everything(state) -> dict:
    """The view with every hidden thing turned up (every State's ``view_all``: the public view
    where a game has nothing more to turn up)."""
    return state.view_all()


@dataclass
class Moment:
    step: int                # actions applied (0: the deal)
    round: int | None        # the game's round at that moment, where it counts rounds


class Replay:
    """A finished game's record, replayed to any moment."""

    def __init__(self, record: str):
        try:
            final = pycore.replay(record)
        except pycore.BadRecord as error:
            raise NotWatchable(f"This game cannot be watched back: {error}") from None
        if not final.is_over:
            raise NotWatchable("Only a finished game can be watched back: this one is still being played.")
        self.final = final
        self.actions = list(final.history)
        self.game = final.game
        self.checkpoints = {}
        self.moments = []
        state = self.new_state()
        for step in range(len(self.actions) + 1):
            if step % CHECKPOINT_EVERY == 0:
                self.checkpoints[step] = state.clone()
            self.moments.append(Moment(step, getattr(state, "round", None)))
            if step < len(self.actions):
                state.apply(*self.actions[step])

    @property
    def length(self) -> int:
        return len(self.actions)

    def new_state(self):
        final = self.final
        return final.game.new_game(seats=final.seats, seed=final.seed, options=final.options)

    def state_at(self, step: int):
        step = max(0, min(self.length, step))
        base = step - step % CHECKPOINT_EVERY
        state = self.checkpoints[base].clone()
        for seat, action in self.actions[base:step]:
            state.apply(seat, action)
        return state

    def rounds(self) -> list:
        """(round, first step of it), in order, where the game counts rounds."""
        seen, out = set(), []
        for moment in self.moments:
            if moment.round is not None and moment.round not in seen:
                seen.add(moment.round)
                out.append((moment.round, moment.step))
        return out


class WatchView:
    """What the watch screen draws: the board at one moment, the step controls, the log so far."""

    def __init__(self, replay: Replay, board, names: list, step: int | None = None, embedded: bool = False):
        self.replay = replay
        self.board = board
        self.names = names
        self.step = replay.length if step is None else max(0, min(replay.length, step))
        self.playing = False
        self.embedded = embedded
        self.overlay = ""

    def go(self, step: int):
        self.step = max(0, min(self.replay.length, step))

    def news(self, state) -> list:
        """What the move at this moment did, in public words."""
        if self.step == 0:
            return ["The deal."]
        before = self.replay.state_at(self.step - 1)
        events = state.view(None)["log"][len(before.view(None)["log"]):]
        return [self.replay.game.describe(event, self.names, None) for event in events] or ["(nothing anyone could see)"]

    def log_lines(self, state) -> list:
        """The log up to this moment, in public words."""
        return [self.replay.game.describe(event, self.names, None) for event in state.view(None)["log"]]

    def html(self) -> str:
        state = self.replay.state_at(self.step)
        scene = Scene(everything(state), [], self.board.new_draft(), self.names, {}, [], "replay")
        drawn = self.board.draw(scene)
        regions = drawn if isinstance(drawn, widgets.Regions) else widgets.Regions(board=drawn)
        news = self.news(state)
        log = self.log_lines(state)
        moment = self.replay.moments[self.step]
        where = f"Move {self.step} of {self.replay.length}" + (f" · round {moment.round}" if moment.round else "")
        screen = layout.Screen(
            game_id=self.replay.game.id, title=self.replay.game.title, mark=self.board.ART_SVG,
            regions=widgets.Regions(board=regions.board, hand=regions.hand), moment="replay",
            status=f"Watching · {where}", news=news[-1], sheet=self.controls(news), prompt=where,
            log=layout.log_list(log), overlay=self.overlay, embedded=self.embedded, extra={"step": self.step})
        return layout.play_screen(screen)

    def controls(self, news: list) -> str:
        step, last = self.step, self.replay.length
        moves = (button("|◀", "watch-go", "btn", step=0, disabled=step == 0, aria_label="The deal")
                 + button("◀", "watch-go", "btn", step=step - 1, disabled=step == 0, aria_label="One move back")
                 + button("Pause" if self.playing else "Play", "watch-play", "btn primary",
                          disabled=step == last and not self.playing)
                 + button("▶", "watch-go", "btn", step=step + 1, disabled=step == last, aria_label="One move on")
                 + button("▶|", "watch-go", "btn", step=last, disabled=step == last, aria_label="The end"))
        rounds = self.replay.rounds()
        jump = ""
        if len(rounds) > 1:
            here = self.replay.moments[step].round
            options = "".join(f'<option value="{first}"{" selected" if number == here else ""}>Round {number}</option>'
                              for number, first in rounds)
            jump = (f'<label class="field watch-round">Jump to<select{attrs(data_field="watch-round")}>{options}</select></label>')
        extra = "" if self.embedded else (button("Embed this moment", "watch-embed", "btn") + " "
                                          + button("Share this game", "watch-share", "btn"))
        # The moves before this one read above the steps where there is height for them (the strip
        # always holds the latest); the round to jump to and the links share one row.
        return (f'<div class="watch-news">{layout.news_list(news[-3:])}</div>'
                f'<p class="actions watch-steps" data-testid="watch-controls">{moves}</p>'
                f'<div class="actions watch-more">{jump}{extra}</div>')


def embed_snippet(origin: str, game_id: str, payload: str, step: int) -> tuple:
    """(the iframe a rules page pastes to show this moment, its src)."""
    src = f"{origin}/embed.html?game={game_id}&mode=replay&at={step}&record={payload}"
    return f'<iframe src="{src}" width="380" height="640" title="Thieves\' Table: a moment" style="border:0"></iframe>', src


def embed_panel(snippet: str, src: str) -> str:
    return layout.overlay("Embed this moment", (
        '<p>Paste this into a rules page to show the table at this move (it plays offline once the app '
        'has been opened there):</p>'
        f'<textarea class="embed-code" readonly rows="4" data-testid="embed-code">{esc(snippet)}</textarea>'
        f'<p class="muted">How it looks:</p><iframe class="embed-preview" data-testid="embed-preview" src="{esc(src)}" '
        'title="A preview of the embedded moment"></iframe>'), "embed-panel")


def share_panel(link: str) -> str:
    return layout.overlay("Share this game", (
        '<p>Anyone who opens this link on a device with Thieves\' Table can watch the game back. The game '
        'travels inside the link itself: no server sees it.</p>'
        f'<textarea class="embed-code" readonly rows="4" data-testid="share-link">{esc(link)}</textarea>'
        f'<p class="actions">{button("Copy the link", "watch-copy", "btn primary")}</p>'), "share-panel")
