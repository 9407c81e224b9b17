"""Time controls: each table's clocks, kept as a log of clock events.

A table's clock log (beside its game log, in the server's records) says when each
seat began and stopped deciding, whose time ran out, who came back and how the others
voted. The clocks are that log folded, so a restart resumes every clock where the
last event left it (the time the server was down is charged to nobody), and a
finished game keeps its clock log with its save for the replay.

A seat's *decision*, for the clock, is its spell of deciding: from when it must decide
until it no longer must (a turn of several steps is one decision). Simultaneous
decisions (Maharaja's plans) run every deciding seat's clock at once. ``live``: each
seat has ``base`` seconds for the game and gains ``increment`` after each decision
(Fischer). ``turn``: each decision has ``base`` seconds, and a seat that takes longer
draws on its time bank (``bank`` seconds for the game). A seat a computer plays runs no
clock. Every table keeps the log, timed or not: how long a decision has waited is
what the lobby and the notices tell.

When a seat's time runs out, the table's policy applies: a computer of the table's
level plays for it until its player comes back (to the table), or the other players
vote to skip it (the easy computer plays it, until its player is back) or to end the
game. The seat is named in the table's info for good (the final table says who timed
out).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import msgspec

from maharaja_server.transport.ledger import Ledger
from maharaja_server.transport.protocol import (
    SeatClock,
    StepClock,
    TableInfo,
    TimeControl,
    VoteInfo,
)
from maharaja_server.transport.tables import Table, TableService

log = logging.getLogger("maharaja_server.transport.clocks")

GRACE = 60.0  # seconds a live clock that ran out gives its player back on their return


class Mark(msgspec.Struct, tag="mark", array_like=True):
    """From ``at``, these seats decide (after ``step`` steps of the game)."""

    at: float
    step: int
    deciding: list[int]


class Out(msgspec.Struct, tag="out", array_like=True):
    at: float
    seat: int


class Back(msgspec.Struct, tag="back", array_like=True):
    """The player of a seat whose time ran out is back: the seat is theirs again."""

    at: float
    seat: int


class Resumed(msgspec.Struct, tag="resumed", array_like=True):
    """The server started again: the clocks go on from here, the time it was down
    charged to nobody."""

    at: float


class Voted(msgspec.Struct, tag="voted", array_like=True):
    at: float
    voter: int
    seat: int
    choice: str  # "skip" or "end"


class Settled(msgspec.Struct, tag="settled", array_like=True):
    at: float
    seat: int
    choice: str


Entry = Mark | Out | Back | Resumed | Voted | Settled
ENTRY = msgspec.json.Decoder(Entry)
ENTRIES = msgspec.json.Decoder(list[Entry])


class Clock:
    """A table's clocks: its clock log folded."""

    def __init__(self, control: TimeControl, seats: int) -> None:
        self.control = control
        live = control.kind == "live"
        self.left = [control.base if live else control.bank] * seats
        self.used = [0.0] * seats  # of this decision (turn-based)
        self.since = [0.0] * seats  # when each seat began to decide (0: it does not)
        self.deciding: set[int] = set()
        self.at: float | None = None  # the last event's time
        self.step = 0
        self.out: set[int] = set()  # time ran out, not back yet
        self.timed_out: list[int] = []  # whose time ran out in this game, in order
        self.votes: dict[int, dict[int, str]] = {}  # seat out -> voter -> choice
        self.settled: dict[int, str] = {}  # seat out -> what the vote chose
        self.entries: list[Entry] = []

    def apply(self, entry: Entry) -> None:
        self.entries.append(entry)
        match entry:
            case Mark(at=at, step=step, deciding=deciding):
                self._advance(at)
                now = set(deciding)
                for seat in self.deciding - now:  # a decision made
                    self.since[seat] = 0.0
                    self.used[seat] = 0.0
                    if self.control.kind == "live":
                        self.left[seat] += self.control.increment
                for seat in now - self.deciding:
                    self.since[seat] = at
                    self.used[seat] = 0.0
                self.deciding = now
                self.step = step
            case Out(at=at, seat=seat):
                self._advance(at)
                self.deciding.discard(seat)
                self.since[seat] = 0.0
                self.used[seat] = 0.0
                self.left[seat] = 0.0
                self.out.add(seat)
                if seat not in self.timed_out:
                    self.timed_out.append(seat)
            case Back(at=at, seat=seat):
                self._advance(at)
                self.out.discard(seat)
                self.votes.pop(seat, None)
                self.settled.pop(seat, None)
                if self.control.kind == "live":
                    self.left[seat] = max(self.left[seat], GRACE)
            case Resumed(at=at):
                self.at = at
            case Voted(voter=voter, seat=seat, choice=choice):
                self.votes.setdefault(seat, {})[voter] = choice
            case Settled(seat=seat, choice=choice):
                self.votes.pop(seat, None)
                self.settled[seat] = choice

    def _advance(self, at: float) -> None:
        """Charge the deciding seats for the time since the last event."""
        if self.at is not None and self.control.kind != "none":
            spent = max(0.0, at - self.at)
            for seat in self.deciding:
                if self.control.kind == "live":
                    self.left[seat] -= spent
                else:
                    base = self.control.base
                    before = self.used[seat]
                    self.used[seat] = before + spent
                    self.left[seat] -= max(0.0, before + spent - base) - max(0.0, before - base)
        self.at = at if self.at is None else max(self.at, at)

    def deadline(self, seat: int) -> float | None:
        """When ``seat``'s time runs out, while it decides at a timed table."""
        if self.control.kind == "none" or seat not in self.deciding or self.at is None:
            return None
        if self.control.kind == "live":
            return self.at + self.left[seat]
        return self.at + max(0.0, self.control.base - self.used[seat]) + self.left[seat]

    def overdue(self, now: float) -> list[int]:
        return sorted(s for s in self.deciding
                      if (d := self.deadline(s)) is not None and d <= now)

    def next_deadline(self) -> float | None:
        deadlines = [d for s in self.deciding if (d := self.deadline(s)) is not None]
        return min(deadlines, default=None)

    def seat_clocks(self) -> list[SeatClock]:
        return [SeatClock(seat, self.left[seat], seat in self.deciding,
                          self.deadline(seat), seat in self.out)
                for seat in range(len(self.left))]


class Timekeeper:
    """The clocks of every table of a table service: keeps their logs, tells the
    table's info, and applies the timeout policy when a seat's time runs out."""

    def __init__(self, service: TableService, ledger: Ledger,
                 now: Callable[[], float] | None = None) -> None:
        self.service = service
        self.ledger = ledger
        self.now = now or service.now
        self.clocks: dict[int, Clock] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._stored = ledger.clock_logs()  # the logs of the tables about to be resumed
        self.on_timeout: list[Callable[[Table, int], None]] = []
        service.on_host.append(self._hosted)
        service.on_change.append(self._changed)
        service.on_attach.append(self._attached)
        service.on_remove.append(self._removed)
        service.decorate.append(self._decorate)

    # ---------------------------------------------------------------- the log
    def clock(self, table: Table) -> Clock:
        clock = self.clocks.get(table.id)
        if clock is None:
            clock = self.clocks[table.id] = Clock(table.meta.clock, len(table.meta.slots))
        return clock

    def _add(self, table: Table, entry: Entry) -> None:
        clock = self.clock(table)
        self.ledger.add_clock_entry(table.id, len(clock.entries), msgspec.json.encode(entry))
        clock.apply(entry)

    def log_of(self, table_id: int) -> bytes:
        """The table's clock log (a finished game keeps it with its save)."""
        clock = self.clocks.get(table_id)
        return msgspec.json.encode(clock.entries if clock is not None else [])

    # ------------------------------------------------------------ the service
    def _hosted(self, table: Table) -> None:
        stored = self._stored.pop(table.id, None)
        if stored:  # resumed after a restart: the clocks as the log left them
            clock = self.clock(table)
            for data in stored:
                clock.apply(ENTRY.decode(data))
            self._add(table, Resumed(self.now()))
            assert table.local is not None
            for seat in clock.out:
                stand_in = self._stand_in(table, seat)
                if stand_in is not None:
                    table.local.stand_ins[seat] = stand_in
        self._mark(table)

    def _stand_in(self, table: Table, seat: int) -> str | None:
        """Who plays a seat whose time ran out: the table's level, the easy computer
        after a vote to skip it, nobody while the others vote."""
        clock = self.clock(table)
        if table.meta.on_timeout == "computer":
            return table.meta.level
        return "easy" if clock.settled.get(seat) == "skip" else None

    def _changed(self, table_id: int, version: int) -> None:
        table = self.service.tables.get(table_id)
        if table is not None and table.local is not None:
            self._mark(table)

    def _mark(self, table: Table) -> None:
        """A Mark when who decides (or the step) changed since the last one."""
        local = table.local
        if local is None:
            return
        game = local.game
        clock = self.clock(table)
        over = game.is_over() or bool(table.meta.ended)
        deciding = [] if over else sorted(s for s in game.to_move()
                                          if local.level(s) is None and s not in clock.out)
        if clock.at is None or set(deciding) != clock.deciding or len(game.steps) != clock.step:
            self._add(table, Mark(self.now(), len(game.steps), deciding))
        self._arm(table)

    def _attached(self, table: Table, seat: int | None) -> None:
        """A seat's player arrived: a seat whose time ran out is theirs again."""
        clock = self.clocks.get(table.id)
        if seat is None or clock is None or seat not in clock.out or table.local is None:
            return
        self._add(table, Back(self.now(), seat))
        log.info("table %d: seat %d is back after its time ran out", table.id, seat + 1)
        if not table.meta.slots[seat].handed:  # else the service gives it back itself
            table.local.give_back(seat)
        self._mark(table)

    def _removed(self, table_id: int) -> None:
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        self.clocks.pop(table_id, None)
        self.ledger.drop_clock_log(table_id)

    def _decorate(self, table: Table, info: TableInfo) -> TableInfo:
        clock = self.clocks.get(table.id)
        if clock is None:
            return info
        vote = None
        for seat in sorted(clock.out):
            if table.meta.on_timeout == "vote" and seat not in clock.settled:
                votes = clock.votes.get(seat, {})
                vote = VoteInfo(seat, self._voters(table, seat),
                                sorted(v for v, c in votes.items() if c == "skip"),
                                sorted(v for v, c in votes.items() if c == "end"))
                break
        return msgspec.structs.replace(
            info, clocks=clock.seat_clocks(), timed_out=list(clock.timed_out), vote=vote,
            since=list(clock.since))

    # --------------------------------------------------------------- timeouts
    def _arm(self, table: Table) -> None:
        timer = self._timers.pop(table.id, None)
        if timer is not None:
            timer.cancel()
        deadline = self.clock(table).next_deadline()
        if deadline is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (offline use, tests): check() is called by hand
        self._timers[table.id] = loop.call_later(max(0.0, deadline - self.now()) + 0.05,
                                                 self.check_table, table.id)

    def check(self) -> list[tuple[int, int]]:
        """Apply the policy to every seat whose time has run out; (table, seat) each."""
        out = []
        for table_id in list(self.clocks):
            out += [(table_id, seat) for seat in self.check_table(table_id)]
        return out

    def check_table(self, table_id: int) -> list[int]:
        self._timers.pop(table_id, None)
        table = self.service.tables.get(table_id)
        if table is None or table.local is None:
            return []
        clock = self.clock(table)
        overdue = clock.overdue(self.now())
        for seat in overdue:
            self._time_out(table, seat)
        self._arm(table)
        return overdue

    def _time_out(self, table: Table, seat: int) -> None:
        assert table.local is not None
        self._add(table, Out(self.now(), seat))
        log.info("table %d: seat %d's time ran out", table.id, seat + 1)
        for told in list(self.on_timeout):
            told(table, seat)
        stand_in = self._stand_in(table, seat)
        if stand_in is None and not self._voters(table, seat):
            self._settle(table, seat, "skip")  # nobody to vote: the game goes on
            return
        if stand_in is not None:
            table.local.hand_over(seat, stand_in)  # tells everyone, moves for it
        self.service.tell(table)

    # ------------------------------------------------------------------ votes
    def _voters(self, table: Table, seat: int) -> list[int]:
        """The people at the table but the seat out: they vote."""
        return [s for s, slot in enumerate(table.meta.slots)
                if s != seat and slot.kind == "human" and s not in self.clock(table).out]

    def vote(self, table: Table, voter: int, choice: str) -> None:
        """``voter`` votes on the seat out: a majority of the voters decides."""
        from engine.core.errors import IllegalIntent

        if choice not in ("skip", "end"):
            raise IllegalIntent("SRV-VOTE", "vote skip or end")
        clock = self.clock(table)
        pending = [s for s in sorted(clock.out) if s not in clock.settled]
        if table.meta.on_timeout != "vote" or not pending:
            raise IllegalIntent("SRV-VOTE", "no vote is open at this table")
        seat = pending[0]
        voters = self._voters(table, seat)
        if voter not in voters:
            raise IllegalIntent("SRV-VOTE", "only the other players vote on this seat")
        self._add(table, Voted(self.now(), voter, seat, choice))
        votes = clock.votes.get(seat, {})
        chosen = sum(1 for c in votes.values() if c == choice)
        if chosen * 2 > len(voters):
            self._settle(table, seat, choice)
        else:
            self.service.tell(table)

    def _settle(self, table: Table, seat: int, choice: str) -> None:
        assert table.local is not None
        self._add(table, Settled(self.now(), seat, choice))
        name = table.meta.slots[seat].name or f"seat {seat + 1}"
        if choice == "end":
            table.meta.ended = f"ended by vote after {name}'s time ran out"
            self.service.save_meta(table)
            log.info("table %d: %s", table.id, table.meta.ended)
            self._mark(table)
            self.service.tell(table)
        else:
            table.local.hand_over(seat, "easy")


def step_clocks(control: TimeControl, seats: int, data: bytes) -> list[StepClock]:
    """A kept clock log as the replay shows it: the clocks at each step's end."""
    clock = Clock(control, seats)
    found: list[StepClock] = []
    for entry in ENTRIES.decode(data) if data else []:
        clock.apply(entry)
        if isinstance(entry, Mark):
            found.append(StepClock(entry.step, entry.at, list(clock.left)))
    return found
