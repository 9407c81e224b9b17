"""Maharani's end-of-game story (``engine.core.story``): gold per round and where it came
from (the most gold wins, M-END-3)."""

from __future__ import annotations

from typing import Any

from engine.core.story import Credit
from engine.maharani import events as ev
from engine.maharani.state import State

SOURCES: dict[type, str] = {
    ev.TilePlaced: "zones of tiles placed",  # M-GOLD-1
    ev.ArtisanStep: "artisans",  # M-GOLD-2
    ev.QuarterScored: "quarter scorings",  # M-EVAL
    ev.TurnEnded: "turn fees",  # M-EOT-1
}


class MaharaniTeller:
    unit = "gold"

    def measure(self, state: State) -> list[float]:
        return [float(p.gold) for p in state.players]

    def credits(self, event: Any, change: list[float]) -> list[Credit]:
        source = SOURCES.get(type(event), type(event).__name__)
        return [(seat, source, amount) for seat, amount in enumerate(change)]


TELLER = MaharaniTeller()
