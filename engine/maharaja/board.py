"""The Maharaja board: the shared road network plus each city's flag and bonus slots."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine.core.errors import RecordError
from engine.family.network import Network, load_network
from engine.maharaja.components import Bonus

DEFAULT_BOARD = Path(__file__).parent / "data" / "board.json"


@cache
def load_board(path: Path = DEFAULT_BOARD) -> Network:
    network = load_network(path)
    for city in network.cities.values():
        for key in ("top_bonus", "bottom_bonus"):
            value = city.extra.get(key)
            if value not in Bonus.__members__:
                raise RecordError(
                    f"board file {path}: city {city.id} has {key} {value!r}; "
                    f"expected one of {', '.join(Bonus.__members__)}"
                )
        if not isinstance(city.extra.get("flag"), str):
            raise RecordError(f"board file {path}: city {city.id} has no flag colour")
    return network


def slot_bonus(network: Network, city: str, slot: int) -> Bonus | None:
    """The bonus printed on a statue slot (MJ-MAP-1): slot 1 top, slot 2 bottom."""
    key = {1: "top_bonus", 2: "bottom_bonus"}.get(slot)
    return Bonus[network.cities[city].extra[key]] if key else None
