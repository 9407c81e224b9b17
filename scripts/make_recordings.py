"""Regenerate maharaja_tui/recordings/: real games played by the bots, saved as engine
records (they ship with the app: the new-game screen's "Watch a game").

    python scripts/make_recordings.py            # every recording
    python scripts/make_recordings.py raja-      # those whose name starts so
    python scripts/make_recordings.py --resave   # the same games in the current format

``--resave`` plays nothing: it loads each recording with validation (every decision
re-decided under the current rules, each step checked to give the recorded events)
and saves it again at the current save format and rules version with its digest, so
a fold-only load trusts it instead of re-deciding a file of older rules. Its final
figures must be the ones ``.expected.json`` holds; a game the current rules replay
differently is refused.

Each game is fixed by its game, seed, seats and options, and hard plays with an
iteration budget, so the moves come out the same on every run (only the save
header's ``updated`` time changes). Beside each ``<name>.json`` goes
``<name>.expected.json``: the game and its final figures as the game's GameSpec
``outcome`` gives them, which tests/test_recordings.py checks after replaying the
record with validation.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from engine.bots.budget import Budget
from engine.bots.match import bot_seat, play_game
from engine.core import record
from engine.core.game import Game
from engine.maharadjah import Options as MaharadjahOptions
from engine.maharaja import Options
from engine.maharani import Options as MaharaniOptions
from engine.raja.options import preset
from engine.registry import get_ruleset, rulesets, spec_of

OUT = Path(__file__).resolve().parent.parent / "maharaja_tui" / "recordings"
CREATED = "2026-11-22T00:00:00+00:00"
BUDGET = Budget.fixed(8)  # hard's rollouts per decision in recordings
MAHARAJA, RAJA, MAHARANI, MAHARADJAH = "maharaja-2020", "raja-2004", "maharani", "maharadjah"


@dataclass(frozen=True)
class Recipe:
    name: str
    levels: tuple[str, ...]
    seed: int
    options: Any = Options()
    game: str = MAHARAJA


RECIPES = (
    Recipe("two-players", ("hard", "medium"), 101),
    Recipe("three-players", ("easy", "medium", "hard"), 102),
    Recipe("four-players", ("medium", "hard", "easy", "medium"), 103),
    Recipe("variants-R1-R2-F3", ("hard", "medium", "medium"), 104,
           Options(special_rules=("R1", "R2"), final_scoring="F3")),
    Recipe("solo-easy", ("hard",), 105, Options(mode="solo", difficulty="easy")),
    Recipe("solo-medium", ("hard",), 106, Options(mode="solo", difficulty="medium")),
    Recipe("solo-hard", ("hard",), 107, Options(mode="solo", difficulty="hard")),
    # Raja (R-MODE-3): every player count, every preset.
    Recipe("raja-2p-basic", ("hard", "medium"), 201, preset("Basic"), RAJA),
    Recipe("raja-3p-advanced-i", ("medium", "hard", "easy"), 202, preset("Advanced I"), RAJA),
    Recipe("raja-4p-advanced-ii", ("hard", "medium", "medium", "easy"), 203,
           preset("Advanced II"), RAJA),
    Recipe("raja-5p-basic", ("medium", "easy", "hard", "medium", "medium"), 204,
           preset("Basic"), RAJA),
    # Maharani (M-SETUP-2): 2, 3 and 4 players.
    Recipe("maharani-2p", ("hard", "medium"), 301, MaharaniOptions(), MAHARANI),
    Recipe("maharani-3p", ("medium", "hard", "easy"), 302, MaharaniOptions(), MAHARANI),
    Recipe("maharani-4p", ("hard", "easy", "medium", "medium"), 303, MaharaniOptions(),
           MAHARANI),
    # Maharadjah (W-ASSIGN-1): 3, 4 and 5 players and the short game (W-SETUP-S1), by
    # medium computers (they leave armies along leaders' paths too, W-LEAD-3).
    Recipe("maharadjah-3p", ("medium",) * 3, 301, MaharadjahOptions(), MAHARADJAH),
    Recipe("maharadjah-4p", ("medium",) * 4, 302, MaharadjahOptions(), MAHARADJAH),
    Recipe("maharadjah-5p", ("medium",) * 5, 303, MaharadjahOptions(), MAHARADJAH),
    Recipe("maharadjah-short", ("medium",) * 3, 304, MaharadjahOptions(short_game=True),
           MAHARADJAH),
)

NAMES = ("Asha", "Bala", "Chandra", "Devi", "Esha")


class Expected(msgspec.Struct):
    game: str
    outcome: dict[str, Any]  # the GameSpec's outcome of the final state


def expected(game: Game) -> Expected:
    outcome = spec_of(game.ruleset.id).load_outcome()
    return Expected(game.ruleset.id, outcome(game.state))


def make(recipe: Recipe) -> Expected:
    seats = [bot_seat(f"{NAMES[n]} ({level})", level) for n, level in enumerate(recipe.levels)]
    game = play_game(get_ruleset(recipe.game), seats, recipe.options, recipe.seed,
                     budget=BUDGET)
    if not game.is_over():
        raise RuntimeError(f"{recipe.name}: the game did not finish")
    game.created = CREATED
    record.save(game, OUT / f"{recipe.name}.json")
    result = expected(game)
    write_expected(recipe.name, result)
    return result


def write_expected(name: str, result: Expected) -> None:
    data = msgspec.json.format(msgspec.json.encode(result), indent=2) + b"\n"
    record.write_atomic(OUT / f"{name}.expected.json", data)


def resave(recipe: Recipe) -> Expected:
    path = OUT / f"{recipe.name}.json"
    header, game = record.load_record(path, rulesets())
    result = expected(game)
    stored = msgspec.json.decode(path.with_suffix(".expected.json").read_bytes(), type=Expected)
    if msgspec.to_builtins(result) != msgspec.to_builtins(stored):
        raise RuntimeError(f"{recipe.name}: the figures changed; regenerate it instead")
    now = msgspec.json.decode(record.encode(game))["header"]
    if (header.format, header.rules_version, header.digest) != (
            now["format"], now["rules_version"], now["digest"]):
        record.save(game, path)  # (a current file is left as it is)
    return result


def main(argv: list[str]) -> int:
    again = "--resave" in argv
    argv = [arg for arg in argv if arg != "--resave"]
    for recipe in RECIPES:
        if argv and not recipe.name.startswith(tuple(argv)):
            continue
        result = resave(recipe) if again else make(recipe)
        print(f"{recipe.name}: {result.outcome}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
