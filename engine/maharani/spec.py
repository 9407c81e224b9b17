"""Maharani: Mosaic Palace as the registry knows it (entry point ``maharaja.games``).

No terminal UI adapter yet: the registry lists it, the screens do not offer it."""

from __future__ import annotations

from engine.registry import GameSpec, SeatColour

SPEC = GameSpec(
    id="maharani",
    title="Maharani: Mosaic Palace",
    ruleset="engine.maharani:RULESET",
    seats=(2, 4, 3),  # M-SETUP
    # Artisan colours by seat (components.SEAT_COLOURS, 3-4 players); with 2 players
    # each seat has two artisan colours, the seat is drawn in its first.
    palette=(SeatColour("green", "G", "#3fbf4f"), SeatColour("red", "R", "#ff5f5f"),
             SeatColour("blue", "B", "#5f9fff"), SeatColour("yellow", "Y", "#e8c000")),
    evaluator="engine.bots.maharani_bot:EVALUATOR",
)
