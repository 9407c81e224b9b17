"""The palace board and the tile set, loaded from data files and checked (M-BOARD-9).

Both exist in the rulebook only as pictures; the default files hold the spec's
reconstruction (sections 2 and 3) and can be swapped without touching the rules.
A mask is ``"C"`` or the edges carrying a half column, written in N E S W order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import msgspec

from engine.core.errors import RecordError
from engine.maharani.components import SIDES, rot

DATA = Path(__file__).parent / "data"
BOARD_FILE = DATA / "board.json"
TILES_FILE = DATA / "tiles.json"
CENTRAL = "C"
STEPS = {0: (-1, 0), 1: (0, 1), 2: (1, 0), 3: (0, -1)}  # N E S W as (row, col) steps


class CellData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    row: int
    col: int
    quarter: str
    mask: str


class BoardFile(msgspec.Struct, frozen=True):
    quarters: tuple[str, ...]
    sides: tuple[str, ...]
    cells: tuple[CellData, ...]
    # quarter -> the (row, col) of the turntable's square in it, where the slot lying in
    # that quarter is (M-BOARD-8): a square without a cell, beside the quarter's cells
    turntable: dict[str, tuple[int, int]]
    id: str = ""
    source: str = ""


class TileData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    colour: str
    type: str


class TilesFile(msgspec.Struct, frozen=True):
    colours: tuple[str, ...]
    types: dict[str, str]  # column type -> local mask (arrow = local N), M-TILE-1
    tiles: tuple[TileData, ...]
    source: str = ""


@dataclass(frozen=True)
class Tile:
    id: str
    colour: str
    type: str
    mask: str  # local mask

    @property
    def central(self) -> bool:
        return self.mask == CENTRAL


@dataclass
class Palace:
    """The loaded geometry and tile set, with the lookups the rules need precomputed."""

    quarters: tuple[str, ...]  # the order Q of M-BOARD-8
    cells: dict[str, CellData]
    turntable: dict[str, tuple[int, int]]  # quarter -> its slot's square (M-BOARD-8)
    tiles: dict[str, Tile]
    colours: tuple[str, ...]
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    by_quarter: dict[str, tuple[str, ...]] = field(default_factory=dict)
    central_cells: tuple[str, ...] = ()
    central_set: frozenset[str] = frozenset()
    # (tile local mask, cell mask) -> the arrow directions that match (M-PLACE-3, M-TILE-4)
    arrows: dict[tuple[str, str], tuple[int, ...]] = field(default_factory=dict)
    cells_by_mask: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # tile local mask -> every (cell, its quarter, the arrows that fit) with some arrow, in
    # the order of cells_by_mask: the placement listing's one table (not a scan of every
    # cell mask for every slot)
    fitting: dict[str, tuple[tuple[str, str, tuple[int, ...]], ...]] = field(
        default_factory=dict)
    # the same as sets, for "is any of these cells still empty?" asked of the filled
    # cells in one C-level subset test: by tile mask, and by (tile mask, quarter)
    fit_cells: dict[str, frozenset[str]] = field(default_factory=dict)
    fit_cells_in: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)
    quarter_cells: dict[str, frozenset[str]] = field(default_factory=dict)

    def fits(self, tile: str, cell: str) -> tuple[int, ...]:
        """The arrow directions ``tile`` may take on ``cell`` ((): it does not fit)."""
        return self.arrows.get((self.tiles[tile].mask, self.cells[cell].mask), ())


def turn_mask(mask: str, turns: int) -> str:
    """A mask turned ``turns`` quarter turns clockwise, in canonical N E S W order."""
    if mask == CENTRAL:
        return mask
    turned = {SIDES[rot(SIDES.index(edge), turns)] for edge in mask}
    return "".join(side for side in SIDES if side in turned)


def mask_class(mask: str) -> str:
    """M-BOARD-9 (c): masks equal up to rotation form one class, named by its least form."""
    return min(turn_mask(mask, k) for k in range(4))


def _problems_of_board(data: BoardFile) -> list[str]:
    problems: list[str] = []
    if sorted(data.sides) != sorted(SIDES) or len(data.sides) != 4:
        problems.append(f"sides must be N, E, S, W, not {list(data.sides)}")
    if len(set(data.quarters)) != 4:
        problems.append(f"there must be 4 quarters, not {list(data.quarters)}")
    seen: dict[tuple[int, int], str] = {}
    ids: set[str] = set()
    for cell in data.cells:
        if cell.id in ids:
            problems.append(f"cell {cell.id} is listed twice")
        ids.add(cell.id)
        if (cell.row, cell.col) in seen:
            problems.append(f"cells {seen[(cell.row, cell.col)]} and {cell.id} share a position")
        seen[(cell.row, cell.col)] = cell.id
        if cell.quarter not in data.quarters:
            problems.append(f"cell {cell.id} is in unknown quarter {cell.quarter!r}")
        if not cell.mask:
            problems.append(f"cell {cell.id} has an empty mask (M-BOARD-9 b)")
        elif cell.mask != CENTRAL and (set(cell.mask) - set(SIDES)
                                       or len(set(cell.mask)) < len(cell.mask)):
            problems.append(f"cell {cell.id} has mask {cell.mask!r}: expected C or edges from NESW")
    return problems + _turntable_problems(data, seen)


def _turntable_problems(data: BoardFile, cells: dict[tuple[int, int], str]) -> list[str]:
    """M-BOARD-8: one square of the turntable per quarter, without a cell, beside that
    quarter's cells only."""
    if sorted(data.turntable) != sorted(data.quarters):
        return [f"the turntable has squares for {sorted(data.turntable)}, not the quarters "
                f"{sorted(data.quarters)} (M-BOARD-8)"]
    quarter_of = {(c.row, c.col): c.quarter for c in data.cells}
    problems = []
    for quarter, (row, col) in sorted(data.turntable.items()):
        if (row, col) in cells:
            problems.append(f"the turntable's {quarter} square ({row}, {col}) is cell "
                            f"{cells[(row, col)]} (M-BOARD-8)")
            continue
        beside = {quarter_of[(row + dr, col + dc)] for dr, dc in STEPS.values()
                  if (row + dr, col + dc) in quarter_of}
        if beside != {quarter}:
            problems.append(f"the turntable's {quarter} square ({row}, {col}) lies beside "
                            f"{sorted(beside) or 'no cell'}, not the {quarter} quarter only "
                            "(M-BOARD-8)")
    return problems


def _neighbour_problems(cells: dict[str, CellData]) -> list[str]:
    """M-BOARD-9 (a): every half column is completed by the neighbour across its edge."""
    at = {(c.row, c.col): c for c in cells.values()}
    problems: list[str] = []
    for cell in cells.values():
        if cell.mask == CENTRAL:
            continue
        for edge in cell.mask:
            d = SIDES.index(edge)
            dr, dc = STEPS[d]
            other = at.get((cell.row + dr, cell.col + dc))
            if other is None:
                problems.append(f"cell {cell.id} has a half column on its {edge} edge "
                                "with no cell beyond it")
            elif other.mask == CENTRAL or SIDES[rot(d, 2)] not in other.mask:
                problems.append(f"cell {cell.id}'s half column on its {edge} edge "
                                f"is not completed by {other.id}")
    return problems


def _problems_of_tiles(tiles: TilesFile, cells: dict[str, CellData]) -> list[str]:
    problems: list[str] = []
    ids: set[str] = set()
    for tile in tiles.tiles:
        if tile.id in ids:
            problems.append(f"tile {tile.id} is listed twice")
        ids.add(tile.id)
        if tile.colour not in tiles.colours:
            problems.append(f"tile {tile.id} has unknown colour {tile.colour!r}")
        if tile.type not in tiles.types:
            problems.append(f"tile {tile.id} has unknown column type {tile.type!r}")
    if problems:
        return problems
    tile_classes: dict[str, int] = {}
    for tile in tiles.tiles:
        key = mask_class(tiles.types[tile.type])
        tile_classes[key] = tile_classes.get(key, 0) + 1
    cell_classes: dict[str, int] = {}
    for cell in cells.values():
        key = mask_class(cell.mask)
        cell_classes[key] = cell_classes.get(key, 0) + 1
    for key in sorted(set(tile_classes) | set(cell_classes)):
        have, need = tile_classes.get(key, 0), cell_classes.get(key, 0)
        if key == CENTRAL:
            if have < need:  # M-BOARD-9 (d)
                problems.append(f"{have} central-column tiles for {need} central-column "
                                "cells (M-BOARD-9 d)")
        elif have != need:  # M-BOARD-9 (c)
            problems.append(f"{have} tiles but {need} cells with columns like {key!r} "
                            "(M-BOARD-9 c)")
    return problems


def load(board_path: Path = BOARD_FILE, tiles_path: Path = TILES_FILE) -> Palace:
    """Load and check the board and tile files; a bad file raises RecordError naming it."""
    try:
        data = msgspec.json.decode(board_path.read_bytes(), type=BoardFile)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise RecordError(f"board file {board_path}: {exc}") from None
    problems = _problems_of_board(data)
    cells = {c.id: c for c in data.cells}
    problems += _neighbour_problems(cells) if not problems else []
    if problems:
        raise RecordError(f"board file {board_path}: " + "; ".join(problems))
    try:
        tile_data = msgspec.json.decode(tiles_path.read_bytes(), type=TilesFile)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise RecordError(f"tile file {tiles_path}: {exc}") from None
    problems = _problems_of_tiles(tile_data, cells)
    if problems:
        raise RecordError(f"tile file {tiles_path} with board {board_path.name}: "
                          + "; ".join(problems))
    return _build(data, cells, tile_data)


def _build(data: BoardFile, cells: dict[str, CellData], tile_data: TilesFile) -> Palace:
    tiles = {t.id: Tile(t.id, t.colour, t.type, tile_data.types[t.type]) for t in tile_data.tiles}
    at = {(c.row, c.col): c.id for c in cells.values()}
    neighbours = {
        c.id: tuple(at[(c.row + dr, c.col + dc)] for dr, dc in STEPS.values()
                    if (c.row + dr, c.col + dc) in at)
        for c in cells.values()
    }
    by_quarter = {q: tuple(c.id for c in data.cells if c.quarter == q) for q in data.quarters}
    arrows: dict[tuple[str, str], tuple[int, ...]] = {}
    # Sorted, not sets: the order of legal_intents follows these, and a set of strings
    # changes its order with PYTHONHASHSEED (seeded bots would play differently per run).
    cell_masks = sorted({c.mask for c in cells.values()})
    for local in sorted(set(tile_data.types.values())):
        for mask in cell_masks:
            arrows[(local, mask)] = tuple(k for k in range(4) if turn_mask(local, k) == mask)
    cells_by_mask = {m: tuple(c.id for c in data.cells if c.mask == m) for m in cell_masks}
    fitting = {local: tuple((cell, cells[cell].quarter, arrows[(local, mask)])
                            for mask, ids in cells_by_mask.items() if arrows[(local, mask)]
                            for cell in ids)
               for local in sorted(set(tile_data.types.values()))}
    fit_cells = {local: frozenset(f[0] for f in offers) for local, offers in fitting.items()}
    fit_cells_in = {(local, q): frozenset(f[0] for f in offers if f[1] == q)
                    for local, offers in fitting.items() for q in data.quarters}
    return Palace(
        quarters=data.quarters, cells=cells, turntable=dict(data.turntable), tiles=tiles,
        colours=tile_data.colours,
        neighbours=neighbours, by_quarter=by_quarter,
        central_cells=tuple(c.id for c in data.cells if c.mask == CENTRAL),
        central_set=frozenset(c.id for c in data.cells if c.mask == CENTRAL),
        arrows=arrows, cells_by_mask=cells_by_mask, fitting=fitting,
        fit_cells=fit_cells, fit_cells_in=fit_cells_in,
        quarter_cells={q: frozenset(cells) for q, cells in by_quarter.items()},
    )


@cache
def palace() -> Palace:
    return load()
