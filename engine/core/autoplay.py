"""Play a game to its end with random legal intents (tests, benchmarks, fuzzing)."""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core import draw
from engine.core.game import AnyGame


def random_intent(game: AnyGame, rng: Random) -> tuple[int, Any]:
    seat = draw.choice(rng, game.to_move())
    return seat, game.random_intent(seat, rng)


def play_randomly(game: AnyGame, rng: Random, max_steps: int = 20_000) -> AnyGame:
    """Play random legal intents until the game is over (or ``max_steps`` is reached).

    The draws are those of ``random_intent``, in its order: a seat, then an intent as
    ``draw.choice(rng, legal_intents)`` would pick it. The intent comes from the listing of
    this very state, so it is played on the trusted path (``Game.play_listed``)."""
    # The ruleset's hooks called directly: what Game.to_move and Game.random_intent do,
    # one call a hook fewer at every decision (the state is read anew each time).
    to_move, random_intent = game.ruleset.to_move, game.ruleset.random_intent
    # draw.choice(rng, seats) is seats[draw.below(rng, len(seats))]: the same draw
    # without a call to choice a decision (see draw_index)
    below = draw.below
    for _ in range(max_steps):
        seats = to_move(game.state)  # asked once a decision
        if not seats:
            break
        seat = seats[below(rng, len(seats))]
        game.play_listed(seat, random_intent(game.state, seat, rng))
    return game
