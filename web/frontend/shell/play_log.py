"""The log of a game in progress as the screen reads it (a part of play.Play): the public log, the
recap of what happened since a seat last acted, the log's lines for the seat on screen (less what
the board holds back until a tap), and the news strip's one line.  Pure Python."""
from __future__ import annotations

RECAP_LINES = 4     # a hand-over's recap: the latest lines (the log keeps every one)
NEWS_EVENTS = 12    # the strip tells the latest of the last few public events


class PlayLog:
    def public_log(self) -> list:
        return self.public_view()["log"]

    def has_acted(self, seat: int) -> bool:
        return seat in self.seen

    def recap(self, seat: int) -> list:
        """What happened since ``seat`` last acted (from the start if it has not), briefly, in public
        words, as the board's ``recap`` groups it; the latest lines."""
        events = self.public_log()[self.seen.get(seat, 0):]
        if not events:
            return []
        lines = self.board.recap(events, self.names, seat)
        if len(lines) > RECAP_LINES:
            earlier = len(lines) - RECAP_LINES + 1
            lines = [f"… and {earlier} earlier {'lines' if earlier > 1 else 'line'} in the log"] + lines[-RECAP_LINES + 1:]
        return lines

    def log_lines(self, latest: int | None = None) -> list:
        """The log as the screen's viewer may read it (the public one between people): all of it, or
        the ``latest`` lines; never what the board still holds back until a tap (Eldris' roll)."""
        view = self.view()
        lines = self.described_log(view)
        held = self.held_back(view)
        lines = lines[:len(lines) - held]
        return lines if latest is None else lines[-latest:]

    def held_back(self, view: dict) -> int:
        """How many of the latest entries of ``view``'s log the board keeps off the screen until the
        person taps for them (the board's ``held_back``: a roll shown only on "Roll")."""
        return self.board.held_back(view, self.draft)

    def described_log(self, view: dict) -> list:
        """Every event of ``view``'s log in words for its seat; the events described for the last
        screen are not described again while the log only grew after them."""
        seat, names, events = view["seat"], self.names, view["log"]
        kept_seat, kept_names, kept_events, kept_lines = self._described
        known = len(kept_events)
        if not (kept_seat == seat and kept_names == names and known <= len(events) and events[:known] == kept_events):
            known, kept_lines = 0, []
        describe = self.state.game.describe
        lines = kept_lines + [describe(event, names, seat) for event in events[known:]]
        self._described = (seat, names, list(events), lines)
        return lines

    def news(self) -> str:
        """The strip's one line: the latest thing that happened, in public words as the person on
        screen reads them (the board's recap of the last few events: whose turn it is goes without
        saying)."""
        events = self.public_log()[-NEWS_EVENTS:]
        lines = self.board.recap(events, self.names, self.viewer)
        return lines[-1] if lines else ""
