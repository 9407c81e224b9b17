"""One cursor for every board: arrows go where they point, Tab goes to what may be picked.

The map graph (Maharaja, Raja), the palace grid (Maharani) and the area map
(Maharadjah) all steer their cursor by this module, over plain data: each place's
spot on the screen, in cells (``x`` right, ``y`` down; the middle of the place's first
line), and which places may be picked now.

**Arrows** (the rule, the same on every board). A row of cells is about twice as
tall as a column is wide, so offsets are measured with a row counted as two columns:
"near" is near to the eye. From place A, an arrow looks at the places *ahead* of A in
its direction (the offset along the arrow is positive) and moves to:

1. the nearest of those within 45° of the arrow (its cone: the offset across the
   arrow is at most the offset along it);
2. when that cone is empty, the nearest of the others ahead.

"Nearest" is the straight-line distance on screen; between places as far, the one
less off to the side wins, then reading order (top to bottom, left to right), so
equal cases always resolve the same way. No place ahead: the arrow stays and says so
(the board's status line), never silently.

**The guarantee.** Every place can be reached from every other by arrows alone (the
graph of arrow moves is strongly connected). The rule above gives that on the boards
of the four games (``tests/tui/test_board_cursor.py`` checks each board at several
sizes), but some scatterings of points defeat any nearest-first rule: a place can
lie behind a nearer one from every side. ``ArrowMoves`` checks each layout once; on
a layout where the rule leaves a place unreachable, Left and Right step instead to
the previous and next place in column order (by ``x``, then ``y``), which joins every
place to every other by construction, and Up and Down keep the rule.

**Tab / shift+Tab** jump to the next / previous place that may be picked now, in
reading order from the cursor, round the end: a quick way between the few places
that matter, while the arrows reach every place (to ask why one is not a target).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Final, Literal

Arrow = Literal["left", "right", "up", "down"]
ARROWS: Final[dict[Arrow, tuple[int, int]]] = {
    "left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
ASPECT: Final = 2  # a row is this many columns tall, to the eye
Spots = Mapping[str, tuple[int, int]]


def _offset(here: tuple[int, int], there: tuple[int, int], arrow: Arrow) -> tuple[int, int]:
    """(along, across): how far ``there`` lies along the arrow and off to its side."""
    dx, dy = ARROWS[arrow]
    ox, oy = there[0] - here[0], (there[1] - here[1]) * ASPECT
    return ox * dx + oy * dy, abs(ox * dy) + abs(oy * dx)


def nearest(spots: Spots, place: str, arrow: Arrow) -> str | None:
    """Where ``arrow`` goes from ``place`` by the rule (None: nothing ahead)."""
    here = spots.get(place)
    if here is None:
        return None
    best: tuple[tuple[int, int, int, int, int], str] | None = None
    for other, there in spots.items():
        if other == place:
            continue
        along, across = _offset(here, there, arrow)
        if along <= 0:
            continue
        rank = (0 if across <= along else 1, along * along + across * across, across,
                there[1], there[0])
        if best is None or rank < best[0]:
            best = (rank, other)
    return None if best is None else best[1]


def _reach(moves: Mapping[str, Mapping[Arrow, str]], start: str,
           backwards: bool = False) -> set[str]:
    edges: dict[str, set[str]] = {}
    for place, out in moves.items():
        for there in out.values():
            a, b = (there, place) if backwards else (place, there)
            edges.setdefault(a, set()).add(b)
    seen, todo = {start}, [start]
    while todo:
        for nxt in edges.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def strongly_connected(moves: Mapping[str, Mapping[Arrow, str]]) -> bool:
    """Whether every place reaches every other by these moves."""
    places = list(moves)
    if len(places) < 2:
        return True
    return (len(_reach(moves, places[0])) == len(places)
            and len(_reach(moves, places[0], backwards=True)) == len(places))


class ArrowMoves:
    """The arrow moves of one layout, found once (the boards keep one per drawing)."""

    def __init__(self, spots: Spots) -> None:
        self.spots = dict(spots)
        self.moves: dict[str, dict[Arrow, str]] = {}
        for place in self.spots:
            out: dict[Arrow, str] = {}
            for arrow in ARROWS:
                there = nearest(self.spots, place, arrow)
                if there is not None:
                    out[arrow] = there
            self.moves[place] = out
        self.by_rule = strongly_connected(self.moves)  # False: the column order steps
        if not self.by_rule:
            order = sorted(self.spots, key=lambda p: (self.spots[p][0], self.spots[p][1], p))
            for n, place in enumerate(order):
                out = self.moves[place]
                out.pop("left", None)
                out.pop("right", None)
                if n:
                    out["left"] = order[n - 1]
                if n + 1 < len(order):
                    out["right"] = order[n + 1]

    def move(self, place: str | None, arrow: Arrow) -> str | None:
        """Where ``arrow`` takes the cursor from ``place`` (None: nowhere)."""
        if place is None:
            return None
        return self.moves.get(place, {}).get(arrow)


def next_target(spots: Spots, targets: Collection[str], place: str | None,
                forward: bool = True) -> str | None:
    """The place Tab (``forward``) or shift+Tab goes to: the next target in reading
    order after the cursor's spot, round the end; None when nothing may be picked."""
    ordered = sorted((p for p in targets if p in spots),
                     key=lambda p: (spots[p][1], spots[p][0], p))
    if not ordered:
        return None
    here = spots.get(place or "")
    if here is None:
        return ordered[0] if forward else ordered[-1]
    key = (here[1], here[0], place or "")
    if forward:
        return next((p for p in ordered if (spots[p][1], spots[p][0], p) > key), ordered[0])
    return next((p for p in reversed(ordered) if (spots[p][1], spots[p][0], p) < key),
                ordered[-1])
