"""The easy level: legal, sensible-looking moves with some randomness.

With an evaluator it samples among the greedy judgement's scores with a soft-max
whose temperature lets clear mistakes through now and then; without one it picks
uniformly among the legal intents.
"""

from __future__ import annotations

import math
from random import Random
from typing import Any

from engine.bots.evaluator import Evaluator
from engine.core import draw

TEMPERATURE = 1.5  # in the evaluator's units (PP for Maharaja)
SHORTLIST = 8  # never pick outside the greedy judgement's best few


def choose(evaluator: Evaluator | None, view: Any, seat: int, legal: list[Any],
           rng: Random) -> Any:
    if evaluator is None:
        return draw.choice(rng, legal)
    state = evaluator.determinise(view, seat, rng)
    ranked = evaluator.rank(state, seat, legal)[:SHORTLIST]
    top = ranked[0][0]
    weights = [math.exp((score - top) / TEMPERATURE) for score, _ in ranked]
    return rng.choices([intent for _, intent in ranked], weights=weights)[0]
