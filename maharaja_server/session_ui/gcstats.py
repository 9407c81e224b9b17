"""Garbage-collection figures of a session host, for the load benchmark.

A host's collections pause every session it runs, so what they cost is measured where
it is spent: thread CPU time between ``gc.callbacks``' start and stop, per generation
(CPU, not wall time: the benchmark machine is shared). Enabled by the server's
``MAHARAJA_GC_STATS`` (a file each host appends one JSON line to when it ends)."""

from __future__ import annotations

import gc
import json
import os
import time
from typing import Any


class GcStats:
    """Counts and CPU seconds of this process's collections, by generation."""

    def __init__(self) -> None:
        self.count = [0, 0, 0]
        self.cpu = [0.0, 0.0, 0.0]
        self.longest = [0.0, 0.0, 0.0]
        self.collected = [0, 0, 0]
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.thread_time()
            return
        spent = time.thread_time() - self._started
        generation = info["generation"]
        self.count[generation] += 1
        self.cpu[generation] += spent
        self.longest[generation] = max(self.longest[generation], spent)
        self.collected[generation] += info.get("collected", 0)

    def summary(self, **extra: Any) -> dict[str, Any]:
        return {"pid": os.getpid(), "count": self.count,
                "cpu_ms": [round(1000 * c, 1) for c in self.cpu],
                "longest_ms": [round(1000 * c, 1) for c in self.longest],
                "collected": self.collected, **extra}


def install() -> GcStats | None:
    """Measure this process's collections if the server asked for it."""
    if not os.environ.get("MAHARAJA_GC_STATS"):
        return None
    stats = GcStats()
    gc.callbacks.append(stats)
    return stats


def write(stats: GcStats | None, **extra: Any) -> None:
    path = os.environ.get("MAHARAJA_GC_STATS")
    if stats is None or not path:
        return
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(stats.summary(**extra)) + "\n")
