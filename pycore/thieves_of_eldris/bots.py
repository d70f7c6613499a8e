"""placeholder"""
import random


class Novice:
    level = "novice"

    def choose(self, view, legal, rng):
        return rng.choice(legal)


BOTS = {"novice": Novice(), "sharp": Novice(), "ruthless": Novice()}
