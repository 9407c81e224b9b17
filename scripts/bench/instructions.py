"""Random play counted in instructions (callgrind), which the machine's load does not
change: a decision of each game's random play beside a python-chess random-game ply.

Each side runs in a fresh interpreter under ``valgrind --tool=callgrind`` twice, with
a small and a larger amount of the same work (seeded random games); the difference of
the two totals over the difference of the decisions (plies) is the work's own count,
imports and start-up cancelling out. The figure is Maharadjah's (the game whose random
play was the slowest); the others are in the detail. Slow (valgrind runs Python about
fifty times slower: minutes), so ``bench_all.py`` runs it only when asked
(``--only instructions`` or ``--long``).

    PYTHONPATH=scripts:. python3 -m bench.instructions [GAME ...]
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from bench.figure import Figure

LONG = True
ROOT = Path(__file__).resolve().parents[2]
GAMES = ("maharadjah", "maharaja-2020", "raja-2004", "maharani")
PLAYERS = 4
# (small, large) amounts of work: random games of a game, python-chess games
GAME_WORK = {"maharadjah": (1, 3)}
OTHER_WORK = (4, 12)
CHESS_WORK = (4, 16)

CHILD = """
import sys
from random import Random
kind, count = sys.argv[1], int(sys.argv[2])
PLAYERS = int(sys.argv[3])
done = 0
if kind == "chess":
    import chess
    rng = Random(1)
    for _ in range(count):
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            done += 1
else:
    from engine.core.autoplay import play_randomly
    from engine.core.game import Game
    from engine.core.ruleset import Seat
    from engine.registry import rulesets
    rules = rulesets()[kind]
    seats = [Seat(f"P{i}") for i in range(PLAYERS)]
    Game(rules, seats, None, 0)  # every module of the game imported before the work
    for seed in range(100, 100 + count):
        game = play_randomly(Game(rules, seats, None, seed), Random(seed))
        done += sum(1 for step in game.steps if step.intent is not None)
print(done)
"""


def counted(kind: str, count: int) -> tuple[int, int]:
    """(instructions, decisions or plies) of ``count`` games of ``kind`` and start-up."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "scripts"), str(ROOT)])}
    child = [sys.executable, "-c", CHILD, kind, str(count), str(PLAYERS)]
    # once without valgrind first: a module changed since its bytecode was cached would
    # be compiled in the first counted run only, and the difference would hide its cost
    subprocess.run([*child[:-2], "0", child[-1]], env=env, cwd=ROOT, capture_output=True,
                   check=True)
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          *child], env=env, cwd=ROOT, capture_output=True, text=True,
                         check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"callgrind gave no total for {kind}: {out.stderr[-300:]}")
    return int(found.group(1)), int(out.stdout.split()[-1])


def per_unit(kind: str, work: tuple[int, int]) -> float:
    """Instructions a decision (a ply): the difference of two amounts of work."""
    (few, done_few), (many, done_many) = counted(kind, work[0]), counted(kind, work[1])
    return (many - few) / (done_many - done_few)


def figures(runs: int, games: tuple[str, ...] = GAMES) -> Iterator[Figure]:
    """``runs`` is not used: the counts do not vary from run to run."""
    if shutil.which("valgrind") is None:
        raise RuntimeError("valgrind is not installed")
    chess = per_unit("chess", CHESS_WORK)
    ours = {game: per_unit(game, GAME_WORK.get(game, OTHER_WORK)) for game in games}
    detail = ", ".join(f"{game} {count / 1e3:.1f}k ({count / chess:.2f}×)"
                       for game, count in ours.items())
    main = games[0]
    yield Figure(
        name=f"random play, instructions a decision ({main}, {PLAYERS} players)",
        value=ours[main], unit="instructions", target=1.0, better="lower",
        anchor=chess, anchor_name="python-chess instructions a random-game ply",
        detail=f"callgrind, seeded games, start-up cancelled; {detail}",
    )


if __name__ == "__main__":
    for figure in figures(1, tuple(sys.argv[1:]) or GAMES):
        print(f"{figure.name}: {figure.value:.0f} vs {figure.anchor:.0f} "
              f"({figure.anchor_name}) = {figure.ratio:.2f}×\n  {figure.detail}")
