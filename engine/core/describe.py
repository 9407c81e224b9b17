"""Event descriptions as plain data the UI can colour.

A description is a tuple of segments. Each segment is ``(text, role)`` where role
is ``""`` for plain text or a hint such as ``"seat:2"``, ``"city"``, ``"coins"``,
``"pp"``, ``"rule"``. The UI maps roles to styles; plain ``str()`` joins the text.

A game marks an event that concerns a player (a character taken from them, a scoring,
a change of where the next scoring is) with an empty segment of role ``concern:N``, or
``concern`` for everyone: the game judges, the UI only highlights (``concerns``).
"""

from __future__ import annotations

Segment = tuple[str, str]
Description = tuple[Segment, ...]


def plain(description: Description) -> str:
    return "".join(text for text, _ in description)


def desc(*parts: str | Segment) -> Description:
    """Build a description: bare strings are plain text, tuples keep their role."""
    # a list comprehension, not a generator: a third faster, and a replay describes
    # every event of a game when it opens
    return tuple([(p, "") if isinstance(p, str) else p for p in parts])


EVERYONE: Segment = ("", "concern")


def concern(seat: int) -> Segment:
    """An empty segment saying the event concerns ``seat`` in particular."""
    return ("", f"concern:{seat}")


def concerns(description: Description, seat: int | None) -> bool:
    """True when the game marked the event as concerning ``seat`` (or everyone)."""
    return any(role == "concern" or (seat is not None and role == f"concern:{seat}")
               for _, role in description)
