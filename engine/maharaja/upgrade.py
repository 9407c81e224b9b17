"""Saved games written under older Maharaja rules versions, read by this one.

Rules version 1 spelt a character ability's details as one string: character 3
``"pp:N"`` / ``"coins:N"``, 10 and 13 a place id. Version 2 names them.
"""

from __future__ import annotations

from typing import Any

RULES_VERSION = "2"


def upgrade(record: dict[str, Any], rules_version: str) -> dict[str, Any]:
    if rules_version == "1":
        for step in record.get("steps") or []:
            # a Step is [seat, intent, events]; anything else fails typed decoding later
            if isinstance(step, list) and len(step) == 3 and isinstance(step[1], dict):
                step[1] = _ability_v1(step[1])
    return record


def _ability_v1(intent: dict[str, Any]) -> dict[str, Any]:
    if intent.get("type") != "ability" or "choice" not in intent:
        return intent
    out = {k: v for k, v in intent.items() if k != "choice"}
    choice = intent["choice"]
    if not isinstance(choice, str) or not choice:
        return out
    kind, _, count = choice.partition(":")
    if intent.get("character") == 3 and kind in ("pp", "coins") and count.isdigit():
        out["pp_bought" if kind == "pp" else "pp_sold"] = int(count)
    else:
        out["place"] = choice
    return out
