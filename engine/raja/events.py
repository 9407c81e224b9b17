"""What happened. Events carry every outcome (draws, tolls, payouts) so folding the
log never needs randomness or re-computation of anything that could be disputed."""

from __future__ import annotations

from typing import Union

from engine.core import structs

Pairs = tuple[tuple[int, int], ...]  # (seat, gold) pairs


class _Event(structs.Event, frozen=True, kw_only=True, tag=lambda name: f"raja.{name}"):
    pass


class SetupDealt(_Event, frozen=True, kw_only=True):  # R-SETUP-1..6
    track: tuple[str, ...]  # cities on track indices 1..7
    neutral: int  # neutral palaces per city


class CardPicked(_Event, frozen=True, kw_only=True):
    seat: int
    card: int


class AuctionOpened(_Event, frozen=True, kw_only=True):
    opener: int
    bidders: tuple[int, ...]


class BidMade(_Event, frozen=True, kw_only=True):
    seat: int
    amount: int


class BidPassed(_Event, frozen=True, kw_only=True):
    seat: int


# R-VAR-AUCTION-3; ``alone``: the last player, free (-4)
class AuctionWon(_Event, frozen=True, kw_only=True):
    seat: int
    price: int
    alone: bool = False


class CharactersChosen(_Event, frozen=True, kw_only=True):  # end of R-SETUP-7, R-SETUP-7a
    order: tuple[int, ...]  # seats placing setup houses, R-SETUP-8 (all passes)
    homes: tuple[str, ...]  # architect positions with home_city, else ()


class SetupHousePlaced(_Event, frozen=True, kw_only=True):
    seat: int
    village: str


class ReservesFilled(_Event, frozen=True, kw_only=True):  # R-SETUP-9
    count: int


class RoundStarted(_Event, frozen=True, kw_only=True):  # R-ROUND-1, R-ROUND-2
    round: int
    city: str
    governor_to: int
    ends: bool  # R-END-1(b)


class ActionsSelected(_Event, frozen=True, kw_only=True):  # R-ROUND-3; actions () when redacted
    seat: int
    actions: tuple[str, ...]


class TurnStarted(_Event, frozen=True, kw_only=True):  # R-TURN-1
    seat: int
    actions: tuple[str, ...]


class MerchantPaid(_Event, frozen=True, kw_only=True):  # R-CHAR-2
    seat: int
    gold: int


class YogiToken(_Event, frozen=True, kw_only=True):  # R-VAR-YOGI-2
    seat: int
    received: bool


class GoldTaken(_Event, frozen=True, kw_only=True):
    seat: int
    slot: int
    part: int
    gold: int


class ArchitectMoved(_Event, frozen=True, kw_only=True):
    seat: int
    start: str
    to: str
    roads: tuple[str, ...]
    tolls: Pairs
    bank_pays: bool  # R-MOVE-6


class HouseBuilt(_Event, frozen=True, kw_only=True):
    seat: int
    place: str
    slot: int
    part: int
    cost: int
    village: bool


class HouseMoved(_Event, frozen=True, kw_only=True):
    seat: int
    source: str
    dest: str
    slot: int
    part: int


class QuarryTaken(_Event, frozen=True, kw_only=True):
    seat: int
    count: int
    slot: int
    part: int
    complete: bool


class PalaceBuilt(_Event, frozen=True, kw_only=True):
    seat: int
    city: str
    central: bool
    slot: int
    part: int
    cost: int
    last: bool  # R-END-1(a)


class GovernorMoved(_Event, frozen=True, kw_only=True):
    seat: int
    city: str
    slot: int
    part: int
    moves: tuple[tuple[str, int], ...]  # (city, new index) for every governor moved


class CharacterTaken(_Event, frozen=True, kw_only=True):
    seat: int
    card: int
    source: int  # -1: the bank, else the seat it came from
    returned: int  # card put back in the bank, 0 none
    handed: int  # card handed to the source (multi exchange), 0 none
    slot: int
    part: int


class AttractAsked(_Event, frozen=True, kw_only=True):
    seat: int
    target: int
    slot: int
    part: int


class CardGiven(_Event, frozen=True, kw_only=True):
    seat: int
    to: int
    card: int


class TokenUsed(_Event, frozen=True, kw_only=True):
    seat: int
    action: str


class TurnEnded(_Event, frozen=True, kw_only=True):  # R-TURN-4
    seat: int
    gold: int  # untaken GOLD parts, paid automatically
    penalty_to: tuple[int, ...]  # seats paid FORFEIT_PENALTY


class CityScored(_Event, frozen=True, kw_only=True):  # R-SCORE
    city: str
    points: Pairs  # (seat, points) for seats with points, ranked
    rewards: Pairs
    monopoly: int  # seat paid the monopoly bonus, -1 none


class GameEnded(_Event, frozen=True, kw_only=True):  # R-END-2
    ranking: tuple[int, ...]


Event = Union[  # noqa: UP007 - a runtime tagged union for msgspec
    SetupDealt, CardPicked, AuctionOpened, BidMade, BidPassed, AuctionWon, CharactersChosen,
    SetupHousePlaced, ReservesFilled, RoundStarted, ActionsSelected, TurnStarted, MerchantPaid,
    YogiToken, GoldTaken, ArchitectMoved, HouseBuilt, HouseMoved, QuarryTaken, PalaceBuilt,
    GovernorMoved, CharacterTaken, AttractAsked, CardGiven, TokenUsed, TurnEnded, CityScored,
    GameEnded,
]
