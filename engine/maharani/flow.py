"""automatic and to_move: the steps nobody decides (M-SETUP, M-EOT, M-END).

``automatic`` returns at most one event per call; the core calls it again until it
returns nothing, so each event sees the state the previous one left.
"""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core import draw
from engine.maharani import components as C
from engine.maharani import events as ev
from engine.maharani.board import palace
from engine.maharani.queries import any_tile_fits, can_place, completed_unscored, purge_due
from engine.maharani.scoring import score_quarter, winners
from engine.maharani.state import Phase, State


def automatic(state: State, rng: Random) -> list[Any]:
    if state.phase == Phase.SETUP:
        return [ev.GameSetUp(first=draw.randrange(rng, state.seats))]  # M-SETUP-2
    if state.phase == Phase.TURN:
        return _maybe_end_turn(state)
    if state.phase == Phase.END_OF_TURN:
        return [_end_of_turn(state, rng)]
    return []


def _maybe_end_turn(state: State) -> list[Any]:
    """M-PLACE-6: the turn ends by itself after the second tile, or after the first
    when no second placement is possible."""
    turn = state.turn
    assert turn is not None
    if turn.placed >= C.MAX_PLACEMENTS:
        return [ev.TurnEnded(seat=turn.seat, fee=C.SECOND_TILE_FEE)]  # M-EOT-1
    if turn.placed == 1 and not can_place(state, turn.seat):
        return [ev.TurnEnded(seat=turn.seat, fee=0)]
    return []


def _end_of_turn(state: State, rng: Random) -> Any:
    """M-EOT-2..5 in order, then the next turn (M-TURN-1, M-TURN-4)."""
    board = palace()
    purge = purge_due(state)
    if purge:  # M-EOT-2
        central = tuple((i + 1, t) for i, t in enumerate(state.slots)
                        if t is not None and board.tiles[t].central)
        if central:
            return ev.CentralPurged(tiles=central)
    if None in state.slots and state.bag:  # M-EOT-3
        return _refill(state, rng, purge)
    completed = completed_unscored(state)
    if completed:  # M-EOT-4, in the order Q
        return score_quarter(state, completed[0])
    if len(state.scored) == len(board.quarters):  # M-END-1 (or the end of M-END-2)
        return ev.GameEnded(winners=winners(state), exceptional=len(state.cells) < len(board.cells))
    if not any_tile_fits(state):  # M-END-2: score what is left, unfinished quarters too
        left = [q for q in board.quarters if q not in state.scored]
        return score_quarter(state, left[0], complete=False)
    seat = state.next
    return ev.TurnStarted(seat=seat, orientation=state.players[seat].side,
                          round=seat == state.first)


def _refill(state: State, rng: Random, purge: bool) -> ev.TurntableFilled:
    """M-EOT-3, M-SETUP-3: each empty slot in order 1-4 gets a tile drawn at random;
    while the purge holds, a central-column tile drawn leaves the game at once."""
    board = palace()
    bag = list(state.bag)
    drawn: list[tuple[int, str]] = []
    removed: list[str] = []
    for index, tile in enumerate(state.slots):
        if tile is not None:
            continue
        while bag:
            pick = bag.pop(draw.randrange(rng, len(bag)))
            if purge and board.tiles[pick].central:
                removed.append(pick)
                continue
            drawn.append((index + 1, pick))
            break
    return ev.TurntableFilled(drawn=tuple(drawn), removed=tuple(removed))


def to_move(state: State) -> tuple[int, ...]:
    if state.phase == Phase.TURN and state.turn is not None and not _maybe_end_turn(state):
        return (state.turn.seat,)
    return ()
