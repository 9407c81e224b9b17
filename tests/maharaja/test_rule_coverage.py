"""Every rule id of maharaja.md is cited by a test, plus each character ability
(§10, cited as "character N") and each worked example EX-1..EX-5."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.spec_paths import spec

SPEC = spec("maharaja.md")
ID = re.compile(r"MJ-[A-Z]+-[A-Z]?\d+")
THIS = Path(__file__).name


def _cited_text() -> str:
    here = Path(__file__).parent
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(here.glob("*.py"))
                     if p.name != THIS)


def _missing(ids: list[str], text: str) -> list[str]:
    return [i for i in ids if not re.search(re.escape(i) + r"(?![0-9])", text)]


@pytest.mark.skipif(not SPEC.exists(), reason="the rules spec is not mounted")
def test_every_rule_id_is_cited() -> None:
    ids = sorted(set(ID.findall(SPEC.read_text(encoding="utf-8"))))
    assert len(ids) >= 111
    missing = _missing(ids, _cited_text())
    assert not missing, f"rule ids no test cites: {missing}"


def test_every_character_and_example_is_cited() -> None:
    text = _cited_text()
    missing = [f"character {n}" for n in range(1, 17)
               if not re.search(rf"character {n}(?![0-9])", text)]
    missing += [f"EX-{n}" for n in range(1, 6) if f"EX-{n}" not in text]
    assert not missing, f"not cited by any test: {missing}"


def test_citation_matching_is_exact() -> None:
    assert _missing(["MJ-CHAR-12", "MJ-CHAR-1"], "MJ-CHAR-1 only") == ["MJ-CHAR-12"]
