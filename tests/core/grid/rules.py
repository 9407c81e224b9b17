"""Three in a Row: a tiny grid game of a few rules, to prove the core and the screens
take a game that is not a road network (issue 10).

Rules (ids ``GR-``): GR-1 two players place a stone in turn, the first player
first, on an empty cell of a 3×3 grid; GR-2 three of one player's stones in a row,
column or diagonal win at once; GR-3 a full grid without a row is a draw. There is
no hidden information, so views are the state itself.
"""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec

from engine.core import structs
from engine.core.describe import Description, desc
from engine.core.errors import IllegalIntent
from engine.core.ruleset import RulesetDefaults, Seat

SIZE = 3
CELLS = tuple(f"{col}{row}" for row in range(1, SIZE + 1) for col in "abc")  # a1 b1 c1 a2...
LINES = (*(CELLS[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)),
         *(CELLS[c::SIZE] for c in range(SIZE)), CELLS[::SIZE + 1],
         CELLS[SIZE - 1:SIZE * SIZE - 1:SIZE - 1])
EMPTY = -1
DRAW = -1


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class Placed(structs.Event, frozen=True, kw_only=True, tag="grid.Placed"):
    seat: int
    cell: str


class Ended(structs.Event, frozen=True, kw_only=True, tag="grid.Ended"):
    winner: int  # DRAW when nobody made a row


Event = Placed | Ended


class Place(structs.Intent, frozen=True, kw_only=True, tag="grid.Place"):
    cell: str


Intent = Place


class State(msgspec.Struct):
    seats: int
    cells: dict[str, int] = {}
    next: int = 0
    over: bool = False
    winner: int = DRAW


def row_of(state: State) -> int | None:
    """GR-2: the seat with three in a line, if any."""
    for line in LINES:
        owners = {state.cells[c] for c in line}
        if len(owners) == 1 and EMPTY not in owners:
            return owners.pop()
    return None


class GridRules(RulesetDefaults[State, Place, Event]):
    id = "grid-test"
    name = "Three in a Row (test game)"
    rules_version = "1"
    min_seats = 2
    max_seats = 2
    State = State
    Event = Event
    Intent = Intent
    Options = Options

    def new_state(self, options: Options, seats: list[Seat]) -> State:
        return State(seats=len(seats), cells=dict.fromkeys(CELLS, EMPTY))

    def check_options(self, options: Options, seats: list[Seat]) -> None:
        if len(seats) != 2:
            raise IllegalIntent("GR-1", "Three in a Row takes two players")

    def automatic(self, state: State, rng: Random) -> list[Any]:
        if state.over:
            return []
        winner = row_of(state)
        if winner is not None:
            return [Ended(winner=winner)]
        if EMPTY not in state.cells.values():
            return [Ended(winner=DRAW)]  # GR-3
        return []

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state.over else (state.next,)

    def legal_intents(self, state: State, seat: int) -> list[Any]:
        if seat not in self.to_move(state):
            return []
        return [Place(cell=c) for c in CELLS if state.cells[c] == EMPTY]

    def decide(self, state: State, seat: int, intent: Any) -> list[Any]:
        if seat not in self.to_move(state):
            raise IllegalIntent("GR-1", "it is the other player's turn")
        if not isinstance(intent, Place) or intent.cell not in state.cells:
            raise IllegalIntent("GR-1", "place a stone on a cell of the grid")
        if state.cells[intent.cell] != EMPTY:
            raise IllegalIntent("GR-1", f"cell {intent.cell} is taken")
        return [Placed(seat=seat, cell=intent.cell)]

    def apply(self, state: State, event: Any) -> None:
        if isinstance(event, Placed):
            state.cells[event.cell] = event.seat
            state.next = 1 - event.seat
        elif isinstance(event, Ended):
            state.over = True
            state.winner = event.winner

    def view(self, state: State, seat: int | None) -> State:
        return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)

    def redact(self, event: Any, seat: int | None) -> Any:
        return event

    def describe(self, event: Any, state: State) -> Description:
        if isinstance(event, Placed):
            return desc((f"seat {event.seat + 1}", f"seat:{event.seat}"), f" takes {event.cell}")
        if event.winner == DRAW:
            return desc("A draw (GR-3)")
        return desc((f"seat {event.winner + 1}", f"seat:{event.winner}"), " wins (GR-2)")

    def boundary(self, event: Any) -> str | None:
        return "turn" if isinstance(event, Placed) else None

    def is_over(self, state: State) -> bool:
        return state.over


RULESET = GridRules()
