"""How long a searching bot may think: an iteration count, a time limit, or both.

Iterations make play reproducible for a seed (tournaments, recordings, tests); a
time limit bounds the wait at the table but makes the choice depend on the clock.

The time limit is counted in the CPU time of the thinking thread (``time.thread_time``):
on a loaded machine the computer thinks as much as on a quiet one instead of searching
a few times less without telling anyone. A wall-clock ceiling bounds what a player
waits whatever the load: the decision ends at whichever comes first.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

# A whole decision (judging the options, modelling the others, the rollouts) ends by this
# deadline give or take the last unit of work begun, which must fit in the time left by
# the longest such unit seen so far: a wait of at most 1 s on a quiet machine.
DEFAULT_SECONDS = 0.85
CEILING = 2.0  # wall-clock seconds a player waits at most for a computer's decision


@dataclass(frozen=True)
class Budget:
    iterations: int | None = None  # rollouts per decision; None: no limit
    seconds: float | None = DEFAULT_SECONDS  # CPU seconds of the thinking thread; None: none
    # wall-clock seconds at most, whatever the load; None: no ceiling (tournaments and
    # benchmarks, where a loaded machine must not cut the thinking short)
    ceiling: float | None = CEILING

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None and self.ceiling is None:
            raise ValueError("a budget needs an iteration count, a time limit or both")

    @classmethod
    def fixed(cls, iterations: int) -> Budget:
        """A clock-free budget: the same seed always gives the same choice."""
        return cls(iterations=iterations, seconds=None, ceiling=None)

    def start(self) -> Allowance:
        return Allowance(self)


class Allowance:
    """One decision's running count against its budget.

    Its clock (``now``) reads seconds of the budget since the decision began: the
    thread's CPU seconds, or the wall-clock seconds scaled to the CPU limit once those
    run ahead of it (the ceiling then comes first), so the deadline is ``seconds`` on
    one scale and pacing compares like with like."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.used = 0
        self.cpu0, self.wall0 = time.thread_time(), time.perf_counter()
        cpu, wall = budget.seconds, budget.ceiling
        self.deadline = cpu if cpu is not None else wall
        self.scale = cpu / wall if cpu is not None and wall is not None else 1.0

    def now(self) -> float:
        """The budget's clock, in seconds since the decision began."""
        budget = self.budget
        if budget.seconds is None:
            return time.perf_counter() - self.wall0
        cpu = time.thread_time() - self.cpu0
        if budget.ceiling is None:
            return cpu
        return max(cpu, (time.perf_counter() - self.wall0) * self.scale)

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
