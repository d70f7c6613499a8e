"""The hand-over, for every game, in real Chromium (issue 16): three people share the device.

After every hot-seat turn end, until the next person takes the device, the page shows none of the
previous person's secrets and no text naming the next turn:
- the landing (the person sees their own move) names nobody's next turn;
- then the board is exactly the public one (its HTML equals the board drawn from view(None)), with
  nothing of the next turn;
- a cover comes only before a screen that shows secrets (the board's ``shows_secrets``), and every
  screen that does show secrets comes after one.

Each game is played by random taps of what the screen offers (every button carries a legal action),
so the turns end in every way they can.
"""
import random
import re

import pytest

import pycore
from driver import boot, saved_state, set_up
from frontend.boards import BOARDS
from frontend.shell.play import Scene

pytestmark = pytest.mark.browser

PEOPLE = ["Ana", "Ben", "Cy"]
# Taps that are the shell's own (menus, bots, out of turn): the random person leaves them alone.
SHELL_COMMANDS = {"menu", "recap", "show-log", "settings", "settings-close", "close-overlay", "take-over",
                  "interject", "skip-bots", "bot-speed", "rematch", "open-rules", "uncover", "pass-device",
                  "setting-toggle"}
HANDOVERS = 6            # hand-overs each game is followed through
MAX_TAPS = 160

SCREEN = """() => {
  const text = el => el ? el.innerText : '';
  const acts = [...document.querySelectorAll('[data-act]')].map(el => el.dataset.act);
  const taps = [...document.querySelectorAll('[data-pick], [data-testid=sheet] [data-command]')]
    .filter(el => !el.disabled && el.getAttribute('aria-disabled') !== 'true')
    .map(el => ({command: el.dataset.command, data: {...el.dataset}}));
  const play = document.querySelector('[data-testid=play]');
  return {moment: play?.dataset.moment || '', seat: play?.dataset.seat ?? '',
          cover: !!document.querySelector('[data-testid=cover]'),
          landing: !!document.querySelector('[data-testid=landing]'),
          end: !!document.querySelector('[data-testid=end]'),
          text: document.body.innerText, board: document.querySelector('[data-testid=board]')?.innerHTML || '',
          acts, taps};
}"""
SAME_HTML = """([html, shown]) => { const t = document.createElement('template'); t.innerHTML = html; return t.innerHTML === shown; }"""


def next_turn_words(text: str, names: list) -> list:
    """Words on the screen that name whose turn comes next (the landing's "your turn is over" aside)."""
    found = [m.group(0) for m in re.finditer(r"(?<!on )your turn(?! is over)", text, re.I)]    # "on your turn" is a rule
    found += [f"{name}'s turn" for name in names if f"{name.lower()}'s turn" in text.lower()]
    return found


def public_board(state, game_id, names):
    board = BOARDS[game_id]
    scene = Scene(state.view(None), [], board.new_draft(), names, {}, [], "handover")
    drawn = board.draw(scene)
    return drawn.board if hasattr(drawn, "board") else drawn


def tap_something(page, screen, rng):
    if screen["acts"] and (not screen["taps"] or rng.random() < 0.75):
        action = rng.choice(screen["acts"])
        page.locator(f"[data-act='{action}']").first.click()
        return
    choices = [tap for tap in screen["taps"] if tap["command"] not in SHELL_COMMANDS]
    if not choices:
        return
    tap = rng.choice(choices)
    selector = f"[data-command='{tap['command']}']" + "".join(
        f"[data-{key.replace('_', '-')}='{value}']" for key, value in tap["data"].items()
        if key not in ("command", "pick", "motion") and not key.startswith("testid"))
    page.locator(selector).first.click()


@pytest.mark.parametrize("game_id", list(BOARDS))
def test_after_every_turn_end_nothing_of_either_person_shows_until_the_next_takes_the_device(server, page, game_id):
    game = pycore.GAMES[game_id]
    board = BOARDS[game_id]
    shows_secrets = board.shows_secrets
    boot(page, server.url + "?fast#/")
    set_up(page, game_id, PEOPLE)
    rng = random.Random(game_id)
    handovers = covers = 0
    uncovered = on_screen = None      # the seat last uncovered; the seat whose screen was last on
    problems = []
    for _ in range(MAX_TAPS):
        page.wait_for_timeout(30)
        screen = page.evaluate(SCREEN)
        if screen["end"] or handovers >= HANDOVERS:
            break
        if screen["landing"]:
            problems += [f"landing names the next turn: {w}" for w in next_turn_words(screen["text"], PEOPLE)]
            page.click("[data-command=pass-device]")
            continue
        if screen["cover"]:
            handovers += 1
            covers += 1
            state = saved_state(page)
            if not page.evaluate(SAME_HTML, [public_board(state, game_id, PEOPLE), screen["board"]]):
                problems.append(f"hand-over {handovers}: the board is not the public board")
            problems += [f"hand-over {handovers} names the next turn: {w}" for w in next_turn_words(screen["text"], PEOPLE)]
            seat = int(page.get_attribute("[data-command=uncover]", "data-seat"))
            if not shows_secrets(state.view(seat), state.view(None)):
                problems.append(f"hand-over {handovers}: a cover before {PEOPLE[seat]}'s screen, which shows no secret")
            page.click("[data-command=uncover]")
            uncovered = seat
            continue
        if screen["moment"] == "turn" and screen["seat"] != "":
            seat = int(screen["seat"])
            if seat != on_screen:
                state = saved_state(page)
                if shows_secrets(state.view(seat), state.view(None)) and uncovered != seat:
                    problems.append(f"{PEOPLE[seat]}'s screen shows secrets and no cover came before it")
                on_screen = seat
        tap_something(page, screen, rng)
    assert not page.problems, page.problems
    assert handovers >= 2, f"only {handovers} hand-overs in {MAX_TAPS} taps"
    assert not problems, "\n".join(problems)
