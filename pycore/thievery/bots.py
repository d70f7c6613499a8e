"""Placeholder."""
class _Random:
    def choose(self, view, legal, rng):
        mine = [a for a in legal if a["type"] != "take_over"]
        return rng.choice(mine or legal)
BOTS = {"novice": _Random(), "sharp": _Random(), "ruthless": _Random()}
