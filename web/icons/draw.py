"""Draws the app icons (run once; the PNGs are committed): a card with a keyhole on the night-blue
table colour, and each game's own icon for the home-screen shortcuts (the manifest's "shortcuts"),
the same pictures as the games' home tiles (ART_SVG).  A new game adds a painter to GAME_ICONS.
Plain Python so it needs nothing installed:  python web/icons/draw.py"""
import math
import struct
import zlib
from pathlib import Path

NIGHT = (27, 23, 38)
CARD = (244, 232, 203)
GOLD = (214, 170, 72)
INK = (21, 18, 28)
RED_INK = (176, 58, 50)
RED_BACK = (122, 39, 48)
SLATE = (47, 58, 77)
PURPLE = (64, 50, 90)
ROOF = (90, 74, 122)
HERE = Path(__file__).parent


def inside_round_rect(x, y, left, top, right, bottom, radius):
    if not (left <= x <= right and top <= y <= bottom):
        return False
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def colour_at(x, y, maskable):
    """x, y in 0..1 over the icon."""
    if maskable:
        scale, background = 0.62, True          # keep inside the maskable safe zone
    else:
        scale, background = 0.78, inside_round_rect(x, y, 0.02, 0.02, 0.98, 0.98, 0.18)
    u, v = (x - 0.5) / scale + 0.5, (y - 0.5) / scale + 0.5
    if inside_round_rect(u, v, 0.2, 0.08, 0.8, 0.92, 0.07):
        if inside_round_rect(u, v, 0.235, 0.115, 0.765, 0.885, 0.05) and not \
                inside_round_rect(u, v, 0.25, 0.13, 0.75, 0.87, 0.04):
            return GOLD
        # The keyhole: a circle over a tapering slot.
        if (u - 0.5) ** 2 + (v - 0.43) ** 2 <= 0.085 ** 2:
            return NIGHT
        if 0.45 <= v <= 0.68 and abs(u - 0.5) <= 0.035 + (v - 0.45) * 0.18:
            return NIGHT
        return CARD
    return NIGHT if background else None


def inside_triangle(x, y, a, b, c):
    def side(p, q):
        return (x - q[0]) * (p[1] - q[1]) - (p[0] - q[0]) * (y - q[1])
    d1, d2, d3 = side(a, b), side(b, c), side(c, a)
    return not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))


def in_spade(x, y, cx, cy, r):
    """A spade: two lobes under a point, on a flared stem."""
    lobes = min((x - (cx - r * 0.5)) ** 2, (x - (cx + r * 0.5)) ** 2) + (y - cy) ** 2 <= (r * 0.55) ** 2
    point = inside_triangle(x, y, (cx - r * 1.02, cy - r * 0.05), (cx, cy - r * 1.3), (cx + r * 1.02, cy - r * 0.05))
    stem = inside_triangle(x, y, (cx, cy), (cx - r * 0.45, cy + r * 1.0), (cx + r * 0.45, cy + r * 1.0))
    return lobes or point or stem


def on_night(x, y):
    return NIGHT if inside_round_rect(x, y, 0.02, 0.02, 0.98, 0.98, 0.18) else None


def thievery_at(x, y):
    """Thievery: a black card standing face up and a red card lying face down, as in a sorted row."""
    if inside_round_rect(x, y, 0.14, 0.2, 0.5, 0.78, 0.05):
        if in_spade(x, y, 0.32, 0.49, 0.09):
            return INK
        return CARD
    if inside_round_rect(x, y, 0.46, 0.36, 0.9, 0.66, 0.05):
        if (x - 0.68) ** 2 + (y - 0.51) ** 2 <= 0.075 ** 2:          # the back's medallion
            return NIGHT
        return RED_BACK if int((x + y) * 28) % 2 else (142, 51, 64)
    return on_night(x, y)


def guild_at(x, y):
    """Guild of Thieves: a house by night with a lit window and a gold door."""
    if (x - 0.76) ** 2 + (y - 0.2) ** 2 <= 0.08 ** 2 and (x - 0.8) ** 2 + (y - 0.17) ** 2 > 0.07 ** 2:
        return CARD                                                    # the moon
    if inside_triangle(x, y, (0.14, 0.48), (0.5, 0.18), (0.86, 0.48)):
        return ROOF
    if 0.2 <= x <= 0.8 and 0.48 <= y <= 0.84:
        if 0.42 <= x <= 0.58 and y >= 0.62 and (y >= 0.68 or (x - 0.5) ** 2 + (y - 0.68) ** 2 <= 0.08 ** 2):
            return GOLD
        if 0.28 <= x <= 0.37 and 0.55 <= y <= 0.64:
            return GOLD
        if 0.63 <= x <= 0.72 and 0.55 <= y <= 0.64:
            return NIGHT
        return PURPLE
    return on_night(x, y)


def twelve_thieves_at(x, y):
    """12 Thieves: a palace with a gold dome and two towers, a thief at its dark gate."""
    if (x - 0.5) ** 2 + (y - 0.5) ** 2 <= 0.2 ** 2 and y <= 0.5:
        return GOLD                                                    # the dome
    for tower in (0.2, 0.8):
        if abs(x - tower) <= 0.045 and 0.36 <= y <= 0.84:
            return ROOF
        if inside_triangle(x, y, (tower - 0.07, 0.36), (tower, 0.2), (tower + 0.07, 0.36)):
            return GOLD
    if 0.3 <= x <= 0.7 and 0.5 <= y <= 0.84:
        if abs(x - 0.5) <= 0.08 and (y >= 0.68 or (x - 0.5) ** 2 + (y - 0.68) ** 2 <= 0.08 ** 2):
            if (x - 0.5) ** 2 + (y - 0.7) ** 2 <= 0.035 ** 2 or (abs(x - 0.5) <= 0.04 and 0.73 <= y <= 0.84):
                return (232, 163, 61)                                  # a thief in the gateway
            return NIGHT
        return PURPLE
    return on_night(x, y)



# ---- Thieves of Eldris ----
TRAIT_EDGES = ((255, 138, 128), (143, 214, 148), (240, 192, 96), (156, 196, 255), (208, 168, 255), (255, 166, 210))


def eldris_at(x, y):
    """Thieves of Eldris: a corner of Skulduggery Square, each card edged in its trait's colour,
    the Cutpurse's card gold."""
    for index in range(6):
        left, top = 0.12 + (index % 3) * 0.26, 0.22 + (index // 3) * 0.3
        if inside_round_rect(x, y, left, top, left + 0.22, top + 0.26, 0.04):
            if index == 4:
                return GOLD
            inner = inside_round_rect(x, y, left + 0.03, top + 0.03, left + 0.19, top + 0.23, 0.03)
            return PURPLE if inner else TRAIT_EDGES[index]
    return on_night(x, y)
# ---- end of Thieves of Eldris ----


GAME_ICONS = {"thievery": thievery_at, "guild-of-thieves": guild_at, "thieves-of-eldris": eldris_at}


# -- Master Thieves ----------------------------------------------------------------------------------
WOOD, WOOD_LIGHT, RUBY = (74, 51, 34), (107, 74, 48), (200, 68, 60)


def master_thieves_at(x, y):
    """Master Thieves: the cabinet, three tiers, one drawer pulled out with a ruby in it."""
    if inside_triangle(x, y, (0.78, 0.45), (0.84, 0.39), (0.9, 0.45)) or \
            inside_triangle(x, y, (0.78, 0.45), (0.9, 0.45), (0.84, 0.52)):
        return RUBY
    if inside_round_rect(x, y, 0.5, 0.36, 0.94, 0.56, 0.02):
        return WOOD_LIGHT if 0.52 <= x and 0.38 <= y <= 0.54 else GOLD          # the pulled drawer
    if inside_round_rect(x, y, 0.14, 0.1, 0.66, 0.9, 0.04):
        if not inside_round_rect(x, y, 0.16, 0.12, 0.64, 0.88, 0.03):
            return GOLD
        if abs(y - 0.37) < 0.012 or abs(y - 0.63) < 0.012 or abs(x - 0.4) < 0.012:
            return INK
        if min((x - cx) ** 2 + (y - cy) ** 2 for cx in (0.28, 0.52) for cy in (0.24, 0.5, 0.76)) <= 0.025 ** 2:
            return GOLD                                                          # the knobs
        return WOOD
    return on_night(x, y)


GAME_ICONS["master-thieves"] = master_thieves_at
# -- end of Master Thieves -----------------------------------------------------------------------------
GAME_ICONS["twelve-thieves"] = twelve_thieves_at


def png(size, maskable=False, painter=None):
    samples = 2
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc, alpha = [0, 0, 0], 0
            for sy in range(samples):
                for sx in range(samples):
                    u, v = (px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size
                    c = painter(u, v) if painter else colour_at(u, v, maskable)
                    if c:
                        alpha += 1
                        acc = [a + b for a, b in zip(acc, c)]
            n = samples * samples
            row += bytes([*(round(a / alpha) if alpha else 0 for a in acc), round(255 * alpha / n)])
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


if __name__ == "__main__":
    for size in (192, 512):
        (HERE / f"icon-{size}.png").write_bytes(png(size, maskable=False))
        (HERE / f"maskable-{size}.png").write_bytes(png(size, maskable=True))
    for game, painter in GAME_ICONS.items():
        (HERE / f"{game}-96.png").write_bytes(png(96, painter=painter))
    print("icons written")
