"""Three in a Row: a tiny grid game of a few rules, to prove the core and the screens
take a game that is not a road network, and the template a new game copies (it keeps
the core's conventions and type-checks under ``mypy --strict``).

Rules (ids ``GR-``): GR-1 two players place a stone in turn, the first player
first, on an empty cell of a 3×3 grid; GR-2 three of one player's stones in a row,
column or diagonal win at once; GR-3 a full grid without a row is a draw. There is
no hidden information, so views are the state itself.

The package exports ``State``, ``Options``, ``Intent``, ``Event`` and ``RULESET``;
inside the ruleset class those names are its attributes, so the class spells the
types by their own names (``GridState``...).
"""

from __future__ import annotations

from enum import StrEnum
from random import Random

import msgspec

from engine.core import structs
from engine.core.describe import Description, desc
from engine.core.errors import Forbidden, OutOfTurn
from engine.core.ruleset import Ruleset, RulesetDefaults, Seat

SIZE = 3
CELLS = tuple(f"{col}{row}" for row in range(1, SIZE + 1) for col in "abc")  # a1 b1 c1 a2...
LINES = (*(CELLS[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)),
         *(CELLS[c::SIZE] for c in range(SIZE)), CELLS[::SIZE + 1],
         CELLS[SIZE - 1:SIZE * SIZE - 1:SIZE - 1])
EMPTY = -1
DRAW = -1


class GridOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class Placed(structs.Event, frozen=True, kw_only=True, tag="grid.Placed"):
    seat: int
    cell: str


class Ended(structs.Event, frozen=True, kw_only=True, tag="grid.Ended"):
    winner: int  # DRAW when nobody made a row


GridEvent = Placed | Ended


class Place(structs.Intent, frozen=True, kw_only=True, tag="grid.Place"):
    cell: str


class Phase(StrEnum):
    """Where the game is: every game's state has a ``phase`` of its own ``Phase``."""

    PLAY = "play"
    OVER = "over"


class GridState(msgspec.Struct):
    seats: int
    cells: dict[str, int] = {}
    next: int = 0
    phase: Phase = Phase.PLAY
    winner: int = DRAW


def row_of(state: GridState) -> int | None:
    """GR-2: the seat with three in a line, if any."""
    for line in LINES:
        owners = {state.cells[c] for c in line}
        if len(owners) == 1 and EMPTY not in owners:
            return owners.pop()
    return None


class GridRules(RulesetDefaults[GridState, Place, GridEvent]):
    id = "grid-test"
    name = "Three in a Row (test game)"
    rules_version = "1"
    min_seats = 2
    max_seats = 2
    State = GridState
    Event = GridEvent
    Intent = Place
    Options = GridOptions

    def new_state(self, options: GridOptions, seats: list[Seat]) -> GridState:
        return GridState(seats=len(seats), cells=dict.fromkeys(CELLS, EMPTY))

    def check_options(self, options: GridOptions, seats: list[Seat]) -> None:
        if len(seats) != 2:
            raise Forbidden("GR-1", "Three in a Row takes two players")

    def automatic(self, state: GridState, rng: Random) -> list[GridEvent]:
        if state.phase == Phase.OVER:
            return []
        winner = row_of(state)
        if winner is not None:
            return [Ended(winner=winner)]
        if EMPTY not in state.cells.values():
            return [Ended(winner=DRAW)]  # GR-3
        return []

    def to_move(self, state: GridState) -> tuple[int, ...]:
        return () if state.phase == Phase.OVER else (state.next,)

    def legal_intents(self, state: GridState, seat: int) -> list[Place]:
        if seat not in self.to_move(state):
            return []
        return [Place(cell=c) for c in CELLS if state.cells[c] == EMPTY]

    def decide(self, state: GridState, seat: int, intent: object) -> list[GridEvent]:
        if seat not in self.to_move(state):
            raise OutOfTurn("GR-1", "it is the other player's turn")
        if not isinstance(intent, Place):
            raise OutOfTurn("GR-1", f"{type(intent).__name__} is not a Three in a Row move")
        if intent.cell not in state.cells:
            raise Forbidden("GR-1", "place a stone on a cell of the grid")
        if state.cells[intent.cell] != EMPTY:
            raise Forbidden("GR-1", f"cell {intent.cell} is taken")
        return [Placed(seat=seat, cell=intent.cell)]

    def apply(self, state: GridState, event: GridEvent) -> None:
        if isinstance(event, Placed):
            state.cells[event.cell] = event.seat
            state.next = 1 - event.seat
        elif isinstance(event, Ended):
            state.phase = Phase.OVER
            state.winner = event.winner

    def view(self, state: GridState, seat: int | None) -> GridState:
        return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GridState)

    def redact(self, event: GridEvent, seat: int | None) -> GridEvent:
        return event

    def describe(self, event: GridEvent, state: GridState) -> Description:
        if isinstance(event, Placed):
            return desc((f"seat {event.seat + 1}", f"seat:{event.seat}"), f" takes {event.cell}")
        if event.winner == DRAW:
            return desc("A draw (GR-3)")
        return desc((f"seat {event.winner + 1}", f"seat:{event.winner}"), " wins (GR-2)")

    def boundary(self, event: GridEvent) -> str | None:
        return "turn" if isinstance(event, Placed) else None

    def is_over(self, state: GridState) -> bool:
        return state.phase == Phase.OVER


# The package's names, as every game exports them (tests/test_conventions.py)
State = GridState
Options = GridOptions
Intent = Place
Event = GridEvent
RULESET: Ruleset[GridState, Place, GridEvent, GridOptions] = GridRules()
