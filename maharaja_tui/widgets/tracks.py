"""A small base for the one-line-per-row widgets (tracks, boards, the display), and the
generic track of spaces that games fill with their own tiles or markers."""

from __future__ import annotations

import msgspec
from rich.text import Text
from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.visual import visualize
from textual.widget import Widget

from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segment, Segments


class SegmentWidget(RoleStyles, Widget):
    """Renders ``rows()`` (lines of segments) with the role styles of the .tcss files.

    Its ``data`` (each subclass declares it, a plain reactive: a change redraws it)
    asks for a layout of the screen only when the widget's height changes: a layout is
    most of the frame after a move (key to frame), and new figures seldom add a line.

    ``rows()`` reads ``data`` and the width only: what it drew is kept for them (with
    the role styles it was drawn with), since Textual renders a widget once to measure
    it and again after every layout (the first frame drew each one twice)."""

    def __init__(self, colours: Palette | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.colours = colours
        self._measured: tuple[int, int] | None = None  # (width, height) the layout got
        self._measuring: int | None = None  # the width a layout measures the height at
        self._drawn: tuple[int, object, object, Content] | None = None  # see render

    def rows(self, width: int) -> list[Segments]:
        raise NotImplementedError

    def render(self) -> Text | Content:
        width = self._measuring
        if width is None:
            width = self.content_size.width
        data = getattr(self, "data", None)
        drawn = self._drawn
        if (drawn is not None and drawn[0] == width and drawn[1] is data
                and drawn[2] is self._role_styles):  # a style update replaces the dict
            return drawn[3]
        text = Painter(self, self.colours).lines(self.rows(width))
        if not self.is_attached:  # no stylesheet yet: plain roles, not kept
            return text
        content = Content.from_rich_text(text, console=self.app.console)  # as Textual would
        self._drawn = (width, data, self._role_styles, content)
        return content

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # The layout renders to measure; the width it measures at is the one to draw at.
        # (Asking for content_size here, in the middle of the screen's first layout,
        # had the compositor lay out the whole screen once more to answer.)
        self._measuring = width
        try:
            height = super().get_content_height(container, viewport, width)
        finally:
            self._measuring = None
        self._measured = (width, height)
        return height

    def watch_data(self) -> None:
        measured = self._measured
        # Nothing to measure at no width (a terminal too small: the screen under the
        # size cover is laid out at it; wrapping at width 0 raised ValueError).
        if measured is not None and measured[0] > 0:
            width, height = measured
            # Textual's Widget passes its styles here too; its annotation (RulesMap) is wrong.
            visual = visualize(self, self.render())
            if visual.get_height(self.styles, width) == height:  # type: ignore[arg-type]
                return  # the same height: the reactive's own redraw is enough
        self.refresh(layout=True)


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

    data: reactive[SpaceTrackData] = reactive(SpaceTrackData)

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
