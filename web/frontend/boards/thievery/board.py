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

import re

from pycore.thievery import PARTNERSHIP_HANDS, POWERS, POWERUP_HANDS, RANKS, article, describe

from ... import widgets
from ...markup import Reader, attrs, button, counted, esc, join_names, ordinal
from ...widgets import badge, matching, name_tag
from .cards import SUIT_MARKS, card_face, card_key, card_label, face, rank_label, slot  # noqa: F401 (the board's names)
from .helper import fence_hint, fence_label, reading
from .rules import POWER_PROMPTS
from .sheet import Sheet, next_step, power_choices, sort_order

BLURB = "Sort your row in secret, then name everyone else's hidden cards before they name yours."
# What each bot level means at this table (the set-up says it beside the level's general words).
LEVEL_WORDS = {
    "novice": "it guesses by a card's colour alone, so it misses often and its runs are short.",
    "sharp": "it reads the order of each row: a run of right guesses can clear the table in one turn.",
    "ruthless": "it reads the whole table, misses included: expect it to clear the table in a run or two.",
}
# A bot's run of guesses is the game: each guess lands at the chosen speed, however long the run.
BOT_EACH_MOVE = True
SEAT_WORD = "hand"
DEFAULT_SEATS = 4
DEMO_SEATS = 4
OPTION_FIELDS = [
    ("powerups", "Power-ups", "At 5 and 6 hands: draw one at the start of each turn (three at most)."),
    ("partnerships", "Partnerships", "At 4 hands: hands 1 and 3 against 2 and 4; partners may show each other a card."),
]
SOUND_WORDS = "a right guess or a miss"


# The screen's own preference, for this device while the page lives: the table helper (off until
# turned on).  The draft is new after every move, so the preference lives here and each new draft
# starts from it.
PREFERENCES = {"helper": False}


def option_enabled(option, seats, options) -> bool:
    if option == "powerups":
        return seats in POWERUP_HANDS
    if option == "partnerships":
        return seats == PARTNERSHIP_HANDS
    return True


def summary(view, names) -> str:
    if view["outcome"]:
        return "Won by " + join_names([names[s] for s in view["outcome"]["winners"]]) + "."
    if view["phase"] == "sorting":
        return "Sorting the rows."
    down = sum(1 for row in view["rows"] for card in row if not card["face_up"])
    return f"{names[view['turn']]}'s turn · {counted(down, 'card')} still face down."


def out_of_turn(view):
    """Trip the alarm may be played in anyone's turn while the guessing goes on."""
    if view["powerups_on"] and view["phase"] == "guessing":
        return "Trip the alarm!", "anyone holding it may stop this run"
    return None


# -- the shell's hooks: the end, covers, recaps, motion (see frontend.boards) ---------------------
def opponents(view, hand) -> list:
    """The hands ``hand`` guesses at: every other hand, or the other team."""
    teams = view["teams"]
    mine = next((team for team in teams if hand in team), [hand]) if teams else [hand]
    return [other for other in range(view["seats"]) if other not in mine]


def left_to_find(view, hand) -> int:
    return sum(1 for other in opponents(view, hand) for card in view["rows"][other] if not card["face_up"])


def tally(view) -> tuple:
    """(cards found, misses) per hand, from the log: right guesses and cracked vaults, wrong guesses."""
    found, missed = [0] * view["seats"], [0] * view["seats"]
    for event in view["log"]:
        if event["type"] == "guess":
            (found if event["hit"] else missed)[event["by"]] += 1
        elif event["type"] == "power" and event["power"] == "crack" and "rank" in event:
            found[event["by"]] += 1
    return found, missed


def standings(view, names) -> list:
    """The hand that saw every card it could guess at face up comes first (Left to find: 0), then
    the others by how close they came, then by cards found (more is better) and misses (fewer)."""
    found, missed = tally(view)
    left = [left_to_find(view, hand) for hand in range(view["seats"])]
    key = {hand: (left[hand], -found[hand], missed[hand]) for hand in range(view["seats"])}
    order = sorted(range(view["seats"]), key=key.get)
    return [{"place": 1 + sum(key[other] < key[hand] for other in order), "name": names[hand],
             "figures": {"Left to find": left[hand], "Cards found": found[hand], "Misses": missed[hand]}}
            for hand in order]


def last_flip(view):
    """The event that turned up the last card: a right guess or a cracked vault."""
    return next((event for event in reversed(view["log"])
                 if (event["type"] == "guess" and event["hit"])
                 or (event["type"] == "power" and event["power"] == "crack" and "rank" in event)), None)


def reason(view, names) -> str:
    """Why the winner won, in one sentence, to the whole table; where another hand found more
    cards, that a round goes to the hand that clears the table."""
    winners = view["outcome"]["winners"] if view["outcome"] else []
    who = join_names([names[hand] for hand in winners])
    flip = last_flip(view)
    if not winners or flip is None:
        return f"{who} saw every card they could guess at face up." if winners else "Nobody cleared the table."
    flipper, owner = names[flip["by"]], names[flip["hand"]]
    others = [names[hand] for hand in opponents(view, winners[0])]
    if flip["by"] not in winners:
        said = (f"{flipper} turned up the last of {owner}'s cards, leaving only {who}'s "
                f"{'rows' if len(winners) > 1 else 'row'} face down")
    elif view["teams"]:
        said = f"{flipper} turned up the last of {owner}'s cards: every card of {join_names(others)} is face up"
    elif len(others) > 1:
        said = f"{flipper} turned up the last of {owner}'s cards: every other row was already face up"
    else:
        said = f"{flipper} turned up the last of {owner}'s cards"
    found, _ = tally(view)
    best = max(found[hand] for hand in winners)
    more = [names[hand] for hand in range(view["seats"]) if hand not in winners and found[hand] > best]
    if more:
        said += (f"; {join_names(more)} found more cards, but a round goes to the "
                 f"{'team' if view['teams'] else 'hand'} that clears the table")
    return said + "."


def how_close(view, names, seat) -> list:
    """A person alone against bots, at the end: the cards they found (and missed), how much of
    each row they had to read they worked out themselves, and what was left to find.

    A row's share counts the person's own right guesses (and cracked vaults) at it."""
    found, missed = tally(view)
    by_row = {hand: 0 for hand in opponents(view, seat)}
    for event in view["log"]:
        turned_up = ((event["type"] == "guess" and event["hit"])
                     or (event["type"] == "power" and event["power"] == "crack" and "rank" in event))
        if turned_up and event["by"] == seat and event.get("hand") in by_row:
            by_row[event["hand"]] += 1
    rows = view["rows"]
    shares = [f"{by_row[hand]} of {names[hand]}'s {len(rows[hand])}" for hand in by_row]
    total = sum(len(rows[hand]) for hand in by_row)
    lines = [f"You found {found[seat]} of the {total} cards you had to find ({', '.join(shares)}) "
             f"and missed {counted(missed[seat], 'time')}."]
    down = [f"{sum(1 for card in rows[hand] if not card['face_up'])} of {names[hand]}'s {len(rows[hand])}"
            for hand in by_row if not all(card["face_up"] for card in rows[hand])]
    if down:
        lines.append(f"Still face down when the game ended: {join_names(down)}.")
    return lines


def best_result(outcome, seat) -> tuple:
    """A hand's result for the table's memory: the cards it had left to find, as the standings
    count them (fewer is better).  At the end only the winners' rows hold face-down cards, so a
    winner had none left and anyone else had all of them."""
    left = 0 if seat in outcome["winners"] else sum(outcome["scores"].values())
    return -left, f"{left} {'card' if left == 1 else 'cards'} left to find"


def cover_reason(view, seat, names) -> str:
    """Why the device goes to this seat now."""
    who = names[seat]
    showing = view.get("showing")
    if showing and seat == showing["partner"]:
        return (f"{who} may show {names[showing['for']]} a card: only {who} should look, "
                f"not {names[showing['for']]}.")
    if view["phase"] == "sorting":
        return f"{who} sorts their row in secret."
    return ""       # a guessing turn: "Pass to …" says it all, and nothing names the turn before the tap


def recap(events, names, seat) -> list:
    """Each guesser's run in one line ("Ben hit 2 (…), then missed Sly's 4th (not an 8)"); other
    events in the engine's words; whose turn it is goes without saying."""
    reader = Reader(names, seat)
    lines, run = [], None       # run: [guesser, hits, miss or None]
    for event in events:
        if event["type"] == "guess" and run and run[0] == event["by"] and run[2] is None:
            target = run
        elif event["type"] == "guess":
            target = run = [event["by"], [], None]
            lines.append(run)
        else:
            run = None
            if event["type"] != "turn":
                lines.append(describe(event, names, seat))
            continue
        where = f"{reader.whose(event['hand'])} {ordinal(event['index'] + 1)}"
        if event["hit"]:
            target[1].append(f"{where}: {article(event['rank'])}")
        else:
            target[2] = f"missed {where} (not {article(event['rank'])})"
    return [line if isinstance(line, str) else run_words(reader, *line) for line in lines]


def run_words(reader, guesser, hits, miss) -> str:
    shown = "; ".join(hits[:3]) + (f"; {len(hits) - 3} more" if len(hits) > 3 else "")
    parts = [f"hit {len(hits)} ({shown})"] if hits else []
    parts += [miss] if miss else []
    return f"{reader.Who(guesser)} {', then '.join(parts)}."


def motion(events, view) -> dict:
    """A hit flips its card, a miss shakes it, a cracked card flips; a new deal and rows turning
    face down slide every row in."""
    marks = {}
    for event in events:
        if event["type"] == "guess":
            marks[card_key(event["hand"], event["index"])] = "tt-flip" if event["hit"] else "tt-shake"
        elif event["type"] == "power" and event["power"] == "crack" and "index" in event:
            marks[card_key(event["hand"], event["index"])] = "tt-flip"
        elif event["type"] == "rows_down":
            marks.update({f"hand-{hand}": "tt-slide" for hand in range(view["seats"])})
    if not view["log"]:        # just dealt
        marks.update({f"hand-{hand}": "tt-slide" for hand in range(view["seats"])}, sorter="tt-slide")
    return marks


# -- the draft and the taps that change it -------------------------------------------------------
def new_draft() -> dict:
    return {"order": None, "picked": None, "target": None, "power": None, "args": {},
            "helper": PREFERENCES["helper"]}


def tap(draft, command, data, view):
    if command == "sort-tap":
        sort_order(draft, view["rows"][view["seat"]])
        widgets.sort_tap(draft, int(data["place"]))
    elif command == "reorder":
        widgets.move(sort_order(draft, view["rows"][view["seat"]]), int(data["from"]), int(data["to"]))
        draft["picked"] = None
    elif command == "auto-sort":
        row = view["rows"][view["seat"]]
        draft["order"] = sorted(range(len(row)), key=lambda i: (row[i]["rank"], row[i]["colour"]))
        draft["picked"] = None
    elif command == "pick-card":
        picked = (int(data["hand"]), int(data["index"]))
        if picked != draft["target"]:
            draft.pop("hinted", None)       # a hint's rank rings only on the hint's own card
        draft["target"] = picked
    elif command == "clear-target":
        draft["target"] = None
    elif command == "helper":
        draft["helper"] = PREFERENCES["helper"] = not draft.get("helper")
    elif command == "power":
        draft.update(power=data["power"], args={}, target=None)
    elif command == "power-arg":
        draft["args"][data["key"]] = int(data["value"])
    elif command == "power-cancel":
        draft.update(power=None, args={})


def hint_draft(draft, action, view) -> dict:
    """A hint (what the Ruthless bot would do here) drawn on the board: the card it would guess at
    picked and its rank marked on the pad, the order it would lock in arranged, the power-up it
    would play opened."""
    kind = action["type"]
    if kind == "guess":
        draft.update(target=(action["hand"], action["index"]), hinted=action["rank"], power=None, args={})
    elif kind == "lock_in":
        draft.update(order=list(action["order"]), picked=None)
    elif kind == "power":
        draft.update(power=action["power"], args={}, target=None)
    return draft


# The bots know a hand by its number ("Hand 2's 4th card", "tip off hand 3"); the board by its name.
HAND_NUMBER = re.compile(r"\b[Hh]and (\d+)\b")


def hint_words(why, names, seat) -> str:
    """The hint's sentence with every hand named as the board names it ("Sly's 4th card")."""
    def named(match):
        hand = int(match.group(1)) - 1
        return names[hand] if 0 <= hand < len(names) else match.group(0)
    return HAND_NUMBER.sub(named, why)


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


