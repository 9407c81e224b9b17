"""Seeded Maharani games stopped at the moments the screen tests look at."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import Game
from engine.core.ruleset import Computer, Seat
from engine.maharani import RULESET, Options
from engine.maharani import intents as I


def seats(players: int, humans: int = 1) -> list[Seat]:
    names = ("Ann", "Bo", "Cy", "Di")
    return [Seat(names[s]) if s < humans else Seat(names[s], Computer(level="easy"))
            for s in range(players)]


def game_until(done: Callable[[Game], bool], *, players: int = 3, humans: int = 1,
               seed: int = 4, limit: int = 2000) -> Game:
    """Random legal play (seeded, refreshing rarely) until ``done``."""
    game = Game(RULESET, seats(players, humans), Options(), seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if done(game) or not game.to_move():
            break
        seat = game.to_move()[0]
        legal = game.legal_intents(seat)
        places = [i for i in legal if isinstance(i, I.Place)]
        intent = rng.choice(places) if places and rng.random() < 0.9 else rng.choice(legal)
        game.play(seat, intent)
    return game


def my_turn(game: Game) -> bool:
    """Seat 0 to place its first tile, with a few tiles down already."""
    s = game.state
    return (s.turn is not None and s.turn.seat == 0 and s.turn.placed == 0
            and len(s.cells) >= 12 and bool(s.artisans))


def over(game: Game) -> bool:
    return game.is_over()
