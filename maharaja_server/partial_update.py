"""A partial screen update that renders only what it writes (issue 15).

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
same strip.

A panel whose rows moved up (``TextRows`` with ``scrolls``: the log) is scrolled on the
terminal instead (a scroll region over its rows, then as many line feeds at its bottom
as rows moved), and only the rows that came in are written, when the panel spans the
screen's width and nothing shows over it; else all its rows are written as before.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate
from textual.dom import NoScreen
from textual.geometry import Region
from textual.strip import Strip

from maharaja_server.text_rows import SCROLLING, TextRows

Scroll = tuple[int, int, int]  # (top, bottom, rows up) of a scroll region, screen rows


class Chops(ChopsUpdate):
    """Textual's update of dirty spans, written as Textual writes it, with the cursor
    moves written as text: Rich's ``Control.move_to`` made a control object and its
    segment for each chop written (a dozen a move, about a tenth of what a session's
    frame cost to encode, issue 15). Scrolls come first (see the module)."""

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


def screen_of(panel: TextRows) -> Any:
    """The screen ``panel`` is on, or None once it has been removed."""
    try:
        return panel.screen
    except NoScreen:
        return None


def take_scrolls(self: Compositor) -> list[Scroll]:
    """The pending scrolls of this screen's panels (``TextRows.scrolls``), as scrolls of
    the terminal's rows, with the dirty regions they need: each scrolled row whose
    terminal copy was stale (dirty before) is stale one scroll higher too, and the rows
    that come in are written across the screen's width (their border too). A panel that
    cannot be scrolled so (moved, not the screen's width, something over it) is dirty
    whole instead."""
    scrolls: list[Scroll] = []
    screen = self.root
    for panel in list(SCROLLING):
        if (where := screen_of(panel)) is not screen:
            if where is None:
                panel.cancel_scroll()  # removed meanwhile (a table left)
            continue  # another screen's: its own updates take it
        up, where = panel.scroll_rows, panel.scroll_region
        panel.cancel_scroll()
        geometry = self.visible_widgets.get(panel)
        if geometry is None or not up:
            continue  # not shown: a reflow paints it whole when it shows again
        region, clip = geometry
        gutter = panel.styles.gutter
        rows = Region(0, region.y + gutter.top, self.size.width,
                      region.height - gutter.height)
        ancestors = panel.ancestors_with_self
        if (region != where or clip.intersection(region) != region or region.x != 0
                or region.width != self.size.width or up >= rows.height
                or any(rows.overlaps(r.intersection(c))
                       for w, (r, c) in self.visible_widgets.items() if w not in ancestors)):
            self._dirty_regions.add(region)
            continue
        dirty = self._dirty_regions
        stale = [part.translate((0, -up)).intersection(rows) for r in dirty
                 if (part := r.intersection(rows))]
        dirty.update(r for r in stale if r)
        dirty.add(Region(0, rows.bottom - up, rows.width, up))
        scrolls.append((rows.y, rows.bottom - 1, up))
    return scrolls


def render_partial_update(self: Compositor) -> ChopsUpdate | None:
    """``Compositor.render_partial_update``, rendering only what shows on dirty lines."""
    scrolls = take_scrolls(self) if SCROLLING else []
    screen_region = self.size.region
    update_regions = self._dirty_regions.copy()
    self._dirty_regions.clear()
    if not update_regions:
        return None
    crop = Region.from_union(list(update_regions)).intersection(screen_region)
    spans = list(self._regions_to_spans(update_regions))
    cuts = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    # Per dirty line, the cuts whose part is written (it meets a span): the others are
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
        # The dirty lines on which this widget has a written cut nobody in front filled.
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
            for cut, part in zip(final_cuts, strip.divide([cut - x for cut in final_cuts[1:]]),
                                 strict=False):
                if chops_line.get(cut) is None:  # the first render of a cut is in front
                    chops_line[cut] = part
    chop_ends = [cut_set[1:] for cut_set in cuts]
    return Chops(chops, spans, chop_ends, scrolls)


_full_update = Compositor.render_full_update


def render_full_update(self: Compositor, simplify: bool = False) -> LayoutUpdate:
    """``Compositor.render_full_update``, dropping the screen's pending scrolls: every row
    is written as it is now."""
    for panel in list(SCROLLING):
        if screen_of(panel) in (self.root, None):
            panel.cancel_scroll()
    return _full_update(self, simplify)


def render_only_what_shows() -> None:
    """Install it (once; the session worker does it before forking)."""
    current: Any = Compositor.render_partial_update
    if getattr(current, "only_what_shows", False):
        return
    render_partial_update.only_what_shows = True  # type: ignore[attr-defined]
    Compositor.render_partial_update = render_partial_update  # type: ignore[method-assign]
    Compositor.render_full_update = render_full_update  # type: ignore[method-assign]
