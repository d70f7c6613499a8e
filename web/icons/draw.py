"""Draws the app's own icons (run once; the PNGs are committed): a card with a keyhole on the
night-blue table colour.  Each game's icon for the home-screen shortcuts is painted by the build
from the board's own picture (sitebuild/manifest.py).
Plain Python so it needs nothing installed:  python web/icons/draw.py"""
import struct
import zlib
from pathlib import Path

NIGHT = (27, 23, 38)
CARD = (244, 232, 203)
GOLD = (214, 170, 72)
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


def png(size, maskable=False):
    samples = 2
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc, alpha = [0, 0, 0], 0
            for sy in range(samples):
                for sx in range(samples):
                    u, v = (px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size
                    c = colour_at(u, v, maskable)
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
    print("icons written")
