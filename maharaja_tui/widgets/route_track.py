"""The route track: where the Maharaja goes next (left first), then the cities visited.

Maharaja fills it from its flags, Raja from its governors; either way it is a list
of city labels."""

from __future__ import annotations

import msgspec
from textual.reactive import reactive

from maharaja_tui.widgets.segments import Segment, Segments
from maharaja_tui.widgets.tracks import SegmentWidget


class TrackData(msgspec.Struct, frozen=True):
    upcoming: tuple[str | None, ...] = ()  # next cities (None: an empty position), left first
    visited: tuple[str, ...] = ()  # city labels in the order visited (n1, n2, ...)
    current: str | None = None  # where the Maharaja is now


class RouteTrack(SegmentWidget):
    data: reactive[TrackData] = reactive(TrackData, repaint=False)

    def rows(self, width: int) -> list[Segments]:
        data = self.data
        out: list[Segment] = [("♛ ", "marker")]
        nxt = next((i for i, f in enumerate(data.upcoming) if f is not None), None)
        out.append(("next ", "dim"))
        for pos, flag in enumerate(data.upcoming):
            if flag is None:
                out.append(("· ", "dim"))
            elif pos == nxt:
                out += [("▶", "strong"), (flag, "city+strong"), (" ", "")]
            else:
                out += [(flag, "place"), (" ", "")]
        if data.visited:
            out.append(("│ visited ", "dim"))
            for n, city in enumerate(data.visited, start=1):
                role = "place+marker" if n == len(data.visited) else "place"
                out += [(f"{n}", "dim"), (city, role), (" ", "")]
        return [tuple(out)]
