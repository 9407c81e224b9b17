"""What a seat may ask for. ``slot``/``part`` name the pending part a step fulfils
(R-TURN-3); slot -1 (state.BUILDER_SLOT) is the Builder's free house (R-CHAR-5)."""

from __future__ import annotations

from typing import Union

from engine.core import structs


class _Intent(structs.Intent, frozen=True, kw_only=True, tag=lambda name: f"raja.{name}"):
    pass


class PickCard(_Intent, frozen=True, kw_only=True):  # R-SETUP-7, R-VAR-AUCTION-3/4, R-ACT-4 step 3
    card: int


class Bid(_Intent, frozen=True, kw_only=True):  # R-VAR-AUCTION-2
    amount: int


class Pass(_Intent, frozen=True, kw_only=True):  # R-VAR-AUCTION-2
    pass


class PlaceSetupHouse(_Intent, frozen=True, kw_only=True):  # R-SETUP-8
    village: str


class SelectActions(_Intent, frozen=True, kw_only=True):  # R-ROUND-3
    first: str
    second: str


class MoveArchitect(_Intent, frozen=True, kw_only=True):  # R-MOVE
    to: str
    roads: tuple[str, ...]


class TakeGold(_Intent, frozen=True, kw_only=True):
    slot: int
    part: int


class BuildHouse(_Intent, frozen=True, kw_only=True):
    place: str
    slot: int
    part: int


class MoveHouse(_Intent, frozen=True, kw_only=True):
    source: str
    dest: str
    slot: int
    part: int


class TakeQuarry(_Intent, frozen=True, kw_only=True):
    slot: int
    part: int


class BuildPalace(_Intent, frozen=True, kw_only=True):
    central: bool
    slot: int
    part: int


class MoveGovernor(_Intent, frozen=True, kw_only=True):  # R-ACT-3
    city: str
    slot: int
    part: int


class TakeCharacter(_Intent, frozen=True, kw_only=True):
    """R-ACT-4 swap, or under multi_character take from the bank / exchange (``give``)."""

    card: int
    slot: int
    part: int
    give: int = 0


class AttractCharacter(_Intent, frozen=True, kw_only=True):  # R-VAR-MULTI-2
    target: int
    slot: int
    part: int


class GiveCard(_Intent, frozen=True, kw_only=True):  # R-VAR-MULTI-2 attract: the target chooses
    card: int


class UseToken(_Intent, frozen=True, kw_only=True):  # R-VAR-TOKEN-1
    action: str


class EndTurn(_Intent, frozen=True, kw_only=True):  # R-TURN-4
    pass


Intent = Union[  # noqa: UP007 - a runtime tagged union for msgspec
    PickCard, Bid, Pass, PlaceSetupHouse, SelectActions, MoveArchitect, TakeGold, BuildHouse,
    MoveHouse, TakeQuarry, BuildPalace, MoveGovernor, TakeCharacter, AttractCharacter,
    GiveCard, UseToken, EndTurn,
]
