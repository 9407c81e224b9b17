"""One benchmark figure beside its anchor and its target (the README's Benchmarks)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Figure:
    """``value`` measured in the same run as ``anchor`` (if any).

    ``target`` bounds the ratio ``value / anchor`` when there is an anchor, else
    ``value`` itself; ``better`` says which way is good ("lower" for times and
    memory, "higher" for throughput and win rates).
    """

    name: str
    value: float
    unit: str
    target: float
    better: Literal["lower", "higher"] = "lower"
    anchor: float | None = None
    anchor_name: str = ""
    detail: str = ""

    @property
    def ratio(self) -> float | None:
        if self.anchor is None or self.anchor == 0:
            return None
        return self.value / self.anchor

    @property
    def holds(self) -> bool:
        measured = self.ratio if self.anchor is not None else self.value
        if measured is None:
            return False
        return measured <= self.target if self.better == "lower" else measured >= self.target
