"""The mutable state of a Raja game. Only fold.apply changes it."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from engine.raja.options import Options


class Phase(StrEnum):
    """The phases a game walks through, in order."""

    SETUP = "setup"  # before the setup draw
    CHOOSE = "choose"  # R-SETUP-7 character choice
    AUCTION = "auction"  # R-VAR-AUCTION instead of CHOOSE
    HOUSES = "houses"  # R-SETUP-8 initial houses
    SELECT = "select"  # R-ROUND-3 secret selection
    TURNS = "turns"  # R-ROUND-4 turns
    SCORED = "scored"  # R-ROUND-5 done, R-ROUND-7 pending
    OVER = "over"


BUILDER_SLOT = -1  # a build or move by the Builder's power (R-CHAR-5), not a part


class Player(msgspec.Struct):
    gold: int
    architect: str
    supply: int  # palaces not yet built
    setup_houses: int
    reserve: int
    quarry: int
    cards: list[int] = []
    tokens: int = 0
    plan: list[str] = []  # the two disc actions; [] when not chosen or hidden (R-INFO-2)
    selected: bool = False
    revealed: bool = False
    had_turn: bool = False


class Slot(msgspec.Struct):
    """One selected action of the turn: disc arrows 0 and 1, a token action 2."""

    action: str
    done: list[bool]
    village_houses: int = 0  # TWO_HOUSES: houses already placed in villages


class Turn(msgspec.Struct):
    seat: int
    slots: list[Slot]
    merchant_paid: bool = False  # R-CHAR-2 / R-CHAR-8: once per turn
    yogi_paid: bool = False  # R-VAR-YOGI-2
    builder_used: bool = False  # R-CHAR-5
    token_used: bool = False  # R-VAR-TOKEN-1


class City(msgspec.Struct):
    houses: list[int] = []  # one owner seat per house
    central: int | None = None
    outer: list[int] = []  # one owner per built outer palace; NEUTRAL for neutral ones


class Auction(msgspec.Struct):
    bidders: list[int]  # still in this sub-auction, clockwise
    high: int = -1
    high_bidder: int = -1
    next: int = -1


class Pending(msgspec.Struct):
    """A decision owed by one seat in the middle of something else."""

    seat: int
    kind: str  # "pick": take a bank card; "give": hand a card to ``to``
    to: int = -1


class Scoring(msgspec.Struct):
    """One city scoring as it was paid (R-SCORE), kept so screens can show it later."""

    round: int
    city: str
    points: list[tuple[int, int]]  # (seat, points), ranked
    rewards: list[tuple[int, int]]  # (seat, gold)
    monopoly: int = -1


class State(msgspec.Struct):
    options: Options
    seats: int
    players: list[Player]
    villages: dict[str, list[int]]  # village -> owner of each house there
    cities: dict[str, City]
    bank: list[int]
    tokens: int = 0
    phase: Phase = Phase.SETUP
    round: int = 0
    maharaja: str = "START"
    governors: dict[str, int] = {}
    setup_order: list[int] = []
    houses_placed: int = 0
    auction: Auction | None = None
    pending: Pending | None = None
    turn: Turn | None = None
    end_triggered: bool = False
    ranking: list[int] = []
    scorings: list[Scoring] = []  # every city scored so far, oldest first
