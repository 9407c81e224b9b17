"""A small base for the one-line-per-row widgets (tracks, boards, the display), and the
generic track of spaces that games fill with their own tiles or markers."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segment, Segments


class SegmentWidget(RoleStyles, Widget):
    """Renders ``rows()`` (lines of segments) with the role styles of the .tcss files."""


    def __init__(self, colours: Palette | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.colours = colours

    def rows(self, width: int) -> list[Segments]:
        raise NotImplementedError

    def render(self) -> Text:
        return Painter(self, self.colours).lines(self.rows(self.content_size.width))


@dataclass(frozen=True)
class SpaceTrackData:
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

    data: reactive[SpaceTrackData] = reactive(SpaceTrackData, layout=True)

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
