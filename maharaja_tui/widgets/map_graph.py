"""The map graph: junctions (START and cities) joined by roads of villages.

Generic over the road-network family's boards: its ``data`` (``MapData``) holds the
geometry (any ``RoadMap``: junction positions, roads and their villages), a
``MapPicture`` of segments to draw at each junction and village, the ``targets``
(the places the current player may pick, from the engine's legal intents) and the
``routes`` a move there would take. The cursor visits every place (junctions and
villages) by the board cursor's rule (``board_cursor``: arrows to the nearest place
in their direction, Tab / shift+Tab to the next target); Enter or a click posts the
generic ``PlaceSelected``, on a place that is no target too, for the screen to say
why. As the cursor moves, the status lines under the map name the place and say what
Enter would do there (``status_of``, given by the screen), and on a move target the
route is drawn on the map (heavy road lines). ``n`` toggles ``labels`` (the short
names the log uses, such as a village's id) in place of the villages' pieces, ``k``
the map's key.

Each place is drawn apart: a village keeps a free cell on each side from any other
village, and the map is laid out on a canvas of at least ``MIN_CANVAS`` cells; a
smaller widget (80x24) shows a window of it that follows the cursor, with a
mini-overview of the whole map on the status lines.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import groupby
from typing import Protocol, Self

import msgspec
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.events import Click, MouseMove
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from maharaja_tui.widgets.board_cursor import Arrow, ArrowMoves, next_target
from maharaja_tui.widgets.board_frame import (
    MARK_AFTER,
    MARK_BEFORE,
    STATUS_LINES,
    follow,
    note,
    overview,
    spots_of,
    status_rows,
)
from maharaja_tui.widgets.changed_rows import KeptStrips, Painted
from maharaja_tui.widgets.clicks import FirstClicks
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments
from maharaja_tui.widgets.selection import PlaceSelected, StatusOf

FULL_NAMES_WIDTH = 70  # a map this wide has room for the cities' full names
TAG_ROOM = 4  # cells kept right of a junction's first line for its target tag
ROAD_CHARS = {"h": "─", "v": "│", "up": "╱", "down": "╲"}
# a previewed move's roads: heavy, the diagonals in blocks (seen without colour too)
ROUTE_CHARS = {"─": "━", "│": "┃", "╱": "▞", "╲": "▚"}
MIN_CANVAS = (60, 17)  # cells: below this the map pans instead of squeezing its places


class MapPicture(msgspec.Struct, frozen=True):
    """What to draw: lines of segments under each junction, a few cells per village."""

    junctions: dict[str, tuple[Segments, ...]] = msgspec.field(default_factory=dict)
    villages: dict[str, Segments] = msgspec.field(default_factory=dict)
    open_roads: frozenset[str] = frozenset()
    # junction -> its full name, drawn in place of the first segment of its first line
    # (its short name) when the map is at least FULL_NAMES_WIDTH wide
    titles: dict[str, str] = msgspec.field(default_factory=dict)


# Read-only members (properties): the widget only reads them, and a plain member
# would have to match the engine's (frozen, tuple- and dict-typed) attributes exactly.
class Road(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def a(self) -> str: ...
    @property
    def b(self) -> str: ...
    @property
    def villages(self) -> tuple[str, ...]: ...


class RoadMap(Protocol):
    """The geometry the widget draws (the engine's ``Network`` is one)."""

    @property
    def junctions(self) -> Sequence[str]: ...
    @property
    def roads(self) -> Mapping[str, Road]: ...

    def position(self, junction: str) -> tuple[int, int]: ...


class _NoRoads:
    junctions: Sequence[str] = ()
    roads: Mapping[str, Road] = {}

    def position(self, junction: str) -> tuple[int, int]:
        return (0, 0)


def _unpictured(junction: str) -> tuple[Segments, ...]:
    """A junction the picture leaves out: one line, its id (lines of segments, not one
    line's segments, which drawing unpacked letter by letter)."""
    return (((junction, "place"),),)


class MapData(msgspec.Struct, frozen=True):
    """All the map widget draws: the board, what stands on it and what may be picked."""

    layout: RoadMap = msgspec.field(default_factory=_NoRoads)
    picture: MapPicture = msgspec.field(default_factory=MapPicture)
    targets: dict[str, Segments] = msgspec.field(default_factory=dict)
    names: Mapping[str, str] = msgspec.field(default_factory=dict)  # place -> its name in full
    labels: Mapping[str, str] = msgspec.field(default_factory=dict)  # village -> a short label
    key: tuple[Segments, ...] = ()  # the legend `k` shows over the map
    # place -> the roads of the move Enter would make there (the cheapest), drawn
    # while the cursor is on it
    routes: Mapping[str, tuple[str, ...]] = msgspec.field(default_factory=dict)
    highlight: frozenset[str] = frozenset()  # places drawn marked (what others just did)


class _Cell(msgspec.Struct):
    char: str = " "
    role: str = ""
    place: str | None = None


class MapGraph(FirstClicks, RoleStyles, Widget, can_focus=True):
    COMPONENT_CLASSES = {"map-graph--road", "map-graph--open-road", "map-graph--route"}
    DEFAULT_CSS = """
    MapGraph .map-graph--road { color: $text-muted 40%; }
    MapGraph .map-graph--open-road { color: $text-muted 50%; }
    MapGraph .map-graph--route { color: $accent; text-style: bold; }
    """
    BINDINGS = [
        Binding("left", "cursor('left')", "Left", show=False, id="map.left"),
        Binding("right", "cursor('right')", "Right", show=False, id="map.right"),
        Binding("up", "cursor('up')", "Up", show=False, id="map.up"),
        Binding("down", "cursor('down')", "Down", show=False, id="map.down"),
        Binding("tab", "target(1)", "Next target", show=False, id="map.next-target"),
        Binding("shift+tab", "target(-1)", "Previous target", show=False,
                id="map.previous-target"),
        Binding("enter", "select", "Pick place", show=False, id="map.select"),
        Binding("n", "toggle_labels", "Names", id="map.toggle-labels"),
        Binding("k", "toggle_key", "Key", id="map.toggle-key"),
    ]

    # Not repainted by the reactives, which repaint all of it: their watchers draw
    # again and repaint the rows that changed (_repaint, changed_rows.py).
    picture: reactive[MapPicture] = reactive(MapPicture, always_update=True, repaint=False)
    targets: reactive[dict[str, Segments]] = reactive(dict, always_update=True, repaint=False)
    cursor: reactive[str | None] = reactive(None)
    hover: reactive[str | None] = reactive(None)  # the place under the mouse
    show_labels: reactive[bool] = reactive(False)
    show_key: reactive[bool] = reactive(False)

    Selected = PlaceSelected  # a place was picked (Enter or a click)

    def __init__(self, colours: Palette | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.network: RoadMap = _NoRoads()
        self.colours = colours
        self._anchors: dict[str, tuple[int, int]] = {}  # place -> its first cell (canvas)
        self._extents: dict[str, tuple[int, int, int]] = {}  # place -> x0, x1, y (canvas)
        self._grid: list[list[_Cell]] = []  # the whole canvas
        self._window: list[list[_Cell]] = []  # what the widget shows of it, status included
        self._origin = (0, 0)  # the canvas cell at the widget's top left
        self._canvas = (0, 0)
        self._rows: list[Strip] = []
        self._drawn_size = (0, 0)
        self._dirty = True  # the map itself
        self._window_dirty = True  # what is shown of it
        self._road_cells: dict[str, list[tuple[int, int, str]]] = {}
        self._first: dict[str, list[tuple[int, str, str]]] = {}
        self._tagged: dict[str, int] = {}
        self._moves: ArrowMoves | None = None
        self.names: Mapping[str, str] = {}
        self.labels: Mapping[str, str] = {}
        self.key: tuple[Segments, ...] = ()
        self.routes: Mapping[str, tuple[str, ...]] = {}
        self.highlight: frozenset[str] = frozenset()
        self._said: tuple[str | None, Segments] = (None, ())  # the screen's word on a place
        self._hover_said: tuple[str | None, Segments] = (None, ())  # ... under the mouse
        self.status_of: StatusOf | None = None  # the screen's: what Enter does at a place
        self._note: Segments = ()  # a key's own word (an arrow with nothing ahead)
        self._taking = False  # new data is being taken: drawn once, when all of it is in
        self._painted = Painted()  # the rows Textual was last given
        self._kept: KeptStrips[_Cell] = KeptStrips()  # the shown rows' strips

    @property
    def data(self) -> MapData:
        return MapData(self.network, self.picture, self.targets, self.names, self.labels,
                       self.key, self.routes, self.highlight)

    @data.setter
    def data(self, data: MapData) -> None:
        self._taking = True
        try:
            if data.layout is not self.network:
                self.network = data.layout
                self._changed()
            self.names, self.labels, self.key = data.names, data.labels, data.key
            self.routes = data.routes
            if data.highlight != self.highlight:
                self.highlight = data.highlight
                self._changed()
            self.picture = data.picture
            self.targets = data.targets
        finally:
            self._taking = False
        self._repaint()

    # ----------------------------------------------------------------- input
    def watch_targets(self, targets: dict[str, Segments]) -> None:
        # The cursor stays where it is (any place may be under it); a first one goes
        # to the first target. What Enter does there may have changed: asked again.
        if self.cursor is None:
            self.cursor = next_target(self._spots_now(), targets, None) or next(
                iter(targets), None)
        self._highlighted()
        self._hovered()
        self._changed()

    def action_cursor(self, arrow: Arrow) -> None:
        spots = self._spots_now()
        if self.cursor not in spots:
            self.cursor = next_target(spots, self.targets, None) or next(iter(spots), None)
            return
        moves = self._moves
        if moves is None or moves.spots != spots:
            moves = self._moves = ArrowMoves(spots)
        there = moves.move(self.cursor, arrow)
        if there is None:
            self._note = note(arrow, f"no place further {arrow}")
            self.refresh()
            return
        self.cursor = there

    def action_target(self, step: int) -> None:
        there = next_target(self._spots_now(), self.targets, self.cursor, step > 0)
        key = "Tab" if step > 0 else "⇧Tab"
        if there is None:
            self._note = note(key, "nothing to pick on the map now")
            self.refresh()
        elif there == self.cursor:
            self._note = note(key, "this is the only target")
            self.refresh()
        else:
            self.cursor = there

    def point_at(self, place: str) -> bool:
        """The cursor on ``place``, a junction or a village (the window follows it)."""
        net = self.network
        if place not in net.junctions and not any(
                place in road.villages for road in net.roads.values()):
            return False
        self.cursor = place
        return True

    def _spots_now(self) -> dict[str, tuple[int, int]]:
        """Where each place is drawn at the map's size now (the canvas's cells). A key
        that came before the map's first paint at this size (typed with m at the start,
        right after a resize) found no positions, or old ones: the drawing is brought
        up to date first."""
        width, height = self.content_size.width, self.content_size.height
        if width > 0 and height > 0:
            self._drawn(width, height)
        return spots_of(self._extents)

    def action_toggle_labels(self) -> None:
        self.show_labels = not self.show_labels

    def action_toggle_key(self) -> None:
        self.show_key = not self.show_key

    def on_mouse_move(self, event: MouseMove) -> None:
        offset = event.get_content_offset(self)
        self.hover = None if offset is None else self.place_at(offset.x, offset.y)

    def on_leave(self) -> None:
        self.hover = None

    def _highlighted(self, focused: bool = False) -> None:
        """What Enter does at the place under the cursor, asked of the screen as it
        moves (``focused``: in the focus event, before ``has_focus`` says so)."""
        place = self.cursor
        if place is not None and self.status_of is not None and (focused or self.has_focus):
            self._said = (place, self.status_of(place))

    def _hovered(self) -> None:
        """What a click does at the place under the mouse, asked of the screen as the
        mouse moves: the status under the map names that place, so it says what a
        click there does (it said the cursor's, a place the click would not pick)."""
        place = self.hover
        if place is not None and self.status_of is not None:
            self._hover_said = (place, self.status_of(place))

    def action_select(self) -> None:
        """Pick the place under the cursor; one that is no target is picked too, for the
        screen to say why it cannot be chosen."""
        if self.cursor is not None:
            self.post_message(PlaceSelected(self, self.cursor))

    def on_click(self, event: Click) -> None:
        if self.stray(event):  # the rest of a double click on a dialog now closed
            return
        offset = event.get_content_offset(self)
        if offset is None:
            return
        place = self.place_at(offset.x, offset.y)
        if place is not None:
            self.cursor = place
            self.post_message(PlaceSelected(self, place))

    def place_at(self, x: int, y: int) -> str | None:
        """The place drawn at a cell of the widget (the window over the canvas)."""
        if 0 <= y < len(self._window) and 0 <= x < len(self._window[y]):
            return self._window[y][x].place
        return None

    # ---------------------------------------------------------------- layout
    def _layout(self, width: int, height: int) -> dict[str, tuple[int, int]]:
        """Each junction's top left cell on a canvas of this size."""
        net = self.network
        spots = {j: net.position(j) for j in net.junctions}
        if not spots:
            return {}
        xs = [p[0] for p in spots.values()]
        ys = [p[1] for p in spots.values()]
        span_x = max(1, max(xs) - min(xs))
        span_y = max(1, max(ys) - min(ys))
        rel = {j: ((x - min(xs)) / span_x, (y - min(ys)) / span_y) for j, (x, y) in spots.items()}
        # Stretched as far as every box still fits (the right-most box need not be the
        # widest), one cell kept left of every box for the cursor's mark.
        room_x = min((max(1, width - 2 - self._box_width(j, width)) / rel[j][0]
                      for j in spots if rel[j][0] > 0), default=1.0)
        room_y = min((max(1, height - len(self._lines(j, width))) / rel[j][1]
                      for j in spots if rel[j][1] > 0), default=1.0)
        return {j: (1 + round(rx * room_x), round(ry * room_y)) for j, (rx, ry) in rel.items()}

    def canvas_size(self, width: int, height: int) -> tuple[int, int]:
        """The canvas for a widget of this size: the map's room, never below MIN_CANVAS."""
        return max(width, MIN_CANVAS[0]), max(height - STATUS_LINES, MIN_CANVAS[1])

    def _draw(self, width: int, height: int) -> None:
        """The whole map on a canvas of ``width`` x ``height`` cells, without the cursor
        and the previewed route (``_overlay`` puts them on what is shown): a key that
        moves the cursor draws a window, not the map."""
        grid = [[_Cell() for _ in range(width)] for _ in range(height)]
        anchors: dict[str, tuple[int, int]] = {}
        extents: dict[str, tuple[int, int, int]] = {}
        corners = self._layout(width, height)
        centre = {j: (x + 1, y) for j, (x, y) in corners.items()}
        picture, targets = self.picture, self.targets
        road_cells: dict[str, list[tuple[int, int, str]]] = {}
        first: dict[str, list[tuple[int, str, str]]] = {}  # place -> x, char, part

        def put(x: int, y: int, text: str, role: str, place: str | None = None) -> None:
            for i, ch in enumerate(text):
                if 0 <= y < height and 0 <= x + i < width:
                    grid[y][x + i] = _Cell(ch, role, place)

        def put_place(x: int, y: int, text: str, part: str, place: str) -> None:
            put(x, y, text, self._role(place, part), place)
            first.setdefault(place, []).extend((x + i, ch, part) for i, ch in enumerate(text))

        roads = list(self.network.roads.values())
        for road in roads:  # roads first, so no road is drawn over a village
            (ax, ay), (bx, by) = centre[road.a], centre[road.b]
            role = "road" if road.id not in picture.open_roads else "open-road"
            road_cells[road.id] = _line(ax, ay, bx, by)
            for x, y, ch in road_cells[road.id]:
                put(x, y, ch, f"map:{role}")
        taken = self._boxes(corners, width)
        for road in roads:
            (ax, ay), (bx, by) = centre[road.a], centre[road.b]
            for n, village in enumerate(road.villages):
                cells = picture.villages.get(village, (("o", "minor-place"),))
                if self.show_labels and village in self.labels:
                    cells = ((self.labels[village], "minor-place"),)
                size = sum(len(text) for text, _ in cells)
                vx, vy = _village_spot(ax, ay, bx, by, (n + 1) / (len(road.villages) + 1),
                                       size, taken, (width, height))
                # the village and a cell either side: no other village touches it
                taken |= {(vx + i, vy) for i in range(-1, size + 1)}
                anchors[village] = (vx, vy)
                extents[village] = (vx, vx + size - 1, vy)
                x = vx
                for text, part in cells:
                    put_place(x, vy, text, part, village)
                    x += len(text)
        tagged: dict[str, int] = {}  # junction -> the last cell of its first line, tag included
        for junction, (x, y) in corners.items():
            anchors[junction] = (x + 1, y)
            lines = self._lines(junction, width)
            for row, line in enumerate(lines):
                cx = x
                for text, part in line:
                    if row == 0:
                        put_place(cx, y, text, part, junction)
                    else:
                        put(cx, y + row, text, part, junction)
                    cx += len(text)
                if row == 0:
                    extents[junction] = (x, max(x, cx - 1), y)
                    for text, part in targets.get(junction, ()):
                        put(cx, y, text, part or "target", junction)
                        cx += len(text)
                    tagged[junction] = cx - 1
        self._grid, self._anchors, self._extents = grid, anchors, extents
        self._road_cells, self._first, self._tagged = road_cells, first, tagged

    def _overlay(self, rows: list[list[_Cell]], ox: int, oy: int) -> None:
        """The previewed route and the cursor (its reverse video and its marks, which
        read without colour) over ``rows``, copied from the canvas from (ox, oy)."""

        def at(x: int, y: int) -> _Cell | None:
            r, c = y - oy, x - ox
            return rows[r][c] if 0 <= r < len(rows) and 0 <= c < len(rows[r]) else None

        def put(x: int, y: int, cell: _Cell) -> None:
            if at(x, y) is not None:
                rows[y - oy][x - ox] = cell

        shown = self.hover or (self.cursor if self.has_focus else None)
        for road in self.routes.get(shown or "", ()):
            for x, y, ch in self._road_cells.get(road, ()):
                under = at(x, y)
                if under is not None and under.place is None and under.role.startswith("map:"):
                    put(x, y, _Cell(ROUTE_CHARS.get(ch, ch), "map:route"))
        cursor = self.cursor
        if cursor is None or cursor not in self._extents or not self.has_focus:
            return
        x0, x1, y = self._extents[cursor]
        for x, ch, part in self._first.get(cursor, ()):
            put(x, y, _Cell(ch, f"{part}+cursor" if part else "cursor", cursor))
        if x0 > 0:
            put(x0 - 1, y, _Cell(MARK_BEFORE, "strong", cursor))
        put(self._tagged.get(cursor, x1) + 1, y, _Cell(MARK_AFTER, "strong", cursor))

    def drawn_canvas(self) -> list[list[_Cell]]:
        """The whole canvas as shown, cursor and route included (for tests)."""
        rows = [list(row) for row in self._grid]
        self._overlay(rows, 0, 0)
        return rows

    def _compose_window(self, width: int, height: int) -> list[list[_Cell]]:
        """The widget's rows: the window of the canvas that holds the cursor, the key
        over its top left when shown, then the status lines."""
        view_h = max(1, height - STATUS_LINES)
        canvas_w, canvas_h = self._canvas
        ox, oy = self._origin
        focus = self._extents.get(self.cursor or "")  # the cursor's, never the mouse's
        if focus is not None:
            x0, x1, y = focus
            lines = len(self._lines(self.cursor or "", canvas_w)) \
                if self.cursor in self.picture.junctions else 1
            ox = follow(ox, x0 - 1, x1 + 2 + TAG_ROOM, width, canvas_w)
            oy = follow(oy, y, y + lines, view_h, canvas_h)
        else:
            ox, oy = min(ox, max(0, canvas_w - width)), min(oy, max(0, canvas_h - view_h))
        self._origin = (ox, oy)
        rows = [[*self._grid[oy + r][ox:ox + width]] if oy + r < canvas_h
                else [_Cell() for _ in range(width)] for r in range(view_h)]
        self._overlay(rows, ox, oy)
        if self.show_key and self.key:  # the legend, over the window's top left corner
            key_w = min(width, 2 + max(sum(len(t) for t, _ in line) for line in self.key))
            for row, line in enumerate(self.key[:view_h]):
                rows[row][:key_w] = [_Cell() for _ in range(key_w)]
                cx = 1
                for text, part in line:
                    for ch in text:
                        if cx < key_w:
                            rows[row][cx] = _Cell(ch, part)
                        cx += 1
        panned = canvas_w > width or canvas_h > view_h
        mini = overview((canvas_w, canvas_h), (ox, oy, width, view_h),
                        spots_of(self._extents).values()) if panned else ()
        for line in status_rows(self._name_line(), self._status_line(), width, mini):
            cells = [_Cell(ch, role) for text, role in line for ch in text]
            rows.append((cells + [_Cell() for _ in range(width)])[:width])
        return rows

    def _name_line(self) -> Segments:
        place = self.hover or (self.cursor if self.has_focus else None)
        if place is None:  # a hint where the map takes keys (not in a replay)
            return ((("m", "strong"), (": the map by keys", "dim"))
                    if self.can_focus else ())
        return ((f"{MARK_BEFORE} ", "strong"), (self.names.get(place, place), "strong"))

    def _status_line(self) -> Segments:
        if self.hover is not None:  # the place the name line names
            hover_place, said = self._hover_said
            return said if hover_place == self.hover else ()
        if not self.has_focus or self.cursor is None:
            return ()
        said_place, said = self._said
        return (*self._note, *(said if said_place == self.cursor else ()))

    def _lines(self, junction: str, width: int) -> list[Segments]:
        """What is drawn at a junction: its picture, with its full name when there is room."""
        lines = list(self.picture.junctions.get(junction, _unpictured(junction)))
        title = self.picture.titles.get(junction)
        if title and width >= FULL_NAMES_WIDTH and lines and lines[0]:
            lines[0] = ((title, lines[0][0][1]), *lines[0][1:])
        return lines

    def _box_width(self, junction: str, width: int | None = None) -> int:
        """The widest line drawn at a junction, its first line with its target tag, so
        no label is cut at the map's right edge."""
        lines = self._lines(junction, width or 0)
        # room for a toll tag ("→2¢+") whether or not one is shown now: the map
        # keeps its layout as the targets change
        tag = max(TAG_ROOM, sum(len(t) for t, _ in self.targets.get(junction, ())))
        return max((sum(len(t) for t, _ in line) + (tag if row == 0 else 0)
                    for row, line in enumerate(lines)), default=5)

    def _boxes(self, corners: dict[str, tuple[int, int]], width: int) -> set[tuple[int, int]]:
        """Cells under the junctions' labels and a cell either side of them (the
        cursor's marks), where no village may be drawn."""
        cells: set[tuple[int, int]] = set()
        for junction, (x, y) in corners.items():
            for row, line in enumerate(self._lines(junction, width)):
                wide = sum(len(t) for t, _ in line) + (TAG_ROOM if row == 0 else 0)
                cells |= {(x + i, y + row) for i in range(-1, wide + 1)}
        return cells

    def _role(self, place: str, role: str) -> str:
        if place in self.highlight:
            return f"{role}+news" if role else "news"
        if place in self.targets:
            return f"{role}+target" if role else "target"
        return role

    def render_line(self, y: int) -> Strip:
        """Rows straight from the grid: no text wrapping, which keeps a redraw cheap."""
        width, height = self.content_size.width, self.content_size.height
        if width <= 0 or height <= 0:
            return Strip.blank(0)
        self._drawn(width, height)
        self._painted.drawn(self._rows)
        if 0 <= y < len(self._rows):
            return self._rows[y]
        return Strip.blank(width, self.rich_style)

    def _drawn(self, width: int, height: int) -> None:
        """Draw the map anew if it changed or its size did since it was last drawn, and
        the window over it if anything shown changed (the cursor, the status)."""
        if self._drawn_size != (width, height) or self._dirty:
            self._canvas = self.canvas_size(width, height)
            self._draw(*self._canvas)
            self._window_dirty = True
        if self._window_dirty or self._drawn_size != (width, height):
            self._window = self._compose_window(width, height)
            self._rows = self._strips(width)
        self._drawn_size, self._dirty, self._window_dirty = (width, height), False, False

    def _strips(self, width: int) -> list[Strip]:
        painter = Painter(self, self.colours)
        base = self.rich_style
        styles: dict[str, Style] = {}

        def strip(row: Sequence[_Cell]) -> Strip:
            segments = []
            for role, cells in groupby(row, key=lambda cell: cell.role):
                style = styles.get(role)
                if style is None:
                    style = styles[role] = base + self._style(painter, role)
                segments.append(Segment("".join(cell.char for cell in cells), style))
            return Strip(segments, width)

        return self._kept.strips(self._window, (width, base), strip)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if not regions:  # rows asked for by _repaint are drawn already
            self._window_dirty = True  # what is shown; the map itself only when it changed
            self._painted.forget()
            self._kept.forget()
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _changed(self) -> None:
        """The map itself changed (pieces, targets, labels): drawn anew."""
        self._dirty = True
        if not self._taking:
            self._repaint()

    def _repaint(self) -> None:
        """Draw again now and repaint the rows that changed (a move changes a few
        villages and the status lines); before the first drawing, or at a new size, all
        of it when it is next drawn."""
        width, height = self.content_size.width, self.content_size.height
        if width <= 0 or height <= 0 or self._drawn_size != (width, height):
            self.refresh()
            return
        self._window_dirty = True
        self._drawn(width, height)
        self._painted.repaint(self, self._rows)

    def _style(self, painter: Painter, role: str) -> Style:
        if role.startswith("map:"):  # whole, not partial: a partial style drops the
            # colour's alpha, which drew the "dim" roads in full white
            return self.get_component_rich_style(f"map-graph--{role[4:]}")
        return painter.style(role)

    def on_focus(self) -> None:
        self.refresh()
        self._highlighted(focused=True)

    def on_blur(self) -> None:
        self._note = ()
        self.refresh()

    def watch_cursor(self) -> None:
        self._note = ()
        self.refresh()
        self._highlighted()

    def watch_hover(self) -> None:
        self._hovered()
        self.refresh()

    def watch_show_labels(self) -> None:
        self._changed()

    def watch_show_key(self) -> None:
        self.refresh()

    def watch_picture(self) -> None:
        self._changed()


def _village_spot(ax: int, ay: int, bx: int, by: int, t: float, size: int,
                  taken: set[tuple[int, int]], bounds: tuple[int, int]) -> tuple[int, int]:
    """Where on its road a village goes: as near its place as labels and other villages
    allow; on a road too crowded for it, beside the road (a row off it, then two)."""
    tries = sorted((k / 40 for k in range(2, 39)), key=lambda k: abs(k - t))
    for dy in (0, -1, 1, -2, 2):
        for k in [t, *tries]:
            x, y = round(ax + (bx - ax) * k), round(ay + (by - ay) * k) + dy
            if 0 <= x <= bounds[0] - size and 0 <= y < bounds[1] \
                    and all((x + i, y) not in taken for i in range(size)):
                return x, y
    return round(ax + (bx - ax) * t), round(ay + (by - ay) * t)


def _line(ax: int, ay: int, bx: int, by: int) -> list[tuple[int, int, str]]:
    """Cells of a straight road, with a character matching its slope."""
    dx, dy = bx - ax, by - ay
    steps = max(abs(dx), abs(dy), 1)
    if abs(dx) >= 2 * abs(dy) * 1.5:
        ch = ROAD_CHARS["h"]
    elif abs(dy) * 2 >= abs(dx) * 3:
        ch = ROAD_CHARS["v"]
    else:
        ch = ROAD_CHARS["down"] if (dx > 0) == (dy > 0) else ROAD_CHARS["up"]
    cells = []
    for i in range(1, steps):
        cells.append((ax + math.floor(dx * i / steps + 0.5), ay + math.floor(dy * i / steps + 0.5),
                      ch))
    return cells
