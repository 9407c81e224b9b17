"""Playing whole games between computer players (tournaments, recordings, tests).

Seats whose controller is a ``Computer`` are played by ``choose_intent`` from
their own view, driven by the table (``engine.core.table``) as in the app and on the
server: every decision gets its own generator seeded from the game's seed, the seat
and the step number, so a game replays identically from its seed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from engine.bots import choose_intent
from engine.bots.budget import Budget
from engine.core.game import AnyGame, Game
from engine.core.ruleset import AnyRuleset, Computer, Seat
from engine.core.table import LocalTable, decision_rng

MAX_DECISIONS = 5000


def bot_seat(name: str, level: str) -> Seat:
    return Seat(name, controller=Computer(level=level))


def level_of(seat: Seat) -> str:
    if not isinstance(seat.controller, Computer):
        raise ValueError(f"seat {seat.name!r} is not a computer player")
    return seat.controller.level


@dataclass
class Timings:
    """Seconds per decision, by level (decisions with one legal intent are not timed)."""

    by_level: dict[str, list[float]] = field(default_factory=dict)

    def add(self, level: str, seconds: float) -> None:
        self.by_level.setdefault(level, []).append(seconds)


def play_game(
    ruleset: AnyRuleset,
    seats: list[Seat],
    options: Any = None,
    seed: int = 0,
    *,
    budget: Budget | None = None,
    timings: Timings | None = None,
    on_step: Callable[[AnyGame], None] | None = None,
) -> AnyGame:
    """Play a game where every seat is a bot, to its end."""
    game = Game(ruleset, seats, options, seed)
    for seat in seats:
        level_of(seat)  # every seat must be a computer player

    def choose(rules: Any, view: Any, seat: int, legal: list[Any], level: str,
               rng: Random) -> Any:
        started = time.perf_counter()
        intent = choose_intent(rules, view, seat, legal, level, rng, budget=budget)
        if timings is not None and len(legal) > 1:
            timings.add(level, time.perf_counter() - started)
        return intent

    table = LocalTable(game, chooser=choose)
    if on_step is not None:
        table.subscribe(lambda: on_step(game))
    table.run_computers(MAX_DECISIONS)
    return game


__all__ = ["MAX_DECISIONS", "Timings", "bot_seat", "decision_rng", "level_of", "play_game"]
