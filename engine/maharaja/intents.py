"""Intents: what a seat asks to do, as tagged msgspec Structs.

``task`` fields name the turn's task (planned action or token action) an intent
uses, by index into ``state.turn.tasks``.
"""

from __future__ import annotations

import msgspec


class I(msgspec.Struct, tag_field="type", frozen=True, kw_only=True):  # noqa: E742
    pass


class ChooseCharacter(I, tag="choose-character"):
    """MJ-SETUP-5 and MJ-CHAR-2 (a player who lost their tile takes one)."""

    number: int


class PlaceStartShrine(I, tag="start-shrine"):
    village: str  # MJ-SETUP-6


class CommitPlan(I, tag="plan"):
    first: int
    second: int  # MJ-ROUND-2


class MovePriest(I, tag="move"):
    route: tuple[str, ...]  # road ids, from the priest's junction


class BuildStatue(I, tag="statue"):
    city: str
    slot: int
    task: int


class BuildShrine(I, tag="shrine"):
    place: str  # a village or a city id
    task: int


class DoAction(I, tag="action"):
    """Take 3 coins, take 2 shrines, or buy prestige (MJ-ACT-5..7)."""

    task: int


class ChangeCharacter(I, tag="change-character"):
    number: int  # MJ-ACT-8
    task: int


class MoveFlag(I, tag="flag"):
    city: str  # MJ-ACT-9
    task: int


class SpendToken(I, tag="token"):
    action: int  # MJ-TOKEN-1


class UseAbility(I, tag="ability"):
    """A character's 1× ability (§10), own tile or via a Maharani token.

    ``choice``: character 3 "pp:N" (coins to PP, N trades) or "coins:N"; 10 a city
    id; 13 a place; others "".
    """

    character: int
    choice: str = ""


class EndTurn(I, tag="end-turn"):
    pass


class ChooseReward(I, tag="reward"):
    tile: int  # MJ-SCORE-4


class PassReward(I, tag="reward-pass"):
    pass


class FreeShrine(I, tag="free-shrine"):
    place: str  # MJ-REW-7


class BuyPrestige(I, tag="buy-pp"):
    count: int  # MJ-REW-6: 0..3


class PlaceMaharani(I, tag="maharani"):
    character: int  # MJ-REW-8


Intent = (
    ChooseCharacter | PlaceStartShrine | CommitPlan | MovePriest | BuildStatue | BuildShrine
    | DoAction | ChangeCharacter | MoveFlag | SpendToken | UseAbility | EndTurn | ChooseReward
    | PassReward | FreeShrine | BuyPrestige | PlaceMaharani
)
