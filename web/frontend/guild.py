"""Guild of Thieves on the screen: the town, robbing, stealing, dues, locks and the Jeweled Box.

Everything here is drawn from ``state.view(seat)`` of the person holding the device (or the public
view, seat None, while the device waits between people or bots play).  Taps become engine actions
one small step at a time; the engine says no, with a reason, when a tap is not allowed.
"""
from __future__ import annotations

from pycore.guild_of_thieves import TABLE_RULES
from pycore.guild_of_thieves.rules import card_order

from .markup import attrs, button, esc, join_names, ordinal
from .screens import GameScreen

SUITS = ("C", "D", "H", "S")
VALUES = ("2", "3", "4", "5", "6", "7", "8", "9", "10")
ROYALS = ("K", "Q", "J", "A")
JOKER = "JK"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
RANK_NAMES = {"K": "King", "Q": "Queen", "J": "Jack", "A": "Ace"}
GUESS_WORDS = {**SUIT_NAMES, **RANK_NAMES}
RED = ("D", "H")

# Where the screen adds to the engine's rulings (the rules page lists both).
# Why a game ended in a draw, by the engine's "reason".
DRAW_REASONS = {"all_out": "everyone is out", "agreed": "everyone agreed",
                "rounds": "100 rounds passed without a winner",
                "stuck": "the Joker is stuck in the Guild House"}

SCREEN_RULES = [
    "Houses are numbered 1 to 16 (Double Deck 1 to 32) row by row, as they lie on the table: the "
    "top and bottom rows are slums (one card each), the middle rows rich houses (two cards each); "
    "the Guild House lies beside the first row of rich houses.",
    "Pass and play: before each person's turn (and each answer to a draw offer) the screen covers "
    "everything and names who should take the device; nothing secret shows until they tap.",
    "What you saw inside a house shows only on the thief's own screen, before the device moves on.",
    "A lock you know but others don't (your own, one you placed, one you looked at) is drawn with a "
    "dashed gold edge, on your screen only.",
    "Skipping a step: take a later step or end your turn. Locking the door, dues and changing your "
    "lock are all optional; robbing is not, while there is a house you may rob.",
    "A guess already publicly wrong at a house is still allowed (a wrong look at a town lock shows "
    "you that lock); the screen marks it as tried.",
    "Pen & Paper turns on a notebook: the suits and values your seen cards rule out, every card you "
    "have seen, the combinations still possible, and where your dues lie in the Guild House. "
    "Without it, remembering is the game.",
    "Combinations opened wrong are public: the screen lists them for everyone.",
]


# -- cards and houses in words --------------------------------------------------------------------
def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def card_text(card: str) -> str:
    """'10H' -> '10♥', 'JK' -> 'Joker'."""
    if card == JOKER:
        return "Joker"
    return rank_of(card) + SUIT_SYMBOLS.get(suit_of(card), "?")


def card_words(card: str) -> str:
    """'10H' -> '10 of Hearts', 'QS' -> 'Queen of Spades', 'JK' -> 'Joker'."""
    if card == JOKER:
        return "Joker"
    rank = rank_of(card)
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES.get(suit_of(card), '?')}"


def card_list(cards) -> str:
    return join_names([card_text(card) for card in cards])


def colour(card: str) -> str:
    if card == JOKER:
        return "joker"
    return "red" if suit_of(card) in RED else "black"


def card_html(card: str, extra: str = "") -> str:
    cls = f"gcard {colour(card)}" + (f" {extra}" if extra else "")
    return f'<span{attrs(class_=cls, title=card_words(card))}>{esc(card_text(card))}</span>'


def is_royal(card: str) -> bool:
    return card != JOKER and rank_of(card) in ROYALS


def house_kind(number: int, columns: int) -> str:
    return "slum" if number // columns in (0, 3) else "rich"


def house_name(number: int, columns: int) -> str:
    """'slum 3', 'rich house 7' (numbered 1.. row by row, as on the board)."""
    kind = house_kind(number, columns)
    return f"{'slum' if kind == 'slum' else 'rich house'} {number + 1}"


def combo_text(code: str) -> str:
    return card_text(code)


class GuildScreen(GameScreen):
    game_id = "guild-of-thieves"
    blurb = ("Rob houses by guessing their locks, find the Jeweled Box (the Joker) and work out the "
             "combination that opens it. Up to 32 players with Double Deck.")
    seat_word = "player"
    shared_seats = False
    option_fields = [
        ("double_deck", "Double Deck", "Two decks: 32 houses and up to 32 players; a longer game."),
        ("i_know_where_you_live", "I Know Where You Live",
         "The Joker starts on top of the Guild House: anyone may pay dues for it, and everyone sees who did."),
        ("pen_and_paper", "Pen & Paper",
         "A notebook of what you have seen and which combinations are still possible."),
    ]

    def __init__(self):
        # How wide the town is, for naming houses in the log (describe gets only the event);
        # the board and summary set it from the view they draw.
        self.columns = 4

    def default_seats(self, game) -> int:
        return 3

    def max_seats(self, game, options) -> int:
        return 32 if options.get("double_deck") else game.max_seats

    def engine_options(self, options, seats, table) -> dict:
        return {name: bool(options.get(name)) for name, *_ in self.option_fields}

    def demo_seats(self, game) -> int:
        return 4

    def table_rules(self) -> list:
        return list(TABLE_RULES) + SCREEN_RULES

    def new_ui(self) -> dict:
        return {"house": None, "mode": None, "suit": None, "value": None}

    def keep_ui(self, ui, view) -> dict:
        return self.new_ui()

    def summary(self, state, table) -> str:
        view = state.view(None)
        self.columns = view["layout"]["columns"]
        names = table.names()
        if view["phase"] == "over":
            outcome = view["outcome"] or {}
            combination = view.get("combination") or outcome.get("combination")
            combo = f" The combination was {card_words(combination)}." if combination else ""
            winners = outcome.get("winners") or []
            if winners:
                return f"{join_names([names[s] for s in winners])} opened the Jeweled Box.{combo}"
            return f"A draw.{combo}"
        if view["phase"] == "choose":
            return f"{names[view['turn']]} is choosing a house."
        left = sum(1 for house in view["houses"] if house["in_play"])
        return f"Round {view['round']} · {names[view['turn']]}'s turn · {left} houses in play."

    # -- rules in our own words ------------------------------------------------------------------
    def rules_html(self) -> str:
        return """
<p class="lead">Break into houses, find the Jeweled Box (the Joker) and open it with the right
combination. Open it wrong and its trap gets you.</p>
<h3>The combination</h3>
<p>Before play, twelve number cards are set aside unseen: one whole suit (2 to 10) and the three
other cards of one value. Together they say the combination, for example <em>5 of Hearts</em>. Every
number card you see in play rules something out: a 7♠ means the combination is not a Spade and not
a 7. The app does the setting aside for you, the way the printed rules describe, and nobody sees
those cards until someone opens the box.</p>
<h3>The town</h3>
<p>The other number cards and the Joker are dealt into sixteen houses in four rows: slums on the
top and bottom rows (one card each) and rich houses in the two middle rows (two cards each). The
last card is the <strong>Guild House</strong>, beside the first row of rich houses. Every house gets a
royalty (King, Queen, Jack or Ace) face down on top: its lock.</p>
<h3>Your house</h3>
<p>At the start everyone in turn picks a house. Its cards become your hand and its lock stays on the
table in front of you, face down. You see your own cards and lock.</p>
<h3>Your turn, step by step</h3>
<ol>
<li><strong>Rob a house</strong> (a town house or another player's) by naming its lock: a suit
(Clubs, Diamonds, Hearts, Spades) or a rank (King, Queen, Jack, Ace). If the lock is already face up,
just say it.</li>
<li><strong>Right:</strong> the lock turns face up for all. You alone see the cards inside (a
player's whole hand) and may take one, or none. Taking the last card takes the lock too, and the
house is out of play. <strong>Wrong:</strong> everyone hears the guess; at a town house you got a
look at the lock, so you know it next time.</li>
<li><strong>Lock the door behind you</strong> (optional): after robbing a town house whose lock is
now face up, put one of your royalties on it face down and take the old lock into your hand.</li>
<li><strong>Pay dues</strong> (optional, with two cards or more): put two cards under the Guild
House and take its top card.</li>
<li><strong>Change your own lock</strong> (optional): swap it for a royalty from your hand.</li>
<li>End your turn.</li>
</ol>
<h3>The Jeweled Box</h3>
<p>While you hold the Joker you may open the box on your turn: name a suit and a value. Right, and
you win. Wrong, and you are out: your hand, Joker and all, goes face down under your lock and your
house joins the town for the others to rob.</p>
<p>If nobody can get the Joker any more, or everyone is out, or all agree, the game is a draw.</p>
<h3>Options</h3>
<ul>
<li><strong>Double Deck</strong>: two of every card, 32 houses, up to 32 players.</li>
<li><strong>I Know Where You Live</strong>: the Joker starts on top of the Guild House, so the first
player to pay dues gets it, and everyone knows who.</li>
<li><strong>Pen &amp; Paper</strong>: the screen keeps a notebook of what you have seen and which
combinations are still possible.</li>
</ul>"""

    # -- the board ---------------------------------------------------------------------------------
    def board(self, play, interjecting: bool = False) -> str:
        view = play.view()
        self.columns = view["layout"]["columns"]
        legal = play.legal()
        ui = play.ui
        self.tidy_ui(ui, view, legal)
        out = [f'<p class="status" data-testid="status">{esc(self.status(play, view, legal))}</p>']
        if view["phase"] == "over":
            out.append(self.end_note(play, view))
        above, below = self.panels(play, view, legal)
        out.append(above)
        out.append(self.town(play, view, legal))
        out.append(below)
        out.append(self.hand_panel(play, view))
        out.append(self.notebook_panel(view))
        out.append(self.players(play, view))
        return "".join(out)

    def tidy_ui(self, ui, view, legal):
        """Forget a choice the game has moved past (another seat's, a step gone)."""
        if ui.get("house") is not None:
            wanted = "choose_house" if view["phase"] == "choose" else "rob"
            if not any(a["type"] == wanted and a["house"] == ui["house"] for a in legal):
                ui["house"] = None
        if ui.get("mode") == "dues" and not any(a["type"] == "dues" for a in legal):
            ui["mode"] = None
        if ui.get("mode") == "box" and not any(a["type"] == "open_box" for a in legal):
            ui["mode"] = ui["suit"] = ui["value"] = None

    def status(self, play, view, legal) -> str:
        names = play.names
        viewer = view["seat"]
        ui = play.ui
        turn = view["turn"]
        step = view["step"]
        if view["phase"] == "over":
            outcome = view["outcome"] or {}
            winners = outcome.get("winners") or []
            if winners:
                return f"{join_names([names[s] for s in winners])} opened the Jeweled Box!"
            return f"The game is a draw: {DRAW_REASONS.get(outcome.get('reason'), 'nobody won')}."
        mine = viewer is not None and bool(legal)
        you = names[viewer] if viewer is not None else ""
        if view["phase"] == "draw_offer":
            offer = view["draw_offer"]
            if mine:
                return f"{you}: {names[offer['by']]} offers a draw. Do you agree?"
            return f"{names[offer['by']]} offers a draw; waiting for {names[offer['waiting'][0]]} to answer."
        if not mine:
            if play.save.table.kind(turn):
                doing = "choosing a house" if view["phase"] == "choose" else "thinking"
                return f"{names[turn]} is {doing}…"
            if view["phase"] == "choose":
                return f"{names[turn]} is choosing a house."
            return f"Round {view['round']}: {names[turn]}'s turn."
        if view["phase"] == "choose":
            if ui.get("house") is not None:
                return f"{you}: make {house_name(ui['house'], self.columns)} your house?"
            return f"{you}, choose your house: tap any free house in the town."
        if ui.get("mode") == "box":
            return "Open the Jeweled Box: choose a suit and a value, then open it."
        if step == "rob":
            if ui.get("house") is not None:
                return f"Rob {self.place(view, ui['house'], viewer, names)}: name its lock."
            return f"Your turn, {you}: tap a house to rob it."
        if step == "steal":
            return "You got in! Take one of the cards, or nothing."
        if step == "dues_second":
            return "Pay dues: choose the second card."
        if ui.get("mode") == "dues":
            return "Pay dues: choose the first of two cards."
        choices = []
        kinds = {a["type"] for a in legal}
        if "lock_door" in kinds:
            choices.append("lock the door")
        if "dues" in kinds:
            choices.append("pay dues")
        if "change_lock" in kinds:
            choices.append("change your lock")
        choices.append("end your turn")
        text = join_names(choices).replace(" and end", " or end")
        return f"{you}: {text}."

    def place(self, view, number, viewer, names) -> str:
        owner = view["houses"][number]["owner"]
        if owner is None:
            return house_name(number, self.columns)
        if owner == viewer:
            return "your house"
        return f"{names[owner]}'s house"

    def end_note(self, play, view) -> str:
        combination = view.get("combination")
        if not combination:
            return ""
        tried = view.get("wrong_combinations") or []
        extra = f' <span class="muted">Tried and wrong: {esc(", ".join(combo_text(c) for c in tried))}.</span>' if tried else ""
        return (f'<p class="panel combination" data-testid="combination">The combination was '
                f'{card_html(combination, "big")} <strong>{esc(card_words(combination))}</strong>.{extra}</p>')

    # -- the town ------------------------------------------------------------------------------------
    def town(self, play, view, legal) -> str:
        columns = view["layout"]["columns"]
        guild_at = view["layout"]["guild_house"]
        viewer = view["seat"]
        names = play.names
        ui = play.ui
        choosable = {a["house"] for a in legal if a["type"] == "choose_house"}
        robbable = {a["house"] for a in legal if a["type"] == "rob"}
        tiles = []
        for house in view["houses"]:
            tiles.append(self.house_tile(view, house, names, viewer, choosable | robbable, ui.get("house")))
        gh = view["guild_house"]
        top = ""
        if gh.get("known_top") == JOKER:
            top = f'<span class="gh-top">{card_html(JOKER)} on top</span>'
        label = f"Guild House: {gh['cards']} card{'s' if gh['cards'] != 1 else ''}" + (
            ", the Joker on top" if top else "")
        tiles.append(f'<div{attrs(class_="guild-house", style=grid_place(guild_at["row"], guild_at["column"]), role="img", aria_label=label)}>'
                     f'<span class="gh-name">Guild<br>House</span><span class="h-count">{gh["cards"]}</span>{top}</div>')
        wide = " wide" if columns > 4 else ""
        return (f'<div class="town{wide}" data-testid="town" style="--cols:{columns}">{"".join(tiles)}</div>'
                '<p class="legend muted"><span class="key slum"></span>slum (1 card) '
                '<span class="key rich"></span>rich house (2 cards) '
                '<span class="key yours"></span>yours</p>')

    def house_tile(self, view, house, names, viewer, tappable, selected) -> str:
        number = house["house"]
        owner = house["owner"]
        kind = house["kind"]
        classes = ["house", kind]
        where = house_name(number, self.columns)
        words = [where]
        if not house["in_play"]:
            classes.append("gone")
            words.append("out of play")
            inner = f'<span class="h-no">{number + 1}</span><span class="h-gone">empty</span>'
            return (f'<div{attrs(class_=" ".join(classes), style=grid_place(house["row"], house["column"]), role="img", aria_label=", ".join(words))}>'
                    f'{inner}</div>')
        if owner is not None:
            classes.append("owned")
            words.append("yours" if owner == viewer else f"{names[owner]}'s house")
            if owner == viewer:
                classes.append("mine")
        words.append(f"{house['cards']} card{'s' if house['cards'] != 1 else ''}")
        known = house.get("known_lock")
        if house["lock_face_up"] and house["lock"]:
            lock = f'<span class="lock up {colour(house["lock"])}">{esc(card_text(house["lock"]))}</span>'
            words.append(f"lock face up: {card_words(house['lock'])}")
        elif known:
            lock = f'<span class="lock down known {colour(known)}">{esc(card_text(known))}</span>'
            words.append(f"lock face down; you know it is the {card_words(known)}")
        else:
            lock = '<span class="lock down"></span>'
            words.append("lock face down")
        wrong = house.get("wrong_guesses") or []
        tried = ""
        if wrong:
            marks = "".join(f'<b class="{"red" if g in RED else "black"}">{esc(guess_mark(g))}</b>' for g in dict.fromkeys(wrong))
            tried = f'<span class="h-wrong" aria-hidden="true"><span class="h-not">not</span>{marks}</span>'
            words.append("wrong guesses: " + ", ".join(GUESS_WORDS.get(g, g) for g in dict.fromkeys(wrong)))
        who = ""
        if owner is not None:
            name = "you" if owner == viewer else esc(names[owner])
            who = f'<span class="h-owner"><span class="h-seat">{owner + 1}</span><span class="h-name">{name}</span></span>'
        inner = (f'<span class="h-top"><span class="h-no">{number + 1}</span>'
                 f'<span class="h-count">{house["cards"]}</span></span>{lock}{tried}{who}')
        style = grid_place(house["row"], house["column"])
        if number in tappable:
            if selected == number:
                classes.append("selected")
            classes.append("tappable")
            return (f'<button{attrs(class_=" ".join(classes), style=style, data_do="house", data_house=number, aria_pressed="true" if selected == number else "false", aria_label=", ".join(words))}>'
                    f'{inner}</button>')
        return f'<div{attrs(class_=" ".join(classes), style=style, role="img", aria_label=", ".join(words))}>{inner}</div>'

    # -- what the person holding the device may do now -----------------------------------------------
    def panels(self, play, view, legal):
        """(HTML above the town, HTML below it): decisions about the town go under it."""
        if not legal:
            return "", ""
        ui = play.ui
        kinds = {a["type"] for a in legal}
        extras = self.extras(play, view, legal)
        if view["phase"] == "choose":
            return "", self.choose_panel(play, view, legal) + extras
        if "answer_draw" in kinds:
            return self.draw_panel(play, view), ""
        if ui.get("mode") == "box":
            return self.box_panel(play, view, legal), ""
        step = view["step"]
        if step == "steal":
            return self.reveal_panel(play, view, legal), ""
        if step == "dues_second" or ui.get("mode") == "dues":
            return self.dues_panel(play, view, legal), ""
        if step == "rob":
            return "", self.rob_panel(play, view, legal) + extras
        return self.steps_panel(play, view, legal) + extras, ""

    def extras(self, play, view, legal) -> str:
        """Open the box and offer a draw: at any point of the turn where they are legal."""
        kinds = {a["type"] for a in legal}
        parts = []
        if "open_box" in kinds:
            parts.append(button("Open the Jeweled Box…", "box", "btn warn"))
        if "offer_draw" in kinds:
            parts.append(button("Offer a draw", "offer-draw", "btn small ghost"))
        if not parts:
            return ""
        return f'<p class="actions extras">{" ".join(parts)}</p>'

    def choose_panel(self, play, view, legal) -> str:
        number = play.ui.get("house")
        if number is None:
            return ""
        house = view["houses"][number]
        cards = house["cards"]
        return (f'<section class="panel choose" data-testid="choose"><p>{esc(house_name(number, self.columns)).capitalize()}: '
                f'{cards} card{"s" if cards != 1 else ""} for your hand, its lock face down in front of you.</p>'
                f'<p class="actions">{button("Make it my house", "choose", "btn primary big")} '
                f'{button("Choose another", "clear-house", "btn")}</p></section>')

    def rob_panel(self, play, view, legal) -> str:
        number = play.ui.get("house")
        if number is None:
            return ""
        house = view["houses"][number]
        names = play.names
        allowed = {a["guess"] for a in legal if a["type"] == "rob" and a["house"] == number}
        wrong = set(house.get("wrong_guesses") or [])
        known = house.get("known_lock")
        if house["lock_face_up"]:
            hint = f"Its lock is face up: the {card_words(house['lock'])}. Say it to walk in."
        elif known:
            hint = f"You know this lock: the {card_words(known)}."
        elif house["owner"] is not None:
            hint = ("Name a suit or a rank. Right: you see their whole hand and may take a card. "
                    "Wrong: you only hear that it was wrong.")
        else:
            hint = ("Name a suit or a rank. Right: you see inside and may take a card. "
                    "Wrong: you get a look at the lock.")
        if wrong and not house["lock_face_up"]:
            hint += " Already wrong here: " + ", ".join(GUESS_WORDS[g] for g in (SUITS + ROYALS) if g in wrong) + "."
        pads = []
        for guess in SUITS + ROYALS:
            cls = "btn guess-btn"
            if guess in SUITS:
                cls += " red" if guess in RED else " black"
            if guess in wrong:
                cls += " tried"
            if known and (guess == suit_of(known) or guess == rank_of(known)):
                cls += " hint"
            pads.append(button(f'<span class="sym">{esc(guess_mark(guess))}</span><span class="word">{esc(GUESS_WORDS[guess])}</span>',
                               "guess", cls, guess=guess, disabled=guess not in allowed,
                               aria_label=f"Guess {GUESS_WORDS[guess]}"))
        where = self.place(view, number, view["seat"], names)
        return (f'<section class="panel rob" data-testid="guess-pad"><h3>Rob {esc(where)}</h3>'
                f'<p class="muted">{esc(hint)}</p><div class="pad">{"".join(pads)}</div>'
                f'<p>{button("Choose another house", "clear-house", "btn small")}</p></section>')

    def reveal_panel(self, play, view, legal) -> str:
        pending = view.get("pending")
        if not pending:
            return ""
        number = pending["house"]
        names = play.names
        owner = view["houses"][number]["owner"]
        where = house_name(number, self.columns) if owner is None else f"{names[owner]}'s hand"
        takeable = {a["card"] for a in legal if a["type"] == "steal" and a["card"] is not None}
        cards = []
        for card in pending["cards"]:
            cards.append(button(f'{card_html(card, "big")}<span class="take">take this one</span>',
                                "steal", "btn steal-btn", card=card, disabled=card not in takeable,
                                aria_label=f"Take the {card_words(card)}"))
        last = ""
        if len(pending["cards"]) == 1:
            last = '<p class="muted">It is the last card: taking it takes the lock too, and the house leaves play.</p>'
        inside = "In" if owner is None else "You see"
        return (f'<section class="panel reveal" data-testid="reveal"><h3>{inside} {esc(where)}</h3>'
                f'<p class="muted">Only you see these now.</p><div class="steal-cards">{"".join(cards)}</div>{last}'
                f'<p class="actions">{button("Take nothing", "steal-none", "btn")}</p></section>')

    def steps_panel(self, play, view, legal) -> str:
        parts = []
        doors = sorted({a["card"] for a in legal if a["type"] == "lock_door"}, key=card_order)
        if doors:
            robbed = self.robbed_house(view)
            where = house_name(robbed["house"], self.columns) if robbed else "the house"
            old = f"its {card_text(robbed['lock'])}" if robbed and robbed.get("lock") else "its lock"
            buttons = " ".join(button(card_html(card), "lock-door", "btn card-btn", card=card,
                                      aria_label=f"Lock the door with the {card_words(card)}") for card in doors)
            parts.append(f'<div class="step"><p><strong>Lock the door</strong> of {esc(where)}: take '
                         f'{esc(old)} and put one of your royalties there face down.</p>'
                         f'<p class="actions">{buttons}</p></div>')
        if any(a["type"] == "dues" for a in legal):
            gh = view["guild_house"]["cards"]
            parts.append(f'<div class="step"><p><strong>Pay dues</strong>: two cards to the bottom of the '
                         f'Guild House, then take its top card ({gh} there now).</p>'
                         f'<p class="actions">{button("Pay dues…", "dues-start", "btn")}</p></div>')
        changes = sorted({a["card"] for a in legal if a["type"] == "change_lock"}, key=card_order)
        if changes:
            now = view.get("my_lock")
            buttons = " ".join(button(card_html(card), "change-lock", "btn card-btn", card=card,
                                      aria_label=f"Change your lock to the {card_words(card)}") for card in changes)
            current = f" (now {card_text(now)})" if now else ""
            parts.append(f'<div class="step"><p><strong>Change your lock</strong>{esc(current)} for a '
                         f'royalty from your hand:</p><p class="actions">{buttons}</p></div>')
        end = button("End turn", "end-turn", "btn primary big") if {"type": "end_turn"} in legal else ""
        skip = ('<p class="muted small">Each step is optional. Taking a later step skips the earlier ones.</p>'
                if len(parts) > 1 else "")
        return (f'<section class="panel steps" data-testid="steps">{"".join(parts)}{skip}'
                f'<p class="actions">{end}</p></section>')

    def robbed_house(self, view):
        """The house robbed this turn: the last rob by the seat whose turn it is."""
        for event in reversed(view["log"]):
            if event["type"] == "turn":
                return None
            if event["type"] == "rob" and event["by"] == view["turn"]:
                return view["houses"][event["house"]]
        return None

    def dues_panel(self, play, view, legal) -> str:
        cards = sorted({a["card"] for a in legal if a["type"] == "dues"}, key=card_order)
        paid = view.get("dues_paid") or []
        if paid:
            head = f"First card down: {card_text(paid[0])}. Now the second:"
            cancel = ""
        else:
            head = "Choose the first of the two cards to pay:"
            cancel = f'<p>{button("Cancel", "dues-cancel", "btn small")}</p>'
        buttons = " ".join(button(card_html(card), "dues", "btn card-btn", card=card,
                                  aria_label=f"Pay the {card_words(card)}") for card in cards)
        top = view["guild_house"].get("known_top")
        after = " You will draw the Joker: it is on top." if top == JOKER else " Then you draw the Guild House's top card."
        return (f'<section class="panel dues" data-testid="dues"><h3>Pay dues</h3>'
                f'<p>{esc(head)}</p><p class="actions">{buttons}</p>'
                f'<p class="muted">Both go to the bottom of the Guild House.{esc(after)}</p>{cancel}</section>')

    def box_panel(self, play, view, legal) -> str:
        ui = play.ui
        notebook = view.get("notebook")
        suits_out = set(notebook["suits_out"]) if notebook else set()
        values_out = set(notebook["values_out"]) if notebook else set()
        suits = []
        for suit in SUITS:
            cls = "btn pick " + ("red" if suit in RED else "black")
            cls += " on" if ui.get("suit") == suit else ""
            cls += " ruled-out" if suit in suits_out else ""
            suits.append(button(f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}", "box-suit", cls, suit=suit,
                                aria_pressed="true" if ui.get("suit") == suit else "false"))
        values = []
        for value in VALUES:
            cls = "btn pick value" + (" on" if ui.get("value") == value else "")
            cls += " ruled-out" if value in values_out else ""
            values.append(button(value, "box-value", cls, value=value,
                                 aria_pressed="true" if ui.get("value") == value else "false"))
        notes = []
        if notebook:
            possible = notebook["possible"]
            if possible:
                picks = " ".join(button(card_html(code), "box-pick", "btn card-btn", code=code,
                                        aria_label=f"Choose {card_words(code)}") for code in possible)
                notes.append(f'<p>Your notebook: still possible ({len(possible)}):</p><p class="actions combos">{picks}</p>')
            notes.append('<p class="muted">Crossed out: ruled out by cards you have seen.</p>')
        tried = view.get("wrong_combinations") or []
        if tried:
            notes.append(f'<p class="muted">Opened wrong before: {esc(", ".join(combo_text(c) for c in tried))}.</p>')
        chosen = ui.get("suit") and ui.get("value")
        label = f"Open it: {card_words(ui['value'] + ui['suit'])}" if chosen else "Open it"
        allowed = chosen and {"type": "open_box", "suit": ui["suit"], "value": ui["value"]} in legal
        return (f'<section class="panel box" data-testid="box"><h3>Open the Jeweled Box</h3>'
                f'<p class="muted">Right: you win. Wrong: the trap kills you and you are out.</p>'
                f'<div class="suits">{"".join(suits)}</div><div class="values">{"".join(values)}</div>'
                f'{"".join(notes)}'
                f'<p class="actions">{button(esc(label), "box-open", "btn primary big", disabled=not allowed)} '
                f'{button("Not now", "box-cancel", "btn")}</p></section>')

    def draw_panel(self, play, view) -> str:
        offer = view["draw_offer"]
        names = play.names
        return (f'<section class="panel draw" data-testid="draw-answer"><p>{esc(names[offer["by"]])} offers a draw. '
                f'If every player still in agrees, the game ends with no winner.</p>'
                f'<p class="actions">{button("Agree to a draw", "answer-draw", "btn", agree="yes")} '
                f'{button("No, play on", "answer-draw", "btn primary", agree="no")}</p></section>')

    # -- your own things -------------------------------------------------------------------------------
    def hand_panel(self, play, view) -> str:
        viewer = view["seat"]
        if viewer is None or "hand" not in view:
            return ""
        me = view["players"][viewer]
        hand = view["hand"]
        if view["phase"] == "choose" and me["house"] is None:
            return ""
        if me["out"]:
            return ('<section class="panel mine" data-testid="hand"><h3>You are out</h3>'
                    '<p class="muted">The trap got you; watch the others finish.</p></section>')
        cards = " ".join(card_html(card) for card in hand) or '<span class="muted">no cards</span>'
        lock = view.get("my_lock")
        if me["house"] is not None and lock:
            up = view["houses"][me["house"]]["lock_face_up"]
            state = "face up: everyone knows it" if up else "face down: only you know it"
            lock_line = (f'<p>Your lock on {esc(house_name(me["house"], self.columns))}: {card_html(lock, "" if up else "known")} '
                         f'<span class="muted">({state})</span></p>')
        else:
            lock_line = '<p class="muted">You have no house now (it was emptied); you play on.</p>'
        box = ('<p class="box-note">You hold the Jeweled Box. Open it on your turn when you know the '
               'combination.</p>' if JOKER in hand and view["phase"] != "over" else "")
        return (f'<section class="panel mine" data-testid="hand"><h3>Your hand · {len(hand)} '
                f'card{"s" if len(hand) != 1 else ""}</h3><div class="hand-cards">{cards}</div>'
                f'{lock_line}{box}</section>')

    def notebook_panel(self, view) -> str:
        notebook = view.get("notebook")
        if view["seat"] is None or not notebook:
            return ""
        suits = "".join(f'<span class="nb-mark{" out" if s in notebook["suits_out"] else ""} {"red" if s in RED else "black"}">'
                        f'{SUIT_SYMBOLS[s]}</span>' for s in SUITS)
        values = "".join(f'<span class="nb-mark{" out" if v in notebook["values_out"] else ""}">{v}</span>' for v in VALUES)
        seen = " ".join(card_html(card, "small") for card in notebook["cards_seen"]) or '<span class="muted">nothing yet</span>'
        possible = notebook["possible"]
        if len(possible) == 1:
            verdict = f"Only one combination is left: {esc(card_words(possible[0]))}."
        else:
            verdict = f"{len(possible)} combinations still possible."
        combos = " ".join(card_html(code, "small") for code in possible)
        mine = view["guild_house"].get("mine") or []
        dues = ""
        if mine:
            where = ", ".join(f"{card_text(m['card'])} ({'next to be drawn' if m['depth'] == 0 else ordinal(m['depth'] + 1) + ' from the top'})"
                              for m in mine)
            dues = f'<p class="muted">Your dues still in the Guild House: {esc(where)}.</p>'
        return (f'<details class="panel notebook" data-testid="notebook" open><summary>Notebook (Pen &amp; Paper)</summary>'
                f'<p>Suits: {suits}</p><p>Values: {values}</p>'
                f'<p class="muted small">Crossed out: ruled out by a card you have seen.</p>'
                f'<p><strong>{verdict}</strong></p><p class="combos">{combos}</p>'
                f'<p class="muted">Cards you have seen ({len(notebook["cards_seen"])}):</p><p class="seen">{seen}</p>{dues}</details>')

    def players(self, play, view) -> str:
        names = play.names
        viewer = view["seat"]
        items = []
        for player in view["players"]:
            seat = player["seat"]
            classes = ["pl"]
            if player["out"]:
                classes.append("out")
            if seat == view["turn"] and view["phase"] != "over":
                classes.append("turn")
            if seat == viewer:
                classes.append("you")
            winners = (view["outcome"] or {}).get("winners") or []
            if seat in winners:
                classes.append("win")
            if player["out"]:
                meta = "out"
            elif view["phase"] == "choose" and player["house"] is None:
                meta = "choosing" if seat == view["turn"] else "no house yet"
            else:
                house = f"house {player['house'] + 1}" if player["house"] is not None else "no house"
                meta = f"{house} · {player['hand']} card{'s' if player['hand'] != 1 else ''}"
            kind = play.save.table.kind(seat)
            bot = f' <span class="pl-bot">{esc(kind)}</span>' if kind else ""
            you = " (you)" if seat == viewer else ""
            items.append(f'<li{attrs(class_=" ".join(classes), data_seat=seat)}><span class="pl-no">{seat + 1}</span>'
                         f'<span class="pl-name">{esc(names[seat])}{you}{bot}</span>'
                         f'<span class="pl-meta">{esc(meta)}</span></li>')
        return f'<section class="players-wrap"><h3 class="sr">Players</h3><ol class="players">{"".join(items)}</ol></section>'

    # -- taps ------------------------------------------------------------------------------------------
    def on(self, play, do, data):
        ui = play.ui
        if do == "house":
            ui["house"] = int(data["house"])
            return None
        if do == "clear-house":
            ui["house"] = None
            return None
        if do == "choose" and ui.get("house") is not None:
            return {"type": "choose_house", "house": ui["house"]}
        if do == "guess" and ui.get("house") is not None:
            return {"type": "rob", "house": ui["house"], "guess": data["guess"]}
        if do == "steal":
            return {"type": "steal", "card": data["card"]}
        if do == "steal-none":
            return {"type": "steal", "card": None}
        if do == "lock-door":
            return {"type": "lock_door", "card": data["card"]}
        if do == "dues-start":
            ui["mode"] = "dues"
            return None
        if do == "dues-cancel":
            ui["mode"] = None
            return None
        if do == "dues":
            return {"type": "dues", "card": data["card"]}
        if do == "change-lock":
            return {"type": "change_lock", "card": data["card"]}
        if do == "end-turn":
            return {"type": "end_turn"}
        if do == "box":
            ui.update(mode="box", suit=None, value=None, house=None)
            return None
        if do == "box-suit":
            ui["suit"] = data["suit"]
            return None
        if do == "box-value":
            ui["value"] = data["value"]
            return None
        if do == "box-pick":
            code = data["code"]
            ui["suit"], ui["value"] = suit_of(code), rank_of(code)
            return None
        if do == "box-cancel":
            ui.update(mode=None, suit=None, value=None)
            return None
        if do == "box-open" and ui.get("suit") and ui.get("value"):
            return {"type": "open_box", "suit": ui["suit"], "value": ui["value"]}
        if do == "offer-draw":
            return {"type": "offer_draw"}
        if do == "answer-draw":
            return {"type": "answer_draw", "agree": data.get("agree") == "yes"}
        return None

    # -- the log in words ------------------------------------------------------------------------------
    def describe(self, event, names, viewer) -> str | None:
        columns = self.columns

        def who(seat):
            return "you" if seat == viewer else names[seat]

        def Who(seat):
            text = who(seat)
            return text[0].upper() + text[1:]

        def where(number, owner):
            if owner is None:
                return house_name(number, columns)
            return "your house" if owner == viewer else f"{names[owner]}'s house"

        kind = event.get("type")
        if kind == "choose_house":
            text = f"{Who(event['by'])} chose {house_name(event['house'], columns)}."
            if "cards" in event:
                text = (f"You chose {house_name(event['house'], columns)}: {card_list(event['cards'])} in "
                        f"your hand, the {card_words(event['lock'])} as your lock.")
            return text
        if kind == "turn":
            return f"Round {event['round']}: {'your' if event['seat'] == viewer else names[event['seat']] + chr(39) + 's'} turn."
        if kind == "rob":
            guess = GUESS_WORDS.get(event["guess"], event["guess"])
            target = where(event["house"], event.get("owner"))
            if event["hit"]:
                lock = f": the lock is the {card_words(event['lock'])}, face up now" if event.get("lock") else ""
                return f"{Who(event['by'])} named {guess} at {target} — right{lock}."
            return f"{Who(event['by'])} named {guess} at {target} — wrong."
        if kind == "saw":
            owner = event.get("owner")
            if owner is None:
                return f"You saw {card_list(event['cards'])} in {house_name(event['house'], columns)}."
            return f"You saw {names[owner]}'s hand: {card_list(event['cards'])}."
        if kind == "learned_lock":
            return f"You got a look at the lock of {house_name(event['house'], columns)}: the {card_words(event['lock'])}."
        if kind == "steal":
            by, owner = event["by"], event.get("owner")
            target = where(event["house"], owner)
            if not event["took"]:
                return f"{Who(by)} took nothing from {target}."
            if "card" in event:
                if by == viewer:
                    text = f"You took the {card_words(event['card'])} from {target}"
                else:
                    text = f"{Who(by)} took your {card_words(event['card'])}"
            else:
                text = f"{Who(by)} took a card from {target}"
            if event.get("took_lock"):
                text += " — the last one, so the lock too; the house is out of play"
            return text + "."
        if kind == "lock_door":
            target = house_name(event["house"], columns)
            if "placed" in event:
                return (f"You locked the door of {target}: the {card_words(event['took'])} to your hand, "
                        f"the {card_words(event['placed'])} face down in its place.")
            return (f"{Who(event['by'])} locked the door of {target}: took its {card_words(event['took'])} "
                    f"and put a royalty there face down.")
        if kind == "dues":
            by = event["by"]
            if "paid" in event:
                return (f"You paid dues with {card_list(event['paid'])} and drew the "
                        f"{card_words(event['drew'])}" + (" — the Jeweled Box!" if event["drew"] == JOKER else "."))
            if event.get("drew") == JOKER:
                return f"{Who(by)} paid dues and drew the Joker from the top of the Guild House: the Jeweled Box!"
            return f"{Who(by)} paid dues: two cards into the Guild House, one drawn."
        if kind == "change_lock":
            by = event["by"]
            if "new" in event:
                return (f"You changed your lock: the {card_words(event['old'])} back to your hand, "
                        f"the {card_words(event['new'])} face down in its place.")
            old = f" (the face-up {card_words(event['old'])} went back to their hand)" if event.get("old") else ""
            return f"{Who(by)} changed their lock{old}."
        if kind == "open_box":
            combo = card_words(event["value"] + event["suit"])
            if event["right"]:
                return f"{Who(event['by'])} opened the Jeweled Box with the {combo} — right!"
            return f"{Who(event['by'])} tried the {combo} on the Jeweled Box — wrong! The trap springs."
        if kind == "out":
            seat, count = event["seat"], event["cards"]
            cards = f"{count} card{'s' if count != 1 else ''}"
            if event["to"] == "guild_house":
                return f"{Who(seat)} {'are' if seat == viewer else 'is'} out: {cards} go to the bottom of the Guild House."
            return (f"{Who(seat)} {'are' if seat == viewer else 'is'} out: {cards} lie face down under the lock of "
                    f"house {event['house'] + 1}, which joins the town.")
        if kind == "draw_offer":
            return f"{Who(event['by'])} offered a draw."
        if kind == "draw_answer":
            if event["agree"]:
                return f"{Who(event['by'])} agreed to a draw."
            return f"{Who(event['by'])} said no to a draw: play on."
        if kind == "over":
            combo = f" The combination was the {card_words(event['combination'])}." if event.get("combination") else ""
            winners = event.get("winners") or []
            if winners:
                return f"{join_names([Who(s) if i == 0 else who(s) for i, s in enumerate(winners)])} {'win' if winners == [viewer] else 'wins'}!{combo}"
            reason = DRAW_REASONS.get(event.get("reason"), "nobody won")
            return f"{reason[0].upper()}{reason[1:]}: the game is a draw.{combo}"
        return None


def guess_mark(guess: str) -> str:
    return SUIT_SYMBOLS.get(guess, guess)


def grid_place(row: int, column: int) -> str:
    return f"grid-row:{row + 1};grid-column:{column + 1}"
