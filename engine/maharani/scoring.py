"""Quarter scoring (M-EVAL) and the winners (M-END-3)."""

from __future__ import annotations

from engine.maharani import components as C
from engine.maharani import events as E
from engine.maharani.board import palace
from engine.maharani.queries import owner
from engine.maharani.state import MaharaniState


def score_quarter(state: MaharaniState, quarter: str, complete: bool = True) -> E.QuarterScored:
    """M-EVAL-1, M-2P-5: each artisan colour in the quarter scores on its own."""
    cells = [c for c in palace().by_quarter[quarter] if c in state.artisans]
    counts: dict[str, int] = {}
    for cell in cells:
        colour = state.artisans[cell]
        counts[colour] = counts.get(colour, 0) + 1
    gains = tuple(
        (owner(state, colour), colour, counts[colour], C.quarter_gold(counts[colour]))
        for colour in C.ARTISAN_COLOURS if colour in counts
    )
    return E.QuarterScored(quarter, tuple(sorted(gains)), tuple(cells), complete)


def winners(state: MaharaniState) -> tuple[int, ...]:
    """M-END-3: everyone tied for the most gold shares the victory."""
    best = max(p.gold for p in state.players)
    return tuple(s for s, p in enumerate(state.players) if p.gold == best)
