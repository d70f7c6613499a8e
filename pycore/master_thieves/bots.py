"""Master Thieves bots (placeholder while the engine settles)."""
class _Random:
    def choose(self, view, legal, rng):
        return rng.choice(legal)
Novice = Sharp = Ruthless = _Random
