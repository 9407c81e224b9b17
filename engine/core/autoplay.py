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
        seats = game.to_move()  # asked once a decision (random_intent asks again)
        if not seats:
            break
        seat = rng.choice(seats)  # the draws of random_intent, in its order
        game.play(seat, rng.choice(game.legal_intents(seat)))
    return game
