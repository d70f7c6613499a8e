"""Issue 20 through the screen, for every game, in real Chromium: Watch it back (to the end and back to
the start, every screen the replayed state), an embedded moment that shows the same board as the
app, a damaged embed link that says so and posts an error, a hint that is Ruthless's own legal
choice with its sentence shown, a take-back that returns to the person's previous decision and
replays the same, an export that imports on a fresh profile (a damaged file refused), and shared
links that open in Watch it back with the server killed.

The games share a page where they can (a boot costs seconds): one test per feature, every game in it."""
import json
import random
import re

import pytest

import pycore
from driver import boot, frame_embed, inject, saved_state
from frontend.boards import BOARDS
from frontend.shell import transfer
from frontend.shell.watch_back import Replay, WatchView
from frontend.shell.table import Seat, Table
from frontend.widgets import action_json
from test_app_shell import wait_until_controlled

pytestmark = pytest.mark.browser

SAME_HTML = """([html, shown]) => { const t = document.createElement('template'); t.innerHTML = html; return t.innerHTML === shown; }"""
BOARD_HTML = "() => document.querySelector('[data-testid=board]').innerHTML"
WATCH_STEP = "() => Number(document.querySelector('[data-testid=play]').dataset.step)"
SAVED_ACTIONS = "(key) => JSON.parse(JSON.parse(localStorage.getItem(key)).record).actions.length"
SEATS = 3


def table_for(seats=SEATS):
    return Table([Seat(["Ann"])] + [Seat(bot=("sharp", "ruthless", "novice")[i % 3]) for i in range(seats - 1)])


def play_out(state, until=lambda s: False, seed=1):
    rng = random.Random(seed)
    while not state.is_over and not until(state):
        seat = state.to_act[0]
        state.apply(seat, state.game.bots["sharp"].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


def finished(game_id):
    game = pycore.GAMES[game_id]
    return play_out(game.new_game(seats=SEATS, seed=21, options=dict(game.options)))


def expected_board(replay, board, names, step) -> str:
    html = WatchView(replay, board, names, step).html()
    return re.search(r'<div class="tt-board" data-testid="board">(.*)</div><div class="tt-dock">', html, re.S).group(1)


def check_watch(page, replay, board, names, where):
    # (the screen before may be another game's watch-back, until Python has drawn this one's)
    page.wait_for_function("(game) => { const play = document.querySelector('[data-testid=play]');"
                           " return play?.dataset.moment === 'replay' && play.dataset.game === game; }", arg=replay.game.id)
    step = page.evaluate(WATCH_STEP)
    assert page.evaluate(SAME_HTML, [expected_board(replay, board, names, step), page.evaluate(BOARD_HTML)]), \
        f"{where}: the board at move {step} is not the replayed game's"
    return step


def test_every_game_is_watched_to_its_end_and_back_and_a_moment_embeds(server, page):
    names = table_for().names()
    boot(page, server.url + "?fast#/")
    for game_id, board in BOARDS.items():
        done = finished(game_id)
        replay = Replay(pycore.record(done))
        inject(page, done, table_for(), f"done-{game_id}")
        page.goto(server.url + f"?fast#/watch/done-{game_id}")
        assert check_watch(page, replay, board, names, f"{game_id}: the end") == replay.length
        page.click("[data-command=watch-go][aria-label='The deal']")
        assert check_watch(page, replay, board, names, f"{game_id}: the deal") == 0
        page.click("[data-command=watch-go][aria-label='One move on']")
        page.click("[data-command=watch-go][aria-label='One move on']")
        assert check_watch(page, replay, board, names, f"{game_id}: two moves on") == 2
        page.click("[data-command=watch-go][aria-label='One move back']")
        assert check_watch(page, replay, board, names, f"{game_id}: one back") == 1
        if page.locator("[data-field=watch-round]").count():
            number, first = replay.rounds()[len(replay.rounds()) // 2]
            page.select_option("[data-field=watch-round]", str(first))
            assert check_watch(page, replay, board, names, f"{game_id}: round {number}") == first
        page.click("[data-command=watch-go][aria-label='The end']")
        assert check_watch(page, replay, board, names, f"{game_id}: the end again") == replay.length
        # Embed this moment: the code to copy, and a preview showing the same board as the app.
        page.click("[data-command=watch-go][aria-label='One move back']")
        step = page.evaluate(WATCH_STEP)
        app_board = page.evaluate(BOARD_HTML)
        page.click("[data-command=watch-embed]")
        code = page.input_value("[data-testid=embed-code]")
        assert "mode=replay" in code and f"at={step}" in code and f"game={game_id}" in code
        preview = page.frame_locator("[data-testid=embed-preview]")
        preview.locator("[data-testid=board]").wait_for(timeout=60_000)
        assert preview.locator("[data-testid=board]").inner_html() == app_board, f"{game_id}: the embedded moment differs"
        page.click("[data-command=close-overlay]")
    assert not page.problems, page.problems


@pytest.mark.parametrize("game_id", ["thievery", "master-thieves"])
def test_a_damaged_record_in_an_embed_link_says_so_and_posts_an_error(server, page, game_id):
    boot(page, server.url + "?fast#/")
    other = "twelve-thieves" if game_id != "twelve-thieves" else "thievery"
    payload = transfer.share_payload(pycore.record(finished(other)), ["A", "B", "C"])
    for record, words in ((f"damaged{game_id}", "does not hold a game"), (payload, "not of the game the link names")):
        page.goto(server.url + "?fast#/")
        frame_embed(page, f"embed.html?game={game_id}&mode=replay&at=3&record={record}")
        error = page.frame_locator("iframe >> nth=-1").locator("[data-testid=embed-error]")
        assert words in error.inner_text(timeout=60_000)
        page.wait_for_function("window.received.some(m => m.type === 'error')")     # frame_embed starts the list afresh


def test_every_games_hint_is_ruthless_choice_and_a_take_back_replays_the_same(server, page):
    boot(page, server.url + "?fast#/")
    for game_id in BOARDS:
        game = pycore.GAMES[game_id]
        live = play_out(game.new_game(seats=SEATS, seed=22, options=dict(game.options)),
                        until=lambda s: list(s.to_act)[:1] == [0] and len(s.history) > 4)
        inject(page, live, table_for(), f"live-{game_id}")
        key = f"thieves-table:save:live-{game_id}"
        page.goto(server.url + f"?fast#/play/live-{game_id}")
        page.wait_for_selector("[data-testid=sheet] .tt-prompt")
        state = saved_state(page)
        page.click("[data-command=menu]")
        page.click("[data-testid=menu] [data-command=hint]")
        page.wait_for_selector("[data-testid=hint]")
        assert len(page.inner_text("[data-testid=hint]")) > 12, f"{game_id}: the hint says no why"
        expected = game.bots["ruthless"].choose(state.view(0), state.legal_actions(0),
                                                random.Random(state.seed * 7919 + len(state.history)))
        assert expected in state.legal_actions(0)
        marked = page.locator(f".tt-hint[data-act='{action_json(expected)}']")
        assert marked.count() == 1, f"{game_id}: the hint does not show Ruthless's choice {expected} on the board"
        before = len(state.history)
        marked.click()
        page.wait_for_function(f"({SAVED_ACTIONS})({json.dumps(key)}) > {before}")
        page.wait_for_timeout(400)                      # the bots answer
        moved_on = json.loads(pycore.record(saved_state(page)))["actions"]
        page.click("[data-command=menu]")
        page.click("[data-testid=menu] [data-command=take-back]")
        page.wait_for_function(f"({SAVED_ACTIONS})({json.dumps(key)}) === {before}")
        assert pycore.record(saved_state(page)) == pycore.record(state), f"{game_id}: not back to Ann's decision"
        # Back at the decision, the same hint shows the same move (a two-step move, such as a
        # Thievery guess, puts its button on the screen only through the hint's draft).
        page.click("[data-command=menu]")
        page.click("[data-testid=menu] [data-command=hint]")
        page.locator(f".tt-hint[data-act='{action_json(expected)}']").click()
        page.wait_for_function(f"({SAVED_ACTIONS})({json.dumps(key)}) > {before}")
        page.wait_for_timeout(400)
        again = json.loads(pycore.record(saved_state(page)))["actions"]
        shared = min(len(again), len(moved_on))
        assert again[:shared] == moved_on[:shared], f"{game_id}: the same move again, and the game went on otherwise"
        assert saved_state(page).history and json.loads(page.evaluate(f"localStorage.getItem({json.dumps(key)})"))["takebacks"] == 1
    assert not page.problems, page.problems


def test_exports_import_on_a_fresh_profile_and_shared_links_play_with_the_server_killed(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
    page = context.new_page()
    fresh = browser.new_context(viewport={"width": 390, "height": 844})
    other = fresh.new_page()
    names = table_for().names()
    try:
        boot(page, server.url + "?fast#/")
        replays = {}
        for game_id in BOARDS:
            done = finished(game_id)
            replays[game_id] = Replay(pycore.record(done))
            inject(page, done, table_for(), f"done-{game_id}")
        page.reload()
        page.wait_for_selector("[data-command=export-all]")
        with page.expect_download() as download:
            page.click("[data-command=export-all]")
        exported = open(download.value.path(), encoding="utf-8").read()
        assert len(transfer.read_export(exported)) == len(BOARDS)

        boot(other, server.url + "?fast#/")
        damaged = exported.replace('"record"', '"rec0rd"', 1)
        other.set_input_files("[data-field=import-file]", files=[
            {"name": "bad.json", "mimeType": "application/json", "buffer": damaged.encode()}])
        other.wait_for_selector(".notice")
        assert "nothing was imported" in other.inner_text(".notice")
        assert other.locator("[data-save]").count() == 0
        other.set_input_files("[data-field=import-file]", files=[
            {"name": "games.json", "mimeType": "application/json", "buffer": exported.encode()}])
        other.wait_for_selector(f"[data-save=done-{list(BOARDS)[-1]}]")
        assert f"Imported {len(BOARDS)} games" in other.inner_text(".notice")
        for game_id, board in BOARDS.items():
            other.goto(server.url + f"?fast#/watch/done-{game_id}")
            assert check_watch(other, replays[game_id], board, names, f"{game_id} imported") == replays[game_id].length

        links = {}
        for game_id in BOARDS:
            page.goto(server.url + f"?fast#/watch/done-{game_id}")
            page.click("[data-command=watch-share]")
            links[game_id] = page.input_value("[data-testid=share-link]")
            assert "#/shared/" in links[game_id]
        wait_until_controlled(page)
        server.kill()
        for number, (game_id, board) in enumerate(BOARDS.items()):
            page.goto(links[game_id].replace("/index.html#", "/?fast#"))
            if number == 0:
                page.reload()                           # the link opened from nothing: the app starts offline
            page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=90_000)
            assert check_watch(page, replays[game_id], board, names, f"{game_id} shared, offline") == replays[game_id].length
    finally:
        fresh.close()
        context.close()
