"""The palace geometry and the tile set as loaded from data (M-BOARD, M-TILE, M-COMP-2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.errors import RecordError
from engine.maharani.board import BOARD_FILE, TILES_FILE, load, mask_class, palace
from engine.maharani.queries import slot_quarter, slot_square

QUARTER_OF = {"NW": (range(0, 4), range(0, 4)), "NE": (range(0, 4), range(4, 8)),
              "SE": (range(4, 8), range(4, 8)), "SW": (range(4, 8), range(0, 4))}


def test_grid_has_56_cells_without_minarets_or_turntable() -> None:
    """M-BOARD-1, M-COMP-1: an 8x8 grid less 4 minarets and the 2x2 turntable."""
    cells = palace().cells
    assert len(cells) == 56
    for gone in ("r0c0", "r0c7", "r7c0", "r7c7", "r3c3", "r3c4", "r4c3", "r4c4"):
        assert gone not in cells
    assert all(0 <= c.row < 8 and 0 <= c.col < 8 and c.id == f"r{c.row}c{c.col}"
               for c in cells.values())


def test_quarters_and_cell_types() -> None:
    """M-BOARD-2, M-BOARD-3: 14 cells a quarter, 2 C, 6 H1 and 6 H2 in each; quarters
    map onto one another under a quarter turn."""
    board = palace()
    assert board.quarters == ("NW", "NE", "SE", "SW")
    for quarter, (rows, cols) in QUARTER_OF.items():
        cells = [board.cells[c] for c in board.by_quarter[quarter]]
        assert len(cells) == 14
        assert all(c.row in rows and c.col in cols for c in cells)
        kinds = [("C" if c.mask == "C" else f"H{len(c.mask)}") for c in cells]
        assert (kinds.count("C"), kinds.count("H1"), kinds.count("H2")) == (2, 6, 6)
    for cell in board.cells.values():  # a quarter turn clockwise about the centre
        turned = board.cells[f"r{cell.col}c{7 - cell.row}"]
        assert mask_class(turned.mask) == mask_class(cell.mask)


def test_central_column_cells() -> None:
    """M-BOARD-4: the 8 central-column cells."""
    assert sorted(palace().central_cells) == sorted(
        ["r1c1", "r2c2", "r1c6", "r2c5", "r5c5", "r6c6", "r5c2", "r6c1"])


def test_adjacency() -> None:
    """M-BOARD-5: orthogonal neighbours only; the turntable joins nothing."""
    n = palace().neighbours
    assert "r3c5" not in n["r3c2"] and "r1c2" not in n["r0c1"]  # diagonal
    assert set(n["r0c1"]) == {"r0c2", "r1c1"}  # the minaret r0c0 is no cell
    assert set(n["r2c3"]) == {"r1c3", "r2c2", "r2c4"}  # r3c3 is the turntable
    assert all(b in n[a] for a in n for b in n[a])


def test_twelve_adjacencies_cross_quarter_borders() -> None:
    """M-BOARD-6: exactly 12, none between NW and SE or NE and SW."""
    board = palace()
    crossing = {tuple(sorted((a, b))) for a in board.neighbours for b in board.neighbours[a]
                if board.cells[a].quarter != board.cells[b].quarter}
    assert len(crossing) == 12
    pairs = {frozenset((board.cells[a].quarter, board.cells[b].quarter)) for a, b in crossing}
    assert pairs == {frozenset(p) for p in (("NW", "NE"), ("NE", "SE"), ("SE", "SW"),
                                            ("SW", "NW"))}
    assert ("r0c3", "r0c4") in crossing and ("r3c0", "r4c0") in crossing


def test_turntable_slots_change_quarter() -> None:
    """M-BOARD-8, M-AMB-7: slot s lies in Q[(s-1+o) mod 4]; turning moves each slot on."""
    table = {0: "NW NE SE SW", 1: "NE SE SW NW", 2: "SE SW NW NE", 3: "SW NW NE SE"}
    for orientation, row in table.items():
        assert [slot_quarter(orientation, s) for s in (1, 2, 3, 4)] == row.split()


def test_tile_set() -> None:
    """M-COMP-2, M-TILE-2, M-TILE-3: 60 tiles, 10 per colour of 6, 2 C, 4 H1, 4 H2 each."""
    board = palace()
    assert len(board.tiles) == 60
    assert board.colours == ("T_BLUE", "T_ORANGE", "T_GREEN", "T_RED", "T_YELLOW", "T_PURPLE")
    for colour in board.colours:
        kinds = sorted(t.type for t in board.tiles.values() if t.colour == colour)
        assert kinds == sorted(["C", "C", "H1-F", "H1-R", "H1-B", "H1-L",
                                "H2-P", "H2-P", "H2-X", "H2-X"])
    assert {"T_BLUE-C-1", "T_BLUE-H1-F", "T_BLUE-H2-P-2"} <= set(board.tiles)
    assert sum(t.central for t in board.tiles.values()) == 12


def test_local_masks() -> None:
    """M-TILE-1: column types relative to the arrow (local N)."""
    masks = {t.type: t.mask for t in palace().tiles.values()}
    assert masks == {"C": "C", "H1-F": "N", "H1-R": "E", "H1-B": "S", "H1-L": "W",
                     "H2-P": "NS", "H2-X": "EW"}


def _arrows(kind: str, cell: str) -> set[str]:
    tile = next(t.id for t in palace().tiles.values() if t.type == kind)
    return {"NESW"[a] for a in palace().fits(tile, cell)}


def test_arrow_after_placement_on_h1_cells() -> None:
    """M-TILE-4, M-EX-2, M-AMB-3: one rotation on H1 cells, F c, R c-1, B c+2, L c+1."""
    assert _arrows("H1-F", "r0c1") == {"E"}
    assert _arrows("H1-R", "r0c1") == {"N"}
    assert _arrows("H1-B", "r0c1") == {"W"}
    assert _arrows("H1-L", "r0c1") == {"S"}
    for cell in palace().cells.values():
        if len(cell.mask) == 1 and cell.mask != "C":
            c = "NESW".index(cell.mask)
            for kind, turn in (("H1-F", 0), ("H1-R", -1), ("H1-B", 2), ("H1-L", 1)):
                assert _arrows(kind, cell.id) == {"NESW"[(c + turn) % 4]}


def test_arrow_after_placement_on_h2_and_c_cells() -> None:
    """M-TILE-4, M-EX-2: H2-P along the axis, H2-X across; C any way; mismatches none."""
    assert _arrows("H2-P", "r0c2") == {"E", "W"} and _arrows("H2-X", "r0c2") == {"N", "S"}
    assert _arrows("H2-P", "r2c0") == {"N", "S"} and _arrows("H2-X", "r2c0") == {"E", "W"}
    assert _arrows("C", "r1c1") == set("NESW")
    for kind in ("H1-F", "H1-R", "H1-B", "H1-L", "H2-P", "H2-X"):
        assert _arrows(kind, "r1c1") == set()
    assert _arrows("C", "r0c1") == set() and _arrows("H2-P", "r0c1") == set()


# ------------------------------------------------------------------ loading bad data (M-BOARD-9)
def _write(tmp: Path, board: dict | None = None, tiles: dict | None = None) -> tuple[Path, Path]:
    b, t = tmp / "board.json", tmp / "tiles.json"
    b.write_text(json.dumps(board or json.loads(BOARD_FILE.read_text())))
    t.write_text(json.dumps(tiles or json.loads(TILES_FILE.read_text())))
    return b, t


def _board() -> dict:
    return json.loads(BOARD_FILE.read_text())


def _with_mask(cell: str, mask: str) -> dict:
    data = _board()
    for c in data["cells"]:
        if c["id"] == cell:
            c["mask"] = mask
    return data


def test_default_data_loads(tmp_path: Path) -> None:
    """M-BOARD-9, M-AMB-1, M-AMB-4: the reconstruction is data and loads from any path."""
    assert len(load(*_write(tmp_path)).cells) == 56


def test_unmatched_half_column_is_refused(tmp_path: Path) -> None:
    """M-BOARD-9 (a), M-BOARD-3: a half column needs its other half across the edge."""
    with pytest.raises(RecordError, match="r0c3's half column on its W edge is not completed"):
        load(*_write(tmp_path, _with_mask("r0c2", "W")))  # r0c2 loses its E half
    with pytest.raises(RecordError, match="r1c0 has a half column on its W edge with no cell"):
        load(*_write(tmp_path, _with_mask("r1c0", "SW")))


def test_empty_mask_is_refused(tmp_path: Path) -> None:
    """M-BOARD-9 (b)."""
    with pytest.raises(RecordError, match=r"r1c1 has an empty mask \(M-BOARD-9 b\)"):
        load(*_write(tmp_path, _with_mask("r1c1", "")))


def test_tile_counts_must_match_cell_counts(tmp_path: Path) -> None:
    """M-BOARD-9 (c), M-AMB-2: per class of mask, as many tiles as cells."""
    tiles = json.loads(TILES_FILE.read_text())
    tiles["tiles"] = [t for t in tiles["tiles"] if t["id"] != "T_BLUE-H2-X-1"]
    with pytest.raises(RecordError, match=r"23 tiles but 24 cells with columns like 'EW'"):
        load(*_write(tmp_path, None, tiles))


def test_central_tiles_must_cover_central_cells(tmp_path: Path) -> None:
    """M-BOARD-9 (d)."""
    tiles = json.loads(TILES_FILE.read_text())
    tiles["tiles"] = [t for t in tiles["tiles"] if t["type"] != "C"] + [
        t for t in tiles["tiles"] if t["type"] == "C"][:7]
    with pytest.raises(RecordError, match="7 central-column tiles for 8 central-column cells"):
        load(*_write(tmp_path, None, tiles))


def test_malformed_files_are_refused(tmp_path: Path) -> None:
    """M-BOARD-9: bad JSON, unknown quarters, colours and types name the file."""
    b, t = _write(tmp_path)
    b.write_text("{not json")
    with pytest.raises(RecordError, match="board file .*board.json"):
        load(b, t)
    data = _board()
    data["cells"][0]["quarter"] = "XX"
    with pytest.raises(RecordError, match="unknown quarter 'XX'"):
        load(*_write(tmp_path, data))
    tiles = json.loads(TILES_FILE.read_text())
    tiles["tiles"][0]["colour"] = "T_PINK"
    with pytest.raises(RecordError, match="unknown colour 'T_PINK'"):
        load(*_write(tmp_path, None, tiles))


def test_sides(tmp_path: Path) -> None:
    """M-BOARD-7: the board has the 4 sides N E S W; a file with others is refused."""
    assert json.loads(BOARD_FILE.read_text())["sides"] == ["N", "E", "S", "W"]
    data = _board()
    data["sides"] = ["N", "E", "S"]
    with pytest.raises(RecordError, match="sides must be N, E, S, W"):
        load(*_write(tmp_path, data))


def test_legal_intents_come_in_the_same_order_under_any_hash_seed() -> None:
    """Seeded bots and recordings pick from legal_intents by position: its order must
    not follow the order of a set of strings, which changes with PYTHONHASHSEED."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = (
        "from engine import Game; from engine.core.ruleset import Seat;"
        "from engine.maharani import RULESET, Options;"
        "g = Game(RULESET, [Seat('a'), Seat('b'), Seat('c')], Options(), 5);"
        "print(repr(g.legal_intents(g.to_move()[0])))")
    root = Path(__file__).resolve().parents[2]
    outputs = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              check=True, cwd=root,
                              env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
               for seed in (1, 2, 3, 4)}
    assert len(outputs) == 1


@pytest.mark.parametrize(("orientation", "quarters"), [
    (0, ("NW", "NE", "SE", "SW")), (1, ("NE", "SE", "SW", "NW")),
    (2, ("SE", "SW", "NW", "NE")), (3, ("SW", "NW", "NE", "SE"))])
def test_each_slot_lies_on_the_turntable_square_of_its_quarter(
        orientation: int, quarters: tuple[str, ...]) -> None:
    """M-BOARD-8's table: the slot's square is the turntable's square in its quarter (the
    screen draws the slot there, asking the engine)."""
    for slot, quarter in enumerate(quarters, start=1):
        rows, cols = QUARTER_OF[quarter]
        row, col = slot_square(orientation, slot)
        assert row in rows and col in cols and 3 <= row <= 4 and 3 <= col <= 4
        assert f"r{row}c{col}" not in palace().cells


def test_a_turntable_square_must_lie_beside_its_own_quarter(tmp_path: Path) -> None:
    """M-BOARD-8, declared in the board file and checked at load."""
    data = _board()
    data["turntable"]["NW"] = [2, 2]  # a cell
    with pytest.raises(RecordError, match=r"turntable's NW square \(2, 2\) is cell r2c2"):
        load(*_write(tmp_path, data))
    data["turntable"]["NW"] = [3, 4]  # NE's square
    with pytest.raises(RecordError, match=r"NW square \(3, 4\) lies beside \['NE'\]"):
        load(*_write(tmp_path, data))
    del data["turntable"]["NW"]
    with pytest.raises(RecordError, match="the turntable has squares for"):
        load(*_write(tmp_path, data))
