"""Raja games at fixed points (seeded random play), for the Raja screen tests and snapshots."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import Game
from engine.core.autoplay import random_intent
from engine.core.ruleset import Computer, Seat
from engine.raja import RULESET, Options, preset
from engine.raja.state import Phase

ME = Seat("You")
COMPUTERS = tuple(Seat(n, Computer(level="random")) for n in ("Anand", "Bela", "Chandra", "Devi"))


def seats(players: int, humans: int = 1) -> list[Seat]:
    out = [Seat(f"Player {n + 1}") if humans > 1 else ME for n in range(humans)]
    return out + list(COMPUTERS[: players - humans])


def game_until(done: Callable[[Game], bool], *, options: Options | None = None,
               players: int = 3, humans: int = 1, seed: int = 4, limit: int = 8000) -> Game:
    """Random legal play (seeded) until ``done``; the human seats play randomly too."""
    game = Game(RULESET, seats(players, humans), options or preset("Basic"), seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if done(game) or not game.to_move():
            break
        seat, intent = random_intent(game, rng)
        name = type(intent).__name__
        if name in ("EndTurn", "MoveArchitect") and rng.random() < 0.8:
            legal = [i for i in game.legal_intents(seat)
                     if type(i).__name__ not in ("EndTurn", "MoveArchitect")]
            intent = rng.choice(legal) if legal else intent
        game.play(seat, intent)
    assert done(game), "the seeded game never reached the wanted point"
    return game


def my_selection(game: Game) -> bool:
    s = game.state
    return s.phase == Phase.SELECT and s.round == 2 and 0 in game.to_move()


def my_turn(game: Game) -> bool:
    s = game.state
    return (s.phase == Phase.TURNS and s.round == 2 and s.turn is not None and s.turn.seat == 0
            and s.pending is None and not any(any(slot.done) for slot in s.turn.slots))


def scored(game: Game) -> bool:
    """Just after a city scoring: the next round's selection, nobody selected yet."""
    s = game.state
    return (s.phase == Phase.SELECT and s.round == 3
            and not any(p.selected for p in s.players))


def over(game: Game) -> bool:
    return game.state.phase == Phase.OVER
