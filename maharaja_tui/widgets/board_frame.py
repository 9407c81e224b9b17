"""What every board draws around its places: the cursor's marks, the status lines, and
where the board is bigger than its widget, the panning and the mini-overview.

A board is drawn on a canvas of cells at least as big as it needs to show each place
apart with its pieces; a smaller widget shows a window of it that follows the
cursor (``follow``), and a mini-overview (``overview``) at the right end of the
status line shows the whole board in one line, the window's part in blocks: where
you are. The status lines under the board name the place under the cursor and say
what Enter does there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from maharaja_tui.widgets.segments import Segment, Segments

MARK_BEFORE: Final = "▸"  # drawn left of the place under the cursor
MARK_AFTER: Final = "◂"  # and right of it: seen without colour, on reversed pieces too
STATUS_LINES: Final = 2  # the place's name, then what Enter does there
ENTER: Final = "⏎"  # "Enter does this", as the footer writes the key
OVERVIEW_WIDTH: Final = 8  # the mini-overview's columns, on the first status line
MARGIN: Final = 2  # cells kept in sight around the cursor's place when panning
KEY_GLYPHS: Final = {"left": "←", "right": "→", "up": "↑", "down": "↓"}


def note(key: str, words: str, role: str = "dim") -> Segments:
    """A board key's own word on the status line, after the key it answers ("← no place
    further left"): no key leaves the board silent, and each says which it was."""
    return ((f"{KEY_GLYPHS.get(key, key)} ", "strong"), (f"{words} · ", role))


def follow(origin: int, start: int, end: int, view: int, canvas: int) -> int:
    """The window's new first cell on one axis: moved as little as keeps the cells
    ``start``..``end`` (the cursor's place and a margin) in sight, within the canvas."""
    if view >= canvas:
        return 0
    lo, hi = max(0, start - MARGIN), min(canvas, end + MARGIN)
    if lo < origin:
        origin = lo
    elif hi > origin + view:
        origin = hi - view
    return max(0, min(origin, canvas - view))


QUADRANTS: Final = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"  # by the quarters a cell's window covers: 1 2 4 8


def _covered(start: int, size: int, total: int, parts: int) -> list[bool]:
    """Which of ``parts`` equal parts of ``0..total`` the window ``start..start+size``
    covers: those it covers for 40% or more, and always the one it covers most."""
    share = []
    for n in range(parts):
        lo, hi = n * total / parts, (n + 1) * total / parts
        share.append(max(0.0, min(hi, start + size) - max(lo, start)) / (hi - lo))
    most = max(range(parts), key=lambda n: share[n])
    return [part >= 0.4 or n == most for n, part in enumerate(share)]


def overview(canvas: tuple[int, int], window: tuple[int, int, int, int],
             spots: Iterable[tuple[int, int]], width: int = OVERVIEW_WIDTH) -> Segments:
    """The whole board in one line of ``width`` cells between ``▕ ▏``: the part in the
    window drawn in blocks (each cell in quarters, so a window over the top or the
    left half reads so), ``·`` where other places lie outside it. Blocks and dots, so
    it reads without colour."""
    cw, ch = max(1, canvas[0]), max(1, canvas[1])
    wx, wy, ww, wh = window
    columns = _covered(wx, ww, cw, 2 * width)
    rows = _covered(wy, wh, ch, 2)
    dots = {min(width - 1, x * width // cw) for x, _ in spots}
    cells: list[str] = []
    for col in range(width):
        bits = sum(1 << n for n, (qx, qy) in enumerate(((0, 0), (1, 0), (0, 1), (1, 1)))
                   if columns[2 * col + qx] and rows[qy])
        cells.append(QUADRANTS[bits] if bits else "·" if col in dots else " ")
    return (("▕", "dim"), ("".join(cells), ""), ("▏", "dim"))


def status_rows(name: Segments, status: Segments, width: int,
                mini: Segments = ()) -> list[Segments]:
    """The status lines: the place's name, then what Enter does there (the first ends
    in the mini-overview when the board pans). Each whole on its line where it fits;
    a long status after a short name wraps over both; else each is cut, ending in …"""
    room = max(1, width - (len(_text(mini)) + 1 if mini else 0))
    named, said = len(_text(name)), len(_text(status))
    joined = (*name, ("  ", ""), *status) if name and status else (*name, *status)
    first: Segments
    second: Segments
    if named + 2 + said <= room or not status:
        first, second = _cut(joined, room), ()
    elif named <= room and said <= width:
        first, second = name, status  # each whole on a line of its own
    else:
        first, rest = _wrap(joined, room) if named <= room else ((), ())
        if not first or len(_text(rest)) > width:  # it does not fit wrapped either
            first, rest = _cut(name, room), status
        second = _cut(rest, width)
    if mini:
        first = (*first, (" " * (room - len(_text(first)) + 1), ""), *mini)
    return [first, second]


def _wrap(line: Segments, room: int) -> tuple[Segments, Segments]:
    """``line`` split where it passes ``room`` cells: between two segments if one ends
    past a third of the room (a segment is one phrase: "slot 2 → r0c4 ↓"; a lone mark
    such as "⏎ " stays with the next), else at the last space before, else at the room."""
    text = _text(line)
    if len(text) <= room:
        return line, ()
    ends, at = [], 0
    for part, _ in line:
        at += len(part)
        if len(part.strip()) != 1:  # not after a lone mark ("⏎ "): it goes with what follows
            ends.append(at)
    joints = [end for end in ends if room // 3 <= end <= room]
    cut = joints[-1] if joints else text.rfind(" ", 0, room + 1)
    cut = cut if cut > 0 else room
    head: list[tuple[str, str]] = []
    tail: list[tuple[str, str]] = []
    at = 0
    for part, role in line:
        end = at + len(part)
        if end <= cut:
            head.append((part, role))
        elif at >= cut:
            tail.append((part, role))
        else:
            head.append((part[:cut - at], role))
            tail.append((part[cut - at:], role))
        at = end
    if tail and tail[0][0].startswith(" "):
        tail[0] = (tail[0][0].lstrip(" "), tail[0][1])
    return tuple(head), tuple(t for t in tail if t[0])


def _text(line: Segments) -> str:
    return "".join(text for text, _ in line)


def _cut(line: Segments, room: int) -> Segments:
    """``line`` cut to ``room`` cells, ending in … when something was left out."""
    if len(_text(line)) <= room:
        return line
    out: list[Segment] = []
    left = max(0, room - 1)
    for text, role in line:
        if left <= 0:
            break
        out.append((text[:left], role))
        left -= len(text[:left])
    return (*out, ("…", "dim")) if room else ()


def centre(extent: tuple[int, int, int]) -> tuple[int, int]:
    """A place's spot for the cursor: the middle of its first line (x0, x1, y)."""
    x0, x1, y = extent
    return ((x0 + x1) // 2, y)


def spots_of(extents: Mapping[str, tuple[int, int, int]]) -> dict[str, tuple[int, int]]:
    return {place: centre(extent) for place, extent in extents.items()}
