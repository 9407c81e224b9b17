"""The hard level: determinised Monte Carlo search over the seat's own options.

Information-set Monte Carlo, one level deep: each iteration samples a full state
consistent with the seat's view (hidden PP, and the other seats' secret plans drawn
from a model of how they plan), plays one of the seat's candidate intents on it,
lets every seat continue with the fast greedy policy until the evaluator's horizon
(Maharaja: the end of the round, its city scored), and scores the result from the
seat's point of view. UCB1 shares the iterations among the candidates, so the
promising ones get most of them; the most visited candidate is chosen.

Only the view and the seeded ``rng`` are read, so a fixed iteration budget makes
the choice reproducible; a time budget makes it depend on the machine.
"""

from __future__ import annotations

import math
from random import Random
from typing import Any

from engine.bots.budget import Budget
from engine.bots.evaluator import Evaluator
from engine.bots.simulate import settle, step
from engine.core.errors import IllegalIntent
from engine.core.game import copy_state
from engine.core.ruleset import Ruleset

CANDIDATES = 6  # the best intents by the greedy judgement that the search compares
EXPLORATION = 2.0  # UCB1 constant, in the evaluator's units (PP for Maharaja)
ROLLOUT_STEPS = 200  # a guard: a round never needs this many decisions


class Candidate:
    __slots__ = ("intent", "prior", "total", "visits")

    def __init__(self, intent: Any, prior: float) -> None:
        self.intent = intent
        self.prior = prior
        self.total = 0.0
        self.visits = 0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else -math.inf


def search(
    ruleset: Ruleset,
    evaluator: Evaluator,
    view: Any,
    seat: int,
    legal: list[Any],
    rng: Random,
    budget: Budget,
) -> Any:
    """The intent the search prefers, from ``legal`` (plans: from the evaluator's own)."""
    allowance = budget.start()
    root = evaluator.determinise(copy_state(view), seat, Random(rng.getrandbits(64)))
    ranked = evaluator.rank(root, seat, legal)
    if len(ranked) == 1 or not evaluator.searchable(root):
        return ranked[0][1]
    candidates = [Candidate(intent, prior) for prior, intent in ranked[:CANDIDATES]]
    model = evaluator.model_opponents(root, seat)
    while allowance.spend():
        chosen = _select(candidates, allowance.used)
        sample = Random(rng.getrandbits(64))
        state = evaluator.determinise(copy_state(view), seat, sample)
        chosen.total += _simulate(ruleset, evaluator, state, seat, chosen.intent, model, sample)
        chosen.visits += 1
    best = max(candidates, key=lambda c: (c.visits, c.mean(), c.prior))
    return best.intent


def _select(candidates: list[Candidate], iteration: int) -> Candidate:
    """UCB1; unvisited candidates first, in the greedy order."""
    for candidate in candidates:
        if candidate.visits == 0:
            return candidate
    log_n = math.log(iteration)
    return max(candidates, key=lambda c: c.mean() + EXPLORATION * math.sqrt(log_n / c.visits))


def _simulate(
    ruleset: Ruleset,
    evaluator: Evaluator,
    state: Any,
    seat: int,
    intent: Any,
    model: Any,
    rng: Random,
) -> float:
    start = copy_state(state)
    evaluator.complete(state, seat, model, rng)
    try:
        step(ruleset, state, seat, intent, rng)
        settle(ruleset, state, rng)
        for _ in range(ROLLOUT_STEPS):
            if evaluator.horizon(start, state):
                break
            movers = ruleset.to_move(state)
            if not movers:
                break
            mover = movers[0]
            step(ruleset, state, mover, evaluator.rollout_choice(state, mover), rng)
    except IllegalIntent:
        # A sampled hidden value made the line impossible (e.g. a guessed PP total too
        # small for an ability): score what was reached.
        pass
    return evaluator.value(state, seat)
