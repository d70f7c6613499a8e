"""A table of phones, the host's side (issue 40): each phone seat's code to scan, its reply taken,
the seat's screen sent after every move, its actions refereed here, and what the table does when a
phone is away (wait, a new code, a bot plays the seat, or it is played on this device).

A part of the game screen (game.py's GameScreen), with its own taps: its ``commands`` (and
``fields``) table, which the screen merges into its own.  The links are the app's (App.phone_tables:
they outlive the screen while the host reads the rules), their checks phone_table.py's."""
from __future__ import annotations

from ..markup import attrs, button, esc
from . import dom, layout
from .phone_table import MAX_FROM_HOST, REFUSED_CLOSE_MS, BadCode, BadMessage, HostTable, encode, same_action, seat_message
from .table import Seat


def refuse_link(link_id: str, why: str):
    """A phone that may not sit at the table is told why, and its link closed a moment later (so the
    words reach it first)."""
    dom.phone_send(link_id, encode({"type": "refused", "why": why}))
    dom.later(REFUSED_CLOSE_MS, lambda: dom.phone_close(link_id))


class Phones:
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.phone_refusals: dict = {}      # seat -> why its phone's last action was refused (told once)
        self.phone_problems: dict = {}      # seat -> why the reply given for it was refused
        self.reply_typed: dict = {}         # seat -> the reply typed or pasted for it so far
        self.phone_shown: int | None = None  # the phone seat the panel shows (None: the next to join)

    # -- the links ----------------------------------------------------------------------------------
    @property
    def phones(self) -> HostTable | None:
        table = self.play.save.table
        if not table.phone_seats or self.embed is not None:
            return None
        return self.app.phone_table(self.play.save.id, table.phone_seats)

    def phones_waiting(self) -> list:
        phones = self.phones
        return [] if phones is None else [seat for seat in phones.seats if phones.status(seat) != "seated"]

    def tell_phones(self):
        """Each seated phone gets its seat's screen when it changed: the view and legal actions the
        engine gives that seat, and nothing else of the game."""
        phones = self.phones
        if phones is None:
            return
        moment, table = self.play.moment, self.play.save.table.to_json()
        for link in phones.seated():
            refused = self.phone_refusals.pop(link.seat, "")
            text = encode(seat_message(table, link.seat, moment.view(link.seat), moment.legal_actions(link.seat), refused))
            if text != link.sent and len(text) <= MAX_FROM_HOST:
                link.sent = text
                dom.phone_send(link.id, text)

    def phone_message(self, link, text: str):
        """What a phone said on its link (App routes it here when this game is on the screen)."""
        phones = self.phones
        if link.state in ("linking", "open"):     # (its first message may come before the page says "open")
            try:
                phones.hello(link.id, text, dom.now())
            except BadMessage as refusal:
                self.refuse_phone(link, str(refusal))
                return
            link.sent = ""
            self.tell_phones()
            self.phones_changed()
            return
        try:
            seat, action = phones.action(link.id, text)
        except BadMessage as refusal:
            self.phone_refused(link.seat, str(refusal))
            return
        if self.app.shown is not self:      # the host reads the rules: the game waits as it is
            self.phone_refused(seat, "The host is reading the rules just now: try again in a moment.")
            return
        self.phone_act(seat, action)

    def phone_act(self, seat: int, action: dict):
        """A seated phone's action, refereed as any person's: only its own seat, only what the engine
        lists as legal for it now; then applied, saved and the table goes on."""
        play = self.play
        legal = [] if play.state.is_over else play.moment.legal_actions(seat)
        if not legal:           # (a move out of turn, Thievery's alarm, is in the list when it may be played)
            self.phone_refused(seat, "It is not your turn: wait for the others.")
            return
        if not any(same_action(action, one) for one in legal):
            self.phone_refused(seat, play.why_not(action, "That is not a choice now.", seat=seat))
            return
        self.person_act(seat, action)

    def phone_refused(self, seat: int, why: str):
        self.phone_refusals[seat] = why
        link = self.phones.links.get(seat) if self.phones is not None else None
        if link is not None:
            link.sent = ""
        self.tell_phones()

    def refuse_phone(self, link, why: str):
        refuse_link(link.id, why)

    def shell_choices(self, scene) -> str:
        return self.phone_lines(scene) + super().shell_choices(scene)

    def can_take_back(self) -> bool:
        """Not at a table of phones: a move taken back would be taken from phones that agreed to nothing."""
        return not self.play.save.table.phone_seats and super().can_take_back()

    def phones_changed(self):
        if self.app.shown is self:
            self.render()

    # -- on the screen ----------------------------------------------------------------------------------
    def phone_lines(self, scene) -> str:
        """The sheet's lines for phones: who the table waits for, and what to do about an away phone."""
        phones = self.phones
        if phones is None or scene.moment in ("over", "handover", "landing"):
            return ""
        names, out = self.play.names, []
        for seat in phones.seats:
            if seat not in self.play.state.to_act:
                continue
            status = phones.status(seat)
            if status == "seated":
                out.append(f'<p class="actions tt-phone-turn" data-testid="phone-turn" data-seat="{seat}">'
                           f'<span>Waiting for {esc(names[seat])}’s phone.</span> '
                           f'{button("Phones", "phones", "btn small", seat=seat)}</p>')
                continue
            gone = "is away" if status == "away" else "has not joined yet"
            out.append(f'<div class="tt-phone-away" data-testid="phone-away" data-seat="{seat}">'
                       f'<p>{esc(names[seat])}’s phone {gone}: the game waits for them.</p><p class="actions">'
                       f'{button("Show the code", "phones", "btn primary small", seat=seat)} '
                       f'{button("A bot plays it", "phone-to-bot", "btn small", seat=seat)} '
                       f'{button("Play it here", "phone-here", "btn small", seat=seat)}</p></div>')
        return "".join(out)

    def phone_seat_shown(self) -> int:
        """The phone seat the panel shows: the one chosen, else the first still to be seated."""
        phones = self.phones
        if self.phone_shown in phones.seats:
            return self.phone_shown
        return next((seat for seat in phones.seats if phones.status(seat) != "seated"), phones.seats[0])

    def phones_panel(self) -> str:
        """One phone seat at a time (a tab for each, with how it stands): its code as a QR code and as
        text, and the phone's reply to take; or that it is seated."""
        phones, names = self.phones, self.play.names
        shown = self.phone_seat_shown()
        marks = {"seated": "seated", "away": "away", "waiting": "to join"}
        tabs = "".join(button(f'{esc(names[seat])} <span class="tt-phone-mark">{marks[phones.status(seat)]}</span>',
                              "phone-seat", "seg" + (" on" if seat == shown else ""), seat=seat)
                       for seat in phones.seats)
        link, status = phones.links.get(shown), phones.status(shown)
        renew = "" if status == "seated" else button("New code", "phone-new-code", "btn small", seat=shown)
        body = [f'<div class="tt-phone-top"><p class="segmented tt-phone-tabs" role="group" aria-label="Phone seats">{tabs}</p>'
                f'{renew}</div>']
        name = esc(names[shown])
        if status == "seated":
            body.append(f'<p data-testid="phone-seated" data-seat="{shown}">{name}’s phone is seated: it plays '
                        f'seat {shown + 1} and shows only its own cards.</p>')
        elif link is not None and link.offer and not link.token:       # gone quiet: back by itself?
            body.append(f'<p data-testid="phone-quiet" data-seat="{shown}">{name}’s phone went quiet. It may come '
                        'back by itself; if not, tap New code for it.</p>')
        else:
            code = link.code if link is not None else ""
            problem = self.phone_problems.get(shown, "")
            away = "It went away: scan again to bring it back. " if status == "away" else ""
            if not code:
                body.append(f'<p class="muted" data-testid="phone-making" data-seat="{shown}">Making the code…</p>')
                return layout.overlay("Phones at this table", "".join(body), "phones")
            picture = f'<div class="qr" data-qr="{esc(code)}" data-qr-label="QR code for {name}’s phone"></div>'
            body.append(
                f'<div class="tt-phone-show">{picture}<div class="tt-phone-steps">'
                f'<p class="tt-phone-say">{esc(away)}On {name}’s phone: <strong>Join a table</strong>, then scan this '
                f'(or paste the code).</p><p class="tt-code-line"><input{attrs(type="text", readonly=True, value=code, aria_label="The code as text", data_testid="phone-code", data_seat=shown, data_code=code)}>'
                f'{button("Copy", "phone-copy", "btn small", seat=shown, aria_label="Copy the code")}</p>'
                f'<label class="field">Then the phone’s reply<input{attrs(type="text", data_field="reply-code", data_seat=shown, value=self.reply_typed.get(shown, ""), autocomplete="off", spellcheck="false", aria_invalid="true" if problem else None)}></label>'
                + (f'<p class="field-error" role="alert">{esc(problem)}</p>' if problem else "")
                + f'<p class="actions">{button("Take the reply", "reply-paste", "btn primary", seat=shown)} '
                f'{button("Scan the reply", "reply-scan", "btn", seat=shown)}</p></div></div>')
        return layout.overlay("Phones at this table", "".join(body), "phones")

    # -- taps -----------------------------------------------------------------------------------------
    def show_phones(self, data):
        self.overlay = "phones"
        self.phone_shown = int(data["seat"]) if "seat" in data else None
        self.render()

    def show_phone_seat(self, data):
        self.phone_shown = int(data["seat"])
        self.render()

    def new_phone_code(self, data):
        self.app.new_phone_code(self.play.save.id, int(data["seat"]))
        self.phone_problem(int(data["seat"]), "")
        self.render()

    def phone_problem(self, seat: int, text: str):
        self.phone_problems[seat] = text

    def take_reply(self, data):
        seat = int(data["seat"])
        self.reply_from(seat, self.reply_typed.get(seat, ""))

    def reply_from(self, seat: int, text: str):
        try:
            link = self.phones.reply(seat, text, dom.now())
        except BadCode as refusal:
            self.phone_problem(seat, str(refusal))
            self.render()
            return
        self.phone_problem(seat, "")
        self.reply_typed.pop(seat, None)
        self.phone_shown = seat         # it says "seated" here once the phone is; the tabs show who is next
        dom.phone_accept(link.id, link.answer)
        self.render()

    def scan_reply(self, data):
        dom.scan_code(f"reply-code:{int(data['seat'])}")

    def copy_phone_code(self, data):
        link = self.phones.links.get(int(data["seat"]))
        if link is not None and link.code:
            dom.copy_text(link.code)

    def type_reply(self, data, value: str):
        self.reply_typed[int(data["seat"])] = str(value)

    def hand_phone_seat(self, seat: int, to: Seat):
        """An away phone's seat goes to a bot or to this device: the table changes, the save keeps it."""
        play = self.play
        if seat not in play.save.table.phone_seats:
            return
        link = self.phones.links.get(seat)
        if link is not None:
            self.refuse_phone(link, "The host has given your seat to someone else.")
        play.save.table.seats[seat] = to
        play.conductor = type(play.conductor)(play.save.table, play.conductor.shows_secrets)
        self.app.forget_phone_seat(play.save.id, seat)
        if self.saved(None, {"type": "table"}):
            self.advance()

    def phone_to_bot(self, data):
        self.hand_phone_seat(int(data["seat"]), Seat(bot="sharp"))

    def phone_here(self, data):
        seat = int(data["seat"])
        self.hand_phone_seat(seat, Seat(people=list(self.play.save.table.seats[seat].people)))

    commands = {"phones": show_phones, "phone-seat": show_phone_seat, "phone-new-code": new_phone_code, "reply-paste": take_reply,
                "reply-scan": scan_reply, "phone-copy": copy_phone_code, "phone-to-bot": phone_to_bot,
                "phone-here": phone_here}
    fields = {"reply-code": type_reply}

