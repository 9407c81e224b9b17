"""Quarter scoring (M-EVAL) and the winners (M-END-3)."""

from __future__ import annotations

from engine.maharani import components as C
from engine.maharani import events as ev
from engine.maharani.board import palace
from engine.maharani.queries import owner
from engine.maharani.state import State


def score_quarter(state: State, quarter: str, complete: bool = True) -> ev.QuarterScored:
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
    return ev.QuarterScored(quarter=quarter, gains=tuple(sorted(gains)), returned=tuple(cells),
                            complete=complete)


def winners(state: State) -> tuple[int, ...]:
    """M-END-3: everyone tied for the most gold shares the victory."""
    best = max(p.gold for p in state.players)
    return tuple(s for s, p in enumerate(state.players) if p.gold == best)
