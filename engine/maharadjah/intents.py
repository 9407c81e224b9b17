"""What a seat may ask for. Nations and spaces are named by their data ids."""

from __future__ import annotations

from typing import Union

from engine.core import structs


class _Intent(structs.Intent, frozen=True, kw_only=True,
              tag=lambda name: f"maharadjah.{name}"):
    pass


class PlaceArmy(_Intent, frozen=True, kw_only=True):  # W-GROW-6, W-SCHED-6
    space: str


# W-LEAD-2; a barbarian land or sea of this turn's invaders holds it
class PlaceLeader(_Intent, frozen=True, kw_only=True):
    space: str


class PlaceArms(_Intent, frozen=True, kw_only=True):  # W-ARMS-3
    space: str


class RemoveArmy(_Intent, frozen=True, kw_only=True):  # W-SCHED-8, W-OVP-1: the owner picks where
    space: str


class Move(_Intent, frozen=True, kw_only=True):
    """W-MOVE-1: ``armies`` unmoved armies, with ``leaders`` and the arms markers of
    ``arms`` (by power), go from ``start`` along ``path`` (each space one crossing).
    W-LEAD-3: ``drops[i]`` of those armies end their move at ``path[i]``, the rest go on."""

    start: str
    path: tuple[str, ...]
    armies: int
    leaders: tuple[str, ...] = ()
    arms: tuple[str, ...] = ()
    drops: tuple[int, ...] = ()


class EndMovement(_Intent, frozen=True, kw_only=True):  # W-MOVE-1, W-STACK-3
    pass


# W-CMB-1 order; W-CMB-2 / W-POST-9 a post; W-NAV-1 at sea
class Fight(_Intent, frozen=True, kw_only=True):
    space: str
    enemy: str


class EndCombat(_Intent, frozen=True, kw_only=True):
    pass


# W-CMB-6: entered-from spaces of the attacking armies hit
class TakeLosses(_Intent, frozen=True, kw_only=True):
    origins: tuple[str, ...]


# W-RET; ``escort``: the nation's leaders and arms go too (W-RET-5)
class Retreat(_Intent, frozen=True, kw_only=True):
    to: str
    armies: int
    escort: bool = False


class Stand(_Intent, frozen=True, kw_only=True):  # W-RET-1: no (more) retreat this step
    pass


class BreakOff(_Intent, frozen=True, kw_only=True):  # W-POST-9
    pass


# W-SUB-3: the seat of ``nation`` submits it to the active nation
class Submit(_Intent, frozen=True, kw_only=True):
    nation: str
    region: str


# W-ALLY-1/2: ``cost`` "marker" or "army" (then ``space``)
class Ally(_Intent, frozen=True, kw_only=True):
    nation: str
    cost: str
    space: str = ""


class BuildPost(_Intent, frozen=True, kw_only=True):  # W-POST-5
    space: str


class RemovePost(_Intent, frozen=True, kw_only=True):  # W-POST-6
    space: str


class EndPosts(_Intent, frozen=True, kw_only=True):
    pass


class AnswerConsent(_Intent, frozen=True, kw_only=True):  # W-POST-5 (b), W-BOAT-6
    yes: bool


class AssignArms(_Intent, frozen=True, kw_only=True):  # W-ARMS-1/2: "" withdraws the marker
    nation: str


class EndArms(_Intent, frozen=True, kw_only=True):
    pass


Intent = Union[  # noqa: UP007 - a runtime tagged union for msgspec
    PlaceArmy, PlaceLeader, PlaceArms, RemoveArmy, Move, EndMovement, Fight, EndCombat,
    TakeLosses, Retreat, Stand, BreakOff, Submit, Ally, BuildPost, RemovePost, EndPosts,
    AnswerConsent, AssignArms, EndArms,
]
