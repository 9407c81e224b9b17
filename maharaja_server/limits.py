"""Limits that keep one misbehaving client from hurting the others."""

from __future__ import annotations

import time


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
