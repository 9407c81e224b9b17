"""A palace grid of square cells holding tiles, with a turntable of slots: Maharani's board.

The widget draws plain data (``PalaceData``) and knows no rule: which placements are
legal and what each brings come from the adapter as ``Placement`` rows. Placing a
tile is three picks, by keys or by mouse: a slot (``1``-``4``, or a click on it),
a highlighted cell (arrows + Enter, or a click), then a rotation among the legal
ones (``r``/space or another click on the cell), previewed in place with the gold
it brings; Enter (or a click on "place") confirms and posts ``PlaceSelected`` with
``slot:cell:arrow``. Escape steps back.

Two sizes: one row per cell (5 columns) when the room is short (80×24), two rows
per cell (7 columns) with the cells' ids when there is room. Tile colours are drawn
as backgrounds and always carry their letter too, so NO_COLOR loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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

from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments
from maharaja_tui.widgets.selection import PlaceSelected

SIDES = "NESW"
ARROWS = "↑→↓←"
# The columns of a cell or a tile as one glyph pointing at the edges that carry half
# columns; "C" is a central column.
COLUMN_GLYPHS = {"C": "●", "N": "╵", "E": "╶", "S": "╷", "W": "╴", "NS": "│", "EW": "─",
                 "NE": "└", "ES": "┌", "SW": "┐", "NW": "┘", "": " "}
TILE_COLOURS = ("blue", "orange", "green", "red", "yellow", "purple")


def column_glyph(mask: str) -> str:
    return COLUMN_GLYPHS.get("".join(s for s in SIDES if s in mask) if mask != "C" else "C",
                             "+")


@dataclass(frozen=True)
class TileFace:
    """A tile as drawn: its colour (one of TILE_COLOURS), letter, columns, arrow."""

    colour: str
    letter: str
    columns: str  # "C" or the edges with half columns ("NS"), arrow up for a loose tile
    arrow: int = 0  # 0-3 for N E S W


@dataclass(frozen=True)
class PalaceCell:
    id: str
    row: int
    col: int
    quarter: str
    columns: str  # the cell's own columns ("C", "EW"...)
    tile: TileFace | None = None
    artisan: Segments = ()  # what stands on the tile: one letter in its colour


@dataclass(frozen=True)
class Slot:
    number: int
    row: int  # the board position it lies on now (the turntable turns)
    col: int
    tile: TileFace | None


@dataclass(frozen=True)
class Placement:
    """One legal way to place: slot, cell and arrow, and what it brings (words)."""

    slot: int
    cell: str
    arrow: int
    gains: Segments = ()
    zone: frozenset[str] = frozenset()  # the cells whose gold it earns


@dataclass(frozen=True)
class PalaceData:
    cells: tuple[PalaceCell, ...] = ()
    size: int = 8  # rows and columns; a position with neither cell nor slot is a minaret
    slots: tuple[Slot, ...] = ()
    points: int = 0  # the side the turntable points to
    scored: frozenset[str] = frozenset()  # quarters already scored
    placements: tuple[Placement, ...] = ()
    hint: Segments = ()  # the line under the board when nothing is being placed
    highlight: frozenset[str] = frozenset()  # cells drawn marked (a lesson's step)


@dataclass
class _Picked:
    slot: int = 0
    cell: str = ""  # previewing on this cell
    arrow: int = 0
    ways: list[Placement] = field(default_factory=list)  # the legal arrows there


class PalaceGrid(RoleStyles, Widget, can_focus=True):
    COMPONENT_CLASSES = {
        "palace-grid--empty", "palace-grid--minaret", "palace-grid--border",
        "palace-grid--scored", "palace-grid--zone", "palace-grid--artisan",
        "palace-grid--slot", "palace-grid--picked",
        *(f"palace-grid--tile-{c}" for c in TILE_COLOURS)}
    DEFAULT_CSS = """
    PalaceGrid { height: 1fr; min-height: 12; padding: 0 1; }
    PalaceGrid:focus { background: $boost; }
    PalaceGrid .palace-grid--empty { color: $text-muted; background: $surface-lighten-1; }
    PalaceGrid .palace-grid--minaret { color: $text-muted; }
    PalaceGrid .palace-grid--border { color: $primary; }
    PalaceGrid .palace-grid--scored { color: $success; text-style: bold; }
    PalaceGrid .palace-grid--zone { text-style: bold underline; }
    PalaceGrid .palace-grid--artisan { color: white; background: black; text-style: bold; }
    PalaceGrid .palace-grid--slot { text-style: bold; }
    PalaceGrid .palace-grid--picked { text-style: bold reverse; }
    PalaceGrid .palace-grid--tile-blue { color: black; background: #5f9fff; }
    PalaceGrid .palace-grid--tile-orange { color: black; background: #ff9f3f; }
    PalaceGrid .palace-grid--tile-green { color: black; background: #3fbf4f; }
    PalaceGrid .palace-grid--tile-red { color: black; background: #ff5f5f; }
    PalaceGrid .palace-grid--tile-yellow { color: black; background: #e8c000; }
    PalaceGrid .palace-grid--tile-purple { color: black; background: #c77dff; }
    PalaceGrid .role--target { background: $accent 40%; }
    PalaceGrid .role--cursor { text-style: reverse bold; }
    PalaceGrid .role--dim { color: $text-muted; }
    PalaceGrid .role--money { color: $warning; text-style: bold; }
    PalaceGrid .role--strong { text-style: bold; }
    """
    BINDINGS = [
        Binding("left", "cursor(0, -1)", "Left", show=False, id="palace-grid.left"),
        Binding("right", "cursor(0, 1)", "Right", show=False, id="palace-grid.right"),
        Binding("up", "cursor(-1, 0)", "Up", show=False, id="palace-grid.up"),
        Binding("down", "cursor(1, 0)", "Down", show=False, id="palace-grid.down"),
        Binding("enter", "pick", "Pick", id="palace-grid.pick"),
        Binding("r,space", "rotate", "Rotate", id="palace-grid.rotate"),
        Binding("escape", "back", "Back", show=False, id="palace-grid.back"),
        *(Binding(str(n), f"slot({n})", f"Slot {n}", show=False,
                  id=f"palace-grid.slot-{n}") for n in range(1, 5)),
    ]

    Selected = PlaceSelected

    data: reactive[PalaceData] = reactive(PalaceData, always_update=True, layout=True)
    cursor: reactive[tuple[int, int]] = reactive((0, 0))

    def __init__(self, colours: Palette | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.colours = colours
        self.picked = _Picked()
        self._rows: list[Strip] = []
        self._places: list[list[str]] = []  # per screen cell: "cell:ID", "slot:N", "place"
        self._drawn: tuple[int, int] = (0, 0)
        self._dirty = True

    # ------------------------------------------------------------------ state
    def watch_data(self, data: PalaceData) -> None:
        slots = {p.slot for p in data.placements}
        if self.picked.slot not in slots:
            self.picked = _Picked()
        elif self.picked.cell:
            self._preview(self.picked.cell, keep_arrow=True)
        if not self.picked.slot and len(slots) == 1:
            self.picked.slot = next(iter(slots))
        self.refresh()

    def targets(self) -> set[str]:
        """The cells the picked slot's tile may go to now."""
        return {p.cell for p in self.data.placements if p.slot == self.picked.slot}

    def preview(self) -> Placement | None:
        ways = self.picked.ways
        return ways[self.picked.arrow % len(ways)] if ways and self.picked.cell else None

    def _cell_at(self, row: int, col: int) -> str:
        for cell in self.data.cells:
            if (cell.row, cell.col) == (row, col):
                return cell.id
        return ""

    def _slot_at(self, row: int, col: int) -> int:
        for slot in self.data.slots:
            if (slot.row, slot.col) == (row, col):
                return slot.number
        return 0

    def _preview(self, cell: str, keep_arrow: bool = False) -> None:
        ways = [p for p in self.data.placements if p.slot == self.picked.slot and p.cell == cell]
        if not ways:
            self.picked.cell, self.picked.ways = "", []
            return
        arrow = self.picked.arrow if keep_arrow else 0
        self.picked.cell, self.picked.ways, self.picked.arrow = cell, ways, arrow % len(ways)

    # ------------------------------------------------------------------ input
    def action_slot(self, number: int) -> None:
        if any(p.slot == number for p in self.data.placements):
            self.picked = _Picked(slot=number)
            places = {(c.row, c.col) for c in self.data.cells if c.id in self.targets()}
            if self.cursor not in places:  # straight to the first cell it may go to
                self.cursor = min(places)
        else:
            self.app.bell()
        self.refresh()

    def action_cursor(self, drow: int, dcol: int) -> None:
        row, col = self.cursor
        size = self.data.size
        self.cursor = (min(size - 1, max(0, row + drow)), min(size - 1, max(0, col + dcol)))

    def action_pick(self) -> None:
        row, col = self.cursor
        slot = self._slot_at(row, col)
        if slot:
            self.action_slot(slot)
            return
        cell = self._cell_at(row, col)
        if self.picked.cell and cell == self.picked.cell:
            self.confirm()
        elif cell in self.targets():
            self._preview(cell)
            self.refresh()
        else:
            self.app.bell()

    def action_rotate(self) -> None:
        if self.picked.ways:
            self.picked.arrow = (self.picked.arrow + 1) % len(self.picked.ways)
            self.refresh()

    def action_back(self) -> None:
        if self.picked.cell:
            self.picked.cell, self.picked.ways = "", []
        elif self.picked.slot:
            self.picked = _Picked()
        else:
            raise SkipAction()  # nothing to step back from: Escape means what the screen says
        self.refresh()

    def confirm(self) -> None:
        chosen = self.preview()
        if chosen is not None:
            self.post_message(PlaceSelected(
                self, f"{chosen.slot}:{chosen.cell}:{SIDES[chosen.arrow]}"))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(self._places):
            return
        line = self._places[offset.y]
        place = line[offset.x] if 0 <= offset.x < len(line) else ""
        kind, _, what = place.partition(":")
        if kind == "slot":
            self.action_slot(int(what))
        elif kind == "place":
            self.confirm()
        elif kind == "cell":
            cell = next(c for c in self.data.cells if c.id == what)
            self.cursor = (cell.row, cell.col)
            if what == self.picked.cell:
                self.action_rotate()
            elif what in self.targets():
                self._preview(what)
                self.refresh()

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # ----------------------------------------------------------------- drawing
    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        self._dirty = True
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def render_line(self, y: int) -> Strip:
        width, height = self.content_size.width, self.content_size.height
        if width <= 0 or height <= 0:
            return Strip.blank(0)
        if self._dirty or self._drawn != (width, height):
            self._draw(width, height)
            self._drawn, self._dirty = (width, height), False
        if 0 <= y < len(self._rows):
            return self._rows[y]
        return Strip.blank(width, self.rich_style)

    def _style(self, painter: Painter, role: str) -> Style:
        style = Style()
        for part in role.split("+") if role else ():
            if part.startswith("g:"):
                style += self.get_component_rich_style(f"palace-grid--{part[2:]}", partial=True)
            else:
                style += painter.style(part)
        return style

    def _draw(self, width: int, height: int) -> None:
        data = self.data
        size = data.size
        wide = height >= 2 * size + 5 and width >= 8 * size + 1
        cw, ch = (8, 2) if wide else (5, 1)
        mid = size // 2
        lines: list[list[tuple[str, str, str]]] = []  # (text, role, place) per character

        def blank() -> list[tuple[str, str, str]]:
            return [(" ", "", "")] * (size * cw + 1)

        cells = {(c.row, c.col): c for c in data.cells}
        slots = {(s.row, s.col): s for s in data.slots}
        targets = self.targets()
        chosen = self.preview()
        zone = chosen.zone if chosen else frozenset()
        quarters = self._quarter_labels(mid, cw)
        lines.append(quarters[0])
        for row in range(size):
            if row == mid:
                sep = blank()
                for x in range(len(sep)):
                    sep[x] = ("─", "g:border", "")
                centre = mid * cw
                sep[centre] = (ARROWS[data.points % 4], "g:slot+strong", "")
                lines.append(sep)
            for sub in range(ch):
                line: list[tuple[str, str, str]] = []
                for col in range(size):
                    if col == mid:
                        line.append(("│", "g:border", ""))
                    line += self._cell_text(row, col, sub, cw, cells, slots, targets, chosen,
                                            zone)
                lines.append(line)
        lines.append(quarters[1])
        info = self._info_line(chosen)
        while info:  # wrapped to the width, so "[✓ place]" is always on screen
            cut = len(info) if len(info) <= width else max(
                (n for n in range(1, width + 1) if info[n - 1][0] == " "), default=width)
            lines.append(info[:cut])
            info = info[cut:]
        painter = Painter(self, self.colours)
        base = self.rich_style
        styles: dict[str, Style] = {}
        self._rows, self._places = [], []
        for line in lines[:height]:
            segments: list[Segment] = []
            for text, role, _ in line:
                style = styles.get(role)
                if style is None:
                    style = styles[role] = base + self._style(painter, role)
                segments.append(Segment(text, style))
            self._rows.append(Strip(Segment.simplify(segments)).crop_extend(0, width, base))
            self._places.append([p for text, _, p in line for _ in text])

    def _quarter_labels(self, mid: int, cw: int) -> tuple[list[tuple[str, str, str]], ...]:
        """The quarters' names above and below the grid, ✓ once scored."""
        by_corner: dict[tuple[bool, bool], str] = {}
        for cell in self.data.cells:
            by_corner.setdefault((cell.row >= mid, cell.col >= mid), cell.quarter)
        out = []
        for lower in (False, True):
            line: list[tuple[str, str, str]] = []
            for right in (False, True):
                quarter = by_corner.get((lower, right), "")
                done = quarter in self.data.scored
                text = f" {quarter} ✓ scored" if done else f" {quarter}"
                text = text[: mid * cw].ljust(mid * cw + (0 if right else 1))
                line += [(ch, "g:scored" if done else "dim", "") for ch in text]
            out.append(line)
        return tuple(out)

    def _cell_text(self, row: int, col: int, sub: int, cw: int,
                   cells: dict[tuple[int, int], PalaceCell], slots: dict[tuple[int, int], Slot],
                   targets: set[str], chosen: Placement | None,
                   zone: frozenset[str]) -> list[tuple[str, str, str]]:
        cursor = self.has_focus and self.cursor == (row, col)
        slot = slots.get((row, col))
        if slot is not None:
            return self._slot_text(slot, sub, cw, cursor)
        cell = cells.get((row, col))
        if cell is None:
            text = " ▲▲▲ ".center(cw) if sub == 0 else " " * cw
            return [(ch, "g:minaret", "") for ch in text]
        place = f"cell:{cell.id}"
        tile, arrow = cell.tile, 0
        previewing = False
        if chosen is not None and chosen.cell == cell.id:  # the placement being chosen
            previewing = True
            slot_tile = next((s.tile for s in self.data.slots if s.number == chosen.slot), None)
            tile, arrow = slot_tile, chosen.arrow
        elif tile is not None:
            arrow = tile.arrow
        out: list[tuple[str, str, str]]
        if tile is None:
            role = "g:empty"
            glyph = column_glyph(cell.columns)
            if cw == 5:
                out = [(f"  {glyph}  ", role, place)]
            elif sub == 0:
                out = [(f"    {glyph}   ", role, place)]
            else:
                out = [(f"   {cell.id:<5}"[:cw], f"{role}+dim", place)]
        else:
            role = f"g:tile-{tile.colour}"
            artisan = cell.artisan if not previewing else ()
            if cw == 5 or sub == 0:
                head = (f" {tile.letter}{ARROWS[arrow]}" if cw == 5
                        else f" {tile.letter} {ARROWS[arrow]}  ")
                out = [(head, role, place)]
                if cw == 5:
                    out += [(t, f"g:artisan+{r}", place) for t, r in artisan] or [(" ", role,
                                                                                   place)]
                    out.append((" ", role, place))
                else:
                    out.append((f"{column_glyph(cell.columns)} ", role, place))
            else:  # the artisan, then the cell's id to read the log by
                out = [(" ", role, place)]
                out += [(t, f"g:artisan+{r}", place) for t, r in artisan] or [(" ", role, place)]
                out.append((f" {cell.id:<4} "[: cw - 2], f"{role}", place))
        extra = ""
        if cursor:
            extra = "+cursor"
        elif previewing:
            extra = "+g:picked"
        elif cell.id in zone:
            extra = "+g:zone"
        elif cell.id in self.data.highlight:
            extra = "+news"
        elif cell.id in targets:
            extra = "+target"
        if extra:
            out = [(t, r + extra, p) for t, r, p in out]
        return self._fit(out, cw)

    def _slot_text(self, slot: Slot, sub: int, cw: int,
                   cursor: bool) -> list[tuple[str, str, str]]:
        place = f"slot:{slot.number}"
        tile = slot.tile
        mark = "+g:picked" if slot.number == self.picked.slot else ""
        mark = "+cursor" if cursor else mark
        if sub == 1:
            word = "slot" if tile else "empty"
            return self._fit([(f" {word}".ljust(cw), "dim" + mark, place)], cw)
        if tile is None:
            return self._fit([(f" {slot.number} · ".ljust(cw), "g:slot+dim" + mark, place)], cw)
        glyph = column_glyph(tile.columns)
        text = (f" {slot.number}{tile.letter}{glyph} " if cw == 5
                else f" {slot.number} {tile.letter}  {glyph}")
        return self._fit([(text, f"g:tile-{tile.colour}+g:slot{mark}", place)], cw)

    @staticmethod
    def _fit(parts: list[tuple[str, str, str]], cw: int) -> list[tuple[str, str, str]]:
        """Exactly ``cw`` characters, one entry per character (clicks map to places)."""
        out = [(ch, role, place) for text, role, place in parts for ch in text]
        return (out + [(" ", "", "")] * cw)[:cw]

    def _info_line(self, chosen: Placement | None) -> list[tuple[str, str, str]]:
        if chosen is not None:
            ways = len(self.picked.ways)
            parts: list[tuple[str, str, str]] = [
                (f"slot {chosen.slot} → {chosen.cell} {ARROWS[chosen.arrow]}", "strong", ""),
                (f" ({self.picked.arrow + 1}/{ways} r)" if ways > 1 else "", "dim", ""),
                (" ", "", "")]
            parts += [(t, r, "") for t, r in chosen.gains]
            parts += [(" ", "", ""), ("[✓ place]", "strong+target", "place")]
        elif self.picked.slot:
            parts = [(f"slot {self.picked.slot}: pick a highlighted cell", "", "")]
        else:
            parts = [(t, r, "") for t, r in self.data.hint]
        return [(ch, role, place) for text, role, place in parts for ch in text]
