"""Thieves of Eldris: the one function that builds a seat's view (the only door to secrets).

View: ``state.view(seat)`` (``seat=None`` is the public view; keys marked *seat* are absent there)
------------------------------------------------------------------------------------------------
The header: ``game`` "thieves-of-eldris", ``seat``, ``seats``, ``phase``, ``to_act``, ``log``,
``outcome``.  ``phase`` is the step below ("choose", "slip", "dexterity", "wisdom",
"intelligence", "constitution", "nick", "replace", "wager", "over").

``options``, ``mode``    the table's options; "solo", "small" (2-4) or "large" (5-6)
``round``, ``rounds``    the round, and the last one (solo 4; else None: the game ends at $8)
``turn``                 whose turn it is (None when over); ``step`` = ``phase``
``square``               24 entries, position ``row * 6 + column``: {"position", "row", "column",
                         "character", "trait", "occupied", "place": corner|edge|centre,
                         "tokens": ["target", "cutpurse", "rival", "threat", "wager"]} (tokens
                         as on the table: Targets with 5-6 players and solo, the solo ones; none
                         solo without tokens, apart from wagers)
``dice``                 [{"trait", "spent"}] of the roll under way ([] between turns)
``doubles``              the abilities the roll offers now (doubles or triples), else []
``rerolled``             the Sigil reroll was used this turn
``strength``             the player to act took the Strength ability this turn (public)
``dexterity``            where the Dexterity card stands after its first step, else None
``deck``                 cards left in the Townsfolk deck
``display``              the Display of Targets (5-6 players, solo), else []
``players``              one per seat: {"seat", "money" (half coins), "sigil" (active?), "out",
                         "chosen", "cards" (face down in front of them), "stolen", "claimed",
                         "known_cutpurse" (shown by a wrong Reveal, else None), "shadow_in_use"}
``victim``               the player choosing a new Cutpurse after a right Reveal, else None
``solo``                 solo only: {"rivals": [names], "threats": [traits of the concealed
                         cards], "spoils" (half coins), "wagers": [names], "won": [Rivals won by
                         wagers], "tokens": bool}, else None
``cutpurse``             *seat* its Cutpurse (None before choosing)
``targets``              *seat* its face-down Targets (2-4), else []
``shadow``               *seat* its Shadow (5-6), else None
``dealt``                *seat* the cards it has still to sort at its first turn
``peek``                 *seat* the top card of the deck while its Charisma peek still holds, else None

Everything turned up: ``state.view_all()``, and every view once the game is over
--------------------------------------------------------------------------------
The public view (``seat`` None) with every hidden thing of the moment added, for watching a
finished game back (never for a game on a screen); at the end every view holds the same keys,
since the end turns every card up:

``hands``                one per seat: {"seat", "cutpurse", "targets", "shadow", "dealt", "peek"}
                         (as the *seat* keys above)
``deck_cards``           the Townsfolk deck's cards, top first
``solo``                 solo: with ``"threat_cards"``, the concealed Threats' names
"""
from __future__ import annotations

from ..kit import check_seat, view_header
from .rules import COLUMNS, SOLO_ROUNDS, TRAIT_OF, place_kind


def _tokens(state, character) -> list:
    tokens = []
    showing = state.mode != "small" and not state.options["without_tokens"]
    if showing and character in state.display and state.in_square(character):
        tokens.append("target")
    if state.mode == "solo":
        if showing:
            if character == state.cutpurse[0]:
                tokens.append("cutpurse")
            if character in state.rivals and state.in_square(character):
                tokens.append("rival")
            if character in state.threat_marks:
                tokens.append("threat")
        if character in state.wagers:
            tokens.append("wager")
    return tokens


def _square(state) -> list:
    return [{"position": p, "row": p // COLUMNS, "column": p % COLUMNS, "character": name,
             "trait": TRAIT_OF[name], "occupied": name not in state.gone, "place": place_kind(p),
             "tokens": _tokens(state, name)} for p, name in enumerate(state.square)]


def _player(state, seat) -> dict:
    return {"seat": seat, "money": state.money[seat], "sigil": state.sigil[seat],
            "out": state.out[seat], "chosen": state.chosen[seat],
            "cards": len(state.own_cards(seat)), "stolen": list(state.stolen[seat]),
            "claimed": list(state.claimed[seat]), "known_cutpurse": state.known[seat],
            "shadow_in_use": state.revealed_once[seat]}


def _secrets(state, seat) -> dict:
    """The seat's own cards, as its view holds them."""
    return {"cutpurse": state.cutpurse[seat], "targets": list(state.targets[seat]),
            "shadow": state.shadow[seat], "dealt": list(state.dealt[seat]), "peek": state.peek[seat]}


def build_view(state, seat=None, everything=False) -> dict:
    """Everything ``seat`` may know (None: what everyone knows); ``everything``: every hidden
    thing turned up as well (as at the end)."""
    check_seat(seat, state.seats)
    over = state.step == "over"
    view = {
        **view_header(state, seat, state.step),
        "options": dict(state.options),
        "mode": state.mode,
        "round": state.round,
        "rounds": SOLO_ROUNDS if state.mode == "solo" else None,
        "turn": None if over else state.current,
        "step": state.step,
        "square": _square(state),
        "dice": [{"trait": trait, "spent": spent} for trait, spent in zip(state.dice, state.spent)],
        "doubles": state.doubles(),
        "rerolled": state.rerolled,
        "strength": state.strength and not over,
        "dexterity": state.dex_at,
        "deck": len(state.deck),
        "display": list(state.display),
        "players": [_player(state, s) for s in range(state.seats)],
        "victim": state.victim,
        "solo": None,
    }
    if state.mode == "solo":
        view["solo"] = {"rivals": [c for c in state.rivals if c not in state.gone],
                        "threats": [TRAIT_OF[c] for c in state.threats],
                        "spoils": state.spoils, "wagers": list(state.wagers),
                        "won": list(state.won_rivals),
                        "tokens": not state.options["without_tokens"]}
    if seat is not None:
        view.update(_secrets(state, seat))
    if everything or over:
        view["hands"] = [{"seat": s, **_secrets(state, s)} for s in range(state.seats)]
        view["deck_cards"] = state.deck[::-1]
        if view["solo"] is not None:
            view["solo"]["threat_cards"] = list(state.threats)
    return view


def view_all(state) -> dict:
    """The public view with every hidden thing turned up: for watching a finished game back only."""
    return build_view(state, None, everything=True)
