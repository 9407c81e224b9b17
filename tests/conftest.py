"""Every test keeps its saves in its own temporary data directory, so tests stay
independent when pytest-xdist runs them side by side."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(autouse=True)
def release_apps() -> Iterator[None]:
    """Let a finished test's Textual app be freed. Textual's StylesCache.get_inner_outer
    is an lru_cache (1024) on a method, so it keeps the last 1024 widgets' style caches
    and, through their strips' filters, their apps: a worker's heap grew by ~15,000
    objects an app test (373k after test_maharani.py) and every full collection walked
    them. Emptying it after each test keeps the heap at ~100k."""
    yield
    styles_cache = sys.modules.get("textual._styles_cache")
    if styles_cache is not None:
        styles_cache.StylesCache.get_inner_outer.cache_clear()
