"""A small base for the one-line-per-row widgets (tracks, boards, the display), and the
generic track of spaces that games fill with their own tiles or markers."""

from __future__ import annotations

from typing import ClassVar, Self

import msgspec
from rich.text import Text
from textual.content import Content
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from maharaja_tui.widgets.changed_rows import Painted
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segment, Segments


class SegmentWidget(RoleStyles, Widget):
    """Renders ``rows()`` (lines of segments) with the role styles of the .tcss files.

    Its lines are drawn row by row (Textual's Line API): each row is wrapped on its
    own and kept while the width and styles hold, and a new ``data`` repaints only the
    lines that changed. A move changes a player's coins, not the rest of the player's
    board: the whole widget went through Textual's styles cache again, and over SSH
    out to every seat's terminal, at every step. Its ``data`` (each subclass declares
    it, a reactive with ``repaint=False``: the watcher repaints) asks for a layout of
    the screen only when the widget's height changes: a layout is most of the frame
    after a move (key to frame), and new figures seldom add a line.

    ``rows()`` reads ``data`` and the width only: what it drew is kept for them (with
    the role styles it was drawn with), since Textual measures a widget at each layout.
    ``render()`` gives the same rows as one text: Textual measures an auto width with
    it, draws a mouse selection over it and copies from it."""

    # Never shorter than it has been at this width (blank lines below what it shows):
    # for a widget whose rows come and go with play, such as a player's board whose
    # plan row is there while a plan is made. Its neighbours stay where they are, and
    # a move repaints its lines instead of laying the whole screen out again.
    keeps_height: ClassVar[bool] = False

    def __init__(self, colours: Palette | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.colours = colours
        self._tallest = (0, 0)  # (width, lines) the tallest drawing at that width had
        self._measured: tuple[int, int] | None = None  # (width, height) the layout got
        self._drawn: tuple[int, object, object, Content] | None = None  # see render
        # The lines drawn (for width, data, role styles) and each row's own lines.
        self._lines: tuple[int, object, object, list[Strip]] | None = None
        self._row_lines: dict[Segments, list[Strip]] = {}
        self._painted = Painted()  # the lines Textual was last given

    def rows(self, width: int) -> list[Segments]:
        raise NotImplementedError

    def _holds(self, drawn: tuple[int, object, object, object] | None, width: int) -> bool:
        """Whether ``drawn`` (width, data, role styles, what was drawn) is still what to
        show at ``width``: the same data, and styles no update replaced since."""
        return (drawn is not None and drawn[0] == width
                and drawn[1] is getattr(self, "data", None) and drawn[2] is self._role_styles)

    def render(self) -> Text | Content:
        width = self.content_size.width
        data = getattr(self, "data", None)
        drawn = self._drawn
        if drawn is not None and self._holds(drawn, width):
            return drawn[3]
        text = Painter(self, self.colours).lines(self.rows(width))
        if not self.is_attached:  # no stylesheet yet: plain roles, not kept
            return text
        content = Content.from_rich_text(text, console=self.app.console)  # as Textual would
        self._drawn = (width, data, self._role_styles, content)
        return content

    def lines(self, width: int) -> list[Strip]:
        """Its lines at ``width``: the rows wrapped one by one, those already drawn at
        this width and with these styles taken as they were."""
        data = getattr(self, "data", None)
        drawn = self._lines
        if drawn is not None and self._holds(drawn, width):
            return drawn[3]
        if drawn is None or drawn[0] != width or drawn[2] is not self._role_styles:
            self._row_lines = {}
        painter = Painter(self, self.colours)
        known: dict[Segments, list[Strip]] = self._row_lines
        kept: dict[Segments, list[Strip]] = {}
        lines: list[Strip] = []
        for row in self.rows(width) or [()]:  # no rows: one blank line, as a blank text
            wrapped = kept.get(row) or known.get(row)
            if wrapped is None:
                wrapped = Visual.to_strips(self, visualize(self, painter.text(row)),
                                           max(width, 1), None, self.visual_style)
            kept[row] = wrapped
            lines += wrapped
        if not self.is_attached:  # no stylesheet yet: plain roles, not kept
            return lines
        if self.keeps_height:
            tallest = self._tallest[1] if self._tallest[0] == width else 0
            blank = Strip.blank(width, self.visual_style.rich_style)
            lines += [blank] * (tallest - len(lines))
            self._tallest = (width, len(lines))
        self._row_lines = kept
        self._lines = (width, data, self._role_styles, lines)
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        height = len(self.lines(width))
        self._measured = (width, height)
        return height

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None:  # drawn over the whole text: Textual's own
            return super().render_line(y)
        width = self.content_size.width
        if width <= 0:
            return Strip.blank(0)
        lines = self.lines(width)
        self._painted.drawn(lines)
        if 0 <= y < len(lines):
            return lines[y]
        return Strip.blank(width, self.visual_style.rich_style)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if not regions:  # the whole of it: what is on screen is drawn anew
            self._painted.forget()
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def watch_data(self) -> None:
        measured = self._measured
        # Nothing to measure at no width (a terminal too small: the screen under the
        # size cover is laid out at it; wrapping at width 0 raised ValueError).
        if measured is None or measured[0] <= 0 or not self.is_attached:
            self.refresh(layout=True)
            return
        width, height = measured
        lines = self.lines(width)
        if len(lines) != height or width != self.content_size.width:
            self.refresh(layout=True)  # a new height: the screen is laid out again
        elif self.text_selection is not None:
            self.refresh()
        else:
            self._painted.repaint(self, lines)


class SegmentLines(SegmentWidget):
    """Lines of segments as they are given (a heading, a status): a new line repaints
    that line alone."""

    data: reactive[tuple[Segments, ...]] = reactive(tuple, repaint=False)

    def rows(self, width: int) -> list[Segments]:
        return list(self.data)


class SpaceTrackData(msgspec.Struct, frozen=True):
    """A row of numbered spaces, each holding a label (a tile, a marker) or a blank.

    ``window``: the first ``window`` spaces are bracketed (those a player may choose from);
    ``divider``: a bar before that space (where a track's numbered part begins);
    ``tail``: counters after the spaces; ``notes``: more lines, shown when there is room.
    """

    title: str = ""
    spaces: tuple[Segments, ...] = ()
    window: int | None = None  # None: no bracket
    divider: int = 0
    tail: Segments = ()
    notes: tuple[Segments, ...] = ()


class SpaceTrack(SegmentWidget):
    """Any game's track of spaces: reward tiles, governor markers..."""

    keeps_height = True  # its notes (a reward's words) come and go with play
    data: reactive[SpaceTrackData] = reactive(SpaceTrackData, repaint=False)

    def rows(self, width: int) -> list[Segments]:
        data = self.data
        line: list[Segment] = [(f"{data.title} ", "dim")]
        if data.window is not None:
            line.append(("[", "strong"))
        for pos, space in enumerate(data.spaces):
            if pos == data.window:
                line.append(("] ", "strong"))
            if data.divider and pos == data.divider:
                line.append(("│ ", "dim"))
            line += list(space)
            if pos + 1 != data.window:
                line.append((" ", ""))
        line += list(data.tail)
        return [tuple(line), *data.notes]
