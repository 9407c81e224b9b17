"""The test grid game registers as any game does: an entry point naming its GameSpec."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine import registry

GRID = "tests.core.grid.spec:SPEC"


def _clear() -> None:
    registry._found.cache_clear()
    registry.rulesets.cache_clear()


@pytest.fixture
def grid_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Three in a Row added to the registry's entry points for one test."""
    known = registry.entry_points()
    monkeypatch.setattr(registry, "entry_points", lambda: {**known, "grid-test": GRID})
    _clear()
    yield "grid-test"
    monkeypatch.undo()
    _clear()

