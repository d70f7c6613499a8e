"""The guided first games in Chromium (issue 25), Thieves of Eldris' solo lesson among them: each
lesson played whole by tapping only ``[data-coach-here]``: at each step's first tap, at 390×844,
844×390 and 1024×768, one element ringed, in view and uncovered, the coach's words on screen and
the whole screen sound (tests/layout.py ``check_state``, the slow part: at one size a step, in
turn, so each size is read whole every third step while the ring is checked at all three); at its
later taps the same ring and words on the phone; left and resumed half-way, then a step played and
repeated; and played again inside its example page with the server killed.  Screenshots of each
step at the three sizes go to test-artifacts/learn/."""
import json

import pytest

from browsing import ARTIFACTS, screenshot
from driver import boot, relaunch
from frontend.boards import BOARDS
from frontend.shell.lesson import lessons_of
from layout import SIZES, check_state, settle
from test_app_shell import wait_until_controlled

pytestmark = pytest.mark.browser

SHOTS = ARTIFACTS / "learn"
LESSON_SIZES = {name: SIZES[name] for name in ("phone", "landscape", "tablet")}
WITH_LESSONS = [game_id for game_id, board in BOARDS.items() if board.LESSON]
# Every lesson by its key: a game's id, or "<game>/<part>" for a shorter one (Eldris' solo lesson).
EVERY_LESSON = [f"{game_id}/{part}" if part else game_id
                for game_id, board in BOARDS.items() for part in lessons_of(board)]
RING = "[data-coach-here]"

# The ringed element: there is exactly one, drawn with the coach's ring, it lies inside the viewport,
# and the point at its centre is that element (nothing covers it).
TARGET_JS = """() => {
  const all = document.querySelectorAll('[data-coach-here]');
  if (all.length !== 1) return `${all.length} elements carry data-coach-here`;
  const el = all[0], r = el.getBoundingClientRect();
  if (!r.width || !r.height) return 'the ringed element is not drawn';
  if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
    return `the ringed element lies outside the viewport (${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)})`;
  // The coach's own white ring, not a board's mark that looks like every other choice's.
  if (getComputedStyle(el).outlineColor !== 'rgb(255, 243, 209)') return `the ring is not the coach's: outline ${getComputedStyle(el).outlineColor}`;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!top || !(top === el || el.contains(top))) return `the ringed element is covered by ${top ? top.outerHTML.slice(0, 80) : 'nothing'}`;
  return '';
}"""
COACH_WORDS = "() => (document.querySelector('[data-testid=coach] .tt-coach-say') || {}).innerText || ''"
STEP = "() => (document.querySelector('[data-testid=coach][data-step]') || {dataset: {}}).dataset.step || 'done'"


def check_every_size(frame_page, page, where: str, shoot: str = "", whole: bool = True, read_at=None) -> list:
    """The ring and the coach at each lesson size (resized in place), then back to the phone; with
    ``whole``, the whole screen's checks too at the size ``read_at`` (every size when None:
    check_state reads every element, the slow part).  Without ``whole``, the phone alone (a step's
    later taps: a pick, then its place)."""
    problems = []
    for name, size in (LESSON_SIZES if whole else {"phone": LESSON_SIZES["phone"]}).items():
        page.set_viewport_size(size)
        settle(frame_page)
        problem = frame_page.evaluate(TARGET_JS)
        if problem:
            problems.append(f"{where} at {name}: {problem}")
        if not frame_page.evaluate(COACH_WORDS).strip():
            problems.append(f"{where} at {name}: the coach says nothing")
        if frame_page is page and whole and read_at in (None, name):
            problems += check_state(page, f"{where} ({name})")
        if shoot:
            SHOTS.mkdir(parents=True, exist_ok=True)
            screenshot(page, str(SHOTS / f"{shoot}-{name}.png"))
    page.set_viewport_size(LESSON_SIZES["phone"])
    settle(frame_page)
    return problems


def play_lesson(frame_page, page, game_id: str, shots: bool, check: bool = True, stop_at: int | None = None):
    """Tap only the ringed element until the lesson is done (or step ``stop_at`` begins); the
    problems found and the steps seen."""
    problems, steps, taps = [], [], 0
    while not frame_page.locator("[data-testid=lesson-done]").count():
        frame_page.wait_for_selector(RING + ":not([disabled])", timeout=60_000)
        step = frame_page.evaluate(STEP)
        if stop_at is not None and step == str(stop_at):
            return problems, steps
        first = not steps or steps[-1] != step
        if first:
            steps.append(step)
        if check:
            # Each step's first tap: the ring, the coach and the whole screen at each size; its later
            # taps: the ring and the coach on the phone.
            problems += check_every_size(frame_page, page, f"{game_id} step {step} tap {taps + 1}",
                                         shoot=f"{game_id}-step{int(step):02d}-tap{taps + 1:02d}" if shots and first else "",
                                         whole=first, read_at=list(LESSON_SIZES)[int(step) % len(LESSON_SIZES)])
        frame_page.locator(RING).click()
        taps += 1
        assert taps < 120, f"{game_id}: the lesson does not end"
    if check:
        problems += check_every_size(frame_page, page, f"{game_id} done", shoot=f"{game_id}-done" if shots else "")
    return problems, steps


def repeat_a_step(page, key: str, number: int):
    """Step ``number`` played, then "Repeat this step": the game goes back to where the step began
    and the coach asks for the same move again (``number`` is a move)."""
    game_id, _, part = key.partition("/")
    step = lessons_of(BOARDS[game_id])[part]["steps"][number - 1]
    assert step.get("do"), f"{key}: step {number} is not a move"
    while page.locator("[data-testid=coach] [data-command=coach-repeat]").count() == 0:
        assert page.evaluate(STEP) == str(number), f"{key}: step {number} offered no repeat"
        page.wait_for_selector(RING + ":not([disabled])", timeout=60_000)
        page.locator(RING).click()
    page.wait_for_selector(RING + ":not([disabled])", timeout=60_000)   # the bots have played on
    assert page.evaluate(COACH_WORDS) == (step.get("after") or step["then"])
    page.locator("[data-testid=coach] [data-command=coach-repeat]").click()
    page.wait_for_function(f"() => ({COACH_WORDS})() === {json.dumps(step['say'])}")
    assert page.evaluate(STEP) == str(number)
    assert page.evaluate(TARGET_JS) == "", "after a repeat the ring is not on the step's move"


def a_move_from(key: str, number: int) -> int:
    """The first step from ``number`` on that asks for a move (a stage of a replay is not one)."""
    game_id, _, part = key.partition("/")
    steps = lessons_of(BOARDS[game_id])[part]["steps"]
    return next(n for n in range(number, len(steps) + 1) if steps[n - 1].get("do"))


def steps_of(key: str) -> list:
    game_id, _, part = key.partition("/")
    return [str(n) for n in range(1, len(lessons_of(BOARDS[game_id])[part]["steps"]) + 1)]


@pytest.mark.parametrize("key", EVERY_LESSON)
def test_the_lesson_plays_whole_by_the_ring_at_every_size(server, page, key):
    game_id, _, part = key.partition("/")
    name = key.replace("/", "-")
    page.set_viewport_size(LESSON_SIZES["phone"])
    boot(page, server.url + "?fast#/")
    # "Learn to play" on the home card of every game with a lesson, and nowhere else; a shorter
    # lesson ("Learn solo") beside it.
    assert page.locator("[data-testid=learn]").count() == len(WITH_LESSONS)
    page.click(f".game-card[data-game={game_id}] [data-testid={'learn-' + part if part else 'learn'}]")
    page.wait_for_selector("[data-testid=coach]")
    assert page.url.endswith(f"#/learn/{key}")
    # Half-way, leave for home and come back: the lesson is where it was.
    middle = a_move_from(key, 7)
    problems, before = play_lesson(page, page, name, shots=True, stop_at=middle)
    words = page.evaluate(COACH_WORDS)
    page.goto(server.url + "?fast#/")
    page.wait_for_selector(".game-card")
    relaunch(page, server.url + f"?fast#/learn/{key}")
    page.wait_for_selector(RING)
    assert page.evaluate(STEP) == str(middle) and page.evaluate(COACH_WORDS) == words, "the lesson did not resume"
    repeat_a_step(page, key, middle)
    more, after = play_lesson(page, page, name, shots=True)
    problems += more
    steps = before + after
    assert steps == steps_of(key), steps
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"{name}-problems.txt").write_text("\n".join(problems))
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
    # The whole game's lesson offers the game's shorter ones next.
    for other in lessons_of(BOARDS[game_id]):
        if other and not part:
            assert page.locator(f"[data-testid=lesson-done] [data-command=next-lesson][data-part={other}]").count() == 1
    # The end offers a real game against Novice bots (after the solo lesson, the solo game), a hint
    # before each move.
    page.locator(RING).click()
    page.wait_for_selector("[data-testid=hint]", timeout=60_000)
    assert "#/play/" in page.url
    if BOARDS[game_id].LESSON_PARTS.get(part, {}).get("seats") == ["You"]:
        assert page.locator("[data-testid=foes]").count() == 1, "the real game after the solo lesson is solo"
    else:
        # Each board names a bot's level its own way: a badge, a label, a title or an aria-label.
        assert page.evaluate("""() => document.querySelector('[data-testid=board]').innerText.includes('Novice')
            || !!document.querySelector('[aria-label*="Novice"], [title*="Novice"]')"""), "the real game's bots are not Novice"
    # The play menu offers the lessons again; Settings turn the hints before each move off.
    page.click("[data-command=menu]")
    assert page.locator(f'[data-testid=menu] a[href="#/learn/{key}"]').count() == 1
    page.click("[data-testid=menu] [data-command=settings]")
    toggle = page.locator("[data-command=auto-hints]")
    assert toggle.inner_text().endswith(": on")
    toggle.click()
    assert page.locator("[data-command=auto-hints]").inner_text().endswith(": off")
    assert page.locator("[data-testid=hint]").count() == 0
    assert not page.problems, page.problems


# Every lesson plays whole in the app above; in its example page, offline, one plays whole (the one
# with a shorter lesson after it, which tells the page it is done and starts the next in the frame)
# and the others their first steps: the frame's plumbing is one for every game.
EXAMPLE_WHOLE = next(key for key in EVERY_LESSON if "/" not in key and len(lessons_of(BOARDS[key])) > 1)
EXAMPLE_STEPS = 6


@pytest.mark.parametrize("key", EVERY_LESSON)
def test_the_lesson_plays_in_its_example_page_with_the_server_killed(server, fresh_page, key):
    """The lesson's example rules page (web/examples/<game>-lesson.html, <game>-<part>-lesson.html
    for a shorter one) plays it in the frame, offline, and tells the page its moves (and, played
    whole, when it is done)."""
    page = fresh_page
    boot(page, server.url + "?fast#/")
    wait_until_controlled(page)
    server.kill()
    page.goto(server.url + f"examples/{key.replace('/', '-')}-lesson.html?fast")
    frame = page.frame_locator("iframe").first
    frame.locator("[data-testid=coach]").wait_for(timeout=90_000)
    frame_page = next(f for f in page.frames if "embed.html" in f.url)
    whole = key == EXAMPLE_WHOLE
    _, steps = play_lesson(frame_page, page, key, shots=False, check=False,
                           stop_at=None if whole else a_move_from(key, EXAMPLE_STEPS) + 1)
    assert steps == (steps_of(key) if whole else steps_of(key)[:len(steps)]) and len(steps) >= EXAMPLE_STEPS
    assert frame_page.evaluate(TARGET_JS) == ""
    page.wait_for_function("window.received.some(message => message.type === 'move')")
    types = [message["type"] for message in page.evaluate("window.received")]
    assert types[0] == "ready" and "move" in types, types
    ready = page.evaluate("window.received")[0]
    assert ready.get("part", "") == key.partition("/")[2]
    if not whole:
        return
    assert types[-1] == "lesson-done", types
    # After the whole game's lesson, the game's shorter one starts in the same frame.
    game_id, _, part = key.partition("/")
    for other, data in lessons_of(BOARDS[game_id]).items():
        if other and not part:
            frame_page.click(f"[data-testid=lesson-done] [data-command=next-lesson][data-part={other}]")
            frame_page.wait_for_function(f"() => ({STEP})() === '1'")
            assert frame_page.evaluate(COACH_WORDS) == data["steps"][0]["say"]


# Each change of the coach's panel while the bots play: the bot move's words, the rings and whether
# each ringed element works.
WATCH_COACH_JS = """() => {
  window.coachSeen = [];
  const note = () => {
    const news = document.querySelector('[data-testid=coach-news]');
    const next = document.querySelector('[data-testid=coach] [data-command=coach-next]');
    const rings = [...document.querySelectorAll('[data-coach-here]')];
    const last = window.coachSeen[window.coachSeen.length - 1];
    const seen = {t: performance.now(), news: news ? news.innerText : '', rings: rings.length,
                  deadRing: rings.some(el => el.disabled), nextShut: !!(next && next.disabled)};
    if (!last || last.news !== seen.news || last.rings !== seen.rings || last.deadRing !== seen.deadRing
        || last.nextShut !== seen.nextShut) window.coachSeen.push(seen);
  };
  new MutationObserver(note).observe(document.body, {childList: true, subtree: true, attributes: true});
  note();
}"""
SEEN_JS = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return 'not drawn';
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return 'not shown';
  if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) return 'outside the viewport';
  const top = document.elementFromPoint(r.left + Math.min(8, r.width / 2), r.top + r.height / 2);
  return top && (top === el || el.contains(top)) ? '' : `covered by ${top ? top.outerHTML.slice(0, 60) : 'nothing'}`;
}"""


def bots_stretch(key: str):
    """The lesson's record just before the first move of the person's that several bot moves
    follow, and that step's number."""
    import pycore
    from frontend.shell.coach import LessonView
    from frontend.shell.lesson import attributes, lesson_of
    import re
    game_id, _, part = key.partition("/")
    board, game = BOARDS[game_id], pycore.GAMES[game_id]
    lesson = lesson_of(board, game_id, part)
    view = LessonView(lesson, board, game)
    while True:
        step = view.run.step
        if step.do and not view.run.progress.landed:
            record, actions = view.record(), len(view.play.state.history)
            number = view.run.number
            target = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html()).group(2)
            view.tap(attributes(target))
            if view.run.progress.landed and len(view.play.state.history) - actions >= 3:
                return record, number
            continue
        target = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html()).group(2)
        view.tap(attributes(target))


def test_while_bots_play_each_move_lands_with_its_words_and_no_ring_is_dead(server, page):
    """A lesson at the bots' Normal pace on a phone: after the person's move, each bot move shows in
    the coach's panel with its sentence, one at a time, each long enough to read; nothing ringed is
    ever a control that does nothing (Next is greyed, unringed, until the bots are done).  On its
    side the phone shows the "Step N of M" counter."""
    key = "twelve-thieves"
    record, number = bots_stretch(key)
    page.set_viewport_size(LESSON_SIZES["phone"])
    boot(page, server.url + "#/")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"thieves-table:lesson:{key}", record])
    relaunch(page, server.url + f"#/learn/{key}")
    page.wait_for_selector(RING + ":not([disabled])")
    assert page.evaluate(STEP) == str(number)
    page.evaluate(WATCH_COACH_JS)
    page.locator(RING).click()
    page.wait_for_function("() => document.querySelector('[data-testid=coach] [data-command=coach-next]:not([disabled])')",
                           timeout=60_000)
    seen = page.evaluate("window.coachSeen")
    assert not [s for s in seen if s["deadRing"] or (s["nextShut"] and s["rings"])], seen
    lines = [s for s in seen if s["news"]]
    changes = [s for i, s in enumerate(lines) if i == 0 or s["news"] != lines[i - 1]["news"]]
    assert len(changes) >= 2, f"the bots' moves did not land one at a time with their words: {seen}"
    shown_for = [later["t"] - earlier["t"] for earlier, later in zip(changes, changes[1:])]
    assert min(shown_for) >= 1000, f"a bot's words were replaced before they could be read: {shown_for} ms"
    assert page.evaluate(SEEN_JS, "[data-testid=coach-news]") == ""
    page.set_viewport_size(LESSON_SIZES["landscape"])
    settle(page)
    assert page.evaluate(SEEN_JS, "[data-testid=coach] .tt-coach-count") == ""
    assert page.inner_text("[data-testid=coach] .tt-coach-count") == f"Step {number} of {len(steps_of(key))}"
    assert not page.problems, page.problems
