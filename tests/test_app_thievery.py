"""Thievery in the built app, in real Chromium, through taps (a 390 px phone unless stated)."""
import json
import random

import pytest

import pycore
from driver import act, act_of, boot, cover_secrets, inject, saved_state, set_up, settle, wait_for_actions
from frontend.shell.table import Seat, Table

pytestmark = pytest.mark.browser


def truth(state, hand, index):
    """The real rank of a card (its owner's view shows it)."""
    return state.view(hand)["rows"][hand][index]["rank"]


def take_turn(page, rng, wrong_every=4, counter=[0]):
    """One person's decision, read off the screen's own state; returns False when the game is over."""
    settle(page)
    if page.locator("[data-testid=end]").count():
        return False
    if page.locator("[data-testid=cover]").count():
        assert not cover_secrets(page), "the hand-over cover shows cards"
        page.click("[data-command=uncover]")
        return True
    if page.locator("[data-command=pass-device]").count():     # a miss: seen, then passed on
        page.click("[data-command=pass-device]")
        return True
    state = saved_state(page)
    done = len(state.history)
    if page.locator("[data-testid=sort-row]").count():
        page.click("[data-command=auto-sort]")
        page.click(act_of("lock_in"))
        wait_for_actions(page, done)
        return True
    seat = state.to_act[0]
    view = state.view(seat)
    if view["showing"]:
        shows = page.locator(".hand " + act_of("show"))
        (shows.first if shows.count() and rng.random() < 0.7 else page.locator(act({"type": "show", "index": None}))).click()
        wait_for_actions(page, done)
        return True
    guesses = [a for a in state.legal_actions(seat) if a["type"] == "guess"]
    hand, index = guesses[0]["hand"], guesses[0]["index"]
    real = truth(state, hand, index)
    counter[0] += 1
    rank = real
    if counter[0] % wrong_every == 0:
        rank = next(a["rank"] for a in guesses if a["hand"] == hand and a["index"] == index and a["rank"] != real)
    page.click(f"[data-command=pick-card][data-hand='{hand}'][data-index='{index}']")
    page.wait_for_selector("[data-testid=rank-pad]")
    page.click(act({"type": "guess", "hand": hand, "index": index, "rank": rank}))
    wait_for_actions(page, done)
    card = page.locator(f".hand[data-hand='{hand}'] .row > *").nth(index)
    if rank == real and not saved_state(page).is_over:
        assert "up" in card.get_attribute("class").split(), "a right guess did not flip the card"
    return True


def test_hot_seat_game_to_the_end(server, page):
    """Three hands, one of them shared by two people, played through taps to the end and a rematch."""
    boot(page, server.url + "?fast#/")
    assert page.locator(".game-card[data-game=thievery]").count() == 1
    set_up(page, "thievery", ["Ana", "Ben", ("Cy", "Dee")])
    assert "Pass to Ana" in page.inner_text("[data-testid=cover]")
    rng = random.Random(3)
    seen_shared_cover = False
    for _ in range(400):
        if page.locator("[data-testid=cover]").count() and "Cy or Dee" in page.inner_text("[data-testid=cover]"):
            seen_shared_cover = True
        if not take_turn(page, rng):
            break
    state = saved_state(page)
    assert state.is_over
    assert seen_shared_cover
    end = page.inner_text("[data-testid=end]")
    names = ["Ana", "Ben", "Cy & Dee"]
    assert any(names[w] in end for w in state.outcome["winners"]), end
    log = page.inner_text(".log")
    assert "guessed" in log and "wrong" in log and "right" in log
    assert not page.problems
    page.click("[data-command=rematch]")
    page.wait_for_selector("[data-testid=cover]")
    assert saved_state(page).history == []


def test_cover_hides_everything_until_tapped(server, page):
    boot(page, server.url + "?fast#/")
    set_up(page, "thievery", ["Ana", "Ben", "sharp"])
    cover = page.inner_text("[data-testid=cover]")
    assert "Pass to Ana" in cover and "only Ana" in cover
    assert not cover_secrets(page)
    page.click("[data-command=uncover]")
    page.wait_for_selector("[data-testid=sort-row]")
    page.click("[data-command=auto-sort]")
    page.click(act_of("lock_in"))
    page.wait_for_selector("[data-testid=cover]")
    assert "Pass to Ben" in page.inner_text("[data-testid=cover]")
    assert not cover_secrets(page)
    assert page.locator(".rank").count() == 0


def test_resume_after_the_tab_closes(server, context):
    page = context.new_page()
    boot(page, server.url + "?fast#/")
    set_up(page, "thievery", ["Ana", "novice", "novice"])
    page.wait_for_selector("[data-testid=sort-row]")
    page.click("[data-command=auto-sort]")
    page.click(act_of("lock_in"))
    rng = random.Random(1)
    for _ in range(3):
        take_turn(page, rng, wrong_every=2)
    before = saved_state(page)
    url = page.url
    page.close()
    again = context.new_page()
    boot(again, url)
    settle(again)
    after = saved_state(again)
    assert after.history[:len(before.history)] == before.history     # the same game, at least as far
    assert after.to_act == before.to_act or len(after.history) > len(before.history)
    assert again.locator(".hand.mine").count() == 1
    boot(again, server.url + "?fast#/")
    assert again.locator(".save").count() == 1
    assert "Continue" in again.inner_text(".save")


def test_names_are_checked(server, page):
    boot(page, server.url + "#/new/thievery")
    page.wait_for_selector(".setup")
    page.fill("[data-field=name-0-0]", "A" * 21)
    page.click("[data-command=setup-start]")
    error = page.inner_text(".field-error")
    assert "at most 20" in error
    # A name left blank is the placeholder's: the game starts at once.
    assert page.get_attribute("[data-field=name-0-0]", "placeholder") == "Player 1"
    page.fill("[data-field=name-0-0]", "   ")
    page.click("[data-command=setup-start]")
    page.wait_for_url("**/#/play/*")
    assert saved_state(page) and "Player 1" in page.inner_text("main")


def test_a_shared_hand_waits_until_every_hand_has_someone(server, page):
    """The first people take a hand each: two sharing a hand beside a bot's hand is refused, saying why."""
    boot(page, server.url + "#/new/thievery")
    page.wait_for_selector(".setup")
    page.click("[data-command=setup-seats][data-delta='-1']")
    page.wait_for_function("document.querySelector('[data-testid=seat-count]').textContent === '3'")
    page.click("[data-command=setup-kind][data-seat='0'][data-kind=pair]")
    page.fill("[data-field=name-0-0]", "Ana")
    page.fill("[data-field=name-0-1]", "Ben")
    page.click("[data-command=setup-kind][data-seat='1'][data-kind=person]")
    page.fill("[data-field=name-1-0]", "Cy")
    page.click("[data-command=setup-start]")
    notice = page.inner_text(".setup .notice")
    assert "shared" in notice and "nobody" in notice
    assert "#/new/thievery" in page.url
    page.click("[data-command=setup-kind][data-seat='2'][data-kind=person]")
    page.fill("[data-field=name-2-0]", "Dee")
    page.click("[data-command=setup-start]")
    page.wait_for_url("**/#/play/*")


def test_a_bad_save_is_reported_and_the_others_stay(server, page):
    boot(page, server.url + "#/")
    good = pycore.GAMES["thievery"].new_game(seats=3, seed=4, options={"bots": [1, 2]})
    inject(page, good, Table([Seat(["Ana"]), Seat(bot="novice"), Seat(bot="sharp")]), "good")
    page.evaluate("localStorage.setItem('thieves-table:save:broken', '{not json')")
    record = json.loads(pycore.record(good))
    record["actions"] = [[0, {"type": "guess", "hand": 1, "index": 0, "rank": 5}]]
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["thieves-table:save:cheat", json.dumps(
        {"format": 1, "id": "cheat", "game": "thievery", "table": [{"people": ["Ana"], "bot": None}, {"people": [], "bot": "novice"}, {"people": [], "bot": "novice"}],
         "record": json.dumps(record), "created": 1, "updated": 1})])
    boot(page, server.url + "?fast#/")
    bad = page.locator(".save.bad")
    assert bad.count() == 2
    assert "cannot be opened" in bad.first.inner_text()
    assert "not legal" in page.inner_text(".save.bad[data-save=cheat]")
    page.click(".save[data-save=good] >> text=Continue")
    page.wait_for_selector("[data-testid=sort-row]")
    boot(page, server.url + "#/play/broken")
    assert "damaged" in page.inner_text(".notice")


def test_power_ups_and_the_alarm_out_of_turn(server, page):
    """Five hands with power-ups: a person plays one through the screen; anyone may trip the alarm."""
    game = pycore.GAMES["thievery"]
    table = Table([Seat(["Ana"]), Seat(["Ben"]), Seat(bot="novice"), Seat(bot="novice"), Seat(bot="novice")])
    state = game.new_game(seats=5, seed=11, options={"powerups": True, "bots": [2, 3, 4]})
    rng = random.Random(2)
    while state.to_act and state.view(None)["phase"] == "sorting":
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.view(0)["held"], "hand 0 draws a power-up at the start of its turn"
    boot(page, server.url + "#/")
    inject(page, state, table)
    boot(page, server.url + "?fast#/play/injected")
    page.click("[data-command=uncover]")
    page.wait_for_selector(".powers")
    held = state.view(0)["held"][0]
    # A power-up with nothing to choose carries its action; the others open their choices.
    button = page.locator(f"[data-command=power][data-power={held}], {act({'type': 'power', 'power': held})}")
    assert button.count() == 1
    assert page.locator("[data-command=interject]").count() == 1       # Trip the alarm! for anyone
    button.click()
    if held == "loose_lips":
        page.click(act({"type": "power", "power": "loose_lips", "rank": 7}))
    elif held in ("casing", "crack"):
        page.locator(".hand " + act_of("power")).first.click()
    elif held == "tip_off":
        page.locator("[data-command=power-arg][data-key=index]").first.click()
        page.locator(".powers .actions button").first.click()
    elif held in ("stakeout", "misdirection"):
        for _ in range(2):      # Misdirection: the victim, then the hand (one step when only one fits)
            if not page.locator(".powers .actions button").count():
                break
            page.locator(".powers .actions button").first.click()
    page.wait_for_function("document.querySelector('.log').innerText.includes('played')")
    after = saved_state(page)
    assert any(a.get("type") == "power" for _, a in after.history)


def test_take_over_a_bot_between_turns(server, page):
    boot(page, server.url + "?fast#/")
    set_up(page, "thievery", ["Ana", "novice", "novice"])
    page.wait_for_selector("[data-testid=sort-row]")
    page.click("[data-command=auto-sort]")
    page.click(act_of("lock_in"))
    settle(page)
    page.click("[data-command=take-over][data-seat='2']")
    page.fill("[data-field=take-over-name]", "Zed")
    page.click("[data-command=take-over-confirm]")
    page.wait_for_function("document.body.innerText.includes('Zed')")
    state = saved_state(page)
    assert 2 not in state.view(None)["bots"]
    # Two people now share the device: covers come back at the hand-overs.
    rng = random.Random(5)
    for _ in range(60):
        if page.locator("[data-testid=cover]").count():
            break
        take_turn(page, rng, wrong_every=1)
    assert page.locator("[data-testid=cover]").count() == 1


def test_partners_show_a_card(server, page):
    game = pycore.GAMES["thievery"]
    table = Table([Seat(["Ana"]), Seat(bot="sharp"), Seat(["Cy"]), Seat(bot="sharp")])
    state = game.new_game(seats=4, seed=8, options={"partnerships": True, "bots": [1, 3]})
    boot(page, server.url + "#/")
    inject(page, state, table)
    boot(page, server.url + "?fast#/play/injected")
    rng = random.Random(9)
    shown = False
    for _ in range(80):
        settle(page)
        if page.locator(".hand " + act_of("show")).count():
            page.locator(".hand " + act_of("show")).first.click()
            shown = True
            break
        take_turn(page, rng)
    assert shown
    page.wait_for_selector("[data-testid=cover]")
    assert "Pass to Ana" in page.inner_text("[data-testid=cover]")
    page.click("[data-command=uncover]")
    page.wait_for_function("document.querySelector('.log').innerText.includes('showed you')")
    assert page.locator(".hand[data-hand='2'] .card.known").count() == 1


def alarm_position():
    """A five-hand game in Ana's turn while Ben holds Trip the alarm (found by playing on)."""
    game = pycore.GAMES["thievery"]
    for seed in range(500):
        state = game.new_game(seats=5, seed=seed, options={"powerups": True, "bots": [2, 3, 4]})
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            view = state.view(None)
            if view["phase"] == "guessing" and view["turn"] == 0 and \
                    {"type": "power", "power": "alarm"} in state.legal_actions(1):
                return state
            seat = rng.choice(state.to_act)
            legal = [a for a in state.legal_actions(seat) if a["type"] not in ("take_over", "power")]
            state.apply(seat, rng.choice(legal or state.legal_actions(seat)))
    raise AssertionError("no position found")


def test_trip_the_alarm_out_of_turn(server, page):
    state = alarm_position()
    table = Table([Seat(["Ana"]), Seat(["Ben"]), Seat(bot="novice"), Seat(bot="novice"), Seat(bot="novice")])
    boot(page, server.url + "#/")
    inject(page, state, table)
    boot(page, server.url + "?fast#/play/injected")
    assert "Pass to Ana" in page.inner_text("[data-testid=cover]")
    page.click("[data-command=uncover]")
    page.click("[data-command=interject]")
    page.click("[data-command=interject-as][data-seat='1']")
    assert "Pass to Ben" in page.inner_text("[data-testid=cover]")
    assert not cover_secrets(page)
    page.click("[data-command=uncover]")
    page.click(act({"type": "power", "power": "alarm"}))
    page.wait_for_function("document.body.innerText.includes('tripped the alarm')")
    after = saved_state(page)
    assert after.history[-1] == (1, {"type": "power", "power": "alarm"})
    assert after.view(None)["turn"] != 0


def test_sorting_by_drag_and_by_tap(server, page):
    boot(page, server.url + "?fast#/")
    set_up(page, "thievery", ["Ana", "novice", "novice"])
    page.wait_for_selector("[data-testid=sort-row]")
    page.wait_for_function("document.querySelectorAll('.badge').length && [...document.querySelectorAll('.hand .badge')].filter(b => b.textContent === 'locked in').length === 2")
    ranks = lambda: page.locator("[data-testid=sort-row] .rank").all_inner_texts()
    before = ranks()
    first = page.locator("[data-testid=sort-row] [data-drag-index='0']").bounding_box()
    third = page.locator("[data-testid=sort-row] [data-drag-index='3']").bounding_box()
    page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
    page.mouse.down()
    page.mouse.move(first["x"] + 20, first["y"] + 5, steps=4)
    page.mouse.move(third["x"] + third["width"] / 2, third["y"] + third["height"] / 2, steps=8)
    page.mouse.up()
    page.wait_for_function(f"JSON.stringify([...document.querySelectorAll('[data-testid=sort-row] .rank')].map(e => e.textContent)) !== {json.dumps(json.dumps(before))}")
    dragged = ranks()
    assert dragged == before[1:4] + [before[0]] + before[4:]
    # Tap a card, then the place it should go.
    page.click("[data-testid=sort-row] [data-drag-index='3']")
    page.wait_for_selector("[data-testid=sort-row] [data-drag-index='3'][aria-pressed=true]")
    page.click("[data-testid=sort-row] [data-drag-index='0']")
    page.wait_for_function(f"JSON.stringify([...document.querySelectorAll('[data-testid=sort-row] .rank')].map(e => e.textContent)) !== {json.dumps(json.dumps(dragged))}")
    assert ranks() == before
    page.click("[data-command=auto-sort]")
    page.click(act_of("lock_in"))
    settle(page)
    assert saved_state(page).view(0)["locked"][0]


def test_loading_shows_real_progress(server, context):
    """The shell paints before Python and its bar moves through real values while bytes arrive."""
    context.add_init_script("""
      window.__progress = [];
      new MutationObserver(() => {
        const bar = document.querySelector('.progress');
        if (bar) window.__progress.push([performance.now(), Number(bar.getAttribute('aria-valuenow')),
                                         (document.getElementById('boot-status') || {}).textContent]);
      }).observe(document, {attributes: true, subtree: true, childList: true, characterData: true});
    """)
    page = context.new_page()
    boot(page, server.url)
    progress = page.evaluate("window.__progress")
    values = [value for _, value, _ in progress]
    middle = {value for value in values if 1 < value < 85}
    assert len(middle) >= 3, values
    assert values == sorted(values), "the bar went backwards"
    assert any("MB" in (text or "") for _, _, text in progress)
    paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    ready_text = page.inner_text("#app")
    assert "Thievery" in ready_text and paint < 2000
