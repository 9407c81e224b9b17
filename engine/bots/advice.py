"""Hints: the hard computer's suggestion for a seat's decision, with its best rivals.

``advise`` runs the hard level's search (``search_ranked``) on the seat's view only,
so a hint can never use what the seat may not know: the other seats' secrets are
sampled exactly as the hard computer samples them. Each suggestion carries its
score (the evaluator's margin over the best rival, in the game's unit) and a
one-line reason naming the evaluator's terms that move most (an evaluator with
``terms`` names them; one without is explained by its score alone).

The generator is seeded from the view itself, so the same position always gives
the same hint under an iteration budget, whoever asks and whatever is hidden.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

import msgspec

from engine.bots.budget import Budget
from engine.bots.evaluator import evaluator_for
from engine.bots.search import Candidate, search_ranked
from engine.bots.simulate import after
from engine.core.errors import IllegalIntent
from engine.core.game import copy_state
from engine.core.ruleset import AnyRuleset

# a little more thought than a hard move: 3 s of the thread's CPU, 3 s of wall at most
HINT_BUDGET = Budget(iterations=240, seconds=3.0, ceiling=3.0)
SHOWN = 3  # the suggestion and its two best alternatives
REASON_TERMS = 2  # the terms a reason names
NEGLIGIBLE = 0.05  # a term that moves less than this is not worth naming


@dataclass(frozen=True)
class Advice:
    intent: Any
    score: float  # the evaluator's value: margin over the best rival (``unit``)
    reason: str


def advise(ruleset: AnyRuleset, view: Any, seat: int, legal: list[Any], *,
           budget: Budget | None = None, stop: Callable[[], bool] | None = None,
           count: int = SHOWN) -> list[Advice]:
    """The hard computer's best ``count`` intents for ``seat``, best first, each with a
    reason. Reads only ``view`` (never modified); ``stop`` cancels early."""
    if not legal:
        return []
    evaluator = evaluator_for(ruleset.id)
    rng = Random(_seed(view, seat))
    if evaluator is None:
        return [Advice(intent, 0.0, "no computer judgement exists for this game")
                for intent in legal[:count]]
    ranked = search_ranked(ruleset, evaluator, view, seat, legal, rng, budget or HINT_BUDGET,
                           stop)
    unit = getattr(evaluator, "unit", "points")
    root = evaluator.determinise(copy_state(view), seat, Random(rng.getrandbits(64)))
    out = []
    for candidate in ranked[:count]:
        changes = candidate.changes or _one_step(ruleset, evaluator, root, seat,
                                                 candidate.intent)
        out.append(Advice(candidate.intent, candidate.score,
                          reason(candidate, changes, unit)))
    return out


def reason(candidate: Candidate, changes: dict[str, float], unit: str) -> str:
    """One line: the terms that move most (at once, or by the search's horizon), then
    where it leaves the seat against its best rival."""
    moving = sorted((item for item in changes.items() if abs(item[1]) >= NEGLIGIBLE),
                    key=lambda item: -abs(item[1]))[:REASON_TERMS]
    parts = [f"{name} {amount:+.1f}" for name, amount in moving]
    when = "by the round's end" if candidate.worlds else "now"
    said = f"{', '.join(parts)} {when}" if parts else f"little changes {when}"
    side = "ahead of" if candidate.score >= 0 else "behind"
    return f"{said}; {abs(candidate.score):.1f} {unit} {side} the best rival"


def _one_step(ruleset: AnyRuleset, evaluator: Any, root: Any, seat: int,
              intent: Any) -> dict[str, float]:
    terms = getattr(evaluator, "terms", None)
    if terms is None:
        return {}
    try:
        then = after(ruleset, root, seat, intent)
    except IllegalIntent:  # a guessed hidden value made it impossible in this world
        return {}
    before, later = terms(root, seat), terms(then, seat)
    return {k: later.get(k, 0.0) - before.get(k, 0.0) for k in before.keys() | later.keys()}


def _seed(view: Any, seat: int) -> int:
    digest = hashlib.blake2b(msgspec.msgpack.encode(view), digest_size=8)
    digest.update(seat.to_bytes(2, "little", signed=True))
    return int.from_bytes(digest.digest(), "little")
