"""decide: turn a seat's intent into events, or refuse it with the rule it breaks.

Nothing here mutates the state. Every refusal raises a Refused citing an M- id.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import Forbidden, OutOfTurn
from engine.maharani import components as C
from engine.maharani import events as ev
from engine.maharani import intents as it
from engine.maharani.board import CENTRAL, palace, turn_mask
from engine.maharani.queries import artisan_options, group, slot_quarter, zone
from engine.maharani.state import Phase, State


def _turn_of(state: State, seat: int) -> None:
    if state.phase != Phase.TURN or state.turn is None:
        raise OutOfTurn("M-TURN-2", "no turn is waiting for an action")
    if state.turn.seat != seat:
        raise OutOfTurn("M-TURN-4", "it is not your turn")


def _column_mismatch(tile_id: str, cell_id: str, arrow: int) -> str:
    """M-PLACE-3's refusal, naming what does not match."""
    board = palace()
    tile, cell = board.tiles[tile_id], board.cells[cell_id]
    if tile.central or cell.mask == CENTRAL:
        kind = "a central-column tile" if tile.central else "a half-column tile"
        return (f"{kind} cannot go on {cell_id}, which has "
                f"{'a central column' if cell.mask == CENTRAL else 'half columns'}")
    turned = turn_mask(tile.mask, arrow)
    problems = []
    open_cell = [e for e in cell.mask if e not in turned]
    alone = [e for e in turned if e not in cell.mask]
    if open_cell:
        problems.append(f"the half column{_s(open_cell)} on {cell_id}'s {_edges(open_cell)} "
                        f"edge{_s(open_cell)} {'are' if len(open_cell) > 1 else 'is'} left open")
    if alone:
        problems.append(f"the tile's half column{_s(alone)} on the {_edges(alone)} "
                        f"edge{_s(alone)} {'meet' if len(alone) > 1 else 'meets'} no column")
    fits = board.fits(tile_id, cell_id)
    hint = (f"; it fits pointing {', '.join(C.SIDES[a] for a in fits)}" if fits
            else "; it fits no way round there")
    return f"with its arrow {C.SIDES[arrow]} on {cell_id}, " + " and ".join(problems) + hint


def _s(edges: list[str]) -> str:
    return "s" if len(edges) > 1 else ""


def _edges(edges: list[str]) -> str:
    return " and ".join(C.EDGE_NAMES[e] for e in edges)


def _place(state: State, seat: int, intent: it.Place) -> list[Any]:
    _turn_of(state, seat)
    assert state.turn is not None
    board = palace()
    if state.turn.placed >= C.MAX_PLACEMENTS:
        raise Forbidden("M-PLACE-6", "no more than 2 tiles may be placed in a turn")
    if intent.slot not in C.SLOTS:
        raise Forbidden("M-PLACE-1", f"there is no slot {intent.slot}; slots are 1-4")
    tile_id = state.slots[intent.slot - 1]
    if tile_id is None:
        raise Forbidden("M-PLACE-1", f"slot {intent.slot} is empty")
    if intent.cell not in board.cells:
        raise Forbidden("M-BOARD-1", f"{intent.cell!r} is not a cell of the palace")
    if intent.cell in state.cells:
        raise Forbidden("M-PLACE-1", f"{intent.cell} already holds a tile")
    if intent.arrow not in C.SIDES:
        raise Forbidden("M-TILE-4", f"an arrow points N, E, S or W, not {intent.arrow!r}")
    arrow = C.SIDES.index(intent.arrow)
    player = state.players[seat]
    source = slot_quarter(state.orientation, intent.slot)
    target = board.cells[intent.cell].quarter
    if target != source and not player.markers[source]:
        raise Forbidden("M-PLACE-2", f"your {source} marker is face down, so the tile in "
                        f"slot {intent.slot} (in {source}) can only go into {source}")
    if arrow not in board.fits(tile_id, intent.cell):
        raise Forbidden("M-PLACE-3", _column_mismatch(tile_id, intent.cell, arrow))
    colour = board.tiles[tile_id].colour
    cells = zone(state, intent.cell, colour)
    events: list[Any] = [ev.TilePlaced(seat=seat, slot=intent.slot, tile=tile_id, cell=intent.cell,
                                       arrow=arrow, source=source,
                                      marker=target != source, gold=len(cells), zone=cells)]
    if arrow != player.side:  # M-PLACE-5 (b), M-ART-1
        if intent.artisan:
            raise Forbidden("M-ART-1", f"the arrow points {intent.arrow}, not to your side "
                            f"({C.SIDES[player.side]}), so no artisan goes onto the tile")
        return events
    options = artisan_options(state, seat, colour, target)
    if not options:  # M-ART-3, M-AMB-12: an empty reserve and nothing to move
        if intent.artisan:
            raise Forbidden("M-ART-3", f"you have no {intent.artisan} artisan to move or "
                            "place here: your reserve is empty")
        return events
    if intent.artisan:
        chosen = [o for o in options if o[0] == intent.artisan]
        if not chosen:
            names = " or ".join(o[0] for o in options)
            raise Forbidden("M-2P-2" if len(player.colours) > 1 else "M-ART-2",
                            f"the artisan that goes onto the tile must be {names}, "
                            f"not {intent.artisan!r}")
        artisan, moved_from = chosen[0]
    elif len(options) == 1:
        artisan, moved_from = options[0]
    else:
        raise Forbidden("M-2P-2", "choose which artisan goes onto the tile: "
                        + " or ".join(_option_text(o) for o in options))
    # the group once the artisan stands on the new tile, having left moved_from
    members = group(state, intent.cell, artisan, vacated=moved_from)
    events.append(ev.ArtisanStep(seat=seat, colour=artisan, cell=intent.cell, source=moved_from,
                                 gold=len(members), group=members))
    return events


def _option_text(option: tuple[str, str]) -> str:
    colour, source = option
    return f"move {colour} from {source}" if source else f"a new {colour}"


def _refresh(state: State, seat: int, intent: it.Refresh) -> list[Any]:
    _turn_of(state, seat)
    assert state.turn is not None
    if state.turn.placed:
        raise Forbidden("M-TURN-2", "you placed a tile this turn, so you cannot also refresh")
    if all(state.players[seat].markers.values()):
        raise Forbidden("M-AMB-9", "all four of your action markers are already face up")
    return [ev.Refreshed(seat=seat), ev.TurnEnded(seat=seat, fee=0)]


def _end_turn(state: State, seat: int, intent: it.EndTurn) -> list[Any]:
    _turn_of(state, seat)
    assert state.turn is not None
    if state.turn.placed == 0:
        raise Forbidden("M-PLACE-1", "the first tile is mandatory: place a tile or refresh")
    return [ev.TurnEnded(seat=seat, fee=0)]


_DECIDERS: dict[type, Callable[[State, int, Any], list[Any]]] = {
    it.Place: _place, it.Refresh: _refresh, it.EndTurn: _end_turn}


def decide(state: State, seat: int, intent: Any) -> list[Any]:
    handler = _DECIDERS.get(type(intent))
    if handler is None:
        raise OutOfTurn("M-TURN-2", f"{type(intent).__name__} is not a Maharani action")
    return handler(state, seat, intent)
