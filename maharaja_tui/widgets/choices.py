"""An option list whose length asks for no layout of the screen (issue 15)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class Choices(OptionList):
    """For a list whose height the CSS sets (not auto): new choices, hence a new virtual
    height, need no layout of the whole screen (Textual's virtual size asks for one at
    every change, each step of a game); a scrollbar that comes or goes still asks for
    its own."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    _rows_only = False  # set while replace_choices repaints the rows itself
    # The cells left and right of an option's row (border, padding), cut from a row
    # Textual drew with the same styles (_drawn_with); see render_lines.
    _frame: tuple[Strip, Strip] | None = None
    _drawn_with: tuple[object, ...] | None = None

    def replace_choices(self, options: Sequence[Option], highlighted: int | None) -> None:
        """Show ``options`` instead, ``highlighted`` (kept in range) highlighted.

        Textual repaints the whole list for new options: every blank row under them went
        through the styles cache and out to the terminal again, each time the choices
        change (twice a round at the SSH table). Unscrolled, with its height set, only
        the rows that held or hold an option are repainted here."""
        rows_only = not self.styles.auto_dimensions and self.scroll_y == 0
        before = self.virtual_size.height
        self._rows_only = rows_only
        try:
            self.clear_options()  # its lines and virtual size too, with no options
            self.add_options(options)
            if options:
                self.highlighted = min(highlighted or 0, len(options) - 1)
        finally:
            self._rows_only = False
        if not rows_only or self.scroll_y != 0:  # scrolled to the highlight: all of it
            self.refresh()
            return
        rows = min(max(before, self.virtual_size.height), self.size.height)
        if rows:
            self.refresh(Region(0, 0, self.size.width, rows))

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Any:
        if self._rows_only and not regions and not layout and not recompose:
            return self  # replace_choices repaints the rows that change
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        self._frame = None  # a new theme or state (focus): its border may differ
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The option rows framed as a row Textual drew before: its border and padding
        cells around the row's own strip through the line filters (issue 15: new choices
        went through Textual's styles cache row by row, 15-20% of an SSH session's CPU a
        move). Only where the styles cache adds nothing else to a content row (no tint,
        opacity, text opacity, hatch or side outline, as TextRows' rows); border rows,
        and every row until a frame is known, are Textual's own."""
        self._update_lines()
        size, gutter, styles = self.region.size, self.styles.gutter, self.styles
        content = self.content_region.size
        colours, filters = self.background_colors, tuple(self.get_line_filters())
        drawn_with = (size, content, colours, filters, self.opacity, self.app.ansi_theme,
                      self.app.native_ansi_color)
        if drawn_with != self._drawn_with:
            self._drawn_with, self._frame = drawn_with, None
        first, end = gutter.top, gutter.top + content.height
        inside = first <= crop.y and crop.bottom <= end
        if self._frame is None or not inside or crop.column_span != (0, size.width):
            strips = super().render_lines(crop)
            if (inside and crop.column_span == (0, size.width) and not styles.tint.a
                    and self.opacity == 1.0 and styles.text_opacity == 1.0
                    and not (styles.has_rule("hatch") and styles.hatch != "none")
                    and not styles.outline.left[0] and not styles.outline.right[0]):
                self._frame = (strips[0].crop(0, gutter.left),
                               strips[0].crop(gutter.left + content.width))
            return strips
        left, right = self._frame
        strips = []
        for y in crop.line_range:
            strip = self.render_line(y - first)
            if strip.cell_length != content.width:  # not a row as the frame's was
                return super().render_lines(crop)
            # Filtered afresh, not through the strip's own filter cache: the option's
            # strip outlives a change of theme (Textual keeps it by option and style,
            # which an ANSI theme's light and dark variants share) and the contrast
            # floor reads the terminal's palette, which the cache's key leaves out.
            for line_filter in filters:
                strip = Strip(line_filter.apply(list(strip), colours[1]), strip.cell_length)
            strips.append(Strip.join([left, strip, right]))
        return strips
