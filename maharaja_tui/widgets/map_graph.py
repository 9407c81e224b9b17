"""The map graph: junctions (START and cities) joined by roads of villages.

Generic over the road-network family's boards: its ``data`` (``MapData``) holds the
geometry (any ``RoadMap``: junction positions, roads and their villages), a
``MapPicture`` of segments to draw at each junction and village, and the
``targets``: the places the current player may pick (from the engine's legal
intents). A cursor moves between them with the arrow keys; Enter or a click posts
the generic ``PlaceSelected``. The place under the cursor (or the mouse) is named on
the map's last line, by the ``names`` the data gives; ``n`` toggles ``labels`` (the
short names the log uses, such as a village's id) in place of the villages' pieces.
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

from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments
from maharaja_tui.widgets.selection import PlaceSelected

FULL_NAMES_WIDTH = 70  # a map this wide has room for the cities' full names
TAG_ROOM = 4  # cells kept right of a junction's first line for its target tag
ROAD_CHARS = {"h": "─", "v": "│", "up": "╱", "down": "╲"}


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
    highlight: frozenset[str] = frozenset()  # places drawn marked (what others just did)


class _Cell(msgspec.Struct):
    char: str = " "
    role: str = ""
    place: str | None = None


class MapGraph(RoleStyles, Widget, can_focus=True):
    COMPONENT_CLASSES = {"map-graph--road", "map-graph--open-road"}
    DEFAULT_CSS = """
    MapGraph .map-graph--road { color: $text-muted 40%; }
    MapGraph .map-graph--open-road { color: $text-muted 50%; }
    """
    BINDINGS = [
        Binding("left", "cursor(-1, 0)", "Left", show=False, id="map.left"),
        Binding("right", "cursor(1, 0)", "Right", show=False, id="map.right"),
        Binding("up", "cursor(0, -1)", "Up", show=False, id="map.up"),
        Binding("down", "cursor(0, 1)", "Down", show=False, id="map.down"),
        Binding("enter", "select", "Pick place", show=False, id="map.select"),
        Binding("n", "toggle_labels", "Names", id="map.toggle-labels"),
        Binding("k", "toggle_key", "Key", id="map.toggle-key"),
    ]

    picture: reactive[MapPicture] = reactive(MapPicture, always_update=True)
    targets: reactive[dict[str, Segments]] = reactive(dict, always_update=True)
    cursor: reactive[str | None] = reactive(None)
    hover: reactive[str | None] = reactive(None)  # the place under the mouse
    show_labels: reactive[bool] = reactive(False)
    show_key: reactive[bool] = reactive(False)

    Selected = PlaceSelected  # a place was picked (Enter or a click on a highlighted place)

    def __init__(self, colours: Palette | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.network: RoadMap = _NoRoads()
        self.colours = colours
        self._anchors: dict[str, tuple[int, int]] = {}
        self._grid: list[list[_Cell]] = []
        self._rows: list[Strip] = []
        self._drawn_size = (0, 0)
        self._dirty = True
        self.names: Mapping[str, str] = {}
        self.labels: Mapping[str, str] = {}
        self.key: tuple[Segments, ...] = ()
        self.highlight: frozenset[str] = frozenset()
        self._pinned = False  # the cursor is on a place clicked, which may be no target

    @property
    def data(self) -> MapData:
        return MapData(self.network, self.picture, self.targets, self.names, self.labels,
                       self.key, self.highlight)

    @data.setter
    def data(self, data: MapData) -> None:
        if data.layout is not self.network:
            self.network = data.layout
            self.refresh()
        self.names, self.labels, self.key = data.names, data.labels, data.key
        if data.highlight != self.highlight:
            self.highlight = data.highlight
            self._dirty = True
        self.picture = data.picture
        self.targets = data.targets

    # ----------------------------------------------------------------- input
    def watch_targets(self, targets: dict[str, Segments]) -> None:
        # A place picked by a click stays under the cursor, target or not: Enter then
        # asks about it again instead of picking another place.
        if self.cursor not in targets and not self._pinned:
            self.cursor = next(iter(targets), None)

    def action_cursor(self, dx: int, dy: int) -> None:
        if not self.targets:
            return
        self._pinned = False
        anchors = self._anchors_now()
        here = anchors.get(self.cursor or "")
        if here is None:
            self.cursor = next(iter(self.targets))
            return
        best: tuple[float, str] | None = None
        for place in self.targets:
            there = anchors.get(place)
            if there is None or place == self.cursor:
                continue
            ox, oy = there[0] - here[0], (there[1] - here[1]) * 2  # cells are twice as tall
            along = ox * dx + oy * dy
            if along <= 0:
                continue
            across = abs(ox * dy) + abs(oy * dx)
            score = along + 2 * across
            if best is None or score < best[0]:
                best = (score, place)
        if best is not None:
            self.cursor = best[1]

    def _anchors_now(self) -> dict[str, tuple[int, int]]:
        """Where each place is drawn at the map's size now. A key that came before the
        map's first paint at this size (typed with m at the start, right after a
        resize) found no positions, or old ones, and took the first target instead of
        the neighbour: the drawing is brought up to date first."""
        width, height = self.content_size.width, self.content_size.height
        if width > 0 and height > 0:
            self._drawn(width, height)
        return self._anchors

    def action_toggle_labels(self) -> None:
        self.show_labels = not self.show_labels

    def action_toggle_key(self) -> None:
        self.show_key = not self.show_key

    def on_mouse_move(self, event: MouseMove) -> None:
        offset = event.get_content_offset(self)
        self.hover = None if offset is None else self.place_at(offset.x, offset.y)

    def on_leave(self) -> None:
        self.hover = None

    def caption(self) -> str:
        """The name of the place under the mouse, else under the cursor while focused."""
        place = self.hover or (self.cursor if self.has_focus else None)
        return f" ▸ {self.names.get(place, place)} " if place else ""

    def action_select(self) -> None:
        """Pick the place under the cursor; one that is no target is picked too, for the
        screen to say why it cannot be chosen."""
        if self.cursor is not None:
            self.post_message(PlaceSelected(self, self.cursor))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        place = self.place_at(offset.x, offset.y)
        if place is not None:
            self._pinned = place not in self.targets
            self.cursor = place
            self.post_message(PlaceSelected(self, place))

    def place_at(self, x: int, y: int) -> str | None:
        if 0 <= y < len(self._grid) and 0 <= x < len(self._grid[y]):
            return self._grid[y][x].place
        return None

    # ---------------------------------------------------------------- layout
    def _layout(self, width: int, height: int) -> dict[str, tuple[int, int]]:
        net = self.network
        spots = {j: net.position(j) for j in net.junctions}
        if not spots:
            return {}
        xs = [p[0] for p in spots.values()]
        ys = [p[1] for p in spots.values()]
        box_w = max((self._box_width(j, width) for j in spots), default=5)
        box_h = max((len(lines) for lines in self.picture.junctions.values()), default=1)
        span_x = max(1, max(xs) - min(xs))
        span_y = max(1, max(ys) - min(ys))
        room_x = max(1, width - box_w - 1)
        room_y = max(1, height - box_h)
        return {
            j: (round((x - min(xs)) / span_x * room_x), round((y - min(ys)) / span_y * room_y))
            for j, (x, y) in spots.items()
        }

    def _draw(self, width: int, height: int) -> None:
        grid = [[_Cell() for _ in range(width)] for _ in range(height)]
        anchors: dict[str, tuple[int, int]] = {}
        corners = self._layout(width, height)
        centre = {j: (x + 1, y) for j, (x, y) in corners.items()}
        picture, targets = self.picture, self.targets

        def put(x: int, y: int, text: str, role: str, place: str | None = None) -> None:
            for i, ch in enumerate(text):
                if 0 <= y < height and 0 <= x + i < width:
                    grid[y][x + i] = _Cell(ch, role, place)

        roads = list(self.network.roads.values())
        for road in roads:  # roads first, so no road is drawn over a village
            (ax, ay), (bx, by) = centre[road.a], centre[road.b]
            role = "road" if road.id not in picture.open_roads else "open-road"
            for x, y, ch in _line(ax, ay, bx, by):
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
                                       size, taken)
                taken |= {(vx + i, vy) for i in range(size)}
                anchors[village] = (vx, vy)
                x = vx
                for text, part in cells:
                    put(x, vy, text, self._role(village, part), village)
                    x += len(text)
        for junction, (x, y) in corners.items():
            anchors[junction] = (x + 1, y)
            lines = self._lines(junction, width)
            for row, line in enumerate(lines):
                cx = x
                for text, part in line:
                    put(cx, y + row, text, self._role(junction, part) if row == 0 else part,
                        junction)
                    cx += len(text)
                if row == 0 and junction in targets:
                    for text, part in targets[junction]:
                        put(cx, y, text, part or "target", junction)
                        cx += len(text)
        if self.show_key and self.key:  # the legend, over the map's top left corner
            key_w = min(width, 2 + max(sum(len(t) for t, _ in line) for line in self.key))
            for row, line in enumerate(self.key):
                put(0, row, " " * key_w, "")
                cx = 1
                for text, part in line:
                    put(cx, row, text, part)
                    cx += len(text)
        caption = self.caption()
        if caption:  # on the last line, over whatever is there: it goes with the cursor
            put(0, height - 1, caption, "strong")
        self._grid, self._anchors = grid, anchors

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
        lines = self.picture.junctions.get(junction, _unpictured(junction))
        # room for a toll tag ("→2¢+") whether or not one is shown now: the map
        # keeps its layout as the targets change
        tag = max(TAG_ROOM, sum(len(t) for t, _ in self.targets.get(junction, ())))
        return max((sum(len(t) for t, _ in line) + (tag if row == 0 else 0)
                    for row, line in enumerate(lines)), default=5)

    def _boxes(self, corners: dict[str, tuple[int, int]], width: int) -> set[tuple[int, int]]:
        """Cells under the junctions' labels, where no village may be drawn."""
        cells: set[tuple[int, int]] = set()
        for junction, (x, y) in corners.items():
            for row, line in enumerate(self._lines(junction, width)):
                wide = sum(len(t) for t, _ in line) + (TAG_ROOM if row == 0 else 0)
                cells |= {(x + i, y + row) for i in range(wide)}
        return cells

    def _role(self, place: str, role: str) -> str:
        if place == self.cursor and self.has_focus:
            return f"{role}+cursor" if role else "cursor"
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
        if 0 <= y < len(self._rows):
            return self._rows[y]
        return Strip.blank(width, self.rich_style)

    def _drawn(self, width: int, height: int) -> None:
        """Draw the map anew if it changed or its size did since it was last drawn."""
        if self._drawn_size != (width, height) or self._dirty:
            self._draw(width, height)
            self._rows = self._strips(width)
            self._drawn_size, self._dirty = (width, height), False

    def _strips(self, width: int) -> list[Strip]:
        painter = Painter(self, self.colours)
        base = self.rich_style
        styles: dict[str, Style] = {}
        rows = []
        for row in self._grid:
            segments = []
            for role, cells in groupby(row, key=lambda cell: cell.role):
                style = styles.get(role)
                if style is None:
                    style = styles[role] = base + self._style(painter, role)
                segments.append(Segment("".join(cell.char for cell in cells), style))
            rows.append(Strip(segments, width))
        return rows

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        self._dirty = True
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _style(self, painter: Painter, role: str) -> Style:
        if role.startswith("map:"):  # whole, not partial: a partial style drops the
            # colour's alpha, which drew the "dim" roads in full white
            return self.get_component_rich_style(f"map-graph--{role[4:]}")
        return painter.style(role)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def watch_cursor(self) -> None:
        self.refresh()

    def watch_hover(self) -> None:
        self.refresh()

    def watch_show_labels(self) -> None:
        self.refresh()

    def watch_show_key(self) -> None:
        self.refresh()

    def watch_picture(self) -> None:
        self.refresh()


def _village_spot(ax: int, ay: int, bx: int, by: int, t: float, size: int,
                  taken: set[tuple[int, int]]) -> tuple[int, int]:
    """Where on its road a village goes: as near its place as labels allow."""
    tries = sorted((k / 20 for k in range(2, 19)), key=lambda k: abs(k - t))
    for k in [t, *tries]:
        x, y = round(ax + (bx - ax) * k), round(ay + (by - ay) * k)
        if all((x + i, y) not in taken for i in range(size)):
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
