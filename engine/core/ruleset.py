"""What a game's rules must provide to run on the core.

The core drives any ruleset through this protocol and never looks inside its
state, events or intents. A ruleset's state is a mutable msgspec Struct that only
``apply`` changes; events and intents are msgspec Structs in tagged unions.
"""

from __future__ import annotations

from random import Random
from typing import Any, Protocol

import msgspec

from engine.core.describe import Description


class Seat(msgspec.Struct, frozen=True):
    """Who sits at a seat: a name and who controls it (``human`` or ``bot:<level>``)."""

    name: str
    controller: str = "human"

    @property
    def is_human(self) -> bool:
        return self.controller == "human"


class Ruleset(Protocol):
    id: str
    name: str
    rules_version: str
    min_seats: int
    max_seats: int
    State: type[msgspec.Struct]
    Event: Any  # the tagged union of event Structs
    Intent: Any  # the tagged union of intent Structs
    Options: type[msgspec.Struct]

    def new_state(self, options: Any, seats: list[Seat]) -> Any:
        """The state before anything happened (setup draws come as automatic events)."""

    def check_options(self, options: Any, seats: list[Seat]) -> None:
        """Raise IllegalIntent when the options or seats cannot make a game."""

    def automatic(self, state: Any, rng: Random) -> list[Any]:
        """Events that happen with nobody deciding (draws, phases, scoring); [] if none."""

    def to_move(self, state: Any) -> tuple[int, ...]:
        """Seats whose decision the game waits for; () once the game is over."""

    def legal_intents(self, state: Any, seat: int) -> list[Any]:
        """Every intent ``seat`` may send now."""

    def decide(self, state: Any, seat: int, intent: Any) -> list[Any]:
        """Validate an intent into events, or raise IllegalIntent. Never mutates."""

    def apply(self, state: Any, event: Any) -> None:
        """Fold one event into the state, in place."""

    def view(self, state: Any, seat: int | None) -> Any:
        """A copy of the state holding only what ``seat`` may know (None: a spectator)."""

    def redact(self, event: Any, seat: int | None) -> Any:
        """The event as ``seat`` may see it."""

    def describe(self, event: Any, state: Any) -> Description:
        """A short description of ``event``, given the state just before it."""

    def boundary(self, event: Any) -> str | None:
        """``"round"`` or ``"turn"`` when the event starts one (replay seeking), else None."""

    def is_over(self, state: Any) -> bool:
        """True once the game has ended and been scored."""
