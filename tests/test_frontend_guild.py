"""Guild of Thieves' screen in CPython: it shows only the view (the board drawn for a seat does not
change when what that seat cannot see is exchanged), every log event has words, nothing secret is
drawn for the public view, and every tap the board offers becomes a legal action (and every legal
action can be reached by taps)."""
import json
import random
from html.parser import HTMLParser

import pytest

import pycore
from frontend.guild import GuildScreen, card_text, house_name
from frontend.play import Play
from frontend.saves import Save
from frontend.table import Seat, Table

GAME = pycore.GAMES["guild-of-thieves"]
SCREEN = GuildScreen()
TABLES = [(2, {}), (5, {}), (16, {}),
          (3, {"double_deck": True}), (20, {"double_deck": True}),
          (4, {"i_know_where_you_live": True}), (5, {"pen_and_paper": True}),
          (2, {"pen_and_paper": True, "i_know_where_you_live": True})]


def table_for(seats, bots=()):
    return Table([Seat(bot="sharp") if seat in bots else Seat([f"P{seat}"]) for seat in range(seats)])


def play_for(state, table=None):
    return Play(Save("t", GAME.id, table or table_for(state.seats), state, 0, 0), SCREEN)


def draw(play, seat, ui=None):
    play.conductor.viewer = seat
    play.ui = dict(ui) if ui else SCREEN.new_ui()
    html = SCREEN.board(play)
    log = [SCREEN.describe(event, play.names, seat) for event in play.state.view(seat)["log"]]
    return html, log


class Taps(HTMLParser):
    """Every enabled element with a data-do on the board: (do, {data-* without data-do})."""

    def __init__(self, html):
        super().__init__()
        self.taps = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if "data-do" in found and "disabled" not in found:
            data = {key[5:]: value for key, value in found.items() if key.startswith("data-") and key != "data-do"}
            self.taps.append((found["data-do"], data))


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


SECRET_MARKS = ['data-testid="hand"', 'data-testid="reveal"', 'data-testid="notebook"', "lock down known",
                'data-testid="dues"', 'data-testid="box"', "Your hand", "Your lock"]


@pytest.mark.parametrize("seats,options", TABLES, ids=lambda v: str(v))
def test_guild_screens_show_only_the_view(seats, options):
    """Drawn for a seat (or for nobody), the board and log do not change when what that seat
    cannot see is exchanged; the public board holds nothing secret; every event has words."""
    limit = 260 if seats > 8 else 900
    every = 20 if seats > 8 else 9
    for number in range(2):
        rng = random.Random(number)
        state = GAME.new_game(seats=seats, seed=100 + number, options=options)
        steps = 0
        while not state.is_over and steps < limit:
            if steps % every == 0 or state.view(None)["step"] == "steal" and steps % 3 == 0:
                check_secrecy(state, steps, sample=None if seats <= 5 else random.Random(steps).sample(range(seats), 4))
            seat, action = random_move(state, rng)
            steps += 1
        check_secrecy(state, steps, sample=[0, 1])


def check_secrecy(state, steps, sample=None):
    play = play_for(state)
    seats = list(range(state.seats)) if sample is None else sample
    public, public_log = draw(play, None)
    for mark in SECRET_MARKS:
        assert mark not in public, f"the public board shows {mark}"
    assert not any(line.startswith("You ") for line in public_log), "a private line in the public log"
    assert all(isinstance(line, str) and line for line in public_log), public_log
    for seat in seats:
        html, log = draw(play, seat)
        assert all(isinstance(line, str) and line for line in log), log
        view = state.view(seat)
        if view["pending"]:
            assert 'data-testid="reveal"' in html
        else:
            assert 'data-testid="reveal"' not in html
        if not view["options"]["pen_and_paper"]:
            assert 'data-testid="notebook"' not in html and "Notebook" not in html
        elif view["phase"] != "choose" or view["players"][seat]["house"] is not None:
            assert 'data-testid="notebook"' in html
        other = GAME.exchange_hidden(state, seat, random.Random(steps))
        assert draw(play_for(other), seat) == (html, log), f"seat {seat} sees something hidden"
        # The public board is the same whatever any seat cannot see.
        assert draw(play_for(other), None) == (public, public_log)


def test_the_reveal_is_only_on_the_thiefs_screen():
    state = GAME.new_game(seats=4, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        view = state.view(None)
        if view["step"] == "steal":
            break
        random_move(state, rng, box_chance=0, draw_chance=0)
    thief = state.to_act[0]
    play = play_for(state)
    cards = state.view(thief)["pending"]["cards"]
    html, log = draw(play, thief)
    assert 'data-testid="reveal"' in html and all(card_text(c) in html for c in cards)
    assert any(line.startswith("You saw") for line in log)
    for seat in [None] + [s for s in range(4) if s != thief]:
        html, log = draw(play, seat)
        assert 'data-testid="reveal"' not in html and "take this one" not in html
        assert not any(line.startswith("You saw") for line in log)


def reachable(play, seat):
    """Every action reachable from a fresh screen by taps (ui states explored once each)."""
    found = {}
    start = SCREEN.new_ui()
    seen = {json.dumps(start, sort_keys=True)}
    queue = [start]
    legal = [json.dumps(a, sort_keys=True) for a in play.state.legal_actions(seat)]
    while queue:
        ui = queue.pop()
        html, _ = draw(play, seat, ui)
        for do, data in Taps(html).taps:
            play.ui = dict(ui)
            action = SCREEN.on(play, do, data)
            if action is not None:
                key = json.dumps(action, sort_keys=True)
                assert key in legal, f"the tap {do} {data} offers an illegal action {action}"
                found[key] = action
                continue
            after = dict(play.ui)
            key = json.dumps(after, sort_keys=True)
            again = (do == "house" and str(ui["house"]) == data["house"] or do == "box-suit" and ui["suit"] == data["suit"]
                     or do == "box-value" and ui["value"] == data["value"]
                     or do == "box-pick" and (ui["value"] or "") + (ui["suit"] or "") == data["code"])
            assert after != ui or again, f"the tap {do} {data} does nothing"
            if key not in seen:
                seen.add(key)
                queue.append(after)
    return found, legal


@pytest.mark.parametrize("seats,options", [(3, {}), (2, {"pen_and_paper": True, "i_know_where_you_live": True}),
                                           (5, {"double_deck": True})], ids=lambda v: str(v))
def test_every_legal_action_is_a_tap_away(seats, options):
    """At sampled decisions the taps reach exactly the legal actions, no more, no fewer."""
    rng = random.Random(seats)
    state = GAME.new_game(seats=seats, seed=seats, options=options)
    kinds = set()
    steps = 0
    while not state.is_over and steps < 400:
        seat = state.to_act[0]
        special = (state.view(None)["step"] in ("steal", "dues_second") or state.view(None)["phase"] == "draw_offer"
                   or any(a["type"] == "open_box" for a in state.legal_actions(seat)))
        if steps % 4 == 0 or special:
            found, legal = reachable(play_for(state), seat)
            assert sorted(found) == sorted(legal)
            kinds |= {a["type"] for a in found.values()}
        random_move(state, rng, box_chance=0.01, draw_chance=0.03)
        steps += 1
    wanted = {"choose_house", "rob", "steal", "dues", "end_turn", "offer_draw"}
    if options.get("i_know_where_you_live"):
        wanted.add("open_box")     # the first dues paid draw the Joker
    assert wanted <= kinds, kinds


def tap_game(seats, options, seed, bots=()):
    """A whole game played only through the screen's taps (bots, if any, through the engine)."""
    rng = random.Random(seed)
    state = GAME.new_game(seats=seats, seed=seed, options=options)
    table = table_for(seats, bots)
    play = play_for(state, table)
    types = set()
    for _ in range(6000):
        if state.is_over:
            break
        seat = state.to_act[0]
        if seat in bots:
            play.conductor.viewer = None
            play.bot_act(seat)
            continue
        if play.conductor.viewer != seat:
            play.conductor.viewer = seat
            play.ui = SCREEN.new_ui()
        html = SCREEN.board(play)
        taps = Taps(html).taps
        assert taps, f"seat {seat} has nothing to tap at step {state.view(seat)['step']}"
        # Mostly play on; open the box now and then; offer a draw rarely.
        weights = []
        for do, data in taps:
            weights.append({"box": 0.2, "offer-draw": 0.05, "box-cancel": 0.2, "dues-cancel": 0.3,
                            "clear-house": 0.3, "answer-draw": 1, "steal-none": 0.5}.get(do, 1))
        do, data = rng.choices(taps, weights)[0]
        before = len(state.history)
        action = SCREEN.on(play, do, data)
        if action is not None:
            assert action in state.legal_actions(seat), (do, data, action)
            assert play.act(seat, action), play.error
            assert len(state.history) == before + 1
            assert all(line for line in play.banner)
            types.add(action["type"])
            GAME.audit(state)
    return state, play, types


@pytest.mark.parametrize("seats,options,bots", [(2, {}, ()), (3, {"pen_and_paper": True}, (2,)),
                                                (4, {"i_know_where_you_live": True}, ()),
                                                (3, {"double_deck": True}, (1,))], ids=lambda v: str(v))
def test_games_played_only_through_taps(seats, options, bots):
    ended = 0
    types = set()
    for seed in range(3):
        state, play, used = tap_game(seats, options, seed, bots)
        types |= used
        if state.is_over:
            ended += 1
            play.conductor.viewer = None
            html = SCREEN.board(play)
            assert 'data-testid="combination"' in html
            assert card_text(state.outcome["combination"]) in html
    assert ended >= 2
    assert {"choose_house", "rob", "end_turn"} <= types


def test_public_events_have_words_for_everyone():
    state = GAME.new_game(seats=3, seed=9, options={"i_know_where_you_live": True})
    rng = random.Random(9)
    names = ["Ana", "Ben", "Cy"]
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        events = state.apply(seat, rng.choice(legal))
        for event in events:
            for viewer in (None, 0, 1, 2):
                line = SCREEN.describe(event, names, viewer)
                assert isinstance(line, str) and line, event


def test_words_read_like_the_table():
    names = ["Ana", "Ben"]
    SCREEN.columns = 4
    assert SCREEN.describe({"type": "rob", "by": 1, "house": 6, "owner": None, "guess": "H", "hit": False},
                           names, None) == "Ben named Hearts at rich house 7 — wrong."
    assert SCREEN.describe({"type": "saw", "house": 6, "owner": None, "cards": ["7H", "JC"], "round": 2},
                           names, 0) == "You saw 7♥ and J♣ in rich house 7."
    assert SCREEN.describe({"type": "rob", "by": 0, "house": 2, "owner": 1, "guess": "K", "hit": True,
                            "lock": "KS"}, names, 1).startswith("Ana named King at your house — right")
    assert house_name(0, 4) == "slum 1" and house_name(4, 4) == "rich house 5"
    assert house_name(4, 8) == "slum 5" and house_name(8, 8) == "rich house 9"


def test_set_up_limits_and_rules_page():
    assert SCREEN.max_seats(GAME, {}) == 16
    assert SCREEN.max_seats(GAME, {"double_deck": True}) == 32
    rules = SCREEN.table_rules()
    assert all(rule in rules for rule in pycore.guild_of_thieves.TABLE_RULES)
    assert len(rules) > len(pycore.guild_of_thieves.TABLE_RULES)
    assert "Jeweled Box" in SCREEN.rules_html()
    state = GAME.new_game(seats=3, seed=1)
    table = table_for(3)
    assert "choosing" in SCREEN.summary(state, table)
    rng = random.Random(1)
    for _ in range(5):
        random_move(state, rng, 0, 0)
    assert "Round 1" in SCREEN.summary(state, table)
