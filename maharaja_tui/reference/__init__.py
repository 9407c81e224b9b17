"""The rules references shown by the help screen: copies of shared/rules/maharaja.md
and shared/rules/raja.md, one per game (each game's adapter names its file).

The app reads the rule texts from here (special-rule and final-scoring tiles, the
F1 screen) instead of restating them, so the rules live in one document.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import msgspec

RULES_FILE = Path(__file__).parent / "maharaja.md"
# "- MJ-VAR-R1 (name): text" (maharaja.md) or "- **R-VAR-SHORT-1 Title.** text" (raja.md)
RULE_LINE = re.compile(
    r"^- (?:\*\*)?([A-Z]+(?:-[A-Z]+)+-[A-Z]?\d+[a-z]?)(?: \(([^)]*)\))?(?:[^*:]*\*\*)?:? (.*)$")


class Section(msgspec.Struct, frozen=True):
    title: str
    body: str  # markdown, heading included


@cache
def sections(path: Path = RULES_FILE) -> tuple[Section, ...]:
    text = path.read_text(encoding="utf-8")
    parts = re.split(r"(?m)^(?=## )", text)
    out = [Section("Introduction", parts[0])]
    for part in parts[1:]:
        title = part.splitlines()[0].removeprefix("## ").strip()
        out.append(Section(title, part))
    return tuple(out)


def section_of(rule_id: str, path: Path = RULES_FILE) -> int:
    """Index of the first section mentioning ``rule_id`` (0 when none does)."""
    rid = re.escape(rule_id)
    # Prefer the section that defines the rule (a list item or table row), then any mention.
    for pattern in (rf"(?m)^(- |\| ){rid}\b", rf"\b{rid}\b"):
        for index, section in enumerate(sections(path)):
            if index and re.search(pattern, section.body):
                return index
    return 0


def rule_text(rule_id: str, path: Path = RULES_FILE) -> str:
    """The one-line text of a rule given as a list item (``- MJ-VAR-R1: ...``)."""
    return _rule_texts(path).get(rule_id, "")


# "(ruling: ...)": the spec's record of how an ambiguity was decided, for the F1 screen
RULING_NOTE = re.compile(r" ?\(ruling: [^)]*\)")


def rule_label(rule_id: str, path: Path = RULES_FILE) -> str:
    """A rule's text as a choice names it (a tile on the new-game form): without the
    rulings the reference records beside it. A form's row is one line: at 80 columns
    MJ-VAR-R2's ruling cut its tick box's label off mid-word."""
    return RULING_NOTE.sub("", rule_text(rule_id, path))


@cache
def _rule_texts(path: Path) -> dict[str, str]:
    """Every list-item rule of the file in one pass (the new-game form asks for several
    at each start; the first text of an id wins)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out: dict[str, str] = {}
    for n, line in enumerate(lines):
        match = RULE_LINE.match(line)
        if match and match.group(1) not in out:
            text = match.group(3)
            for more in lines[n + 1:]:  # continuation lines are indented
                if not more.startswith("  "):
                    break
                text += " " + more.strip()
            out[match.group(1)] = text
    return out
