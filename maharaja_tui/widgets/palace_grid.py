"""A palace grid of square cells holding tiles, with a turntable of slots: Maharani's board.

The widget draws plain data (``PalaceData``) and knows no rule: which placements are
legal and what each brings come from the adapter as ``Placement`` rows. Placing a
tile, by keys or by mouse: a slot (``1``-``4``, Enter on it, or a click), then the
cursor onto a highlighted cell (arrows by the board cursor's rule, ``board_cursor``;
Tab / shift+Tab jump between the highlighted cells; or a click): the tile is
previewed there at once, drawn with the zone whose gold it earns (``+`` in those
cells) and the gold on the status line; ``r``/space (or another click) turns it to
the next legal rotation; Enter (or a click on "[✓ place]") places it, posting
``PlaceSelected`` with ``slot:cell:arrow``. Enter on a cell the tile cannot go to
posts ``slot:cell``, for the screen to say why (the cursor stays). Escape steps back.
Every key says something: a slot with no placement, ``r`` where the tile fits one
way only, an arrow with no cell ahead.

Two sizes: one row per cell (5 columns) when the room is short (80×24), two rows
per cell (8 columns) with the cells' ids when there is room. Tile colours are drawn
as backgrounds and always carry their letter too, so NO_COLOR loses nothing; the
cursor is marked ``▸ ◂`` besides its reverse video.
"""

from __future__ import annotations

from collections.abc import Sequence
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

from maharaja_tui.widgets.board_cursor import Arrow, ArrowMoves, next_target
from maharaja_tui.widgets.board_frame import (
    ENTER,
    MARK_AFTER,
    MARK_BEFORE,
    STATUS_LINES,
    note,
    status_rows,
)
from maharaja_tui.widgets.changed_rows import KeptStrips, Painted
from maharaja_tui.widgets.clicks import FirstClicks
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments
from maharaja_tui.widgets.selection import PlaceSelected, StatusOf

SIDES = "NESW"
ARROWS = "↑→↓←"
# The columns of a cell or a tile as one glyph pointing at the edges that carry half
# columns; "C" is a central column.
COLUMN_GLYPHS = {"C": "●", "N": "╵", "E": "╶", "S": "╷", "W": "╴", "NS": "│", "EW": "─",
                 "NE": "└", "ES": "┌", "SW": "┐", "NW": "┘", "": " "}
TILE_COLOURS = ("blue", "orange", "green", "red", "yellow", "purple")
PLACE_BUTTON = "[✓ place]"  # on the status line: a click places the tile previewed


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
    hint: Segments = ()  # the status line when nothing is being placed
    highlight: frozenset[str] = frozenset()  # cells drawn marked (a lesson's step)


@dataclass
class _Picked:
    slot: int = 0
    cell: str = ""  # previewing on this cell
    arrow: int = 0
    ways: list[Placement] = field(default_factory=list)  # the legal arrows there


class PalaceGrid(FirstClicks, RoleStyles, Widget, can_focus=True):
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
        Binding("left", "cursor('left')", "Left", show=False, id="palace-grid.left"),
        Binding("right", "cursor('right')", "Right", show=False, id="palace-grid.right"),
        Binding("up", "cursor('up')", "Up", show=False, id="palace-grid.up"),
        Binding("down", "cursor('down')", "Down", show=False, id="palace-grid.down"),
        Binding("tab", "target(1)", "Next cell", show=False, id="palace-grid.next-target"),
        Binding("shift+tab", "target(-1)", "Previous cell", show=False,
                id="palace-grid.previous-target"),
        Binding("enter", "pick", "Pick", id="palace-grid.pick"),
        Binding("r,space", "rotate", "Rotate", id="palace-grid.rotate"),
        Binding("escape", "back", "Back", show=False, id="palace-grid.back"),
        *(Binding(str(n), f"slot({n})", f"Slot {n}", show=False,
                  id=f"palace-grid.slot-{n}") for n in range(1, 5)),
    ]

    Selected = PlaceSelected

    # Not repainted by the reactive, which repaints (and lays out) all of it: its
    # watcher draws again and repaints the rows that changed (_repaint, changed_rows.py).
    data: reactive[PalaceData] = reactive(PalaceData, always_update=True, repaint=False)
    cursor: reactive[tuple[int, int]] = reactive((0, 0))

    def __init__(self, colours: Palette | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.colours = colours
        self.picked = _Picked()
        self._rows: list[Strip] = []
        self._places: list[list[str]] = []  # per screen cell: "cell:ID", "slot:N", "place"
        self._drawn: tuple[int, int] = (0, 0)
        self._dirty = True
        self._painted = Painted()  # the rows Textual was last given
        self._kept: KeptStrips[tuple[str, str]] = KeptStrips()  # the rows' strips
        # The base drawn on, each role's style over it and each component's style, until
        # the styles change (looked up at every move, most of drawing a changed row).
        self._styles: tuple[Style | None, dict[str, Style], dict[str, Style]] = (None, {}, {})
        self._moves: ArrowMoves | None = None
        self._said: tuple[str | None, Segments] = (None, ())
        self.status_of: StatusOf | None = None  # the screen's: what Enter does at a place
        self._note: Segments = ()  # a key's own word (no cell ahead, one rotation only)
        self._clicked = ""  # the place clicked last: a second click on a tile turns it

    # ------------------------------------------------------------------ state
    def watch_data(self, data: PalaceData) -> None:
        slots = {p.slot for p in data.placements}
        if self.picked.slot not in slots:
            self.picked = _Picked()
            self._note = ()  # a key's word about the tile that was placed
        elif self.picked.cell:
            self._preview(self.picked.cell, keep_arrow=True)
        if not self.picked.slot and len(slots) == 1:
            self.picked.slot = next(iter(slots))
        self._moves = None
        self._highlighted()
        self._repaint()

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
        arrow = self.picked.arrow if keep_arrow and cell == self.picked.cell else 0
        self.picked.cell, self.picked.ways, self.picked.arrow = cell, ways, arrow % len(ways)

    def _follow_cursor(self) -> None:
        """The preview follows the cursor: on a cell the picked tile may go to it is
        shown there (as it would be placed), elsewhere none."""
        cell = self._cell_at(*self.cursor)
        if self.picked.slot and cell in self.targets():
            self._preview(cell, keep_arrow=True)
        else:
            self.picked.cell, self.picked.ways = "", []

    # ---------------------------------------------------------------- places
    def place_spots(self) -> dict[tuple[int, int], tuple[int, int]]:
        """Each cell's and slot's (row, col) -> its spot on screen at the size now."""
        cw, ch = self._cell_size()
        mid = self.data.size // 2
        positions = [(c.row, c.col) for c in self.data.cells]
        positions += [(s.row, s.col) for s in self.data.slots]
        return {(r, c): (c * cw + (1 if c >= mid else 0) + cw // 2,
                         1 + r * ch + (1 if r >= mid else 0)) for r, c in positions}

    def _cell_size(self) -> tuple[int, int]:
        size = self.data.size
        width, height = self.content_size.width, self.content_size.height
        wide = height >= 2 * size + 4 + STATUS_LINES and width >= 8 * size + 1
        return (8, 2) if wide else (5, 1)

    def _key(self, at: tuple[int, int]) -> str:
        return f"{at[0]},{at[1]}"

    def _spots(self) -> dict[str, tuple[int, int]]:
        return {self._key(at): spot for at, spot in self.place_spots().items()}

    def _target_positions(self) -> set[tuple[int, int]]:
        """Where Tab goes: the highlighted cells, or the slots when none is picked."""
        if self.picked.slot:
            targets = self.targets()
            return {(c.row, c.col) for c in self.data.cells if c.id in targets}
        slots = {p.slot for p in self.data.placements}
        return {(s.row, s.col) for s in self.data.slots if s.number in slots}

    # ------------------------------------------------------------------ input
    def action_slot(self, number: int) -> None:
        if number == self.picked.slot:
            self._note = note(str(number), f"slot {number} is picked: bring its tile onto "
                                           "a highlighted cell")
        elif any(p.slot == number for p in self.data.placements):
            self.picked = _Picked(slot=number)
            places = {(c.row, c.col) for c in self.data.cells if c.id in self.targets()}
            if self.cursor not in places:  # straight to the first cell it may go to
                self.cursor = min(places)
            self._follow_cursor()
            self._highlighted()
        else:
            tile = next((s.tile for s in self.data.slots if s.number == number), None)
            why = "is empty" if tile is None else "has no tile that fits anywhere now"
            self._note = note(str(number), f"slot {number} {why}", "warning")
        self.refresh()

    def point_at(self, place: str) -> bool:
        """The cursor on the cell whose id is ``place`` (``r3c4``)."""
        cell = next((c for c in self.data.cells if c.id == place), None)
        if cell is None:
            return False
        self.cursor = (cell.row, cell.col)
        return True

    def action_cursor(self, arrow: Arrow) -> None:
        spots = self._spots()
        moves = self._moves
        if moves is None or moves.spots != spots:
            moves = self._moves = ArrowMoves(spots)
        here = self._key(self.cursor)
        if here not in spots:  # on no place (a minaret): the nearest place
            self.cursor = min(self.place_spots(), key=lambda at: (
                abs(at[0] - self.cursor[0]) + abs(at[1] - self.cursor[1]), at))
            return
        there = moves.move(here, arrow)
        if there is None:
            self._note = note(arrow, f"no cell further {arrow}")
            self.refresh()
            return
        row, col = there.split(",")
        self.cursor = (int(row), int(col))

    def action_target(self, step: int) -> None:
        spots = self.place_spots()
        targets = {self._key(at) for at in self._target_positions()}
        there = next_target(self._spots(), targets, self._key(self.cursor), step > 0)
        if there is None or there == self._key(self.cursor):
            word = "nothing to pick on the board now" if there is None else "the only one"
            self._note = note("Tab" if step > 0 else "⇧Tab", word)
            self.refresh()
            return
        row, col = there.split(",")
        if (int(row), int(col)) in spots:
            self.cursor = (int(row), int(col))

    def action_pick(self) -> None:
        row, col = self.cursor
        slot = self._slot_at(row, col)
        if slot:
            self.action_slot(slot)
            return
        cell = self._cell_at(row, col)
        if self.picked.cell and cell == self.picked.cell:
            self.confirm()
        elif not cell:
            self._note = note(ENTER, "no cell here")
            self.refresh()
        elif not self.picked.slot:
            self._note = note(ENTER, "pick a slot first: 1-4, or Enter on one in the middle",
                              "warning")
            self.refresh()
        else:  # no target: the screen says why, the cursor stays
            self.post_message(PlaceSelected(self, f"{self.picked.slot}:{cell}"))

    def action_rotate(self) -> None:
        ways = len(self.picked.ways)
        if ways > 1:
            self.picked.arrow = (self.picked.arrow + 1) % ways
            self._highlighted()
        elif ways == 1:
            self._note = note("r", "the tile fits here one way only", "warning")
        else:
            self._note = note("r", "turns the tile once it is on a highlighted cell")
        self.refresh()

    def action_back(self) -> None:
        if self.picked.cell:
            # the cursor leaves the cell, so the preview does not follow it back at once
            self.picked.cell, self.picked.ways = "", []
            self.picked = _Picked(slot=self.picked.slot)
        elif self.picked.slot:
            self.picked = _Picked()
        else:
            raise SkipAction()  # nothing to step back from: Escape means what the screen says
        self._highlighted()
        self.refresh()

    def confirm(self) -> None:
        chosen = self.preview()
        if chosen is not None:
            self.post_message(PlaceSelected(
                self, f"{chosen.slot}:{chosen.cell}:{SIDES[chosen.arrow]}"))

    def enter_place(self) -> str | None:
        """What Enter posts under the cursor now (None: it picks a slot or says why itself)."""
        chosen = self.preview()
        if chosen is not None:
            return f"{chosen.slot}:{chosen.cell}:{SIDES[chosen.arrow]}"
        cell = self._cell_at(*self.cursor)
        if cell and self.picked.slot:
            return f"{self.picked.slot}:{cell}"
        return None

    def _highlighted(self, focused: bool = False) -> None:
        """What Enter does at the place under the cursor, asked of the screen as it
        moves (``focused``: in the focus event, before ``has_focus`` says so)."""
        place = self.enter_place()
        if place is not None and self.status_of is not None and (focused or self.has_focus):
            self._said = (place, self.status_of(place))

    def on_click(self, event: Click) -> None:
        if self.stray(event):  # the rest of a double click on a dialog now closed
            return
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
            if what == self.picked.cell and self._clicked == place:  # clicked again
                self.action_rotate()
            else:
                self.cursor = (cell.row, cell.col)
                self._follow_cursor()
                self.refresh()
        self._clicked = place

    def watch_cursor(self) -> None:
        self._note = ()
        self._follow_cursor()
        self.refresh()
        self._highlighted()

    def on_focus(self) -> None:
        self.refresh()
        self._highlighted(focused=True)

    def on_blur(self) -> None:
        self._note = ()
        self.refresh()

    # ----------------------------------------------------------------- drawing
    def notify_style_update(self) -> None:
        self._styles = (None, {}, {})  # a new theme or state: the roles' styles too
        super().notify_style_update()

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if not regions:  # rows asked for by _repaint are drawn already
            self._dirty = True
            self._painted.forget()
            self._kept.forget()  # a new size or style: every row drawn anew
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _repaint(self) -> None:
        """Draw again now and repaint the rows that changed (a tile placed changes a
        few rows and the status lines); before the first drawing, or at a new size, all
        of it when it is next drawn."""
        width, height = self.content_size.width, self.content_size.height
        if width <= 0 or height <= 0 or self._drawn != (width, height):
            self.refresh()
            return
        self._draw(width, height)
        self._dirty = False
        self._painted.repaint(self, self._rows)

    def render_line(self, y: int) -> Strip:
        width, height = self.content_size.width, self.content_size.height
        if width <= 0 or height <= 0:
            return Strip.blank(0)
        if self._dirty or self._drawn != (width, height):
            self._draw(width, height)
            self._drawn, self._dirty = (width, height), False
        self._painted.drawn(self._rows)
        if 0 <= y < len(self._rows):
            return self._rows[y]
        return Strip.blank(width, self.rich_style)

    def _style(self, painter: Painter, role: str) -> Style:
        """A role's style (its parts joined by ``+``), each component's looked up once
        while the styles stay (``_styles``)."""
        kept = self._styles[2]
        style = Style()
        for part in role.split("+") if role else ():
            if part.startswith("g:"):
                looked = kept.get(part)
                if looked is None:
                    looked = kept[part] = self.get_component_rich_style(
                        f"palace-grid--{part[2:]}", partial=True)
                style += looked
            else:
                style += painter.style(part)
        return style

    def _draw(self, width: int, height: int) -> None:
        data = self.data
        size = data.size
        cw, ch = self._cell_size()
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
        lines = lines[:max(0, height - STATUS_LINES)]
        for status in status_rows(self._name_line(), self._status_line(chosen), width):
            text = "".join(t for t, _ in status)
            at = text.find(PLACE_BUTTON)
            line = [(ch_, role, "") for t, role in status for ch_ in t]
            if at >= 0:  # the button a click places the tile with
                line[at:at + len(PLACE_BUTTON)] = [
                    (ch_, role, "place") for ch_, role, _ in line[at:at + len(PLACE_BUTTON)]]
            lines.append(line)
        painter = Painter(self, self.colours)
        base = self.rich_style
        if self._styles[0] != base:
            self._styles = (base, {}, self._styles[2])
        styles = self._styles[1]

        def strip(cells: Sequence[tuple[str, str]]) -> Strip:
            segments: list[Segment] = []
            for text, role in cells:
                style = styles.get(role)
                if style is None:
                    style = styles[role] = base + self._style(painter, role)
                segments.append(Segment(text, style))
            return Strip(Segment.simplify(segments)).crop_extend(0, width, base)

        # A move changes a few rows (a tile placed, the status lines): the others keep
        # the strips drawn before (building every row's strip was most of a redraw, at
        # every seat of a table at every move).
        shown = lines[:height]
        self._rows = self._kept.strips(
            (tuple((text, role) for text, role, _ in line) for line in shown),
            (width, base), strip)
        self._places = [[p for text, _, p in line for _ in text] for line in shown]

    def _name_line(self) -> Segments:
        """The place under the cursor: a cell with its quarter and what is on it, or a slot."""
        row, col = self.cursor
        slot = self._slot_at(row, col)
        if slot:
            tile = next((s.tile for s in self.data.slots if s.number == slot), None)
            what = "empty" if tile is None else f"a {tile.colour} tile"
            return ((f"{MARK_BEFORE} ", "strong"), (f"slot {slot}", "strong"),
                    (f": {what}", ""))
        cell = next((c for c in self.data.cells if (c.row, c.col) == (row, col)), None)
        if cell is None:
            return ()
        held = "empty" if cell.tile is None else f"a {cell.tile.colour} tile"
        return ((f"{MARK_BEFORE} ", "strong"), (cell.id, "strong"),
                (f" ({cell.quarter}): {held}", ""))

    def _status_line(self, chosen: Placement | None) -> Segments:
        if not self.has_focus:
            return tuple(self.data.hint)
        if chosen is not None:
            ways = len(self.picked.ways)
            parts: list[tuple[str, str]] = [
                (f"{ENTER} ", "strong"), (PLACE_BUTTON, "strong+target"), (" ", ""),
                (f"slot {chosen.slot} → {chosen.cell} {ARROWS[chosen.arrow]}", "strong"),
                (f" ({self.picked.arrow + 1}/{ways} r)" if ways > 1 else "", "dim"),
                (" ", "")]
            return (*self._note, *parts, *chosen.gains)
        if self.picked.slot:
            said_place, said = self._said
            if said_place is not None and said_place == self.enter_place():
                return (*self._note, *said)
            return (*self._note, (f"slot {self.picked.slot}: pick a highlighted cell", ""))
        if not self.data.placements:
            return (*self._note, ("nothing to place now", "dim"))
        return (*self._note, ("1-4 picks a slot", ""),
                (" (or Tab to one and Enter)", "dim"))

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
        chars = self._fit(out, cw)
        if sub == 0 and cell.id in zone and not previewing and not cursor:
            chars[0] = ("+", chars[0][1], place)  # its gold counts: drawn, not only styled
        return self._marked(chars) if cursor and sub == 0 else chars

    @staticmethod
    def _marked(chars: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
        """A place's first line with the cursor's marks in its outer cells."""
        chars[0] = (MARK_BEFORE, chars[0][1], chars[0][2])
        chars[-1] = (MARK_AFTER, chars[-1][1], chars[-1][2])
        return chars

    def _slot_text(self, slot: Slot, sub: int, cw: int,
                   cursor: bool) -> list[tuple[str, str, str]]:
        place = f"slot:{slot.number}"
        tile = slot.tile
        mark = "+g:picked" if slot.number == self.picked.slot else ""
        mark = "+cursor" if cursor else mark
        if sub == 1:
            word = "slot" if tile else "empty"
            return self._fit([(f" {word}".ljust(cw), "dim" + mark, place)], cw)
        chars = self._slot_first_line(slot, cw, mark, place)
        return self._marked(chars) if cursor else chars

    def _slot_first_line(self, slot: Slot, cw: int, mark: str,
                         place: str) -> list[tuple[str, str, str]]:
        tile = slot.tile
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
