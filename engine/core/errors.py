"""The errors of the engine: a refused intent (by kind), an unreadable file, a broken
ruleset."""

from __future__ import annotations


class Refused(ValueError):
    """An intent or request refused. ``rule`` is the rule id the refusal cites,
    ``reason`` says why in plain words; the message reads
    ``MJ-SHR-3: you already have a shrine in village v07``.

    Raising it never changes state: rulesets validate before they emit events. What
    was refused is told by the subclass (as python-chess tells an illegal move from a
    malformed one), so a screen branches on the type and shows the rule id:
    ``Forbidden`` (the rules forbid it), ``OutOfTurn`` (not this seat's decision now,
    or no decision of this game at all), ``NothingToUndo`` (nothing to take back or to
    play again) and ``NotAllowed`` (this person may not do that here: a server's
    authorisation). ``except Refused`` catches them all.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason

    def __reduce__(self) -> tuple[type[Refused], tuple[str, str]]:
        # pickled whole (process pools, analysis workers): rebuilt from its two fields
        return type(self), (self.rule, self.reason)


class Forbidden(Refused):
    """The rules forbid this intent here and now (the game's own rule ids)."""


class OutOfTurn(Refused):
    """Not this seat's decision now, or not a decision of this game at all (malformed):
    the rules were not asked."""


class NothingToUndo(Refused):
    """Nothing to take back, or nothing taken back to play again."""


class NotAllowed(Refused):
    """This person may not do that here (a server's authorisation: seats, names,
    commands), whatever the rules would say."""


# The name every refusal had before they were told apart by kind: ``except
# IllegalIntent`` still catches them all, and ``IllegalIntent(rule, reason)`` still
# makes one (of no particular kind).
IllegalIntent = Refused

KINDS: dict[str, type[Refused]] = {
    kind.__name__: kind for kind in (Refused, Forbidden, OutOfTurn, NothingToUndo, NotAllowed)}


def refusal(kind: str, rule: str, reason: str) -> Refused:
    """The refusal of kind ``kind`` (a class name of ``KINDS``; the base for a name it does
    not know): how a refusal sent as text (over a network) is raised again by kind."""
    return KINDS.get(kind, Refused)(rule, reason)


class RecordError(Exception):
    """A saved game or board file that cannot be loaded; the message names the file.

    ``damaged`` is False when the file may well be fine but is not for this program
    (a newer version's save, an unknown game) or could not be read at all: a list of
    autosaves leaves such a file alone instead of moving it aside.
    """

    def __init__(self, message: str, *, damaged: bool = True) -> None:
        super().__init__(message)
        self.damaged = damaged


class RulesetError(Exception):
    """A ruleset broke the core's contract (a bug in the game, not a player's mistake)."""
