"""Steering a board by arrows in tests: the shortest run of arrow keys between places."""

from __future__ import annotations

from maharaja_tui.widgets.board_cursor import ArrowMoves


def arrow_keys(moves: ArrowMoves, start: str, goal: str) -> list[str]:
    """The fewest arrow keys from ``start`` to ``goal`` by the board's own moves."""
    paths: dict[str, list[str]] = {start: []}
    frontier = [start]
    while frontier and goal not in paths:
        nxt = []
        for place in frontier:
            for arrow, there in moves.moves.get(place, {}).items():
                if there not in paths:
                    paths[there] = [*paths[place], arrow]
                    nxt.append(there)
        frontier = nxt
    assert goal in paths, f"{goal} cannot be reached from {start} by arrows"
    return paths[goal]
