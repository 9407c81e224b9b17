"""Read-only questions about a state that rules, legal listing, scoring and bots share."""

from __future__ import annotations

from collections.abc import Iterator

from engine.maharani.board import palace
from engine.maharani.state import State


def slot_quarter(orientation: int, slot: int) -> str:
    """M-BOARD-8: slot ``s`` (1-4) lies in quarter ``Q[(s - 1 + o) mod 4]``."""
    quarters = palace().quarters
    return quarters[(slot - 1 + orientation) % len(quarters)]


def tile_colour(state: State, cell: str) -> str | None:
    placed = state.cells.get(cell)
    return None if placed is None else palace().tiles[placed.tile].colour


def zone(state: State, cell: str, colour: str) -> tuple[str, ...]:
    """M-GOLD-1: the cells of ``colour`` tiles connected to ``cell`` (taken to hold one)."""
    board = palace()
    seen = {cell}
    todo = [cell]
    while todo:
        here = todo.pop()
        for other in board.neighbours[here]:
            if other not in seen and tile_colour(state, other) == colour:
                seen.add(other)
                todo.append(other)
    return tuple(sorted(seen))


def group(state: State, cell: str, colour: str, vacated: str = "") -> tuple[str, ...]:
    """M-GOLD-2, M-2P-4: artisans of ``colour`` connected to one standing on ``cell``
    (``vacated``: the cell it just left, no longer counted)."""
    board = palace()
    seen = {cell}
    todo = [cell]
    while todo:
        here = todo.pop()
        for other in board.neighbours[here]:
            if other not in seen and other != vacated and state.artisans.get(other) == colour:
                seen.add(other)
                todo.append(other)
    return tuple(sorted(seen))


def artisan_options(state: State, seat: int, colour: str, quarter: str,
                    ) -> list[tuple[str, str]]:
    """M-ART-2/3, M-2P-2: (artisan colour, cell it moves from or "") that may go onto a
    new ``colour`` tile in ``quarter``. A colour already on such a tile there moves;
    another places a new artisan if its reserve is not empty. [] when none can."""
    player = state.players[seat]
    standing: dict[str, str] = {}
    for cell in palace().by_quarter[quarter]:
        artisan = state.artisans.get(cell)
        if artisan in player.colours and tile_colour(state, cell) == colour:
            standing[artisan] = cell
    out: list[tuple[str, str]] = []
    for index, own in enumerate(player.colours):
        if own in standing:
            out.append((own, standing[own]))
        elif player.reserve[index] > 0:
            out.append((own, ""))
    return out


def owner(state: State, artisan: str) -> int:
    for seat, player in enumerate(state.players):
        if artisan in player.colours:
            return seat
    raise KeyError(artisan)


def empty_cells(state: State) -> Iterator[str]:
    return (c for c in palace().cells if c not in state.cells)


def placements(state: State, seat: int) -> Iterator[tuple[int, str, int]]:
    """Every (slot, cell, arrow) ``seat`` may place now under M-PLACE-1..4 and M-PLACE-6."""
    turn = state.turn
    if turn is None or turn.seat != seat or turn.placed >= 2:
        return
    board = palace()
    markers = state.players[seat].markers
    for index, tile_id in enumerate(state.slots):
        if tile_id is None:
            continue
        slot = index + 1
        source = slot_quarter(state.orientation, slot)
        free = markers[source]
        local = board.tiles[tile_id].mask
        for mask, cells in board.cells_by_mask.items():
            arrows = board.arrows[(local, mask)]
            if not arrows:
                continue
            for cell in cells:
                if cell in state.cells or (not free and board.cells[cell].quarter != source):
                    continue
                for arrow in arrows:
                    yield slot, cell, arrow


def any_tile_fits(state: State) -> bool:
    """M-END-2: some turntable tile fits some empty cell, action markers aside."""
    board = palace()
    for tile_id in state.slots:
        if tile_id is None:
            continue
        local = board.tiles[tile_id].mask
        for mask, cells in board.cells_by_mask.items():
            if board.arrows[(local, mask)] and any(c not in state.cells for c in cells):
                return True
    return False


def completed_unscored(state: State) -> list[str]:
    """M-EOT-4: quarters whose every cell is filled and that are not yet scored, in order Q."""
    board = palace()
    return [q for q in board.quarters if q not in state.scored
            and all(c in state.cells for c in board.by_quarter[q])]


def purge_due(state: State) -> bool:
    """M-EOT-2: every central-column cell is filled."""
    return all(c in state.cells for c in palace().central_cells)
