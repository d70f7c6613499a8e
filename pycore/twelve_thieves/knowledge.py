"""12 Thieves: what the bots read from a seat's view.  A bot sees exactly its view and keeps
nothing between calls: :func:`board_from_view` rebuilds a small copy of the board from it (the
engine's own state and move handlers, the other hands left empty, since a bot never reads them),
:func:`tried` plays an action on a copy, and the rest read access, costs and the ways to a count.
"""
from __future__ import annotations

from ..kit import EventLog
from .rules import CARDS, THIEF_ACTIONS, TwelveState, card_index

THIEF_KINDS = ("place_thief", "steal", "escort")
GUARD_MOVES = ("move_guard", "move_neutral")


def board_from_view(view) -> TwelveState:
    """The engine's state for what ``view`` shows: its own hand filled in, other hands empty, an
    empty deck and log (a bot only tries its own moves on it)."""
    state = object.__new__(TwelveState)
    seats, seat = view["seats"], view["seat"]
    # No game: a board a bot tries moves on is never viewed, recorded nor resampled.
    state.game, state.seats, state.options = None, seats, {}
    state.log, state.history, state._news = EventLog(), [], []
    state.deck, state.discard = [], list(view["discard"])
    state.dancer_supply = view["dancer_supply"]
    state.hands = [[0] * len(CARDS) for _ in range(seats)]
    for card in view["hand"]:
        state.hands[seat][card_index(card)] += 1
    state.guards = [list(p["guards"]) for p in view["palaces"]]
    state.thieves = [list(p["thieves"]) for p in view["palaces"]]
    state.chests = [list(p["chests"]) for p in view["palaces"]]
    state.won = [list(player["chests"]) for player in view["players"]]
    state.guards_to_place = [player["guards_to_place"] for player in view["players"]]
    state.phase, state.current, state.round = view["phase"], view["turn"], view["round"]
    state.step, state.thief_actions = view["step"], view["thief_actions"]
    state.acted, state.draws_left = view["acted"], view["draws_left"]
    state.winners = state.reason = None
    state.hand_sizes = [player["hand"] for player in view["players"]]
    state.tell = _unheard      # a bot's trials need no log
    return state


def _unheard(public, private=None):
    return None


def tried(state, seat, action) -> TwelveState:
    """A copy of ``state`` after ``seat`` takes a legal ``action`` (the engine's own handler)."""
    other = object.__new__(TwelveState)
    other.__dict__.update(state.__dict__)
    state.copy_table(other)
    fields = {key: value for key, value in action.items() if key != "type"}
    other.moves.moves[action["type"]].handler(other, seat, fields)
    return other


def of_type(legal, *kinds):
    return [action for action in legal if action["type"] in kinds]


def access_cost(state, seat, palace):
    """What a thief of ``seat`` costs at ``palace`` (None: it cannot place one there)."""
    owners = state.guards[palace]
    if seat not in owners or not state.chests[palace]:
        return None
    foreign = sum(1 for owner in owners if owner != seat)
    return foreign or None


def gathers(view, escort) -> bool:
    """An escort that takes a thief from a palace with no chest left, or to at least as many of
    the mover's thieves as it leaves behind."""
    seat, palaces = view["seat"], view["palaces"]
    source, destination = palaces[escort["from"]], palaces[escort["to"]]
    return not source["chests"] or destination["thieves"][seat] >= source["thieves"][seat]


def full_count(board, seat) -> bool:
    """Do ``seat``'s thieves somewhere reach the top chest (a steal waits, now or next turn)?"""
    return any(board.can_steal(seat, palace) for palace in range(len(board.chests)))


def one_short(board, seat) -> set:
    """The palaces where ``seat`` is one thief short of the top chest."""
    return {palace for palace, (stack, thieves) in enumerate(zip(board.chests, board.thieves))
            if stack and stack[0] - thieves[seat] == 1}


def cheapest_ways(legal, price) -> list:
    """For each move in ``legal`` (but the end of the turn), the way to pay for it that ``price``
    (a payment's cost) finds cheapest."""
    best = {}
    for action in legal:
        if action["type"] == "end_turn":
            continue
        key = (action["type"], action.get("palace"), action.get("from"), action.get("to"))
        cost = price(action.get("pay", ()))
        if key not in best or cost < best[key][0]:
            best[key] = (cost, action)
    return [action for _, action in best.values()]


def _choices(board, seat, kinds) -> list:
    return [{"type": kind, **choice} for kind in kinds for choice in board.moves.moves[kind].choices(board, seat)]


def ways_to_a_count(board, seat, legal, price, depth=2) -> list:
    """The actions that begin a way, this turn, to bring ``seat``'s thieves to a full count where
    none is full yet: a thief placed, or a guard moved with a thief (RULINGS: a thief action),
    that completes one; with ``depth`` 2 also a guard move that opens the way for such a thief
    action.  When every thief is out and every count is one short, leading a thief
    with its guard to its fellows is the only way on, however little it looks like on the board."""
    if full_count(board, seat) or board.thief_actions >= THIEF_ACTIONS:
        return []
    short = one_short(board, seat)
    adders = [action for action in cheapest_ways(of_type(legal, "place_thief", "escort"), price)
              if action.get("palace", action.get("to")) in short]
    completing = [action for action in adders if full_count(tried(board, seat, action), seat)]
    if completing or depth < 2 or not short:
        return completing
    # Only a guard move at a palace one short (a foreign guard in, for access; a space freed, for
    # an escort) or to where this seat's thieves wait (a guard to lead one) can open the way.
    mine = board.thieves
    firsts = [action for action in cheapest_ways(of_type(legal, *GUARD_MOVES), price)
              if action["from"] in short or action["to"] in short
              or (action["type"] == "move_guard" and mine[action["to"]][seat])]
    for first in firsts:
        after = tried(board, seat, first)
        seconds = [action for action in cheapest_ways(_choices(after, seat, ("place_thief", "escort")), price)
                   if action.get("palace", action.get("to")) in short]
        if any(full_count(tried(after, seat, second), seat) for second in seconds):
            completing.append(first)
    return completing
