"""python build.py bench --only lessons: how long each guided lesson takes a person who follows the
coach (issue 25; issue 35: "at most 6 minutes at a person's pace").

Each lesson is played in Chromium on a phone (390×844) at the bots' Normal speed, as a person plays
it: the coach's words are read at READING_WORDS_PER_SECOND from the moment they appear (the bots
go on meanwhile), the ringed element is tapped TAP_SECONDS after the words are read and the ring is
open, never before.  Two lessons play at once, each in its own browser: the time is mostly the
bots' pauses and the reading, not the machine's work.
"""
from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"    # the lessons are the boards' data
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

READING_WORDS_PER_SECOND = 4.0      # 240 words a minute: a person reading short sentences
TAP_SECONDS = 1.2                   # finding the ringed element and tapping it
LESSON_MINUTES_TARGET = 6.0

WORDS = "() => (document.querySelector('[data-testid=coach] .tt-coach-say') || {}).innerText || ''"
STEP = "() => (document.querySelector('[data-testid=coach][data-step]') || {dataset: {}}).dataset.step || 'done'"
RING_OPEN = "[data-coach-here]:not([disabled])"


def every_lesson() -> list:
    from frontend.boards import BOARDS
    from frontend.shell.lesson import lessons_of
    return [f"{game_id}/{part}" if part else game_id for game_id, board in BOARDS.items() for part in lessons_of(board)]


def play_paced(job) -> dict:
    """One lesson at a person's pace in a fresh browser: its minutes, taps and words read."""
    site_url, key = job
    from browsing import CHROMIUM, CHROMIUM_ARGS, PHONE
    from driver import boot
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport=PHONE)
        boot(page, site_url + f"#/learn/{key}")
        page.wait_for_selector("[data-testid=coach]")
        started = time.perf_counter()
        taps, words_read, seen, seen_at = 0, 0, None, started
        while not page.locator("[data-testid=lesson-done]").count():
            words = page.evaluate(WORDS)
            if words != seen:                    # new words: the person starts reading them now
                seen, seen_at = words, time.perf_counter()
                words_read += len(words.split())
            read_by = seen_at + len(words.split()) / READING_WORDS_PER_SECOND
            page.wait_for_selector(RING_OPEN, timeout=120_000)
            if page.evaluate(WORDS) != seen:     # the bots' moves brought new words: read those
                continue
            time.sleep(max(0.0, read_by - time.perf_counter()) + TAP_SECONDS)
            page.locator(RING_OPEN).click()
            taps += 1
            if taps > 150:
                raise AssertionError(f"{key}: the lesson does not end")
        minutes = (time.perf_counter() - started) / 60
        browser.close()
    return {"key": key, "minutes": minutes, "taps": taps, "words": words_read}


def lesson_rows(site_url: str, target, keys=None, processes: int = 2) -> list:
    keys = keys or every_lesson()
    rows = []
    with ProcessPoolExecutor(processes) as pool:
        for result in pool.map(play_paced, [(site_url, key) for key in keys]):
            minutes = result["minutes"]
            print(f"lessons: {result['key']}: {minutes:.1f} min", flush=True)
            rows.append((f"{result['key']} lesson at a person's pace", f"{minutes:.1f} min",
                         target(f"{result['key']} lesson <= {LESSON_MINUTES_TARGET:.0f} min",
                                minutes <= LESSON_MINUTES_TARGET,
                                f"target <= {LESSON_MINUTES_TARGET:.0f} min; {result['taps']} taps, "
                                f"{result['words']} words read at {READING_WORDS_PER_SECOND * 60:.0f} a minute, "
                                f"{TAP_SECONDS} s a tap, bots at Normal speed, 390×844")))
    return rows
