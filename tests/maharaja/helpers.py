"""Shared helpers for the Maharaja rules tests: games at a known point."""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec

from engine.core.game import Game
from engine.core.ruleset import Seat
from engine.maharaja import RULESET
from engine.maharaja import intents as it
from engine.maharaja.options import Options
from engine.maharaja.state import State

RULES = RULESET


def seats(n: int) -> list[Seat]:
    return [Seat(f"P{i}") for i in range(n)]


def new_game(n: int = 4, seed: int = 1, **options: Any) -> Game:
    return Game(RULES, seats(n), Options(**options), seed)


def encoded(state: State) -> bytes:
    return msgspec.msgpack.encode(state)


def fold(game: Game) -> State:
    state = RULES.new_state(game.options, game.seats)
    for _, event in game.events():
        RULES.apply(state, event)
    return state


def through_setup(game: Game) -> Game:
    """Choose the lowest character and the first open village until round 1 begins."""
    while game.state.phase in ("characters", "start-shrines"):
        seat = game.to_move()[0]
        game.play(seat, game.legal_intents(seat)[0])
    return game


def plan_all(game: Game, plans: dict[int, tuple[int, int]] | None = None) -> Game:
    """Commit a plan for each seat (default: take 3 coins twice)."""
    plans = plans or {}
    for seat in range(len(game.seats)):
        first, second = plans.get(seat, (5, 5))
        game.play(seat, it.CommitPlan(first=first, second=second))
    return game


def random_steps(game: Game, rng: Random, count: int) -> Game:
    for _ in range(count):
        movers = game.to_move()
        if not movers:
            break
        seat = rng.choice(movers)
        game.play(seat, rng.choice(game.legal_intents(seat)))
    return game


def edit(game: Game, **changes: Any) -> Game:
    """Adjust the live state for a focused rule test (tests only; never the UI)."""
    for key, value in changes.items():
        setattr(game.state, key, value)
    return game
