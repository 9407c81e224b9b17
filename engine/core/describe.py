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


# An empty segment marking an entry as a stage of a procedure that tells nothing by
# itself (a battle's "losses taken", "next round"): the log shows it in its place, the
# summary of the others' turns leaves it out.
STAGE: Segment = ("", "stage")


def is_stage(description: Description) -> bool:
    """True when the game marked the entry as a bare stage of a procedure (``STAGE``)."""
    return STAGE in description


def concern(seat: int) -> Segment:
    """An empty segment saying the event concerns ``seat`` in particular."""
    return ("", f"concern:{seat}")


def marked(description: Description, part: str | None) -> Description:
    """``description`` of an event at a part of the game (the ruleset's ``boundary``:
    "round", "turn" or "phase" it starts, "end" of one), marked so with an empty
    segment of role ``part:<part>``: the log groups entries by them, over any table (a
    networked one sends descriptions only)."""
    return (*description, ("", f"part:{part}")) if part else description


def part_of(description: Description) -> str | None:
    """The part of the game an entry starts or ends (``marked``), or None."""
    for _, role in description:
        if role.startswith("part:"):
            return role[5:]
    return None


def actor(description: Description) -> int | None:
    """The seat an entry is about first (its first ``seat:N`` segment: the one who
    acts, as descriptions begin), or None."""
    for _, role in description:
        if role.startswith("seat:"):
            number = role[5:].partition("+")[0]
            return int(number) if number.isdigit() else None
    return None


def concerns(description: Description, seat: int | None) -> bool:
    """True when the game marked the event as concerning ``seat`` (or everyone)."""
    return any(role == "concern" or (seat is not None and role == f"concern:{seat}")
               for _, role in description)
