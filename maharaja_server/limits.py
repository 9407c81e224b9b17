"""Limits that keep one misbehaving client from hurting the others."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


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
    """At most ``limit`` sessions at once."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.active = 0

    def acquire(self) -> bool:
        if self.active >= self.limit:
            return False
        self.active += 1
        return True

    def release(self) -> None:
        self.active = max(0, self.active - 1)


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
