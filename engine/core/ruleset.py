"""What a game's rules must provide to run on the core.

The core drives any ruleset through this protocol and never looks inside its
state, events or intents. A ruleset's state is a mutable msgspec Struct that only
``apply`` changes; events and intents derive from ``engine.core.structs`` and form
tagged unions. ``RulesetDefaults`` supplies ``is_legal`` and ``legal_groups`` for a
ruleset that has nothing cheaper.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from random import Random
from typing import Any, Generic, Protocol, TypeVar

import msgspec

from engine.core import draw
from engine.core.describe import Description
from engine.core.errors import Forbidden, Refused


class Human(msgspec.Struct, frozen=True, tag="human"):
    """A person at the terminal (or over SSH) decides for the seat."""


class Computer(msgspec.Struct, frozen=True, tag="computer"):
    """A computer player; ``level`` names its strength (easy, medium, hard, random...)."""

    level: str = "medium"


Controller = Human | Computer
HUMAN = Human()


class Seat(msgspec.Struct, frozen=True):
    """Who sits at a seat: a name and who decides for it."""

    name: str
    controller: Controller = HUMAN

    @property
    def is_human(self) -> bool:
        return isinstance(self.controller, Human)


def legacy_controller(text: str) -> Controller:
    """A controller as saves of format 1 spelt it (``human``, ``bot:<level>``)."""
    kind, _, level = text.partition(":")
    return Computer(level=level or "random") if kind == "bot" else HUMAN


S = TypeVar("S")  # the mutable state
In = TypeVar("In")  # the union of intent Structs
Ev = TypeVar("Ev")  # the union of event Structs
O = TypeVar("O")  # noqa: E741 - the options Struct


class LegalGroup(msgspec.Struct, Generic[In], frozen=True):
    """Legal intents that share a ``key`` ("move", "task 0", a stack's id...).

    The intents are produced only when the group is iterated, so a caller can list
    what may act (which stacks can move) without enumerating every destination. A
    group may turn out empty (a task with nothing affordable left); produce it before
    the state changes, since it reads the live state.
    """

    key: str
    produce: Callable[[], Iterable[In]]

    def __iter__(self) -> Iterator[In]:
        return iter(self.produce())


class Ruleset(Protocol[S, In, Ev, O]):
    id: str
    name: str
    rules_version: str
    min_seats: int
    max_seats: int
    State: type[S]
    Event: Any  # the tagged union of event Structs (a union is no ``type``)
    Intent: Any  # the tagged union of intent Structs
    Options: type[O]

    def new_state(self, options: O, seats: list[Seat]) -> S:
        """The state before anything happened (setup draws come as automatic events)."""
        ...

    def check_options(self, options: O, seats: list[Seat]) -> None:
        """Raise Forbidden when the options or seats cannot make a game."""
        ...

    def describe_options(self, options: O) -> str:
        """The variants a table plays, in a player's words ("" for the standard game):
        what a player reads before taking a seat."""
        ...

    def automatic(self, state: S, rng: Random) -> list[Ev]:
        """Events that happen with nobody deciding (draws, phases, scoring); [] if none."""
        ...

    def to_move(self, state: S) -> tuple[int, ...]:
        """Seats whose decision the game waits for; () once the game is over."""
        ...

    def legal_intents(self, state: S, seat: int) -> list[In]:
        """Every intent ``seat`` may send now (the flattened ``legal_groups``)."""
        ...

    def legal_groups(self, state: S, seat: int) -> Iterator[LegalGroup[In]]:
        """The legal intents of ``seat`` in groups whose intents are produced lazily."""
        ...

    def is_legal(self, state: S, seat: int, intent: In) -> bool:
        """Would ``decide`` accept the intent? Never raises, never lists every intent."""
        ...

    def decide(self, state: S, seat: int, intent: In) -> list[Ev]:
        """Validate an intent into events, or raise a Refused (Forbidden, OutOfTurn). Never
        mutates."""
        ...

    def decide_listed(self, state: S, seat: int, intent: In) -> list[Ev]:
        """``decide`` for an intent that ``legal_intents(state, seat)`` listed for this
        very state (the trusted path of autoplay and the computers): the same events,
        but the checks the listing already made may be skipped. Never mutates."""
        ...

    def random_intent(self, state: S, seat: int, rng: Random) -> In:
        """The intent ``draw.choice(rng, legal_intents(state, seat))`` picks, drawing the same
        numbers from ``rng`` (so seeded random games are unchanged), found without
        building every intent where the ruleset can."""
        ...

    def apply(self, state: S, event: Ev) -> None:
        """Fold one event into the state, in place."""
        ...

    def view(self, state: S, seat: int | None) -> S:
        """A copy of the state holding only what ``seat`` may know (None: a spectator)."""
        ...

    def redact(self, event: Ev, seat: int | None) -> Ev:
        """The event as ``seat`` may see it."""
        ...

    def describe(self, event: Ev, state: S) -> Description:
        """A short description of ``event``, given the state just before it."""
        ...

    def boundary(self, event: Ev) -> str | None:
        """``"round"`` or ``"turn"`` when the event starts one (replay seeking), ``"phase"``
        when it starts a phase of a turn and ``"end"`` when it only closes one (the log
        folds a phase in which nothing else happened), else None."""
        ...

    def is_over(self, state: S) -> bool:
        """True once the game has ended and been scored."""
        ...

    def upgrade(self, record: dict[str, Any], rules_version: str) -> dict[str, Any]:
        """An untyped saved record written under an older ``rules_version``, upcast."""
        ...

    def fork(self, state: S, seat: int, rng: Random) -> S:
        """A full state to start a new game from (play from here): what ``seat`` knew
        at ``state`` kept, every secret it could not see redrawn with ``rng``. Raises
        Forbidden when the game cannot do it."""
        ...


AnyRuleset = Ruleset[Any, Any, Any, Any]


class RulesetDefaults(Generic[S, In, Ev]):
    """``is_legal``, ``legal_groups``, ``decide_listed``, ``random_intent``, ``upgrade``
    and ``describe_options`` for a ruleset with nothing better.

    ``is_legal`` asks ``decide`` (the events are thrown away); ``legal_groups`` puts
    ``legal_intents`` in one group per intent type, in listing order; ``decide_listed``
    is ``decide``; ``random_intent`` lists every intent and picks one; ``upgrade``
    changes nothing; ``describe_options`` names no variant; ``fork`` refuses (a game
    that redraws its secrets overrides it).
    """

    def to_move(self, state: S) -> tuple[int, ...]:
        raise NotImplementedError

    def legal_intents(self, state: S, seat: int) -> list[In]:
        raise NotImplementedError

    def decide(self, state: S, seat: int, intent: In) -> list[Ev]:
        raise NotImplementedError

    def is_legal(self, state: S, seat: int, intent: In) -> bool:
        if seat not in self.to_move(state):
            return False
        try:
            self.decide(state, seat, intent)
        except Refused:
            return False
        return True

    def legal_groups(self, state: S, seat: int) -> Iterator[LegalGroup[In]]:
        return groups_by_type(self.legal_intents(state, seat))

    def decide_listed(self, state: S, seat: int, intent: In) -> list[Ev]:
        return self.decide(state, seat, intent)

    def random_intent(self, state: S, seat: int, rng: Random) -> In:
        return draw.choice(rng, self.legal_intents(state, seat))

    def upgrade(self, record: dict[str, Any], rules_version: str) -> dict[str, Any]:
        return record  # no intent or event has changed shape

    def describe_options(self, options: Any) -> str:
        return ""  # a game without variants

    def fork(self, state: S, seat: int, rng: Random) -> S:
        name = getattr(self, "name", "this game")
        raise Forbidden("CORE-FORK-1", f"{name} cannot start a new game from a position "
                                       "yet (it does not say how to redraw its secrets)")


def groups_by_type(intents: list[In]) -> Iterator[LegalGroup[In]]:
    """One group per intent class name, in the order each first appears."""
    grouped: dict[str, list[In]] = {}
    for intent in intents:
        grouped.setdefault(type(intent).__name__, []).append(intent)
    for key, members in grouped.items():
        yield LegalGroup(key, members.copy)


def draw_index(rng: Random, count: int) -> int:
    """The index ``rng.choice`` takes from a list of ``count`` intents, drawing the same
    numbers (a ``random_intent`` that counts the intents instead of listing them).

    ``draw.choice(rng, seq)`` is ``seq[draw.below(rng, len(seq))]`` (engine.core.draw),
    and a range's item is its index: the draw itself, without the range and a call
    (every decision of a random game asks; tests/core/test_game.py checks the equality)."""
    if count <= 0:
        raise IndexError("Cannot choose from an empty sequence")  # as choice does
    return draw.below(rng, count)


def flatten(groups: Iterable[LegalGroup[In]]) -> list[In]:
    """Every intent of ``groups`` in order: ``legal_intents`` from ``legal_groups``."""
    return [intent for group in groups for intent in group]
