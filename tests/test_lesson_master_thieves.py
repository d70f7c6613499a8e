"""Master Thieves' guided first game, rebuilt from the game's core rules (issue 35): the person hides
their diamonds and follows them through the set-up's turns and flip, shown one at a time on the
board with the coach marking their drawer; plays the Detective, the Smuggler (with a flip of their
own), the Thief, the Master Thief and the Connoisseur; and every claim the coach makes about what
happened is what the engine did.  The shared lesson tests (test_lesson.py) check the quotes, the
core rules' steps, the coach's length and that the lesson plays through."""
import re

import pycore
from frontend.boards import BOARDS
from frontend.boards.master_thieves import draft as mt_draft
from frontend.shell import lesson as lessons
from frontend.shell.coach import LessonView
from frontend.shell.play import Scene
from pycore.master_thieves import stones_count, stones_value

GAME_ID = "master-thieves"
GAME, BOARD = pycore.GAMES[GAME_ID], BOARDS[GAME_ID]


def lesson():
    return lessons.Lesson.of(GAME_ID, BOARD.LESSON)


def walked():
    """(step, the public log when the step's move landed, the play after the bots played on)."""
    return list(lessons.walk(lesson(), BOARD, GAME))


def rounds(log) -> dict:
    out, current = {}, 0
    for event in log:
        if event["type"] == "round":
            current = event["round"]
        out.setdefault(current, []).append(event)
    return out


def test_the_person_plays_the_thief_a_detective_a_smuggler_and_more():
    *_, (_, _, play) = walked()
    log = play.state.view(None)["log"]
    mine = {event["roles"][0] for event in log if event["type"] == "reveal"}
    assert {"thief", "detective", "smuggler", "master_thief", "connoisseur"} <= mine
    assert play.names == ["You", "Nell", "Nat", "Nico"]          # the coach's words name them
    # Each role did its work for the person: the red cushion as Detective and as the lone Smuggler,
    # a take as Thief, a ruby from a secret compartment as Master Thief, fakes in as Connoisseur.
    by_round = rounds(log)
    role_of = {number: next(e for e in events if e["type"] == "reveal")["roles"][0]
               for number, events in by_round.items() if any(e["type"] == "reveal" for e in events)}
    for number, role in role_of.items():
        events = by_round[number]
        share = next((e for e in events if e["type"] == "share"), None)
        took = [e for e in events if e["type"] == "take" and e["by"] == 0]
        if role in ("detective", "smuggler"):
            assert share and share["role"] == role and share["to"] == [0] and stones_count(share["got"][0])
        if role == "thief":
            assert took and took[0]["stones"] == {"ruby": 0, "sapphire": 2, "diamond": 1}
        if role == "master_thief":
            assert took and took[0]["stones"]["ruby"] == 1
            assert next(e for e in events if e["type"] == "open" and e["by"] == 0)["full"]
        if role == "connoisseur":
            assert [e["stone"] for e in events if e["type"] == "place_fake" and e["by"] == 0] == ["sapphire"] * 2
    # The person's own flip, after a clean opening as the Smuggler.
    assert any(e["type"] == "flip" and e["by"] == 0 for e in by_round[2])
    # The lesson stops ahead: the person leads on points, as the last words say.
    scores = [play.state.score(seat) for seat in range(play.state.seats)]
    assert scores[0] > max(scores[1:]) and f"you lead with {scores[0]} points" in lesson().end


def test_the_person_follows_their_diamonds_through_the_set_ups_turns_and_flip():
    """The coach marks, at each moment of "Watch it again", the drawer the person's diamonds lie in
    as the board draws the cabinet then (a model cabinet replayed from the public log says where);
    then a bot opens that drawer in round 1 and the diamonds spill to the red cushion, which the
    person, the Detective, takes."""
    from pycore.master_thieves.cabinet import Cabinet
    view = LessonView(lesson(), BOARD, GAME)
    while view.run.step.kind != "tap":
        target = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html()).group(2)
        view.tap(lessons.attributes(target))
    public = view.play.public_view()
    log = public["log"]
    # A model cabinet: the rubies' flip, the diamonds hidden, then the set-up's own moves.
    model, mine = Cabinet(), set()
    hidden_last = max(i for i, e in enumerate(log) if e["type"] == "hide")
    for event in log[:hidden_last + 1]:
        if event["type"] == "flip":
            model.flip()
        if event["type"] == "hide" and event["by"] == 0:
            mine.add(model.slots[event["tier"]][event["side"]])
    assert len(mine) == 1, "the person's diamonds lie in one drawer"
    number = mine.pop()
    moves = mt_draft.setup_moves(public)
    assert [e["type"] for e in moves] == ["turn", "turn", "turn", "flip"]
    stage, seen = 0, []
    while view.run.step is not None and (view.run.step.kind == "tap" or view.run.step.look):
        page = view.html()
        step = view.run.step
        if step.look:
            # The board draws the cabinet as it stood at this stage, and the coach marks the drawer.
            drawn = view.play.draft.get("replay")
            cabinet = model.copy()
            for event in moves[:drawn]:
                cabinet.flip() if event["type"] == "flip" else cabinet.turn(event["tier"], event["quarters"])
            assert mt_draft.faces_at(public, drawn) == cabinet.faces()
            tier, side = cabinet.place_of(number)
            assert step.look == {"motion": f"mt-drawer-{tier}-{side}"}, (step.say, cabinet.place_of(number))
            assert page.count("data-coach-look") == 1
            assert re.search(rf'data-motion="mt-drawer-{tier}-{side}"[^>]*data-coach-look', page)
            seen.append((drawn, (tier, side)))
        target = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", page).group(2)
        view.tap(lessons.attributes(target))
        stage += 1
    assert [drawn for drawn, _ in seen] == [0, 1, 2, 3, 4], seen
    assert seen[-1][1] == (1, 3) and "middle west" in lesson().steps[9].say
    # Round 1: a bot opens that drawer; its lower half spills the person's diamonds.
    play = view.play
    target = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html()).group(2)
    view.tap(lessons.attributes(target))                 # the Detective
    round_one = rounds(play.state.view(None)["log"])[1]
    spill = next(e for e in round_one if e["type"] == "open")
    assert (spill["tier"], spill["side"]) == (1, 3) and spill["by"] == 3 and spill["spilled"]["diamond"] == 4
    share = next(e for e in round_one if e["type"] == "share")
    assert share["to"] == [0] and share["got"][0]["diamond"] == 4 and "4 diamonds are yours" in lesson().steps[11].say


def test_the_coachs_words_on_what_happened_are_the_engines():
    """What the coach says a move or the bots did is in the log: no red cushion tipped over that
    is empty, no fake named that is not there (the old lesson's complaints)."""
    said = {}
    for number, step, play in walked():
        said[number - 1] = (step, play.state.view(None)["log"], [play.state.score(s) for s in range(4)])
    by_round = rounds(said[28][1])
    smuggle = next(e for e in by_round[2] if e["type"] == "smuggle")
    assert smuggle["by"] == 0 and smuggle["stones"] == {"ruby": 0, "sapphire": 1, "diamond": 0}
    assert "fake sapphire went onto the red cushion" in said[15][0].then
    alarm = next(e for e in by_round[2] if e["type"] == "open" and e["alarm"] is not None)
    assert alarm["alarm"] == alarm["by"] == 2 and not stones_count(alarm["alarm_took"])
    assert "Nat’s token fell out alone" in said[17][0].after
    share = next(e for e in by_round[2] if e["type"] == "share")
    assert share["to"] == [0] and share["got"][0] == {"ruby": 0, "sapphire": 1, "diamond": 0}
    nell = [e for e in by_round[3] if e["type"] == "take" and e["by"] == 1]
    assert nell and stones_count(nell[0]["stones"]), "Nell, the second Thief, took something"
    ruby = next(e for e in by_round[4] if e["type"] == "take" and e["by"] == 0)
    assert stones_value(ruby["stones"]) == 4
    spill = next(e for e in by_round[5] if e["type"] == "open")
    assert spill["by"] == 1 and spill["role"] == "smuggler" and stones_count(spill["spilled"])
    fakes = next(e for e in by_round[5] if e["type"] == "take" and e["by"] == 3)
    assert fakes["stones"]["sapphire"] == 2 and "Nico, the Master Thief, took your two sapphires" in said[28][0].after


def test_the_coach_never_asks_the_same_thing_twice_in_a_row():
    """The old lesson's steps 12–13, 16–17, 21–22 and 26–28 all said "put in a fake": now every step
    says something of its own, and fakes are put in at one turn."""
    steps = lesson().steps
    says = [step.say for step in steps]
    assert len(says) == len(set(says))
    assert sum(1 for step in steps if step.do and step.do["type"] == "place_fake") <= 2


def test_the_roles_stay_secret_until_the_reveal():
    """While roles are chosen, nobody's view shows another's choice; the reveal shows them all."""
    *_, (_, _, play) = walked()
    history = play.state.history
    state = GAME.new_game(seats=play.state.seats, seed=play.state.seed, options=play.state.options)
    checked = reveals = 0
    for seat, action in history:
        state.apply(seat, action)
        if state.phase == "choose":
            for viewer in range(state.seats):
                roles = state.view(viewer)["roles"]
                assert all(role is None for other, role in enumerate(roles) if other != viewer)
                checked += 1
        if action["type"] == "choose_role" and state.phase == "act":
            reveals += 1
            assert all(role is not None for role in state.view(None)["roles"])
    assert checked and reveals == 5


def scene_of(state, draft=None, seat=0):
    view = state.view(seat)
    legal = state.legal_actions(seat) if seat in state.to_act else []
    return Scene(view, legal, draft or BOARD.new_draft(), ["You", "Nell", "Nat", "Nico"], {}, [], "turn")


def test_watch_it_again_shows_the_set_ups_moves_one_at_a_time_in_any_game():
    """In round 1, until someone turns or flips the cabinet, the board offers the set-up's turns and
    flip again: the cabinet drawn as it stood before them, then after each, with its words and the
    tier's spin or the flip's motion; no drawer can be opened meanwhile; gone once a player moves
    the cabinet."""
    import random
    state = GAME.new_game(seats=3, seed=11)
    rng = random.Random(1)
    while state.phase == "setup":
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    page = BOARD.draw(scene_of(state)).board
    assert 'data-command="setup-replay" data-stage="0"' in page and "Watch it again" in page
    moves = mt_draft.setup_moves(state.view(0))
    assert [e["type"] for e in moves] == ["turn", "turn", "turn", "flip"]
    draft = BOARD.new_draft()
    for stage in range(len(moves) + 1):
        BOARD.tap(draft, "setup-replay", {"stage": str(stage)}, state.view(0))
        page = BOARD.draw(scene_of(state, draft)).board
        if stage:
            event = moves[stage - 1]
            assert mt_draft.replay_words(event) in page.replace("&#x27;", "'").replace("&#39;", "'") or "flipped" in page
            if event["type"] == "turn":
                assert re.search(rf'class="mt-drawers mt-spin-{event["quarters"]}" data-motion="mt-tier-{event["tier"]}"', page)
            else:
                assert 'class="mt-cabinet mt-replaying mt-flip"' in page
        assert (f'data-stage="{stage + 1}"' in page) == (stage < len(moves))
    assert mt_draft.faces_at(state.view(0), len(moves)) == state.view(0)["faces"]
    BOARD.tap(draft, "setup-replay", {"stage": ""}, state.view(0))
    assert draft["replay"] is None
    # A player's own turn or flip: the set-up's moves are no longer the cabinet's last.
    while not any(e["type"] in ("turn", "flip") and e["by"] is not None for e in state.view(None)["log"]):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        handle = [a for a in legal if a["type"] in ("flip", "turn")]
        state.apply(seat, handle[0] if handle else rng.choice(legal))
    assert mt_draft.setup_moves(state.view(0)) == [] and "setup-replay" not in BOARD.draw(scene_of(state)).board


def test_the_set_ups_turns_spin_the_tier_where_it_stands_after_the_flip():
    """The set-up's turns come before its flip: each spins the row its tier stands in now, the
    other way round (the flip reversed the tiers and swapped east and west)."""
    events = [{"type": "turn", "by": None, "tier": 0, "quarters": 1}, {"type": "turn", "by": None, "tier": 1, "quarters": 3},
              {"type": "flip", "by": None}]
    marks = BOARD.motion(events, {})
    assert marks["mt-tier-2"] == "mt-spin-3" and marks["mt-tier-1"] == "mt-spin-1" and marks["mt-cabinet"] == "mt-flip"
    assert BOARD.motion(events[:1], {})["mt-tier-0"] == "mt-spin-1"


def test_a_lesson_left_half_way_through_watching_resumes_where_the_taps_had_got_to():
    """The record keeps the game, not the board's draft: resumed (or a step repeated) in the middle
    of "Watch it again", the taps before are made again, so the ring is on the next one."""
    view = LessonView(lesson(), BOARD, GAME)
    while not (view.run.step.kind == "tap" and view.run.step.tap[1]["stage"] == 3):
        target = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html()).group(2)
        view.tap(lessons.attributes(target))
    again = LessonView.resumed(lesson(), BOARD, GAME, view.record())
    assert again.play.draft == view.play.draft == {"replay": 2}
    assert again.html() == view.html() and 'data-stage="3" data-coach-here' in again.html()
    again.lesson_repeat()
    assert again.play.draft == {"replay": 2}
