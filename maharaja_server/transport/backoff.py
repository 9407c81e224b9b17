"""Slowing password guesses without locking the right password out.

A failed password counts against its (name, address) pair and against its address
(guessing many names from one place). The next answer to that pair waits
``base * 2 ** (failures - 1)`` seconds, never more than ``most`` whatever the counts
(well under the login timeout, so the right password always gets an answer). Counts
decay by half every ``half_life`` seconds, so a mistyped password is forgotten and a
guesser's delay melts away only as slowly as it guessed. What never happens: failures
from one address delaying a name's logins from another (seven wrong passwords for bob
from one address made every answer to bob wait 30 s, from anywhere, for good).

Guesses of one name from one address are answered one after another, each waiting
the delay the guesses before it earned: seven sent at once all waited the same 4 s.
The tables are bounded: past ``entries`` the oldest failure is forgotten first (a
flood of wrong logins under new names once cleared the whole table, the flooder's own
count with it).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
K = TypeVar("K")

BASE = 0.5  # seconds after the first failure
MOST = 10.0  # seconds at most, whatever the counts (logins time out after 30)
HALF_LIFE = 600.0  # seconds for a count of failures to halve
ENTRIES = 10_000  # pairs (and addresses) remembered; the oldest are forgotten beyond


@dataclass
class Count:
    value: float
    stamp: float


class Backoff:
    def __init__(self, *, base: float = BASE, most: float = MOST,
                 half_life: float = HALF_LIFE, entries: int = ENTRIES,
                 now: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.base = base
        self.most = most
        self.half_life = half_life
        self.entries = entries
        self.now = now
        self.sleep = sleep
        self._pairs: OrderedDict[tuple[str, str], Count] = OrderedDict()
        self._addresses: OrderedDict[str, Count] = OrderedDict()
        self._lanes: dict[tuple[str, str], tuple[asyncio.Lock, int]] = {}

    def failures(self, name: str, address: str) -> float:
        """The decayed count of the pair's failures and of its address's, the larger."""
        return max(self._decayed(self._pairs.get((name, address))),
                   self._decayed(self._addresses.get(address)))

    def delay(self, name: str, address: str) -> float:
        """Seconds the next answer to ``name`` from ``address`` waits."""
        count = self.failures(name, address)
        if count < 0.5:
            return 0.0
        return min(self.most, self.base * 2 ** min(count - 1, 64))

    def failed(self, name: str, address: str) -> int:
        """Count a failure; returns the pair's failures now (rounded, for the log)."""
        count = self._add(self._pairs, (name, address))
        self._add(self._addresses, address)
        return round(count)

    def succeeded(self, name: str, address: str) -> None:
        """The right password: that pair's mistakes are forgotten (not its address's)."""
        self._pairs.pop((name, address), None)

    async def attempt(self, name: str, address: str, check: Callable[[], T | None]) -> T | None:
        """Wait this pair's turn and its delay, then ``check`` (None: a failure)."""
        key = (name, address)
        lock, users = self._lanes.get(key, (asyncio.Lock(), 0))
        self._lanes[key] = (lock, users + 1)
        try:
            async with lock:
                await self.sleep(self.delay(name, address))
                result = check()
                if result is None:
                    self.failed(name, address)
                else:
                    self.succeeded(name, address)
                return result
        finally:
            lock, users = self._lanes[key]
            if users > 1:
                self._lanes[key] = (lock, users - 1)
            else:
                del self._lanes[key]

    def _decayed(self, count: Count | None) -> float:
        if count is None:
            return 0.0
        age = max(0.0, self.now() - count.stamp)
        return count.value * math.exp2(-age / self.half_life) if self.half_life > 0 \
            else count.value

    def _add(self, table: OrderedDict[K, Count], key: K) -> float:
        value = self._decayed(table.get(key)) + 1
        table[key] = Count(value, self.now())
        table.move_to_end(key)
        while len(table) > self.entries:
            table.popitem(last=False)  # the oldest failure goes first
        return value

    def __len__(self) -> int:
        return len(self._pairs)

    @property
    def waiting(self) -> int:
        """Guesses waiting their turn or their delay now."""
        return sum(users for _, users in self._lanes.values())
