"""Maharaja's evaluator for the bots: ties the evaluation, the greedy policy and the
hidden-information model together for the game-agnostic levels and search."""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from engine.bots import maharaja_eval, maharaja_policy, maharaja_words
from engine.bots.evaluator import Scored
from engine.bots.search import CANDIDATES
from engine.maharaja import RULESET
from engine.maharaja import events as ev
from engine.maharaja.state import Phase, State

# The search assumes each other seat picks among its best plans (by the medium
# judgement) with these chances: the best one, which predicted a medium player's plan in
# 78 of 78 planning decisions measured (0.5/0.3/0.2 spent half the worlds on
# plans that were not played).
OPPONENT_PLAN_WEIGHTS = (1.0,)
# Every turn's moves are searched too, not only those of a round that may end the game
# (paired on the same seeds against medium, hard's final PP margin rose; the
# medium judgement's one-step lookahead misprices moves whose worth shows later in the round).
SEARCHED_PHASES = (Phase.PLANNING, Phase.ACTIONS, Phase.SCORING)
WIDE_SEARCH = 12  # candidates compared where one world settles a search


class MaharajaEvaluator:
    unit = "PP"
    words = maharaja_words.WORDS  # what the coach says a hint or a mistake changes

    def determinise(self, view: State, seat: int, rng: Random) -> State:
        return maharaja_eval.determinise(view, seat, rng)

    def model_opponents(self, state: State, seat: int, go_on: Callable[[], bool] = lambda: True,
                        known: dict[int, Any] | None = None
                        ) -> dict[int, list[tuple[int, int]]]:
        """Each other seat whose plan is secret: its likeliest plans, best first.
        ``known``: plans modelled earlier this round, by seat, reused and added to (an
        analysis models a seat's plan once a round: it was chosen once, at planning)."""
        out: dict[int, list[tuple[int, int]]] = {}
        if state.phase not in (Phase.PLANNING, Phase.ACTIONS):
            return out
        for other, player in enumerate(state.players):
            if other == seat or player.played or player.plan is not None:
                continue
            if known is not None and other in known:
                out[other] = known[other]
                continue
            if not go_on():
                return out
            ranked = maharaja_policy.plan_scores(state, other)
            out[other] = [(p.first, p.second) for _, p in ranked[: len(OPPONENT_PLAN_WEIGHTS)]]
            if known is not None:
                known[other] = out[other]
        return out

    def complete(self, state: State, seat: int, model: Any, rng: Random) -> None:
        """Commit a sampled plan for every other seat whose plan the view hides."""
        for other, plans in model.items():
            plan = rng.choices(plans, weights=OPPONENT_PLAN_WEIGHTS[: len(plans)])[0]
            player = state.players[other]
            if player.planned:
                player.plan = plan  # committed but hidden: a plan is just state until revealed
            else:
                RULESET.apply(state, ev.PlanCommitted(seat=other, plan=plan))

    def rank(self, state: State, seat: int, legal: list[Any]) -> Scored:
        return maharaja_policy.rank(state, seat, legal)

    def rollout_choice(self, state: State, seat: int) -> Any:
        choice = maharaja_policy.best(state, seat, lookahead=False)
        assert choice is not None
        return choice

    def search_choice(self, state: State, seat: int) -> Any:
        """The hard search's rollouts play the medium judgement itself, lookahead included
        (hard beats medium more often so): without it a priest's move is worth only what
        it changes at once, so rollouts barely moved priests and played rounds unlike any
        player, hard too outside its searched phases. Five times dearer: fewer worlds,
        each one true."""
        choice = maharaja_policy.best(state, seat)
        assert choice is not None
        return choice

    def value(self, state: State, seat: int) -> float:
        return maharaja_eval.value(state, seat)

    def horizon(self, start: State, state: State) -> bool:
        """Stop at the end of the round (its city scored and rewards chosen)."""
        return state.phase == Phase.OVER or state.round > start.round

    def worlds_alike(self, state: State) -> bool:
        """Two players, no Brahmabot: every world is the same but for the other's PP,
        which shifts every candidate's margin alike (the other's plan is modelled as one
        plan), so every world compares the candidates alike."""
        return state.seats == 2 and state.solo is None

    def search_width(self, state: State) -> int:
        """Where one world settles a search (``worlds_alike``) a move took a quarter of its
        budget (0.22 of 0.85 CPU-s, the median of a game's turns) comparing the judgement's
        best 6 of ~13 moves or 15 plans: the rest of the budget compares more of them."""
        return WIDE_SEARCH if self.worlds_alike(state) else CANDIDATES

    def searchable(self, state: State) -> bool:
        return state.phase in SEARCHED_PHASES


EVALUATOR = MaharajaEvaluator()
