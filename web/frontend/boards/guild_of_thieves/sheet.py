"""Guild of Thieves' dock: the seat's own hand and lock, and the sheet with the controls of the
current choice (a house to make one's own, the rob pad, the cards to steal, the later steps, dues,
the Jeweled Box, a draw offer), each only as tall as its choice."""
from __future__ import annotations

from pycore.guild_of_thieves import (GUESS_WORDS, JOKER, LOCK_GUESSES, SUITS,
                                     card_order, card_text, card_words, rank_of, suit_of)

from ... import widgets
from ...markup import button, esc
from ...widgets import act_button, matching
from .cards import card_html, guess_mark, ink, new_cards, plural
from .rules_page import DUES_TAKE, LAST_CARD_TAKES_THE_LOCK


# -- the hand --------------------------------------------------------------------------------------------
def hand_region(scene, subject: bool) -> str:
    """The seat's own lock and cards ("" for the public view, or before it has a house)."""
    view = scene.view
    viewer = view["seat"]
    if viewer is None or "hand" not in view or scene.moment == "handover":
        return ""
    me = view["players"][viewer]
    if view["phase"] == "choose" and me["house"] is None:
        return ""
    mark = " data-subject" if subject else ""
    if me["out"]:
        return (f'<div class="gt-hand out" data-testid="hand"{mark}><p class="muted">The trap got you: you are out. '
                'Watch the others finish.</p></div>')
    fresh = new_cards(view) if scene.moment == "landing" else set()
    cards = "".join(card_html(card, "new" if card in fresh else "") for card in view["hand"])
    lock = view.get("my_lock")
    if me["house"] is not None and lock:
        up = view["houses"][me["house"]]["lock_face_up"]
        lock_part = (f'<span class="my-lock"><span class="my-lock-word">Your lock</span>{card_html(lock, "" if up else "known")}'
                     f'<span class="my-lock-word note">{"face up" if up else "only you know it"}</span></span>')
    else:
        lock_part = '<span class="my-lock"><span class="my-lock-word">No house: you play on</span></span>'
    box = (f'<p class="box-note">{card_html(JOKER, "small")} You hold the Jeweled Box: open it on your turn '
           'when you know the combination.</p>' if JOKER in view["hand"] and scene.moment != "over" and scene.draft["mode"] != "box" else "")
    count = plural(len(view["hand"]), "card")
    return (f'<div class="gt-hand" data-testid="hand"{mark} aria-label="Your hand: {count}">{lock_part}'
            f'<span class="hand-cards">{cards or "<span class=muted>no cards</span>"}</span>{box}</div>')


# -- the sheet ------------------------------------------------------------------------------------------
def sheet_region(scene) -> str:
    """The controls of the current choice, or "" when the seat on screen has none."""
    view, legal, draft = scene.view, scene.legal, scene.draft
    if scene.moment != "turn" or not legal:
        return ""
    if draft.get("notebook") and view.get("notebook"):
        return wrap("notes", f'<p class="actions">{button("Close the notebook", "notebook", "btn primary")}</p>')
    if matching(legal, type="answer_draw"):
        return wrap("draw-answer", draw_panel(scene))
    if view["phase"] == "choose":
        return wrap("choose", choose_panel(scene)) if draft["house"] is not None else ""
    if draft["mode"] == "box":
        return wrap("box", box_panel(scene))
    step = view["step"]
    if step == "steal":
        return wrap("reveal", reveal_panel(scene))
    if step == "dues_second" or draft["mode"] == "dues":
        return wrap("dues", dues_panel(scene))
    if step == "rob":
        if draft["house"] is not None:
            return wrap("guess-pad", rob_panel(scene))
        extras = extras_line(legal)
        return wrap("extras", extras) if extras else ""
    return wrap("steps", steps_panel(scene))


def wrap(testid: str, html: str) -> str:
    return f'<div class="gt-sheet {testid}" data-testid="{testid}">{html}</div>'


def extras_line(legal) -> str:
    """Open the box and offer a draw: at any point of the turn where they are legal."""
    parts = []
    if matching(legal, type="open_box"):
        parts.append(button(f'{card_html(JOKER, "small")} Open the box…', "box", "btn warn"))
    if {"type": "offer_draw"} in legal:
        parts.append(act_button("Offer a draw", {"type": "offer_draw"}, "btn ghost"))
    return f'<p class="actions">{"".join(parts)}</p>' if parts else ""


def choose_panel(scene) -> str:
    view, number = scene.view, scene.draft["house"]
    cards = view["houses"][number]["cards"]
    make = act_button("Make it my house", {"type": "choose_house", "house": number}, "btn primary big", scene.legal)
    return (f'<p class="gt-line">{plural(cards, "card")} to your hand; its lock stays face down in front of you. '
            f'Or tap another house.</p><p class="actions">{make}</p>')


def rob_panel(scene) -> str:
    view, number = scene.view, scene.draft["house"]
    house = view["houses"][number]
    wrong = set(house.get("wrong_guesses") or [])
    known = house.get("known_lock")
    if house["lock_face_up"]:
        hint = f"Its lock is face up: the {card_words(house['lock'])}. Name it to walk in."
    elif known:
        hint = f"You know this lock: the {card_words(known)}."
    elif house["owner"] is not None:
        hint = "Right: you see their whole hand and may take a card. Wrong: you only hear so."
    else:
        hint = "Right: you see inside and may take a card. Wrong: you see the lock."
    keys = []
    for guess in LOCK_GUESSES:
        cls = "btn guess-btn" + (" " + ink(guess) if guess in SUITS else "")
        cls += " tried" if guess in wrong else ""
        cls += " hint" if known and guess in (suit_of(known), rank_of(known)) else ""
        keys.append((f'<span class="sym">{esc(guess_mark(guess))}</span><span class="word">{esc(GUESS_WORDS[guess])}</span>',
                     {"type": "rob", "house": number, "guess": guess}, cls,
                     f"Guess {GUESS_WORDS[guess]}" + (" (already guessed wrong here)" if guess in wrong else "")))
    return (f'<div class="gt-row"><p class="gt-line">{esc(hint)}</p>{button("Back", "clear-house", "btn small")}</div>'
            + widgets.pad(keys, scene.legal, "pad lock-pad"))


def reveal_panel(scene) -> str:
    view = scene.view
    pending = view["pending"]
    number = pending["house"]
    owner = view["houses"][number]["owner"]
    cards = [act_button(card_html(card, "small"), {"type": "steal", "card": card}, "btn steal-btn", scene.legal,
                        aria_label=f"Take the {card_words(card)}")
             for card in pending["cards"]]
    where = "their hand" if owner is not None else "inside"
    last = f" {LAST_CARD_TAKES_THE_LOCK}" if len(pending["cards"]) == 1 else ""
    return (f'<p class="gt-line">Only you see {where}: tap a card to take it.{esc(last)}</p>'
            f'<div class="steal-cards" data-subject>{"".join(cards)}'
            f'{act_button("Take nothing", {"type": "steal", "card": None}, "btn", scene.legal)}</div>')


def card_buttons(legal, kind: str, words: str) -> str:
    """A button per card the legal actions of one kind name, in the engine's card order."""
    cards = sorted({a["card"] for a in matching(legal, type=kind)}, key=card_order)
    return "".join(act_button(card_html(card, "small"), {"type": kind, "card": card}, "btn card-btn",
                              aria_label=f"{words} the {card_words(card)}") for card in cards)


def steps_panel(scene) -> str:
    """The optional steps after robbing, in the order of the rules (a later one skips the earlier),
    and the end of the turn: one wrapping row of short labelled groups (the prompt names them)."""
    view, legal = scene.view, scene.legal
    groups = []
    doors = card_buttons(legal, "lock_door", "Lock the door with")
    if doors:
        robbed = view["houses"][view["robbed"]]
        groups.append(f'<span class="step" title="Take its {esc(card_text(robbed["lock"]))} and put a royalty face down in its place">'
                      f'<span class="step-word">Lock the door:</span>{doors}</span>')
    if matching(legal, type="dues"):
        groups.append(button("Pay dues…", "dues-start", "btn", title=DUES_TAKE))
    changes = card_buttons(legal, "change_lock", "Change your lock to")
    if changes:
        groups.append(f'<span class="step"><span class="step-word">New lock:</span>{changes}</span>')
    if matching(legal, type="open_box"):
        groups.append(button(f'{card_html(JOKER, "small")} Open the box…', "box", "btn warn"))
    if {"type": "end_turn"} in legal:
        groups.append(act_button("End turn", {"type": "end_turn"}, "btn primary"))
    return f'<p class="actions steps">{"".join(groups)}</p>'


def dues_panel(scene) -> str:
    view = scene.view
    paid = view.get("dues_paid") or []
    top = view["guild_house"].get("known_top")
    then = "you draw the Joker: it is on top" if top == JOKER else "you draw the Guild House's top card"
    if paid:
        head, cancel = f"First card down: {card_text(paid[0])}. Tap the second; then {then}.", ""
    else:
        head = f"Tap two cards for the bottom of the Guild House; then {then}."
        cancel = button("Cancel", "dues-cancel", "btn small")
    return (f'<p class="gt-line">{esc(head)}</p>'
            f'<p class="actions">{card_buttons(scene.legal, "dues", "Pay")}{cancel}</p>')


def box_panel(scene) -> str:
    """The combination is picked on the board (the box's dial); here: the warning and the opening."""
    view, draft = scene.view, scene.draft
    tried = view.get("wrong_combinations") or []
    wrong = f" Opened wrong before: {', '.join(card_text(c) for c in tried)}." if tried else ""
    if draft["suit"] and draft["value"]:
        code = draft["value"] + draft["suit"]
        open_it = act_button(f'Open it: {card_html(code, "small")}', {"type": "open_box", "suit": draft["suit"], "value": draft["value"]},
                             "btn primary", scene.legal, aria_label=f"Open it with the {card_words(code)}")
    else:
        open_it = button("Open it", "box-open", "btn primary", disabled=True)
    return (f'<p class="gt-line">Right, and you win. Wrong, and the trap gets you.{esc(wrong)}</p>'
            f'<p class="actions">{open_it}{button("Not now", "box-cancel", "btn")}</p>')


def draw_panel(scene) -> str:
    return (f'<p class="gt-line">If everyone still in agrees, the game ends with no winner.</p>'
            f'<p class="actions">{act_button("Agree to a draw", {"type": "answer_draw", "agree": True}, "btn", scene.legal)}'
            f'{act_button("No, play on", {"type": "answer_draw", "agree": False}, "btn primary", scene.legal)}</p>')
