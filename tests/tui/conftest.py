"""TUI tests keep every save in a temporary data directory."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def data_home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"
