"""What a bot must know about a game beyond its rules, and where to find it per ruleset.

The levels and the search are game-agnostic; each game with computer players
provides one ``Evaluator``. A ruleset without one is played at the easy level.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any, Protocol

Scored = list[tuple[float, Any]]


class Evaluator(Protocol):
    def determinise(self, view: Any, seat: int, rng: Random) -> Any:
        """A full state consistent with the view: hidden values sampled. May reuse ``view``."""

    def model_opponents(self, state: Any, seat: int,
                        go_on: Callable[[], bool] = lambda: True,
                        known: dict[int, Any] | None = None) -> Any:
        """What the search assumes about other seats' secret choices, computed once per
        decision from a determinised state (passed back to ``complete``). ``go_on`` is
        asked before each seat is modelled: when it says no (the decision's time is
        spent), return at once; the search then plays without its model. ``known``: a
        seat's model computed earlier for the same secret choice (by seat), reused and
        added to (an analysis models a round's secret plans once)."""

    def complete(self, state: Any, seat: int, model: Any, rng: Random) -> None:
        """Fill the other seats' secret choices in a determinised state, in place."""

    def rank(self, state: Any, seat: int, legal: list[Any]) -> Scored:
        """Legal intents (plans: the ones worth considering) scored, best first."""

    def rollout_choice(self, state: Any, seat: int) -> Any:
        """A fast, reasonable choice for any seat inside a simulation (an evaluator may
        also offer ``search_choice``, a dearer one the hard search's rollouts use)."""

    def value(self, state: Any, seat: int) -> float:
        """How good the state is for the seat (higher is better)."""

    def horizon(self, start: Any, state: Any) -> bool:
        """True when a simulation started at ``start`` should stop and be evaluated."""

    def searchable(self, state: Any) -> bool:
        """False where searching gains nothing over ``rank`` (e.g. setup choices)."""


def evaluator_for(ruleset_id: str) -> Evaluator | None:
    """The game's evaluator as its GameSpec names it, imported on first use."""
    from engine.registry import specs

    spec = specs().get(ruleset_id)
    return spec.load_evaluator() if spec is not None else None
