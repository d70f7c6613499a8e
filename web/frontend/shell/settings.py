"""The person's own settings for this device (bot speed, sound, vibration), kept in storage under one key.

Pure Python: ``storage`` is the mapping SaveStore uses (get/set), so CPython tests use a dict."""
from __future__ import annotations

from ..markup import attrs, esc
from . import records

KEY = "thieves-table:settings"
# How long a bot seems to think before its move (ms): time to follow what it did, or none at all.
BOT_SPEEDS = {"normal": 900, "fast": 250, "instant": 0}
# At Normal a bot's whole turn (its moves one after another) takes about this long at most: its
# first move waits the full pause, each later one half of it (a quarter once the turn has run this
# long), and never less than what is still moving on the board, up to half a pause, so each move is
# seen to land, one at a time.
BOT_TURN_MS = 3000
# Sound and vibration are off until the person turns them on (a shared table may be a quiet one).
# Hints ("What would you do?") are for a person alone with bots; a hot-seat table turns them on here.
TOGGLES = {"sound": "Sound", "vibrate": "Vibration", "hot_seat_hints": "Hints in hot-seat"}
DEFAULTS = {"bot_speed": "normal", "sound": False, "vibrate": False, "hot_seat_hints": False, "auto_hints": []}
# "auto_hints": the games (ids) in which a hint shows before each of the person's moves, on for a
# game when its lesson's "Play a real game" is tapped, off for every other game until then.


def bot_wait(speed: str, motion_ms: int, same_turn: bool, turn_ms: float) -> int:
    """Milliseconds before a bot's next move: ``motion_ms`` of the board's motion still to play,
    ``same_turn`` when the bot moved last (``turn_ms`` since its turn began).

    >>> bot_wait("normal", 0, False, 0), bot_wait("normal", 2500, False, 0)
    (900, 1800)
    >>> bot_wait("normal", 0, True, 1000), bot_wait("normal", 2500, True, 1000), bot_wait("normal", 0, True, 2500)
    (450, 450, 225)
    >>> bot_wait("fast", 2500, True, 1000), bot_wait("instant", 2500, True, 1000)
    (2500, 2500)
    """
    pause = BOT_SPEEDS.get(speed, BOT_SPEEDS["normal"])
    if speed != "normal":           # Fast and Instant: the pause, or the motion as it plays out
        return max(pause, min(motion_ms, 3000))
    if not same_turn:               # another seat's move lands before this bot begins
        return max(pause, min(motion_ms, 2 * pause))
    step = pause // 2 if turn_ms < BOT_TURN_MS - pause else pause // 4
    return max(step, min(motion_ms, pause // 2))


def continues_turn(turn, seat: int, to_act, now: float) -> tuple:
    """(whether this bot's move goes on the bots' turn ``turn``, the turn now): ``turn`` is (seat,
    when it began, the seats choosing with it) or None.  A bot goes on its own turn, or one it is
    choosing with at the same moment (Master Thieves' secret roles: the bots choose together, not
    each as if the table had moved on); else its move begins a turn, with whoever chooses with it.

    >>> continues_turn(None, 1, (0, 1, 2, 3), 5.0)
    (False, (1, 5.0, frozenset({0, 1, 2, 3})))
    >>> continues_turn((1, 5.0, frozenset({0, 1, 2, 3})), 2, (0, 2, 3), 6.0)[0]
    True
    >>> continues_turn((1, 5.0, frozenset()), 2, (2,), 6.0)
    (False, (2, 6.0, frozenset()))
    """
    if turn is not None and (turn[0] == seat or seat in turn[2]):
        return True, turn
    return False, (seat, now, frozenset(to_act) if len(to_act) > 1 else frozenset())


MAX_GAME_ID = 40       # a game's id ("thieves-of-eldris"): longer is not one


def check(saved, damaged) -> dict:
    """The settings in a stored record: a setting of the wrong type is damaged (the default
    instead); one missing (an older version's record) or unknown (a newer one's) is not."""
    if not isinstance(saved, dict):
        raise records.Damaged("it is not a list of settings")
    settings = dict(DEFAULTS)
    for key, value in saved.items():
        if key == "bot_speed" and value in BOT_SPEEDS or key in TOGGLES and isinstance(value, bool):
            settings[key] = value
        elif key == "auto_hints" and isinstance(value, list):
            settings[key] = sorted({game for game in value if isinstance(game, str) and len(game) <= MAX_GAME_ID})
            if len(settings[key]) != len(value):
                damaged("a game's hints")
        elif key in DEFAULTS:
            damaged(f"the {key.replace('_', ' ')} setting")
    return settings


# A handful of settings and the games with hints on: a few hundred characters, one list deep.
RECORD = records.Kind("settings", "Your settings", "they are back to their defaults",
                      max_chars=20_000, max_nesting=2, check=check)


def load(storage) -> dict:
    """The saved settings (anything missing is the default; a damaged record is set aside)."""
    return records.read(storage, KEY, RECORD, default=lambda: dict(DEFAULTS, auto_hints=[]))


def save(storage, settings: dict) -> bool:
    """Remember the settings; False when storage refuses (full, private mode): they still hold
    until the page closes."""
    return records.write(storage, KEY, settings)


def bot_speed_control(current: str) -> str:
    """Normal / Fast / Instant, shown on a board where bots play."""
    choices = "".join(f"<button{attrs(class_='seg on' if speed == current else 'seg', data_command='bot-speed', data_speed=speed, aria_pressed=str(speed == current).lower())}>"
                      f"{speed.capitalize()}</button>" for speed in BOT_SPEEDS)
    return (f'<p class="actions bot-speed" data-testid="bot-speed"><span class="muted">Bot speed</span>'
            f'<span class="segmented" role="group" aria-label="Bot speed">{choices}</span></p>')


def panel(settings: dict, cues: str = "", game: tuple | None = None) -> str:
    """The settings panel (from home or a game): bot speed, and sound and vibration on or off;
    ``cues`` says in the game's own words what they mark (a board's SOUND_WORDS); ``game`` (id,
    title): a game against bots, whose hints before each move may be turned on or off here."""
    toggles = "".join(
        f"<button{attrs(class_='btn toggle' + (' on' if settings[key] else ''), data_command='setting-toggle', data_key=key, aria_pressed=str(settings[key]).lower())}>"
        f"{label}: {'on' if settings[key] else 'off'}</button>" for key, label in TOGGLES.items())
    if game is not None:
        on = game[0] in (settings.get("auto_hints") or [])
        toggles += (f"<button{attrs(class_='btn toggle' + (' on' if on else ''), data_command='auto-hints', data_game=game[0], aria_pressed=str(on).lower())}>"
                    f"Hints before my moves in {esc(game[1])}: {'on' if on else 'off'}</button>")
    marks = esc(cues or "what just happened on the board")
    return (f'<section class="settings" data-testid="settings" aria-label="Settings">'
            f'{bot_speed_control(settings["bot_speed"])}'
            f'<p class="actions toggles">{toggles}</p>'
            f'<p class="muted small">Sound: a short tone for {marks}. Vibration: a buzz, where the device can.</p>'
            f'<p><button{attrs(class_="btn", data_command="settings-close")}>Done</button></p></section>')
