"""Computer players: a pluggable ``choose(view, legal_intents) -> intent`` per seat.

``engine.bots.choose_intent`` provides the real players (easy, medium, hard); the
level ``random`` (and any level when engine.bots is missing or refuses it) is a
random legal choice: a working, if weak, computer player.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

Chooser = Callable[[Any, list[Any]], Any]


def random_chooser(rng: random.Random | None = None) -> Chooser:
    pick = rng or random.Random()

    def choose(view: Any, legal: list[Any]) -> Any:
        return pick.choice(legal)

    return choose


def chooser_for(ruleset: Any, seat: int, level: str) -> Chooser:
    """The computer player for ``seat`` at ``level``; random legal choices as fallback."""
    rng = random.Random()
    try:
        from engine.bots import LEVELS, choose_intent
    except ImportError:
        return random_chooser(rng)
    if level not in LEVELS:
        return random_chooser(rng)

    def choose(view: Any, legal: list[Any]) -> Any:
        return choose_intent(ruleset, view, seat, legal, level, rng)

    return choose
