"""Generic game widgets: they draw plain data (segments, labels, numbers), never a State."""

from __future__ import annotations

from typing import Any

from maharaja_tui.widgets.route_track import RouteTrack, TrackData
from maharaja_tui.widgets.tracks import SegmentWidget, SpaceTrack, SpaceTrackData

TRACK_WIDGETS: dict[type, type[SegmentWidget]] = {TrackData: RouteTrack,
                                                  SpaceTrackData: SpaceTrack}


def track_widget(data: Any, colours: tuple[str, ...], widget_id: str) -> SegmentWidget:
    """The widget that draws a track's data (an adapter only hands data over)."""
    widget = TRACK_WIDGETS[type(data)](colours, id=widget_id, classes="track")
    return widget
