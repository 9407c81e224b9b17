"""The positions of a seeded random game, for tests that check a property at each one."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random

from engine.core.game import Game
from engine.core.ruleset import Seat
from engine.registry import rulesets


def positions(ruleset_id: str, players: int, seed: int,
              steps: int = 160) -> Iterator[tuple[Game, str]]:
    """(game, seat to move) before each of up to ``steps`` random moves."""
    game = Game(rulesets()[ruleset_id], [Seat(f"P{n}") for n in range(players)], seed=seed)
    rng = Random(seed)
    for _ in range(steps):
        if not game.to_move():
            return
        seat = rng.choice(game.to_move())
        yield game, seat
        game.play(seat, rng.choice(game.legal_intents(seat)))
