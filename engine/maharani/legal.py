"""legal_intents and is_legal: what a seat may do now (M-TURN-2, M-PLACE, M-2P-2).

Each placement is listed once per artisan outcome, naming the artisan colour that
goes onto the tile (``""`` when none does), so the list has no two intents with
the same effect. ``legal_groups`` offers the placements as one group produced
lazily, then Refresh and EndTurn; ``legal_intents`` is them flattened, in order.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from engine.core.errors import IllegalIntent
from engine.core.ruleset import LegalGroup, flatten
from engine.maharani import components as C
from engine.maharani import intents as it
from engine.maharani.board import palace
from engine.maharani.queries import artisan_options, placements
from engine.maharani.rules import decide
from engine.maharani.state import Phase, State


def legal_intents(state: State, seat: int) -> list[Any]:
    return flatten(legal_groups(state, seat))


def legal_groups(state: State, seat: int) -> Iterator[LegalGroup[Any]]:
    turn = state.turn
    if state.phase != Phase.TURN or turn is None or turn.seat != seat:
        return
    yield LegalGroup("place", partial(_placements, state, seat))
    if turn.placed == 0 and not all(state.players[seat].markers.values()):  # M-AMB-9
        yield LegalGroup("refresh", lambda: [it.Refresh()])
    if turn.placed == 1:
        yield LegalGroup("end-turn", lambda: [it.EndTurn()])


def _placements(state: State, seat: int) -> list[Any]:
    board = palace()
    player = state.players[seat]
    out: list[Any] = []
    options: dict[tuple[str, str], list[str]] = {}  # (tile colour, quarter) -> artisans
    for slot, cell, arrow in placements(state, seat):
        side = C.SIDES[arrow]
        if arrow != player.side:
            out.append(it.Place(slot=slot, cell=cell, arrow=side))
            continue
        tile = state.slots[slot - 1]
        assert tile is not None
        key = (board.tiles[tile].colour, board.cells[cell].quarter)
        if key not in options:
            options[key] = [c for c, _ in artisan_options(state, seat, *key)] or [""]
        out.extend(it.Place(slot=slot, cell=cell, arrow=side,
                            artisan=artisan) for artisan in options[key])
    return out


def is_legal(state: State, seat: int, intent: Any) -> bool:
    """True when ``seat`` may send ``intent`` now (without listing every intent)."""
    if state.phase != Phase.TURN or state.turn is None or state.turn.seat != seat:
        return False
    try:
        decide(state, seat, intent)
    except IllegalIntent:
        return False
    return True
