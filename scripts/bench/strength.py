"""Hard's strength (the README's Benchmarks): hard against medium, Maharaja at 2 players.

Hard plays one seat and medium the other, one seat further each game (who starts, which
colour), seeds 5000 on, with the app's default time budget in the thinking thread's CPU
time without the wall-clock ceiling (``Budget(ceiling=None)``): on a loaded machine hard
then gets the rollouts a quiet one would give it. The figures are hard's share of the
games won beside the fair share (50%; a shared win counts as not won), target 80% = 1.6×
it, with its 95% Wilson interval; and the 95th percentile of hard's decisions (wall
clock, where it had a choice), target 1 s.

Long (200 games take tens of CPU minutes): ``bench_all.py`` runs it only when asked,
``--only strength`` or ``--long``; ``--games`` sets the number of games.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

from tournament import play_one, schedule, wilson

from bench.figure import Figure
from engine.bots.budget import Budget

LONG = True  # bench_all.py leaves it out unless asked
GAME, PLAYERS, SEED = "maharaja-2020", 2, 5000
TARGET = 0.80
FAIR = 1 / PLAYERS


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def figures(runs: int, games: int = 200) -> Iterator[Figure]:
    """``runs`` is not used: the games are the repetitions."""
    jobs = schedule("hard", "medium", games, SEED, Budget(ceiling=None), GAME, {}, PLAYERS)
    wins, seconds = 0, []
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for result in pool.map(play_one, jobs):
            if result.winners == [(result.seed - SEED) % PLAYERS]:
                wins += 1
            seconds += result.timings.get("hard", [])
    low, high = wilson(wins, games)
    yield Figure(
        name=f"hard beats medium, Maharaja {PLAYERS} players, {games} games",
        value=wins / games, unit="won", target=TARGET / FAIR, better="higher",
        anchor=FAIR, anchor_name="fair share",
        detail=f"{wins}/{games} won, 95% Wilson {low:.1%}–{high:.1%}; target {TARGET:.0%}; "
        "default budget counted in CPU time",
    )
    yield Figure(
        name="hard's decisions in those games, p95", value=p95(seconds), unit="s",
        target=1.0, better="lower",
        detail=f"wall clock over {len(seconds)} decisions with a choice (a loaded machine "
        "stretches them: the budget counts CPU time)",
    )


if __name__ == "__main__":  # PYTHONPATH=scripts:. python3 -m bench.strength [GAMES]
    import sys

    for figure in figures(1, int(sys.argv[1]) if len(sys.argv) > 1 else 200):
        print(figure)
