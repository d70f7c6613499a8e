"""The pieces every board is built from: buttons that carry their action, pads, choosers, rows of
cards, badges, the log, the end panel and the hand-over cover.  Pure Python: each returns HTML.

A tap is one of two kinds:

* a button with ``data-act`` carries one legal action (as JSON); the shell sends exactly that;
* a button with ``data-command`` changes only the screen's draft (which card is picked, which power is
  being played); the board's ``tap`` keeps the draft, the shell never asks it for an action.

Widgets are built from legal actions: a button whose action is not legal is drawn unavailable
and carries no ``data-act``, so nothing on a board can send what the engine would refuse; it carries
the action it would have been as ``data-why``, so a tap on it shows the engine's reason.
A board element tapped to choose something (a card, a house, a drawer) carries ``data-pick``: the
layout checks keep every one of them in view and uncovered.

No tap is silent (issue 36): a thing on the board that is not a choice now (your own card, a card
face up, an empty house, a tile nobody may move) carries what a tap on it would have meant,
``data-why`` (an action: the shell says the engine's ``why_not`` words for it) or ``data-say`` (the
words themselves), from :func:`says_why`; the shell answers the tap in one line.  A name is drawn
by :func:`name_tag`, one way on every board.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

import re

from pycore.kit.words import Reader

from .markup import attrs, button, esc, join_names


@dataclass
class Regions:
    """What a board's ``draw(scene)`` gives the shell's play layout (see frontend.boards): the table
    itself, the person's own things docked where the thumb is, the current choice's controls, the
    one line saying what to do now, and the bar's short status (whose turn, the round)."""
    board: str
    hand: str = ""
    sheet: str = ""
    prompt: str = ""
    status: str = ""


def action_json(action: dict) -> str:
    """The one spelling of an action on the page (sorted keys, no spaces): tests select by it."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def act_button(label: str, action: dict, cls: str = "btn", legal=None, **extra) -> str:
    """A button that sends ``action``; when ``legal`` lacks it, drawn unavailable (aria-disabled)
    and a tap says why instead (``data-why``).  ``label`` is HTML (escape text first); ``extra`` adds
    attributes (aria_label=..., title=...)."""
    if legal is None or action in legal:
        return f"<button{attrs(class_=cls, data_act=action_json(action), **extra)}>{label}</button>"
    return (f"<button{attrs(class_=cls + ' off', data_why=action_json(action), aria_disabled='true', **extra)}>"
            f"{label}</button>")


def says_why(action: dict | None = None, words: str = "") -> dict:
    """The attributes of a thing that is not a choice now, so a tap on it is answered (see the
    module's docstring): ``action``, what the tap would have meant (the engine says why not), and
    ``words`` when the engine has nothing to say (the action is legal, yet not from this tap).
    Spread into ``attrs``: ``attrs(class_=..., **says_why(action))``."""
    said = {"data_why": action_json(action)} if action is not None else {}
    return {**said, "data_say": words} if words else said


def name_tag(name: str, cls: str = "", tag: str = "span") -> str:
    """A person's (or a bot's) name, drawn one way on every board: it wraps only at its own spaces
    and hyphens, never inside a word; a word that does not fit its box is drawn a little smaller
    (ui.js measures it), and where even that does not fit it ends in "…", the whole name in its
    ``title`` and a tap away (``data-say``: the shell says it).

    >>> name_tag("Konstantinopolousina", "who")
    '<span class="tt-name who" title="Konstantinopolousina" data-say="Konstantinopolousina">Konstantinopolousina</span>'
    """
    return f"<{tag}{attrs(class_='tt-name' + (f' {cls}' if cls else ''), title=name, data_say=name)}>{esc(name)}</{tag}>"


def longest_word(names: list) -> int:
    """The letters of the longest word (between spaces and hyphens) of any of ``names``: a board
    may size a name's box by it."""
    return max((len(word) for name in names for word in re.split(r"[\s-]+", name)), default=0)


def matching(legal: list, **fixed) -> list:
    """The legal actions whose fields hold the given values (the draft chosen so far)."""
    return [action for action in legal if all(key in action and action[key] == value for key, value in fixed.items())]


def choice_button(label: str, actions: list, command: str, cls: str = "btn", **data) -> str:
    """One choice of a step-by-step pick: it sends the action when that is the only one left, else
    it keeps the choice in the draft (``command`` with ``data``) and the next step narrows further."""
    if len(actions) == 1:
        return act_button(label, actions[0], cls, aria_label=data.pop("aria_label", None))
    return button(label, command, cls, disabled=not actions, **data)


def pad(keys: list, legal: list, cls: str = "pad") -> str:
    """A keypad: keys are (label HTML, action, button class, aria label); illegal keys are disabled."""
    return (f'<div class="{cls}">'
            + "".join(act_button(label, action, key_cls, legal, aria_label=aria) for label, action, key_cls, aria in keys)
            + "</div>")


def pad_panel(cls: str, testid: str, intro: str, keys: list, legal: list, back: tuple) -> str:
    """A keypad in the sheet: what is being decided (HTML), the keys, and a way back to choose
    something else (``back`` = (label, command))."""
    label, command = back
    return (f'<div class="pad-panel {cls}" data-testid="{testid}">{intro}{pad(keys, legal)}'
            f'<p>{button(label, command, "btn small")}</p></div>')


def chooser(prompt: str, choices: list) -> str:
    """A question and a row of buttons (already drawn: act_button or choice_button)."""
    head = f"<p>{esc(prompt)}</p>" if prompt else ""
    return f'{head}<p class="actions">{" ".join(choices)}</p>'


def tile(inner: str, cls: str, label: str, action: dict | None = None, tap: tuple | None = None,
         why: dict | None = None, **extra) -> str:
    """One card (or house) on the table: a button sending ``action``, a button changing the draft
    (``tap`` = (command, data)), or a picture that is no choice now, whose tap says why
    (``why``: the attributes of :func:`says_why`)."""
    if action is not None:
        return f"<button{attrs(class_=cls, data_act=action_json(action), aria_label=label, **extra)}>{inner}</button>"
    if tap is not None:
        command, data = tap
        data_attrs = {f"data_{key}": value for key, value in data.items()}
        return (f"<button{attrs(class_=cls, data_command=command, data_pick=True, aria_label=label, **data_attrs, **extra)}>"
                f"{inner}</button>")
    return f"<span{attrs(class_=cls, role='img', aria_label=label, **(why or {}), **extra)}>{inner}</span>"


def card_row(tiles: list, cls: str = "row", **extra) -> str:
    """Cards in a row (a hand, a house's contents); arrow keys move between its cards."""
    return f"<div{attrs(class_=cls, data_arrows=True, **extra)}>{''.join(tiles)}</div>"


def sortable_row(items: list, order: list, picked, testid: str = "sort-row") -> str:
    """A row the person puts in order by dragging or by tapping a card and then its place.
    items[i] = (inner HTML, class, label) of the i-th card as dealt; ``order`` is the draft (item
    indexes in their current places); ``picked`` the place tapped first, if any.  Each card names
    its item (data-item) so a test can arrange the row by taps."""
    buttons = []
    for place, item in enumerate(order):
        inner, cls, label = items[item]
        chosen = picked == place
        buttons.append(f"<button{attrs(class_=cls + (' picked' if chosen else ''), data_command='sort-tap', data_place=place, data_item=item, data_drag_index=place, aria_pressed='true' if chosen else 'false', aria_label=f'{label}, place {place + 1}')}>"
                       f"{inner}</button>")
    return f'<div class="row own sortable" data-sortable="1" data-arrows data-testid="{esc(testid)}">{"".join(buttons)}</div>'


def move(items: list, source: int, place: int):
    """Move one item of a draft order from one place to another (a drag, or two taps)."""
    items.insert(place, items.pop(source))


def sort_tap(draft: dict, place: int, order_key: str = "order", picked_key: str = "picked"):
    """The first tap picks a card, the second puts it in that place."""
    if draft[picked_key] is None:
        draft[picked_key] = place
    else:
        move(draft[order_key], draft[picked_key], place)
        draft[picked_key] = None


def badge(text: str, cls: str = "") -> str:
    return f'<span class="badge{" " + cls if cls else ""}">{esc(text)}</span>'


def take_over_button(seat: int, name: str, take_over: list) -> str:
    """'Take over' beside a bot's name when the game allows a person to take its seat now."""
    if seat not in take_over:
        return ""
    return button("Take over", "take-over", "btn small ghost", seat=seat, aria_label=f"A person takes over {name}'s seat")


def status(text: str) -> str:
    """The board's one-line status: the shell reads it out to a screen reader after each render
    (the only live region), and focuses it when there is nothing to tap."""
    return f'<p class="status" data-testid="status" tabindex="-1">{esc(text)}</p>'


def outcome_words(outcome: dict, names: list) -> str:
    """The end's banner.  A person named "You" (a lesson, and the real game after it) is spoken to
    as one: "You win!", never "You wins!".

    >>> outcome_words({"winners": [1]}, ["Ann", "Ben"]), outcome_words({"winners": [0]}, ["You", "Sly"])
    ('Ben wins!', 'You win!')
    >>> outcome_words({"winners": [0, 1]}, ["Ann", "Ben"]), outcome_words({"winners": []}, ["Ann"])
    ('Ann and Ben win!', 'The game ends in a draw.')
    """
    winners = outcome["winners"]
    if not winners:
        return "The game ends in a draw."
    who = join_names(sorted({names[seat] for seat in winners}, key=names.index))
    one = len(winners) == 1 and " & " not in who and who.casefold() != "you"
    return f"{who} win{'s' if one else ''}!"


def said_in_turn(who: str, doing: list) -> str:
    """ "Sly: moved the Monk, passed." """
    return f"{who}: {', '.join(doing)}."


def turn_recap(events, names, seat, turn_words: dict, describe, quiet=("turn",), sentence=said_in_turn) -> list:
    """A board's ``recap`` hook for games told a turn a line: the events of one player that
    ``turn_words`` (event type -> words(event, reader)) knows are joined by ``sentence`` (who, the
    words); other events in the engine's words (``describe``), except the ``quiet`` ones."""
    reader = Reader(names, seat)
    lines, doing, thief = [], [], None
    for event in events + [{"type": "turn"}]:
        words = turn_words.get(event["type"])
        if words and event.get("by") == thief:
            doing.append(words(event, reader))
            continue
        if doing:
            lines.append(sentence(reader.Who(thief), doing))
        doing, thief = ([words(event, reader)], event.get("by")) if words else ([], None)
        if not words and event["type"] not in quiet:
            lines.append(describe(event, names, seat))
    return lines
