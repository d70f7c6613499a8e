"""Master Thieves' drawings (inline SVG, drawn here): stones, drawer fronts, and the table in front
of the cabinet where a pulled drawer shows its stones and the stones fly to their cushion.

The table is one picture in one of two :class:`Layout` s: ``WIDE`` (the pulled drawer on the left, a
black cushion (whoever got stones) top right, the red cushion bottom right: a portrait phone, the
table below the cabinet) and ``TALL`` (the two cushions side by side below the drawer: beside the
cabinet, on a phone on its side and a tablet).  A stone that moves is
drawn where it ends (on its cushion) and carries, as ``--fx``/``--fy``, the way back to where it
started; the board's stylesheet flies it from there when the shell adds the motion class, never
under reduced motion.  So a picture without motion is the outcome, whole: ghosts in the drawer
where stones lay, the stones on the cushion they went to.
"""
from __future__ import annotations

from typing import NamedTuple

from pycore.master_thieves import KINDS

from ...markup import attrs
from ...widgets import name_tag

# Shape and colour both tell a stone (16 x 16 units): a ruby is a red hexagon, a sapphire a blue
# rhombus, a diamond a white brilliant (a triangle under a crown).
GEM_SHAPES = {
    "ruby": '<path d="M5 1 H11 L15 8 L11 15 H5 L1 8 Z" fill="#d0453c" stroke="#f3ead7" stroke-width="1"/>',
    "sapphire": '<path d="M8 1 L15 8 L8 15 L1 8 Z" fill="#4f7fd4" stroke="#f3ead7" stroke-width="1"/>',
    "diamond": '<path d="M2 6 H14 L8 15 Z M4 2 H12 L14 6 H2 Z" fill="#eef3f7" stroke="#5b6b80" stroke-width="1"/>',
}
GHOST_SHAPES = {   # where a stone lay before it left: its outline only
    "ruby": '<path d="M5 1 H11 L15 8 L11 15 H5 L1 8 Z"/>',
    "sapphire": '<path d="M8 1 L15 8 L8 15 L1 8 Z"/>',
    "diamond": '<path d="M2 6 H14 L8 15 Z M4 2 H12 L14 6 H2 Z"/>',
}
# An alarm token (16 x 16): a red disc with an exclamation mark.
TOKEN_SHAPE = ('<circle cx="8" cy="8" r="7" fill="#b03a32" stroke="#f3ead7" stroke-width="1.2"/>'
               '<rect x="7" y="3.5" width="2" height="6" rx="1" fill="#f3ead7"/><circle cx="8" cy="12" r="1.2" fill="#f3ead7"/>')



class Layout(NamedTuple):
    """Where the table's things lie, in picture units (the drawer always at the top left)."""
    name: str
    width: int
    height: int
    black: tuple                 # the black cushion: x, y, width, height
    red: tuple                   # the red cushion
    empty_top: int               # with no drawer out only the band below this shows


WIDE = Layout("wide", 200, 100, (134, 4, 64, 42), (134, 50, 64, 46), 46)
TALL = Layout("tall", 134, 132, (4, 84, 61, 44), (69, 84, 61, 44), 80)
FLOOR_BACK, SECRET_FRONT, FLOOR_FRONT, FRONT_H = 20, 26, 58, 16   # the pulled drawer, top to bottom
FULL_BACK = 4                             # a full pull's back (its secret compartment behind)
PILLOW_TAG = 15                           # the name tag's height at the top of a pillow


def gem(kind: str, size: int = 16) -> str:
    """A stone as an inline icon."""
    return (f'<svg class="mt-gem" width="{size}" height="{size}" viewBox="0 0 16 16" aria-hidden="true" '
            f'focusable="false">{GEM_SHAPES[kind]}</svg>')


def token_icon(size: int = 18) -> str:
    return (f'<svg class="mt-token-icon" width="{size}" height="{size}" viewBox="0 0 16 16" aria-hidden="true" '
            f'focusable="false">{TOKEN_SHAPE}</svg>')


def drawer_face(long: bool) -> str:
    """A drawer's front: a long one full width with two knobs and a keyhole (its secret
    compartment), a short one narrower with one knob."""
    if long:
        front = ('<rect x="2" y="4" width="60" height="28" rx="3" class="mt-front"/>'
                 '<circle cx="16" cy="18" r="3" class="mt-knob"/><circle cx="48" cy="18" r="3" class="mt-knob"/>'
                 '<path d="M32 13 a3 3 0 1 1 0.1 0 M31 15 h2 l1 6 h-4 Z" class="mt-keyhole"/>')
    else:
        front = ('<rect x="14" y="4" width="36" height="28" rx="3" class="mt-front"/>'
                 '<circle cx="32" cy="18" r="3" class="mt-knob"/>')
    return f'<svg viewBox="0 0 64 36" aria-hidden="true" focusable="false">{front}</svg>'


# -- laying stones out -------------------------------------------------------------------------------
def stone_list(stones: dict) -> list:
    """['ruby', 'diamond', 'diamond'] for {"ruby": 1, "diamond": 2}: most valuable first."""
    return [kind for kind in KINDS for _ in range(stones.get(kind, 0))]


def grid(count: int, box: tuple, largest: float = 12) -> tuple:
    """(size, [(x, y)...]): ``count`` stones in rows inside ``box`` (x, y, w, h), as large as fit."""
    x, y, width, height = box
    size = largest
    while size > 4:
        columns, rows = int(width // (size * 1.15)), int(height // (size * 1.15))
        if columns * rows >= count:
            break
        size -= 0.5
    columns = max(1, int(width // (size * 1.15)))
    step = size * 1.15
    used = min(count, columns) * step
    left = x + (width - used) / 2
    return size, [(left + (index % columns) * step, y + (index // columns) * step) for index in range(count)]


def placed(shape: str, x: float, y: float, size: float, cls: str = "", motion: str | None = None,
           start: tuple | None = None) -> str:
    """A 16-unit shape drawn at (x, y) in ``size`` units.  ``start``: where it flies from (the
    motion offsets it there; the outer group places it, the inner one moves, so that the CSS
    transform never replaces the placing one)."""
    style = None
    if start is not None:
        style = f"--fx:{start[0] - x:.1f}px;--fy:{start[1] - y:.1f}px"
    inner = f'<g transform="scale({size / 16:.3f})">{shape}</g>'
    return (f'<g transform="translate({x:.1f} {y:.1f})">'
            f'<g{attrs(class_=cls or None, style=style, data_motion=motion)}>{inner}</g></g>')


# -- the table -------------------------------------------------------------------------------------
def tray_boxes(long: bool, full: bool) -> dict:
    """Where the pulled drawer lies: its floor (a trapezoid seen from above and in front), its
    compartments' boxes for stones and its front panel."""
    left, right = (8, 126) if long else (24, 110)
    back = FULL_BACK if full else FLOOR_BACK
    normal_back = SECRET_FRONT if full else back
    boxes = {"floor": (left, back, right - left, FLOOR_FRONT - back),
             "front": (left - 2, FLOOR_FRONT, right - left + 4, FRONT_H),
             "normal": (left + 8, normal_back + 3, right - left - 16, FLOOR_FRONT - normal_back - 5)}
    if full:
        boxes["secret"] = (left + 14, back + 2, right - left - 28, SECRET_FRONT - back - 3)
    return boxes


def tray(long: bool, full: bool) -> str:
    """The drawer pulled out: its walls, floor, (secret compartment) and front with knobs."""
    boxes = tray_boxes(long, full)
    x, y, width, height = boxes["floor"]
    inset = 6
    floor = (f'<path class="mt-tray-floor" d="M{x + inset} {y} H{x + width - inset} L{x + width} {y + height} '
             f'H{x} Z"/>')
    walls = (f'<path class="mt-tray-wall" d="M{x + inset} {y} L{x} {y + height} M{x + width - inset} {y} '
             f'L{x + width} {y + height}"/>')
    secret = ""
    if full:
        sx, sy, sw, sh = boxes["floor"][0], y, width, SECRET_FRONT - y
        secret = (f'<path class="mt-tray-secret" d="M{sx + inset} {sy} H{sx + sw - inset} L{sx + sw - inset / 2} {sy + sh} '
                  f'H{sx + inset / 2} Z"/><path class="mt-tray-wall" d="M{sx + inset / 2} {sy + sh} H{sx + sw - inset / 2}"/>')
    fx, fy, fw, fh = boxes["front"]
    knobs = ([fx + fw / 4, fx + 3 * fw / 4] if long else [fx + fw / 2])
    front = (f'<rect class="mt-tray-front" x="{fx}" y="{fy}" width="{fw}" height="{fh}" rx="3"/>'
             + "".join(f'<circle class="mt-knob" cx="{kx}" cy="{fy + fh / 2}" r="2.6"/>' for kx in knobs))
    return (f'<g class="mt-tray" data-motion="mt-pull">'
            f'{floor}{secret}{walls}{front}</g>')


def pillow(box: tuple, cls: str) -> str:
    x, y, width, height = box
    return (f'<rect class="{cls}" x="{x}" y="{y}" width="{width}" height="{height}" rx="10"/>'
            + "".join(f'<circle class="{cls}-tassel" cx="{cx}" cy="{cy}" r="2"/>'
                      for cx in (x + 3, x + width - 3) for cy in (y + 3, y + height - 3)))


def pillow_stones(box: tuple) -> tuple:
    """The part of a pillow that holds stones (below its name tag)."""
    x, y, width, height = box
    return x + 5, y + PILLOW_TAG + 2, width - 10, height - PILLOW_TAG - 6


class Move(NamedTuple):
    """One thing of an opening: a stone (or "token"), where it starts and in what size, where it
    ends ("red", "black", "drawer", or "away": an alarm token back to its owner) and how it goes there: "fly", "fall", "ghost" (the outline
    a stone left), "still" (it lies there), or the motion key of a fake or token just put in."""
    kind: str
    start: tuple
    size: float
    end: str
    how: str


def table_picture(layout: Layout, opening, long: bool, red: dict, taker_name: str) -> str:
    """The table in front of the cabinet: the pulled drawer (if ``opening``), its stones and where
    they went, and the red cushion with what lies on it.  ``long``: the opened drawer is long;
    ``taker_name``: whose black cushion got stones (when some did)."""
    parts = [pillow(layout.red, "mt-red-pillow")]
    tags = [("mt-tag red", layout.red, "Red cushion")]     # (class, box, HTML)
    moves = opening_moves(opening, tray_boxes(long, opening.full)) if opening is not None else []
    # What already lay on the red cushion stays put; what this opening brought flies in (unless it
    # has been shared out since: then it falls and is gone).
    brought = opening.arrived("red") if opening is not None else {kind: 0 for kind in KINDS}
    landed = all(brought[kind] <= red.get(kind, 0) for kind in KINDS)
    already = stone_list({kind: red.get(kind, 0) - (brought[kind] if landed else 0) for kind in KINDS})
    incoming = [move for move in moves if move.end == "red"]
    size, spots = grid(len(already) + len(incoming), pillow_stones(layout.red), 15)
    red_spots = iter(spots)
    parts += [placed(GEM_SHAPES[kind], *next(red_spots), size) for kind in already]
    if opening is None:
        parts.append(placeholder(layout))
    else:
        parts.append(tray(long, opening.full))
        to_black = [move for move in moves if move.end == "black"]
        if to_black:
            parts.append(pillow(layout.black, "mt-black-pillow"))
            tags.append(("mt-tag black", layout.black, name_tag(taker_name)))
        black_size, black_spots = grid(len(to_black), pillow_stones(layout.black), 15)
        black_spots = iter(black_spots)
        for move in moves:
            shape = TOKEN_SHAPE if move.kind == "token" else GEM_SHAPES[move.kind]
            motion = "mt-fall" if move.how == "fall" else "mt-fly"
            if move.how == "ghost":
                parts.append(placed(GHOST_SHAPES[move.kind], *move.start, move.size, "mt-ghost"))
            elif move.end == "red" and landed:
                parts.append(placed(shape, *next(red_spots), size, "mt-stone", motion, move.start))
            elif move.end == "red":       # shared out since: it lands, and is gone
                parts.append(placed(shape, *next(red_spots), size, "mt-stone mt-gone", motion, move.start))
            elif move.end == "away":      # an alarm token that fell alone: back to its owner
                parts.append(placed(shape, *move.start, move.size, "mt-stone mt-gone", motion, move.start))
            elif move.end == "black":
                parts.append(placed(shape, *next(black_spots), black_size, "mt-stone", motion, move.start))
            elif move.how == "still":
                parts.append(placed(shape, *move.start, move.size, "mt-stone"))
            else:               # a fake or a token just put in: it drops in from the player's side
                x, y = move.start
                parts.append(placed(shape, x, y, move.size, "mt-stone", move.how, (x, y + 40)))
    # With no drawer out, the table is only its lower band: the red cushion and where a drawer lies.
    top = 0 if opening is not None else layout.empty_top
    height = layout.height - top
    svg = (f'<svg class="mt-table-svg" viewBox="0 {top} {layout.width} {height}" aria-hidden="true" focusable="false">'
           f'{"".join(parts)}</svg>')
    return (f'<div class="mt-table {layout.name}" style="aspect-ratio:{layout.width}/{height};--ratio:{layout.width / height:.4f}">{svg}'
            + "".join(tag(cls, box, text, layout, top, height) for cls, box, text in tags) + "</div>")


def tag(cls: str, box: tuple, text: str, layout: Layout, top: float, height: float) -> str:
    """A name written at the top of a pillow (HTML over the picture, so it reads at any size):
    ``text`` is HTML (a person's name is a name tag)."""
    x, y, width, _ = box
    return (f'<span class="{cls}" aria-hidden="true" style="left:{100 * x / layout.width:.2f}%;'
            f'top:{100 * (y - top) / height:.2f}%;width:{100 * width / layout.width:.2f}%">{text}</span>')


def placeholder(layout: Layout) -> str:
    """An empty spot on the table beside the red cushion, while no drawer is out."""
    if layout is WIDE:
        return '<rect class="mt-tray-spot" x="24" y="52" width="86" height="42" rx="6"/>'
    x, y, width, height = layout.black
    return f'<rect class="mt-tray-spot" x="{x}" y="{y}" width="{width}" height="{height}" rx="6"/>'


def opening_moves(opening, boxes) -> list:
    """Every stone of an opening as a :class:`Move`."""
    moves = []
    inside, secret, fakes = stone_list(opening.inside), stone_list(opening.secret or {}), list(opening.fakes)
    # What lies in the drawer, laid out once: what was inside, the fakes put in, a token.
    token = opening.token is not None or opening.alarm_set
    size, spots = grid(len(inside) + len(fakes) + token, boxes["normal"], 16)
    went = opening.went
    for kind, spot in zip(inside, spots):
        if went == "stay":
            moves.append(Move(kind, spot, size, "drawer", "still"))
        else:
            moves += [Move(kind, spot, size, "drawer", "ghost"), Move(kind, spot, size, went, "fly")]
    if secret:
        secret_size, secret_spots = grid(len(secret), boxes["secret"], 16)
        for kind, spot in zip(secret, secret_spots):
            if went == "black":
                moves += [Move(kind, spot, secret_size, "drawer", "ghost"), Move(kind, spot, secret_size, "black", "fly")]
            else:
                moves.append(Move(kind, spot, secret_size, "drawer", "still"))
    for index, (kind, spot) in enumerate(zip(fakes, spots[len(inside):])):
        moves.append(Move(kind, spot, size, "drawer", f"mt-fake-{len(fakes) - 1 - index}"))   # 0: the newest
    if token:
        moves.append(Move("token", spots[-1], size, "drawer", "mt-token-set" if opening.alarm_set else "still"))
    # What fell out, from under the drawer's front: to the red cushion or, with an alarm token, to
    # the token's owner.
    fx, fy, fw, fh = boxes["front"]
    below = fy + fh + 3
    fell = stone_list(opening.spilled)
    took = stone_list(opening.alarm_took)
    falling = [(kind, "red") for kind in fell] + [(kind, "black") for kind in took]
    if opening.alarm is not None:       # the token goes with the stones it took, or home alone
        falling.append(("token", "black" if took else "away"))
    for index, (kind, where) in enumerate(falling):
        moves.append(Move(kind, (fx + fw / 2 - 6 + (index % 6 - 2.5) * 10, below + (index // 6) * 5), 10, where, "fall"))
    return moves
