"""Every rule id of raja.md is cited by at least one test, and every R-EX example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.spec_paths import spec

SPEC = spec("raja.md")
ID = re.compile(r"R-[A-Z]+(?:-[A-Z]+)*-\d+[a-z]?")


def _cited_text() -> str:
    here = Path(__file__).parent
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(here.glob("*.py")))


def _ranges(text: str) -> str:
    """Expand "R-VAR-AUCTION-1..5" style citations into each id."""
    def expand(m: re.Match[str]) -> str:
        stem, lo, hi = m.group(1), int(m.group(2)), int(m.group(3))
        return " ".join(f"{stem}{i}" for i in range(lo, hi + 1))
    return re.sub(r"(R-[A-Z]+(?:-[A-Z]+)*-)(\d+)\.\.(\d+)", expand, text)


@pytest.mark.skipif(not SPEC.exists(), reason="the rules spec is not mounted")
def test_every_rule_id_is_cited() -> None:
    ids = sorted(set(ID.findall(SPEC.read_text(encoding="utf-8"))))
    assert len(ids) > 100
    cited = _ranges(_cited_text())
    missing = [i for i in ids if not re.search(re.escape(i) + r"(?![0-9a-z])", cited)]
    assert not missing, f"rule ids no test cites: {missing}"
