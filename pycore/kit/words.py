"""Helpers for the sentences a game's ``words.py`` writes for its events.

>>> ordinal(1), ordinal(12), ordinal(23)
('1st', '12th', '23rd')
>>> join_names(["Ann", "Bo", "Cy"])
'Ann, Bo and Cy'
>>> reader = Reader(["Ann", "Bo"], viewer=1)
>>> reader.who(0), reader.who(1), reader.Who(1), reader.whose(0), reader.whose(1)
('Ann', 'you', 'You', "Ann's", 'your')
>>> reader.winners([1])
'You win!'
>>> guard_words(400)
'The table stops the game after round 400 as a draw: no real game runs this long.'
"""
from __future__ import annotations


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def counted(count: int, word: str, plural: str = "") -> str:
    """A count and its noun, singular for one: ``counted(1, "diamond")`` -> "1 diamond".

    >>> counted(1, "diamond"), counted(12, "diamond"), counted(0, "card"), counted(2, "thief", "thieves")
    ('1 diamond', '12 diamonds', '0 cards', '2 thieves')
    """
    return f"{count} {word if count == 1 else plural or word + 's'}"


def join_names(names: list) -> str:
    names = [str(n) for n in names]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def guard_words(rounds: int) -> str:
    """The sentence for a game its engine's guard stopped (RULINGS, common: "it ends the game as a
    draw, said as such"): the "over" event of reason "guard"."""
    return f"The table stops the game after round {rounds} as a draw: no real game runs this long."


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class Reader:
    """Names seats as one reader sees them: their own seat is "you" (viewer None: nobody's)."""

    __slots__ = ("names", "viewer")

    def __init__(self, names: list, viewer=None):
        self.names, self.viewer = names, viewer

    def who(self, seat) -> str:
        return "you" if seat == self.viewer else self.names[seat]

    def Who(self, seat) -> str:   # noqa: N802 - the capitalised "who", to start a sentence
        return capital(self.who(seat))

    def whose(self, seat) -> str:
        return "your" if seat == self.viewer else f"{self.names[seat]}'s"

    def winners(self, seats: list) -> str:
        """'Ann and you win!' / 'Ann wins!'"""
        names = join_names([self.Who(s) if i == 0 else self.who(s) for i, s in enumerate(seats)])
        return f"{names} {'wins' if len(seats) == 1 and seats[0] != self.viewer else 'win'}!"
