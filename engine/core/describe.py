"""Event descriptions as plain data the UI can colour.

A description is a tuple of segments. Each segment is ``(text, role)`` where role
is ``""`` for plain text or a hint such as ``"seat:2"``, ``"city"``, ``"coins"``,
``"pp"``, ``"rule"``. The UI maps roles to styles; plain ``str()`` joins the text.
"""

from __future__ import annotations

Segment = tuple[str, str]
Description = tuple[Segment, ...]


def plain(description: Description) -> str:
    return "".join(text for text, _ in description)


def desc(*parts: str | Segment) -> Description:
    """Build a description: bare strings are plain text, tuples keep their role."""
    return tuple((p, "") if isinstance(p, str) else p for p in parts)
