"""The contract between the game-agnostic screens and one game's adapter.

A screen never reads a ruleset's ``State``: it asks the game's adapter (one module
per game in this package) for plain widget data, and plays the intents the adapter
hands back, which always come from the engine's legal intents. ``GameAdapter``
lists what an adapter provides; ``MaharajaAdapter`` and ``RajaAdapter`` are the two.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Protocol

from engine.core.ruleset import Seat
from engine.family.network import Network
from maharaja_tui.widgets.character_display import DisplayData
from maharaja_tui.widgets.map_graph import MapPicture
from maharaja_tui.widgets.player_board import BoardData
from maharaja_tui.widgets.segments import Segment, Segments


@dataclass(frozen=True)
class MenuEntry:
    """One line of the action panel: its intents, played at once when there is one."""

    label: Segments
    intents: tuple[Any, ...]
    prompt: str = ""
    kind: str = "choose"  # "choose" or "plan" (the disc picker)


@dataclass(frozen=True)
class ScoreTable:
    """A scoring in figures, for the scoring and final screens: a title, a table, notes."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Segments, ...], ...]  # one cell of segments per column
    notes: tuple[Segments, ...] = ()  # lines under the table (the winner, a tile...)
    bold: int = -1  # the column drawn in bold (the total), -1 none


def cell(text: str, role: str = "") -> Segments:
    """A table cell of one piece of text."""
    return ((text, role),)


@dataclass(frozen=True)
class OptionField:
    """One game option on the new-game screen: a checkbox, or a list when ``choices``."""

    id: str
    label: str
    default: Any = False
    choices: tuple[tuple[str, Any], ...] = ()  # (label, value); () for a checkbox


@dataclass(frozen=True)
class NewGameForm:
    """What the new-game screen asks for a game: seats, colours, options and presets."""

    title: str
    min_seats: int
    max_seats: int
    default_seats: int
    colours: tuple[str, ...]  # the colours players may choose, in seat order by default
    fields: tuple[OptionField, ...] = ()
    heading: str = "Options"  # above the checkboxes
    presets: dict[str, dict[str, Any]] = field(default_factory=dict)  # name -> field values
    # A solo mode against the game's own automaton: one human seat, a difficulty.
    # ``make_options`` then finds the chosen difficulty in ``values["solo"]``.
    solo_label: str = ""  # "" when the game has no solo mode
    solo_levels: tuple[str, ...] = ()
    solo_default: str = ""


class GameAdapter(Protocol):
    """What the screens ask of a game; every method reads a seat's view, never more."""

    ruleset_id: ClassVar[str]
    title: ClassVar[str]  # the game's name for titles
    plan_actions: tuple[tuple[Any, str], ...]  # the disc's actions for the plan picker
    network: Network
    seats: list[Seat]

    # words
    def colours(self, view: Any) -> tuple[str, ...]: ...
    def letter(self, view: Any, seat: int) -> str: ...
    def who(self, view: Any, seat: int) -> Segment: ...
    def seat_title(self, view: Any, seat: int) -> str: ...
    def place_name(self, place: str) -> str: ...

    # the map and the other widgets
    def map_picture(self, view: Any) -> MapPicture: ...
    def targets(self, view: Any, seat: int | None,
                intents: Sequence[Any]) -> dict[str, Segments]: ...
    def intents_at(self, view: Any, seat: int | None, place: str,
                   intents: Sequence[Any]) -> list[Any]: ...
    def tracks(self, view: Any) -> tuple[tuple[str, Any], ...]:
        """(widget id, track data) for each track under the map, in order."""
    def boards(self, view: Any, viewer: int | None, to_move: Sequence[int]) -> list[BoardData]: ...
    def display(self, view: Any) -> DisplayData: ...
    def status(self, view: Any, viewer: int | None, to_move: Sequence[int]) -> Segments: ...

    # deciding
    def heading(self, view: Any, viewer: int | None,
                to_move: Sequence[int]) -> tuple[Segments, ...]: ...
    def menu(self, view: Any, seat: int, intents: Sequence[Any]) -> list[MenuEntry]: ...
    def label(self, view: Any, seat: int, intent: Any) -> Segments: ...
    def warning(self, view: Any, seat: int, intent: Any) -> str | None:
        """A question to confirm before playing ``intent`` (a forfeit), or None."""
    def plan_intent(self, intents: Sequence[Any], first: Any, second: Any) -> Any: ...

    # scoring
    def scoring_key(self, view: Any) -> Hashable | None:
        """Which city scoring to show now (each key once), None when none."""
    def scoring_table(self, view: Any) -> ScoreTable: ...
    def scoring_track(self, view: Any) -> tuple[str, Any] | None:
        """A track to show on the scoring screen (Maharaja's rewards), or None."""
    def scoring_decisions(self, view: Any) -> bool:
        """True while decisions belong on the scoring screen (reward tiles)."""
    def final_table(self, view: Any) -> ScoreTable: ...
    def is_over(self, view: Any) -> bool: ...

    # the new-game screen and the rules reference
    @classmethod
    def new_game_form(cls) -> NewGameForm: ...
    @classmethod
    def make_options(cls, values: dict[str, Any], colours: tuple[str, ...],
                     *, first_game: bool = False) -> Any: ...
    rules_file: ClassVar[Path]
    rule_prefix: ClassVar[str]  # "MJ-", "R-": how this game's rule ids begin


def target_tags(
    tolls: dict[str, int], builds: set[str], cities: Collection[str], coin: str
) -> dict[str, Segments]:
    """Map tags for the places a seat may pick now: the cheapest toll to travel there
    (``coin`` is the game's currency mark) and ``+`` on a city where it can build."""
    out: dict[str, Segments] = {}
    for place in [*tolls, *sorted(builds - set(tolls))]:
        tag: list[Segment] = []
        if place in tolls:
            tag.append((f"→{tolls[place]}{coin}", "target+coins"))
        if place in builds and place in cities:
            tag.append(("+", "target"))
        out[place] = tuple(tag)
    return out


def listed(segments: Sequence[Segment]) -> list[Segment]:
    """Segments joined with commas, for sentences such as "Waiting for Red, Blue"."""
    out: list[Segment] = []
    for n, segment in enumerate(segments):
        if n:
            out.append((", ", ""))
        out.append(segment)
    return out
