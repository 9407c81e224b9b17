"""Maharaja's end-of-game story (``engine.core.story``): PP per round and their sources.

PP come from ``Gained`` events (reward tiles, statue bonus slots, characters 3, 4 and
6, prestige bought, R1's first place, Brahmabot's scorings) and the final scoring
(MJ-END-2: statues, coins, cities, the final tile), credited by its breakdown.
"""

from __future__ import annotations

from typing import Any

from engine.core.story import Credit
from engine.maharaja import components as C
from engine.maharaja import events as ev
from engine.maharaja.state import State


def source_of(reason: str) -> str:
    """A ``Gained`` reason as a source, in the game's words."""
    if reason.startswith("reward tile"):
        return "reward tiles"
    if reason.startswith("bonus slot"):
        return "statue bonus slots"
    if reason.startswith("character"):
        return "characters"
    if reason in (C.ACTIONS[C.Action.BUY_PRESTIGE].name, "buy prestige"):  # action, reward
        return "prestige bought"
    if "city scoring" in reason:
        return "city scorings"
    return reason


class MaharajaTeller:
    unit = "PP"

    def measure(self, state: State) -> list[float]:
        return [float(p.pp) for p in state.players]

    def credits(self, event: Any, change: list[float]) -> list[Credit]:
        if isinstance(event, ev.Gained):
            return [(event.seat, source_of(event.reason), float(event.pp))]
        if isinstance(event, ev.GameEnded):  # MJ-END-2, by the breakdown it scored
            out: list[Credit] = []
            for seat, final in enumerate(event.final):
                out += [(seat, "final: statues", final.statues),
                        (seat, "final: coins", final.coins),
                        (seat, "final: cities", final.cities),
                        (seat, "final: scoring tile", final.tile)]
            return out
        return [(seat, type(event).__name__, amount) for seat, amount in enumerate(change)]


TELLER = MaharajaTeller()
