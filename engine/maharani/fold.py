"""apply: fold one event into the state. The only code that mutates a State.

Events already carry every outcome, so nothing here draws or decides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

from engine.maharani import events as ev
from engine.maharani.queries import owner
from engine.maharani.state import Phase, Placed, State, Turn


def _set_up(state: State, e: ev.GameSetUp) -> None:
    state.first = state.next = e.first
    state.orientation = state.players[e.first].side  # M-SETUP-3
    state.phase = Phase.END_OF_TURN


def _filled(state: State, e: ev.TurntableFilled) -> None:
    for slot, tile in e.drawn:
        state.bag.remove(tile)
        state.slots[slot - 1] = tile
    for tile in e.removed:
        state.bag.remove(tile)
        state.removed.append(tile)


def _purged(state: State, e: ev.CentralPurged) -> None:
    for slot, tile in e.tiles:
        state.slots[slot - 1] = None
        state.removed.append(tile)


def _turn_started(state: State, e: ev.TurnStarted) -> None:
    state.orientation = e.orientation
    state.turn = Turn(e.seat)
    state.turns += 1
    state.phase = Phase.TURN


def _tile_placed(state: State, e: ev.TilePlaced) -> None:
    assert state.turn is not None
    state.slots[e.slot - 1] = None
    state.cells[e.cell] = Placed(e.tile, e.arrow)
    player = state.players[e.seat]
    if e.marker:
        player.markers[e.source] = False
    player.gold += e.gold
    state.turn.placed += 1


def _artisan(state: State, e: ev.ArtisanStep) -> None:
    player = state.players[e.seat]
    if e.source:
        del state.artisans[e.source]
    else:
        player.reserve[player.colours.index(e.colour)] -= 1
    state.artisans[e.cell] = e.colour
    player.gold += e.gold


def _refreshed(state: State, e: ev.Refreshed) -> None:
    markers = state.players[e.seat].markers
    for quarter in markers:
        markers[quarter] = True


def _turn_ended(state: State, e: ev.TurnEnded) -> None:
    player = state.players[e.seat]
    player.gold = max(0, player.gold - e.fee)  # M-AMB-13
    state.turn = None
    state.next = (e.seat + 1) % state.seats  # M-TURN-4: seats sit clockwise
    state.phase = Phase.END_OF_TURN


def _scored(state: State, e: ev.QuarterScored) -> None:
    for seat, _colour, _count, gold in e.gains:
        state.players[seat].gold += gold
    for cell in e.returned:  # M-EVAL-2
        artisan = state.artisans.pop(cell)
        player = state.players[owner(state, artisan)]
        player.reserve[player.colours.index(artisan)] += 1
    state.scored.append(e.quarter)


def _ended(state: State, e: ev.GameEnded) -> None:
    state.winners = list(e.winners)
    state.exceptional = e.exceptional
    state.phase = Phase.OVER


_FOLD: dict[type, Callable[[State, Any], None]] = {
    ev.GameSetUp: _set_up, ev.TurntableFilled: _filled, ev.CentralPurged: _purged,
    ev.TurnStarted: _turn_started, ev.TilePlaced: _tile_placed, ev.ArtisanStep: _artisan,
    ev.Refreshed: _refreshed, ev.TurnEnded: _turn_ended, ev.QuarterScored: _scored,
    ev.GameEnded: _ended,
}
assert set(_FOLD) == set(get_args(ev.Event)), "every event needs a fold"


def apply(state: State, event: Any) -> None:
    _FOLD[type(event)](state, event)
