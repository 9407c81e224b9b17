"""A small base for the one-line-per-row widgets: tracks, boards, the display."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from maharaja_tui.widgets.segments import COMPONENT_CLASSES, Painter, Segments


class SegmentWidget(Widget):
    """Renders ``rows()`` (lines of segments) with the role styles of the .tcss files."""

    COMPONENT_CLASSES = COMPONENT_CLASSES

    def __init__(self, colours: tuple[str, ...] = (), **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.colours = colours

    def rows(self, width: int) -> list[Segments]:
        raise NotImplementedError

    def render(self) -> Text:
        return Painter(self, self.colours).lines(self.rows(self.content_size.width))
