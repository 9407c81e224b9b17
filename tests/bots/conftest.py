"""Shared helpers for the bot tests: games advanced to interesting points with fixed seeds."""

from __future__ import annotations

from random import Random

from engine.bots import maharaja_policy
from engine.core.game import Game
from engine.core.ruleset import Seat
from engine.maharaja import RULESET, Options

NAMES = ("Ana", "Ben", "Cy", "Dee")


def new_game(players: int = 2, seed: int = 1, options: Options | None = None) -> Game:
    seats = [Seat(NAMES[n]) for n in range(players)]
    return Game(RULESET, seats, options or Options(), seed)


def advance(game: Game, until: callable, *, rng: Random | None = None) -> Game:  # type: ignore[valid-type]
    """Play greedy (medium) moves until ``until(game.state)`` holds."""
    for _ in range(3000):
        if until(game.state) or not game.to_move():
            return game
        seat = game.to_move()[0]
        game.play(seat, maharaja_policy.best(game.view(seat), seat))
    raise AssertionError("the condition was never reached")


class Loaded:
    """A loaded machine's clocks: the thinking thread gets a third of the wall clock's
    time (a fake ``perf_counter`` and ``thread_time`` for the budget's deadline tests)."""

    def __init__(self) -> None:
        self.wall = 100.0
        self.cpu = 5.0

    def perf_counter(self) -> float:
        return self.wall

    def thread_time(self) -> float:
        return self.cpu

    def run(self, seconds: float) -> None:
        self.wall += seconds
        self.cpu += seconds / 3
