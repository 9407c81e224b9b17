"""Games at fixed points (seeded), for snapshots and the benchmark."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import Game
from engine.core.autoplay import random_intent
from engine.core.ruleset import Computer, Seat
from engine.maharaja import RULESET, Options

ME = Seat("You")
RANDOM = Computer(level="random")
COMPUTERS = (Seat("Anand", RANDOM), Seat("Bela", RANDOM), Seat("Chandra", RANDOM))


def seats(players: int, humans: int = 1) -> list[Seat]:
    out = [Seat(f"Player {n + 1}") if humans > 1 else ME for n in range(humans)]
    return out + list(COMPUTERS[: players - humans])


def game_until(done: Callable[[Game], bool], *, players: int = 3, humans: int = 1,
               seed: int = 4, limit: int = 5000) -> Game:
    """Random legal play (seeded) until ``done``; the human seat plays randomly too."""
    game = Game(RULESET, seats(players, humans), Options(), seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if done(game) or not game.to_move():
            break
        seat, intent = random_intent(game, rng)
        if type(intent).__name__ == "EndTurn" and rng.random() < 0.7:
            legal = [i for i in game.legal_intents(seat) if type(i).__name__ != "EndTurn"]
            intent = rng.choice(legal) if legal else intent
        game.play(seat, intent)
    assert done(game), "the seeded game never reached the wanted point"
    return game


def my_planning(game: Game) -> bool:
    return game.state.phase == "planning" and game.state.round == 2 and 0 in game.to_move()


def my_turn(game: Game) -> bool:
    s = game.state
    return (s.phase == "actions" and s.round == 2 and s.turn is not None and s.turn.seat == 0
            and not s.pending and s.turn.tasks[0].statues + s.turn.tasks[0].shrines > 0)


def my_reward(game: Game) -> bool:
    s = game.state
    return s.phase == "scoring" and bool(s.pending) and s.pending[0].seat == 0 \
        and s.pending[0].kind == "reward"


def over(game: Game) -> bool:
    return game.is_over()
