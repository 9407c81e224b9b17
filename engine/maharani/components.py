"""Maharani's declared tables: sides, artisans by player count, quarter scoring.

The board geometry and the tile set are data files (``board.py`` loads them); what
is here is printed on the rulebook's pages, so rules.py never carries a magic number.
"""

from __future__ import annotations

from typing import Final

# ------------------------------------------------------------------ directions (spec conventions)
SIDES: Final = ("N", "E", "S", "W")  # N=0, E=1, S=2, W=3, clockwise
SIDE_NAMES: Final = {"N": "north", "E": "east", "S": "south", "W": "west"}
EDGE_NAMES: Final = {"N": "north", "E": "east", "S": "south", "W": "west"}


def rot(direction: int, turns: int) -> int:
    """``rot(d, k)``: ``d`` turned ``k`` quarter turns clockwise."""
    return (direction + turns) % 4


# ------------------------------------------------------------------ players (M-COMP-4, M-SETUP)
ARTISAN_COLOURS: Final = ("GREEN", "RED", "BLUE", "YELLOW")
# M-SETUP-2: the side of each seat, by player count.
SEAT_SIDES: Final[dict[int, tuple[int, ...]]] = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
# Ruling: artisan colours go by seat (the choice is cosmetic). With 2 players seat 0
# takes GREEN+YELLOW and seat 1 RED+BLUE, as in M-EX-11 and M-EX-12.
SEAT_COLOURS: Final[dict[int, tuple[tuple[str, ...], ...]]] = {
    2: (("GREEN", "YELLOW"), ("RED", "BLUE")),
    3: (("GREEN",), ("RED",), ("BLUE",)),
    4: (("GREEN",), ("RED",), ("BLUE",), ("YELLOW",)),
}
ARTISANS: Final[dict[int, int]] = {4: 8, 3: 10, 2: 7}  # M-SETUP-4: per colour
MIN_PLAYERS, MAX_PLAYERS = 2, 4

# ------------------------------------------------------------------ turns
SLOTS: Final = (1, 2, 3, 4)  # M-COMP-1: turntable slots
MAX_PLACEMENTS: Final = 2  # M-PLACE-6
SECOND_TILE_FEE: Final = 2  # M-PLACE-6, M-EOT-1

# ------------------------------------------------------------------ scoring (M-EVAL-1)
QUARTER_GOLD: Final = (0, 4, 6, 9, 13, 18, 24)  # by number of artisans of one colour


def quarter_gold(count: int) -> int:
    return QUARTER_GOLD[min(count, len(QUARTER_GOLD) - 1)]
