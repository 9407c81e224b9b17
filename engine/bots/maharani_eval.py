"""How good a Maharani position is for one seat, in gold.

Artisans never leave their quarter before it is scored and every quarter is scored
before the game ends (M-END-1, M-EVAL-3), so the artisans a colour has in a quarter
are gold already earned: ``quarter_gold(n)`` (M-EVAL-1). ``estimate`` adds that to the
gold on the track, less a second-tile fee not yet paid (M-EOT-1), plus a little for
each action marker face up (the freedom to place across quarters, M-PLACE-1) and a
charge for an empty reserve (no new artisans, M-ART-3). ``value`` is the seat's
estimate minus the best opponent's, which is what a bot maximises. Everything in a
Maharani state is public but the bag's order (M-INFO-1), so a seat's view is complete.
"""

from __future__ import annotations

from engine.maharani import components as C
from engine.maharani.board import palace
from engine.maharani.state import Phase, State

# Gold-equivalents, tuned by tournaments (scripts/tournament.py --game maharani).
MARKER_UP = 0.6  # an action marker face up
EMPTY_RESERVE = 3.0  # a colour with no artisan left to place
WIN_BONUS = 50.0  # winning a finished game outright (shared: half)


def artisans_by_quarter(state: State) -> dict[tuple[str, str], int]:
    """(quarter, artisan colour) -> artisans standing there, for unscored quarters."""
    board = palace()
    out: dict[tuple[str, str], int] = {}
    for cell, colour in state.artisans.items():
        key = (board.cells[cell].quarter, colour)
        out[key] = out.get(key, 0) + 1
    return out


def estimates(state: State) -> list[float]:
    counts = artisans_by_quarter(state)
    out: list[float] = []
    for seat, player in enumerate(state.players):
        total = float(player.gold)
        turn = state.turn
        if turn is not None and turn.seat == seat and turn.placed >= C.MAX_PLACEMENTS:
            total -= C.SECOND_TILE_FEE  # the turn has not ended yet
        if state.phase != Phase.OVER:
            for (quarter, colour), n in counts.items():
                if colour in player.colours and quarter not in state.scored:
                    total += C.quarter_gold(n)
            total += MARKER_UP * sum(player.markers.values())
            total -= EMPTY_RESERVE * sum(1 for r in player.reserve if r == 0)
        out.append(total)
    return out


def value(state: State, seat: int) -> float:
    mine = estimates(state)
    best_other = max(v for s, v in enumerate(mine) if s != seat)
    out = mine[seat] - best_other
    if state.phase == Phase.OVER and seat in state.winners:
        out += WIN_BONUS / len(state.winners)
    return out
