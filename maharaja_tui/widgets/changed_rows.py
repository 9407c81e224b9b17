"""Repaint only the rows of a board that changed.

A board (the road map, the palace, India) draws all its rows at once, and a move
changes a few of them: a space's count, a village's shrine, the status lines. Asking
Textual to repaint the whole widget had every row rendered again and, over SSH, the
whole board written to every seat's terminal at every move (a Maharadjah move sent
each seat about 15 KB, a watching seat's whole map). A board keeps what it last gave
Textual (``Painted``), draws its new rows, and only the rows that differ are repainted:
Textual renders those lines alone and the server's sessions write only them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Generic, TypeVar

from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

Cell = TypeVar("Cell")


def changed_runs(before: Sequence[Strip], after: Sequence[Strip]) -> list[tuple[int, int]]:
    """The runs of rows that differ, as (first row, rows): neighbours in one run."""
    runs: list[tuple[int, int]] = []
    for y, (old, new) in enumerate(zip(before, after, strict=True)):
        if old == new:
            continue
        if runs and runs[-1][0] + runs[-1][1] == y:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((y, 1))
    return runs


class Painted:
    """The rows a board last gave Textual to show. A board may draw its rows for its
    own use between two paints (where its places are), so the rows it holds are not
    always those on screen: the diff is against these.

    ``forget`` when the whole widget is to be painted again (Textual's own refresh: a
    new size or style); ``drawn`` when it renders a line (the rows it shows then);
    ``repaint`` with the new rows, which repaints those that differ."""

    def __init__(self) -> None:
        self.rows: Sequence[Strip] | None = None

    def forget(self) -> None:
        self.rows = None

    def drawn(self, rows: Sequence[Strip]) -> None:
        if self.rows is None:  # a whole paint, with what is drawn now
            self.rows = rows

    def repaint(self, widget: Widget, rows: Sequence[Strip]) -> None:
        before = self.rows
        if before is None or len(before) != len(rows):
            widget.refresh()
            return
        width = widget.content_size.width
        regions = [Region(0, y, width, count) for y, count in changed_runs(before, rows)]
        self.rows = rows
        if regions:
            widget.refresh(*regions)


class KeptStrips(Generic[Cell]):
    """Each row's cells and the strip drawn of them. A board draws its cells anew at a
    step, and a step changes a few places: the rows it left as they were keep their
    strips (building every row's strip again was most of a board's redraw, at every
    seat of a table at every move). ``key``: what the strips depend on beside the cells
    (a width, a base style); ``forget`` when the styles change (Textual's own refresh)."""

    def __init__(self) -> None:
        self._kept: tuple[Hashable, list[tuple[Sequence[Cell], Strip]]] | None = None

    def forget(self) -> None:
        self._kept = None

    def strips(self, rows: Iterable[Sequence[Cell]], key: Hashable,
               draw: Callable[[Sequence[Cell]], Strip]) -> list[Strip]:
        kept = self._kept
        before = kept[1] if kept is not None and kept[0] == key else []
        drawn: list[tuple[Sequence[Cell], Strip]] = []
        for y, cells in enumerate(rows):
            same = y < len(before) and before[y][0] == cells
            drawn.append(before[y] if same else (cells, draw(cells)))
        self._kept = (key, drawn)
        return [strip for _, strip in drawn]
