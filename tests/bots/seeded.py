"""Reproducibility checks that can fail.

"Two runs from the same seed agree" passes just as well for a bot that ignores its
seed, wherever nothing random changes its result: hard's pick at the positions these
tests used was the same for every seed tried, so a search that drew its worlds from the
clock or the global ``random`` passed them. Hence ``assert_seeded`` also asks that
another seed give another result, and ``ranking`` compares hard's whole search (every
candidate's mean score and worlds, which move with each sampled world), not its pick.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from engine.bots import Budget
from engine.bots.evaluator import evaluator_for
from engine.bots.search import search_ranked
from engine.core.game import Game


def assert_seeded(run: Callable[[int], Any], seed: int, other: int) -> None:
    """``run(seed)`` twice gives one result, and ``run(other)`` another one."""
    first = run(seed)
    assert run(seed) == first, "the same seed gave another result"
    assert run(other) != first, (
        "another seed gave the same result: this position cannot tell a seeded bot "
        "from one that ignores its seed")


def ranking(game: Game, seat: int, rng: Random, budget: Budget) -> list[tuple[str, float, int]]:
    """Hard's search for ``seat`` from its own view: each candidate, best first, with
    its mean score and how many worlds it was played in (a fresh view each call: two
    runs share no object a bot could change)."""
    ruleset = game.ruleset
    evaluator = evaluator_for(ruleset.id)
    assert evaluator is not None
    ranked = search_ranked(ruleset, evaluator, game.view(seat), seat,
                           game.legal_intents(seat), rng, budget)
    return [(repr(c.intent), c.score, c.worlds) for c in ranked]
