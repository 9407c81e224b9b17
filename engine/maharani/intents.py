"""What a seat may ask for (M-TURN-2). Slots are numbered 1-4 as on the turntable;
``arrow`` is the side letter the placed tile's arrow points to (M-TILE-4)."""

from __future__ import annotations

from typing import Union

from engine.core import structs


class _Intent(structs.Intent, frozen=True, kw_only=True, tag=lambda name: f"maharani.{name}"):
    pass


class Place(_Intent, frozen=True, kw_only=True):
    """M-PLACE: the tile in ``slot`` onto ``cell`` with its arrow to ``arrow``.

    ``artisan`` is the artisan colour that goes onto the tile in the artisan step
    (moved if that colour already stands on a tile of this colour in the quarter,
    M-ART-2, else placed from the reserve); ``""`` when no artisan goes there. It
    may be left ``""`` whenever the rules leave no choice; with 2 players it names
    the colour chosen under M-2P-2.
    """

    slot: int
    cell: str
    arrow: str
    artisan: str = ""


class Refresh(_Intent, frozen=True, kw_only=True):  # M-REFRESH-1
    pass


class EndTurn(_Intent, frozen=True, kw_only=True):  # M-PLACE-6: no second tile
    pass


Intent = Union[Place, Refresh, EndTurn]  # noqa: UP007 - a runtime tagged union for msgspec
