"""Intents: what a seat asks to do, as tagged msgspec Structs.

``task`` fields name the turn's task (planned action or token action) an intent
uses, by index into ``state.turn.tasks``.
"""

from __future__ import annotations

from engine.core import structs


class ChooseCharacter(structs.Intent, frozen=True, kw_only=True, tag="choose-character"):
    """MJ-SETUP-5 and MJ-CHAR-2 (a player who lost their tile takes one)."""

    number: int


class PlaceStartShrine(structs.Intent, frozen=True, kw_only=True, tag="start-shrine"):
    village: str  # MJ-SETUP-6


class CommitPlan(structs.Intent, frozen=True, kw_only=True, tag="plan"):
    first: int
    second: int  # MJ-ROUND-2


class MovePriest(structs.Intent, frozen=True, kw_only=True, tag="move"):
    route: tuple[str, ...]  # road ids, from the priest's junction


class BuildStatue(structs.Intent, frozen=True, kw_only=True, tag="statue"):
    city: str
    slot: int
    task: int


class BuildShrine(structs.Intent, frozen=True, kw_only=True, tag="shrine"):
    place: str  # a village or a city id
    task: int


class DoAction(structs.Intent, frozen=True, kw_only=True, tag="action"):
    """Take 3 coins, take 2 shrines, or buy prestige (MJ-ACT-5..7)."""

    task: int


class ChangeCharacter(structs.Intent, frozen=True, kw_only=True, tag="change-character"):
    number: int  # MJ-ACT-8
    task: int


class MoveFlag(structs.Intent, frozen=True, kw_only=True, tag="flag"):
    city: str  # MJ-ACT-9
    task: int


class SpendToken(structs.Intent, frozen=True, kw_only=True, tag="token"):
    action: int  # MJ-TOKEN-1


class UseAbility(structs.Intent, frozen=True, kw_only=True, tag="ability"):
    """A character's 1× ability (§10), own tile or via a Maharani token.

    Character 3 trades ``pp_bought`` times 2 coins for 1 PP, or ``pp_sold`` times
    1 PP for 2 coins (one way, 1–3 times); 10 moves the flag of the city ``place``;
    13 builds a shrine in ``place``. The others take nothing more.
    """

    character: int
    place: str = ""
    pp_bought: int = 0
    pp_sold: int = 0


class EndTurn(structs.Intent, frozen=True, kw_only=True, tag="end-turn"):
    pass


class ChooseReward(structs.Intent, frozen=True, kw_only=True, tag="reward"):
    tile: int  # MJ-SCORE-4


class PassReward(structs.Intent, frozen=True, kw_only=True, tag="reward-pass"):
    pass


class FreeShrine(structs.Intent, frozen=True, kw_only=True, tag="free-shrine"):
    place: str  # MJ-REW-7


class BuyPrestige(structs.Intent, frozen=True, kw_only=True, tag="buy-pp"):
    count: int  # MJ-REW-6: 0..3


class PlaceMaharani(structs.Intent, frozen=True, kw_only=True, tag="maharani"):
    character: int  # MJ-REW-8


Intent = (
    ChooseCharacter | PlaceStartShrine | CommitPlan | MovePriest | BuildStatue | BuildShrine
    | DoAction | ChangeCharacter | MoveFlag | SpendToken | UseAbility | EndTurn | ChooseReward
    | PassReward | FreeShrine | BuyPrestige | PlaceMaharani
)
