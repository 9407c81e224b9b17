"""Raja's evaluator for the bots: ties the evaluation, the greedy policy and the
hidden-information model together for the game-agnostic levels and search.

What a seat cannot see (R-INFO): the other seats' gold with ``hidden_gold`` (guessed
by ``raja_eval.determinise``) and the actions they selected but have not revealed
(drawn by ``complete`` from a model of how they plan: the medium judgement's best
plans for them, computed once per decision).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from engine.bots import raja_eval, raja_policy, raja_words
from engine.bots.evaluator import Scored
from engine.raja import RULESET
from engine.raja import events as ev
from engine.raja.legal import legal_intents
from engine.raja.state import Phase, State

# The search assumes each other seat picks among its best plans (by the medium
# judgement) with these chances.
OPPONENT_PLAN_WEIGHTS = (0.5, 0.3, 0.2)
MODEL_PAIRED = 3  # a cheaper plan judgement for the opponents' model than for the seat


class RajaEvaluator:
    unit = "gold"
    words = raja_words.WORDS  # what the coach says a hint or a mistake changes

    def determinise(self, view: State, seat: int, rng: Random) -> State:
        return raja_eval.determinise(view, seat, rng)

    def model_opponents(self, state: State, seat: int, go_on: Callable[[], bool] = lambda: True,
                        known: dict[int, Any] | None = None
                        ) -> dict[int, list[tuple[str, str]]]:
        """Each other seat whose selection is secret: its likeliest plans, best first.
        ``known``: plans modelled earlier this round, by seat, reused and added to (an
        analysis models a seat's selection once a round: it was made once)."""
        out: dict[int, list[tuple[str, str]]] = {}
        if state.phase not in (Phase.SELECT, Phase.TURNS):
            return out
        for other, player in enumerate(state.players):
            if other == seat or player.revealed or player.had_turn:
                continue
            if player.selected and player.plan:
                continue  # already known (an open view)
            if known is not None and other in known:
                out[other] = known[other]
                continue
            if not go_on():
                return out
            ranked = raja_policy.plan_scores(state, other, paired=MODEL_PAIRED)
            out[other] = [(p.first, p.second) for _, p in ranked[: len(OPPONENT_PLAN_WEIGHTS)]]
            if known is not None:
                known[other] = out[other]
        return out

    def complete(self, state: State, seat: int, model: Any, rng: Random) -> None:
        """Give every other seat whose selection the view hides a sampled plan."""
        for other, plans in model.items():
            plan = rng.choices(plans, weights=OPPONENT_PLAN_WEIGHTS[: len(plans)])[0]
            player = state.players[other]
            if player.selected:
                player.plan = list(plan)  # selected but hidden: a plan is just state
            else:
                RULESET.apply(state, ev.ActionsSelected(seat=other, actions=plan))

    def rank(self, state: State, seat: int, legal: list[Any]) -> Scored:
        return raja_policy.rank(state, seat, legal)

    def rollout_choice(self, state: State, seat: int) -> Any:
        choice = raja_policy.best(state, seat)
        if choice is None:  # nothing but hidden-plan guesses could get here
            choice = legal_intents(state, seat)[0]
        return choice

    def value(self, state: State, seat: int) -> float:
        return raja_eval.value(state, seat)

    def horizon(self, start: State, state: State) -> bool:
        """Stop once the round's city is scored (or the game is over)."""
        return state.phase == Phase.OVER or state.round > start.round

    def searchable(self, state: State) -> bool:
        return state.phase == Phase.SELECT and state.pending is None


EVALUATOR = RajaEvaluator()
