"""Placeholder bots (random legal play) while the real ones are written."""


class _Random:
    def choose(self, view, legal, rng):
        return rng.choice(legal)


Novice = Sharp = Ruthless = _Random
