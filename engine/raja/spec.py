"""Raja (2004) as the registry knows it (entry point ``maharaja.games``)."""

from __future__ import annotations

from engine.raja.options import PRESETS
from engine.registry import GameSpec, SeatColour

SPEC = GameSpec(
    id="raja-2004",
    title="Raja (2004)",
    ruleset="engine.raja:RULESET",
    seats=(2, 5, 3),
    # R-COMP-4: five colours, in seat order (the engine has no player colours).
    palette=(SeatColour("red", "R", "#ff5f5f"), SeatColour("yellow", "Y", "#e8c000"),
             SeatColour("green", "G", "#3fbf4f"), SeatColour("blue", "B", "#5f9fff"),
             SeatColour("purple", "P", "#c77dff")),
    evaluator="engine.bots.raja_bot:EVALUATOR",
    adapter="maharaja_tui.games.raja:RajaAdapter",
    rules="maharaja_tui.reference:raja.md",
    guide="maharaja_tui.guides:raja-2004.md",
    rule_example="R-TURN-4",
    presets=PRESETS,  # R-MODE-3
    story="engine.raja.story:TELLER",
    outcome="engine.raja.scoring:outcome",
    roles={"city": "place", "village": "minor-place", "coins": "money", "pp": "score",
           "character": "piece", "maharaja": "marker"},
)
