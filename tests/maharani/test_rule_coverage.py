"""Every rule id of maharani.md is cited by at least one test, and every M-EX example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.spec_paths import spec

SPEC = spec("maharani.md")
ID = re.compile(r"M-[A-Z0-9]+(?:-[A-Z]+)*-\d+[a-z]?")
# Ids that state no behaviour the engine has, with why; still listed so a new id is noticed.
NOTHING_TO_TEST = {
    "M-AMB-16": "about the OCR of the French source text (its bold markers are emphasis)",
}


def _cited_text() -> str:
    here = Path(__file__).parent
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(here.glob("*.py"))
                     if p.name != Path(__file__).name)


def _ranges(text: str) -> str:
    """Expand "M-EOT-1..5" style citations into each id."""
    def expand(m: re.Match[str]) -> str:
        stem, lo, hi = m.group(1), int(m.group(2)), int(m.group(3))
        return " ".join(f"{stem}{i}" for i in range(lo, hi + 1))
    return re.sub(r"(M-[A-Z0-9]+(?:-[A-Z]+)*-)(\d+)\.\.(\d+)", expand, text)


@pytest.mark.skipif(not SPEC.exists(), reason="the rules spec is not mounted")
def test_every_rule_id_is_cited() -> None:
    ids = sorted(set(ID.findall(SPEC.read_text(encoding="utf-8"))))
    assert len(ids) >= 87
    assert all(i.startswith("M-EX-") or i in ids for i in NOTHING_TO_TEST)
    cited = _ranges(_cited_text())
    missing = [i for i in ids if i not in NOTHING_TO_TEST
               and not re.search(re.escape(i) + r"(?![0-9a-z])", cited)]
    assert not missing, f"rule ids no test cites: {missing}"
    examples = [i for i in ids if i.startswith("M-EX-")]
    assert len(examples) == 16
