"""Thievery's board: sorting the row, reading the table, guessing, power-ups, partners.

Drawn from one seat's view (or the public view between people) as the play layout's regions: every
row on the board (yours last, edged in gold, sized as the others are), the sorter docked in the
hand while you sort, the rank pad (or the sorter's buttons,
or a power-up's choice) in the sheet.  Every button that plays carries its action; the taps here
change only the draft: the row being sorted, the card picked to guess at, the power-up being played
and the choices made for it so far, and whether the table helper is on.  Watched back (moment
"replay", from the engine's ``view_all``) it is the table played on with every rank shown on the
backs of the face-down cards (as a card you know) and every hand's power-ups named; nothing to tap.
"""
from __future__ import annotations

from pycore.thievery import POWERS, RANKS, article, describe

from ... import widgets
from ...markup import attrs, button, esc, join_names, ordinal
from ...widgets import badge, matching, name_tag
from .cards import card_face, card_key, card_label, slot  # noqa: F401 (the board's names)
from .helper import fence_hint, fence_label, reading
from .rules_page import POWER_PROMPTS
from .sheet import Sheet, next_step, power_choices


# -- a tap on a card ----------------------------------------------------------------------------
def card_play(scene, hand, index, guessable):
    """What a tap on this card does now: (action, draft tap), at most one of them.  ``guessable``:
    the cards the legal guesses name (worked out once a drawing)."""
    view, draft, legal = scene.view, scene.draft, scene.legal
    mine = hand == view["seat"]
    if draft["power"]:
        choices = power_choices(scene)
        step = next_step(draft, choices)
        if step == "card":
            fitting = matching(choices, hand=hand, index=index)
            return (fitting[0] if len(fitting) == 1 else None), None
        if step == "index" and mine and matching(choices, index=index):
            return None, ("power-arg", {"key": "index", "value": index})
        return None, None
    if mine:
        shown = matching(legal, type="show", index=index) if view["showing"] else []
        return (shown[0] if shown else None), None
    if (hand, index) in guessable:
        return None, ("pick-card", {"hand": hand, "index": index})
    return None, None


# -- the board ------------------------------------------------------------------------------------
def draw(scene) -> widgets.Regions:
    screen = Screen(scene)
    return widgets.Regions(board=screen.board(), hand=screen.hand(), sheet=screen.sheet(),
                           prompt=screen.prompt(), status=screen.status())


class Screen(Sheet):
    """One drawing of the board: what the moment shows, worked out once for every region."""

    def __init__(self, scene):
        self.scene, self.view, self.names = scene, scene.view, scene.names
        view = self.view
        self.viewer = view["seat"]
        self.over = view["phase"] == "over"
        self.moment = "over" if self.over else getattr(scene, "moment", "turn")
        # Whose turn it is shows only while someone acts: never at a hand-over (it names the next
        # turn) nor while the person sees their own move land.
        self.acting = self.moment in ("turn", "wait")
        self.sorting_mine = (view["phase"] == "sorting" and self.viewer is not None
                             and not view["locked"][self.viewer] and self.moment == "turn")
        self.guessing_mine = (self.moment == "turn" and view["phase"] == "guessing" and self.viewer == view["turn"]
                              and not view["showing"] and bool(scene.legal))
        self.table = reading(view) if view["phase"] == "guessing" else None
        self.helper = bool(scene.draft.get("helper")) and self.guessing_mine
        self.target = scene.draft["target"] if self.guessing_mine and not scene.draft["power"] else None
        self.guessable = {(a["hand"], a["index"]) for a in scene.legal if a["type"] == "guess"}
        self.miss = self.last_miss()
        self.found = self.last_found()
        self.subject = self.subjects()

    # -- what the board is about now --------------------------------------------------------
    def last_miss(self):
        """(hand, index, rank) of the latest guess when it missed (its card shows "not 7")."""
        guess = next((event for event in reversed(self.view["log"]) if event["type"] == "guess"), None)
        if guess is None or guess["hit"] or self.over:
            return None
        return guess["hand"], guess["index"], guess["rank"]

    def last_found(self):
        """(hand, index) of the card the latest guess turned up, while play goes on: each of a run's
        hits keeps a ring until the next guess, so a bot's run is seen landing one card at a time."""
        guess = next((event for event in reversed(self.view["log"]) if event["type"] == "guess"), None)
        if guess is None or not guess["hit"] or self.over:
            return None
        return guess["hand"], guess["index"]

    def fences(self, hand, index) -> list:
        """The picked card's fences: the nearest cards either side whose rank shows (not aces)."""
        row = self.view["rows"][hand]
        fenced = [i for i in range(len(row)) if row[i]["rank"] not in (None, 1)]
        left = [i for i in fenced if i < index]
        right = [i for i in fenced if i > index]
        return left[-1:] + right[:1]

    def subjects(self) -> set:
        """The cards the current choice (or the moment) is about: the picked card and its fences;
        at a landing or a hand-over, the card just missed."""
        if self.target:
            hand, index = self.target
            return {(hand, i) for i in [index] + self.fences(hand, index)}
        if self.miss and self.moment in ("landing", "handover"):
            return {self.miss[:2]}
        return set()

    # -- the regions --------------------------------------------------------------------------
    def board_hands(self) -> list:
        """The hands on the board: the others, the next to play first; at the end and between
        people every hand (in seat order)."""
        seats = list(range(self.view["seats"]))
        if self.viewer is None or self.over or self.moment == "handover":
            return seats
        return seats[self.viewer + 1:] + seats[:self.viewer]

    def own_row_on_board(self) -> bool:
        """Your row lies on the board, under the others, sized as theirs are (one container for
        every row, so yours is never the smaller); only the sorter is docked in the hand."""
        return (self.viewer is not None and not self.over and self.moment != "handover"
                and not self.sorting_mine)

    def board(self) -> str:
        hands = self.board_hands()
        rows = hands + ([self.viewer] if self.own_row_on_board() else [])
        longest = max(len(self.view["rows"][hand]) for hand in rows)
        heads = any(self.take_over(hand) for hand in hands)
        cls = ("thv-table" + (" long" if longest >= 8 else "") + (" many" if len(rows) >= 5 else "")
               + (" tall-heads" if heads else "") + (" hinting" if self.target else "") + (" over" if self.over else ""))
        # --name: the longest word of a name on the board, so a name beside its row keeps its room.
        style = (f"--n:{longest};--half:{(longest + 1) // 2};--k:{len(rows)};"
                 f"--name:{widgets.longest_word([self.names[hand] for hand in rows])}")
        # What the table says about the picked card sits on the board, under the rows, near it.
        hint = ""
        if self.target:
            hint = f'<p class="thv-hint" data-testid="fence-hint">{esc(fence_hint(self.view, self.table, *self.target, self.helper))}</p>'
        return (f'<div{attrs(class_=cls, style=style, data_testid="thv-table")}><div class="rows">'
                + "".join(self.hand_section(hand, own=hand == self.viewer and self.own_row_on_board()) for hand in rows)
            + f"</div>{hint}</div>")

    def hand(self) -> str:
        """Only the sorter is docked: your row otherwise lies on the board (see own_row_on_board)."""
        return self.sorter() if self.sorting_mine else ""


    def prompt(self) -> str:
        view, names, draft = self.view, self.names, self.scene.draft
        you = self.viewer
        if self.over:
            return "Every card is turned up; a gold edge marks a card nobody found."
        if self.moment == "handover":
            return ""
        if self.moment == "landing":
            return self.landing_words()
        if view["phase"] == "sorting":
            if self.sorting_mine:
                return "Sort your row, lowest first."
            waiting = [names[h] for h in range(view["seats"]) if not view["locked"][h]]
            return "Waiting for " + join_names(waiting) + " to lock in."
        showing = view.get("showing")
        if showing:
            if you == showing["partner"] and self.moment == "turn":
                return f"Show {names[showing['for']]} one of your face-down cards, or none."
            return f"{names[showing['partner']]} may show {names[showing['for']]} a card."
        turn = view["turn"]
        if self.moment == "turn" and you != turn and {"type": "power", "power": "alarm"} in self.scene.legal:
            return f"Trip the alarm (in your row) to end {names[turn]}'s run now, or go back."
        if self.guessing_mine:
            if draft["power"]:
                return POWER_PROMPTS.get(draft["power"], "Choose how to play it.")
            if self.target:
                hand, index = self.target
                return f"Which rank is {names[hand]}'s {ordinal(index + 1)} card?"
            if view["guessed_this_turn"]:
                return "Right! Go again: tap another face-down card."
            return f"Your turn: tap a face-down card of {join_names([names[h] for h in view['targets']])}."
        if turn in self.scene.bots:
            return f"{names[turn]} is thinking…"
        return f"{names[turn]} is guessing."

    def landing_words(self) -> str:
        """The person's own move, landed: a miss says which rank the card is not."""
        mine = next((event for event in reversed(self.view["log"]) if event.get("by", event.get("hand")) == self.viewer
                     and event["type"] in ("guess", "locked", "show", "power")), None)
        if mine is None:
            return ""
        if mine["type"] == "guess" and not mine["hit"]:
            whose = f"{self.names[mine['hand']]}'s {ordinal(mine['index'] + 1)} card"
            return f"Not {article(mine['rank'])}: {whose} stays face down. Your turn is over."
        if mine["type"] == "locked":
            return "Locked in: the rows turn face down once every hand has locked in."
        return describe(mine, self.names, self.viewer)

    def status(self) -> str:
        view = self.view
        if self.over:
            return "Round over"
        if view["phase"] == "sorting":
            return "Sorting"
        rounds = view.get("round") or sum(1 for e in view["log"] if e["type"] == "turn" and e["hand"] == 0) or 1
        if not self.acting:
            return f"Round {rounds}"
        return f"Round {rounds} · {self.scene.whose_turn(view['turn'])}"

    # -- a hand and its cards -------------------------------------------------------------------
    def take_over(self, hand) -> bool:
        """A person may take this bot's hand now (shown while someone acts, never between people)."""
        return self.acting and hand in self.scene.take_over

    def bot_label(self, hand) -> str:
        """The bot's level; a button that lets a person take its hand over, when they may."""
        level = self.scene.bots.get(hand)
        if not level:
            return ""
        if not self.take_over(hand):
            return badge(level, "bot")
        return button(f'<span class="level">{esc(level)}</span><span class="take">take over</span>', "take-over",
                      "btn small ghost thv-take", seat=hand, aria_label=f"A person takes over {self.names[hand]}'s seat")

    def badges(self, hand) -> str:
        view, scene = self.view, self.scene
        out = []
        if view["teams"]:
            out.append(badge(f"team {'A' if hand in view['teams'][0] else 'B'}", "team"))
        if view["phase"] == "sorting":
            out.append(badge("locked in" if view["locked"][hand] else "sorting…"))
        if self.acting and view["turn"] == hand and view["phase"] == "guessing":
            out.append(badge("guessing", "turn"))      # who guesses now, in a word (a phone too)
        if "held_by" in view:       # turned up: every hand's power-ups by name
            out += [badge(POWERS[power]["title"], "power-held") for power in view["held_by"][hand]]
        elif view["powerups_on"] and hand != self.viewer and view["held_counts"][hand]:
            held = view["held_counts"][hand]
            out.append(badge(f"{held} power-up{'s' if held > 1 else ''}"))
        if hand in view["stakeouts"] and not self.over:
            out.append(badge("staked out", "warn"))
        if self.over and hand in view["outcome"]["winners"]:
            out.append(badge("wins", "win"))
        return "".join(out)

    def hand_section(self, hand, own=False) -> str:
        """One hand's row on the board; ``own``: the viewer's, edged in gold, with their power-ups."""
        view, names = self.view, self.names
        row = view["rows"][hand]
        cards = [self.card(hand, index) for index in range(len(row))]
        classes = ["hand"]
        if own:
            classes += ["mine", "thv-own"]
        if self.acting and view["turn"] == hand and view["phase"] == "guessing":
            classes.append("acting")
        if self.over and hand in view["outcome"]["winners"]:
            classes.append("winner")
        if own:
            hidden = sum(1 for card in row if not card["face_up"])
            head = (f'{name_tag(names[hand], "who", "strong")}<span class="muted">{hidden} of {len(row)} still hidden'
                    f'{" (striped)" if hidden and view["phase"] == "guessing" else ""}</span>')
            extra = self.powers()
        else:
            head = (f'<span class="name-line">{name_tag(names[hand], "who", "strong")}<span class="muted seatno">hand {hand + 1}</span>'
                    f'{self.badges(hand)}</span>{self.bot_label(hand)}')
            extra = ""
        return (f'<section{attrs(class_=" ".join(classes), data_hand=hand, data_motion=f"hand-{hand}")}>'
                f'<header>{head}</header>{widgets.card_row(cards)}{extra}</section>')

    def card(self, hand, index) -> str:
        view = self.view
        card = view["rows"][hand][index]
        own = hand == self.viewer
        fence = ""
        if self.helper and not own and card["rank"] is None and hand in view["targets"]:
            fence = fence_label(self.table, hand, index)
        fresh = self.miss[2] if self.miss and self.miss[:2] == (hand, index) else None
        inner, cls = card_face(card, own, self.over, fence, fresh)
        action, draft_tap = card_play(self.scene, hand, index, self.guessable) if self.moment == "turn" else (None, None)
        if action or draft_tap:
            cls += " choosable"
        if self.found == (hand, index):
            cls += " just-found"
        if self.target == (hand, index):
            cls += " target"
        elif (hand, index) in self.subject and self.target:
            cls += " fence-card"
        label = card_label(self.names[hand], index, card, own, self.over, self.moment == "replay")
        return slot(inner, cls, label, card_key(hand, index), action, draft_tap,
                    pick=draft_tap is not None, subject=(hand, index) in self.subject,
                    why=self.why(hand, index) if not (action or draft_tap) else None)

    def why(self, hand, index):
        """A card that is no choice now says why when tapped: the engine's words for a guess at it
        (your own card, one face up, one under a stakeout, not your turn); at the end, and
        between people, nothing is asked of it."""
        if self.moment not in ("turn", "wait") or self.viewer is None:
            return None
        card = self.view["rows"][hand][index]
        rank = next(rank for rank in RANKS if rank not in card["misses"])
        return widgets.says_why({"type": "guess", "hand": hand, "index": index, "rank": rank})
