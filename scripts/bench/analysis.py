"""The analysis figure: a finished 4-player Maharaja game analysed in the replay viewer's
way (``engine.bots.analysis.analyse``, its default workers and budget: the `a` key).

* value: wall seconds from the saved file to the analysis's end (``recordings/
  four-players.json`` read, replayed, its chances estimated and every decision searched
  again); target 20 s on a 2-core machine.
* beside it, in the same run: the engine's replay of the same file (read, checked,
  folded into a replay cursor: what opening it in the viewer costs) and the CPU time
  of the analysis, its own process and its child processes (a loaded machine slows the
  wall clock, less the CPU time); how honest its progress was (the share of the time
  spent when the bar stood at half); the load average.

    PYTHONPATH=scripts:. python3 -m bench.analysis
"""

from __future__ import annotations

import os
import resource
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

from bench.figure import Figure

ROOT = Path(__file__).resolve().parents[2]
RECORDING = ROOT / "recordings" / "four-players.json"
TARGET_SECONDS = 20.0
MAX_RUNS = 3  # an analysis takes a quarter of a minute: three runs at most


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def replay_seconds() -> float:
    """The engine's replay of the file: the best of a few (it is milliseconds)."""
    from engine.core import record
    from engine.core.replay import Replay
    from engine.registry import rulesets

    known = rulesets()
    times = []
    for _ in range(5):
        started = time.perf_counter()
        Replay(record.load(RECORDING, known))
        times.append(time.perf_counter() - started)
    return min(times)


def analysed() -> tuple[float, float, float]:
    """One analysis from the file: (wall s, CPU s of this process and its children, the
    share of the wall time spent when the progress bar reached half)."""
    from engine.bots.analysis import analyse
    from engine.core import record
    from engine.registry import rulesets

    heard: list[tuple[float, float]] = []
    cpu, children = time.process_time(), _children_cpu()
    started = time.perf_counter()
    game = record.load(RECORDING, rulesets())
    analyse(game, progress=lambda done, total: heard.append(
        (done / total, time.perf_counter() - started)))
    wall = time.perf_counter() - started
    used = time.process_time() - cpu + _children_cpu() - children
    half = next(t for share, t in heard if share >= 0.5)
    return wall, used, half / wall


def figures(runs: int) -> Iterator[Figure]:
    count = max(1, min(runs, MAX_RUNS))
    replay = replay_seconds()
    results = [analysed() for _ in range(count)]
    wall = statistics.median(r[0] for r in results)
    cpu = statistics.median(r[1] for r in results)
    half = statistics.median(r[2] for r in results)
    yield Figure(
        f"analysis of {RECORDING.name} (the replay viewer's a)", wall, "s", TARGET_SECONDS,
        detail=(f"median of {count}; CPU {cpu:.1f} s (its process and its child processes); "
                f"the engine's replay of the same file {replay * 1e3:.0f} ms in the same run "
                f"(the analysis {wall / replay:.0f}× that); the progress bar at half after "
                f"{100 * half:.0f}% of the time; {os.cpu_count()} cores, load "
                f"{os.getloadavg()[0]:.1f}"))


if __name__ == "__main__":
    for figure in figures(1):
        print(figure)
