"""What happened. Events carry every outcome (draws, gold, scorings) so folding the
log never needs randomness or recomputation."""

from __future__ import annotations

from typing import Union

from engine.core import structs

Gains = tuple[tuple[int, str, int, int], ...]  # (seat, artisan colour, artisans, gold)


class _Event(structs.Event, frozen=True, kw_only=True, tag=lambda name: f"maharani.{name}"):
    pass


class GameSetUp(_Event, frozen=True, kw_only=True):  # M-SETUP-2: the first player, drawn at random
    first: int


class TurntableFilled(_Event, frozen=True, kw_only=True):  # M-SETUP-3, M-EOT-3
    drawn: tuple[tuple[int, str], ...]  # (slot, tile) in draw order
    removed: tuple[str, ...] = ()  # central-column tiles drawn during the purge (M-EOT-3)


class CentralPurged(_Event, frozen=True, kw_only=True):  # M-EOT-2
    tiles: tuple[tuple[int, str], ...]  # (slot, tile)


class TurnStarted(_Event, frozen=True, kw_only=True):  # M-TURN-1
    seat: int
    orientation: int
    round: bool = False  # the first player's turn: a new round (replay seeking)


class TilePlaced(_Event, frozen=True, kw_only=True):  # M-PLACE-1..5 (a)
    seat: int
    slot: int
    tile: str
    cell: str
    arrow: int
    source: str  # the quarter the slot lay in (M-PLACE-1)
    marker: bool  # the source quarter's marker was turned face down
    gold: int  # M-GOLD-1: the zone's size
    zone: tuple[str, ...]


class ArtisanStep(_Event, frozen=True, kw_only=True):  # M-ART, M-2P-2, M-GOLD-2
    seat: int
    colour: str
    cell: str
    source: str  # the cell it moved from (M-ART-2); "" placed from the reserve
    gold: int
    group: tuple[str, ...]


class Refreshed(_Event, frozen=True, kw_only=True):  # M-REFRESH-1
    seat: int


class TurnEnded(_Event, frozen=True, kw_only=True):  # M-EOT-1
    seat: int
    fee: int


class QuarterScored(_Event, frozen=True, kw_only=True):  # M-EVAL
    quarter: str
    gains: Gains  # per artisan colour present (M-2P-5)
    returned: tuple[str, ...]  # cells whose artisans go back to the reserves (M-EVAL-2)
    complete: bool  # False: an unfinished quarter at the exceptional end (M-END-2)


class GameEnded(_Event, frozen=True, kw_only=True):  # M-END
    winners: tuple[int, ...]
    exceptional: bool


Event = Union[  # noqa: UP007 - a runtime tagged union for msgspec
    GameSetUp, TurntableFilled, CentralPurged, TurnStarted, TilePlaced, ArtisanStep,
    Refreshed, TurnEnded, QuarterScored, GameEnded,
]
