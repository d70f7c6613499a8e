"""#/join: this phone joins a table hosted on another (issue 40).  The host's code is scanned or pasted,
the phone shows its reply for the host to scan, the link opens, and from then on the screen is the
seat's play screen (phone_guest.py), drawn from what the host sends.  The phone keeps nothing."""
from __future__ import annotations

from ..boards import BOARDS
from ..markup import attrs, button, esc
from . import dom
from .game import NEXT_THING
from .phone_guest import PhoneView
from .phone_table import (MAX_FROM_HOST, BadCode, BadMessage, encode, read_host_code, read_message,
                          read_seat_message, reply_code)

JOIN_FIELD = "join-code"
SEATING_MS = 8000           # linked, a phone waits this long for the host to seat it


class JoinScreen:
    """One joining at a time: entering the code, the reply shown, linked, playing, or lost."""
    keeps_nothing = True        # no copy of it for a relaunch (last_screen.py)

    def __init__(self, app):
        self.app = app
        self.stage = "enter"        # enter · answering · reply · linked · playing · lost
        self.typed = ""
        self.problem = ""
        self.link = ""              # the page's name for this phone's link
        self.token = ""
        self.seat: int | None = None
        self.reply = ""
        self.view: PhoneView | None = None
        self.joins = 0

    # -- the screen -------------------------------------------------------------------------------
    def render(self):
        if self.stage == "playing" and self.view is not None:
            view = self.view
            dom.render(view.html())
            dom.playing(True)
            dom.animate(view.play.motion())
            dom.announce()
            if view.hint:
                dom.mark_hint(view.hint["action"])
            dom.settle(NEXT_THING)
            return
        dom.playing(False)
        dom.render(self.page())

    def page(self) -> str:
        problem = f'<p class="field-error" role="alert" data-testid="join-problem">{esc(self.problem)}</p>' if self.problem else ""
        out = ['<section class="panel join" data-testid="join"><h2>Join a table</h2>']
        if self.stage in ("enter", "lost"):
            if self.stage == "lost":
                out.append('<p data-testid="join-lost">The link to the host’s phone is lost. Ask the host for a new '
                           'code (menu → Phones at this table → New code), then scan it.</p>')
            out.append('<div class="tt-join-ways"><div><p>Scan the code the host’s phone shows for your seat '
                       '(both phones on one Wi-Fi or hotspot; no internet needed).</p>'
                       f'<p class="actions">{button("Scan the code", "join-scan", "btn primary big")}</p></div>'
                       f'<div><label class="field">Or paste the host’s code<input{attrs(type="text", data_field=JOIN_FIELD, value=self.typed, autocomplete="off", spellcheck="false", aria_invalid="true" if self.problem else None)}></label>'
                       f'{problem}<p class="actions">{button("Join with this code", "join-paste", "btn")} '
                       '<a class="btn" href="#/">Home</a></p></div></div>')
        elif problem:
            out.append(problem)
        if self.stage == "answering":
            out.append('<p data-testid="join-making">Making your reply…</p>')
        elif self.stage == "reply":
            out.append(f'<div class="tt-phone-show"><div class="qr" data-qr="{esc(self.reply)}" data-qr-label="QR code of your reply"></div>'
                       f'<div class="tt-phone-steps"><p class="tt-phone-say">You take seat {self.seat + 1}. Show this reply '
                       'to the host: they scan it, or paste this code.</p>'
                       f'<p class="tt-code-line"><input{attrs(type="text", readonly=True, value=self.reply, aria_label="Your reply as text", data_testid="reply-code", data_code=self.reply)}></p>'
                       f'<p class="actions">{button("Copy the reply", "join-copy", "btn")} '
                       f'{button("Cancel", "join-cancel", "btn")} <span class="muted">Waiting for the host…</span></p></div></div>')
        elif self.stage == "linked":
            out.append('<p data-testid="join-linked">Linked to the host’s phone: taking your seat…</p>')
        out.append("</section>")
        return "".join(out)

    # -- taps ---------------------------------------------------------------------------------------
    def scan(self, data):
        dom.scan_code(JOIN_FIELD)

    def paste(self, data):
        self.join_with(self.typed)

    def join_with(self, text: str):
        try:
            seat, token, offer = read_host_code(text)
        except BadCode as refusal:
            self.problem = str(refusal)
            self.render()
            return
        self.close()
        self.joins += 1
        self.link, self.token, self.seat = f"g{self.joins}", token, seat
        self.stage, self.problem, self.typed = "answering", "", ""
        dom.phone_join(self.link, offer)
        self.render()

    def copy_reply(self, data):
        dom.copy_text(self.reply)

    def cancel(self, data):
        self.close()
        self.stage = "enter"
        self.render()

    def leave(self, data):
        def leave():
            self.close()
            self.stage, self.view = "enter", None
            dom.go("#/")
        dom.confirm("Leave the table? The game goes on at the host; they can seat this phone again with a new code.",
                    "Leave", leave)

    def close(self):
        if self.link:
            dom.phone_close(self.link)
        self.link = self.token = self.reply = ""

    def open_rules(self, data):
        """The rules, whose Back returns to this seat's screen."""
        self.view.overlay = None
        self.app.back_to = "#/join"
        dom.go(f"#/rules/{self.view.play.state.game.id}")

    def type_code(self, data, value: str):
        self.typed = str(value)

    commands = {"join-scan": scan, "join-paste": paste, "join-copy": copy_reply, "join-cancel": cancel,
                "phone-leave": leave, "open-rules": open_rules}
    fields = {JOIN_FIELD: type_code}

    # -- the seat's play screen's own taps (the board's data-act, its draft, the menu) -----------------
    @property
    def seat_screen(self):
        return self if self.stage == "playing" and self.view is not None else None

    def send(self, action: dict):
        self.view.act(action)
        self.render()

    def explain(self, action, words: str = ""):
        self.view.play.error = self.view.play.why_not(action, words) if action is not None else words
        self.render()

    def board_tap(self, command: str, data: dict):
        handler = PHONE_VIEW_COMMANDS.get(command)
        if handler is not None:
            handler(self.view, data)
        else:
            self.view.play.error = ""
            self.view.play.tap(command, data)
        self.render()

    # -- the link (App hands the page's events for this phone's link here) ------------------------------
    def answered(self, sdp: str):
        if self.stage != "answering":
            return
        self.reply, self.stage = reply_code(self.token, sdp), "reply"
        self.redraw()

    def opened(self):
        if self.stage in ("reply", "answering"):
            self.stage = "linked"
            dom.phone_send(self.link, encode({"type": "hello", "token": self.token}))
            link = self.link
            dom.later(SEATING_MS, lambda: self.unanswered(link))
            self.redraw()

    def unanswered(self, link: str):
        """Linked, but the host never seated this phone (its side of the link was lost): say so, so
        the person asks for a new code instead of waiting for ever."""
        if self.stage == "linked" and self.link == link:
            self.close()
            self.stage, self.problem = "lost", "The host’s phone did not answer."
            self.redraw()

    def message(self, text: str):
        try:
            message = read_message(text, MAX_FROM_HOST, ("seat", "refused"))
            if message["type"] == "refused":
                self.refused(str(message.get("why") or "The host refused this phone.")[:300])
                return
            message = read_seat_message(message)
        except BadMessage as refusal:
            self.problem = str(refusal)
            self.redraw()
            return
        if self.view is None or not self.view.same_table(message):
            board = BOARDS[message["view"]["game"]]
            self.view = PhoneView(message, board, self.app.settings, self.act_at_host)
        else:
            self.view.told(message)
        self.stage, self.problem = "playing", ""
        self.redraw()

    def act_at_host(self, action: dict):
        dom.phone_send(self.link, encode({"type": "act", "action": action}))

    def refused(self, why: str):
        self.close()
        self.stage, self.problem, self.view = "enter", why, None
        self.redraw()

    def lost(self):
        """The link closed (the host's phone slept, left, or gave the seat away)."""
        if self.stage in ("enter",):
            return
        self.link = ""
        self.stage, self.view = "lost", None
        self.redraw()

    def failed(self, message: str):
        self.problem = str(message)[:300]
        if self.stage == "answering":
            self.stage = "enter"
        self.redraw()

    def scanned(self, text: str):
        self.typed = text
        self.join_with(text)

    def redraw(self):
        if self.app.shown is self:
            self.render()


def _toggle_menu(view, data):
    view.overlay = None if view.overlay == "menu" else "menu"


def _close(view, data):
    view.overlay = None


def _overlay(name):
    def show(view, data):
        view.overlay = name
    return show


def _hint(view, data):
    view.overlay = None
    view.hint = view.play.hint()
    if view.hint is not None:
        view.play.draft = view.board.hint_draft(dict(view.play.draft), view.hint["action"], view.play.view())


# The seat's play screen's own taps on a phone: its menu and panels, and a hint from its own view.
PHONE_VIEW_COMMANDS = {"menu": _toggle_menu, "close-overlay": _close, "settings-close": _close,
                       "show-log": _overlay("log"), "recap": _overlay("recap"), "settings": _overlay("settings"),
                       "hint": _hint, "hint-why": _overlay("hint-why")}
