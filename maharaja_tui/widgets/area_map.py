"""An area map: labelled areas at layout positions, the links between them, and a
cursor that picks an area, or a piece's area and then where it goes.

It knows no game. The adapter gives each area its position (any scale; the map
stretches it over the widget), a title line and content lines of segments, the
links to draw (land, strait, coast), the areas that may be picked now, the routes
a piece picked in one area may take and the path each route previews. The cursor
visits every area by the board cursor's rule (``board_cursor``: arrows to the nearest
area in their direction, Tab / shift+Tab to the next area that may be picked).
Enter on an area with routes picks it and highlights where it may go; Enter on
another area then posts ``PlaceSelected`` with ``"FROM>TO"`` (the screen plays it, or
says why it cannot), and the path of the move there is drawn while the cursor is on
it; Enter on any other area posts its id. Escape drops a pick.

Each area is a box of its own: its title and its pieces framed alike (``[GAN]`` over
``[H1 ]``), a cell clear of links around it. Drawn with the Line API: the map is laid
out once per size and data, on a canvas of at least ``MIN_WIDTH`` x ``MIN_HEIGHT``; a
smaller widget (80x24) shows a window of it that follows the cursor, with a
mini-overview on the status lines, which name the area under the cursor and say
what Enter does there (``status_of``, given by the screen).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import Self

from rich.segment import Segment
from rich.style import Style
from textual.actions import SkipAction
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from maharaja_tui.widgets.board_cursor import Arrow, ArrowMoves, next_target
from maharaja_tui.widgets.board_frame import (
    ENTER,
    MARK_AFTER,
    MARK_BEFORE,
    STATUS_LINES,
    follow,
    note,
    overview,
    status_rows,
)
from maharaja_tui.widgets.changed_rows import KeptStrips, Painted
from maharaja_tui.widgets.clicks import FirstClicks
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments
from maharaja_tui.widgets.selection import PlaceSelected, StatusOf

MIN_WIDTH, MIN_HEIGHT = 72, 24  # below this the map pans (all of it in sight at 120x40);
# at 23 rows the south's boxes could not all find room and were drawn over each other
BOX = 9  # widest box in cells, frame included
TALL = 2  # rows kept for every box: its title and a line of pieces
INNER = BOX - 2


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
    details: dict[str, Segments] = field(default_factory=dict)  # area -> its full name line
    # "FROM>TO" -> the areas a move there passes, TO last (drawn while previewed)
    paths: dict[str, tuple[str, ...]] = field(default_factory=dict)
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
ROUTE_CHAR = "•"  # the links of a previewed move


def _boxed(area: Area) -> list[Segments]:
    """An area's lines inside its frame: the title, then its pieces wrapped to the box
    (at most TALL - 1 lines; what does not fit ends in "…", the status line has all)."""
    tokens: list[Segments] = []
    for line in area.lines:
        word: list[tuple[str, str]] = []
        for text, role in line:
            if text == " ":
                if word:
                    tokens.append(tuple(word))
                word = []
            else:
                word.append((text, role))
        if word:
            tokens.append(tuple(word))
    lines: list[list[tuple[str, str]]] = []
    for token in tokens:
        size = sum(len(t) for t, _ in token)
        if lines and sum(len(t) for t, _ in lines[-1]) + 1 + size <= INNER:
            lines[-1] += [(" ", ""), *token]
        else:
            lines.append(list(token))
    if len(lines) > TALL - 1:
        lines = lines[:TALL - 1]
        lines[-1] = [*lines[-1][:-1], ("…", "dim")]
    return [area.title, *(tuple(line) for line in lines)]


class AreaMap(FirstClicks, RoleStyles, Widget, can_focus=True):
    COMPONENT_CLASSES = {
        "area-map--land", "area-map--strait", "area-map--coast", "area-map--sea",
        "area-map--edge", "area-map--frame", "area-map--picked", "area-map--route"}
    DEFAULT_CSS = """
    AreaMap { height: 1fr; min-height: 12; }
    AreaMap .area-map--land { color: $text-muted 50%; }
    AreaMap .area-map--coast { color: #5f87af 60%; }
    AreaMap .area-map--strait { color: #5fafff; text-style: bold; }
    AreaMap .area-map--sea { color: #5f87d7; }
    AreaMap .area-map--edge { color: $text-muted; text-style: italic; }
    AreaMap .area-map--frame { color: $text-muted; }
    AreaMap .area-map--picked { text-style: bold reverse; color: $warning; }
    AreaMap .area-map--route { color: $accent; text-style: bold; }
    """
    BINDINGS = [
        Binding("left", "cursor('left')", "Left", show=False, id="area-map.left"),
        Binding("right", "cursor('right')", "Right", show=False, id="area-map.right"),
        Binding("up", "cursor('up')", "Up", show=False, id="area-map.up"),
        Binding("down", "cursor('down')", "Down", show=False, id="area-map.down"),
        Binding("tab", "target(1)", "Next target", show=False, id="area-map.next-target"),
        Binding("shift+tab", "target(-1)", "Previous target", show=False,
                id="area-map.previous-target"),
        Binding("enter", "select", "Pick", id="area-map.select"),
        Binding("escape", "drop", "Drop pick", show=False, id="area-map.drop"),
    ]

    # Not repainted by the reactives themselves, which repaint all of it: their
    # watchers draw again and repaint the rows that changed (_repaint).
    data: reactive[AreaMapData] = reactive(AreaMapData, always_update=True, repaint=False)
    cursor: reactive[str | None] = reactive(None, repaint=False)
    picked: reactive[str | None] = reactive(None, repaint=False)

    def __init__(self, colours: Palette | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.colours = colours
        self._grid: list[list[_Cell]] = []  # the whole canvas
        self._anchors: dict[str, tuple[int, int]] = {}  # area -> its box's top left
        self._rows: list[Strip] = []
        self._kept: KeptStrips[_Cell] = KeptStrips()  # the map's rows' strips
        self._origin = (0, 0)
        self._canvas = (0, 0)
        self._drawn: tuple[int, int] = (0, 0)
        self._dirty = True
        self._painted = Painted()  # the rows Textual was last given
        # The last layout: (width, height, the areas' places), the areas it was last
        # asked for, and each area's corner.
        self._laid: tuple[tuple[int, int, tuple[tuple[str, float, float], ...]],
                          tuple[Area, ...], dict[str, tuple[int, int]]] | None = None
        self._moves: ArrowMoves | None = None
        self._said: tuple[str | None, Segments] = (None, ())
        self.status_of: StatusOf | None = None  # the screen's: what Enter does at a place
        self._note: Segments = ()

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
        if self.cursor not in known:  # else it stays where it is, target or not
            self.cursor = next_target(self.spots(), self.targets, None) or next(
                (a.id for a in data.areas), None)
        self._highlighted()
        self._repaint()

    def spots(self) -> dict[str, tuple[int, int]]:
        """Each area's spot for the cursor (the middle of its box's title line), on the
        canvas of the widget's size now."""
        width, height = self.content_size.width, self.content_size.height
        corners = self._lay_out(*self.canvas_size(max(1, width), max(1, height)))
        return {area: (x + BOX // 2, y) for area, (x, y) in corners.items()}

    def point_at(self, place: str) -> bool:
        """The cursor on the area ``place`` (the window follows it)."""
        if place not in {area.id for area in self.data.areas}:
            return False
        self.cursor = place
        return True

    def action_cursor(self, arrow: Arrow) -> None:
        spots = self.spots()
        if self.cursor not in spots:
            self.cursor = next(iter(spots), None)
            return
        moves = self._moves
        if moves is None or moves.spots != spots:
            moves = self._moves = ArrowMoves(spots)
        there = moves.move(self.cursor, arrow)
        if there is None:
            self._note = note(arrow, f"no space further {arrow}")
            self._repaint()
            return
        self.cursor = there

    def action_target(self, step: int) -> None:
        there = next_target(self.spots(), self.targets, self.cursor, step > 0)
        if there is None or there == self.cursor:
            word = "nothing to pick on the map now" if there is None else "this is the only target"
            self._note = note("Tab" if step > 0 else "⇧Tab", word)
            self._repaint()
        else:
            self.cursor = there

    def action_select(self) -> None:
        self.pick(self.cursor)

    def action_drop(self) -> None:
        if self.picked is None:
            raise SkipAction()  # nothing picked: Escape means what the screen says
        self.picked = None

    def enter_place(self, area: str | None) -> str | None:
        """What Enter at ``area`` posts ("FROM>TO" with a piece picked, else the area),
        None when it picks or drops a piece here instead."""
        if area is None:
            return None
        if self.picked is not None:
            return None if area == self.picked else f"{self.picked}>{area}"
        return None if area in self.data.routes else area

    def pick(self, area: str | None) -> None:
        if area is None:
            return
        if self.picked is not None and area == self.picked:
            self.picked = None
            return
        if self.picked is None and area in self.data.routes:
            self.picked = area
            return
        place = self.enter_place(area)
        if place is not None:
            # a destination is played (the pick done); any other place is explained
            # by the screen, the pick kept
            if self.picked is not None and area in self.data.routes.get(self.picked, ()):
                self.picked = None
            self.post_message(PlaceSelected(self, place))

    def on_click(self, event: Click) -> None:
        if self.stray(event):  # the rest of a double click on a dialog now closed
            return
        offset = event.get_content_offset(self)
        if offset is None:
            return
        area = self.place_at(offset.x, offset.y)
        if area is not None:
            self.cursor = area
            self.pick(area)

    def _highlighted(self, focused: bool = False) -> None:
        """What Enter does at the place under the cursor, asked of the screen as it
        moves (``focused``: in the focus event, before ``has_focus`` says so)."""
        place = self.enter_place(self.cursor)
        if place is not None and self.status_of is not None and (focused or self.has_focus):
            self._said = (place, self.status_of(place))

    def watch_cursor(self) -> None:
        self._note = ()
        self._highlighted()
        self._repaint()

    def watch_picked(self) -> None:
        self._note = ()  # a key's word was about the board before the pick
        self._highlighted()
        self._repaint()

    def on_focus(self) -> None:
        self._highlighted(focused=True)
        self._repaint()

    def on_blur(self) -> None:
        self._note = ()
        self._repaint()

    def _repaint(self) -> None:
        """Draw again now and repaint the rows that changed (changed_rows.py); before
        the first drawing, or at a new size, all of it when it is next drawn."""
        width, height = self.content_size.width, self.content_size.height
        if width <= 0 or height <= 0 or self._drawn != (width, height):
            self._dirty = True
            self.refresh()
            return
        self._redraw(width, height)
        self._painted.repaint(self, self._rows)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if not regions:  # a whole paint (a new size or style): of the rows drawn then
            self._painted.forget()
            self._kept.forget()
            self._dirty = True  # drawn again: a new theme's colours, not the old rows
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    # ---------------------------------------------------------------- layout
    def canvas_size(self, width: int, height: int) -> tuple[int, int]:
        return max(width, MIN_WIDTH), max(height - STATUS_LINES, MIN_HEIGHT)

    def _lay_out(self, width: int, height: int) -> dict[str, tuple[int, int]]:
        """Each area's box's top left cell on a canvas of this size, kept while the size
        and the areas' places stay (a step changes what is in the areas, not where they
        are: laid out at every step, this was most of the map's redraw)."""
        areas, laid = self.data.areas, self._laid
        if laid is not None and laid[0][:2] == (width, height) and laid[1] is areas:
            return laid[2]  # the same data: no need to read its places again
        key = (width, height, tuple((a.id, a.x, a.y) for a in areas))
        if laid is not None and laid[0] == key:
            self._laid = (key, areas, laid[2])
            return laid[2]
        out: dict[str, tuple[int, int]] = {}
        if areas:
            xs, ys = [a.x for a in areas], [a.y for a in areas]
            span_x, span_y = max(1.0, max(xs) - min(xs)), max(1.0, max(ys) - min(ys))
            room_x, room_y = max(1, width - BOX - 2), max(1, height - TALL)
            taken: set[tuple[int, int]] = set()
            for area in sorted(areas, key=lambda a: (a.y, a.x)):
                x = 1 + round((area.x - min(xs)) / span_x * room_x)
                y = round((area.y - min(ys)) / span_y * room_y)
                # The free spot nearest the layout hint (a row costs as much as three
                # columns); a box keeps a cell free either side (the cursor's marks).
                for dx, dy in NUDGES:
                    cells = {(x + dx + i, y + dy + j)
                             for i in range(-1, BOX + 1) for j in range(TALL)}
                    if not cells & taken and 1 <= x + dx <= width - BOX - 1 \
                            and 0 <= y + dy <= height - TALL:
                        x, y = x + dx, y + dy
                        break
                taken |= {(x + i, y + j) for i in range(-1, BOX + 1) for j in range(TALL)}
                out[area.id] = (max(1, min(width - BOX - 1, x)), max(0, min(height - TALL, y)))
        self._laid = (key, areas, out)
        return out

    def _draw(self, width: int, height: int) -> None:
        grid = [[_Cell() for _ in range(width)] for _ in range(height)]
        corners = self._lay_out(width, height)
        data = self.data

        def put(x: int, y: int, text: str, role: str, area: str | None = None) -> None:
            for i, ch in enumerate(text):
                if 0 <= y < height and 0 <= x + i < width:
                    grid[y][x + i] = _Cell(ch, role, area)

        path = self._previewed()
        route = set(zip(path, path[1:], strict=False)) if path else set()
        centre = {a: (x + BOX // 2, y) for a, (x, y) in corners.items()}
        for a, b, kind in data.links:
            if a in centre and b in centre:
                (ax, ay), (bx, by) = centre[a], centre[b]
                on_route = (a, b) in route or (b, a) in route
                steps = max(abs(bx - ax), abs(by - ay), 1)
                for n in range(1, steps):
                    put(round(ax + (bx - ax) * n / steps), round(ay + (by - ay) * n / steps),
                        ROUTE_CHAR if on_route else LINK_CHARS.get(kind, "·"),
                        "map:route" if on_route else f"map:{kind}")
        boxes = {a.id: _boxed(a) for a in data.areas if a.id in corners}
        for area_id, lines in boxes.items():  # a clear cell around every box
            x, y = corners[area_id]
            wide = max(sum(len(t) for t, _ in line) for line in lines) + 2
            for row in range(len(lines)):
                put(x - 1, y + row, " " * (wide + 2), "")
        targets = self.targets
        on_path = set(path)
        for area in data.areas:
            if area.id not in boxes:
                continue
            x, y = corners[area.id]
            lines = boxes[area.id]
            inner = max(sum(len(t) for t, _ in line) for line in lines)
            left, right = FRAMES.get(area.frame, FRAMES["land"])
            frame = "map:sea" if area.frame == "sea" else (
                "map:edge" if area.frame == "edge" else "map:frame")
            mark = self._mark(area.id, targets, on_path)
            for row, line in enumerate(lines):
                put(x, y + row, left, mark or frame, area.id)
                cx = x + 1
                for text, role in line:
                    put(cx, y + row, text, self._join(role, mark) if row == 0 else role,
                        area.id)
                    cx += len(text)
                put(cx, y + row, " " * (x + 1 + inner - cx), "", area.id)
                put(x + 1 + inner, y + row, right, mark or frame, area.id)
            if area.id == self.cursor and self.has_focus:  # marks that read without colour
                put(x - 1, y, MARK_BEFORE, "strong", area.id)
                put(x + 2 + inner, y, MARK_AFTER, "strong", area.id)
        self._grid = grid
        self._anchors = corners

    def _previewed(self) -> tuple[str, ...]:
        """The path drawn now: the picked piece's move to the area under the cursor."""
        if self.picked is None or self.cursor is None:
            return ()
        path = self.data.paths.get(f"{self.picked}>{self.cursor}")
        return (self.picked, *path) if path else ()

    def _mark(self, area: str, targets: frozenset[str], on_path: set[str]) -> str:
        if area == self.picked:
            return "map:picked"
        if area == self.cursor and self.has_focus:
            return "cursor"
        if area in on_path:
            return "map:route"
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
        self._painted.drawn(self._rows)
        if 0 <= y < len(self._rows):
            return self._rows[y]
        return Strip.blank(width, self.rich_style)

    def _redraw(self, width: int, height: int) -> None:
        canvas_w, canvas_h = self._canvas = self.canvas_size(width, height)
        self._draw(canvas_w, canvas_h)
        view_h = max(1, height - STATUS_LINES)
        ox, oy = self._origin
        if self.cursor in self._anchors:  # pan so the cursor's box is in sight
            cx, cy = self._anchors[self.cursor]
            ox = follow(ox, cx - 1, cx + BOX + 1, width, canvas_w)
            oy = follow(oy, cy, cy + TALL, view_h, canvas_h)
            # a box cut by the left edge is brought in whole, where the cursor's stays
            cut = [x for x, _ in self._anchors.values() if x - 1 < ox < x + BOX]
            if cut and cx + BOX + 1 <= min(cut) - 1 + width:
                ox = max(0, min(cut) - 1)
        self._origin = (ox, oy) = (min(ox, max(0, canvas_w - width)),
                                   min(oy, max(0, canvas_h - view_h)))
        painter = Painter(self, self.colours)
        styles: dict[str, Style] = {}
        base = self.rich_style

        def strip(cells: Sequence[_Cell]) -> Strip:
            segments = []
            for role, run in groupby(cells, key=lambda c: c.role):
                style = styles.get(role)
                if style is None:
                    style = styles[role] = base + self._style(painter, role)
                segments.append(Segment("".join(c.char for c in run), style))
            return Strip(segments).extend_cell_length(width, base).crop(0, width)

        rows = self._kept.strips((row[ox:ox + width] for row in self._grid[oy:oy + view_h]),
                                 (width, base), strip)
        panned = canvas_w > width or canvas_h > view_h
        mini = overview((canvas_w, canvas_h), (ox, oy, width, view_h),
                        [(x + BOX // 2, y) for x, y in self._anchors.values()]) if panned else ()
        for line in status_rows(self._name_line(), self._status_line(), width, mini):
            rows.append(strip([_Cell(ch, role) for text, role in line for ch in text]))
        self._rows, self._drawn, self._dirty = rows, (width, height), False

    def _name_line(self) -> Segments:
        if self.cursor is None:
            return ()
        detail = self.data.details.get(self.cursor, ((self.cursor, "strong"),))
        if not self.has_focus:  # a hint where the map takes keys (not in a replay)
            return ((("m", "strong"), (": the map by keys · ", "dim"),
                     *detail) if self.can_focus else detail)
        return ((f"{MARK_BEFORE} ", "strong"), *detail)

    def _status_line(self) -> Segments:
        if not self.has_focus or self.cursor is None:
            return ()
        data = self.data
        if self.picked is None and self.cursor in data.routes:
            n = len(data.routes[self.cursor])
            local: Segments = ((f"{ENTER} ", "strong"), ("pick the stack here", ""),
                               (f" (it may go to {n} space{'s' if n != 1 else ''})", "dim"))
            return (*self._note, *local)
        if self.picked is not None and self.cursor == self.picked:
            return (*self._note, (f"{ENTER} or Esc ", "strong"), ("put the stack back", ""))
        said_place, said = self._said
        return (*self._note, *(said if said_place == self.enter_place(self.cursor) else ()))

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
        view_h = self.content_size.height - STATUS_LINES
        if 0 <= y < view_h and 0 <= y + oy < len(self._grid) \
                and 0 <= x + ox < len(self._grid[y + oy]):
            return self._grid[y + oy][x + ox].area
        return None
