"""Read-only questions about a state that rules, legal listing, scoring and bots share."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from engine.maharani.board import palace
from engine.maharani.state import State


def slot_quarter(orientation: int, slot: int) -> str:
    """M-BOARD-8: slot ``s`` (1-4) lies in quarter ``Q[(s - 1 + o) mod 4]``."""
    quarters = palace().quarters
    return quarters[(slot - 1 + orientation) % len(quarters)]


def slot_square(orientation: int, slot: int) -> tuple[int, int]:
    """M-BOARD-8: the (row, col) of the board where slot ``s`` of the turntable lies now,
    the turntable's square in the slot's quarter (declared in the board file)."""
    return palace().turntable[slot_quarter(orientation, slot)]


def tile_colour(state: State, cell: str) -> str | None:
    placed = state.cells.get(cell)
    return None if placed is None else palace().tiles[placed.tile].colour


def zone(state: State, cell: str, colour: str) -> tuple[str, ...]:
    """M-GOLD-1: the cells of ``colour`` tiles connected to ``cell`` (taken to hold one)."""
    board = palace()
    tiles, filled = board.tiles, state.cells
    seen = {cell}
    todo = [cell]
    while todo:
        here = todo.pop()
        for other in board.neighbours[here]:
            if other not in seen and other in filled and \
                    tiles[filled[other].tile].colour == colour:
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
    board = palace()
    if state.artisans:
        artisans, filled, tiles = state.artisans, state.cells, board.tiles
        for cell in board.by_quarter[quarter]:
            artisan = artisans.get(cell)
            if artisan is not None and artisan in player.colours and \
                    tiles[filled[cell].tile].colour == colour:
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


def placements(state: State, seat: int) -> Iterator[tuple[int, str, int]]:
    """Every (slot, cell, arrow) ``seat`` may place now under M-PLACE-1..4 and M-PLACE-6."""
    for slot, _tile, offers in placement_offers(state, seat):
        for cell, _quarter, arrows in offers:
            for arrow in arrows:
                yield slot, cell, arrow


def _fitting(local: str, slot: int) -> tuple[tuple[str, str, tuple[int, ...]], ...]:
    return palace().fitting[local]


def placement_offers(state: State, seat: int,
                     table: Callable[[str, int], Sequence[Any]] = _fitting,
                     ) -> Iterator[tuple[int, str, list[Any]]]:
    """``placements`` by slot: (slot, tile, offers), the offers being the entries of
    ``table(tile mask, slot)`` (by default the palace's ``fitting``: (cell, quarter,
    arrows)), each beginning (cell, quarter), whose cell may take the tile now
    (M-PLACE-1..4, M-PLACE-6)."""
    turn = state.turn
    if turn is None or turn.seat != seat or turn.placed >= 2:
        return
    board = palace()
    quarters = board.quarters
    markers = state.players[seat].markers
    filled = state.cells
    for index, tile_id in enumerate(state.slots):
        if tile_id is None:
            continue
        source = quarters[(index + state.orientation) % len(quarters)]  # slot_quarter
        fitting = table(board.tiles[tile_id].mask, index + 1)
        if markers[source]:
            offers = [f for f in fitting if f[0] not in filled]
        else:  # M-PLACE-2: a face-down marker keeps the tile in its own quarter
            offers = [f for f in fitting if f[1] == source and f[0] not in filled]
        yield index + 1, tile_id, offers


def can_place(state: State, seat: int) -> bool:
    """``placements`` is not empty (M-PLACE-6: is a second tile possible?), asked as a
    subset test of the filled cells per slot instead of listing."""
    turn = state.turn
    if turn is None or turn.seat != seat or turn.placed >= 2:
        return False
    board = palace()
    quarters = board.quarters
    markers = state.players[seat].markers
    filled = state.cells.keys()
    for index, tile_id in enumerate(state.slots):
        if tile_id is None:
            continue
        local = board.tiles[tile_id].mask
        source = quarters[(index + state.orientation) % len(quarters)]  # slot_quarter
        cells = board.fit_cells[local] if markers[source] else board.fit_cells_in[local, source]
        if not cells <= filled:
            return True
    return False


def any_tile_fits(state: State) -> bool:
    """M-END-2: some turntable tile fits some empty cell, action markers aside."""
    board = palace()
    filled = state.cells.keys()
    return any(tile_id is not None and not board.fit_cells[board.tiles[tile_id].mask] <= filled
               for tile_id in state.slots)


def completed_unscored(state: State) -> list[str]:
    """M-EOT-4: quarters whose every cell is filled and that are not yet scored, in order Q."""
    board = palace()
    filled = state.cells.keys()
    return [q for q in board.quarters if q not in state.scored and board.quarter_cells[q] <= filled]


def purge_due(state: State) -> bool:
    """M-EOT-2: every central-column cell is filled."""
    return palace().central_set <= state.cells.keys()
