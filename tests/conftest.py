"""Every test keeps its saves in its own temporary data directory, so tests stay
independent when pytest-xdist runs them side by side."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    # The parsed-CSS cache (maharaja_tui.css_cache) stays out of the user's own cache dir.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "data"


@pytest.fixture(autouse=True)
def release_apps() -> Iterator[None]:
    """Let a finished test's Textual app be freed. Textual's StylesCache.get_inner_outer
    is an lru_cache (1024) on a method, so it keeps the last 1024 widgets' style caches
    and, through their strips' filters, their apps: a worker's heap grew by ~15,000
    objects an app test (373k after test_maharani.py) and every full collection walked
    them. Emptying it after each test keeps the heap at ~100k. Upstream: Textualize/textual
    issue 6665 (open); the SSH server's long-lived processes have the same leak."""
    yield
    styles_cache = sys.modules.get("textual._styles_cache")
    if styles_cache is not None:
        styles_cache.StylesCache.get_inner_outer.cache_clear()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Fewer and cheaper garbage collections in the test processes. What is imported and
    collected lives to the end, so it is frozen out of every later collection; and the
    full collection runs after 20 middle ones instead of 10, each middle one after 50
    young ones instead of 10, and a young one after 10,000 allocations instead of 700:
    with a Textual app and a game's history in the heap, full collections took ~140 ms
    each and 17% of a TUI file's CPU (test_maharani.py + test_solo.py in one process:
    ~25 -> ~22 CPU s, peak memory 90 -> 140 MB)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 50, 20)
