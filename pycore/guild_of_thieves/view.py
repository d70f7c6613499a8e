"""Guild of Thieves: the one function that builds a seat's view (the only door to secrets).

View: ``state.view(seat)`` (``seat=None`` is the public view; the keys marked *seat* are absent there;
a seat not at the table raises ValueError)
------------------------------------------------------------------------------------------------------
The header (every game's view starts so):

``game``            "guild-of-thieves"
``seat``            the seat this view is for, or None
``seats``           number of seats
``phase``           "choose" (choosing houses), "turn", "draw_offer" (answers pending), "over"
``to_act``          list of seats that may act now
``log``             the events this seat has seen (public ones, plus its own private ones), oldest first
``outcome``         the outcome once over, else None

Then the game's own keys:

``options``         the options of the table
``turn``            the seat whose turn (or choice) it is; None when over
``step``            in a turn: "rob", "steal", "lock_door", "dues", "dues_second", "change_lock",
                    "end" (the earliest step still open); None otherwise
``round``           the round number (1..100) once turns begin, 0 while choosing houses
``draw_offer``      None or {"by": seat, "waiting": [seats still to answer]}
``layout``          {"rows": 4, "columns": 4|8, "guild_house": {"row": 1, "column": 4|8}}
``houses``          list, one per house: {"house": k, "kind": "slum"|"rich", "row": r,
                    "column": c, "owner": seat|None, "in_play": bool, "cards": count,
                    "lock_face_up": bool, "lock": code if face up or the game is over, else None,
                    "wrong_guesses": [guesses publicly wrong since this lock was put there],
                    "known_lock": *seat* code of the lock if this seat knows it now (face up,
                    its own, one it placed, one it looked at and that has not moved since) or None}
``guild_house``     {"cards": count, "known_top": "JK" while the I Know Where You Live Joker is
                    untouched, else None, "mine": *seat* [{"depth": i, "card": code}] the cards this
                    seat paid in that are still there (depth 0 = the next card drawn)}
``players``         list, one per seat: {"seat": s, "out": bool, "house": k|None, "hand": count,
                    "cards": the hand's cards once the game is over (everything is turned up), else None}
``wrong_combinations``  combinations publicly opened wrong, e.g. ["5H"]
``hand``            *seat* the cards in this seat's hand (its house, if it has one)
``my_lock``         *seat* the code of its own lock, or None
``seen``            *seat* every card code this seat has ever seen (sorted; its own memory)
``pending``         *seat* while this seat steals: {"house": k, "cards": [codes shown]}; else None
``dues_paid``       *seat* the first dues card while choosing the second, else []
``notebook``        *seat*, only with Pen & Paper: {"suits_out": [...], "values_out": [...],
                    "cards_seen": [...], "possible": ["5H", ...]}
``combination``     the combination ("5H") once the game is over, else None
``robbed``          the house robbed in the turn under way (by whoever's turn it is), else None

Everything turned up: once the game is over, every view, and ``state.view_all()`` at any moment
(for watching a finished game back, never for a game on a screen: it is the public view with
nothing hidden) hold every lock (``houses[k]["lock"]``), every hand (``players[s]["cards"]``), the
``combination``, and these keys, absent otherwise:

``houses[k]["contents"]``       the cards of house k in play (a player's house: their hand), sorted
``guild_house["contents"]``     the Guild House's cards, top first: [{"depth": i, "card": code,
                                "by": the seat that paid it in, or None (the deal, a dead hand)}]
``joker``                       where the Joker lies: {"where": "hand", "seat": s},
                                {"where": "house", "house": k} or {"where": "guild_house", "depth": i}
"""
from __future__ import annotations

from ..kit import check_seat, view_header
from .rules import COLUMNS, GUILD_HOUSE_ROW, JOKER, ROWS, card_order, known_lock, notebook


def _house(state, seat, house, turned_up) -> dict:
    """One house as ``seat`` sees it (``turned_up``: everything turned up)."""
    entry = {"house": house.number, "kind": house.kind, "row": house.row,
             "column": house.column, "owner": house.owner, "in_play": house.in_play,
             "cards": len(state.cards_of(house)) if house.in_play else 0,
             "lock_face_up": house.face_up,
             "lock": house.lock if house.face_up or turned_up else None,    # the end turns every lock up
             "wrong_guesses": list(house.wrong_guesses)}
    if seat is not None:
        entry["known_lock"] = known_lock(state, seat, house)
    if turned_up:
        entry["contents"] = sorted(state.cards_of(house), key=card_order) if house.in_play else []
    return entry


def _secrets(state, seat) -> dict:
    """The keys only a seat's own view has."""
    home = state.home[seat]
    stealing = state.stepping(seat, ("steal",))
    secrets = {
        "hand": sorted(state.hands[seat], key=card_order),
        "my_lock": state.houses[home].lock if home is not None else None,
        "seen": sorted(state.seen[seat], key=card_order),
        "pending": ({"house": state.robbed,
                     "cards": sorted(state.cards_of(state.houses[state.robbed]), key=card_order)}
                    if stealing else None),
        "dues_paid": [state.dues_first] if state.dues_first is not None and state.current == seat else [],
    }
    if state.pen_and_paper:
        secrets["notebook"] = notebook(state.seen[seat], state.wrong_combinations)
    return secrets


def _where_the_joker_is(state) -> dict | None:
    """Where the Joker lies (None: in nobody's hands yet, nowhere on the table)."""
    for seat, hand in enumerate(state.hands):
        if JOKER in hand:
            return {"where": "hand", "seat": seat}
    for house in state.houses:
        if house.in_play and house.owner is None and JOKER in house.cards:
            return {"where": "house", "house": house.number}
    for depth, (card, _) in enumerate(state.guild):
        if card == JOKER:
            return {"where": "guild_house", "depth": depth}
    return None


def build_view(state, seat=None, everything=False) -> dict:
    """Everything ``seat`` may know (None: what everyone knows); ``everything``: nothing hidden
    (the end turns everything up for every seat)."""
    check_seat(seat, state.seats)
    turned_up = everything or state.phase == "over"
    columns = COLUMNS[state.double]
    guild = {"cards": len(state.guild), "known_top": JOKER if state.joker_on_top_known else None}
    if seat is not None:
        guild["mine"] = [{"depth": depth, "card": card}
                         for depth, (card, by) in enumerate(state.guild) if by == seat]
    view = {
        **view_header(state, seat, state.phase),
        "options": dict(state.options),
        "turn": None if state.phase == "over" else state.current,
        "step": state.step if state.phase == "turn" else None,
        "round": state.round,
        "draw_offer": ({"by": state.draw_offer["by"], "waiting": list(state.draw_offer["waiting"])}
                       if state.draw_offer else None),
        "layout": {"rows": len(ROWS), "columns": columns,
                   "guild_house": {"row": GUILD_HOUSE_ROW, "column": columns}},
        "houses": [_house(state, seat, house, turned_up) for house in state.houses],
        "guild_house": guild,
        "players": [{"seat": s, "out": state.out[s], "house": state.home[s],
                     "hand": len(state.hands[s]),
                     "cards": sorted(state.hands[s], key=card_order) if turned_up else None}
                    for s in range(state.seats)],
        "wrong_combinations": list(state.wrong_combinations),
        "combination": state.combination_code if turned_up else None,
        "robbed": state.robbed if state.phase in ("turn", "draw_offer") else None,
    }
    if turned_up:
        guild["contents"] = [{"depth": depth, "card": card, "by": by if by >= 0 else None}
                             for depth, (card, by) in enumerate(state.guild)]
        view["joker"] = _where_the_joker_is(state)
    if seat is not None:
        view.update(_secrets(state, seat))
    return view


def view_all(state) -> dict:
    """The public view with every hidden thing turned up (watching a finished game back)."""
    return build_view(state, None, everything=True)
