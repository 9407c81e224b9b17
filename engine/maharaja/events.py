"""Events: every change to a game of Maharaja, as tagged msgspec Structs.

Events carry outcomes (draws, payments, scores) so that folding them never needs
randomness or a rules decision. PP amounts are secret (MJ-HIDE-1): views replace
other seats' ``pp`` with 0 and set ``hidden``.
"""

from __future__ import annotations

import msgspec

from engine.maharaja.state import Final, Solo


class E(msgspec.Struct, tag_field="type", frozen=True, kw_only=True):
    pass


class SetupDrawn(E, tag="setup"):
    display: tuple[int, ...]
    rewards: tuple[int, ...]  # bottom first
    flags: tuple[str, ...]  # p2..p8
    first_player: int
    solo: Solo | None = None  # solo mode: stack, deck and setup tile (secret parts redacted)


class CharacterTaken(E, tag="character"):
    seat: int
    number: int
    from_seat: int = -1  # -1: from the display
    returned: int = 0  # the tile put back in the display (0: none)
    reason: str = ""
    task: int = -1


class ShrineBuilt(E, tag="shrine"):
    seat: int
    place: str
    cost: int
    task: int = -1  # index of the turn's task it fulfils; -1 for none
    from_supply: bool = False  # MJ-CHAR-13 builds from the supply
    reason: str = ""


class ShrineMoved(E, tag="shrine-moved"):
    seat: int
    source: str
    place: str
    reason: str = ""


class StatueBuilt(E, tag="statue"):
    seat: int
    city: str
    slot: int
    cost: int
    task: int = -1
    reason: str = ""


class Gained(E, tag="gain"):
    """Resources a seat gains (negative: pays) from the supply."""

    seat: int
    reason: str
    coins: int = 0
    pp: int = 0
    shrines: int = 0  # moved from the supply to the board
    tokens: int = 0
    hidden: bool = False


class RoundStarted(E, tag="round"):
    round: int
    city: str  # where the Maharaja goes (MJ-ROUND-1)


class PlanCommitted(E, tag="plan"):
    seat: int
    plan: tuple[int, int] | None  # None in the view of other seats


class TurnStarted(E, tag="turn"):
    seat: int
    plan: tuple[int, int]


class PriestMoved(E, tag="move"):
    seat: int
    route: tuple[str, ...]  # road ids
    stops: tuple[str, ...]  # junctions from start to end
    tolls: tuple[tuple[int, int], ...]  # (seat paid, coins)


class TaskDone(E, tag="task"):
    seat: int
    task: int


class TokenSpent(E, tag="token"):
    seat: int
    action: int


class AbilityUsed(E, tag="ability"):
    seat: int
    character: int
    maharani: bool = False


class FlagMoved(E, tag="flag"):
    seat: int
    city: str
    source: int
    target: int
    task: int = -1


class TurnEnded(E, tag="turn-end"):
    seat: int


class CityScored(E, tag="scored"):
    city: str
    cp: tuple[int, ...]
    ranking: tuple[int, ...]
    coins: tuple[int, ...]  # per seat


class RewardTaken(E, tag="reward"):
    seat: int
    tile: int
    source: int  # track position
    target: int


class RewardPassed(E, tag="reward-pass"):
    seat: int


class MaharaniPlaced(E, tag="maharani"):
    seat: int
    character: int
    expires: int


class RoundEnded(E, tag="round-end"):
    round: int
    deck: tuple[str, ...] = ()  # solo: the action deck reshuffled (MJ-BOT-R10)


class BrahmabotTurn(E, tag="brahmabot"):
    """MJ-BOT-R2: the next deck tile's check mark picks one of the three drawn tiles."""

    check: str
    tile: str


class RewardDiscarded(E, tag="reward-out"):
    """MJ-BOT-R9: a reward tile leaves the game."""

    position: int


class GameEnded(E, tag="end"):
    final: tuple[Final, ...]
    winners: tuple[int, ...]


Event = (
    SetupDrawn | CharacterTaken | ShrineBuilt | ShrineMoved | StatueBuilt | Gained
    | RoundStarted | PlanCommitted | TurnStarted | PriestMoved | TaskDone | TokenSpent
    | AbilityUsed | FlagMoved | TurnEnded | CityScored | RewardTaken | RewardPassed
    | MaharaniPlaced | RoundEnded | GameEnded | BrahmabotTurn | RewardDiscarded
)
