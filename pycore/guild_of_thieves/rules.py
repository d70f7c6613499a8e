"""Guild of Thieves rules (placeholder while the full engine is written)."""
from __future__ import annotations

from ..core import Game, IllegalAction, State


class GuildState(State):
    def __init__(self, game, seats, seed, options):
        super().__init__(game, seats, seed, options)
        self.over = False

    @property
    def to_act(self):
        return () if self.over else (0,)

    def legal_actions(self, seat):
        return [{"type": "end_turn"}] if not self.over and seat == 0 else []

    def _apply(self, seat, action):
        if action not in self.legal_actions(seat):
            raise IllegalAction("not legal now")
        self.over = True
        return [{"type": "over", "winners": []}]

    def view(self, seat):
        return {"over": self.over}

    @property
    def is_over(self):
        return self.over

    @property
    def outcome(self):
        return {"winners": [], "scores": {}} if self.over else None


class _Pass:
    def choose(self, view, legal, rng):
        return legal[0]


GAME = Game(id="guild-of-thieves", title="Guild of Thieves", min_seats=2, max_seats=16,
            options={"double_deck": False, "i_know_where_you_live": False, "pen_and_paper": False},
            state_class=GuildState, bots={"novice": _Pass(), "sharp": _Pass(), "ruthless": _Pass()})
