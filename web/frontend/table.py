"""Who sits where, and whose turn it is on the screen: pure Python, no browser.

The engine knows seats; the table knows who plays them: one person, two people sharing a seat (where
the game allows it), or a bot.  The Conductor decides, from the engine state and the table, what the
screen does next: let a bot move, show a hand-over cover, or hand the screen to a person.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .markup import join_names

BOT_LEVELS = {"novice": "Novice", "sharp": "Sharp", "ruthless": "Ruthless"}
# Bots get thieves' names (by level, so the initial tells the level) to tell them apart in the log:
# 32 a level, as many as the largest table has seats, so no two bots ever share a name.
BOT_NAMES = {"novice": ["Nell", "Nat", "Nico", "Noor", "Nye", "Nib", "Nan", "Noll", "Ned", "Nina", "Nestor",
                        "Nova", "Nash", "Nia", "Noah", "Nora", "Nils", "Nadia", "Nigel", "Nessa", "Neil", "Nomi",
                        "Nox", "Nuala", "Nate", "Nerys", "Nolan", "Naomi", "Nyx", "Nika", "Niall", "Nettie"],
             "sharp": ["Sly", "Sid", "Sable", "Shay", "Soot", "Sage", "Sven", "Suki", "Sam", "Sera", "Silas",
                       "Skye", "Sol", "Sasha", "Saul", "Stella", "Sybil", "Seth", "Sorrel", "Stan", "Sunny", "Selma",
                       "Scout", "Sully", "Sina", "Sparrow", "Saffron", "Stig", "Sonja", "Sefton", "Shale", "Silk"],
             "ruthless": ["Rook", "Raven", "Rue", "Rask", "Rift", "Reeve", "Rollo", "Rhea", "Rex", "Rosa", "Rufus",
                          "Rina", "Ruck", "Remy", "Roan", "Ripley", "Rune", "Reva", "Rowan", "Rudd", "Roxy", "Ravel",
                          "Rae", "Rigg", "Ronan", "Ruby", "Rasmus", "Risa", "Ryder", "Rhoda", "Rand", "Rusk"]}
NAME_MAX = 20


def check_name(raw) -> str:
    """A person's name, trimmed; raises ValueError saying why when it is not 1-20 characters."""
    name = " ".join(str(raw or "").split())
    if not name:
        raise ValueError("A name needs at least one character.")
    if len(name) > NAME_MAX:
        raise ValueError(f"“{name[:NAME_MAX]}…” is {len(name)} characters; a name can have at most {NAME_MAX}.")
    return name


@dataclass
class Seat:
    people: list = field(default_factory=list)   # names; two at most share a seat
    bot: str | None = None                       # a bot level when nobody plays this seat

    @property
    def label(self) -> str:
        if self.bot:
            return f"{BOT_LEVELS[self.bot]} bot"
        return " & ".join(self.people)

    def to_json(self) -> dict:
        return {"people": list(self.people), "bot": self.bot}

    @classmethod
    def from_json(cls, data: dict) -> "Seat":
        people = [check_name(name) for name in data.get("people", [])]
        bot = data.get("bot")
        if bot is not None and bot not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {bot!r}")
        if bool(people) == bool(bot) or len(people) > 2:
            raise ValueError("a seat is one or two people, or a bot")
        return cls(people, bot)


@dataclass
class Table:
    seats: list                         # one Seat per engine seat

    @property
    def person_seats(self) -> list:
        return [i for i, seat in enumerate(self.seats) if not seat.bot]

    @property
    def hot_seat(self) -> bool:
        """Several seats with secrets share the device: hand-overs need a cover."""
        return len(self.person_seats) >= 2

    def label(self, seat: int) -> str:
        return self.names()[seat]

    def names(self) -> list:
        """What the screen calls each seat: its people, or a bot's thief name (never a person's)."""
        taken = {name.casefold() for seat in self.seats for name in seat.people}
        pools = {level: iter([name for name in pool if name.casefold() not in taken]) for level, pool in BOT_NAMES.items()}
        return [next(pools[seat.bot]) if seat.bot else seat.label for seat in self.seats]

    def kind(self, seat: int) -> str:
        """'Sharp bot', or '' for people."""
        bot = self.seats[seat].bot
        return f"{BOT_LEVELS[bot]} bot" if bot else ""

    def bots(self) -> list:
        return [i for i, seat in enumerate(self.seats) if seat.bot]

    def to_json(self) -> list:
        return [seat.to_json() for seat in self.seats]

    @classmethod
    def from_json(cls, data) -> "Table":
        return cls([Seat.from_json(seat) for seat in data])


@dataclass
class Step:
    kind: str            # "bot" | "cover" | "person" | "over"
    seat: int | None = None


class Conductor:
    """Keeps track of whose secrets are on the screen (the viewer) and what happens next."""

    def __init__(self, table: Table):
        self.table = table
        self.viewer: int | None = None if table.hot_seat or not table.person_seats else table.person_seats[0]

    def next_step(self, state) -> Step:
        if state.is_over:
            return Step("over")
        acting = list(state.to_act)
        bots = [seat for seat in acting if self.table.seats[seat].bot]
        if bots:
            if self.table.hot_seat:
                self.viewer = None      # nobody's secrets stay on the screen while bots play
            return Step("bot", bots[0])
        if self.viewer in acting:
            return Step("person", self.viewer)
        seat = acting[0]
        if self.table.hot_seat:
            self.viewer = None
            return Step("cover", seat)
        self.viewer = seat
        return Step("person", seat)

    def uncover(self, seat: int):
        """The named person has the device and tapped: their secrets may show."""
        self.viewer = seat

    def cover_text(self, seat: int) -> str:
        seat_ = self.table.seats[seat]
        who = join_names(seat_.people) if len(seat_.people) < 2 else " or ".join(seat_.people)
        only = seat_.people[0] if len(seat_.people) == 1 else " & ".join(seat_.people)
        return who, only
