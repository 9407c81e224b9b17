"""The rules reference shown by the help screen: a copy of shared/rules/maharaja.md.

The app reads the rule texts from here (special-rule and final-scoring tiles, the
F1 screen) instead of restating them, so the rules live in one document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

RULES_FILE = Path(__file__).parent / "maharaja.md"
RULE_LINE = re.compile(r"^- (MJ-[A-Z]+-[A-Z]?\d+)(?: \(([^)]*)\))?: (.*)$")


@dataclass(frozen=True)
class Section:
    title: str
    body: str  # markdown, heading included


@cache
def sections() -> tuple[Section, ...]:
    text = RULES_FILE.read_text(encoding="utf-8")
    parts = re.split(r"(?m)^(?=## )", text)
    out = [Section("Introduction", parts[0])]
    for part in parts[1:]:
        title = part.splitlines()[0].removeprefix("## ").strip()
        out.append(Section(title, part))
    return tuple(out)


def section_of(rule_id: str) -> int:
    """Index of the first section mentioning ``rule_id`` (0 when none does)."""
    rid = re.escape(rule_id)
    # Prefer the section that defines the rule (a list item or table row), then any mention.
    for pattern in (rf"(?m)^(- |\| ){rid}\b", rf"\b{rid}\b"):
        for index, section in enumerate(sections()):
            if index and re.search(pattern, section.body):
                return index
    return 0


@cache
def rule_text(rule_id: str) -> str:
    """The one-line text of a rule given as a list item (``- MJ-VAR-R1: ...``)."""
    lines = RULES_FILE.read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines):
        match = RULE_LINE.match(line)
        if match and match.group(1) == rule_id:
            text = match.group(3)
            for more in lines[n + 1:]:  # continuation lines are indented
                if not more.startswith("  "):
                    break
                text += " " + more.strip()
            return text
    return ""
