"""The F1 rules reference ships a copy of the rules spec; it must not drift from it."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "rules"


@pytest.mark.parametrize("name", ["maharaja.md", "raja.md", "maharani.md", "maharadjah.md"])
def test_reference_copy_matches_the_rules_spec(name: str) -> None:
    copy = REPO / "maharaja_tui" / "reference" / name
    spec = SHARED / name
    if not copy.exists():
        pytest.skip(f"the UI ships no {name} reference")
    if not spec.exists():
        pytest.skip("shared/rules is not beside this checkout")
    assert copy.read_text(encoding="utf-8") == spec.read_text(encoding="utf-8"), (
        f"maharaja_tui/reference/{name} differs from shared/rules/{name}: copy it again")
