"""Where the rules specs are: ``shared/rules`` beside the checkout (as in CI and the
workspace), else the copies the UI ships (a test keeps those identical)."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def spec(name: str) -> Path:
    shared = REPO.parent / "shared" / "rules" / name
    return shared if shared.exists() else REPO / "maharaja_tui" / "reference" / name
