"""automatic and to_move: the steps nobody decides (M-SETUP, M-EOT, M-END).

``automatic`` returns at most one event per call; the core calls it again until it
returns nothing, so each event sees the state the previous one left.
"""

from __future__ import annotations

from random import Random
from typing import Any

from engine.maharani import components as C
from engine.maharani import events as E
from engine.maharani.board import palace
from engine.maharani.queries import any_tile_fits, completed_unscored, placements, purge_due
from engine.maharani.scoring import score_quarter, winners
from engine.maharani.state import END_OF_TURN, SETUP, TURN, MaharaniState


def automatic(state: MaharaniState, rng: Random) -> list[Any]:
    if state.stage == SETUP:
        return [E.GameSetUp(rng.randrange(state.seats))]  # M-SETUP-2
    if state.stage == TURN:
        return _maybe_end_turn(state)
    if state.stage == END_OF_TURN:
        return [_end_of_turn(state, rng)]
    return []


def _maybe_end_turn(state: MaharaniState) -> list[Any]:
    """M-PLACE-6: the turn ends by itself after the second tile, or after the first
    when no second placement is possible."""
    turn = state.turn
    assert turn is not None
    if turn.placed >= C.MAX_PLACEMENTS:
        return [E.TurnEnded(turn.seat, C.SECOND_TILE_FEE)]  # M-EOT-1
    if turn.placed == 1 and next(placements(state, turn.seat), None) is None:
        return [E.TurnEnded(turn.seat, 0)]
    return []


def _end_of_turn(state: MaharaniState, rng: Random) -> Any:
    """M-EOT-2..5 in order, then the next turn (M-TURN-1, M-TURN-4)."""
    board = palace()
    purge = purge_due(state)
    if purge:  # M-EOT-2
        central = tuple((i + 1, t) for i, t in enumerate(state.slots)
                        if t is not None and board.tiles[t].central)
        if central:
            return E.CentralPurged(central)
    if None in state.slots and state.bag:  # M-EOT-3
        return _refill(state, rng, purge)
    completed = completed_unscored(state)
    if completed:  # M-EOT-4, in the order Q
        return score_quarter(state, completed[0])
    if len(state.scored) == len(board.quarters):  # M-END-1 (or the end of M-END-2)
        return E.GameEnded(winners(state), len(state.cells) < len(board.cells))
    if not any_tile_fits(state):  # M-END-2: score what is left, unfinished quarters too
        left = [q for q in board.quarters if q not in state.scored]
        return score_quarter(state, left[0], complete=False)
    seat = state.next
    return E.TurnStarted(seat, state.players[seat].side, seat == state.first)


def _refill(state: MaharaniState, rng: Random, purge: bool) -> E.TurntableFilled:
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
            pick = bag.pop(rng.randrange(len(bag)))
            if purge and board.tiles[pick].central:
                removed.append(pick)
                continue
            drawn.append((index + 1, pick))
            break
    return E.TurntableFilled(tuple(drawn), tuple(removed))


def to_move(state: MaharaniState) -> tuple[int, ...]:
    if state.stage == TURN and state.turn is not None and not _maybe_end_turn(state):
        return (state.turn.seat,)
    return ()
