"""A plain-text panel drawn row by row, repainting only the rows a new text changes.

A ``Static`` given a new text re-renders every row of it and the screen repaints
(and writes to the terminal) all of them; at 128 SSH sessions, each redrawn after
every move at its table, that was most of a session's CPU. ``TextRows``
keeps each row's strip (Textual's Line API), compares the new rows with those on
screen and refreshes only the ones that differ; a row moving up the log reuses the
strip it had. A layout is asked for only when the number of rows changes.

Rows move a lot: the log scrolls a row at every move, and a line of the view that wraps
into one row more or less shifts every row under it. Each row drawn went through
Textual's styles cache (border, padding, background, line filters: about a tenth of a
millisecond a row, and new strips for the compositor to cut and encode again), though
the same text had been drawn a move before one row higher. So the finished rows are kept
by their text too (``render_lines``): a row that moved costs a lookup, and its strip
brings along the filter, cut and encoding caches Textual keeps on it.

A panel made with ``scrolls=True`` (the log) whose rows all move up by some rows, new ones
coming in at the bottom, has the terminal move them (``partial_update`` scrolls its rows
with a scroll region) and repaints only the new rows: the log's dozen rows were written to
every client again at every move, more than half of what a session sent.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import cast

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.content import Content
from textual.filter import LineFilter
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widget import Widget

from maharaja_server.session_ui.partial_update import SCROLLING, scrolls_on_terminal

CACHE_ROWS = 2000  # strips and wrapped lines kept; cleared past it (texts move on)


class TextRows(Widget):
    """Plain text (no markup), wrapped at the panel's width as a ``Static`` wraps it."""

    DEFAULT_CSS = "TextRows { height: auto; }"
    # Its virtual size is its size (it never scrolls), set by the layout pass that sized
    # it: Textual's reactive asked for another whole-screen layout at each change.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, *, id: str | None = None, scrolls: bool = False) -> None:
        super().__init__(id=id)
        self.scrolls = scrolls
        # A scroll the next update is to make (rows up), of the rows shown when it was
        # first asked (_scroll_base), with the panel where it was then (_scroll_region).
        self.scroll_rows = 0
        self._scroll_base: list[str] = []
        self.scroll_region: Region | None = None
        self._text = ""
        self._rows: list[str] = []  # the text's rows at _width, as on screen
        self._width = 0
        self._wrapped: dict[str, list[str]] = {}  # a line -> its rows at _width
        self._strips: dict[str, Strip] = {}  # a row -> its strip in _style
        self._style: Style | None = None
        # Finished rows (border, padding, filters applied) by what they show, for what
        # they were drawn with (_drawn_with); see render_lines.
        self._drawn: dict[Hashable, Strip] = {}
        self._drawn_with: tuple[object, ...] | None = None
        # A text row's finished cells left and right of its text (border and padding),
        # from a row Textual drew with the same styles (_drawn_with); see _framed.
        self._frame: tuple[Strip, Strip] | None = None

    @property
    def text(self) -> str:
        return self._text

    @property
    def row_count(self) -> int:
        return len(self._rows)

    def show(self, text: str) -> None:
        """Show ``text``: refresh the rows that differ from those drawn, and ask for a
        layout only when the number of rows changes (an auto height follows it)."""
        if text == self._text:
            return
        self._text = text
        if not self._width:  # not laid out yet: the first paint draws everything
            self.refresh(layout=True)
            return
        before, self._rows = self._rows, self._wrap(text)
        height = self.styles.height
        if len(before) != len(self._rows) and (height is None or height.is_auto):
            self.refresh(layout=True)  # the panel's height follows its rows
            return
        if self.scrolls and self._scroll(before):
            return
        rows = max(len(before), len(self._rows))  # a row gone is redrawn blank
        after = self._rows + [""] * (rows - len(self._rows))
        before += [""] * (rows - len(before))
        width = self._width
        changed: list[Region] = []  # runs of changed rows, refreshed in one call
        for y, (old, new) in enumerate(zip(before, after, strict=True)):
            if old == new:
                continue
            if changed and changed[-1].bottom == y:
                last = changed[-1]
                changed[-1] = Region(0, last.y, width, last.height + 1)
            else:
                changed.append(Region(0, y, width, 1))
        if changed:
            self.refresh(*changed)

    def _scroll(self, before: list[str]) -> bool:
        """Whether the rows shown moved up (new rows at the bottom): then the next update
        scrolls them on the terminal and repaints the rows that came in.

        Against the rows shown when the first scroll not yet made was asked
        (``_scroll_base``): a second move before the update adds to it. Rows that do not
        follow the scroll cancel it, and the whole panel is repainted (the terminal's
        rows are those of the base, less what was repainted)."""
        height = self.content_size.height
        if height < 2 or not scrolls_on_terminal(self):
            return False  # only a session's screens scroll on the terminal (partial_update)
        shown = (self._rows + [""] * height)[:height]
        base = self._scroll_base if self.scroll_rows else (before + [""] * height)[:height]
        if shown == base:
            if not self.scroll_rows:
                return False  # the rows shown are unchanged (those below may not be)
            # Back to the rows a pending scroll started from: no scroll, and the rows
            # repainted for it are painted as they are now.
            self.cancel_scroll()
            return True
        for up in range(1, height):
            if shown[:height - up] == base[up:]:
                break
        else:
            if self.scroll_rows:
                self.cancel_scroll()
                self.refresh()
                return True
            return False
        if not self.scroll_rows:
            self._scroll_base = base
            self.scroll_region = self.region
            SCROLLING.add(self)
        self.scroll_rows = up
        # An update with no region of its own: the rows that come in are added when the
        # scroll is made (take_scrolls), after what else was dirty moved up with it.
        self.refresh(Region(0, 0, 0, 0))
        return True

    def cancel_scroll(self) -> None:
        """No scroll is pending any more (made, or the screen written whole)."""
        self.scroll_rows = 0
        self._scroll_base = []
        self.scroll_region = None
        SCROLLING.discard(self)

    def _wrap(self, text: str) -> list[str]:
        rows: list[str] = []
        for line in text.split("\n"):
            wrapped = self._wrapped.get(line)
            if wrapped is None:
                if len(self._wrapped) > CACHE_ROWS:
                    self._wrapped.clear()
                if "\t" not in line and cell_len(line) <= self._width:
                    wrapped = [line]  # fits: what Content's wrap gives, for far less
                else:  # Content wraps as a Static does (at spaces, folding longer words)
                    wrapped = [row.plain for row in Content(line).wrap(self._width)] or [""]
                self._wrapped[line] = wrapped
            rows += wrapped
        return rows

    def _set_width(self, width: int) -> None:
        if width != self._width:
            self._width = width
            self._wrapped.clear()
            self._strips.clear()
            self._rows = self._wrap(self._text) if width else []

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if width <= 0:
            return len(self._text.split("\n"))
        if width == self._width:
            return len(self._rows)
        return sum(len(Content(line).wrap(width)) or 1 for line in self._text.split("\n"))

    def notify_style_update(self) -> None:
        # Kept until the styles change, as Textual keeps a Static's: ``rich_style`` is
        # worked out again after every refresh, and was half the cost of a row.
        self._style = None
        self._drawn.clear()
        self._frame = None
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        """Textual's rows (its styles cache), each kept by what it shows for the next
        frames drawn with the same styles, size, background and filters: a text row by
        its text, a border row by its line and the border's titles. A text row looks the
        same on any line: no hatch, no scrollbar of its own, the border's sides and the
        padding alike on every line between the top and bottom ones."""
        # The rows at the width drawn now: a frame can come before on_resize.
        self._set_width(self.content_size.width)
        size = self.region.size  # the outer size, as Textual's styles cache draws it
        app = self.app
        colours, filters = self.background_colors, tuple(self.get_line_filters())
        drawn_with = (size, colours, filters, self.opacity, app.ansi_theme,
                      app.native_ansi_color)
        if drawn_with != self._drawn_with:
            self._drawn_with = drawn_with
            self._drawn.clear()
            self._frame = None
        gutter = self.styles.gutter
        first, end = gutter.top, size.height - gutter.bottom
        rows, drawn = self._rows, self._drawn
        titles = (self.border_title, self.border_subtitle)
        keys: list[Hashable] = []
        for y in crop.line_range:
            if first <= y < end:
                row = y - first
                keys.append(rows[row] if row < len(rows) else "")
            else:
                keys.append((y, titles))
        strips = [drawn.get(key) for key in keys]
        if self._frame is not None:  # new text rows framed as Textual framed one before
            if len(drawn) > CACHE_ROWS:
                drawn.clear()
            for i, key in enumerate(keys):
                if strips[i] is None and isinstance(key, str) and key:
                    strips[i] = drawn[key] = self._framed(key, colours[1], filters)
        missing = [i for i, strip in enumerate(strips) if strip is None]
        if missing:  # one call for the rows not drawn before, whole width
            top = crop.y + missing[0]
            fresh = super().render_lines(
                Region(0, top, size.width, missing[-1] - missing[0] + 1))
            if len(drawn) > CACHE_ROWS:
                drawn.clear()
            for i in missing:
                strips[i] = drawn[keys[i]] = fresh[crop.y + i - top]
            if self._frame is None:
                self._frame = self._frame_of(
                    [strips[i] for i in missing if isinstance(keys[i], str) and keys[i]])
        whole = cast(list[Strip], strips)
        if crop.column_span != (0, size.width):
            x1, x2 = crop.column_span
            return [strip.crop(x1, x2) for strip in whole]
        return whole

    def _frame_of(self, rows: list[Strip | None]) -> tuple[Strip, Strip] | None:
        """The border and padding around the text of ``rows`` (drawn by Textual), when a
        text row is exactly those, the text's own strip (render_line) and the line
        filters: no tint, opacity, text opacity, hatch or side outline, which would
        restyle or overwrite the text (Textual's styles cache, render_line)."""
        styles = self.styles
        if (not rows or styles.tint.a or self.opacity != 1.0 or styles.text_opacity != 1.0
                or (styles.has_rule("hatch") and styles.hatch != "none")
                or styles.outline.left[0] or styles.outline.right[0]):
            return None
        row = rows[0]
        assert row is not None
        left = self.styles.gutter.left
        return row.crop(0, left), row.crop(left + self.content_size.width)

    def _framed(self, text: str, background: Color, filters: tuple[LineFilter, ...]
                ) -> Strip:
        """The row Textual draws for ``text`` (a non-empty row of this panel): its own
        strip through the line filters, in the frame of a row drawn before. Filters
        style each segment on its own, so the frame's cells are those a new row gets;
        at about a tenth of the styles cache's cost, for the rows a move brings."""
        assert self._frame is not None
        strip = self.render_line_of(text)
        for line_filter in filters:  # the widget's background, as the styles cache's
            strip = strip.apply_filter(line_filter, background)
        left, right = self._frame
        return Strip.join([left, strip, right])

    def on_resize(self) -> None:
        self._set_width(self.content_size.width)

    def render_line(self, y: int) -> Strip:
        self._set_width(self.content_size.width)
        return self.render_line_of(self._rows[y] if y < len(self._rows) else "")

    def render_line_of(self, row: str) -> Strip:
        """The text's own strip for ``row``, as wide as the content (before the styles
        cache frames it and the line filters restyle it)."""
        width = self.content_size.width
        self._set_width(width)
        style = self._style
        if style is None:  # a new theme or state (below): every strip is drawn again
            style = self._style = self.rich_style
            self._strips.clear()
        strip = self._strips.get(row)
        if strip is None:
            if len(self._strips) > CACHE_ROWS:
                self._strips.clear()
            # The text and the blank after it in one segment: one colour code a row on
            # the terminal instead of two, ~23 bytes a row to every client.
            blank = width - cell_len(row)
            strip = Strip([Segment(row + " " * blank if blank > 0 else row, style)],
                          max(width, cell_len(row)))
            self._strips[row] = strip
        return strip
