"""The placement listing's precomputed tables answer as the plain rules do.

The listing reads a per-tile-mask table of the cells and arrows that fit, shares its
Place intents, and asks "can a tile still go anywhere?" as subset tests of the filled
cells. Here each is compared, over the positions of random games, with the plain
statement of its rule: every empty cell, every arrow, every artisan choice.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from engine.core.game import Game
from engine.maharani import RULESET
from engine.maharani import components as C
from engine.maharani import intents as it
from engine.maharani import queries as Q
from engine.maharani.board import palace
from engine.maharani.state import State
from tests.maharani.helpers import seats


def plain_placements(state: State, seat: int) -> list[tuple[int, str, int]]:
    """M-PLACE-1..4, M-PLACE-6 read off the board: each slot, each empty cell, each arrow."""
    board = palace()
    turn = state.turn
    if turn is None or turn.seat != seat or turn.placed >= 2:
        return []
    out = []
    for index, tile in enumerate(state.slots):
        if tile is None:
            continue
        source = Q.slot_quarter(state.orientation, index + 1)
        for mask, cells in board.cells_by_mask.items():
            for cell in cells:
                if cell in state.cells:
                    continue
                if not state.players[seat].markers[source] and board.cells[cell].quarter != source:
                    continue  # M-PLACE-2
                for arrow in board.arrows[(board.tiles[tile].mask, mask)]:
                    out.append((index + 1, cell, arrow))
    return out


def plain_listing(state: State, seat: int) -> list[Any]:
    """Each placement once per artisan outcome (M-ART, M-2P-2), then Refresh or EndTurn."""
    board = palace()
    out: list[Any] = []
    for slot, cell, arrow in plain_placements(state, seat):
        names = [""]
        if arrow == state.players[seat].side:
            tile = state.slots[slot - 1]
            assert tile is not None
            names = [c for c, _ in Q.artisan_options(
                state, seat, board.tiles[tile].colour, board.cells[cell].quarter)] or [""]
        out += [it.Place(slot=slot, cell=cell, arrow=C.SIDES[arrow], artisan=n) for n in names]
    assert state.turn is not None
    if state.turn.placed == 0 and not all(state.players[seat].markers.values()):
        out.append(it.Refresh())
    if state.turn.placed == 1:
        out.append(it.EndTurn())
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_listing_and_end_checks_match_the_plain_rules(players: int) -> None:
    """M-PLACE-1..6, M-ART-1..3, M-2P-2, M-EOT-2, M-EOT-4, M-END-2."""
    board = palace()
    rng = Random(players)
    for seed in range(4):
        game = Game(RULESET, seats(players), None, seed)
        while game.to_move():
            state, seat = game.state, game.to_move()[0]
            assert game.legal_intents(seat) == plain_listing(state, seat)
            assert Q.can_place(state, seat) == bool(plain_placements(state, seat))
            assert Q.purge_due(state) == all(c in state.cells for c in board.central_cells)
            assert Q.completed_unscored(state) == [
                q for q in board.quarters if q not in state.scored
                and all(c in state.cells for c in board.by_quarter[q])]
            assert Q.any_tile_fits(state) == any(
                board.arrows[(board.tiles[t].mask, board.cells[c].mask)]
                for t in state.slots if t is not None for c in board.cells if c not in state.cells)
            game.play(seat, rng.choice(game.legal_intents(seat)))
