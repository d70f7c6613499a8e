"""A table of phones (issue 40): what the host and a joined phone say to each other, and the checks on
everything that arrives.  Pure Python: the links themselves are the page's (phones.mjs), moving strings.

The handshake is two codes, each shown as a QR code and as text to paste:
- the host's code for one seat, ``TT1.<seat>.<token>.<offer>``: the seat (counted from 0), a random
  token the host checks, and the host's WebRTC offer (phones.mjs's packed SDP: ICE user and password,
  the DTLS fingerprint, the host's local-network candidates);
- the phone's reply, ``TT1R.<token>.<answer>``: the same token and the phone's WebRTC answer.
The host takes the reply, the data channel opens over the local network, and the phone says
``{"type": "hello", "token"}``; the host checks the token (single use, not expired) and seats it.
From then on the host sends the seat's screen, ``{"type": "seat", "table", "seat", "view", "legal"}``,
after every move (the seat's view and legal actions exactly as the engine gives them: nothing more),
and the phone sends ``{"type": "act", "action"}``, which the host checks like a stranger's file before
the engine's own ``apply`` referees it.
"""
from __future__ import annotations

import json
import secrets
import string
from dataclasses import dataclass, field

import pycore

CODE = "TT1"                    # a host's code for a seat
REPLY = "TT1R"                  # a phone's reply to it
CODE_LIFETIME_S = 15 * 60       # a code not answered by then is refused: the host makes a new one
TOKEN_BYTES = 12                # 96 random bits: 16 characters
MAX_CODE = 1500                 # characters of a pasted code (a real one is some 250)
MAX_FROM_PHONE = 4096           # characters of a phone's message (an action is a small dict)
MAX_FROM_HOST = 262144          # characters of a host's message (a seat's view; phones.mjs's bound too)
REFUSED_CLOSE_MS = 1000         # a refused phone's link stays this long after its words are sent
CODE_CHARS = frozenset(string.ascii_letters + string.digits + "-_.~")
TOKEN_CHARS = frozenset(string.ascii_letters + string.digits + "-_")
SEAT_MESSAGE = {"type", "table", "seat", "view", "legal", "refused"}


class BadCode(ValueError):
    """A code that is not one (said in words for the person who pasted or scanned it)."""


class BadMessage(ValueError):
    """A message over a link that is refused (said in words)."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def _cleaned(text) -> str:
    """A pasted code without the spaces and line breaks a chat or a note put into it."""
    return "".join(str(text or "").split())


# -- the two codes ---------------------------------------------------------------------------------
def host_code(seat: int, token: str, offer: str) -> str:
    return f"{CODE}.{seat}.{token}.{offer}"


def reply_code(token: str, answer: str) -> str:
    return f"{REPLY}.{token}.{answer}"


def _fields(text, head: str, count: int, what: str) -> list:
    code = _cleaned(text)
    if not code:
        raise BadCode(f"Paste or scan {what} first.")
    if len(code) > MAX_CODE or not set(code) <= CODE_CHARS:
        raise BadCode(f"This is not {what}: it holds characters a Thieves' Table code never has.")
    parts = code.split(".", count)
    if parts[0] != head or len(parts) != count + 1 or not all(parts):
        other = {CODE: "a host's code for a seat", REPLY: "a phone's reply"}.get(parts[0])
        if other:
            raise BadCode(f"This is {other}, not {what}.")
        raise BadCode(f"This is not {what}.")
    return parts[1:]


def _token(token: str) -> str:
    if not 8 <= len(token) <= 64 or not set(token) <= TOKEN_CHARS:
        raise BadCode("This code's token is damaged: ask for a new code.")
    return token


def read_host_code(text) -> tuple:
    """(seat, token, offer) of a host's code, or BadCode saying why not."""
    seat, token, offer = _fields(text, CODE, 3, "a host's code for a seat")
    if not seat.isdigit() or len(seat) > 2:
        raise BadCode("This code's seat is damaged: ask for a new code.")
    return int(seat), _token(token), offer


def read_reply_code(text) -> tuple:
    """(token, answer) of a phone's reply, or BadCode saying why not."""
    token, answer = _fields(text, REPLY, 2, "a phone's reply")
    return _token(token), answer


# -- messages: each one checked like a stranger's file ------------------------------------------------
def encode(message: dict) -> str:
    return json.dumps(message, separators=(",", ":"), sort_keys=True)


def read_message(text, limit: int, kinds: tuple) -> dict:
    """A message over a link: JSON of one object of a known type, within ``limit`` characters."""
    if not isinstance(text, str):
        raise BadMessage("A message that is not text was refused.")
    if len(text) > limit:
        raise BadMessage(f"A message of {len(text)} characters was refused (at most {limit}).")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("A message that is not JSON was refused.") from None
    if not isinstance(message, dict) or message.get("type") not in kinds:
        raise BadMessage("A message of an unknown kind was refused.")
    return message


def seat_message(table: list, seat: int, view: dict, legal: list, refused: str = "") -> dict:
    """What the host tells a seated phone: the table (who sits where: public), its seat, and that
    seat's view and legal actions as the engine gives them; why its last action was refused."""
    return {"type": "seat", "table": table, "seat": seat, "view": view, "legal": legal, "refused": refused}


def read_seat_message(message: dict) -> dict:
    """A host's seat message as the phone checks it before drawing anything from it."""
    from .table import Table
    if set(message) != SEAT_MESSAGE:
        raise BadMessage("The host sent a screen this phone cannot read.")
    view, legal, seat = message["view"], message["legal"], message["seat"]
    try:
        table = Table.from_json(message["table"])
    except (ValueError, TypeError, AttributeError, KeyError):
        raise BadMessage("The host sent a table this phone cannot read.") from None
    header = ("game", "seat", "seats", "phase", "to_act", "log", "outcome")
    if (not isinstance(view, dict) or any(key not in view for key in header) or view["game"] not in pycore.GAMES
            or type(seat) is not int or view["seat"] != seat or not 0 <= seat < len(table.seats)
            or not isinstance(view["log"], list) or not isinstance(view["to_act"], list)
            or any(type(s) is not int or not 0 <= s < len(table.seats) for s in view["to_act"])
            or not isinstance(legal, list) or not all(isinstance(action, dict) for action in legal)
            or not isinstance(message["refused"], str)):
        raise BadMessage("The host sent a screen this phone cannot read.")
    return {**message, "table": table}


def same_action(one: dict, other: dict) -> bool:
    return encode(one) == encode(other)


# -- the host's side: each phone seat's code and link --------------------------------------------------
@dataclass
class Link:
    seat: int
    id: str                     # the page's name for the link (phones.mjs)
    token: str
    issued: float               # when the code was made (seconds)
    offer: str = ""             # the host's packed offer, once the page has made it
    answer: str = ""            # the phone's packed answer, once its reply is taken
    state: str = "making"       # making · code (shown) · linking (reply taken) · open · seated · away · closed
    sent: str = ""              # the last seat message sent (only a change is sent again)

    @property
    def code(self) -> str:
        return host_code(self.seat, self.token, self.offer) if self.offer else ""


@dataclass
class HostTable:
    """The host's phones in one game: for each phone seat, its link now (a new code makes a new link;
    the old one is closed)."""
    seats: list
    links: dict = field(default_factory=dict)       # seat -> Link
    gone: set = field(default_factory=set)          # seats whose phone was seated, then lost
    made: int = 0
    prefix: str = "h"

    def new_code(self, seat: int, now: float) -> tuple:
        """A fresh code for ``seat``: (the new Link, the link it replaces or None)."""
        if seat not in self.seats:
            raise ValueError(f"seat {seat} is not a phone's")
        self.made += 1
        old = self.links.get(seat)
        link = self.links[seat] = Link(seat, f"{self.prefix}{seat}-{self.made}", new_token(), now)
        return link, old

    def by_id(self, link_id: str) -> Link | None:
        return next((link for link in self.links.values() if link.id == link_id), None)

    def offer_made(self, link_id: str, offer: str) -> Link | None:
        link = self.by_id(link_id)
        if link is not None and link.state == "making":
            link.offer, link.state = offer, "code"
        return link

    def reply(self, seat: int, text, now: float) -> Link:
        """The phone's reply pasted or scanned for ``seat``: the link to give its answer to, or BadCode
        saying why it is refused (another seat's reply, an old code's, a used code, an expired one)."""
        token, answer = read_reply_code(text)
        link = self.links.get(seat)
        if link is None or not link.offer:
            raise BadCode("This seat has no code yet: wait for it to show, then scan the reply.")
        if link.state == "seated":
            raise BadCode(f"Seat {seat + 1} already has a phone: a second one is refused.")
        if token != link.token:
            other = next((s for s, other in self.links.items() if other.token == token), None)
            if other is not None:
                raise BadCode(f"This reply is for seat {other + 1}, not seat {seat + 1}.")
            raise BadCode("This reply answers an old code: the phone should scan the code shown now.")
        if link.state != "code":
            raise BadCode("This code has been answered already: tap New code for another phone.")
        if now - link.issued > CODE_LIFETIME_S:
            raise BadCode(f"This code has expired (codes last {CODE_LIFETIME_S // 60} minutes): tap New code.")
        link.state = "linking"
        link.answer = answer
        return link

    def opened(self, link_id: str) -> Link | None:
        link = self.by_id(link_id)
        if link is not None and link.state in ("linking", "away"):
            link.state = "open" if link.state == "linking" else "seated"
        return link

    def hello(self, link_id: str, text, now: float) -> Link:
        """The phone's first message on an open link: it is seated if its token is this link's, not
        used and not expired; else BadMessage in words (the phone is told them)."""
        link = self.by_id(link_id)
        if link is None or link.state not in ("linking", "open"):      # a message proves the link open
            raise BadMessage("This phone is not expected at the table: ask the host for a new code.")
        message = read_message(text, MAX_FROM_PHONE, ("hello",))
        if message.get("token") != link.token:
            raise BadMessage("This phone did not bring the code's token: it is refused.")
        if now - link.issued > CODE_LIFETIME_S:
            raise BadMessage("This code expired before the phone arrived: ask the host for a new code.")
        link.state, link.token = "seated", ""       # single use: the token is spent
        self.gone.discard(link.seat)
        return link

    def action(self, link_id: str, text) -> tuple:
        """(seat, action) of a seated phone's message, or BadMessage: it acts for its own seat only
        (a seat it names is ignored); the engine referees the action itself."""
        link = self.by_id(link_id)
        if link is None or link.state != "seated":
            raise BadMessage("This phone is not seated at the table.")
        message = read_message(text, MAX_FROM_PHONE, ("act",))
        action = message.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise BadMessage("The phone sent an action that is not one.")
        return link.seat, action

    def lost(self, link_id: str, state: str = "away") -> Link | None:
        """The link went quiet ("away": the phone sleeps, may come back) or closed."""
        link = self.by_id(link_id)
        if link is None:
            return None
        if link.state == "seated" or (link.state == "away" and state == "closed"):
            link.state = "away" if state == "away" else "closed"
            self.gone.add(link.seat)
        elif link.state in ("linking", "open"):
            link.state = "closed"
        return link

    def status(self, seat: int) -> str:
        """"waiting" (a code to scan), "seated", "away" (was seated; lost or closed)."""
        link = self.links.get(seat)
        if link is not None and link.state == "seated":
            return "seated"
        return "away" if seat in self.gone else "waiting"

    def seated(self) -> list:
        return [link for link in self.links.values() if link.state == "seated"]
