"""Play a game to its end with random legal intents (tests, benchmarks, fuzzing)."""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core.game import AnyGame


def random_intent(game: AnyGame, rng: Random) -> tuple[int, Any]:
    seat = rng.choice(game.to_move())
    return seat, rng.choice(game.legal_intents(seat))


def play_randomly(game: AnyGame, rng: Random, max_steps: int = 20_000) -> AnyGame:
    """Play random legal intents until the game is over (or ``max_steps`` is reached)."""
    for _ in range(max_steps):
        if not game.to_move():
            break
        seat, intent = random_intent(game, rng)
        game.play(seat, intent)
    return game
