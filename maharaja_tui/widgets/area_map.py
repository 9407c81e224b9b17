"""An area map: labelled areas at layout positions, the links between them, and a
cursor that picks an area, or a piece's area and then where it goes.

It knows no game. The adapter gives each area its position (any scale; the map
stretches it over the widget), a title line and content lines of segments, the
links to draw (land, strait, coast), the areas that may be picked now and the
routes a piece picked in one area may take. Enter on an area with routes picks it
and highlights where it may go; Enter on one of those posts ``PlaceSelected`` with
``"FROM>TO"``; Enter on a plain pickable area posts its id. Escape drops a pick.

Drawn with the Line API: the map is laid out once per size and data, on a canvas
at least ``MIN_WIDTH`` x ``MIN_HEIGHT``; a smaller widget pans to keep the cursor
in sight (80x24 terminals). The bottom line spells out the area under the cursor.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.events import Click
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments
from maharaja_tui.widgets.selection import PlaceSelected

MIN_WIDTH, MIN_HEIGHT = 72, 26  # below this the map pans instead of squeezing
BOX = 9  # widest box in cells


@dataclass(frozen=True)
class Area:
    id: str
    x: float
    y: float
    title: Segments
    lines: tuple[Segments, ...] = ()
    frame: str = "land"  # land, rough, sea or edge (the lands beyond the map)


@dataclass(frozen=True)
class AreaMapData:
    areas: tuple[Area, ...] = ()
    links: tuple[tuple[str, str, str], ...] = ()  # (a, b, "land" | "strait" | "coast")
    picks: frozenset[str] = frozenset()  # areas that may be picked as they are
    routes: dict[str, frozenset[str]] = field(default_factory=dict)  # from -> where to
    details: dict[str, Segments] = field(default_factory=dict)  # area -> the bottom line
    highlight: frozenset[str] = frozenset()  # areas drawn marked (what others just did)


@dataclass(frozen=True)
class _Cell:
    char: str = " "
    role: str = ""
    area: str | None = None


NUDGES = sorted(((dx, dy) for dx in range(-12, 13) for dy in range(-4, 5)),
                key=lambda d: abs(d[0]) + 3 * abs(d[1]))
FRAMES = {"land": ("[", "]"), "rough": ("^", "^"), "sea": ("≈", "≈"), "edge": ("‹", "›")}
LINK_CHARS = {"land": "·", "strait": "~", "coast": "."}


class AreaMap(RoleStyles, Widget, can_focus=True):
    COMPONENT_CLASSES = {
        "area-map--land", "area-map--strait", "area-map--coast", "area-map--sea",
        "area-map--edge", "area-map--frame", "area-map--picked"}
    DEFAULT_CSS = """
    AreaMap { height: 1fr; min-height: 12; }
    AreaMap .area-map--land { color: $text-muted 50%; }
    AreaMap .area-map--coast { color: #5f87af 60%; }
    AreaMap .area-map--strait { color: #5fafff; text-style: bold; }
    AreaMap .area-map--sea { color: #5f87d7; }
    AreaMap .area-map--edge { color: $text-muted; text-style: italic; }
    AreaMap .area-map--frame { color: $text-muted; }
    AreaMap .area-map--picked { text-style: bold reverse; color: $warning; }
    """
    BINDINGS = [
        Binding("left", "cursor(-1, 0)", "Left", show=False, id="area-map.left"),
        Binding("right", "cursor(1, 0)", "Right", show=False, id="area-map.right"),
        Binding("up", "cursor(0, -1)", "Up", show=False, id="area-map.up"),
        Binding("down", "cursor(0, 1)", "Down", show=False, id="area-map.down"),
        Binding("enter", "select", "Pick", id="area-map.select"),
        Binding("escape", "drop", "Drop pick", show=False, id="area-map.drop"),
    ]

    data: reactive[AreaMapData] = reactive(AreaMapData, always_update=True)
    cursor: reactive[str | None] = reactive(None)
    picked: reactive[str | None] = reactive(None)

    def __init__(self, colours: Palette | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.colours = colours
        self._grid: list[list[_Cell]] = []
        self._anchors: dict[str, tuple[int, int]] = {}
        self._rows: list[Strip] = []
        self._origin = (0, 0)
        self._drawn: tuple[int, int] = (0, 0)
        self._dirty = True

    # ----------------------------------------------------------------- input
    @property
    def targets(self) -> frozenset[str]:
        """What Enter may pick now: a picked piece's destinations, else the pickable areas."""
        data = self.data
        if self.picked is not None:
            return data.routes.get(self.picked, frozenset()) | {self.picked}
        return data.picks | frozenset(data.routes)

    def watch_data(self, data: AreaMapData) -> None:
        if self.picked is not None and self.picked not in data.routes:
            self.picked = None
        known = {a.id for a in data.areas}
        if self.cursor not in known or (self.cursor not in self.targets and self.targets):
            self.cursor = next((a.id for a in data.areas if a.id in self.targets),
                               self.cursor if self.cursor in known else
                               next(iter(known), None))
        self._dirty = True
        self.refresh()

    def action_cursor(self, dx: int, dy: int) -> None:
        here = self._anchors.get(self.cursor or "")
        if here is None:
            return
        best: tuple[float, str] | None = None
        targets = self.targets
        for area, there in self._anchors.items():
            if area == self.cursor:
                continue
            ox, oy = there[0] - here[0], (there[1] - here[1]) * 2  # cells are twice as tall
            along = ox * dx + oy * dy
            if along <= 0:
                continue
            # Pickable areas come first, so the cursor jumps between what matters now.
            score = along + 2 * (abs(ox * dy) + abs(oy * dx)) + (0 if area in targets else 40)
            if best is None or score < best[0]:
                best = (score, area)
        if best is not None:
            self.cursor = best[1]

    def action_select(self) -> None:
        self.pick(self.cursor)

    def action_drop(self) -> None:
        self.picked = None

    def pick(self, area: str | None) -> None:
        if area is None:
            return
        data = self.data
        if self.picked is not None:
            if area == self.picked:
                self.picked = None
            elif area in data.routes.get(self.picked, frozenset()):
                start, self.picked = self.picked, None
                self.post_message(PlaceSelected(self, f"{start}>{area}"))
            return
        if area in data.routes:
            self.picked = area
            dests = sorted(data.routes[area], key=lambda a: self._anchors.get(a, (0, 0)))
            if dests:
                self.cursor = dests[0]
        elif area in data.picks:
            self.post_message(PlaceSelected(self, area))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        ox, oy = self._origin
        y, x = offset.y + oy, offset.x + ox
        if 0 <= y < len(self._grid) and 0 <= x < len(self._grid[y]):
            area = self._grid[y][x].area
            if area is not None:
                self.cursor = area
                self.pick(area)

    def watch_cursor(self) -> None:
        self._dirty = True
        self.refresh()

    def watch_picked(self) -> None:
        self._dirty = True
        self.refresh()

    def on_focus(self) -> None:
        self.watch_cursor()

    def on_blur(self) -> None:
        self.watch_cursor()

    # ---------------------------------------------------------------- layout
    def _lay_out(self, width: int, height: int) -> dict[str, tuple[int, int]]:
        areas = self.data.areas
        if not areas:
            return {}
        xs, ys = [a.x for a in areas], [a.y for a in areas]
        span_x, span_y = max(1.0, max(xs) - min(xs)), max(1.0, max(ys) - min(ys))
        room_x, room_y = max(1, width - BOX), max(1, height - 3)
        taken: set[tuple[int, int]] = set()
        out: dict[str, tuple[int, int]] = {}
        for area in sorted(areas, key=lambda a: (a.y, a.x)):
            x = round((area.x - min(xs)) / span_x * room_x)
            y = round((area.y - min(ys)) / span_y * room_y)
            tall = 2  # the same for every box, so the map keeps still as armies come and go
            # The free spot nearest the layout hint (a row costs as much as three columns).
            for dx, dy in NUDGES:
                cells = {(x + dx + i, y + dy + j) for i in range(-1, BOX) for j in range(tall)}
                if not cells & taken and 0 <= x + dx <= width - BOX and 0 <= y + dy:
                    x, y = x + dx, y + dy
                    break
            taken |= {(x + i, y + j) for i in range(-1, BOX) for j in range(tall)}
            out[area.id] = (max(0, min(width - BOX, x)), max(0, min(height - 1 - tall, y)))
        return out

    def _draw(self, width: int, height: int) -> None:
        grid = [[_Cell() for _ in range(width)] for _ in range(height)]
        corners = self._lay_out(width, height)
        data = self.data

        def put(x: int, y: int, text: str, role: str, area: str | None = None) -> None:
            for i, ch in enumerate(text):
                if 0 <= y < height and 0 <= x + i < width:
                    grid[y][x + i] = _Cell(ch, role, area)

        centre = {a: (x + 2, y) for a, (x, y) in corners.items()}
        for a, b, kind in data.links:
            if a in centre and b in centre:
                (ax, ay), (bx, by) = centre[a], centre[b]
                steps = max(abs(bx - ax), abs(by - ay), 1)
                for n in range(1, steps):
                    put(round(ax + (bx - ax) * n / steps), round(ay + (by - ay) * n / steps),
                        LINK_CHARS.get(kind, "·"), f"map:{kind}")
        targets = self.targets
        for area in data.areas:
            if area.id not in corners:
                continue
            x, y = corners[area.id]
            left, right = FRAMES.get(area.frame, FRAMES["land"])
            frame = "map:sea" if area.frame == "sea" else (
                "map:edge" if area.frame == "edge" else "map:frame")
            mark = self._mark(area.id, targets)
            put(x, y, left, mark or frame, area.id)
            cx = x + 1
            for text, role in area.title:
                put(cx, y, text, self._join(role, mark), area.id)
                cx += len(text)
            put(cx, y, right, mark or frame, area.id)
            for row, line in enumerate(area.lines, start=1):
                cx = x + 1
                for text, role in line:
                    text = text[:max(0, x + BOX - cx)]
                    put(cx, y + row, text, role, area.id)
                    cx += len(text)
        self._grid = grid
        self._anchors = corners

    def _mark(self, area: str, targets: frozenset[str]) -> str:
        if area == self.picked:
            return "map:picked"
        if area == self.cursor and self.has_focus:
            return "cursor"
        if area in self.data.highlight:
            return "news"
        if area in targets:
            return "target"
        return ""

    @staticmethod
    def _join(role: str, mark: str) -> str:
        return f"{role}+{mark}" if role and mark else role or mark

    def render_line(self, y: int) -> Strip:
        width, height = self.content_size.width, self.content_size.height
        if width <= 0 or height <= 0:
            return Strip.blank(0)
        if self._dirty or self._drawn != (width, height):
            self._redraw(width, height)
        if 0 <= y < len(self._rows):
            return self._rows[y]
        return Strip.blank(width, self.rich_style)

    def _redraw(self, width: int, height: int) -> None:
        canvas_w, canvas_h = max(width, MIN_WIDTH), max(height - 1, MIN_HEIGHT)
        self._draw(canvas_w, canvas_h)
        # Pan so the cursor's box is in sight (the map keeps its size below MIN_*).
        ox, oy = self._origin
        cx, cy = self._anchors.get(self.cursor or "", (0, 0))
        view_h = height - 1
        ox = min(max(ox, cx + BOX - width), cx, canvas_w - width)
        oy = min(max(oy, cy + 3 - view_h), cy, canvas_h - view_h)
        self._origin = (max(0, ox), max(0, oy))
        painter = Painter(self, self.colours)
        styles: dict[str, Style] = {}
        base = self.rich_style
        rows: list[Strip] = []
        ox, oy = self._origin
        for row in self._grid[oy:oy + view_h]:
            segments = []
            for role, cells in groupby(row[ox:ox + width], key=lambda c: c.role):
                style = styles.get(role)
                if style is None:
                    style = styles[role] = base + self._style(painter, role)
                segments.append(Segment("".join(c.char for c in cells), style))
            rows.append(Strip(segments, width))
        detail = self.data.details.get(self.cursor or "", ())
        line = painter.text(detail)
        line.truncate(width)
        rows.append(Strip(list(line.render(self.app.console))).extend_cell_length(width, base))
        self._rows, self._drawn, self._dirty = rows, (width, height), False

    def _style(self, painter: Painter, role: str) -> Style:
        style = Style()
        for part in role.split("+") if role else ():
            if part.startswith("map:"):
                style += self.get_component_rich_style(f"area-map--{part[4:]}", partial=True)
            else:
                style += painter.style(part)
        return style

    def place_at(self, x: int, y: int) -> str | None:
        """The area drawn at a cell of the widget (tests, clicks)."""
        ox, oy = self._origin
        if 0 <= y + oy < len(self._grid) and 0 <= x + ox < len(self._grid[y + oy]):
            return self._grid[y + oy][x + ox].area
        return None
