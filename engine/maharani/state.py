"""The mutable state of a Maharani game. Only fold.apply changes it.

Nothing here is secret (M-INFO-1): the bag is kept as a sorted multiset, because
every draw is made at the moment it happens with the seeded generator the core
passes to ``automatic`` and is written into an event. So no draw order exists to
hide, in the state, in a view or in a save.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from engine.maharani.options import Options


class Phase(StrEnum):
    """The phases a game walks through (a turn loops TURN, END_OF_TURN)."""

    SETUP = "setup"  # before the first player is chosen
    END_OF_TURN = "end_of_turn"  # M-EOT-2..5 (and the setup draw, M-SETUP-3)
    TURN = "turn"  # the active player decides
    OVER = "over"


class Player(msgspec.Struct):
    side: int  # M-SETUP-2: 0..3 for N E S W
    colours: list[str]  # artisan colours (two with 2 players, M-2P-1)
    reserve: list[int]  # artisans in reserve, per colour
    markers: dict[str, bool]  # quarter -> action marker face up (M-COMP-3)
    gold: int = 0


class Placed(msgspec.Struct, array_like=True):
    tile: str
    arrow: int  # the side the tile's arrow points to (M-TILE-4)


class Turn(msgspec.Struct):
    seat: int
    placed: int = 0  # tiles placed this turn (M-PLACE-6)


class State(msgspec.Struct):
    options: Options
    seats: int
    players: list[Player]
    bag: list[str]  # tile ids, sorted: a multiset (M-COMP-7)
    slots: list[str | None] = msgspec.field(default_factory=lambda: [None] * 4)  # slots 1..4
    cells: dict[str, Placed] = {}  # filled cells
    artisans: dict[str, str] = {}  # cell -> artisan colour standing on its tile
    removed: list[str] = []  # tiles out of the game (M-EOT-2)
    orientation: int = 0  # the side the turntable points to (M-BOARD-8)
    phase: Phase = Phase.SETUP
    first: int = 0
    next: int = 0  # whose turn comes next (M-TURN-4)
    turn: Turn | None = None
    turns: int = 0  # turns started so far
    scored: list[str] = []  # quarters scored, in order (M-EVAL-3)
    winners: list[int] = []  # M-END-3
    exceptional: bool = False  # M-END-2
