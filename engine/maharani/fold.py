"""apply: fold one event into the state. The only code that mutates a MaharaniState.

Events already carry every outcome, so nothing here draws or decides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.maharani import events as E
from engine.maharani.queries import owner
from engine.maharani.state import END_OF_TURN, OVER, TURN, MaharaniState, Placed, Turn


def _set_up(state: MaharaniState, e: E.GameSetUp) -> None:
    state.first = state.next = e.first
    state.orientation = state.players[e.first].side  # M-SETUP-3
    state.stage = END_OF_TURN


def _filled(state: MaharaniState, e: E.TurntableFilled) -> None:
    for slot, tile in e.drawn:
        state.bag.remove(tile)
        state.slots[slot - 1] = tile
    for tile in e.removed:
        state.bag.remove(tile)
        state.removed.append(tile)


def _purged(state: MaharaniState, e: E.CentralPurged) -> None:
    for slot, tile in e.tiles:
        state.slots[slot - 1] = None
        state.removed.append(tile)


def _turn_started(state: MaharaniState, e: E.TurnStarted) -> None:
    state.orientation = e.orientation
    state.turn = Turn(e.seat)
    state.turns += 1
    state.stage = TURN


def _tile_placed(state: MaharaniState, e: E.TilePlaced) -> None:
    assert state.turn is not None
    state.slots[e.slot - 1] = None
    state.cells[e.cell] = Placed(e.tile, e.arrow)
    player = state.players[e.seat]
    if e.marker:
        player.markers[e.source] = False
    player.gold += e.gold
    state.turn.placed += 1


def _artisan(state: MaharaniState, e: E.ArtisanStep) -> None:
    player = state.players[e.seat]
    if e.source:
        del state.artisans[e.source]
    else:
        player.reserve[player.colours.index(e.colour)] -= 1
    state.artisans[e.cell] = e.colour
    player.gold += e.gold


def _refreshed(state: MaharaniState, e: E.Refreshed) -> None:
    markers = state.players[e.seat].markers
    for quarter in markers:
        markers[quarter] = True


def _turn_ended(state: MaharaniState, e: E.TurnEnded) -> None:
    player = state.players[e.seat]
    player.gold = max(0, player.gold - e.fee)  # M-AMB-13
    state.turn = None
    state.next = (e.seat + 1) % state.seats  # M-TURN-4: seats sit clockwise
    state.stage = END_OF_TURN


def _scored(state: MaharaniState, e: E.QuarterScored) -> None:
    for seat, _colour, _count, gold in e.gains:
        state.players[seat].gold += gold
    for cell in e.returned:  # M-EVAL-2
        artisan = state.artisans.pop(cell)
        player = state.players[owner(state, artisan)]
        player.reserve[player.colours.index(artisan)] += 1
    state.scored.append(e.quarter)


def _ended(state: MaharaniState, e: E.GameEnded) -> None:
    state.winners = list(e.winners)
    state.exceptional = e.exceptional
    state.stage = OVER


_FOLD: dict[type, Callable[[MaharaniState, Any], None]] = {
    E.GameSetUp: _set_up, E.TurntableFilled: _filled, E.CentralPurged: _purged,
    E.TurnStarted: _turn_started, E.TilePlaced: _tile_placed, E.ArtisanStep: _artisan,
    E.Refreshed: _refreshed, E.TurnEnded: _turn_ended, E.QuarterScored: _scored,
    E.GameEnded: _ended,
}
assert set(_FOLD) == set(E.Event.__args__), "every event needs a fold"


def apply(state: MaharaniState, event: Any) -> None:
    _FOLD[type(event)](state, event)
