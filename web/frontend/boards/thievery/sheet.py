"""Thievery's sheet, the choice docked under the board: the sorter (your row in secret, then Lock
in), the rank pad for the card you picked (the helper's marks of what the table rules out), and a
power-up's next choice.  ``Sheet`` is the part of board.Screen that draws it."""
from __future__ import annotations

from pycore.thievery import POWERS, RANKS, rank_word

from ... import widgets
from ...markup import attrs, button, esc
from ...widgets import act_button, matching, name_tag
from .cards import face, rank_label
from .helper import ruled_out

# The order a power-up's choices are made in, one at a time (the rest are chosen together).
POWER_STEPS = {"tip_off": ("index", "to"), "misdirection": ("victim", "hand")}


SEAT_CHOICES = {"to": "Who sees it?", "hand": "Which hand?", "victim": "Whose next guess do you steer?"}


def sort_order(draft, row) -> list:
    """The row as the person is arranging it (item indexes into the row as dealt)."""
    if draft["order"] is None or len(draft["order"]) != len(row):
        draft["order"] = list(range(len(row)))
    return draft["order"]


def power_choices(scene) -> list:
    """The legal plays of the power-up being played that fit the choices made so far."""
    draft = scene.draft
    if not draft["power"]:
        return []
    return matching(scene.legal, type="power", power=draft["power"], **draft["args"])


def next_step(draft, choices) -> str | None:
    """The choice a power-up waits for next ("card" when it wants a card of a row)."""
    steps = POWER_STEPS.get(draft["power"])
    if steps:
        return next((step for step in steps if step not in draft["args"]), None)
    fields = set(choices[0]) - {"type", "power"} if choices else set()
    return "card" if {"hand", "index"} <= fields else next(iter(fields), None)


RULED_OUT_WORDS = {"missed": "already missed here", "seen": "you can see that card elsewhere",
                   "fence": "outside its row's fence"}


def sort_hint(ranks) -> str:
    plain = [r for r in ranks if r != 1]
    for a, b in zip(plain, plain[1:]):
        if a > b:
            return (f"Not yet: the {rank_word(a)} comes before the {rank_word(b)}. Aces go anywhere; "
                    "drag a card, or tap it and then its place.")
    return ""


class Sheet:
    def sheet(self) -> str:
        if self.sorting_mine:
            return self.sorter_sheet()
        showing = self.view.get("showing")
        if self.moment == "turn" and showing and self.viewer == showing["partner"]:
            return (f'<p class="actions">{act_button("Show nothing", {"type": "show", "index": None}, "btn", self.scene.legal)}'
                    f'<span class="muted">or tap one of your face-down cards</span></p>')
        if not self.guessing_mine:
            return ""
        if self.scene.draft["power"]:
            return self.power_step()
        if self.target:
            return self.rank_pad()
        return (f'<p class="actions thv-tools">{self.helper_toggle()}'
                f'<span class="muted">{"marks what the cards you see rule out" if not self.helper else "ranks on a back: what its row allows"}</span></p>')

    # -- sorting --------------------------------------------------------------------------------
    def sorter(self) -> str:
        view, draft = self.view, self.scene.draft
        cards = view["rows"][self.viewer]
        order = sort_order(draft, cards)
        items = [(f'<span class="face">{face(card)}</span>', f'card {card["colour"]} up',
                  f"your card: {card['colour']} {rank_word(card['rank'])}") for card in cards]
        style = f"--n:{len(cards)};--half:{(len(cards) + 1) // 2}"
        long = " long" if len(cards) >= 8 else ""
        return (f'<section class="hand mine thv-mine sorter{long}" data-motion="sorter" style="{style}">'
                f'<header>{name_tag(self.names[self.viewer], "who", "strong")}<span class="muted">your row: only you see it</span></header>'
                f'{widgets.sortable_row(items, order, draft["picked"])}</section>')

    def sorter_sheet(self) -> str:
        cards = self.view["rows"][self.viewer]
        order = sort_order(self.scene.draft, cards)
        lock_in = {"type": "lock_in", "order": list(order)}
        ready = lock_in in self.scene.legal
        hint = "In order: lock in when you are happy." if ready else sort_hint([cards[i]["rank"] for i in order])
        return (f'<p class="thv-hint">{esc(hint)}</p>'
                f'<p class="actions">{act_button("Lock in", lock_in, "btn primary", self.scene.legal)} '
                f'{button("Sort it for me", "auto-sort", "btn")}</p>')

    # -- guessing -------------------------------------------------------------------------------
    def helper_toggle(self) -> str:
        on = bool(self.scene.draft.get("helper"))
        return (f"<button{attrs(class_='btn small toggle' + (' on' if on else ''), data_command='helper', aria_pressed=str(on).lower(), aria_label='Table helper: marks what the cards you can see rule out')}>"
                f"Helper: {'on' if on else 'off'}</button>")

    def rank_pad(self) -> str:
        hand, index = self.target
        out = ruled_out(self.table, hand, index) if self.helper else {}
        keys = []
        for rank in RANKS:       # the pad's keys, then a way back in the pad's last place
            why = out.get(rank)
            hinted = " hinted" if self.scene.draft.get("hinted") == rank else ""
            keys.append(act_button(rank_label(rank), {"type": "guess", "hand": hand, "index": index, "rank": rank},
                                   "btn rank" + (f" out {why}" if why else "") + hinted, self.scene.legal,
                                   aria_label=f"Guess {rank_word(rank)}" + (f" (ruled out: {RULED_OUT_WORDS[why]})" if why else "")))
        keys.append(button("Back", "clear-target", "btn back", aria_label="Choose another card"))
        return f'<section class="guess" data-testid="rank-pad"><div class="pad">{"".join(keys)}</div></section>'

    def powers(self) -> str:
        """Your power-ups, in your hand: in your turn each one you may play now is a button."""
        view, draft = self.view, self.scene.draft
        held = view.get("held") or []
        if not view["powerups_on"] or not held or self.over or self.target:     # picking a rank: out of the way
            return ""
        items = []
        for power in held:
            info = POWERS[power]
            title = esc(info["title"])
            plays = matching(self.scene.legal, type="power", power=power) if self.moment == "turn" else []
            aria = f"{info['title']}: {info['text']}"
            if {"type": "power", "power": power} in plays:       # nothing to choose: it plays at once
                item = act_button(title, {"type": "power", "power": power}, "btn small power-btn", aria_label=aria)
            elif plays:
                item = button(title, "power", "btn small power-btn" + (" active" if draft["power"] == power else ""),
                              power=power, aria_label=aria)
            else:
                item = f'<span class="badge power-held" role="img" aria-label="{esc(aria)}">{title}</span>'
            items.append(item)
        return f'<p class="powers" data-testid="powers">{"".join(items)}</p>'

    def power_step(self) -> str:
        """The next choice of the power-up being played: a rank, a hand (cards are tapped in the rows)."""
        draft = self.scene.draft
        choices = power_choices(self.scene)
        step = next_step(draft, choices)
        extra = ""
        if step == "rank":
            keys = [(rank_label(rank), {**choices[0], "rank": rank}, "btn rank", f"Name {rank_word(rank)}")
                    for rank in RANKS]
            extra = f'<section class="guess">{widgets.pad(keys, choices)}</section>'
        elif step in SEAT_CHOICES:
            seats = sorted({action[step] for action in choices})
            extra = widgets.chooser(SEAT_CHOICES[step], [
                widgets.choice_button(esc(self.names[seat]), matching(choices, **{step: seat}), "power-arg", key=step, value=seat)
                for seat in seats])
        info = POWERS[draft["power"]]
        return (f'<div class="power-step" data-testid="power-step"><p class="muted">{esc(info["text"])}</p>{extra}'
                f'<p>{button("Cancel", "power-cancel", "btn small")}</p></div>')
