"""Events: every change to a game of Maharaja, as tagged msgspec Structs.

Events carry outcomes (draws, payments, scores) so that folding them never needs
randomness or a rules decision. PP amounts are secret (MJ-HIDE-1): views replace
other seats' ``pp`` with 0 and set ``hidden``.
"""

from __future__ import annotations

from engine.core import structs
from engine.maharaja.state import Final, Solo


class SetupDrawn(structs.Event, frozen=True, kw_only=True, tag="setup"):
    display: tuple[int, ...]
    rewards: tuple[int, ...]  # bottom first
    flags: tuple[str, ...]  # p2..p8
    first_player: int
    solo: Solo | None = None  # solo mode: stack, deck and setup tile (secret parts redacted)


class CharacterTaken(structs.Event, frozen=True, kw_only=True, tag="character"):
    seat: int
    number: int
    from_seat: int = -1  # -1: from the display
    returned: int = 0  # the tile put back in the display (0: none)
    reason: str = ""
    task: int = -1


class ShrineBuilt(structs.Event, frozen=True, kw_only=True, tag="shrine"):
    seat: int
    place: str
    cost: int
    task: int = -1  # index of the turn's task it fulfils; -1 for none
    from_supply: bool = False  # MJ-CHAR-13 builds from the supply
    reason: str = ""


class ShrineMoved(structs.Event, frozen=True, kw_only=True, tag="shrine-moved"):
    seat: int
    source: str
    place: str
    reason: str = ""


class StatueBuilt(structs.Event, frozen=True, kw_only=True, tag="statue"):
    seat: int
    city: str
    slot: int
    cost: int
    task: int = -1
    reason: str = ""


class Gained(structs.Event, frozen=True, kw_only=True, tag="gain"):
    """Resources a seat gains (negative: pays) from the supply."""

    seat: int
    reason: str
    coins: int = 0
    pp: int = 0
    shrines: int = 0  # moved from the supply to the board
    tokens: int = 0
    hidden: bool = False


class RoundStarted(structs.Event, frozen=True, kw_only=True, tag="round"):
    round: int
    city: str  # where the Maharaja goes (MJ-ROUND-1)


class PlanCommitted(structs.Event, frozen=True, kw_only=True, tag="plan"):
    seat: int
    plan: tuple[int, int] | None  # None in the view of other seats


class TurnStarted(structs.Event, frozen=True, kw_only=True, tag="turn"):
    seat: int
    plan: tuple[int, int]


class PriestMoved(structs.Event, frozen=True, kw_only=True, tag="move"):
    seat: int
    route: tuple[str, ...]  # road ids
    stops: tuple[str, ...]  # junctions from start to end
    tolls: tuple[tuple[int, int], ...]  # (seat paid, coins)


class TaskDone(structs.Event, frozen=True, kw_only=True, tag="task"):
    seat: int
    task: int


class TokenSpent(structs.Event, frozen=True, kw_only=True, tag="token"):
    seat: int
    action: int


class AbilityUsed(structs.Event, frozen=True, kw_only=True, tag="ability"):
    seat: int
    character: int
    maharani: bool = False


class FlagMoved(structs.Event, frozen=True, kw_only=True, tag="flag"):
    seat: int
    city: str
    source: int
    target: int
    task: int = -1


class TurnEnded(structs.Event, frozen=True, kw_only=True, tag="turn-end"):
    seat: int


class CityScored(structs.Event, frozen=True, kw_only=True, tag="scored"):
    city: str
    cp: tuple[int, ...]
    ranking: tuple[int, ...]
    coins: tuple[int, ...]  # per seat


class RewardTaken(structs.Event, frozen=True, kw_only=True, tag="reward"):
    seat: int
    tile: int
    source: int  # track position
    target: int


class RewardPassed(structs.Event, frozen=True, kw_only=True, tag="reward-pass"):
    seat: int


class MaharaniPlaced(structs.Event, frozen=True, kw_only=True, tag="maharani"):
    seat: int
    character: int
    expires: int


class RoundEnded(structs.Event, frozen=True, kw_only=True, tag="round-end"):
    round: int
    deck: tuple[str, ...] = ()  # solo: the action deck reshuffled (MJ-BOT-R10)


class BrahmabotTurn(structs.Event, frozen=True, kw_only=True, tag="brahmabot"):
    """MJ-BOT-R2: the next deck tile's check mark picks one of the three drawn tiles."""

    check: str
    tile: str


class RewardDiscarded(structs.Event, frozen=True, kw_only=True, tag="reward-out"):
    """MJ-BOT-R9: a reward tile leaves the game."""

    position: int


class GameEnded(structs.Event, frozen=True, kw_only=True, tag="end"):
    final: tuple[Final, ...]
    winners: tuple[int, ...]


Event = (
    SetupDrawn | CharacterTaken | ShrineBuilt | ShrineMoved | StatueBuilt | Gained
    | RoundStarted | PlanCommitted | TurnStarted | PriestMoved | TaskDone | TokenSpent
    | AbilityUsed | FlagMoved | TurnEnded | CityScored | RewardTaken | RewardPassed
    | MaharaniPlaced | RoundEnded | GameEnded | BrahmabotTurn | RewardDiscarded
)
