"""Raja's end-of-game story (``engine.core.story``): gold per round and where it came
from and went (palaces decide the ranking, R-END-2; gold breaks ties and pays for them).
"""

from __future__ import annotations

from typing import Any

from engine.core.story import Credit
from engine.raja import events as ev
from engine.raja.state import State

SOURCES: dict[type, str] = {
    ev.CityScored: "city scorings",
    ev.GoldTaken: "gold action",
    ev.TurnEnded: "gold action",  # untaken GOLD parts, paid at the turn's end
    ev.MerchantPaid: "merchant",
    ev.ArchitectMoved: "tolls",
    ev.AuctionWon: "character auctions",
    ev.HouseBuilt: "houses built",
    ev.PalaceBuilt: "palaces built",
}


class RajaTeller:
    unit = "gold"

    def measure(self, state: State) -> list[float]:
        return [float(p.gold) for p in state.players]

    def credits(self, event: Any, change: list[float]) -> list[Credit]:
        if isinstance(event, ev.TurnEnded):  # others gain a forfeit's penalty (R-TURN-4)
            return [(seat, "gold action" if seat == event.seat else "forfeits", amount)
                    for seat, amount in enumerate(change)]
        source = SOURCES.get(type(event), type(event).__name__)
        return [(seat, source, amount) for seat, amount in enumerate(change)]


TELLER = RajaTeller()
