"""Maharani's evaluator for the bots: ties the evaluation and the greedy policy together
for the game-agnostic levels and search.

Nothing is hidden but the bag's order (M-INFO-1), and the view never holds one (the
bag is a sorted multiset): a view is already a full state, and the draws a search
needs come from the rollout's own generator when ``automatic`` refills the turntable,
so every simulated refill is a fresh sample of the unseen bag order.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from engine.bots import maharani_eval, maharani_policy, maharani_words
from engine.bots.evaluator import Scored
from engine.maharani.legal import legal_intents
from engine.maharani.state import Phase, State

HORIZON_TURNS = 2  # a simulation runs to the start of this many turns later (capped by seats)


class MaharaniEvaluator:
    unit = "gold"
    words = maharani_words.WORDS  # what the coach says a hint or a mistake changes
    spread = 3.0  # an analysis's winning chances: a 3-gold margin gives odds of e:1

    def determinise(self, view: State, seat: int, rng: Random) -> State:
        return view

    def model_opponents(self, state: State, seat: int,
                        go_on: Callable[[], bool] = lambda: True,
                        known: dict[int, Any] | None = None) -> None:
        return None

    def complete(self, state: State, seat: int, model: Any, rng: Random) -> None:
        return None

    def rank(self, state: State, seat: int, legal: list[Any]) -> Scored:
        return maharani_policy.rank(state, seat, legal)

    def rollout_choice(self, state: State, seat: int) -> Any:
        choice = maharani_policy.best(state, seat)
        return choice if choice is not None else legal_intents(state, seat)[0]

    def value(self, state: State, seat: int) -> float:
        return maharani_eval.value(state, seat)

    def horizon(self, start: State, state: State) -> bool:
        """Stop once the next players have had their turns (the seat's own next turn
        begins, in a 2-player game)."""
        return state.phase == Phase.OVER or state.turns >= start.turns + min(HORIZON_TURNS,
                                                                         start.seats)

    def searchable(self, state: State) -> bool:
        return state.phase == Phase.TURN


EVALUATOR = MaharaniEvaluator()
