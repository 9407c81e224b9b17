"""What a seat may ask for. ``slot``/``part`` name the pending part a step fulfils
(R-TURN-3); slot -1 (state.BUILDER_SLOT) is the Builder's free house (R-CHAR-5)."""

from __future__ import annotations

from typing import Union

import msgspec


class _Intent(msgspec.Struct, frozen=True, tag=lambda name: f"raja.{name}"):
    pass


class PickCard(_Intent):  # R-SETUP-7, R-VAR-AUCTION-3/4, R-ACT-4 step 3
    card: int


class Bid(_Intent):  # R-VAR-AUCTION-2
    amount: int


class Pass(_Intent):  # R-VAR-AUCTION-2
    pass


class PlaceSetupHouse(_Intent):  # R-SETUP-8
    village: str


class SelectActions(_Intent):  # R-ROUND-3
    first: str
    second: str


class MoveArchitect(_Intent):  # R-MOVE
    to: str
    roads: tuple[str, ...]


class TakeGold(_Intent):
    slot: int
    part: int


class BuildHouse(_Intent):
    place: str
    slot: int
    part: int


class MoveHouse(_Intent):
    source: str
    dest: str
    slot: int
    part: int


class TakeQuarry(_Intent):
    slot: int
    part: int


class BuildPalace(_Intent):
    central: bool
    slot: int
    part: int


class MoveGovernor(_Intent):  # R-ACT-3
    city: str
    slot: int
    part: int


class TakeCharacter(_Intent):
    """R-ACT-4 swap, or under multi_character take from the bank / exchange (``give``)."""

    card: int
    slot: int
    part: int
    give: int = 0


class AttractCharacter(_Intent):  # R-VAR-MULTI-2
    target: int
    slot: int
    part: int


class GiveCard(_Intent):  # R-VAR-MULTI-2 attract: the target chooses
    card: int


class UseToken(_Intent):  # R-VAR-TOKEN-1
    action: str


class EndTurn(_Intent):  # R-TURN-4
    pass


Intent = Union[  # noqa: UP007 - a runtime tagged union for msgspec
    PickCard, Bid, Pass, PlaceSetupHouse, SelectActions, MoveArchitect, TakeGold, BuildHouse,
    MoveHouse, TakeQuarry, BuildPalace, MoveGovernor, TakeCharacter, AttractCharacter,
    GiveCard, UseToken, EndTurn,
]
