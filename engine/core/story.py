"""The story of a finished game: each seat's score round by round and where it came from.

Generic: a game names what it counts (``Teller.measure``: PP, gold...) and how an
event's change of it is credited (``Teller.credits``: "reward tiles", "final: cities");
``tell`` folds the log once, samples the measure at every round start and at the end,
and credits every change to a source. Only for the full log of a game (the end reveals
everything), never for a seat's view during play.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core.game import copy_state
from engine.core.ruleset import AnyRuleset, Seat

Credit = tuple[int, str, float]  # (seat, source, amount)


class Teller(Protocol):
    unit: str  # what the measure counts, in the game's words ("PP", "gold")

    def measure(self, state: Any) -> list[float]:
        """Every seat's score now."""
        ...

    def credits(self, event: Any, change: list[float]) -> list[Credit]:
        """Who gained (or lost) what by ``event`` and why; ``change`` is the measure's
        change per seat the event made."""
        ...


@dataclass(frozen=True)
class Story:
    unit: str
    rounds: list[str]  # the label of each sample: "start", "1", "2"... "end"
    series: list[list[float]]  # per seat: its measure at each sample
    sources: list[dict[str, float]]  # per seat: source -> total it brought


def tell(ruleset: AnyRuleset, seats: list[Seat], options: Any,
         events: Iterable[Any], teller: Teller, start: Any = None) -> Story:
    """``start``: the state a game played from a position began from."""
    state = copy_state(start) if start is not None else ruleset.new_state(options, seats)
    count = len(seats)
    labels: list[str] = []
    series: list[list[float]] = [[] for _ in range(count)]
    sources: list[dict[str, float]] = [{} for _ in range(count)]
    now = teller.measure(state)
    rounds = 0

    def sample(label: str) -> None:
        labels.append(label)
        for seat, value in enumerate(now):
            series[seat].append(value)

    for event in events:
        if ruleset.boundary(event) == "round":
            sample("start" if rounds == 0 else str(rounds))  # the score a round ended on
            rounds += 1
        ruleset.apply(state, event)
        then = teller.measure(state)
        change = [b - a for a, b in zip(now, then, strict=True)]
        if any(change):
            for seat, source, amount in teller.credits(event, change):
                if amount:
                    sources[seat][source] = sources[seat].get(source, 0.0) + amount
        now = then
    sample("end")
    return Story(teller.unit, labels, series, sources)

