"""The person's own settings for this device (bot speed, sound, vibration), kept in storage under one key.

Pure Python: ``storage`` is the mapping SaveStore uses (get/set), so CPython tests use a dict."""
from __future__ import annotations

import json

from ..markup import attrs, esc

KEY = "thieves-table:settings"
# How long a bot seems to think before its move (ms): time to follow what it did, or none at all.
BOT_SPEEDS = {"normal": 900, "fast": 250, "instant": 0}
# Sound and vibration are off until the person turns them on (a shared table may be a quiet one).
# Hints ("What would you do?") are for a person alone with bots; a hot-seat table turns them on here.
TOGGLES = {"sound": "Sound", "vibrate": "Vibration", "hot_seat_hints": "Hints in hot-seat"}
DEFAULTS = {"bot_speed": "normal", "sound": False, "vibrate": False, "hot_seat_hints": False}


def load(storage) -> dict:
    """The saved settings; anything missing, unknown or unreadable is the default."""
    try:
        saved = json.loads(storage.get(KEY) or "{}")
    except ValueError:
        saved = {}
    settings = dict(DEFAULTS)
    if not isinstance(saved, dict):
        return settings
    if saved.get("bot_speed") in BOT_SPEEDS:
        settings["bot_speed"] = saved["bot_speed"]
    settings.update({key: saved[key] for key in TOGGLES if isinstance(saved.get(key), bool)})
    return settings


def save(storage, settings: dict) -> bool:
    """Remember the settings; False when storage refuses (full, private mode): they still hold
    until the page closes."""
    try:
        storage.set(KEY, json.dumps(settings, sort_keys=True))
        return True
    except Exception:   # storage is the browser's: a full or blocked localStorage raises its own error
        return False


def bot_speed_control(current: str) -> str:
    """Normal / Fast / Instant, shown on a board where bots play."""
    choices = "".join(f"<button{attrs(class_='seg on' if speed == current else 'seg', data_command='bot-speed', data_speed=speed, aria_pressed=str(speed == current).lower())}>"
                      f"{speed.capitalize()}</button>" for speed in BOT_SPEEDS)
    return (f'<p class="actions bot-speed" data-testid="bot-speed"><span class="muted">Bot speed</span>'
            f'<span class="segmented" role="group" aria-label="Bot speed">{choices}</span></p>')


def panel(settings: dict, cues: str = "") -> str:
    """The settings panel (from home or a game): bot speed, and sound and vibration on or off;
    ``cues`` says in the game's own words what they mark (a board's SOUND_WORDS)."""
    toggles = "".join(
        f"<button{attrs(class_='btn toggle' + (' on' if settings[key] else ''), data_command='setting-toggle', data_key=key, aria_pressed=str(settings[key]).lower())}>"
        f"{label}: {'on' if settings[key] else 'off'}</button>" for key, label in TOGGLES.items())
    marks = esc(cues or "what just happened on the board")
    return (f'<section class="settings" data-testid="settings" aria-label="Settings">'
            f'{bot_speed_control(settings["bot_speed"])}'
            f'<p class="actions toggles">{toggles}</p>'
            f'<p class="muted small">Sound: a short tone for {marks}. Vibration: a buzz, where the device can.</p>'
            f'<p><button{attrs(class_="btn", data_command="settings-close")}>Done</button></p></section>')
