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

from collections.abc import Sequence

from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


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
