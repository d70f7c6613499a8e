"""Scratch (not committed): screenshots of the Guild lesson's key moments at three sizes."""
import re
import os
import pytest
import pycore
from driver import boot, relaunch
from frontend.boards import BOARDS
from frontend.shell import lesson as lessons
from frontend.shell.coach import LessonView
from layout import SIZES, settle
from test_app_lesson import TARGET_JS

pytestmark = pytest.mark.browser
KEY = "guild-of-thieves"
OUT = "/work/shots/issue-35g"
RING = "[data-coach-here]"


def record_at(number, landed):
    board, game = BOARDS[KEY], pycore.GAMES[KEY]
    view = LessonView(lessons.lesson_of(board, KEY, ""), board, game)
    while not (view.run.progress.step == number and view.run.progress.landed == landed):
        found = re.search(r"<(\w+)([^<>]*\bdata-coach-here\b[^<>]*)>", view.html())
        view.tap(lessons.attributes(found.group(2)))
    return view.record()


MOMENTS = [(int(x.split(":")[0]), x.split(":")[1] == "L", int(x.split(":")[2])) for x in os.environ.get("MOMENTS", "6:N:0").split(",")]


def test_shots(server, page):
    page.set_viewport_size(SIZES["phone"])
    boot(page, server.url + "#/")
    for number, landed, taps in MOMENTS:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"thieves-table:lesson:{KEY}", record_at(number, landed)])
        relaunch(page, server.url + f"?fast#/learn/{KEY}")
        page.wait_for_selector(RING + ":not([disabled])", timeout=60_000)
        for _ in range(taps):
            page.locator(RING).click()
            page.wait_for_timeout(400)
            page.wait_for_selector(RING + ":not([disabled])", timeout=60_000)
        for name in ("phone", "landscape", "tablet"):
            page.set_viewport_size(SIZES[name])
            settle(page)
            problem = page.evaluate(TARGET_JS)
            print(number, landed, taps, name, problem or "ok")
            page.screenshot(path=f"{OUT}/step{number:02d}{'-landed' if landed else ''}{'-tap%d' % taps if taps else ''}-{name}.png")
        page.set_viewport_size(SIZES["phone"])
