"""Play from here: a new game starting at a position of another, for one seat.

The position is any state of a log (a replay's cursor, snapped to the end of its
step so someone is to decide). Only what the chosen seat knew there is kept: the
game's ``Ruleset.fork`` starts from that seat's view and redraws every secret it
could not see (other seats' hidden totals and plans, a bag's order...) from the
new game's seed, which also draws everything random from there on. The new game
saves its starting state with its log (``record``), so it is a game of its own.
"""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core.errors import Forbidden, OutOfTurn
from engine.core.game import AnyGame, Game, copy_state
from engine.core.ruleset import HUMAN, AnyRuleset, Computer, Seat


def fork_rng(seed: int) -> Random:
    """The generator a fork redraws secrets with: the new game's seed, nothing else."""
    return Random(f"fork/{seed}")


def play_from(ruleset: AnyRuleset, state: Any, seats: list[Seat], options: Any, seat: int,
              seed: int, level: str = "hard") -> AnyGame:
    """A new game from ``state`` where a person plays ``seat`` and computers at ``level``
    play the others (their names kept)."""
    if not 0 <= seat < len(seats):
        raise OutOfTurn("CORE-FORK-2", f"there is no seat {seat + 1} in this game")
    if ruleset.is_over(state):
        raise Forbidden("CORE-FORK-3", "the game is over at this position: nothing "
                                       "is left to play from here")
    redraw = getattr(ruleset, "fork", None)
    if redraw is None:  # a ruleset written before the contract had fork
        raise Forbidden("CORE-FORK-1", f"{ruleset.name} cannot start a new game from "
                                       "a position yet")
    start = redraw(copy_state(state), seat, fork_rng(seed))
    players = [Seat(s.name, HUMAN if n == seat else Computer(level=level))
               for n, s in enumerate(seats)]
    return Game(ruleset, players, options, seed, start=start)
