"""What a seat remembers of the cabinet: the public log replayed into a cabinet of its own.

Everything that goes into or out of a drawer, every turn and every flip is a public event, so a
perfect memory knows every half of every compartment.  A weaker memory forgets: halves it has not
seen for ``window`` events, and (with ``forget_turns``) every drawer of a tier that was turned
since.  What it does not know it estimates from what must still be in the cabinet.

>>> import pycore
>>> state = pycore.GAMES["master-thieves"].new_game(seats=3, seed=4)
>>> memory = Memory(state.view(0)["log"])
>>> memory.cabinet.slots == state.cabinet.slots and memory.unknown_value == 0
True
"""
from __future__ import annotations

from .cabinet import KINDS, Cabinet, no_stones, stones_count, stones_value


class Memory:
    """A replayed cabinet plus when each half was last known (``known[(drawer, compartment,
    half)] = event index``)."""

    def __init__(self, log: list, window: int | None = None, forget_turns: bool = False):
        self.cabinet = Cabinet()
        self.window, self.forget_turns = window, forget_turns
        self.known = {(drawer.number, name, half): 0 for drawer in self.cabinet.drawers
                      for name in drawer.halves for half in (0, 1)}
        self.index = 0
        self.last_open = None           # (place, full) of the drawer opened last
        for event in log:
            self.index += 1
            learn = LEARN.get(event["type"])
            if learn:
                learn(self, event)
        self._estimate()

    # -- what is known ------------------------------------------------------------------------------
    def is_known(self, number, compartment, half) -> bool:
        when = self.known.get((number, compartment, half))
        return when is not None and (self.window is None or self.index - when <= self.window)

    def _estimate(self):
        """The average value of a half it does not know: what the cabinet holds beyond what it knows."""
        unknown_halves, known_value, total = 0, 0, 0
        for drawer in self.cabinet.drawers:
            for name, pair in drawer.halves.items():
                for half in (0, 1):
                    total += stones_value(pair[half])
                    if self.is_known(drawer.number, name, half):
                        known_value += stones_value(pair[half])
                    else:
                        unknown_halves += 1
        self.unknown_value = total - known_value
        self.average = self.unknown_value / unknown_halves if unknown_halves else 0.0

    def value(self, place, compartment: str, downward: bool) -> float:
        """The value believed to lie in one half of the drawer seen at ``place``."""
        drawer = self.cabinet.at(place)
        if compartment not in drawer.halves:
            return 0.0
        half = 1 - self.cabinet.up if downward else self.cabinet.up
        if self.is_known(drawer.number, compartment, half):
            return float(stones_value(drawer.halves[compartment][half]))
        return self.average

    def sure_empty(self, place, compartment: str, downward: bool) -> bool:
        drawer = self.cabinet.at(place)
        if compartment not in drawer.halves:
            return True
        half = 1 - self.cabinet.up if downward else self.cabinet.up
        return (self.is_known(drawer.number, compartment, half)
                and not stones_count(drawer.halves[compartment][half]))

    # -- learning from the log --------------------------------------------------------------------
    def _mark(self, place, compartment, downward):
        drawer = self.cabinet.at(place)
        half = 1 - self.cabinet.up if downward else self.cabinet.up
        if self.window is None and not self.forget_turns:
            return   # a perfect memory knows every half all along
        self.known[(drawer.number, compartment, half)] = self.index

    def _set(self, place, compartment, downward, stones):
        drawer = self.cabinet.at(place)
        half = 1 - self.cabinet.up if downward else self.cabinet.up
        drawer.halves[compartment][half] = {kind: stones[kind] for kind in KINDS}
        self._mark(place, compartment, downward)

    def _put(self, event, compartment, kind):
        place = (event["tier"], event["side"])
        self.cabinet.put(place, compartment, kind)

    def _turn(self, event):
        self.cabinet.turn(event["tier"], event["quarters"])
        if self.forget_turns:
            for number in self.cabinet.slots[event["tier"]]:
                for key in [key for key in self.known if key[0] == number]:
                    del self.known[key]

    def _open(self, event):
        place = (event["tier"], event["side"])
        drawer = self.cabinet.at(place)
        self.last_open = (place, event["full"])
        for compartment in ("normal", "secret") if event["full"] else ("normal",):
            self._set(place, compartment, True, no_stones())
        if event["alarm"] is not None:
            drawer.alarm = None
        self._set(place, "normal", False, event["seen"])
        if event["secret_seen"] is not None:
            self._set(place, "secret", False, event["secret_seen"])

    def _emptied(self, event):
        place, full = self.last_open
        self._set(place, "normal", False, no_stones())
        if full:
            self._set(place, "secret", False, no_stones())

    def _alarm(self, event):
        self.cabinet.at((event["tier"], event["side"])).alarm = (self.cabinet.up, event["by"])

    def token_down(self, place) -> int | None:
        """The owner of an alarm token lying in the downward half of that drawer, else None."""
        alarm = self.cabinet.at(place).alarm
        return alarm[1] if alarm is not None and alarm[0] != self.cabinet.up else None

    def has_token(self, place) -> bool:
        return self.cabinet.at(place).alarm is not None


LEARN = {
    "ruby": lambda memory, event: memory._put(event, "secret", "ruby"),
    "hide": lambda memory, event: memory._put(event, "normal", "diamond"),
    "place_fake": lambda memory, event: memory._put(event, "normal", event["stone"]),
    "turn": Memory._turn,
    "flip": lambda memory, event: memory.cabinet.flip(),
    "open": Memory._open,
    "smuggle": Memory._emptied,
    "take": Memory._emptied,
    "alarm": Memory._alarm,
}
