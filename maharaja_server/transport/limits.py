"""Limits that keep one misbehaving client from hurting the others."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable

from maharaja_server.transport.network import networks


class TokenBucket:
    """Bounded input rate: ``rate`` bytes per second on average, bursts up to ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.dropped = 0

    def take(self, data: bytes) -> bytes:
        """The part of ``data`` within the budget; the rest is dropped and counted."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        allowed = int(min(len(data), self.tokens))
        self.tokens -= allowed
        self.dropped += len(data) - allowed
        return data[:allowed]


class SessionCounter:
    """At most ``limit`` sessions at once, ``per_name`` of one player and ``per_address``
    from one address (IPv6: one /64), SSH and browser sessions alike: one SSH
    connection opened 64 sessions and the server told everyone else it was full."""

    def __init__(self, limit: int, per_name: int = 1_000_000,
                 per_address: int = 1_000_000, starts_per_minute: float = 1e9,
                 start_burst: float = 1e9) -> None:
        self.limit = limit
        self.per_name = per_name
        self.per_address = per_address
        # Session starts per address: each costs the server a fraction of a CPU-second,
        # so a client hung up for a flood that came straight back (40 times in 30 s)
        # took another player's p95 from 193 ms to 1.6 s by its starts alone.
        self.starts_per_minute = starts_per_minute
        self.start_burst = start_burst
        self.active = 0
        self._names: dict[str, int] = {}
        self._addresses: dict[str, int] = {}
        self._starts: OrderedDict[str, Budget] = OrderedDict()

    def acquire(self, name: str = "", address: str = "") -> bool:
        return self.refusal(name, address) is None

    def refusal(self, name: str = "", address: str = "") -> str | None:
        """Take a session for ``name`` from ``address``: None, or why not (one line)."""
        where = networks(address)[0] if address else ""
        if self.active >= self.limit:
            return "The server is full right now (too many sessions); please try again later."
        if name and self._names.get(name, 0) >= self.per_name:
            return (f"{name} has {sessions(self.per_name)} open, as many as one player may; "
                    "close one first.")
        if where and self._addresses.get(where, 0) >= self.per_address:
            return (f"Your address has {sessions(self.per_address)} open, as many as one "
                    "address may; close one first.")
        if where and not self._start_budget(where).take():
            return ("Too many sessions started from your address lately; try again in a "
                    "minute.")
        self.active += 1
        for counts, key in ((self._names, name), (self._addresses, where)):
            if key:
                counts[key] = counts.get(key, 0) + 1
        return None

    def _start_budget(self, where: str) -> Budget:
        budget = self._starts.get(where)
        if budget is None:
            budget = self._starts[where] = Budget(self.starts_per_minute / 60,
                                                  self.start_burst)
        self._starts.move_to_end(where)
        while len(self._starts) > TRACKED:
            self._starts.popitem(last=False)
        return budget

    def penalise(self, address: str) -> None:
        """``address`` was hung up for abuse (a flood): its next session waits until
        its start budget has refilled by one."""
        if address:
            self._start_budget(networks(address)[0]).empty()

    def release(self, name: str = "", address: str = "") -> None:
        self.active = max(0, self.active - 1)
        where = networks(address)[0] if address else ""
        for counts, key in ((self._names, name), (self._addresses, where)):
            if key in counts:
                counts[key] -= 1
                if counts[key] <= 0:
                    del counts[key]


TRACKED = 10_000  # addresses whose session starts are counted (the quietest forgotten first)


def sessions(count: int) -> str:
    return f"{count} session{'' if count == 1 else 's'}"


class Budget:
    """``rate`` events a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.now = now
        self.tokens = burst
        self.stamp = now()

    def _refill(self) -> None:
        now = self.now()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def empty(self) -> None:
        self._refill()
        self.tokens = 0.0

    def wait(self) -> float:
        """Seconds until one event is allowed."""
        self._refill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate


class WindowChanges:
    """A session's window-size changes, rate-limited and coalesced as typed input is
    capped: at most ``rate`` a second reach the session (each one a whole relayout),
    the others wait as one, the latest size, applied once the budget allows. A client
    that goes on past ``flood`` changes a second on average (bursts of ``flood_burst``)
    is flooding: ``changed`` says False, and the caller hangs it up (205,452 changes
    in 35 s took another player's p95 from 111 ms to 2,085 ms)."""

    def __init__(self, apply: Callable[[int, int], None], *, rate: float = 10.0,
                 burst: float = 10.0, flood: float = 30.0, flood_burst: float = 600.0,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.apply = apply
        self.budget = Budget(rate, burst, now)
        self.flood = Budget(flood, flood_burst, now)
        self.pending: tuple[int, int] | None = None
        self.applied = 0
        self.coalesced = 0
        self._timer: asyncio.TimerHandle | None = None

    def changed(self, cols: int, rows: int) -> bool:
        """A change came; False once the client floods (nothing more is applied)."""
        if not self.flood.take():
            self.close()
            return False
        if self._timer is None and self.budget.take():
            self._apply(cols, rows)
        else:
            self.coalesced += self.pending is not None
            self.pending = (cols, rows)
            if self._timer is None:
                self._timer = asyncio.get_running_loop().call_later(self.budget.wait(),
                                                                    self._later)
        return True

    def _later(self) -> None:
        self._timer = None
        if self.pending is None:
            return
        if not self.budget.take():
            self._timer = asyncio.get_running_loop().call_later(self.budget.wait(),
                                                                self._later)
            return
        size, self.pending = self.pending, None
        self._apply(*size)

    def _apply(self, cols: int, rows: int) -> None:
        self.applied += 1
        self.apply(cols, rows)

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.pending = None


class StartGate:
    """At most ``slots`` sessions starting at once.

    Starting a Textual child costs about a CPU-second; a crowd connecting together
    would otherwise stall the games in progress. A slot frees when the session
    first draws, or after ``hold`` seconds whatever happens.
    """

    def __init__(self, slots: int, hold: float) -> None:
        self.slots = slots
        self.hold = hold
        self._sem: asyncio.Semaphore | None = None

    async def enter(self) -> Callable[[], None]:
        if self._sem is None:
            self._sem = asyncio.Semaphore(self.slots)
        sem = self._sem
        await sem.acquire()
        done = False

        def release() -> None:
            nonlocal done
            if not done:
                done = True
                timer.cancel()
                sem.release()

        timer = asyncio.get_running_loop().call_later(self.hold, release)
        return release


class ConnectionLimits:
    """At most ``per_address`` open SSH connections from one address and ``total`` in
    all, counted from the first byte (before authentication)."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self.open: dict[str, int] = {}

    def admit(self, address: str) -> bool:
        if sum(self.open.values()) >= self.total or \
                self.open.get(address, 0) >= self.per_address:
            return False
        self.open[address] = self.open.get(address, 0) + 1
        return True

    def release(self, address: str) -> None:
        left = self.open.get(address, 0) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)
