"""Claims: a tiny grid game for the core's tests (not a road-network game).

Seats take turns claiming a free cell of a ``rows`` × ``cols`` grid. At setup each
seat is dealt a secret favourite row (FK-SECRET-1); when the grid is full each cell
scores 1, and 2 in the seat's favourite row (FK-SCORE-1). ``runaway`` makes the
automatic step tick that many times before it settles, for the core's guard.
"""

from __future__ import annotations

from collections.abc import Iterator
from random import Random

import msgspec

from engine.core.describe import Description, desc
from engine.core.errors import IllegalIntent
from engine.core.ruleset import LegalGroup, RulesetDefaults, Seat, flatten
from engine.core.structs import Event as BaseEvent
from engine.core.structs import Intent as BaseIntent

HIDDEN = -1


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    rows: int = 3
    cols: int = 3
    runaway: int = 0  # automatic ticks before the game goes on


class Claim(BaseIntent, frozen=True, kw_only=True, tag="claims.Claim"):
    row: int
    col: int


Intent = Claim


class Dealt(BaseEvent, frozen=True, kw_only=True, tag="claims.Dealt"):
    favourites: tuple[int, ...]  # secret: each seat sees only its own


class Claimed(BaseEvent, frozen=True, kw_only=True, tag="claims.Claimed"):
    seat: int
    row: int
    col: int


class Scored(BaseEvent, frozen=True, kw_only=True, tag="claims.Scored"):
    points: tuple[int, ...]


class Ticked(BaseEvent, frozen=True, kw_only=True, tag="claims.Ticked"):
    pass


Event = Dealt | Claimed | Scored | Ticked


class State(msgspec.Struct):
    options: Options
    seats: int
    grid: list[list[int]]  # owner seat per cell, -1 when free
    favourites: list[int] = []
    turn: int = 0
    points: list[int] = []
    over: bool = False
    ticks: int = 0


class ClaimsRules(RulesetDefaults[State, Claim, Event]):
    id = "claims"
    name = "Claims (test game)"
    rules_version = "1"
    min_seats = 2
    max_seats = 3
    State = State
    Event = Event
    Intent = Intent
    Options = Options

    def __init__(self) -> None:
        self.produced = 0  # intents produced by legal groups: tests check laziness
        self.listed = 0  # calls of legal_intents

    def new_state(self, options: Options, seats: list[Seat]) -> State:
        grid = [[-1] * options.cols for _ in range(options.rows)]
        return State(options=options, seats=len(seats), grid=grid)

    def check_options(self, options: Options, seats: list[Seat]) -> None:
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise IllegalIntent("FK-SETUP-1", f"Claims takes 2 to 3 seats, not {len(seats)}")

    def automatic(self, state: State, rng: Random) -> list[Event]:
        if not state.favourites:
            return [Dealt(favourites=tuple(rng.randrange(state.options.rows)
                                           for _ in range(state.seats)))]
        if state.ticks < state.options.runaway:
            return [Ticked()]
        if not state.over and all(cell >= 0 for row in state.grid for cell in row):
            points = [0] * state.seats
            for r, row in enumerate(state.grid):
                for owner in row:
                    points[owner] += 2 if state.favourites[owner] == r else 1
            return [Scored(points=tuple(points))]
        return []

    def to_move(self, state: State) -> tuple[int, ...]:
        if state.over or not state.favourites:
            return ()
        return (state.turn,)

    def legal_groups(self, state: State, seat: int) -> Iterator[LegalGroup[Claim]]:
        if seat not in self.to_move(state):
            return
        for r, row in enumerate(state.grid):
            if -1 in row:
                yield LegalGroup(f"row {r}", lambda r=r: self._row(state, r))

    def _row(self, state: State, r: int) -> Iterator[Claim]:
        for c, owner in enumerate(state.grid[r]):
            if owner == -1:
                self.produced += 1
                yield Claim(row=r, col=c)

    def legal_intents(self, state: State, seat: int) -> list[Claim]:
        self.listed += 1
        return flatten(self.legal_groups(state, seat))

    def decide(self, state: State, seat: int, intent: Claim) -> list[Event]:
        if not isinstance(intent, Claim):
            raise IllegalIntent("FK-CLAIM-1", "only cells are claimed in Claims")
        if seat != state.turn:
            raise IllegalIntent("FK-CLAIM-1", "it is not your turn")
        if not (0 <= intent.row < len(state.grid) and 0 <= intent.col < len(state.grid[0])):
            raise IllegalIntent("FK-CLAIM-2", "that cell is not on the grid")
        if state.grid[intent.row][intent.col] != -1:
            raise IllegalIntent("FK-CLAIM-2", "that cell is taken")
        return [Claimed(seat=seat, row=intent.row, col=intent.col)]

    def apply(self, state: State, event: Event) -> None:
        match event:
            case Dealt():
                state.favourites = list(event.favourites)
            case Claimed():
                state.grid[event.row][event.col] = event.seat
                state.turn = (state.turn + 1) % state.seats
            case Scored():
                state.points = list(event.points)
                state.over = True
            case Ticked():
                state.ticks += 1

    def view(self, state: State, seat: int | None) -> State:
        out = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
        out.favourites = [f if s == seat else HIDDEN for s, f in enumerate(out.favourites)]
        return out

    def redact(self, event: Event, seat: int | None) -> Event:
        if isinstance(event, Dealt):
            return Dealt(favourites=tuple(f if s == seat else HIDDEN
                                          for s, f in enumerate(event.favourites)))
        return event

    def describe(self, event: Event, state: State) -> Description:
        match event:
            case Dealt():
                return desc("Favourite rows dealt: ", repr(list(event.favourites)))
            case Claimed():
                return desc((f"seat {event.seat}", f"seat:{event.seat}"),
                            f" claims {event.row},{event.col} (turn {state.turn})")
            case Scored():
                return desc("Scored ", repr(list(event.points)))
            case _:
                return desc("tick")

    def boundary(self, event: Event) -> str | None:
        return "turn" if isinstance(event, Claimed) else None

    def is_over(self, state: State) -> bool:
        return state.over


class Counting(ClaimsRules):
    """Claims that counts how often the core calls ``apply`` and ``describe``."""

    def __init__(self) -> None:
        super().__init__()
        self.applied = 0
        self.described = 0

    def apply(self, state: State, event: Event) -> None:
        self.applied += 1
        super().apply(state, event)

    def describe(self, event: Event, state: State) -> Description:
        self.described += 1
        return super().describe(event, state)


class ByDefault(ClaimsRules):
    """Claims with the core's default ``is_legal`` and ``legal_groups``."""

    def legal_groups(self, state: State, seat: int) -> Iterator[LegalGroup[Claim]]:
        return RulesetDefaults.legal_groups(self, state, seat)

    def legal_intents(self, state: State, seat: int) -> list[Claim]:
        self.listed += 1
        return flatten(ClaimsRules.legal_groups(self, state, seat))


RULESET = ClaimsRules()
