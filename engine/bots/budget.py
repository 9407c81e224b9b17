"""How long a searching bot may think: an iteration count, a time limit, or both.

Iterations make play reproducible for a seed (tournaments, recordings, tests); a
time limit bounds the wait at the table but makes the choice depend on the clock.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

# A whole decision (judging the options, modelling the others, the rollouts) ends by this
# deadline give or take the last unit of work begun, which must fit in the time left by
# the longest such unit seen so far: a wait of at most 1 s (issue 15) with room to spare.
DEFAULT_SECONDS = 0.85


@dataclass(frozen=True)
class Budget:
    iterations: int | None = None  # rollouts per decision; None: no limit
    seconds: float | None = DEFAULT_SECONDS  # wall-clock per decision; None: no limit
    # Count ``seconds`` in this process's CPU time instead: on a loaded machine (benchmarks,
    # tournaments) hard then thinks as long as it would on a quiet one; never at a table.
    cpu_clock: bool = False

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs an iteration count, a time limit or both")

    @classmethod
    def fixed(cls, iterations: int) -> Budget:
        """A clock-free budget: the same seed always gives the same choice."""
        return cls(iterations=iterations, seconds=None)

    def start(self) -> Allowance:
        return Allowance(self)


class Allowance:
    """One decision's running count against its budget."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.used = 0
        self.deadline = None if budget.seconds is None else self.now() + budget.seconds

    def now(self) -> float:
        """The budget's clock, in seconds."""
        return time.process_time() if self.budget.cpu_clock else time.perf_counter()

    def expired(self) -> bool:
        """The time limit (if any) has passed: start nothing more."""
        return self.deadline is not None and self.now() >= self.deadline

    def remaining(self) -> float:
        """Seconds left before the time limit (infinite without one)."""
        if self.deadline is None:
            return float("inf")
        return self.deadline - self.now()

    def spend(self) -> bool:
        """Count one iteration; False once the budget is exhausted (checked before work)."""
        if self.budget.iterations is not None and self.used >= self.budget.iterations:
            return False
        if self.deadline is not None and self.used > 0 and self.now() >= self.deadline:
            return False
        self.used += 1
        return True

    def pacer(self, expect: float = 0.0) -> Pacer:
        """A check before each unit of a repeated piece of work (see ``Pacer``); ``expect``:
        seconds the first unit is expected to take (a like piece of work just timed)."""
        return Pacer(self, expect)


class Pacer:
    """Paces one repeated piece of work (the rollouts, the opponents modelled) against the
    deadline: called before each unit, it answers whether the longest unit so far (the
    time between two calls) still fits in the time left. Without a time limit it always
    says yes, so an iteration budget stays reproducible. Once it says no, ``stopped``."""

    def __init__(self, allowance: Allowance, expect: float = 0.0) -> None:
        self.allowance = allowance
        self.longest = expect
        self.last: float | None = None
        self.stopped = False

    def __call__(self) -> bool:
        if self.allowance.deadline is None:
            return True
        now = self.allowance.now()
        if self.last is not None:
            self.longest = max(self.longest, now - self.last)
        self.last = now
        if self.allowance.deadline - now <= self.longest:
            self.stopped = True
        return not self.stopped
