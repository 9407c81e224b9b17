"""The command an SSH client may name (``ssh -t host join 3``), parsed strictly.

Whatever a client sends here is hostile until parsed: numbers are bounded before
they become sizes (``new 30000000`` once built a 1.7 GB seat list), the seat count
must lie in the game's own range, and anything else is refused with one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalIntent

MAX_TABLE = 999_999  # table numbers a client may name
MAX_SEAT = 16  # no game of the family seats more (engine.core.record's limit)
MAX_COMMAND = 80  # characters of a command kept at all
USAGE = "commands: join TABLE [SEAT], watch TABLE, new [GAME] [SEATS]"


@dataclass(frozen=True)
class Join:
    table: int
    seat: int | None  # 0-based; None: your own seat or the first free one


@dataclass(frozen=True)
class Watch:
    table: int


@dataclass(frozen=True)
class New:
    game: Any  # the ruleset's RulesetInfo (id, name, min_seats, max_seats)
    seats: int


Command = Join | Watch | New


def refuse(reason: str) -> IllegalIntent:
    return IllegalIntent("SRV-COMMAND", reason)


def number(word: str, what: str, low: int, high: int) -> int:
    """``word`` as a bounded decimal number, checked before any conversion of its size."""
    if not (word.isascii() and word.isdigit()) or len(word) > len(str(high)):
        raise refuse(f"{what} must be a number from {low} to {high}, not {word[:12]!r}")
    value = int(word)
    if not low <= value <= high:
        raise refuse(f"{what} must be a number from {low} to {high}, not {value}")
    return value


def named_game(wanted: str, rulesets: list[Any]) -> Any:
    """The game ``wanted`` names: its id, or the start of one id alone, in any case
    (``raja`` for raja-2004, as a player would type it)."""
    word = wanted.lower()
    exact = [r for r in rulesets if r.id == word]
    found = exact or [r for r in rulesets if r.id.startswith(word)]
    if len(found) == 1:
        return found[0]
    ids = ", ".join(r.id for r in (found or rulesets))
    said = "which game" if found else "this server has no game"
    raise refuse(f"{said} {wanted[:24]!r}? (it has {ids})")


def parse(command: str, rulesets: list[Any], default: Any) -> Command | None:
    """The command in ``command`` (None for none); IllegalIntent SRV-COMMAND/SRV-SEATS if bad."""
    if len(command) > MAX_COMMAND:
        raise refuse(f"that command is too long; {USAGE}")
    words = command.split()
    if not words:
        return None
    verb, args = words[0].lower(), words[1:]
    if verb == "join" and 1 <= len(args) <= 2:
        seat = number(args[1], "the seat", 1, MAX_SEAT) - 1 if len(args) == 2 else None
        return Join(number(args[0], "the table", 1, MAX_TABLE), seat)
    if verb == "watch" and len(args) == 1:
        return Watch(number(args[0], "the table", 1, MAX_TABLE))
    if verb == "new" and len(args) <= 2:
        game = default
        if args and not args[0].isdigit():
            game = named_game(args.pop(0), rulesets)
        if len(args) > 1:
            raise refuse(USAGE)
        if not args:
            return New(game, min(max(2, game.min_seats), game.max_seats))
        seats = number(args[0], "the number of seats", 1, MAX_SEAT)
        if not game.min_seats <= seats <= game.max_seats:
            raise IllegalIntent("SRV-SEATS", f"{game.name} needs {game.min_seats} to "
                                             f"{game.max_seats} seats, not {seats}")
        return New(game, seats)
    raise refuse(f"unknown command {command[:24]!r}; {USAGE}")
