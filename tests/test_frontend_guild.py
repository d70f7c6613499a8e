"""Guild of Thieves' board in CPython, beyond what every board is tested for (test_frontend_boards):
the regions at each moment (a hand-over names no next turn, a landing shows what the thief saw, the
end turns every hand and lock up with its reason), nothing secret for the public view, the reveal
only on the thief's screen, the notebook as the engine reasons, motion keys on the board, whole games
played through the board's taps alone, and the set-up and rules pages."""
import random
import re

import pytest

import pycore
from driver import Taps
from frontend.boards import BOARDS
from frontend.boards.guild_of_thieves import town
from frontend.boards.guild_of_thieves.cards import house_label
from frontend.shell import home_and_rules, setup_form
from frontend.widgets import action_json
from frontend.shell.play import Play, Scene
from frontend.shell.save_store import Save
from frontend.shell.play_view import page as screen_page
from frontend.shell.table import Seat, Table
from pycore.guild_of_thieves import SUITS, VALUES, card_text

GAME = pycore.GAMES["guild-of-thieves"]
guild = BOARDS["guild-of-thieves"]
NAMES = [f"P{seat}" for seat in range(40)]


def table_for(seats, bots=()):
    return Table([Seat(bot="sharp") if seat in bots else Seat([f"P{seat}"]) for seat in range(seats)])


def play_for(state, table=None):
    return Play(Save("t", GAME.id, table or table_for(state.seats), state, 0, 0), guild)


def draw(play, seat):
    play.conductor.viewer = seat
    play.draft = guild.new_draft()
    return screen_page(play)


def regions(state, seat, moment, draft=None, legal=None):
    """The board's regions for one seat (None: the public view) at one moment."""
    view = state.view(seat)
    if legal is None:
        legal = state.legal_actions(seat) if seat is not None and moment == "turn" else []
    return guild.draw(Scene(view, legal, draft or guild.new_draft(), NAMES[:state.seats], {}, [], moment))


def random_move(state, rng, box_chance=0.03, draw_chance=0.004):
    """Mostly ordinary play: opening the box and draw offers now and then, so games last a while."""
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    plain = [a for a in legal if a["type"] not in ("open_box", "offer_draw")]
    roll = rng.random()
    if roll < box_chance and any(a["type"] == "open_box" for a in legal):
        pool = [a for a in legal if a["type"] == "open_box"]
    elif roll < box_chance + draw_chance and {"type": "offer_draw"} in legal:
        pool = [{"type": "offer_draw"}]
    elif legal[0]["type"] == "answer_draw":
        pool = [{"type": "answer_draw", "agree": rng.random() < 0.1}]
    else:
        pool = plain or legal
    action = rng.choice(pool)
    state.apply(seat, action)
    return seat, action


def play_until(state, rng, stop, limit=5000):
    for _ in range(limit):
        if state.is_over or stop(state):
            return state
        random_move(state, rng, box_chance=0, draw_chance=0)
    raise AssertionError("the wanted moment never came")


SECRET_MARKS = ['data-testid="hand"', 'data-testid="reveal"', 'data-testid="notebook"', "lock down known",
                'data-testid="dues"', 'data-testid="box"', 'data-testid="visit"', "Your lock", "data-act",
                'class="h-owner">you<']


@pytest.mark.parametrize("seats,options", [(5, {}), (20, {"double_deck": True}),
                                           (2, {"pen_and_paper": True, "i_know_where_you_live": True})],
                         ids=lambda v: str(v))
def test_the_public_board_holds_no_secrets(seats, options):
    """Drawn for nobody (between people, or bots only), the board has no hand, reveal, notebook,
    known lock or button that plays; a seat's notebook shows only with Pen & Paper."""
    rng = random.Random(seats)
    state = GAME.new_game(seats=seats, seed=seats, options=options)
    steps = 0
    while not state.is_over and steps < 300:
        if steps % 5 == 0:
            play = play_for(state)
            public = draw(play, None)
            for mark in SECRET_MARKS:
                assert mark not in public, f"the public board shows {mark}"
            seat = state.to_act[0]
            html = draw(play, seat)
            view = state.view(seat)
            assert ('data-testid="reveal"' in html) == bool(view["pending"])
            if not options.get("pen_and_paper"):
                assert 'data-testid="notebook"' not in html
            elif view["phase"] != "choose" or view["players"][seat]["house"] is not None:
                assert 'data-testid="notebook"' in html
        random_move(state, rng)
        steps += 1


def test_the_reveal_is_only_on_the_thiefs_screen():
    state = GAME.new_game(seats=4, seed=3)
    play_until(state, random.Random(3), lambda s: s.view(None)["step"] == "steal")
    thief = state.to_act[0]
    play = play_for(state)
    cards = state.view(thief)["pending"]["cards"]
    html = draw(play, thief)
    assert 'data-testid="reveal"' in html and all(card_text(c) in html for c in cards)
    for seat in [None] + [s for s in range(4) if s != thief]:
        html = draw(play, seat)
        assert 'data-testid="reveal"' not in html and ">take<" not in html


def test_the_regions_at_each_moment():
    """One prompt line, a short status; the sheet only at the seat's turn; a hand-over draws the
    public board with no turn lit and no words naming whose turn it is."""
    state = GAME.new_game(seats=3, seed=4)
    play_until(state, random.Random(4), lambda s: s.view(None)["step"] == "rob" and s.view(None)["round"] == 2)
    seat = state.to_act[0]
    turn = regions(state, seat, "turn")
    assert turn.prompt == "Tap a house to rob it." and turn.status == f"Round 2 · P{seat}'s turn"
    assert 'data-testid="hand"' in turn.hand and "data-pick" in turn.board and 'class="pl turn' in turn.board
    assert "\n" not in turn.prompt and len(turn.status) < 40
    waiting = regions(state, (seat + 1) % 3, "wait")
    assert waiting.sheet == "" and waiting.prompt == f"P{seat}'s turn." and "data-pick" not in waiting.board
    handover = regions(state, None, "handover")
    assert handover.status == "" and handover.prompt == "" and handover.sheet == "" and handover.hand == ""
    assert "pl turn" not in handover.board and "'s turn" not in handover.board
    # A house picked: it is the subject, and the pad is in the sheet.
    draft = guild.new_draft()
    number = state.legal_actions(seat)[0]["house"]
    guild.tap(draft, "house", {"house": str(number)}, state.view(seat))
    picked = regions(state, seat, "turn", draft)
    subject = re.search(r'<button[^>]*data-subject[^>]*>', picked.board).group(0)
    assert f'data-house="{number}"' in subject
    assert picked.sheet.count('class="btn guess-btn') == 8 and picked.prompt.startswith("Name the lock of ")


def test_no_cover_before_choosing_a_house():
    """Choosing houses, a player with no house yet holds nothing secret; once it has one, it does."""
    state = GAME.new_game(seats=3, seed=2)
    assert not guild.shows_secrets(state.view(0), state.view(None))
    state.apply(0, state.legal_actions(0)[0])
    assert guild.shows_secrets(state.view(0), state.view(None))
    assert not guild.shows_secrets(state.view(1), state.view(None))


def test_the_landing_shows_what_the_thief_saw():
    """As a thief's turn ends, its own board shows the house's cards as seen, the lock, the card
    taken (and the hand marks it new); a wrong look at a town lock shows that lock."""
    rng = random.Random(7)
    found = set()
    state = GAME.new_game(seats=3, seed=7)
    for _ in range(400):
        if state.is_over or found >= {"hit", "miss"}:
            break
        seat, action = random_move(state, rng, box_chance=0, draw_chance=0)
        if action["type"] != "end_turn":
            continue
        log = state.view(seat)["log"]
        start = max(i for i, e in enumerate(log) if e["type"] == "turn" and e["seat"] == seat)
        turn = log[start:]
        rob = next((e for e in turn if e["type"] == "rob"), None)
        if rob is None:
            continue
        drawn = regions(state, seat, "landing")
        visit = re.search(r'<p class="visit".*?</p>', drawn.board).group(0)
        saw = next((e for e in turn if e["type"] == "saw"), None)
        looked = next((e for e in turn if e["type"] == "learned_lock"), None)
        for card in (saw["cards"] if saw else []) + ([looked["lock"]] if looked else []):
            assert card_text(card) in visit, (card, visit)
        took = next((e.get("card") for e in turn if e["type"] == "steal" and e.get("card")), None)
        if took and took in state.view(seat)["hand"]:
            assert "gcard" in drawn.hand and re.search(r'class="gcard [^"]*new[^"]*"[^>]*>' + re.escape(card_text(took)), drawn.hand)
        assert any(f'data-motion="house-{rob["house"]}"' in tag for tag in re.findall(r'<[^>]*data-subject[^>]*>', drawn.board))
        assert drawn.sheet == "" and drawn.status == "" and "data-pick" not in drawn.board and "pl turn" not in drawn.board
        found.add("hit" if rob["hit"] else "miss")
    assert found == {"hit", "miss"}


def finished(seed, seats=4, options=None):
    state = GAME.new_game(seats=seats, seed=seed, options=options or {})
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


def test_the_end_turns_every_hand_and_lock_up():
    """Over: the combination, every player's lock and whole hand, every lock in the town face up,
    nothing cut short; the reason in one sentence, to the table."""
    state = finished(3)
    public = state.view(None)
    drawn = regions(state, None, "over")
    hands = re.search(r'data-testid="final-hands">(.*?)</ol>', drawn.board).group(1)
    rows = re.findall(r"<li.*?</li>", hands)
    assert len(rows) == state.seats
    for player, row in zip(public["players"], rows):
        assert NAMES[player["seat"]] in row
        for card in player["cards"]:
            assert card_text(card) in row
        if player["house"] is not None:
            assert card_text(public["houses"][player["house"]]["lock"]) in row
    for house in public["houses"]:
        if house["in_play"]:
            assert house["lock"] and card_text(house["lock"]) in drawn.board
    assert card_text(public["combination"]) in re.search(r'data-testid="combination".*?</p>', drawn.board).group(0)
    assert "…" not in drawn.board and "…" not in drawn.prompt
    assert 'class="h-owner">you<' not in drawn.board        # the end speaks to the table: nobody is "you"
    winners = public["outcome"]["winners"]
    words = guild.reason(public, NAMES)
    assert drawn.prompt == words
    if winners:
        assert words == f"P{winners[0]} opened the Jeweled Box: the {pycore.guild_of_thieves.card_words(public['combination'])}."


def test_watched_back_the_board_turns_everything_up_and_offers_nothing_to_tap():
    """Replay (from view_all, in the middle of a game): every hand, every lock, what lies in each
    house and in the Guild House, where the Joker is and the combination; no button plays."""
    state = GAME.new_game(seats=3, seed=4)
    rng = random.Random(4)
    play_until(state, rng, lambda s: s.round >= 3 and any(len(h.cards) > 1 for h in s.houses if h.owner is None))
    everything = state.view_all()
    drawn = guild.draw(Scene(everything, [], guild.new_draft(), NAMES[:3], {}, [], "replay"))
    board = drawn.board
    assert not re.search(r"data-(act|command|pick)", board) and not drawn.hand and not drawn.sheet
    rows = re.findall(r"<li.*?</li>", re.search(r'data-testid="final-hands">(.*?)</ol>', board).group(1))
    for seat, row in enumerate(rows):
        assert all(card_text(card) in row for card in state.hands[seat])
    for house in state.houses:
        if not house.in_play:
            continue
        tile = re.search(rf'data-motion="house-{house.number}">.*?</(div|button)>', board).group(0)
        assert card_text(house.lock) in tile
        if house.owner is None:
            inside = re.search(rf'data-inside="house-{house.number}">.*?</li>', board).group(0)
            assert sorted(re.findall(r'title="([^"]+)"', inside)) == sorted(pycore.guild_of_thieves.card_words(c) for c in house.cards)
    guild_row = re.search(r'data-inside="guild-house">.*?</li>', board).group(0)
    assert re.findall(r'title="([^"]+)"', guild_row) == [pycore.guild_of_thieves.card_words(c) for c, _ in state.guild]
    assert card_text(state.combination_code) in board
    assert town.joker_words(everything, NAMES) in board


def test_the_best_result_is_the_locks_opened():
    assert guild.best_result({"winners": [0], "locks_opened": {"0": 3, "1": 1}}, 1) == (1, "1 lock opened")
    assert guild.best_result({"winners": [0], "locks_opened": {"0": 3, "1": 1}}, 0) == (3, "3 locks opened")


@pytest.mark.parametrize("why,words", [("stuck", "nobody still in can reach the Joker"), ("agreed", "everyone still in agreed"),
                                       ("rounds", "100 rounds"), ("all_out", "the trap got every player")])
def test_a_draw_says_why(why, words):
    view = finished(3).view(None)
    view["outcome"] = {"winners": [], "reason": why, "combination": "5H", "scores": {}}
    said = guild.reason(view, NAMES)
    assert said.startswith("A draw: ") and words in said and said.endswith("The combination was the 5 of Hearts.")
    assert "You" not in said


def test_the_notebook_marks_what_the_engine_rules_out():
    state = GAME.new_game(seats=3, seed=5, options={"pen_and_paper": True})
    play_until(state, random.Random(5), lambda s: len(s.history) > 30 and s.view(None)["step"] == "rob")
    seat = state.to_act[0]
    notebook = state.view(seat)["notebook"]
    drawn = regions(state, seat, "turn")
    assert 'data-command="notebook"' in drawn.board and 'class="nb-side"' in drawn.board
    cells = re.findall(r'<span class="nb-cell (\w+)', drawn.board)
    assert len(cells) == 36
    opened = [value + suit for suit in SUITS for value in VALUES]
    assert [code for code, cell in zip(opened, cells) if cell == "open"] == sorted(notebook["possible"], key=opened.index)
    heads = re.findall(r'<span class="nb-head([^"]*)"[^>]*>([^<]+)</span>', drawn.board)
    struck = {text for cls, text in heads if "out" in cls}
    assert struck == set(notebook["values_out"]) | {pycore.guild_of_thieves.SUIT_SYMBOLS[s] for s in notebook["suits_out"]}
    # One tap opens it in the sheet (the choice comes back on a second tap).
    draft = guild.new_draft()
    guild.tap(draft, "notebook", {}, state.view(seat))
    opened_sheet = regions(state, seat, "turn", draft)
    assert 'data-testid="notes"' in opened_sheet.sheet and 'data-command="notebook"' in opened_sheet.sheet
    assert opened_sheet.prompt == "Your notebook: struck through is ruled out."
    guild.tap(draft, "notebook", {}, state.view(seat))
    assert 'data-testid="notes"' not in regions(state, seat, "turn", draft).sheet
    # Without Pen & Paper there is no notebook at all.
    plain = GAME.new_game(seats=3, seed=5)
    play_until(plain, random.Random(5), lambda s: len(s.history) > 30 and s.view(None)["step"] == "rob")
    assert "notebook" not in regions(plain, plain.to_act[0], "turn").board


def test_every_motion_has_its_element():
    """Each key the motion hook names is on the board drawn after the events (so the shell can
    animate it): a flip or shake on the lock, the stamp of a wrong guess, cards flying."""
    state = GAME.new_game(seats=3, seed=9)
    rng = random.Random(9)
    kinds = set()
    for _ in range(300):
        if state.is_over:
            break
        seat = state.to_act[0]
        before = len(state.view(None)["log"])
        random_move(state, rng, box_chance=0, draw_chance=0)
        events = state.view(None)["log"][before:]
        marks = guild.motion(events, state.view(None))
        board = regions(state, None, "wait").board
        for key, cls in marks.items():
            if key.startswith("player-"):
                continue
            assert f'data-motion="{key}"' in board, (key, events)
            kinds.add(cls)
    assert {"tt-flip", "tt-shake", "gt-stamp", "gt-fly", "gt-fly-back"} <= kinds, kinds


def tap_game(seats, options, seed, bots=()):
    """A whole game played only through the board's taps (bots, if any, through the engine)."""
    rng = random.Random(seed)
    state = GAME.new_game(seats=seats, seed=seed, options=options)
    play = play_for(state, table_for(seats, bots))
    weights = {"box": 0.2, "box-cancel": 0.2, "dues-cancel": 0.3, "clear-house": 0.3, "notebook": 0.1}
    types = set()
    for _ in range(6000):
        if state.is_over:
            break
        seat = state.to_act[0]
        if seat in bots:
            play.conductor.viewer = None
            play.bot_act(seat)
            continue
        if play.landing is not None:        # a person's move landed: the device moves on
            play.end_landing()
        if play.conductor.viewer != seat:
            play.conductor.viewer = seat
            play.draft = guild.new_draft()
        drawn = guild.draw(play.scene())
        taps = Taps(drawn.board + drawn.hand + drawn.sheet).taps
        assert taps, f"seat {seat} has nothing to tap at step {state.view(seat)['step']}"
        # Mostly play on; open the box now and then; offer a draw rarely.
        chances = [weights.get(command, 0.05 if command == "act" and data["type"] == "offer_draw" else 1) for command, data in taps]
        command, data = rng.choices(taps, chances)[0]
        if command != "act":
            play.tap(command, data)
            continue
        before = len(state.history)
        assert play.act(seat, data), play.error
        assert len(state.history) == before + 1 and all(play.banner)
        types.add(data["type"])
        GAME.audit(state)
    return state, play, types


# (seats, options, bots, games): whole games are long, so the options' tables play one each.
@pytest.mark.parametrize("seats,options,bots,games", [(2, {}, (), 2), (3, {"pen_and_paper": True}, (2,), 1),
                                                      (4, {"i_know_where_you_live": True}, (), 1),
                                                      (3, {"double_deck": True}, (1,), 1)], ids=lambda v: str(v))
def test_games_played_only_through_taps(seats, options, bots, games):
    ended = 0
    types = set()
    for seed in range(games):
        state, play, used = tap_game(seats, options, seed, bots)
        types |= used
        if state.is_over:
            ended += 1
            board = regions(state, None, "over").board
            assert 'data-testid="combination"' in board and card_text(state.outcome["combination"]) in board
    assert ended == games, f"{games - ended} of {games} games did not end"
    assert {"choose_house", "rob", "end_turn"} <= types


def test_a_hint_puts_its_own_button_on_the_screen():
    """The shell's hint names an action; the board's hint draft shows the very button that sends it
    (a rob's guess on the pad of its house, the box opened at its combination, dues begun)."""
    state = GAME.new_game(seats=3, seed=6)
    rng = random.Random(6)
    kinds = set()
    for _ in range(400):
        if state.is_over or kinds >= {"rob", "choose_house", "dues", "steal"}:
            break
        seat = state.to_act[0]
        for action in state.legal_actions(seat)[:12]:
            draft = guild.hint_draft(guild.new_draft(), action, state.view(seat))
            drawn = regions(state, seat, "turn", draft)
            assert action_json(action) in (drawn.board + drawn.hand + drawn.sheet).replace("&quot;", '"'), action
            kinds.add(action["type"])
        random_move(state, rng, box_chance=0, draw_chance=0)
    assert kinds >= {"rob", "choose_house", "dues", "steal"}, kinds


def test_houses_are_named_as_they_lie():
    view = GAME.new_game(seats=3, seed=1).view(None)
    assert house_label(view, 0) == "slum 1" and house_label(view, 4) == "rich house 5"
    view = GAME.new_game(seats=3, seed=1, options={"double_deck": True}).view(None)
    assert house_label(view, 4) == "slum 5" and house_label(view, 8) == "rich house 9"


def test_set_up_offers_the_notebook_first_and_in_plain_words():
    setup = setup_form.new_setup(guild, GAME)
    html = setup_form.setup_screen(guild, GAME, setup)
    options = re.findall(r'data-field="option" data-option="(\w+)"', html)
    assert options[0] == "pen_and_paper"
    assert "A notebook of what you have seen" in html and "need not remember" in html


def test_set_up_limits_and_rules_page():
    setup = setup_form.new_setup(guild, GAME)
    setup_form.set_seat_count(guild, GAME, setup, 40)
    assert setup["seats"] == 16
    setup["options"]["double_deck"] = True
    setup_form.set_seat_count(guild, GAME, setup, 40)
    assert setup["seats"] == 32 and 'data-testid="seat-count">32<' in setup_form.setup_screen(guild, GAME, setup)
    setup["options"]["double_deck"] = False
    setup_form.set_seat_count(guild, GAME, setup, setup["seats"])
    assert setup["seats"] == 16
    rules = guild.table_rules()
    assert all(rule in rules for rule in pycore.guild_of_thieves.TABLE_RULES)
    assert len(rules) > len(pycore.guild_of_thieves.TABLE_RULES)
    page = home_and_rules.rules_page(GAME, guild)
    assert "Jeweled Box" in page and "A notebook of what you have seen" in page
    state = GAME.new_game(seats=3, seed=1)
    names = table_for(3).names()
    assert "choosing" in guild.summary(state.view(None), names)
    rng = random.Random(1)
    for _ in range(5):
        random_move(state, rng, 0, 0)
    assert "Round 1" in guild.summary(state.view(None), names)


def test_every_news_and_landing_line_reads_as_a_sentence():
    """The recap (the news strip, a landing, a cover's recap) and the log say a turn as a person
    would: "You named Clubs at rich house 5: wrong lock.", never "You: named Clubs at rich house 5
    — wrong."; every line, to every reader, starts with a capital and ends a sentence."""
    miss = {"type": "rob", "by": 0, "house": 4, "kind": "rich", "owner": None, "guess": "C", "hit": False}
    assert guild.recap([miss], NAMES, 0) == ["You named Clubs at rich house 5: wrong lock."]
    hit = dict(miss, by=1, house=6, guess="H", hit=True)
    took = {"type": "steal", "by": 1, "house": 6, "kind": "rich", "owner": None, "took": True}
    dues = {"type": "dues", "by": 1}
    assert guild.recap([hit, took, dues], NAMES, 0) == ["P1 opened rich house 7 with Hearts, took a card and paid dues."]
    assert guild.recap([miss, dict(dues, by=0)], NAMES, 0) == ["You named Clubs at rich house 5 (wrong lock) and paid dues."]
    rng, lines = random.Random(8), set()
    for seed in range(4):
        state = GAME.new_game(seats=3, seed=seed)
        while not state.is_over and len(state.history) < 400:
            random_move(state, rng, box_chance=0.01)
        for reader in (None, 0, 1, 2):
            log = state.view(reader)["log"]
            lines |= {GAME.describe(event, NAMES, reader) for event in log}
            lines |= set(guild.recap(log, NAMES, reader))
    bad = [line for line in lines if "—" in line or re.match(r"^\w+: [a-z]", line)
           or not line[0].isupper() or line[-1] not in ".!"]
    assert not bad, bad
