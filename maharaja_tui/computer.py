"""Computer seats: the engine's bots when installed, else a random legal-move chooser.

``engine.bots`` is being written alongside this UI; until it lands, computer seats
pick a random legal intent, ending their turn now and then so that turns finish
(priests may move any number of times, MJ-MOVE-1).
"""

from __future__ import annotations

import random
from typing import Any

END_TURN_CHANCE = 0.25


def level_of(controller: str) -> str:
    """``bot:hard`` -> ``hard``; any other controller plays at the default level."""
    return controller.split(":", 1)[1] if controller.startswith("bot:") else "medium"


def bot_levels() -> tuple[str, ...]:
    try:
        from engine.bots import LEVELS  # type: ignore[import-not-found]
    except ImportError:
        return ("random",)
    return tuple(LEVELS)


def choose(table: Any, seat: int, rng: random.Random | None = None) -> Any:
    """An intent for computer ``seat`` from what the table says it may do."""
    return choose_from(table.ruleset, table.view(seat), seat, table.legal_intents(seat),
                       table.seats[seat].controller, rng or random.Random())


def choose_from(ruleset: Any, view: Any, seat: int, legal: list[Any], controller: str,
                rng: random.Random) -> Any:
    """The choice itself, from data captured on the UI thread (safe in a worker)."""
    if not legal:
        raise LookupError(f"seat {seat} has no legal intent")
    try:
        from engine.bots import LEVELS, choose_intent  # type: ignore[import-not-found]
    except ImportError:
        return random_choice(legal, rng)
    level = level_of(controller)
    if level not in LEVELS:  # "bot:random", or a level this engine does not know
        return random_choice(legal, rng)
    return choose_intent(ruleset, view, seat, legal, level, rng)


def random_choice(legal: list[Any], rng: random.Random) -> Any:
    ends = [i for i in legal if type(i).__name__ == "EndTurn"]
    others = [i for i in legal if type(i).__name__ != "EndTurn"]
    if ends and (not others or rng.random() < END_TURN_CHANCE):
        return ends[0]
    return rng.choice(others)
