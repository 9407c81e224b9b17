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
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip


class Chops(ChopsUpdate):
    """Textual's update of dirty spans, written as Textual writes it, with the cursor
    moves written as text: Rich's ``Control.move_to`` made a control object and its
    segment for each chop written (a dozen a move, about a tenth of what a session's
    frame cost to encode, issue 15)."""

    def render_segments(self, console: Console) -> str:
        sequences: list[str] = []
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


def render_partial_update(self: Compositor) -> ChopsUpdate | None:
    """``Compositor.render_partial_update``, rendering only what shows on dirty lines."""
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
    return Chops(chops, spans, chop_ends)


def render_only_what_shows() -> None:
    """Install it (once; the session worker does it before forking)."""
    current: Any = Compositor.render_partial_update
    if getattr(current, "only_what_shows", False):
        return
    render_partial_update.only_what_shows = True  # type: ignore[attr-defined]
    Compositor.render_partial_update = render_partial_update  # type: ignore[method-assign]
