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
OVERVIEW_WIDTH: Final = 8  # the mini-overview's columns, on the first status line
MARGIN: Final = 2  # cells kept in sight around the cursor's place when panning


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


def overview(canvas: tuple[int, int], window: tuple[int, int, int, int],
             spots: Iterable[tuple[int, int]], width: int = OVERVIEW_WIDTH) -> Segments:
    """The whole board in one line of ``width`` cells between ``▕ ▏``: the part in the
    window drawn in blocks (each cell in quarters, so a window over the top or the
    left half reads so), ``·`` where other places lie outside it. Blocks and dots, so
    it reads without colour."""
    cw, ch = max(1, canvas[0]), max(1, canvas[1])
    wx, wy, ww, wh = window
    dots = {min(width - 1, x * width // cw) for x, _ in spots}
    cells: list[str] = []
    for col in range(width):
        bits = 0
        for n, (qx, qy) in enumerate(((0, 0), (1, 0), (0, 1), (1, 1))):
            # the middle of this quarter, in the canvas's cells
            mx, my = (2 * col + qx + 0.5) * cw / (2 * width), (qy + 0.5) * ch / 2
            if wx <= mx < wx + ww and wy <= my < wy + wh:
                bits |= 1 << n
        cells.append(QUADRANTS[bits] if bits else "·" if col in dots else " ")
    return (("▕", "dim"), ("".join(cells), ""), ("▏", "dim"))


def status_rows(name: Segments, status: Segments, width: int,
                mini: Segments = ()) -> list[Segments]:
    """The status lines: the place's name, then what Enter does there, wrapped over
    both lines (the first ends in the mini-overview when the board pans)."""
    room = max(1, width - (len(_text(mini)) + 1 if mini else 0))
    named, said = len(_text(name)), len(_text(status))
    if named + 2 + said > room and named <= room and said <= width:
        first, rest = name, status  # each whole on a line of its own
    else:
        words = (*name, ("  ", ""), *status) if name and status else (*name, *status)
        first, rest = _wrap(words, room)
    second = _cut(rest, width)  # what does not fit ends in …
    if mini:
        first = (*first, (" " * (room - len(_text(first)) + 1), ""), *mini)
    return [first, second]


def _wrap(line: Segments, room: int) -> tuple[Segments, Segments]:
    """``line`` split where it passes ``room`` cells: between two segments if one ends
    past a third of the room (a segment is one phrase: "slot 2 → r0c4 ↓"), else at the
    last space before, else at the room."""
    text = _text(line)
    if len(text) <= room:
        return line, ()
    ends, at = [], 0
    for part, _ in line:
        at += len(part)
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
