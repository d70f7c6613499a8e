"""Who sits where, and whose turn it is on the screen: pure Python, no browser.

The engine knows seats; the table knows who plays them: one person, two people sharing a seat (where
the game allows it), or a bot.  The Conductor decides, from the engine state and the table, what the
screen does next: let a bot move, show a hand-over cover, or hand the screen to a person.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

import pycore

from ..markup import join_names

BOT_LEVELS = {level: level.capitalize() for level in pycore.BOT_LEVELS}     # the engine's levels, as shown
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
MARKS_PER_LETTER = 4     # accents stacked on one letter beyond this are a smear, not a name

# Invisible letters (Hangul fillers, the braille blank, ...): allowed inside a name, never alone.
_BLANKS = {0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x034F}
_ZWJ, _BLACK_FLAG = 0x200D, 0x1F3F4


def _joins(code: int) -> bool:
    """Code points that belong to the character before them (as a person sees it)."""
    return (unicodedata.category(chr(code)) in ("Mn", "Me", "Mc")
            or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF     # variation selectors
            or 0x1F3FB <= code <= 0x1F3FF                                   # skin tones
            or 0xE0020 <= code <= 0xE007F)                                  # flag tags


def _format_problem(name: str) -> str | None:
    """Why a name holds characters that change how text around it reads, or None."""
    codes = [ord(c) for c in name]
    for i, code in enumerate(codes):
        category = unicodedata.category(chr(code))
        if category not in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp"):
            continue
        # Emoji glue is fine: a joiner between two symbols (👩‍🚒), tags after a black flag (🏴 Scotland).
        if code == _ZWJ and 0 < i < len(codes) - 1 and _is_symbol(codes[i - 1]) and _is_symbol(codes[i + 1]):
            continue
        if 0xE0020 <= code <= 0xE007F and i and (codes[i - 1] == _BLACK_FLAG or 0xE0020 <= codes[i - 1] <= 0xE007F):
            continue
        return (f"A name cannot hold the invisible character U+{code:04X} "
                "(it hides or reverses text): please type the name again.")
    return None


def _is_symbol(code: int) -> bool:
    return unicodedata.category(chr(code)) == "So" or _joins(code)


def visible_length(name: str) -> int:
    """Characters as a person counts them: 👩‍👩‍👧, é written as e + accent, a flag: one each."""
    count, after_joiner, pending_flag = 0, False, False
    for char in name:
        code = ord(char)
        if code == _ZWJ:
            after_joiner = True
            continue
        if _joins(code) or after_joiner:
            after_joiner = False
            continue
        if 0x1F1E6 <= code <= 0x1F1FF:          # regional indicators pair up into one flag
            pending_flag = not pending_flag
            if not pending_flag:
                continue
        else:
            pending_flag = False
        count += 1
    return count


def _stacked_marks(name: str) -> bool:
    run = 0
    for char in name:
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        if run > MARKS_PER_LETTER:
            return True
    return False


def _first_characters(name: str, count: int) -> str:
    shown = ""
    for char in name[:count * 16]:
        if visible_length(shown + char) > count:
            break
        shown += char
    return shown


def name_key(name: str) -> str:
    """What two names are compared by: "José" typed either way, "ANA" and "ana" are one person."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def check_name(raw) -> str:
    """A person's name, trimmed and in one Unicode form; raises ValueError saying why when it is not
    1-20 visible characters of ordinary text."""
    name = unicodedata.normalize("NFC", " ".join(str(raw or "").split()))
    if not name:
        raise ValueError("A name needs at least one character.")
    problem = _format_problem(name)
    if problem:
        raise ValueError(problem)
    if not any(unicodedata.category(c)[0] in "LNPS" and ord(c) not in _BLANKS for c in name):
        raise ValueError("A name needs at least one visible character.")
    if _stacked_marks(name):
        raise ValueError(f"A name can stack at most {MARKS_PER_LETTER} accents on one letter.")
    length = visible_length(name)
    if length > NAME_MAX:
        shown = _first_characters(name, NAME_MAX)
        raise ValueError(f"“{shown}…” is {length} characters; a name can have at most {NAME_MAX}.")
    return name


@dataclass
class Seat:
    people: list = field(default_factory=list)   # names; two at most share a seat
    bot: str | None = None                       # a bot level when nobody plays this seat
    phone: bool = False                          # its person plays on a phone of their own (issue 40)

    @property
    def label(self) -> str:
        if self.bot:
            return f"{BOT_LEVELS[self.bot]} bot"
        return " & ".join(self.people)

    def to_json(self) -> dict:
        return {"people": list(self.people), "bot": self.bot, **({"phone": True} if self.phone else {})}

    @classmethod
    def from_json(cls, data: dict) -> "Seat":
        people = [check_name(name) for name in data.get("people", [])]
        bot = data.get("bot")
        if bot is not None and bot not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {bot!r}")
        if bool(people) == bool(bot) or len(people) > 2:
            raise ValueError("a seat is one or two people, or a bot")
        phone = data.get("phone", False)
        if phone not in (True, False) or (phone and len(people) != 1):
            raise ValueError("a phone's seat is one person")
        return cls(people, bot, phone)


@dataclass
class Table:
    seats: list                         # one Seat per engine seat

    @property
    def person_seats(self) -> list:
        """Seats played by people holding this device (a phone's person holds their own)."""
        return [i for i, seat in enumerate(self.seats) if not seat.bot and not seat.phone]

    @property
    def phone_seats(self) -> list:
        return [i for i, seat in enumerate(self.seats) if seat.phone]

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
    kind: str            # "bot" | "cover" | "person" | "phone" (the table waits for it) | "over"
    seat: int | None = None


class Conductor:
    """Keeps track of whose secrets are on the screen (the viewer) and what happens next.

    ``shows_secrets(view, public_view)`` is the board's (see frontend.boards): in hot-seat a cover
    comes only before a screen that shows what the others may not see; elsewhere the device just
    passes on."""

    def __init__(self, table: Table, shows_secrets):
        self.table = table
        self.shows_secrets = shows_secrets
        self.viewer: int | None = None if table.hot_seat or not table.person_seats else table.person_seats[0]
        # Whether the viewer's screen showed secrets when last drawn: one that turns secret while the
        # table looks on (a new round's secret choice) is covered even though nobody passes the device.
        self.secret_on_screen = False

    def secret_for(self, state, seat: int) -> bool:
        return bool(self.shows_secrets(state.view(seat), state.view(None)))

    def next_step(self, state) -> Step:
        """What comes next from ``state``: an engine State, or the Play's Moment of it (which builds
        each view once for everything that reads the moment)."""
        if state.is_over:
            if self.table.hot_seat:
                self.viewer = None      # the end speaks to the whole table
            return Step("over")
        acting = list(state.to_act)
        bots = [seat for seat in acting if self.table.seats[seat].bot]
        if bots:
            if self.table.hot_seat:
                self.viewer = None      # nobody's secrets stay on the screen while bots play
            return Step("bot", bots[0])
        phones = [seat for seat in acting if self.table.seats[seat].phone]
        acting = [seat for seat in acting if seat not in phones]
        if not acting:                  # only phones choose now: this device waits for them
            if self.table.hot_seat:
                self.viewer = None
            return Step("phone", phones[0])
        if self.viewer in acting:
            secret = self.secret_for(state, self.viewer)
            if self.table.hot_seat and secret and not self.secret_on_screen:
                seat, self.viewer = self.viewer, None
                return Step("cover", seat)
            self.secret_on_screen = secret
            return Step("person", self.viewer)
        seat = acting[0]
        if self.table.hot_seat and self.secret_for(state, seat):
            self.viewer = None
            return Step("cover", seat)
        self.viewer = seat              # nothing secret on their screen: the device just passes on
        self.secret_on_screen = False
        return Step("person", seat)

    def uncover(self, seat: int):
        """The named person has the device and tapped: their secrets may show."""
        self.viewer = seat
        self.secret_on_screen = True

    def cover_text(self, seat: int) -> str:
        seat_ = self.table.seats[seat]
        who = join_names(seat_.people) if len(seat_.people) < 2 else " or ".join(seat_.people)
        only = seat_.people[0] if len(seat_.people) == 1 else " & ".join(seat_.people)
        return who, only
