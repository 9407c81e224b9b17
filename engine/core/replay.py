"""Replay of a finished or unfinished log with fast seeking.

The replay folds recorded events without re-validating them (a loaded record was
validated once already). States are snapshotted every ``SNAPSHOT_EVERY`` events,
so any seek costs at most that many ``apply`` calls plus one decode.
"""

from __future__ import annotations

from typing import Any

from engine.core.describe import Description
from engine.core.game import AnyGame, restore, snapshot
from engine.core.ruleset import AnyRuleset

SNAPSHOT_EVERY = 32
UNITS = ("event", "turn", "round")


class Replay:
    """A cursor over a log. ``position`` counts the events applied (0 = before setup)."""

    def __init__(self, game: AnyGame) -> None:
        self.ruleset: AnyRuleset = game.ruleset
        self.seats = game.seats
        self.options = game.options
        self.finished = game.is_over()
        rules = self.ruleset
        state = game.initial_state()
        self._state_type = type(state)
        self.events: list[Any] = []
        self.step_of: list[int] = []  # event index -> step index
        self.marks: list[str | None] = []  # event index -> "round" / "turn" / None
        self.descriptions: list[Description] = []
        self._snapshots: list[bytes] = [snapshot(state)]
        for index, event in game.events():
            self.descriptions.append(rules.describe(event, state))
            rules.apply(state, event)
            self.events.append(event)
            self.step_of.append(index)
            self.marks.append(rules.boundary(event))
            if len(self.events) % SNAPSHOT_EVERY == 0:
                self._snapshots.append(snapshot(state))
        self.position = len(self.events)
        self.state = state

    @property
    def length(self) -> int:
        return len(self.events)

    def seek(self, position: int) -> Any:
        """Move to just after ``position`` events; returns the state there."""
        position = max(0, min(position, self.length))
        if position < self.position or position - self.position > SNAPSHOT_EVERY:
            base = position // SNAPSHOT_EVERY
            self.state = restore(self._snapshots[base], self._state_type)
            start = base * SNAPSHOT_EVERY
        else:
            start = self.position
        for event in self.events[start:position]:
            self.ruleset.apply(self.state, event)
        self.position = position
        return self.state

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
