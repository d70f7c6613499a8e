"""The person's own settings for this device (bot speed), kept in storage under one key.

Pure Python: ``storage`` is the mapping SaveStore uses (get/set), so CPython tests use a dict."""
from __future__ import annotations

import json

from .markup import attrs

KEY = "thieves-table:settings"
# How long a bot seems to think before its move (ms): time to follow what it did, or none at all.
BOT_SPEEDS = {"normal": 900, "fast": 250, "instant": 0}
DEFAULTS = {"bot_speed": "normal"}


def load(storage) -> dict:
    """The saved settings; anything missing, unknown or unreadable is the default."""
    try:
        saved = json.loads(storage.get(KEY) or "{}")
    except ValueError:
        saved = {}
    settings = dict(DEFAULTS)
    if isinstance(saved, dict) and saved.get("bot_speed") in BOT_SPEEDS:
        settings["bot_speed"] = saved["bot_speed"]
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
