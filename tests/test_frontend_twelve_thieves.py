"""12 Thieves' board in CPython, beyond what every board is tested for (test_frontend_boards): the
regions it gives the play layout at each step of a choice, the public board holding no secret and
no button, a whole game played through the board's taps alone, one figure per thief, and the
shell's hooks (standings, secrets, the end's reason, recaps, motion)."""
import random
import re

import pycore
from driver import Taps
from frontend import widgets
from frontend.boards import BOARDS
from frontend.boards.twelve_thieves.hooks import TURN_WORDS
from frontend.shell import last_screen
from frontend.shell.play import Play, Scene
from frontend.shell.play_view import GameView
from frontend.shell.play_view import page as screen_page
from frontend.shell.save_store import Save
from frontend.shell.table import Seat, Table
from pycore.twelve_thieves import PALACE_NAMES, PALACES

GAME = pycore.GAMES["twelve-thieves"]
twelve_thieves = BOARDS["twelve-thieves"]
NAMES = ["Ann", "Ben", "Cat"]


def play_for(state):
    table = Table([Seat([NAMES[seat]]) for seat in range(state.seats)])
    return Play(Save("t", GAME.id, table, state, 0, 0), twelve_thieves)


def sharp_until(state, stop, seed=1):
    rng = random.Random(seed)
    while not state.is_over and not stop(state):
        seat = state.to_act[0]
        state.apply(seat, GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


def scene(state, seat, draft=None, moment=None):
    legal = state.legal_actions(seat) if seat is not None else []
    moment = moment or ("over" if state.is_over else "turn" if legal else "wait")
    return Scene(state.view(seat), legal, draft or twelve_thieves.new_draft(), NAMES[:state.seats], {}, [], moment)


def at_turn(seed=4, rounds=4):
    """Ann (seat 0) at the start of a turn, some rounds in."""
    return sharp_until(GAME.new_game(seats=3, seed=seed),
                       lambda s: s.phase == "turn" and s.round >= rounds and s.to_act == (0,) and not s.acted)


def subjects(html) -> list:
    return re.findall(r'<(\w+)[^>]*\bdata-subject\b[^>]*>', html)


def test_the_public_board_holds_no_secrets():
    """Drawn for nobody (between people, or bots only): no hand, no sheet, no button that plays."""
    state = at_turn()
    regions = twelve_thieves.draw(scene(state, None, moment="handover"))
    assert isinstance(regions, widgets.Regions)
    assert regions.hand == "" and regions.sheet == "" and "data-act" not in regions.board
    assert 'data-testid="bazaar"' in regions.board


def test_a_choice_goes_palace_action_payment_with_its_subject_in_view():
    """Turn start: the prompt says to tap a palace and the sheet holds only the end of the turn;
    a palace picked is the subject; paying for a thief lights the hand as the subject too."""
    state = at_turn()
    legal = state.legal_actions(0)
    start = twelve_thieves.draw(scene(state, 0))
    assert start.prompt.startswith("Tap a palace") and "\n" not in start.prompt
    assert Taps(start.sheet).taps == [("act", {"type": "end_turn"})]
    assert not subjects(start.board + start.hand)
    # At a hot-seat table the bar names whose turn it is; a person alone with bots reads "your turn".
    assert start.status == "Round 4 · Ann's turn"
    alone = Scene(state.view(0), legal, twelve_thieves.new_draft(), NAMES, {1: "Sharp bot", 2: "Ruthless bot"}, [], "turn")
    assert twelve_thieves.draw(alone).status == "Round 4 · your turn"
    thief = next(a for a in legal if a["type"] == "place_thief")
    picked = {"palace": thief["palace"], "mode": None, "to": None}
    step = twelve_thieves.draw(scene(state, 0, picked))
    assert f'data-palace="{thief["palace"]}"' in re.search(r'<div[^>]*data-subject[^>]*>.*?</div>', step.board).group(0)
    assert 'data-subject' in step.hand          # a thief's cards come from the hand
    ways = [a for a in legal if a["type"] == "place_thief" and a["palace"] == thief["palace"]]
    paying = twelve_thieves.draw(scene(state, 0, dict(picked, mode="place_thief")))
    acts = [data for command, data in Taps(paying.sheet).taps if command == "act"]
    assert acts == ways if len(ways) > 1 else True
    assert paying.prompt.startswith("Pay for a thief at the")


def test_a_guard_move_chooses_its_destination_on_the_board_or_the_sheet():
    state = at_turn()
    move = next(a for a in state.legal_actions(0) if a["type"] in ("move_neutral", "move_guard"))
    draft = {"palace": move["from"], "mode": move["type"], "to": None}
    regions = twelve_thieves.draw(scene(state, 0, draft))
    on_board = {int(data["to"]) for command, data in Taps(regions.board).taps if command == "move-to"}
    places = {a["to"] for a in state.legal_actions(0) if a["type"] == move["type"] and a["from"] == move["from"]}
    assert on_board == places and regions.prompt.endswith("where to?")
    assert "data-subject" not in regions.hand    # no payment yet: the destination comes first


def test_one_figure_per_thief():
    """Each palace draws one thief figure per thief of each seat (ghosts only count up to the chest)."""
    state = at_turn(seed=9, rounds=6)     # five thieves on the board by then
    view = state.view(0)
    assert sum(1 for p in view["palaces"] for n in p["thieves"] if n) >= 3, "too few thieves to tell"
    board = twelve_thieves.draw(scene(state, 0)).board
    cells = board.split('<div class="pcell"')[1:]
    for info, cell in zip(view["palaces"], cells):
        for seat, count in enumerate(info["thieves"]):
            assert len(re.findall(rf'class="thief s{seat}"', cell)) == count, (info, seat)
            ghosts = len(re.findall(rf'class="thief s{seat} ghost"', cell))
            assert ghosts == (max(0, info["chests"][0] - count) if count and info["chests"] else 0)


def test_during_guard_placement_nothing_is_secret():
    """No hands while guards are placed: no cover (shows_secrets is False) and no hand drawn;
    after the deal every hand is a secret."""
    state = GAME.new_game(seats=3, seed=2)
    while state.phase == "guards":
        seat = state.to_act[0]
        assert not twelve_thieves.shows_secrets(state.view(seat), state.view(None))
        assert twelve_thieves.draw(scene(state, seat)).hand == ""
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    assert twelve_thieves.shows_secrets(state.view(seat), state.view(None))


def holds_secrets(view, public_view) -> bool:
    """What the seat's view holds that the public one does not: anything but its seat and an empty hand."""
    return any(view.get(key) != public_view.get(key) for key in set(view) | set(public_view)
               if key not in ("seat", "hand")) or bool(view.get("hand"))


def test_a_player_holding_no_cards_but_private_draws_gets_a_cover_and_keeps_no_secret():
    """Issue 37: shows_secrets followed the hand alone, so a player with no cards whose view holds
    private draws ("You drew 3 Key.") got no cover and the kept screen held them."""
    empty_handed, found = 0, None
    for seed in range(12):
        if found is not None and empty_handed > 50:     # enough seen: the rest would say no more
            break
        state, rng = GAME.new_game(seats=2 + seed % 3, seed=seed), random.Random(seed)
        for _ in range(400):                # long enough for hands to empty; random games run long
            if state.is_over:
                break
            public = state.view(None)
            for seat in range(state.seats):
                view = state.view(seat)
                assert twelve_thieves.shows_secrets(view, public) == holds_secrets(view, public), (seed, seat)
                if not view["hand"] and holds_secrets(view, public):
                    empty_handed += 1
                    if found is None and state.phase == "turn" and seat == state.to_act[0]:
                        found = state.clone()
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert empty_handed > 50, "no empty-handed seat held a secret: the test sees nothing"
    # Hot-seat, the device goes to such a player: a cover first, and the screen kept shows no draw.
    assert found is not None, "no turn of an empty-handed player with private draws"
    state, names = found, (NAMES + ["Dan"])[:found.seats]
    seat = state.to_act[0]
    screen = GameView(Save("t", GAME.id, Table([Seat([name]) for name in names]), state, 0, 0), twelve_thieves)
    step = screen.play.step()
    assert (step.kind, step.seat) == ("cover", seat)
    screen.play.conductor.uncover(seat)
    assert last_screen.secrets_on_screen(screen)
    private = [line for line in (GAME.describe(event, names, seat) for event in state.view(seat)["log"])
               if line not in {GAME.describe(event, names, None) for event in state.view(None)["log"]}]
    # Its own cards, dealt or drawn, though its hand is empty now.
    assert any(line.startswith("You drew") or "you hold" in line for line in private), private
    kept = last_screen.what_to_keep(type("App", (), {"shown": screen})())
    assert kept[0] == "html" and 'data-testid="cover"' in kept[1]
    assert not any(line in kept[1] for line in private)


def test_the_hand_over_names_nobody_s_turn():
    state = at_turn()
    regions = twelve_thieves.draw(scene(state, None, moment="handover"))
    assert "'s turn" not in regions.status + regions.prompt and 'class="pl s0 turn' not in regions.board
    waiting = twelve_thieves.draw(scene(state, None, moment="wait"))
    assert "pl s0 turn" in waiting.board and waiting.status == "Round 4 · Ann's turn"


def test_a_whole_game_through_the_taps_of_the_board():
    """Each seat in turn taps a palace, what to do there and a destination as the screen offers
    them, then one of the buttons that play; the game ends."""
    state = GAME.new_game(seats=2, seed=6)
    play, rng = play_for(state), random.Random(6)
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.to_act[0]
        play.end_landing()          # the last person's move has landed: the next takes the device
        play.conductor.viewer, play.draft = seat, twelve_thieves.new_draft()
        wanted = GAME.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng)
        for _ in range(5):      # at most: palace, what to do, which guard, destination, then a button
            taps = Taps(screen_page(play)).taps
            acts = [data for command, data in taps if command == "act"]
            if wanted in acts:
                play.act(seat, wanted)
                break
            steps = [(command, data) for command, data in taps
                     if command in DEEPER and leads_to(command, data, wanted)]
            play.tap(*max(steps, key=lambda step: DEEPER.index(step[0])))      # the next step down
        else:
            raise AssertionError(f"the screen never offered {wanted}")
    assert state.is_over and state.outcome["winners"]


DEEPER = ("palace", "mode", "move-to")     # the draft's steps toward an action


def leads_to(command, data, action) -> bool:
    """Whether a draft tap is on the way to ``action``."""
    if command == "palace":
        return int(data["palace"]) == action.get("palace", action.get("from"))
    if command == "mode":       # a thief, a kind of guard move, or "guard" (which guard moves)
        return data["mode"] in (action["type"], "guard" if "to" in action else None)
    return int(data["to"]) == action.get("to")


def test_standings_put_the_winner_first_then_chests():
    state = sharp_until(GAME.new_game(seats=3, seed=9), lambda s: False)
    rows = twelve_thieves.standings(state.view(None), NAMES)
    assert [row["place"] for row in rows][0] == 1 and rows[0]["name"] == NAMES[state.outcome["winners"][0]]
    assert sorted(row["name"] for row in rows) == sorted(NAMES)
    assert [row["figures"]["Chests"] for row in rows[1:]] == sorted((row["figures"]["Chests"] for row in rows[1:]), reverse=True)
    assert rows[0]["figures"]["Chests"] == 5


def test_the_reason_says_who_carried_off_the_last_chest_and_from_where():
    state = sharp_until(GAME.new_game(seats=3, seed=9), lambda s: False)
    view = state.view(None)
    last = [e for e in view["log"] if e["type"] == "steal"][-1]
    palace = PALACE_NAMES[PALACES[last["palace"]]]
    assert twelve_thieves.reason(view, NAMES) == (
        f"{NAMES[last['by']]} carried off a 5th chest, from the {palace} palace.")
    stopped = dict(view, outcome={"winners": [], "scores": {}, "reason": "guard"})
    assert "a draw" in twelve_thieves.reason(stopped, NAMES)
    over = twelve_thieves.draw(scene(state, None))
    assert over.prompt == twelve_thieves.reason(view, NAMES) and over.sheet == ""


def test_a_recap_tells_one_line_a_turn():
    state = sharp_until(GAME.new_game(seats=3, seed=2), lambda s: s.round >= 3 and s.to_act == (0,))
    events = state.view(None)["log"]
    start = max(i for i, e in enumerate(events) if e["type"] == "turn" and e["seat"] == 1)
    lines = twelve_thieves.recap(events[start:], NAMES, 0)
    assert [line.split(" ")[0] for line in lines] == ["Ben", "Cat"], lines
    assert all(line.endswith(".") and ("drew" in line or "took" in line) for line in lines), lines
    # Each line is a sentence ("Ben put a thief into Lamp and drew 3."), not "Ben: a thief into Lamp, drew 3.".
    assert not [line for line in lines if ":" in line.split(" ")[0] or "passed:" in line], lines
    passed = [{"type": "draw", "by": 0, "deck": 1, "dancers": 2}]
    assert twelve_thieves.recap(passed, NAMES, 0) == ["You passed, drew 1 and took 2 Dancers."]


def test_motion():
    """A placed thief drops in (the newest figure of its row), a stolen chest is carried off to its
    thief, a moved guard slides in; every key is one the board draws."""
    state = at_turn(seed=7, rounds=6)
    seat = 0
    before = len(state.view(None)["log"])
    rng = random.Random(3)
    kinds = set()
    while state.to_act == (seat,) and not state.is_over:
        legal = state.legal_actions(seat)
        wanted = [a for a in legal if a["type"] in ("steal", "place_thief", "move_neutral", "move_guard")
                  and a["type"] not in kinds]
        action = wanted[0] if wanted else GAME.bots["sharp"].choose(state.view(seat), legal, rng)
        kinds.add(action["type"])
        state.apply(seat, action)
    events = state.view(None)["log"][before:]
    view = state.view(None)
    marks = twelve_thieves.motion(events, view)
    drawn = twelve_thieves.draw(scene(state, None, moment="handover")).board
    for key in marks:
        if key != "hand":
            assert f'data-motion="{key}"' in drawn, key
    for event in events:
        if event["type"] == "place_thief":
            count = view["palaces"][event["palace"]]["thieves"][seat]
            assert marks.get(f"thief-{event['palace']}-{seat}-{count - 1}") == "tt12-drop" or count == 0
        if event["type"] == "steal":
            assert marks[f"carry-{event['palace']}"] == "tt12-carry"


def test_the_end_turns_every_hand_up_whole():
    """Given a final view that holds every hand (players[s]["cards"], the engine's part), the end
    draws each hand whole, a card group per palace and the Dancers, for every player."""
    state = sharp_until(GAME.new_game(seats=3, seed=9), lambda s: False)
    view = state.view(None)
    hands = [state.view(seat)["hand"] for seat in range(3)]
    if "cards" not in view["players"][0]:     # until the engine turns the hands up itself
        view = dict(view, players=[dict(player, cards=hands[player["seat"]]) for player in view["players"]])
    board = twelve_thieves.draw(Scene(view, [], twelve_thieves.new_draft(), NAMES, {}, [], "over")).board
    rows = board.split('data-hand-of="')[1:]
    assert len(rows) == 3
    for seat, row in enumerate(rows):
        labels = re.findall(r'class="tcard[^"]*" role="img" aria-label="([^"]+)"', row)
        counts = {name: hands[seat].count(name) for name in dict.fromkeys(hands[seat])}
        assert len(labels) == len(counts) and all(f"{n} " in label for n, label in zip(counts.values(), labels)), (labels, counts)
        assert sum(int(label.split()[0]) for label in labels) == len(hands[seat])


def with_every_hand(state) -> dict:
    """What Watch it back draws from: the engine's view_all, or (until the engine has it) the
    public view with every hand added as view_all holds them."""
    if hasattr(state, "view_all"):
        return state.view_all()
    view = state.view(None)
    return dict(view, players=[dict(p, cards=state.view(p["seat"])["hand"]) for p in view["players"]])


def test_watched_back_the_board_turns_every_hand_up_and_offers_nothing():
    """At each moment of a finished game, the replay draws each player's whole hand in the strip
    (a card group per palace, as the seat's own view holds it), the palace of the latest move
    marked, and nothing to tap, no sheet, no prompt."""
    state = sharp_until(GAME.new_game(seats=3, seed=9), lambda s: False)
    again = GAME.new_game(seats=3, seed=9)
    for number, (seat, action) in enumerate(state.history):
        again.apply(seat, action)
        if number % 37 and number != len(state.history) - 1:
            continue
        view = with_every_hand(again)
        drawn = twelve_thieves.draw(Scene(view, [], twelve_thieves.new_draft(), NAMES, {}, [], "replay"))
        assert drawn.sheet == drawn.prompt == drawn.hand == "" and not Taps(drawn.board).taps
        assert "data-subject" not in drawn.board
        rows = drawn.board.split('data-hand-of="')[1:]
        if again.phase == "guards":
            assert not rows, "nobody holds a card while guards are placed"
            continue
        assert len(rows) == 3
        for row, seat in zip(rows, range(3)):
            hand = again.view(seat)["hand"]
            labels = re.findall(r'class="tcard[^"]*" role="img" aria-label="(\d+) [^"]+"', row.split("</li>")[0])
            assert sorted(map(int, labels)) == sorted(hand.count(name) for name in set(hand)), (number, seat)
        last = view["log"][-1]
        marked = re.findall(r'class="palace [^"]*\bmoved\b[^"]*"[^>]*data-palace="(\d)"', drawn.board)
        assert marked == ([str(last.get("to", last.get("palace")))] if last["type"] in TURN_WORDS else [])


def test_a_hint_puts_its_button_on_screen():
    """For every legal action at a turn's start, in a pass draw and while guards are placed, the
    hint's draft shows exactly one button that plays it (its palace, the step and the way to pay)."""
    positions = [GAME.new_game(seats=3, seed=2), at_turn(), at_turn(seed=7, rounds=6),
                 sharp_until(GAME.new_game(seats=3, seed=5), lambda s: s.phase == "turn" and s.step == "draw")]
    kinds = set()
    for state in positions:
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        by_draft = {}       # one drawing a draft: every action hinted to it must be on it
        for action in legal:
            draft = twelve_thieves.hint_draft(twelve_thieves.new_draft(), action, view)
            by_draft.setdefault(tuple(draft.items()), []).append(action)
        for draft, actions in by_draft.items():
            drawn = twelve_thieves.draw(Scene(view, legal, dict(draft), NAMES, {}, [], "turn"))
            acts = [data for command, data in Taps(drawn.board + drawn.sheet).taps if command == "act"]
            for action in actions:
                assert acts.count(action) == 1, (action, draft, acts)
                kinds.add(action["type"])
    assert {"place_guard", "place_thief", "end_turn", "draw", "move_neutral"} <= kinds, kinds


def test_the_best_result_is_the_chests_carried_off():
    state = sharp_until(GAME.new_game(seats=3, seed=9), lambda s: False)
    results = [twelve_thieves.best_result(state.outcome, seat) for seat in range(3)]
    assert [value for value, _ in results] == [len(state.view(None)["players"][seat]["chests"]) for seat in range(3)]
    winner = state.outcome["winners"][0]
    assert results[winner] == (5, "5 chests") and max(results)[0] == 5
    assert twelve_thieves.best_result({"winners": [], "scores": {"0": 1}}, 0) == (1, "1 chest")
