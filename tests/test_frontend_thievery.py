"""Thievery's board in CPython, beyond what every board is tested for (test_frontend_boards): the
regions at each moment of the play layout (nothing of the next turn at a hand-over, the person's
own miss landing), the subject of a guess, the table helper against the engine's own reading, the
end's reason and standings, and the rules page's row figure."""
import random
import re
from html.parser import HTMLParser

import pytest

import pycore
from pycore.thievery import POWERS, RANKS
from pycore.thievery.knowledge import Table as Reading, fence, fence_candidates
from frontend.boards import BOARDS
from frontend.boards.thievery import board as thievery
from frontend.boards.thievery import rules_page as rules
from frontend.boards.thievery.draft import PREFERENCES
from frontend.shell.play import Play
from frontend.shell.save_store import Save
from frontend.shell.table import Seat, Table
from test_app_thievery import secrets_of

GAME = pycore.GAMES["thievery"]
BOARD = BOARDS["thievery"]
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Flo"]


@pytest.fixture(autouse=True)
def helper_off():
    """The helper is a preference of the page: every test starts with it off, as a person does."""
    PREFERENCES["helper"] = False
    yield
    PREFERENCES["helper"] = False


def rank_of(state, hand, index):
    return state.view(hand)["rows"][hand][index]["rank"]


def sorted_game(hands, seed, options=None):
    state = GAME.new_game(seats=hands, seed=seed, options={"powerups": False, **(options or {})})
    for seat in range(hands):
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def guess(state, right: bool, rng=None):
    """The guesser names a card right or wrong (the first card it may guess at, or a random one)."""
    seat = state.to_act[0]
    guesses = [a for a in state.legal_actions(seat) if a["type"] == "guess"]
    first = rng.choice(guesses) if rng else guesses[0]
    real = rank_of(state, first["hand"], first["index"])
    action = next(a for a in guesses if a["hand"] == first["hand"] and a["index"] == first["index"]
                  and (a["rank"] == real) == right)
    state.apply(seat, action)
    return action


def scene_of(state, seat, moment=None, draft=None, table=None):
    play = Play(Save("t", "thievery", table or Table([Seat([NAMES[s]]) for s in range(state.seats)]), state, 0, 0), BOARD)
    play.conductor.viewer = seat
    if draft:
        play.draft.update(draft)
    scene = play.scene()
    if moment:
        scene.moment = moment
    return scene


class Elements(HTMLParser):
    """Every element's tag and attributes, in order."""

    def __init__(self, html):
        super().__init__()
        self.found = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))

    def having(self, name):
        return [attrs for _, attrs in self.found if name in attrs]

    def classed(self, cls):
        return [attrs for _, attrs in self.found if cls in (attrs.get("class") or "").split()]


def cards(html):
    """(hand, index) -> classes of each card slot drawn."""
    out = {}
    for attrs in Elements(html).classed("card"):
        key = re.fullmatch(r"card-(\d+)-(\d+)", attrs.get("data-motion", ""))
        if key:
            out[(int(key[1]), int(key[2]))] = attrs["class"].split()
    return out


def own_row(board: str) -> str:
    """The viewer's own row on the board (the gold-edged section, drawn last)."""
    found = re.search(r'<section class="hand mine thv-own[^"]*".*?</section>', board, re.S)
    assert found, "the viewer's row is not on the board"
    return found.group(0)


# -- the moments --------------------------------------------------------------------------------
def test_after_a_miss_the_guesser_sees_it_land_and_the_hand_over_shows_nothing_of_the_next_turn():
    """Issue 16: "after a miss, the guesser's own cards are still face up while the same screen
    says in bold 'Ben's turn.'"  Landing: Ana's own view, the missed card marked, no word of
    Ben's turn.  Hand-over: the public view, no turn badge or highlight, no hand, no choice."""
    state = sorted_game(3, 5)
    miss = guess(state, right=False)
    hand, index, rank = miss["hand"], miss["index"], miss["rank"]
    landing = BOARD.draw(scene_of(state, 0, "landing"))
    assert landing.prompt == (f"Not {thievery.article(rank)}: {NAMES[hand]}'s {thievery.ordinal(index + 1)} card "
                              "stays face down. Your turn is over.")
    assert "Ben's turn" not in landing.prompt + landing.status + landing.board + landing.hand
    drawn = cards(landing.board)
    assert "fresh" in landing.board and (hand, index) in drawn
    assert f'data-motion="card-{hand}-{index}" data-subject' in landing.board
    assert landing.sheet == "" and "data-act" not in landing.board + landing.hand
    assert landing.hand == "" and "own-hidden" in own_row(landing.board), "the guesser still sees their own row while the move lands"
    assert 'class="badge turn"' not in landing.board and "acting" not in landing.board

    handover = BOARD.draw(scene_of(state, None, "handover"))
    assert handover.hand == handover.sheet == handover.prompt == ""
    assert "Ben" not in handover.status and "turn" not in handover.status
    assert 'class="badge turn"' not in handover.board and "acting" not in handover.board
    assert "data-act" not in handover.board and "data-pick" not in handover.board
    assert not any(secret in handover.board for secret in secrets_of(state, 0) + secrets_of(state, 1))
    assert f'data-motion="card-{hand}-{index}" data-subject' in handover.board, "what just happened stays visible"
    assert "fresh" in handover.board

    turn = BOARD.draw(scene_of(state, 1, "turn"))
    assert turn.status == "Round 1 · Ben's turn" and turn.prompt.startswith("Your turn: tap a face-down card of")
    assert 'class="badge turn"' not in own_row(turn.board) and "acting" in own_row(turn.board)


def test_the_public_board_holds_no_secrets_and_each_seats_own_does():
    """secrets_of (the hand-over test's list) is real: a seat's screen shows its secrets, the
    public one none, at sorting, guessing and after cards were learned."""
    state = GAME.new_game(seats=4, seed=2, options={"partnerships": True, "powerups": False})
    for seat in range(4):
        public = BOARD.draw(scene_of(state, None, "handover"))
        own = BOARD.draw(scene_of(state, seat))
        assert secrets_of(state, seat) and all(s in own.board + own.hand for s in secrets_of(state, seat))
        assert not any(s in public.board + public.hand for s in secrets_of(state, seat))
        state.apply(seat, state.legal_actions(seat)[0])
    rng = random.Random(1)
    for _ in range(30):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        shows = [a for a in legal if a["type"] == "show" and a["index"] is not None]
        state.apply(seat, shows[0] if shows else next(a for a in legal if a["type"] == "guess"))
        public = BOARD.draw(scene_of(state, None, "handover"))
        for other in range(4):
            own = BOARD.draw(scene_of(state, other, "wait"))
            assert all(s in own.board + own.hand for s in secrets_of(state, other))
            assert not any(s in public.board + public.hand for s in secrets_of(state, other))


def test_the_picked_card_and_its_two_fences_are_the_subject():
    """The subject of a guess is the card and the nearest face-up (non-ace) card either side."""
    rng = random.Random(4)
    for seed in range(40):
        state = sorted_game(3, seed)
        while not state.is_over and state.view(None)["guessed_this_turn"] < 3:
            guess(state, right=True, rng=rng)
        if state.is_over:
            continue
        seat = state.to_act[0]
        view = state.view(seat)
        for action in [a for a in state.legal_actions(seat) if a["type"] == "guess" and a["rank"] == 1]:
            hand, index = action["hand"], action["index"]
            row = view["rows"][hand]
            left = [i for i in range(index) if row[i]["rank"] not in (None, 1)][-1:]
            right = [i for i in range(index + 1, len(row)) if row[i]["rank"] not in (None, 1)][:1]
            if not (left and right):
                continue
            drawn = BOARD.draw(scene_of(state, seat, draft={"target": (hand, index)}))
            subjects = {(hand, int(m)) for m in re.findall(rf'data-motion="card-{hand}-(\d+)" data-subject', drawn.board)}
            assert subjects == {(hand, index), (hand, left[0]), (hand, right[0])}
            assert "target" in cards(drawn.board)[(hand, index)]
            assert drawn.prompt == f"Which rank is {NAMES[hand]}'s {thievery.ordinal(index + 1)} card?"
            return
    raise AssertionError("no card with a fence on both sides found")


# -- the table helper -------------------------------------------------------------------------------
def pad_marks(sheet) -> dict:
    """rank -> why it is struck on the pad ("" when it is not)."""
    import json
    marks = {}
    for attrs in Elements(sheet).classed("rank"):
        classes = attrs["class"].split()
        rank = json.loads(attrs["data-act"])["rank"] if "data-act" in attrs else None
        why = next((c for c in classes if c in ("missed", "seen", "fence")), "")
        if rank is not None:
            marks[rank] = why
    return marks


@pytest.mark.parametrize("hands", [3, 4, 6])
def test_the_helper_marks_exactly_what_the_engine_reads(hands):
    """Issue 17: the helper "marks on the rank pad the ranks that the cards you can see rule
    out, and on a card the ranks its fences allow", exactly as pycore.thievery.knowledge reads
    the view (its fence_candidates: colour, fences with aces wild, misses, face-up cards, your
    own cards).  Off by default: without it nothing is struck."""
    rng = random.Random(hands)
    checked = 0
    for seed in range(2):
        state = sorted_game(hands, seed)
        for _ in range(10):
            if state.is_over:
                break
            seat = state.to_act[0]
            view = state.view(seat)
            reading = Reading(view)
            board_on = BOARD.draw(scene_of(state, seat, draft={"helper": True}))
            for action in [a for a in state.legal_actions(seat) if a["type"] == "guess" and a["rank"] == 1]:
                hand, index = action["hand"], action["index"]
                # On the card: the fence (the ranks its neighbours allow), "4–9" / "K" / nothing.
                low, high = fence(reading, hand, index)
                label = re.search(rf'data-motion="card-{hand}-{index}"[^>]*>.*?</button>', board_on.board)[0]
                shown = re.search(r'class="fence">([^<]*)<', label)
                if (low, high) == (1, 13):
                    assert shown is None
                else:
                    words = {1: "A", 11: "J", 12: "Q", 13: "K"}
                    expected = words.get(low, str(low)) + ("" if low == high else "–" + words.get(high, str(high)))
                    assert shown and shown[1] == expected
                # On the pad: struck exactly where the engine rules a rank out.
                on = BOARD.draw(scene_of(state, seat, draft={"helper": True, "target": (hand, index)}))
                marks = pad_marks(on.sheet)
                ruled = set(RANKS) - set(fence_candidates(reading, hand, index))
                assert {rank for rank, why in marks.items() if why} == ruled & set(marks)
                misses = set(view["rows"][hand][index]["misses"])
                assert set(marks) == set(RANKS) - misses, "a missed rank cannot be named again"
                off = BOARD.draw(scene_of(state, seat, draft={"target": (hand, index)}))
                assert not any(pad_marks(off.sheet).values())
                checked += 1
            guess(state, right=rng.random() < 0.7, rng=rng)
    assert checked > 30


def test_the_fence_hint_counts_your_own_cards():
    """Issue 17: "the rank pad says 'could still be any rank' while you hold four ranks of that
    colour".  Ana holds the black 2, 3, 4 and 5; Ben's second card is black with no face-up
    neighbour: the hint names the ranks she can see."""
    rows = [["b2", "r2", "b3", "r3", "b4", "r4", "b5", "r5", "r6"],
            ["rA", "b6", "r7", "b7", "r8", "b8", "r9", "b9", "r10"],
            ["bA", "b10", "rJ", "bJ", "rQ", "bQ", "rK", "bK"]]
    state = GAME.state_class.from_deal(GAME, rows)
    hint = BOARD.draw(scene_of(state, 0, draft={"target": (1, 1)})).board
    assert "could still be any rank" not in hint
    assert "You can see the black ace, 2, 3, 4 and 5." not in hint       # the ace is not Ana's
    assert "You can see the black 2, 3, 4 and 5." in hint
    on = BOARD.draw(scene_of(state, 0, draft={"target": (1, 1), "helper": True})).sheet
    assert {rank for rank, why in pad_marks(on).items() if why == "seen"} == {2, 3, 4, 5}


def test_the_helper_is_off_until_turned_on_and_stays_on():
    state = sorted_game(3, 1)
    play = Play(Save("t", "thievery", Table([Seat([n]) for n in NAMES[:3]]), state, 0, 0), BOARD)
    play.conductor.viewer = 0
    sheet = BOARD.draw(play.scene()).sheet
    assert 'data-command="helper" aria-pressed="false"' in sheet and "Helper: off" in sheet
    play.tap("helper", {})
    assert "Helper: on" in BOARD.draw(play.scene()).sheet
    assert play.act(0, guess_action(state, right=True))         # a new draft after the move
    assert play.draft["helper"] and "Helper: on" in BOARD.draw(play.scene()).sheet


def guess_action(state, right):
    seat = state.to_act[0]
    guesses = [a for a in state.legal_actions(seat) if a["type"] == "guess"]
    real = rank_of(state, guesses[0]["hand"], guesses[0]["index"])
    return next(a for a in guesses if a["hand"] == guesses[0]["hand"] and a["index"] == guesses[0]["index"]
                and (a["rank"] == real) == right)


# -- your own row, the end ---------------------------------------------------------------------
def test_your_hidden_cards_are_marked_and_your_found_ones_are_not():
    """Issue 17: "which of your own cards are still hidden is only a small gold dot"."""
    state = sorted_game(3, 9)
    while not any(card["face_up"] for card in state.view(None)["rows"][0]):
        seat = state.to_act[0]
        guesses = [a for a in state.legal_actions(seat) if a["type"] == "guess"]
        at_ana = [a for a in guesses if a["hand"] == 0 and a["rank"] == rank_of(state, 0, a["index"])]
        state.apply(seat, at_ana[0] if at_ana else guess_action(state, right=False))
    hand = own_row(BOARD.draw(scene_of(state, 0, "wait")).board)
    drawn = cards(hand)
    for index, card in enumerate(state.view(None)["rows"][0]):
        classes = drawn[(0, index)]
        assert ("own-hidden" in classes) == (not card["face_up"]) and ("up" in classes) == card["face_up"]
    assert "(striped)" in hand and "Ana" in hand


def finished(hands, seed, options=None, right=0.75):
    state = sorted_game(hands, seed, options)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if legal[0]["type"] == "show":
            state.apply(seat, legal[0])
            continue
        guess(state, right=rng.random() < right, rng=rng)
    return state


def test_the_end_says_why_and_the_winner_stands_first():
    """Issue 16: "'Ben wins!' above a table where Ana found 13 cards and Ben 9, with no reason":
    the reason names the final flip, and the standings put first the hand with nothing left to
    find, even where another found more cards."""
    seen_fewer = False
    for seed in range(40):
        state = finished(3, seed)
        public = state.view(None)
        winner = state.outcome["winners"][0]
        table = BOARD.standings(public, NAMES[:3])
        assert table[0]["name"] == NAMES[winner] and table[0]["figures"]["Left to find"] == 0
        assert all(row["figures"]["Left to find"] > 0 for row in table[1:])
        last = next(e for e in reversed(public["log"]) if e["type"] == "guess" and e["hit"])
        reason = BOARD.reason(public, NAMES[:3])
        assert reason.startswith(f"{NAMES[last['by']]} turned up the last of {NAMES[last['hand']]}'s cards")
        if last["by"] != winner:
            assert f"leaving only {NAMES[winner]}'s row face down" in reason
        fewer = any(row["figures"]["Cards found"] > table[0]["figures"]["Cards found"] for row in table[1:])
        assert fewer == ("found more cards, but a round goes to the hand that clears the table." in reason), reason
        seen_fewer |= fewer
    assert seen_fewer, "no game where the winner found fewer cards than another: the test proves little"


def test_a_team_win_is_said_for_the_team():
    state = finished(4, 3, {"partnerships": True})
    winners = state.outcome["winners"]
    reason = BOARD.reason(state.view(None), NAMES[:4])
    others = [NAMES[h] for h in range(4) if h not in winners]
    assert f"every card of {others[0]} and {others[1]} is face up" in reason


def test_at_the_end_every_card_is_turned_up_and_the_unfound_ones_marked():
    state = finished(4, 6)
    drawn = BOARD.draw(scene_of(state, 2, "over"))
    assert drawn.hand == drawn.sheet == ""
    faces = cards(drawn.board)
    assert len(faces) == 26 and all("up" in classes and "down" not in classes for classes in faces.values())
    final = state.view(None)["rows"]
    assert {key for key, classes in faces.items() if "kept" in classes} == \
        {(h, i) for h, row in enumerate(final) for i, card in enumerate(row) if not card["face_up"]}
    assert drawn.board.count('class="rank"') == 26


# -- the sorter and the rules page ----------------------------------------------------------------
def test_the_sorters_cards_keep_their_keys_when_a_bot_locks_in():
    """A redraw during a drag (a bot locking in) lands on the same cards in the same places:
    each card carries its dealt index (data-item) and its place (data-drag-index)."""
    state = GAME.new_game(seats=3, seed=4, options={"bots": [1, 2]})
    scene = scene_of(state, 0)
    BOARD.tap(scene.draft, "sort-tap", {"place": "0"}, scene.view)
    BOARD.tap(scene.draft, "sort-tap", {"place": "3"}, scene.view)
    before = re.findall(r'data-place="(\d+)" data-item="(\d+)"', BOARD.draw(scene).hand)
    state.apply(1, state.legal_actions(1)[0])
    after_scene = scene_of(state, 0, draft={"order": scene.draft["order"]})
    after = re.findall(r'data-place="(\d+)" data-item="(\d+)"', BOARD.draw(after_scene).hand)
    assert before == after and before != [(str(i), str(i)) for i in range(len(before))]


def test_the_row_figures_words_are_clear_of_the_bracket_lines():
    """Issue 17: "in Thievery's row figure a bracket line runs through 'ace'".  Every word of a
    bracket lies inside its own span and no bracket's leg passes through any word (at 12 px a
    letter is at most 7.5 units wide)."""
    figure = rules.fenced_row_figure()
    legs = [(float(x), float(top), float(bottom)) for x, top, bottom in
            re.findall(r'<path d="M([\d.]+) (\d+) V(\d+)', figure)]
    legs += [(float(x), 64.0, float(d)) for d, x in re.findall(r'V(\d+) H([\d.]+) V64', figure)]
    words = []
    for y, spans in re.findall(r'<text y="([\d.]+)"[^>]*>((?:<tspan[^>]*>[^<]*</tspan>)+)</text>', figure):
        for i, (x, text) in enumerate(re.findall(r'<tspan x="([\d.]+)"[^>]*>([^<]*)</tspan>', spans)):
            width = 7.5 * len(text)
            words.append((float(x) - width / 2, float(x) + width / 2, float(y) + 14 * i - 12, float(y) + 14 * i + 3, text))
    assert len(words) == 4
    for left, right, top, bottom, text in words:
        for x, leg_top, leg_bottom in legs:
            crosses = left <= x <= right and leg_top < bottom and top < leg_bottom
            assert not crosses, f"a bracket line at x={x} runs through “{text}”"


def test_a_hint_is_drawn_on_the_board():
    """The shell's "What would you do?" (a bot's advice) shows on the board: the card it would
    guess at picked (with its fences the subject) and its rank marked on the pad; a lock-in's
    order arranged in the sorter."""
    import json
    state = sorted_game(4, 2)
    seat = state.to_act[0]
    action = guess_action(state, right=True)
    scene = scene_of(state, seat)
    scene.draft = BOARD.hint_draft(dict(scene.draft), action, scene.view)
    drawn = BOARD.draw(scene)
    assert f'data-motion="card-{action["hand"]}-{action["index"]}" data-subject' in drawn.board
    hinted = Elements(drawn.sheet).classed("hinted")
    assert [json.loads(key["data-act"]) for key in hinted] == [action]
    sorting = GAME.new_game(seats=3, seed=5, options={})
    order = sorting.legal_actions(0)[-1]
    scene = scene_of(sorting, 0)
    scene.draft = BOARD.hint_draft(dict(scene.draft), order, scene.view)
    sent = [json.loads(button["data-act"]) for button in Elements(BOARD.draw(scene).sheet).having("data-act")]
    assert sent == [order]


# -- Watch it back and the table's memory (issue 20) ------------------------------------------------
def watched(state):
    """The board as Watch it back draws it: from view_all, at moment "replay"."""
    from frontend.shell.play import Scene
    return BOARD.draw(Scene(state.view_all(), [], BOARD.new_draft(), NAMES[:state.seats], {}, [], "replay"))


def test_watched_back_every_rank_and_power_up_shows_and_nothing_is_tapped():
    """While sorting, in mid-game and at the end: every card's rank drawn (face down ones as cards
    known), every hand's power-ups named, no button; the labels say the card is turned up to watch."""
    state = GAME.new_game(seats=5, seed=4, options={"powerups": True})
    rng = random.Random(4)
    moments = 0
    while True:
        drawn = watched(state)
        faces = cards(drawn.board)
        assert len(faces) == 26 and drawn.board.count('class="rank"') == 26
        for (hand, index), classes in faces.items():
            up = state.phase == "over" or state.face_up[hand][index]
            assert ("up" in classes) == up and ("known" in classes) == (not up), (hand, index, classes)
        assert not [a for _, a in Elements(drawn.board).found if "data-act" in a or "data-command" in a]
        assert not [tag for tag, _ in Elements(drawn.board).found if tag == "button"]
        for hand, held in enumerate(state.held):
            section = drawn.board.split(f'data-hand="{hand}"')[1].split("</section>")[0]
            for power in held:
                assert POWERS[power]["title"] in section, (hand, power)
        if state.phase != "over" and any(not card["face_up"] for row in state.view(None)["rows"] for card in row):
            assert "turned up to watch" in drawn.board
        moments += 1
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert moments > 10 and any(state.held), "a game with power-ups held at the end"


def test_the_best_result_is_the_cards_left_to_find_as_the_standings_count_them():
    for hands, options in ((3, {}), (4, {"partnerships": True})):
        state = finished(hands, 5, options)
        public = state.view(None)
        left = {row["name"]: row["figures"]["Left to find"] for row in BOARD.standings(public, NAMES[:hands])}
        for hand in range(hands):
            value, words = BOARD.best_result(state.outcome, hand)
            assert value == -left[NAMES[hand]] and words.split()[0] == str(left[NAMES[hand]]) and words.endswith("left to find")
            assert (value == 0) == (hand in state.outcome["winners"])
