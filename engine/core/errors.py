"""The errors of the engine: a refused intent, an unreadable file, a broken ruleset."""

from __future__ import annotations


class IllegalIntent(Exception):
    """An intent the rules refuse. ``rule`` is the rule id the refusal cites.

    The message reads ``MJ-SHR-3: you already have a shrine in village v07``.
    Raising it never changes state: rulesets validate before they emit events.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason


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
