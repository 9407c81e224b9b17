"""The mutable state of a Maharadjah game. Only fold.apply changes it.

Armies are counted per space and nation (armies of one nation are identical);
what makes two armies differ during a Movement Phase — whether they have moved
and the space they entered a territory from (W-RET-3) — is kept beside the board
for the active nation only.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from engine.maharadjah.options import Options

LAST_TURN = 16  # W-TURN-1, W-END-1: the standard game's 16 turns; the short one plays 9-16


class Phase(StrEnum):
    """The phases of the game, in order (W-TURN-1, W-SEQ-1)."""

    SETUP = "setup"
    TURN_START = "turn_start"  # W-SCHED-1..4
    NEXT = "next"  # pick the next nation with something to do
    START = "start"  # the sequence's start: alliance offers (W-ALLY-1), arrivals
    GROWTH = "growth"
    INVASION = "invasion"
    MOVE = "move"
    COMBAT = "combat"
    POSTS = "posts"
    ARMS = "arms"
    VP = "vp"
    SEQ_END = "seq_end"
    OVERPOP = "overpop"  # overpopulation at the end of the sequence
    TURN_END = "turn_end"
    OVER = "over"


# Every phase under a plain name too (``MOVE`` is ``Phase.MOVE``), which the rules read:
# a member read off an Enum class goes through ``EnumType.__getattr__``'s hook in Python
# 3.11, hundreds of instructions a read, and the questions of every decision (whose
# decision it is, which phase's rules apply) and every phase's start read them.
SETUP = Phase.SETUP
TURN_START = Phase.TURN_START
NEXT = Phase.NEXT
START = Phase.START
GROWTH = Phase.GROWTH
INVASION = Phase.INVASION
MOVE = Phase.MOVE
COMBAT = Phase.COMBAT
POSTS = Phase.POSTS
ARMS = Phase.ARMS
VP = Phase.VP
SEQ_END = Phase.SEQ_END
OVERPOP = Phase.OVERPOP
TURN_END = Phase.TURN_END
OVER = Phase.OVER
# the phases in which the active nation itself decides (W-SEQ-1)
ACTIVE_PHASES = frozenset({MOVE, COMBAT, POSTS, ARMS})


# battle stages (W-CMB-3..8)
ROLL = "roll"
LOSSES = "losses"  # the attacker picks which armies were hit (W-CMB-6)
RETREAT_DEF = "retreat_def"
RETREAT_ATT = "retreat_att"


class Battle(msgspec.Struct):
    space: str
    attacker: str
    defender: str
    rounds: int = 0
    stage: str = ROLL
    hits: int = 0  # hits the attacker still has to take (LOSSES)


class Todo(msgspec.Struct):
    """A decision owed by ``nation``'s player before play goes on.

    kinds: "place" growth/reinforcement armies (``count`` left, into ``spaces``);
    "leader" (``what`` = leader id); "arms" (``what`` = the power whose marker
    enters); "remove" (``count`` armies to take off, ``what`` = why); "consent"
    (``what`` = "POWER@SPACE", a post another player's power wants to build).
    """

    kind: str
    nation: str
    count: int = 0
    what: str = ""
    spaces: list[str] = []
    placed: dict[str, int] = {}
    total: int = 0  # growth total in halves, for the saved potential (W-GROW-5)


class PendingMove(msgspec.Struct):  # a sea move waiting for the powers' leave (W-BOAT-6)
    start: str
    path: list[str]
    armies: int
    leaders: list[str] = []
    arms: list[str] = []
    drops: list[int] = []  # W-LEAD-3


class Submission(msgspec.Struct):  # W-SUB
    subject: str
    overlord: str
    territories: list[str]


class State(msgspec.Struct):
    options: Options
    seats: int
    game_type: str  # "3p", "4p", "5p" or "short"
    control: dict[str, int] = {}  # nation -> seat, for the nations in play (W-ASSIGN-1)
    turn: int = 0
    seq: int = -1  # index into the nation order (W-ORDER-1)
    active: str = ""
    phase: Phase = Phase.SETUP
    move_round: int = 0  # 1, or 2 in a great invasion's second pair (W-INV-4)
    armies: dict[str, dict[str, int]] = {}  # space -> nation -> armies
    posts: dict[str, str] = {}  # territory -> owning power
    leaders: dict[str, str] = {}  # leader -> space, for leaders on the map
    leader_turn: dict[str, int] = {}  # leader -> turn it appeared
    held: list[str] = []  # leaders held to appear with this turn's invaders (W-LEAD-2)
    arms: dict[str, str] = {}  # power -> Indian nation its marker is assigned to (W-ARMS)
    arms_at: dict[str, str] = {}  # power -> space, for markers on the map
    growth: dict[str, int] = {}  # nation -> saved potential in halves (W-GROW-5)
    boxed: dict[str, int] = {}  # nation -> armies in the British Alliance box (W-ALLY-2)
    marker_boxed: list[str] = []  # growth markers in the Alliance box
    allies: list[str] = []  # nations allied with the British (W-ALLY)
    gone: list[str] = []  # nations that left the game (the Maurya, W-SCHED-2)
    fresh: dict[str, int] = {}  # active nation's armies not yet moved this Movement Phase
    arrived: dict[str, dict[str, int]] = {}  # space -> entered-from space -> armies (W-RET-3)
    moved: list[str] = []  # leaders and arms markers (by power) moved this phase
    refused: list[str] = []  # passages ("AS") and posts ("post:KAR") refused this sequence
    granted: list[str] = []  # passages granted this sequence, "POWER@ZONE" (W-BOAT-6)
    pending: PendingMove | None = None
    fought: list[str] = []  # sea zones where an Indian naval attack was fought (W-NAV-3)
    battle: Battle | None = None
    broken_off: list[str] = []  # lone-post attacks broken off this Combat Phase (W-POST-9)
    todo: list[Todo] = []
    posts_built: int = 0  # this Trading Post Phase (W-POST-6)
    post_removed: bool = False
    submissions: list[Submission] = []
    vp: dict[str, list[int]] = {}  # nation -> VP by turn (index 0 unused; W-VP-7)
    raided: list[str] = []  # territories the active nation held alone at a checkpoint (W-VP-3)
    raj: dict[str, int] = {}  # Raj VP fixed this turn, credited at its end (W-RAJ-7)
    winners: list[int] = []
