"""What happened. Events carry every outcome (dice, hits, VP) so folding the log
never needs randomness or re-computation of anything that could be disputed."""

from __future__ import annotations

from typing import Union

from engine.core import structs
from engine.maharadjah.state import Phase

Counts = tuple[tuple[str, int], ...]  # (space, armies)


class _Event(structs.Event, frozen=True, kw_only=True,
             tag=lambda name: f"maharadjah.{name}"):
    pass


class GameSetUp(_Event, frozen=True, kw_only=True):  # W-ASSIGN-1, W-SETUP-1..4, W-SETUP-S1/S2
    game_type: str
    turn: int
    control: tuple[tuple[str, int], ...]
    armies: tuple[tuple[str, str, int], ...]  # (space, nation, armies)


class TurnStarted(_Event, frozen=True, kw_only=True):  # W-TURN-1
    turn: int


class NationReplaced(_Event, frozen=True, kw_only=True):  # W-SCHED-2
    old: str
    new: str
    spaces: Counts


class SequenceStarted(_Event, frozen=True, kw_only=True):  # W-SEQ-1
    nation: str
    seq: int


class PhaseStarted(_Event, frozen=True, kw_only=True):
    phase: Phase
    move_round: int = 0


class LeaderRemoved(_Event, frozen=True, kw_only=True):  # W-LEAD-5 (not a kill)
    leader: str


# W-LEAD-2; held=True: waits for the invaders
class LeaderPlaced(_Event, frozen=True, kw_only=True):
    leader: str
    space: str
    held: bool = False


class LeaderKilled(_Event, frozen=True, kw_only=True):  # W-LEAD-7
    leader: str
    by: str


class GrowthFigured(_Event, frozen=True, kw_only=True):  # W-GROW-2..5: value and total in halves
    nation: str
    value: int
    total: int
    earned: int  # floor(total / 3) armies (W-GROW-5)
    reinforcements: int  # W-SCHED-6
    placeable: int  # what the pool allows of earned + reinforcements
    spaces: tuple[str, ...]  # where they may go (W-GROW-6, W-SCHED-6)


class Owe(_Event, frozen=True, kw_only=True):
    """A decision someone owes before play goes on (state.Todo)."""

    kind: str
    nation: str
    count: int = 0
    what: str = ""


# W-VP-3: territories the active nation holds alone now
class Checkpoint(_Event, frozen=True, kw_only=True):
    nation: str
    territories: tuple[str, ...]


class BattleStage(_Event, frozen=True, kw_only=True):  # W-CMB-6/7: who decides next in the battle
    stage: str
    hits: int = 0


class ArmiesPlaced(_Event, frozen=True, kw_only=True):  # growth, reinforcements, invaders, top-up
    nation: str
    space: str
    armies: int
    why: str


class GrowthSaved(_Event, frozen=True, kw_only=True):  # W-GROW-5
    nation: str
    halves: int


class ArmiesRemoved(_Event, frozen=True, kw_only=True):  # never a destruction (W-VP-4)
    nation: str
    space: str
    armies: int
    why: str


class Moved(_Event, frozen=True, kw_only=True):  # W-MOVE
    nation: str
    start: str
    path: tuple[str, ...]
    armies: int
    leaders: tuple[str, ...] = ()
    arms: tuple[str, ...] = ()


# W-BOAT-6: the move waits for each power's answer
class PassageAsked(_Event, frozen=True, kw_only=True):
    nation: str
    zone: str
    powers: tuple[str, ...]
    start: str
    path: tuple[str, ...]
    armies: int
    leaders: tuple[str, ...] = ()
    arms: tuple[str, ...] = ()
    drops: tuple[int, ...] = ()  # W-LEAD-3


class PassageAnswered(_Event, frozen=True, kw_only=True):
    power: str
    zone: str
    yes: bool


class MovementEnded(_Event, frozen=True, kw_only=True):
    nation: str


class BattleStarted(_Event, frozen=True, kw_only=True):  # W-CMB-1
    space: str
    attacker: str
    defender: str


# W-CMB-3..6: dice are natural rolls, hits after modifiers
class BattleRound(_Event, frozen=True, kw_only=True):
    space: str
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_bonus: int
    defender_bonus: int
    hits_on_defender: int
    hits_on_attacker: int


# W-CMB-6: ``origins`` for attacking armies, posts for the defender
class Losses(_Event, frozen=True, kw_only=True):
    space: str
    nation: str
    armies: int
    posts: int = 0
    origins: tuple[str, ...] = ()
    by: str = ""


class Retreated(_Event, frozen=True, kw_only=True):  # W-RET
    nation: str
    space: str
    to: str
    armies: int
    leaders: tuple[str, ...] = ()
    arms: tuple[str, ...] = ()


class BattleEnded(_Event, frozen=True, kw_only=True):  # W-CMB-8
    space: str
    why: str


class CombatEnded(_Event, frozen=True, kw_only=True):
    nation: str


class VPScored(_Event, frozen=True, kw_only=True):  # W-VP
    nation: str
    vp: int
    why: str


class PostBuilt(_Event, frozen=True, kw_only=True):  # W-POST-5
    power: str
    space: str


class PostRemoved(_Event, frozen=True, kw_only=True):  # W-POST-6 (by "") or destroyed (W-POST-9)
    power: str
    space: str
    by: str = ""


class ConsentAsked(_Event, frozen=True, kw_only=True):  # W-POST-5 (b)
    power: str
    space: str
    nation: str


class ConsentAnswered(_Event, frozen=True, kw_only=True):
    yes: bool


class PostsEnded(_Event, frozen=True, kw_only=True):
    power: str


class ArmsAssigned(_Event, frozen=True, kw_only=True):  # W-ARMS-1/2; nation "" = withdrawn
    power: str
    nation: str


class ArmsPlaced(_Event, frozen=True, kw_only=True):  # W-ARMS-3
    power: str
    space: str


class ArmsReturned(_Event, frozen=True, kw_only=True):  # W-ARMS-6/7
    power: str


class ArmsEnded(_Event, frozen=True, kw_only=True):
    power: str


class Submitted(_Event, frozen=True, kw_only=True):  # W-SUB-3..5
    subject: str
    overlord: str
    territories: tuple[str, ...]
    withdrawals: tuple[tuple[str, str, int], ...]  # (from, to, armies)
    leaders: tuple[tuple[str, str], ...] = ()  # (leader, to): with the armies (W-SUB-5)
    arms: tuple[tuple[str, str], ...] = ()  # (power, to): its arms marker, likewise


class Declined(_Event, frozen=True, kw_only=True):  # an offer to submit or ally answered no
    nation: str


class Allied(_Event, frozen=True, kw_only=True):  # W-ALLY-1/2/5
    nation: str
    cost: str
    space: str
    withdrawals: tuple[tuple[str, str, int], ...]
    leaders: tuple[tuple[str, str], ...] = ()  # as in Submitted (W-ALLY-5)
    arms: tuple[tuple[str, str], ...] = ()


class RajFixed(_Event, frozen=True, kw_only=True):  # W-RAJ-2
    nation: str
    territories: int
    vp: int


class SequenceEnded(_Event, frozen=True, kw_only=True):
    nation: str


class TurnEnded(_Event, frozen=True, kw_only=True):  # W-TURN-1 step 3
    turn: int


class GameEnded(_Event, frozen=True, kw_only=True):  # W-END
    totals: tuple[int, ...]
    winners: tuple[int, ...]


Event = Union[  # noqa: UP007 - a runtime tagged union for msgspec
    GameSetUp, TurnStarted, NationReplaced, SequenceStarted, PhaseStarted, LeaderRemoved,
    LeaderPlaced, LeaderKilled, GrowthFigured, Owe, Checkpoint, BattleStage, ArmiesPlaced,
    GrowthSaved, ArmiesRemoved, Moved, MovementEnded, BattleStarted, BattleRound, Losses,
    Retreated, BattleEnded, PassageAsked, PassageAnswered, CombatEnded, VPScored, PostBuilt,
    PostRemoved, ConsentAsked,
    ConsentAnswered, PostsEnded, ArmsAssigned, ArmsPlaced, ArmsReturned, ArmsEnded, Submitted,
    Declined, Allied, RajFixed, SequenceEnded, TurnEnded, GameEnded,
]
