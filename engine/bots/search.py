"""The hard level: determinised Monte Carlo search over the seat's own options.

Information-set Monte Carlo, one level deep. A world is a full state consistent
with the seat's view: hidden PP guessed, the other seats' secret plans drawn from a
model of how they plan (the medium judgement's best plans for them), Brahmabot's
unseen tiles dealt. In each world every candidate intent (the greedy judgement's
best few) is played, then every seat continues with the fast greedy policy until
the evaluator's horizon (Maharaja: the end of the round, its city scored), and the
result is scored for the seat. Using the same worlds for all candidates (common
random numbers) measures their differences on equal terms; the best total wins.

Only the view and the seeded ``rng`` are read, so a fixed iteration budget makes
the choice reproducible; a time budget makes it depend on the machine.
"""

from __future__ import annotations

import time
from random import Random
from typing import Any

from engine.bots.budget import Budget
from engine.bots.evaluator import Evaluator
from engine.bots.simulate import settle, step
from engine.core.errors import IllegalIntent
from engine.core.game import copy_state
from engine.core.ruleset import AnyRuleset

CANDIDATES = 6  # the best intents by the greedy judgement that the search compares
ROLLOUT_STEPS = 200  # a guard: a round never needs this many decisions


def search(
    ruleset: AnyRuleset,
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
    if len(ranked) == 1 or not evaluator.searchable(root) or allowance.expired():
        return ranked[0][1]  # (out of time: the greedy judgement, no world begun late)
    width = CANDIDATES
    if budget.iterations is not None:
        width = max(1, min(width, budget.iterations))
    candidates = [intent for _, intent in ranked[:width]]
    model = evaluator.model_opponents(root, seat)
    if allowance.expired():
        return ranked[0][1]
    totals = [0.0] * len(candidates)
    worlds, spent = 0, 0.0  # complete worlds and their seconds
    while True:
        if worlds and allowance.remaining() < spent / worlds:
            break  # a world the clock would cut short is thrown away: don't begin it
        began = time.perf_counter()
        world = rng.getrandbits(64)
        results = []
        for intent in candidates:
            if not allowance.spend():
                break
            sample = Random(world)
            state = evaluator.determinise(copy_state(view), seat, sample)
            results.append(_simulate(ruleset, evaluator, state, seat, intent, model, sample))
        if len(results) < len(candidates):
            break  # a world the budget cut short would compare candidates unequally
        totals = [t + r for t, r in zip(totals, results, strict=True)]
        worlds, spent = worlds + 1, spent + time.perf_counter() - began
    # Ties (and no complete world) keep the greedy order.
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]


def _simulate(
    ruleset: AnyRuleset,
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
        # A guessed hidden value made the line impossible (e.g. a guessed PP total too
        # small for an ability): score what was reached.
        pass
    return evaluator.value(state, seat)
