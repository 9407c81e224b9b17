"""The analysis figure: a finished 4-player Maharaja game analysed in the replay viewer's
way (``engine.bots.analysis.analyse``, its default workers and budget: the `a` key).

* value: wall seconds from the saved file to the analysis's end (``maharaja_tui/recordings/
  four-players.json`` read, replayed, its chances estimated and every decision searched
  again); target 20 s on a 2-core machine.
* beside it, in the same run: the engine's replay of the same file (read, checked,
  folded into a replay cursor: what opening it in the viewer costs) and the CPU time
  of the analysis, its own process and its child processes (a loaded machine slows the
  wall clock, less the CPU time); how honest its progress was (the share of the time
  spent when the bar stood at half); the load average;
* and what the wall clock would read with a core for each process: the app's own CPU
  time and its busiest child's (read from /proc while the children run), with the same
  target: on a machine other work keeps busy the first figure cannot show it.

    PYTHONPATH=scripts:. python3 -m bench.analysis
"""

from __future__ import annotations

import os
import resource
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from bench.figure import Figure

ROOT = Path(__file__).resolve().parents[2]
RECORDING = ROOT / "maharaja_tui" / "recordings" / "four-players.json"
TARGET_SECONDS = 20.0
MAX_RUNS = 3  # an analysis takes a quarter of a minute: three runs at most
SAMPLE = 0.1  # seconds between two readings of the children's CPU time


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


class Children:
    """Samples the CPU time of this process's children (the analysis's child processes)
    from /proc while they run: each one's last reading is its total within a tick."""

    def __init__(self) -> None:
        self.seen: dict[int, float] = {}
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> Children:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        self.thread.join()

    def _sample(self) -> None:
        tick = os.sysconf("SC_CLK_TCK")
        tasks = Path(f"/proc/{os.getpid()}/task")
        while not self.done.wait(SAMPLE):
            pids: set[str] = set()
            for task in tasks.iterdir():  # (a child is listed under the thread that began it)
                try:
                    pids.update((task / "children").read_text().split())
                except OSError:
                    continue
            for pid in pids:
                try:
                    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue  # (gone meanwhile)
                self.seen[int(pid)] = (int(fields[11]) + int(fields[12])) / tick

    @property
    def busiest(self) -> float:
        return max(self.seen.values(), default=0.0)


def analysed() -> tuple[float, float, float, float]:
    """One analysis from the file: (wall s, CPU s of this process and its children, the
    share of the wall time spent when the progress bar reached half, this process's own
    CPU s plus its busiest child's: the wall time with a core for each)."""
    from engine.bots.analysis import analyse
    from engine.core import record
    from engine.registry import rulesets

    heard: list[tuple[float, float]] = []
    cpu, children = time.process_time(), _children_cpu()
    started = time.perf_counter()
    with Children() as sampled:
        game = record.load(RECORDING, rulesets())
        analyse(game, progress=lambda done, total: heard.append(
            (done / total, time.perf_counter() - started)))
    wall = time.perf_counter() - started
    own = time.process_time() - cpu
    used = own + _children_cpu() - children
    half = next(t for share, t in heard if share >= 0.5)
    return wall, used, half / wall, own + sampled.busiest


def figures(runs: int) -> Iterator[Figure]:
    count = max(1, min(runs, MAX_RUNS))
    replay = replay_seconds()
    results = [analysed() for _ in range(count)]
    wall = statistics.median(r[0] for r in results)
    cpu = statistics.median(r[1] for r in results)
    half = statistics.median(r[2] for r in results)
    idle = statistics.median(r[3] for r in results)
    load = f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"
    yield Figure(
        f"analysis of {RECORDING.name} (the replay viewer's a)", wall, "s", TARGET_SECONDS,
        detail=(f"median of {count}; CPU {cpu:.1f} s (its process and its child processes); "
                f"the engine's replay of the same file {replay * 1e3:.0f} ms in the same run "
                f"(the analysis {wall / replay:.0f}× that); the progress bar at half after "
                f"{100 * half:.0f}% of the time; {load}"))
    # What the wall clock would read with a core for each process (a shared machine's
    # other work leaves the analysis less than its two cores): its own CPU time and its
    # busiest child's.
    yield Figure(
        f"analysis of {RECORDING.name}, a core each: CPU of the app and its busiest child",
        idle, "s", TARGET_SECONDS,
        detail=f"median of {count}; all processes' CPU {cpu:.1f} s; {load}")


if __name__ == "__main__":
    for figure in figures(1):
        print(figure)
