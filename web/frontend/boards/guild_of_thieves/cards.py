"""Guild of Thieves' small pieces: cards as the table draws them, houses named as they lie, and what
the seat on screen did in its latest turn (read from its own log)."""
from __future__ import annotations

from pycore.guild_of_thieves import JOKER, SUIT_SYMBOLS, card_text, card_words, house_name, suit_of

from ...markup import attrs, esc

RED = ("D", "H")        # suits of the red colour
# Four colours, each with its own symbol, so shape and colour both tell a suit (colour-blind safe).
SUIT_INKS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def ink(suit: str) -> str:
    """The classes a suit is drawn in: its colour (red, black) and its own ink."""
    return ("red " if suit in RED else "black ") + SUIT_INKS[suit]


def colour(card: str) -> str:
    return "joker" if card == JOKER else ink(suit_of(card))


def card_html(card: str, extra: str = "") -> str:
    cls = f"gcard {colour(card)}" + (f" {extra}" if extra else "")
    return f'<span{attrs(class_=cls, title=card_words(card))}>{esc(card_text(card))}</span>'


def cards_html(cards, extra: str = "") -> str:
    return "".join(card_html(card, extra) for card in cards)


def guess_mark(guess: str) -> str:
    """A lock guess as its sign: ♥ for Hearts, K for King."""
    return SUIT_SYMBOLS.get(guess, guess)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def house_label(view, number) -> str:
    """'slum 3', 'rich house 7' (numbered 1.. row by row, as on the board)."""
    return house_name(number, view["houses"][number]["kind"])


def place(view, number, names) -> str:
    """A house as the seat on screen calls it: 'slum 3', 'your house', "Ben's house"."""
    owner = view["houses"][number]["owner"]
    if owner is None:
        return house_label(view, number)
    return "your house" if owner == view["seat"] else f"{names[owner]}'s house"


def own_turn(view) -> list:
    """The events of the latest turn of the seat on screen, as its own log tells them (what it saw
    included), from its "turn" event to the next one; [] for the public view or before any turn."""
    viewer, log = view["seat"], view["log"]
    if viewer is None:
        return []
    starts = [index for index, event in enumerate(log) if event["type"] == "turn" and event["seat"] == viewer]
    if not starts:
        return []
    events = []
    for event in log[starts[-1] + 1:]:
        if event["type"] == "turn":
            break
        events.append(event)
    return events


def visit(view) -> dict | None:
    """What the seat on screen learned at the house it robbed in its latest turn: {"house", "owner",
    "guess", "hit", "saw" (the cards inside), "lock" (seen or turned up), "took" (a card or None)}."""
    found = None
    for event in own_turn(view):
        kind = event["type"]
        if kind == "rob":
            found = {"house": event["house"], "owner": event.get("owner"), "guess": event["guess"],
                     "hit": event["hit"], "saw": [], "lock": event.get("lock"), "took": None}
        elif found and kind == "saw":
            found["saw"] = list(event["cards"])
        elif found and kind == "learned_lock":
            found["lock"] = event["lock"]
        elif found and kind == "steal":
            found["took"] = event.get("card")
    return found


def new_cards(view) -> set:
    """Cards that came to the seat's hand in its latest turn (stolen, drawn from the Guild House)."""
    cards = set()
    for event in own_turn(view):
        if event["type"] == "steal" and event.get("card"):
            cards.add(event["card"])
        elif event["type"] == "dues" and "paid" in event:
            cards.add(event["drew"])
    return cards & set(view.get("hand") or [])
