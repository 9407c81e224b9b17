"""The test suite's figure of the README's Benchmarks: wall time of ``python3 -m pytest``
on this machine.

The README's and CI's command, run as is from the checkout (its addopts: every core,
the quick default selection); no anchor, the target is 2 minutes. The detail gives the
CPU time of the run (user + sys of pytest and its workers), which a loaded machine
disturbs less than the wall time, and pytest's own summary line.

Long (minutes a run): ``bench_all.py`` runs it only when asked (``--only suite`` or
``--long``), and once a figure whatever ``--runs`` says.

    PYTHONPATH=scripts:. python3 -m bench.suite
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from bench.figure import Figure

ROOT = Path(__file__).resolve().parents[2]
LONG = True  # bench_all.py leaves it out unless --long or --only suite
TARGET_SECONDS = 120.0


def _summary(output: str) -> str:
    """pytest's last non-empty line ("1040 passed, 12 deselected in 93.1s")."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


def run_suite(*args: str) -> tuple[float, float, str, int]:
    """Wall seconds, CPU seconds (children's user + sys), summary line, exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, XDG_DATA_HOME=data)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pytest", *args], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=False)
        wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, _summary(done.stdout), done.returncode


def figures(runs: int) -> Iterator[Figure]:
    del runs  # one run: minutes long, and already the sum of a thousand tests
    wall, cpu, summary, status = run_suite()
    failed = "" if status == 0 else f"; exit status {status}"
    yield Figure(
        name="test suite wall time (python3 -m pytest)",
        value=wall, unit="s", target=TARGET_SECONDS, better="lower",
        detail=f"CPU {cpu:.0f} s on {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
        f"{summary}{failed}",
    )


if __name__ == "__main__":
    for figure in figures(1):
        print(f"{figure.name}: {figure.value:.1f} {figure.unit} target {figure.target:g} "
              f"{'holds' if figure.holds else 'MISSES'}\n  {figure.detail}")
