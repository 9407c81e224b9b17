"""Computer players: a pluggable ``choose(view, legal_intents) -> intent``.

``engine.bots`` (when it exists) provides the real players; until then a random
legal choice is a working, if weak, computer player.
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


def chooser_for(ruleset_id: str, level: str) -> Chooser:
    """The computer player for ``level``; falls back to random legal choices."""
    try:
        from engine import bots  # type: ignore[attr-defined]
    except ImportError:
        return random_chooser()
    factory = getattr(bots, "chooser", None)
    if factory is not None:
        try:
            return factory(ruleset_id, level)
        except (KeyError, ValueError, TypeError):
            pass
    choose = getattr(bots, "choose", None)
    return choose if callable(choose) else random_chooser()
