"""Maharadjah's end-of-game story (``engine.core.story``): each player's VP, summed over
their nations (W-END-2), turn by turn, and what scored them (W-VP)."""

from __future__ import annotations

from typing import Any

from engine.core.story import Credit
from engine.maharadjah import events as ev
from engine.maharadjah.scoring import totals
from engine.maharadjah.state import State

# A VP event's reason, as scoring.py words it, to the source it is told under.
REASONS: tuple[tuple[str, str], ...] = (
    ("occupation", "occupation"),  # W-VP-3
    ("raids", "raids"),
    ("Raj", "Raj"),  # W-RAJ
    ("killed", "leaders killed"),
    ("post destroyed", "posts destroyed"),
    ("destroyed", "armies destroyed"),
    ("posts on", "trading posts"),  # W-POST
)


def source_of(event: Any) -> str:
    if isinstance(event, ev.VPScored):
        return next((source for word, source in REASONS if word in event.why), event.why)
    return type(event).__name__


class MaharadjahTeller:
    unit = "VP"

    def measure(self, state: State) -> list[float]:
        return [float(vp) for vp in totals(state)]

    def credits(self, event: Any, change: list[float]) -> list[Credit]:
        source = source_of(event)
        return [(seat, source, amount) for seat, amount in enumerate(change)]


TELLER = MaharadjahTeller()
