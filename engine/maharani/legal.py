"""legal_intents and is_legal: what a seat may do now (M-TURN-2, M-PLACE, M-2P-2).

Each placement is listed once per artisan outcome, naming the artisan colour that
goes onto the tile (``""`` when none does), so the list has no two intents with
the same effect.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalIntent
from engine.maharani import components as C
from engine.maharani import intents as I
from engine.maharani.board import palace
from engine.maharani.queries import artisan_options, placements
from engine.maharani.rules import decide
from engine.maharani.state import TURN, MaharaniState


def legal_intents(state: MaharaniState, seat: int) -> list[Any]:
    turn = state.turn
    if state.stage != TURN or turn is None or turn.seat != seat:
        return []
    board = palace()
    player = state.players[seat]
    out: list[Any] = []
    options: dict[tuple[str, str], list[str]] = {}  # (tile colour, quarter) -> artisans
    for slot, cell, arrow in placements(state, seat):
        side = C.SIDES[arrow]
        if arrow != player.side:
            out.append(I.Place(slot, cell, side))
            continue
        tile = state.slots[slot - 1]
        assert tile is not None
        key = (board.tiles[tile].colour, board.cells[cell].quarter)
        if key not in options:
            options[key] = [c for c, _ in artisan_options(state, seat, *key)] or [""]
        out.extend(I.Place(slot, cell, side, artisan) for artisan in options[key])
    if turn.placed == 0 and not all(player.markers.values()):  # M-AMB-9
        out.append(I.Refresh())
    if turn.placed == 1:
        out.append(I.EndTurn())
    return out


def is_legal(state: MaharaniState, seat: int, intent: Any) -> bool:
    """True when ``seat`` may send ``intent`` now (without listing every intent)."""
    if state.stage != TURN or state.turn is None or state.turn.seat != seat:
        return False
    try:
        decide(state, seat, intent)
    except IllegalIntent:
        return False
    return True
