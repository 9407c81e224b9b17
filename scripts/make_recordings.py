"""Regenerate recordings/: real games played by the bots, saved as engine records.

    python scripts/make_recordings.py

Each game is fixed by its seed, seats and options, and hard plays with an iteration
budget, so the moves come out the same on every run (only the save header's
``updated`` time changes). Beside each ``<name>.json`` goes ``<name>.expected.json``
with the final PP per seat and the winners, which tests/test_recordings.py checks
after replaying the record with validation.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import msgspec

from engine.bots.budget import Budget
from engine.bots.match import bot_seat, play_game
from engine.core import record
from engine.core.game import Game
from engine.maharaja import RULESET, Options

OUT = Path(__file__).resolve().parent.parent / "recordings"
CREATED = "2026-11-22T00:00:00+00:00"
BUDGET = Budget.fixed(8)  # hard's rollouts per decision in recordings


@dataclass(frozen=True)
class Recipe:
    name: str
    levels: tuple[str, ...]
    seed: int
    options: Options = Options()


RECIPES = (
    Recipe("two-players", ("hard", "medium"), 101),
    Recipe("three-players", ("easy", "medium", "hard"), 102),
    Recipe("four-players", ("medium", "hard", "easy", "medium"), 103),
    Recipe("variants-R1-R2-F3", ("hard", "medium", "medium"), 104,
           Options(special_rules=("R1", "R2"), final_scoring="F3")),
    Recipe("solo-easy", ("hard",), 105, Options(mode="solo", difficulty="easy")),
    Recipe("solo-medium", ("hard",), 106, Options(mode="solo", difficulty="medium")),
    Recipe("solo-hard", ("hard",), 107, Options(mode="solo", difficulty="hard")),
)

NAMES = ("Asha", "Bala", "Chandra", "Devi")


class Expected(msgspec.Struct):
    final_pp: list[int]  # PP after final scoring, per player of the state
    winners: list[int]


def expected(game: Game) -> Expected:
    state = game.state
    totals = [p.pp + f.total for p, f in zip(state.players, state.final, strict=True)]
    return Expected(final_pp=totals, winners=list(state.winners))


def make(recipe: Recipe) -> Expected:
    seats = [bot_seat(f"{NAMES[n]} ({level})", level) for n, level in enumerate(recipe.levels)]
    game = play_game(RULESET, seats, recipe.options, recipe.seed, budget=BUDGET)
    if not game.is_over():
        raise RuntimeError(f"{recipe.name}: the game did not finish")
    game.created = CREATED
    record.save(game, OUT / f"{recipe.name}.json")
    result = expected(game)
    data = msgspec.json.format(msgspec.json.encode(result), indent=2) + b"\n"
    record.write_atomic(OUT / f"{recipe.name}.expected.json", data)
    return result


def main() -> int:
    for recipe in RECIPES:
        result = make(recipe)
        print(f"{recipe.name}: final PP {result.final_pp}, winners {result.winners}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
