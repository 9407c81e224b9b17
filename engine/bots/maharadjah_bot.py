"""Maharadjah's evaluator for the bots: ties the evaluation and the greedy policy together
for the game-agnostic levels and search.

Nothing is hidden in Maharadjah (W-VP-7): a view is already a full state. The only
chance is the dice (W-GEN-11), which a simulation draws from its own generator when
``automatic`` rolls a battle round, so every rollout samples fresh dice. A rollout
runs to the end of the active nation's sequence (its moves, battles, retreats and
what the other seats answer), where the estimate is read.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from engine.bots import maharadjah_eval, maharadjah_policy, maharadjah_words
from engine.bots.evaluator import Scored
from engine.maharadjah.legal import legal_intents
from engine.maharadjah.state import Phase
from engine.maharadjah.state import State as MaharadjahState


class MaharadjahEvaluator:
    unit = "VP"
    words = maharadjah_words.WORDS  # what the coach says a hint or a mistake changes

    def determinise(self, view: MaharadjahState, seat: int, rng: Random) -> MaharadjahState:
        return view

    def model_opponents(self, state: MaharadjahState, seat: int,
                        go_on: Callable[[], bool] = lambda: True,
                        known: dict[int, Any] | None = None) -> None:
        return None

    def complete(self, state: MaharadjahState, seat: int, model: Any, rng: Random) -> None:
        return None

    def rank(self, state: MaharadjahState, seat: int, legal: list[Any]) -> Scored:
        return maharadjah_policy.rank(state, seat, legal)

    def rollout_choice(self, state: MaharadjahState, seat: int) -> Any:
        choice = maharadjah_policy.best(state, seat)
        return choice if choice is not None else legal_intents(state, seat)[0]

    def value(self, state: MaharadjahState, seat: int) -> float:
        return maharadjah_eval.value(state, seat)

    def horizon(self, start: MaharadjahState, state: MaharadjahState) -> bool:
        """Stop once the nation that was acting has finished its sequence."""
        return (state.phase == Phase.OVER or state.turn != start.turn or state.seq != start.seq)

    def searchable(self, state: MaharadjahState) -> bool:
        """Moves, fights and battle choices: where dice and what follows matter."""
        return state.battle is not None or (
            state.phase in (Phase.MOVE, Phase.COMBAT) and not state.todo)


EVALUATOR = MaharadjahEvaluator()
