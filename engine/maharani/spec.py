"""Maharani: Mosaic Palace as the registry knows it (entry point ``maharaja.games``)."""

from __future__ import annotations

from typing import Any

from engine.registry import GameSpec, SeatColour

# Artisan colours by seat (components.SEAT_COLOURS, 3-4 players); with 2 players
# each seat has two artisan colours (M-2P-1), the seat is drawn in its first. The
# artisan colours are also the palette's sides, so an artisan is drawn in its colour.
_COLOURS = (SeatColour("green", "G", "#3fbf4f"), SeatColour("red", "R", "#ff5f5f"),
            SeatColour("blue", "B", "#5f9fff"), SeatColour("yellow", "Y", "#e8c000"))


def outcome(state: Any) -> dict[str, list[int]]:
    """What a finished game is judged by (recordings check it): gold and winners (M-END-3)."""
    return {"gold": [p.gold for p in state.players], "winners": list(state.winners),
            "cells": [len(state.cells)]}


SPEC = GameSpec(
    id="maharani",
    title="Maharani: Mosaic Palace",
    ruleset="engine.maharani:RULESET",
    seats=(2, 4, 3),  # M-SETUP
    palette=_COLOURS,
    evaluator="engine.bots.maharani_bot:EVALUATOR",
    adapter="maharaja_tui.games.maharani:MaharaniAdapter",
    rules="maharaja_tui.reference:maharani.md",
    guide="maharaja_tui.guides:maharani.md",
    rule_example="M-PLACE-3",
    sides=_COLOURS,
    outcome="engine.maharani.spec:outcome",
    roles={"coins": "money", "cell": "place"},
    story="engine.maharani.story:TELLER",
)
