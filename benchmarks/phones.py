"""python build.py bench --only phones: a table of phones (issue 40), measured in Chromium.

A host and two phones (three browser contexts at 390×844, joined by pasted codes over WebRTC data
channels on this machine), a Sharp bot in the third seat at the host's quick pace, one whole game of
each game; the phones move as the Novice bot would from their own screens (tests/table_of_phones.py):
- from a scan to a seated phone: the phone given the host's code until its reply shows, plus the
  host given the reply until the phone shows its seat's screen (what a person carries between the two
  phones is theirs, not counted; the driver's own round trips are);
- a move's round trip, phone → host → phone: from the phone sending its action to the host's answer
  (the seat's next screen) reaching the phone's Python, median and p98 over every phone move;
- bytes per move: what the host sent each phone over the game, divided by the game's moves.
"""
from __future__ import annotations

import json
import statistics
import time

import pycore

PHONE_MOVE_TARGET_MS = 100      # a move's round trip should feel like a tap on one device


def percentile(values: list, fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(-(-len(ordered) * fraction // 1)) - 1))]


def timed_join(host, phone, seat: int) -> tuple:
    """(seconds from the code pasted to the reply shown, from the reply taken to the phone seated)."""
    from table_of_phones import host_code
    code = host_code(host, seat)
    phone.fill("[data-field=join-code]", code)
    start = time.perf_counter()
    phone.click("[data-command=join-paste]")
    phone.locator("[data-testid=reply-code]").wait_for(timeout=20_000)
    replied = time.perf_counter()
    reply = phone.get_attribute("[data-testid=reply-code]", "data-code")
    host.fill(f"[data-field=reply-code][data-seat='{seat}']", reply)
    taken = time.perf_counter()
    host.click(f"[data-command=reply-paste][data-seat='{seat}']")
    phone.wait_for_selector("[data-testid=play]", timeout=20_000)
    return replied - start, time.perf_counter() - taken


def round_trips(phone) -> list:
    """Milliseconds from each action the phone sent to the next screen it was told."""
    acted, told = phone.evaluate("[window.phoneActed, window.phoneTold]")
    trips = []
    for sent in acted:
        answer = next((when for when in told if when > sent), None)
        if answer is not None:
            trips.append(answer - sent)
    return trips


def one_table(browser, url: str, game_id: str) -> dict:
    from browsing import PHONE
    from driver import boot, set_up
    from table_of_phones import RECORD_PHONE_MESSAGES, open_phone, play_to_the_end, saved_game

    class Site:            # open_phone's server: its address only
        def __init__(self, url):
            self.url = url
    contexts = [browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True) for _ in range(3)]
    try:
        for context in contexts[1:]:
            context.add_init_script(RECORD_PHONE_MESSAGES)
        host = contexts[0].new_page()
        boot(host, url + "?fast#/")
        set_up(host, game_id, ["phone:Ben", "phone:Cy", "sharp"])
        host.wait_for_selector("[data-testid=phones]")
        phones = [open_phone(context, Site(url)) for context in contexts[1:]]
        joins = [timed_join(host, phone, seat) for seat, phone in enumerate(phones)]
        host.click("[data-testid=phones] [data-command=close-overlay]")
        play_to_the_end(host, phones)
        final = saved_game(host, over=True)
        sent = sum(len(text) for phone in phones for text in phone.evaluate("window.phoneMessages"))
        return {"joins": joins, "trips": [trip for phone in phones for trip in round_trips(phone)],
                "moves": len(final.history), "bytes": sent / len(phones), "over": final.is_over}
    finally:
        for context in contexts:
            context.close()


def phone_rows(target, game_ids=None) -> list:
    import build
    from browsing import CHROMIUM, CHROMIUM_ARGS, Server
    from playwright.sync_api import sync_playwright
    game_ids = game_ids or list(pycore.GAMES)
    server = Server(build.BENCH_SITE).start()
    tables = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for game_id in game_ids:
                tables[game_id] = one_table(browser, server.url, game_id)
            browser.close()
    finally:
        server.kill()
    rows = []
    for game_id, table in tables.items():
        answered = [scan for scan, _ in table["joins"]]
        seated = [seat for _, seat in table["joins"]]
        trips = table["trips"]
        median, p98 = statistics.median(trips), percentile(trips, 0.98)
        rows += [
            (f"phones {game_id}: scan to a seated phone", f"{statistics.median(answered) * 1000:.0f} + "
             f"{statistics.median(seated) * 1000:.0f} ms",
             "the reply made, then the phone seated once the host takes it (median of the two phones)"),
            (f"phones {game_id}: a move's round trip", f"{median:.0f} / {p98:.0f} ms",
             target(f"phones {game_id} round trip", p98 <= PHONE_MOVE_TARGET_MS,
                    f"median / p98 over {len(trips)} phone moves, phone → host → phone; p98 <= {PHONE_MOVE_TARGET_MS} ms")),
            (f"phones {game_id}: bytes a move", f"{table['bytes'] / max(1, table['moves']):.0f} B",
             f"what the host sent a phone over the game ({table['bytes'] / 1024:.0f} KB) ÷ its {table['moves']} moves"
             + ("" if table["over"] else "; THE GAME DID NOT END")),
        ]
    return rows


if __name__ == "__main__":
    import sys
    from pathlib import Path
    sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "tests")]
    from common import target as _target
    print(json.dumps(phone_rows(_target, sys.argv[1:] or None), indent=1))
