"""Maharadjah as the registry knows it (entry point ``maharaja.games``).

Its 17 nations are ``sides``: each drawn in its counter colour with a three-letter
code (NO_COLOR), grouped under up to five players. No terminal UI adapter yet."""

from __future__ import annotations

import json
from pathlib import Path

from engine.registry import GameSpec, SeatColour

COUNTER_COLOURS = {"green": "#3fbf4f", "blue": "#5f9fff", "violet": "#c77dff",
                   "yellow": "#e8c000"}


def _nations() -> tuple[SeatColour, ...]:
    """One side per nation, in the data file's order (engine/maharadjah/data)."""
    data = json.loads((Path(__file__).parent / "data" / "nations.json").read_text("utf-8"))
    return tuple(SeatColour(n["id"].capitalize(), n["id"][:3], COUNTER_COLOURS[n["colour"]])
                 for n in data["nations"])


SPEC = GameSpec(
    id="maharadjah",
    title="Maharadjah",
    ruleset="engine.maharadjah:RULESET",
    evaluator="engine.bots.maharadjah_bot:EVALUATOR",
    seats=(3, 5, 4),
    # Ruling: the players have no colours of their own in the box; seats take these.
    palette=(SeatColour("red", "R", "#ff5f5f"), SeatColour("yellow", "Y", "#e8c000"),
             SeatColour("green", "G", "#3fbf4f"), SeatColour("blue", "B", "#5f9fff"),
             SeatColour("purple", "P", "#c77dff")),
    sides=_nations(),
)
