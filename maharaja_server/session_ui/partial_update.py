"""A session screen's compositor: an update renders only what it writes, and a panel
whose rows moved up is scrolled on the terminal.

Textual's ``Compositor.render_partial_update`` renders every widget that overlaps the
bounding box of the dirty regions, each over all its lines in that box, then keeps, line
by line and cut by cut, the front-most widget's part. On the SSH table screen a move
dirties the status line at the top and the log at the bottom, so the box was the whole
screen: the screen, the containers behind the panels, the choices beside the view went
through the styles cache and the line filters at every move, though only the changed
lines are written, and behind the panels nothing of the containers shows.

Here each widget, front to back as Textual takes them, renders only the dirty lines on
which it still has a part to fill that the update writes (from the first to the last of
those lines), and none when widgets in front of it have filled them all. What lands on
each line and cut is what Textual's own update puts there: the same front-most widget's
same strip. A strip that one cut takes whole is written as it is: Textual's
``Strip.divide`` would keep ``[strip]`` in the strip's own cache, a reference cycle
per line (most of the cyclic garbage a move left in a session, whose collection pauses
every session of a host).

A panel whose rows moved up (``Scrolls``: the log) is scrolled on the terminal instead
(a scroll region over its rows, then as many line feeds at its bottom as rows moved),
and only the rows that came in are written, when the panel spans the screen's width
and nothing shows over it; else all its rows are written as before: the log's dozen
rows were written to every client again at every move, more than half of what a
session sent.

A session's app gives each of its screens this compositor (``OnlyWhatShows.install``);
Textual's private parts it builds on are named in ``maharaja_tui.compat``.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import Any, Protocol

from rich.console import Console
from textual.dom import NoScreen
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from maharaja_tui.compat import (
    ChopsUpdate,
    Compositor,
    LayoutUpdate,
    compositor_of,
    dirty_regions,
    use_compositor,
)

Scroll = tuple[int, int, int]  # (top, bottom, rows up) of a scroll region, screen rows


class Scrolls(Protocol):
    """A panel whose rows the next update may scroll (``TextRows`` with ``scrolls``)."""

    scroll_rows: int  # rows up, 0: no scroll pending
    scroll_region: Region | None  # where the panel was when the scroll was asked

    def cancel_scroll(self) -> None: ...


# Panels whose rows the next update of their screen is to scroll.
SCROLLING: weakref.WeakSet[Any] = weakref.WeakSet()


def scrolls_on_terminal(widget: Widget) -> bool:
    """Whether ``widget``'s screen scrolls panels on the terminal (this compositor)."""
    try:
        return isinstance(compositor_of(widget.screen), OnlyWhatShows)
    except NoScreen:
        return False


def screen_of(panel: Widget) -> Screen[Any] | None:
    """The screen ``panel`` is on, or None once it has been removed."""
    try:
        return panel.screen
    except NoScreen:
        return None


def line_spans(regions: Iterable[Region]) -> list[tuple[int, int, int]]:
    """``regions`` as spans of lines to write, (line, first column, column after the
    last), in line order, overlapping and touching spans of a line joined."""
    lines: dict[int, list[tuple[int, int]]] = {}
    for x, y, width, height in regions:
        for line in range(y, y + height):
            lines.setdefault(line, []).append((x, x + width))
    spans: list[tuple[int, int, int]] = []
    for line, ranges in sorted(lines.items()):
        ranges.sort()
        x1, x2 = ranges[0]
        for next_x1, next_x2 in ranges[1:]:
            if next_x1 <= x2:
                x2 = max(x2, next_x2)
            else:
                spans.append((line, x1, x2))
                x1, x2 = next_x1, next_x2
        spans.append((line, x1, x2))
    return spans


class Chops(ChopsUpdate):
    """Textual's update of dirty spans, written as Textual writes it, with the cursor
    moves written as text: Rich's ``Control.move_to`` made a control object and its
    segment for each chop written (a dozen a move, about a tenth of what a session's
    frame cost to encode). Scrolls come first (see the module)."""

    def __init__(self, chops: list[dict[int, Strip | None]], spans: list[tuple[int, int, int]],
                 chop_ends: list[list[int]], scrolls: list[Scroll] | None = None) -> None:
        super().__init__(chops, spans, chop_ends)
        self.scrolls = scrolls or []

    def render_segments(self, console: Console) -> str:
        sequences: list[str] = [scroll_sequence(*scroll) for scroll in self.scrolls]
        append = sequences.append
        chops, chop_ends = self.chops, self.chop_ends
        last_y = self.spans[-1][0]
        for y, x1, x2 in self.spans:
            line, ends = chops[y], chop_ends[y]
            for end, (x, strip) in zip(ends, line.items(), strict=False):
                if strip is None or x > x2 or end <= x1:
                    continue
                if not (x2 > x >= x1 and end <= x2):
                    strip = strip.crop(0, min(end, x2) - x)
                append(f"\x1b[{y + 1};{x + 1}H")  # Control.move_to(x, y)
                append(strip.render(console))
            if y != last_y:
                append("\n")
        return "".join(sequences)


def scroll_sequence(top: int, bottom: int, up: int) -> str:
    """Move rows ``top``..``bottom`` (0-based, inclusive) up by ``up`` rows on a VT100:
    a scroll region over them, line feeds at its bottom (the rows that come in are
    blank), the whole screen as the region again (which puts the cursor home; every
    write of an update moves the cursor first)."""
    return f"\x1b[{top + 1};{bottom + 1}r\x1b[{bottom + 1};1H" + "\n" * up + "\x1b[r"


class OnlyWhatShows(Compositor):
    """A screen's compositor that renders only what an update writes (see the module)."""

    @classmethod
    def install(cls, screen: Screen[Any]) -> None:
        """``screen`` composes with this, from its first layout (a screen shown before
        keeps the compositor that holds its layout)."""
        if not isinstance(compositor_of(screen), cls) and not screen.is_mounted:
            use_compositor(screen, cls())

    def take_scrolls(self) -> list[Scroll]:
        """The pending scrolls of this screen's panels, as scrolls of the terminal's
        rows, with the dirty regions they need: each scrolled row whose terminal copy
        was stale (dirty before) is stale one scroll higher too, and the rows that come
        in are written across the screen's width (their border too). A panel that
        cannot be scrolled so (moved, not the screen's width, something over it) is
        dirty whole instead."""
        scrolls: list[Scroll] = []
        screen = self.root
        dirty = dirty_regions(self)
        for panel in list(SCROLLING):
            if (where := screen_of(panel)) is not screen:
                if where is None:
                    panel.cancel_scroll()  # removed meanwhile (a table left)
                continue  # another screen's: its own updates take it
            up, asked_at = panel.scroll_rows, panel.scroll_region
            panel.cancel_scroll()
            geometry = self.visible_widgets.get(panel)
            if geometry is None or not up:
                continue  # not shown: a reflow paints it whole when it shows again
            region, clip = geometry
            gutter = panel.styles.gutter
            rows = Region(0, region.y + gutter.top, self.size.width,
                          region.height - gutter.height)
            ancestors = panel.ancestors_with_self
            if (region != asked_at or clip.intersection(region) != region or region.x != 0
                    or region.width != self.size.width or up >= rows.height
                    or any(rows.overlaps(r.intersection(c))
                           for w, (r, c) in self.visible_widgets.items()
                           if w not in ancestors)):
                dirty.add(region)
                continue
            stale = [part.translate((0, -up)).intersection(rows) for r in dirty
                     if (part := r.intersection(rows))]
            dirty.update(r for r in stale if r)
            dirty.add(Region(0, rows.bottom - up, rows.width, up))
            scrolls.append((rows.y, rows.bottom - 1, up))
        return scrolls

    def render_partial_update(self) -> ChopsUpdate | None:
        """Textual's partial update, rendering only what shows on dirty lines."""
        scrolls = self.take_scrolls() if SCROLLING else []
        dirty = dirty_regions(self)
        update_regions = dirty.copy()
        dirty.clear()
        if not update_regions:
            return None
        spans = line_spans(update_regions)
        chops = self.chops_for(spans)
        return Chops(chops, spans, [cut_set[1:] for cut_set in self.cuts], scrolls)

    def render_full_update(self, simplify: bool = False) -> LayoutUpdate:
        """Textual's full update, dropping the screen's pending scrolls (every row is
        written as it is now), its lines cut as a partial update cuts them."""
        for panel in list(SCROLLING):
            if screen_of(panel) in (self.root, None):
                panel.cancel_scroll()
        if simplify:  # an export (a screenshot): Textual's own
            return super().render_full_update(simplify)
        dirty_regions(self).clear()
        width, height = self.size
        chops = self.chops_for([(y, 0, width) for y in range(height)])
        return LayoutUpdate([[strip for strip in chop.values() if strip is not None]
                             for chop in chops], self.size.region)

    def chops_for(self, spans: list[tuple[int, int, int]]) -> list[dict[int, Strip | None]]:
        """Each line's cuts and the strip written there (None: not written), rendering
        for ``spans`` only what shows (see the module)."""
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1])
                                                for cut_set in cuts]
        if not spans:
            return chops
        crop = Region.from_union([Region(x1, y, x2 - x1, 1) for y, x1, x2 in spans]
                                 ).intersection(self.size.region)
        # Per line, the cuts whose part is written (it meets a span): the others are
        # left out of the update, so nothing needs drawing for them.
        written: dict[int, list[int]] = {}
        for y, x1, x2 in spans:
            if crop.y <= y < crop.bottom:
                line_cuts = cuts[y]
                written.setdefault(y, []).extend(
                    cut for cut, end in zip(line_cuts, line_cuts[1:], strict=False)
                    if cut < x2 and end > x1)
        lines = sorted(written)
        for widget, (region, clip) in self.visible_widgets.items():  # front to back
            if not crop.overlaps(clip):
                continue
            x, y, width, height = region.intersection(clip)
            if not width:
                continue
            last_cut = x + width
            # The lines on which this widget has a written cut nobody in front filled.
            wanted = [line for line in lines if y <= line < y + height and any(
                chops[line][cut] is None for cut in written[line] if x <= cut < last_cut)]
            if not wanted:
                continue
            top = wanted[0]
            strips = widget.render_lines(Region(x - region.x, top - region.y, width,
                                                wanted[-1] - top + 1))
            for line in wanted:
                if line - top >= len(strips):  # fewer lines than asked: as Textual's zip
                    break
                strip = strips[line - top]
                chops_line = chops[line]
                final_cuts = [cut for cut in cuts[line] if last_cut >= cut >= x]
                inner = [cut - x for cut in final_cuts[1:]]
                # One cut that takes the strip whole: the strip itself (see the module).
                whole = [c for c in inner if c <= strip.cell_length] == [strip.cell_length]
                parts = [strip] if whole else strip.divide(inner)
                for cut, part in zip(final_cuts, parts, strict=False):
                    if chops_line.get(cut) is None:  # the first render of a cut is in front
                        chops_line[cut] = part
        return chops
