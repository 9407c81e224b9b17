"""Three in a Row's GameSpec: how the test grid game registers, like any game."""

from __future__ import annotations

from engine.registry import GameSpec, SeatColour

SPEC = GameSpec(
    id="grid-test",
    title="Three in a Row (test)",
    ruleset="tests.core.grid.rules:RULESET",
    seats=(2, 2, 2),
    palette=(SeatColour("white", "O", "#f0f0f0"), SeatColour("black", "X", "#a0a0ff")),
    adapter="tests.core.grid.ui:GridAdapter",
    rules="tests.core.grid:rules.md",
    rule_example="GR-2",
)
