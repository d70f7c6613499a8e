"""A table of phones, the app's part (issue 40): the host's links of each game (kept while the host
reads the rules or goes home, so the phones stay seated), this phone's joining (#/join), and the
page's events about links and scans, each handed to the screen it belongs to.  A part of App."""
from __future__ import annotations

from . import dom
from .join_screen import JOIN_FIELD, JoinScreen
from .game_phones import refuse_link
from .phone_table import HostTable

EVENTS = ("phone-offer", "phone-answer", "phone-open", "phone-message", "phone-away", "phone-closed",
          "phone-error", "scanned", "scan-cancelled", "scan-failed")


class PhoneLinks:
    def listen_to_phones(self):
        self.phone_tables: dict = {}        # save id -> HostTable: the host's links of each game
        self.joining: JoinScreen | None = None
        for kind in EVENTS:
            dom.on(kind, lambda detail, kind=kind: self.on_phone(kind, detail))

    # -- the host's links -------------------------------------------------------------------------------
    def phone_table(self, save_id: str, seats: list) -> HostTable:
        """The links of a game's phone seats, made (each seat's first code asked of the page) at first use."""
        table = self.phone_tables.get(save_id)
        if table is None:
            table = self.phone_tables[save_id] = HostTable(list(seats), prefix=f"h{len(self.phone_tables) + 1}s")
            for seat in seats:
                self.new_phone_code(save_id, seat)
        return table

    def new_phone_code(self, save_id: str, seat: int):
        link, old = self.phone_tables[save_id].new_code(seat, dom.now())
        if old is not None:
            dom.phone_close(old.id)
        dom.phone_host(link.id)

    def forget_phone_seat(self, save_id: str, seat: int):
        table = self.phone_tables.get(save_id)
        if table is not None and seat in table.seats:
            link = table.links.pop(seat, None)
            if link is not None:
                dom.phone_close(link.id)
            table.seats.remove(seat)

    def hosting(self, link_id: str):
        """(save id, HostTable, Link) of a host's link, or None."""
        for save_id, table in self.phone_tables.items():
            link = table.by_id(link_id)
            if link is not None:
                return save_id, table, link
        return None

    # -- the page's events --------------------------------------------------------------------------------
    def on_phone_event(self, kind: str, detail: dict):
        if kind in ("scanned", "scan-cancelled", "scan-failed"):
            self.on_scan(kind, detail)
            return
        link_id = str(detail.get("link") or "")
        joining = self.joining
        if joining is not None and link_id and link_id == joining.link:
            self.on_joining_link(joining, kind, detail)
            return
        hosted = self.hosting(link_id)
        if hosted is None:
            if kind in ("phone-open", "phone-message"):
                dom.phone_close(link_id)        # a link nobody here knows of any more
            return
        save_id, table, link = hosted
        # The game these links are for, open (on the screen, or waiting behind its rules), or None.
        game = self.played if self.played is not None and self.played.play.save.id == save_id else None
        if kind == "phone-offer":
            table.offer_made(link_id, str(detail.get("sdp") or ""))
        elif kind == "phone-open":
            table.opened(link_id)
        elif kind in ("phone-away", "phone-closed"):
            table.lost(link_id, "away" if kind == "phone-away" else "closed")
            if link.state == "closed" and table.links.get(link.seat) is link:
                self.new_phone_code(save_id, link.seat)     # a closed link never opens again: a new code
        elif kind == "phone-error" and game is not None:
            game.phone_problem(link.seat, str(detail.get("message") or "The link failed."))
        elif kind == "phone-message":
            if game is None:
                refuse_link(link_id, "The host has put the game away: ask them to open it, then join again.")
                table.lost(link_id, "closed")
            else:
                game.phone_message(link, str(detail.get("text") or ""))
            return
        if game is not None:
            game.phones_changed()

    def on_joining_link(self, joining: JoinScreen, kind: str, detail: dict):
        if kind == "phone-answer":
            joining.answered(str(detail.get("sdp") or ""))
        elif kind == "phone-open":
            joining.opened()
        elif kind == "phone-message":
            joining.message(str(detail.get("text") or ""))
        elif kind == "phone-closed":
            joining.lost()
        elif kind == "phone-error":
            joining.failed(str(detail.get("message") or "The link failed."))

    def on_scan(self, kind: str, detail: dict):
        field = str(detail.get("field") or "")
        if field == JOIN_FIELD and self.joining is not None:
            if kind == "scanned":
                self.joining.scanned(str(detail.get("text") or ""))
            elif kind == "scan-failed":
                self.joining.failed(str(detail.get("message") or "The camera could not scan."))
            return
        if field.startswith("reply-code:") and self.played_on_screen is not None:
            seat = int(field.split(":", 1)[1])
            if kind == "scanned":
                self.played_on_screen.reply_from(seat, str(detail.get("text") or ""))
            elif kind == "scan-failed":
                self.played_on_screen.phone_problem(seat, str(detail.get("message") or "The camera could not scan."))
                self.played_on_screen.render()

    # -- #/join ------------------------------------------------------------------------------------------
    def show_joining(self):
        if self.joining is None:
            self.joining = JoinScreen(self)
        self.show_page(self.joining)
