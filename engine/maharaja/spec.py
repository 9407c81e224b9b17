"""Maharaja (2020) as the registry knows it (entry point ``maharaja.games``)."""

from __future__ import annotations

from engine.registry import GameSpec, SeatColour

SPEC = GameSpec(
    id="maharaja-2020",
    title="Maharaja (2020)",
    ruleset="engine.maharaja:RULESET",
    seats=(2, 4, 3),  # MJ-SETUP; solo (one seat against Brahmabot) is an option
    palette=(SeatColour("red", "R", "#ff5f5f"), SeatColour("yellow", "Y", "#e8c000"),
             SeatColour("green", "G", "#3fbf4f"), SeatColour("blue", "B", "#5f9fff")),
    evaluator="engine.bots.maharaja_bot:EVALUATOR",
    adapter="maharaja_tui.games.maharaja:MaharajaAdapter",
    rules="maharaja_tui.reference:maharaja.md",
    guide="maharaja_tui.guides:maharaja-2020.md",
    rule_example="MJ-SHR-3",
    story="engine.maharaja.story:TELLER",
    outcome="engine.maharaja.scoring:outcome",
    roles={"city": "place", "village": "minor-place", "coins": "money", "pp": "score",
           "character": "piece", "maharaja": "marker"},
)
