"""Thieves of Eldris' board in CPython, beyond what every board is tested for (test_frontend_boards):
the rings on the Square mark exactly what each die can move and where the Cutpurse reaches, the
dice wait for the person's Roll, the landing shows the money and the new Target, the hand-over
shows nothing of the next turn, the end turns every card up, and the words (recap, reason)."""
import json
import random
import re
from html import unescape

import pytest

import pycore
from frontend.boards import BOARDS
from frontend.boards.thieves_of_eldris.look import chip, position_of
from pycore.thieves_of_eldris import money
from frontend.shell.play import Scene

GAME = pycore.GAMES["thieves-of-eldris"]
board = BOARDS["thieves-of-eldris"]
NAMES = ["Ana", "Ben", "Cat", "Dan", "Eve", "Fay"]


class Elements:
    """Every element of some HTML with its attributes (the class split; values unescaped), in
    page order: the board's HTML is our own, every attribute quoted."""
    TAG = re.compile(r'<([a-z]+)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*/?>')
    ATTR = re.compile(r'([\w-]+)(?:="([^"]*)")?')

    def __init__(self, html):
        self.found = []
        for match in self.TAG.finditer(html):
            found = {name: unescape(value) for name, value in self.ATTR.findall(match.group(2))}
            found["tag"], found["classes"] = match.group(1), set((found.get("class") or "").split())
            self.found.append(found)

    def with_class(self, cls):
        return [element for element in self.found if cls in element["classes"]]


def draw(state, seat, moment="turn", draft=None, bots=None):
    """The board's regions for ``seat`` (None: the public view) at ``moment``."""
    legal = state.legal_actions(seat) if seat is not None and moment == "turn" else []
    scene = Scene(state.view(seat), legal, draft if draft is not None else board.new_draft(),
                  NAMES[:state.seats], bots or {}, [], moment)
    return board.draw(scene), scene.draft


def shown_roll(state, seat):
    """A draft that has already shown this turn's roll (the person tapped Roll)."""
    draft = board.new_draft()
    board.tap(draft, "roll", {}, state.view(seat))
    return draft


def play_until(state, stop, seed=1, level="sharp"):
    rng = random.Random(seed)
    while not state.is_over and not stop(state):
        seat = state.to_act[0]
        state.apply(seat, GAME.bots[level].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


def random_states(seats, games=6, seed=0, steps=150):
    """The decision points of a few random games (bots of every level, so every step shows up)."""
    rng = random.Random(seed)
    for game in range(games):
        state = GAME.new_game(seats, seed * 100 + game)
        level = ("novice", "sharp", "ruthless")[game % 3]
        for _ in range(steps):
            if state.is_over:
                break
            yield state
            seat = state.to_act[0]
            state.apply(seat, GAME.bots[level].choose(state.view(seat), state.legal_actions(seat), rng))


# -- the Square marks the choice ----------------------------------------------------------------------
@pytest.mark.parametrize("seats", [1, 3, 5])
def test_the_rings_mark_exactly_the_cards_each_die_can_move(seats):
    """After the roll every card a die can move wears that die's ring (data-movers names the
    dice), and no other card does: for each die, the ringed cards are the cards a legal move of
    that die moves."""
    checked = 0
    for state in random_states(seats, games=2, seed=seats, steps=100):
        if state.step != "slip":
            continue
        seat = state.to_act[0]
        regions, _ = draw(state, seat, draft=shown_roll(state, seat))
        tiles = Elements(regions.board).with_class("tile")
        view, legal = state.view(seat), state.legal_actions(seat)
        for die, face in enumerate(view["dice"]):
            marked = {int(t["data-spot"]) for t in tiles if str(die) in (t.get("data-movers") or "").split()}
            movable = set() if face["spent"] else {
                a["from"] for a in legal if a["type"] == "move" and view["square"][a["from"]]["trait"] == face["trait"]}
            assert marked == movable, (die, face, marked, movable)
        assert all("movable" in t["classes"] for t in tiles if t.get("data-movers"))
        checked += 1
    assert checked > 20


def test_a_picked_card_marks_exactly_where_it_can_go_and_the_die_it_spends():
    state = play_until(GAME.new_game(3, 2), lambda s: s.step == "slip" and s.round >= 2)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    start = next(a["from"] for a in legal if a["type"] == "move")
    draft = shown_roll(state, seat)
    board.tap(draft, "pick", {"position": start}, state.view(seat))
    regions, _ = draw(state, seat, draft=draft)
    elements = Elements(regions.board)
    spots = {int(t["data-spot"]) for t in elements.with_class("spot")}
    assert spots == {a["to"] for a in legal if a["type"] == "move" and a["from"] == start}
    assert [int(t["data-spot"]) for t in elements.with_class("picked")] == [start]
    trait = state.view(seat)["square"][start]["trait"]
    spends = elements.with_class("spends")
    assert len(spends) == 1 and trait in spends[0]["classes"]
    assert all("data-subject" in t for t in elements.with_class("spot") + elements.with_class("picked"))


def test_the_nick_phase_rings_the_cutpurses_reach_and_makes_its_cards_tappable():
    """Orthogonal neighbours of your Cutpurse; the diagonals too after Strength (the Strength
    ability); every card you may steal from or accuse is a tap that opens its choices."""
    seen_strength = 0
    for state in random_states(3, games=4, seed=11):
        if state.step == "slip" and {"type": "ability", "trait": "strength"} in state.legal_actions(state.to_act[0]):
            state = state.clone()    # take Strength, spend the dice: this Nick Phase reaches the diagonals
            state.apply(state.to_act[0], {"type": "ability", "trait": "strength"})
            play_until(state, lambda s: s.step != "slip")
        if state.step != "nick":
            continue
        seat = state.to_act[0]
        view = state.view(seat)
        regions, _ = draw(state, seat)
        elements = Elements(regions.board)
        home = position_of(view, view["cutpurse"])
        assert [int(t["data-spot"]) for t in elements.with_class("home")] == [home]
        reach = {int(t["data-spot"]) for t in elements.with_class("reach")}
        rows, columns = divmod(home, 6)
        expected = {p for p in range(24) if view["square"][p]["occupied"]
                    and max(abs(p // 6 - rows), abs(p % 6 - columns)) == 1
                    and (view["strength"] or abs(p // 6 - rows) + abs(p % 6 - columns) == 1)}
        assert reach == expected
        about = {a["character"] for a in state.legal_actions(seat) if a["type"] in ("steal", "reveal")}
        focusable = {t["data-character"] for t in elements.found if t.get("data-command") == "focus"}
        assert focusable == about
        seen_strength += view["strength"]
    assert seen_strength, "no Nick Phase after Strength in these games"


def test_the_dealt_cards_are_marked_while_choosing_a_cutpurse():
    state = GAME.new_game(3, 5)
    regions, _ = draw(state, 0)
    pool = {t["aria-label"].split(",")[0] for t in Elements(regions.board).with_class("pool")}
    assert pool == set(state.view(0)["dealt"])
    assert all("data-subject" in t for t in Elements(regions.board).with_class("pool"))
    solo = GAME.new_game(1, 5)
    regions, _ = draw(solo, 0)
    assert {t["aria-label"].split(",")[0] for t in Elements(regions.board).with_class("pool")} == set(solo.display)


def test_a_solo_wager_rings_only_the_threats_next_to_the_cutpurse():
    found = 0
    for state in random_states(1, games=4, seed=3):
        if state.step != "wager":
            continue
        regions, _ = draw(state, 0)
        ringed = {t["aria-label"].split(",")[0] for t in Elements(regions.board).with_class("wagerable")}
        assert ringed == {a["character"] for a in state.legal_actions(0) if a["type"] == "wager"}
        found += bool(ringed)
    assert found


def test_tile_names_are_whole_words_broken_only_where_we_chose():
    state = GAME.new_game(3, 1)
    regions, _ = draw(state, 0)
    names = re.findall(r'<span class="t-name">(.*?)</span>', regions.board)
    assert len(names) == 24
    for name in names:
        assert "-" not in name and "<wbr>" not in name, "a break shows its hyphen: never a bare one"
        whole = name.replace("&shy;", "")
        assert whole in pycore.thieves_of_eldris.CHARACTERS
        assert name.count("&shy;") <= 1
        if len(whole) >= 8:
            assert "&shy;" in name, f"{whole} may break, at a syllable, with its hyphen"


# -- the dice wait for a Roll; the landing; the hand-over -------------------------------------------------
def test_the_dice_wait_for_the_persons_roll_then_tumble_once():
    state = play_until(GAME.new_game(3, 4), lambda s: s.step == "slip" and s.round >= 2)
    seat = state.to_act[0]
    regions, draft = draw(state, seat)
    dice = Elements(regions.board)
    assert len(dice.with_class("unrolled")) == 3 and not dice.with_class("die") == []
    assert not any(trait in die["classes"] for die in dice.with_class("die") for trait in pycore.thieves_of_eldris.TRAITS)
    assert 'data-command="roll"' in regions.sheet and not Elements(regions.board).with_class("movable")
    assert regions.prompt == "Your turn: roll the dice"
    board.tap(draft, "roll", {}, state.view(seat))
    regions, draft = draw(state, seat, draft=draft)
    faces = Elements(regions.board).with_class("die")
    assert [next(c for c in d["classes"] if c in pycore.thieves_of_eldris.TRAITS) for d in faces] == state.dice
    assert all("e-roll" in d["classes"] for d in faces)
    again, _ = draw(state, seat, draft=draft)
    assert "e-roll" not in again.board, "the roll tumbles once, not on every redraw"
    assert Elements(again.board).with_class("movable")


def test_the_landing_shows_the_money_arriving_and_the_new_target():
    state = play_until(GAME.new_game(3, 6), lambda s: s.step == "nick" and any(
        a["type"] == "steal" for a in s.legal_actions(s.to_act[0])))
    seat = state.to_act[0]
    steal = next(a for a in state.legal_actions(seat) if a["type"] == "steal")
    state.apply(seat, steal)
    regions, _ = draw(state, seat, "landing")
    hand = Elements(regions.hand)
    new = next(e for e in state.view(seat)["log"][::-1] if e["type"] == "scout")["character"]
    assert [e["data-motion"] for e in hand.with_class("new")] == [f"card-{new}"]
    paid = money(next(e for e in state.view(seat)["log"][::-1] if e["type"] == "steal")["paid"])
    assert f"+{paid}" in regions.hand
    assert not Elements(regions.board).with_class("die"), "no dice of the next turn while the move lands"
    assert "turn" not in {c for e in Elements(regions.board).with_class("e-seat") for c in e["classes"]}
    assert regions.sheet == "" and regions.status == ""
    marks = board.motion(state.view(None)["log"][-4:], state.view(seat))
    assert marks[f"char-{steal['character']}"] == "tt-flip" and marks[f"money-{seat}"] == "e-coin"


def test_after_a_wrong_accusation_the_handover_shows_nothing_of_the_next_turn():
    for seed in range(40):
        state = play_until(GAME.new_game(3, seed), lambda s: s.step == "nick" and any(
            a["type"] == "reveal" and s.cutpurse[a["player"]] != a["character"] for a in s.legal_actions(s.to_act[0])))
        if not state.is_over:
            break
    accuser = state.to_act[0]
    wrong = next(a for a in state.legal_actions(accuser) if a["type"] == "reveal" and state.cutpurse[a["player"]] != a["character"])
    state.apply(accuser, wrong)
    following = state.to_act[0]
    regions, _ = draw(state, None, "handover")
    text = re.sub(r"<[^>]+>", " ", regions.board + regions.prompt + regions.status)
    assert f"{NAMES[following]}'s turn" not in text and "Your turn" not in text
    elements = Elements(regions.board)
    assert not elements.with_class("die"), "the next person's dice are not drawn before they hold the device"
    assert not any("turn" in e["classes"] for e in elements.with_class("e-seat"))
    assert not elements.with_class("mine") and regions.hand == ""
    known = state.cutpurse[accuser]
    assert any(known in (t.get("aria-label") or "") and f"{NAMES[accuser]}'s Cutpurse" in t["aria-label"]
               for t in elements.with_class("tile")), "what just happened stays: the Cutpurse everyone saw"
    # The same moment in the old flow: the accuser still looks while the turn is the next person's.
    regions, _ = draw(state, accuser, "wait")
    assert not Elements(regions.board).with_class("die") and f"{NAMES[following]}'s turn" not in regions.status


# -- the end -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [3, 5])
def test_the_end_turns_up_every_cutpurse_target_and_shadow(seats):
    state = play_until(GAME.new_game(seats, 9), lambda s: False)
    assert "hands" in state.view(None), "the end turns every card up"
    regions, _ = draw(state, None, "over")
    seats_html = {int(e["data-seat-cards"]): e for e in Elements(regions.board).found if "data-seat-cards" in e}
    for seat in range(seats):
        row = regions.board.split(f'data-seat-cards="{seat}"')[1].split("</li>")[0]
        for card in [state.cutpurse[seat], state.shadow[seat], *state.targets[seat]]:
            if card:
                assert card in row, (seat, card)
    assert len(seats_html) == seats


def test_the_reason_says_why_in_the_games_words():
    state = play_until(GAME.new_game(3, 9), lambda s: False)
    public = state.view(None)
    said = board.reason(public, NAMES[:3])
    winner = state.outcome["winners"][0] if state.outcome["winners"] else None
    if state.outcome["reason"] == "eight":
        assert said.startswith(f"{NAMES[winner]} reached {money(state.money[winner])}")
        assert " theft from the " in said or " by unmasking " in said
    solo = play_until(GAME.new_game(1, 9), lambda s: False)
    said = board.reason(solo.view(None), ["Ana"])
    assert solo.outcome["title"] in said and money(solo.spoils) in said and money(solo.money[0]) in said
    rows = board.standings(solo.view(None), ["Ana"])
    assert [list(row["figures"]) for row in rows] == [["Haul"], ["Haul"]], "solo standings fit a phone"


@pytest.mark.parametrize("won", [True, False])
def test_a_solo_end_places_the_person_against_the_rivals(won):
    """A lost solo game is not "Place 1": the person and the Rivals are placed against each other,
    and the headline says who out-stole whom."""
    solo = next(state for seed in range(60) if bool((state := play_until(GAME.new_game(1, seed), lambda s: False,
                                                                         seed=seed)).outcome["winners"]) == won)
    rows = board.standings(solo.view(None), ["Ana"])
    places = {row["name"]: row["place"] for row in rows}
    assert places == ({"Ana": 1, "The Rivals": 2} if won else {"The Rivals": 1, "Ana": 2})
    assert rows[0]["place"] == 1
    assert {row["figures"]["Haul"] for row in rows} == {money(solo.money[0]), money(solo.spoils)}
    headline = board.headline(solo.outcome, ["Ana"])
    assert headline.startswith("You join the Guild!" if won else "The Rivals out-stole you.")


def test_the_end_says_one_amount_everywhere():
    """The news line (the engine's sentence), the reason and the table's memory name the winner's
    purse alike: "reached $9" in each, never "$8" in one and "$9" in another."""
    checked = 0
    for seed in range(12):
        state = play_until(GAME.new_game(3, seed), lambda s: False, seed=seed)
        if state.outcome["reason"] != "eight":
            continue
        winner = state.outcome["winners"][0]
        purse = money(state.money[winner])
        public = state.view(None)
        news = board.recap([public["log"][-1]], NAMES[:3], None)[-1]
        assert f"{NAMES[winner]} reached {purse} and wins" in news, news
        assert board.reason(public, NAMES[:3]).startswith(f"{NAMES[winner]} reached {purse}")
        assert board.best_result(state.outcome, winner)[1] == purse
        assert [row["figures"]["Money"] for row in board.standings(public, NAMES[:3])][0] == purse
        checked += state.money[winner] > 16      # past the goal: "$8" would have been wrong
    assert checked


def test_the_recap_is_one_short_line_a_turn():
    state = play_until(GAME.new_game(5, 2), lambda s: s.round >= 4)
    events = state.view(None)["log"]
    start = max(i for i, e in enumerate(events) if e["type"] == "turn" and e["seat"] == 0 and e["round"] == 3)
    lines = board.recap(events[start:], NAMES[:5], 0)
    turns = [e for e in events[start:] if e["type"] == "turn"]
    assert len(lines) == len(turns) - 1 or len(lines) == len(turns), lines   # the turn under way may be empty
    for line, turn in zip(lines, turns):
        assert line.startswith(("You:", f"{NAMES[turn['seat']]}:")), line
        assert len(line) <= 110, line


def test_motion_tells_what_the_events_did():
    """Swapped cards slide in from where they stood, a theft flips the card and pops the coins, a
    wrong accusation shakes, a roll tumbles the dice, a scouted Target slides into the hand."""
    view = {"log": [{"type": "turn"}] * 3}
    assert board.motion([{"type": "move", "by": 0, "from": 7, "to": 8, "character": "Bard", "other": "Monk"}], view) == \
        {"char-Bard": "e-from-left", "char-Monk": "e-from-right"}
    assert board.motion([{"type": "move", "by": 0, "from": 2, "to": 8, "character": "Bard", "other": "Monk"}], view) == \
        {"char-Bard": "e-from-up", "char-Monk": "e-from-down"}
    assert board.motion([{"type": "steal", "by": 1, "character": "Druid", "at": 0, "place": "corner", "paid": 4}], view) == \
        {"char-Druid": "tt-flip", "money-1": "e-coin"}
    assert board.motion([{"type": "reveal", "by": 2, "character": "Ninja", "player": 0, "right": False,
                          "cutpurse": "Monk"}], view) == {"char-Ninja": "tt-shake", "known-2": "tt-shake"}
    assert board.motion([{"type": "roll", "by": 0, "dice": []}], view) == {"dice": "e-roll"}
    mine = {"log": [{"type": "scout", "by": 0, "character": "Wizard"}]}
    assert board.motion([{"type": "scout", "by": 0}], mine)["card-Wizard"] == "tt-slide"
    assert board.motion([], {"log": []}) == {"square": "tt-slide"}, "a new game slides the Square in"


# -- Watch it back, hints, the table's memory (issue 20) -------------------------------------------------
def watched(state):
    """The board as Watch it back draws it: from view_all, at moment "replay"."""
    scene = Scene(state.view_all(), [], board.new_draft(), NAMES[:state.seats], {}, [], "replay")
    return board.draw(scene)


@pytest.mark.parametrize("seats", [1, 3, 5])
def test_watched_back_every_card_is_turned_up_and_nothing_is_tapped(seats):
    """Every thief's Cutpurse, Targets, Shadow, cards still to sort and peek beside their name (solo:
    the Cutpurse and the concealed Threats by name), the deck's top card; no button at all."""
    checked = 0
    for state in random_states(seats, games=2, seed=seats + 20, steps=120):
        if len(state.history) % 7:
            continue
        regions = watched(state)
        found = Elements(regions.board).found
        assert not [e for e in found if e["tag"] == "button" or "data-act" in e or "data-command" in e]
        if state.deck:
            assert f"next</span>{chip(state.view(None), state.deck[-1])}" in regions.board
        if state.mode == "solo":
            foes = regions.board.split('data-testid="foes"')[1].split("</section>")[0]
            for card in [state.cutpurse[0], *state.threats]:
                assert card is None or card in foes, card
            continue
        for seat in range(seats):
            row = regions.board.split(f'data-seat-cards="{seat}"')[1].split("</li>")[0]
            for card in [state.cutpurse[seat], state.shadow[seat], state.peek[seat], *state.targets[seat], *state.dealt[seat]]:
                assert card is None or card in row, (seat, card)
        checked += 1
    assert checked or seats == 1


@pytest.mark.parametrize("seats, wanted", [(1, {"choose_cutpurse", "move", "wager", "reveal_foes"}),
                                           (3, {"choose_cutpurse", "move", "steal", "reveal", "pass"})])
def test_a_hint_puts_the_hinted_actions_button_on_screen(seats, wanted):
    """Whatever the hint is (any legal action), after hint_draft its data-act button is drawn."""
    kinds = set()
    for state in random_states(seats, games=2, seed=seats + 30, steps=120):
        seat = state.to_act[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        for action in random.Random(len(state.history)).sample(legal, min(3, len(legal))):
            regions, _ = draw(state, seat, draft=board.hint_draft(board.new_draft(), action, view))
            acts = [json.loads(e["data-act"]) for e in Elements(regions.board + regions.sheet).found if "data-act" in e]
            assert action in acts, (state.step, action)
            kinds.add(action["type"])
    assert wanted <= kinds


def test_the_best_result_is_the_money_stolen():
    state = play_until(GAME.new_game(3, 9), lambda s: False)
    for seat in range(3):
        value, words = board.best_result(state.outcome, seat)
        assert value * 2 == state.money[seat] and words == money(state.money[seat])
