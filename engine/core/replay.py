"""Replay of a finished or unfinished log with fast seeking.

The replay reuses the game's own fold instead of folding the log again: it starts at
the game's final state (kept as a snapshot, decoded only when shown) and seeks from
the states the game stored (``Game.stored_snapshots``), adding one every
``SNAPSHOT_EVERY`` events as seeking passes there, so any seek after the first visit
costs at most that many ``apply`` calls plus one decode. The full move log is
described on first use only (a screen that hides the secrets never asks for it).
"""

from __future__ import annotations

from bisect import bisect_right, insort
from functools import cached_property
from typing import Any

from engine.core.describe import Description, marked
from engine.core.game import AnyGame, restore, snapshot
from engine.core.ruleset import AnyRuleset

SNAPSHOT_EVERY = 32


class Replay:
    """A cursor over a log. ``position`` counts the events applied (0 = before setup)."""

    def __init__(self, game: AnyGame) -> None:
        self.ruleset: AnyRuleset = game.ruleset
        self.seats = game.seats
        self.options = game.options
        self.finished = game.is_over()
        self._steps = list(game.steps)  # the game goes on; the cursor keeps its log
        self.events: list[Any] = []
        self._snapshots: dict[int, bytes] = {}  # position -> state there
        events, snapshots = self.events, self._snapshots
        stored = game.stored_snapshots()
        for index, step in enumerate(self._steps):
            if index in stored:
                snapshots[len(events)] = stored[index]
            events += step.events
        # The end, as a snapshot decoded only when shown: a viewer seeks elsewhere first
        # (the replay screen opens after the setup), restoring from an earlier one.
        snapshots[len(events)] = stored.get(len(self._steps)) or snapshot(game.state)
        self._bases = sorted(snapshots)
        self._state_type = type(game.state)
        self.position = len(self.events)
        self._state: Any = None  # restored from the position's snapshot when first read

    @property
    def state(self) -> Any:
        """The state at ``position``."""
        if self._state is None:
            self._state = restore(self._snapshots[self.position], self._state_type)
        return self._state

    @cached_property
    def step_of(self) -> list[int]:
        """Event index -> step index (on first use: only ``decision_point`` asks)."""
        return [index for index, step in enumerate(self._steps) for _ in step.events]

    def next_intent(self) -> Any:
        """The decision whose events come next from ``position``, the setup and what
        nobody decides passed over (None at the end): what the game shown is about to
        do."""
        if self.position >= self.length:
            return None
        return next((step.intent for step in self._steps[self.step_of[self.position]:]
                     if step.intent is not None), None)

    @property
    def length(self) -> int:
        return len(self.events)

    @cached_property
    def marks(self) -> list[str | None]:
        """Event index -> "round" / "turn" / None: where stepping by unit stops."""
        return [self.ruleset.boundary(event) for event in self.events]

    @cached_property
    def descriptions(self) -> list[Description]:
        """Every event described with the full state (no redaction): the log of a
        finished game or of ``--reveal``. One fold, on first use."""
        rules = self.ruleset
        state = restore(self._snapshots[0], self._state_type)
        lines = []
        for event in self.events:
            lines.append(marked(rules.describe(event, state), rules.boundary(event)))
            rules.apply(state, event)
        return lines

    def seek(self, position: int) -> Any:
        """Move to just after ``position`` events; returns the state there."""
        position = max(0, min(position, self.length))
        base = self._bases[bisect_right(self._bases, position) - 1]
        # Back, or far ahead past a stored state: restore it; else apply a few events
        # (cheaper than decoding a state).
        if self._state is None or position < self.position or (
                position - self.position > SNAPSHOT_EVERY and base > self.position):
            self._state = restore(self._snapshots[base], self._state_type)
            self.position = base
        apply, state = self.ruleset.apply, self._state
        for at in range(self.position, position):
            apply(state, self.events[at])
            if (at + 1) % SNAPSHOT_EVERY == 0 and at + 1 not in self._snapshots:
                self._snapshots[at + 1] = snapshot(state)  # seeking here again is cheap
                insort(self._bases, at + 1)
        self.position = position
        return state

    def starts(self, unit: str) -> list[int]:
        """Positions just before each event that begins a ``unit`` ("turn" or "round")."""
        if unit == "event":
            return list(range(self.length + 1))
        wanted = ("round",) if unit == "round" else ("round", "turn")
        return [i for i, mark in enumerate(self.marks) if mark in wanted]

    def step(self, unit: str = "event", direction: int = 1) -> Any:
        """Move one ``unit`` forward (direction 1) or back (-1)."""
        if unit == "event":
            return self.seek(self.position + direction)
        starts = self.starts(unit)
        if direction > 0:
            later = [p for p in starts if p > self.position]
            return self.seek(later[0] if later else self.length)
        earlier = [p for p in starts if p < self.position]
        return self.seek(earlier[-1] if earlier else 0)

    def round_start(self, number: int) -> int:
        """Position at the start of round ``number`` (1-based), clamped to the log."""
        starts = self.starts("round")
        if not starts:
            return 0
        return starts[max(0, min(number, len(starts)) - 1)]

    def decision_point(self) -> int:
        """The end of the step the cursor is in (after the setup at the very start):
        a position where the game waits for someone's decision."""
        if not self.length:
            return 0
        step = self.step_of[self.position - 1] if self.position else self.step_of[0]
        end = self.position
        while end < self.length and self.step_of[end] <= step:
            end += 1
        return end

    def view(self, seat: int | None) -> Any:
        return self.ruleset.view(self.state, seat)
