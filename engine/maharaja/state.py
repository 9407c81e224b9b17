"""The state of a game of Maharaja: a mutable Struct changed only by ``fold.apply``."""

# No ``from __future__ import annotations`` here: msgspec reads these classes'
# annotations to decode a state (every view is a copy through msgpack), and string
# annotations it must compile and evaluate first (75 of them, ~4 ms of the launch's
# first view). The classes are declared before they are named.

from enum import StrEnum

import msgspec

from engine.maharaja.options import Options

NOBODY = -1


class Phase(StrEnum):
    """The phases a game walks through, in order (the rounds loop PLANNING..BETWEEN_ROUNDS)."""

    SETUP = "setup"  # before the setup draw
    CHARACTERS = "characters"  # MJ-SETUP-5
    START_SHRINES = "start-shrines"  # MJ-SETUP-6
    PLANNING = "planning"  # MJ-ROUND-2
    ACTIONS = "actions"  # MJ-ROUND-3
    SCORING = "scoring"  # MJ-SCORE
    BETWEEN_ROUNDS = "between-rounds"
    OVER = "over"


# The phases as module constants for the rules' hot paths (to_move, the turn's listing,
# the fold): an enum member read from its class goes through the enum's metaclass,
# ~4x a global. Import them by name to keep that.
(PHASE_SETUP, PHASE_CHARACTERS, PHASE_START_SHRINES, PHASE_PLANNING, PHASE_ACTIONS,
 PHASE_SCORING, PHASE_BETWEEN_ROUNDS, PHASE_OVER) = (
    Phase.SETUP, Phase.CHARACTERS, Phase.START_SHRINES, Phase.PLANNING, Phase.ACTIONS,
    Phase.SCORING, Phase.BETWEEN_ROUNDS, Phase.OVER)


class Task(msgspec.Struct):
    """One planned action (or token action) being carried out this turn (MJ-ACT-10)."""

    action: int
    source: str  # "arrow 1", "arrow 2" or "token"
    statues: int = 0  # statues still to build
    shrines: int = 0  # shrines still to build
    city_shrine: bool = False  # MJ-ACT-4: the next shrine must be in a city
    done: bool = False  # for the one-shot actions (coins, shrines, prestige, character, flag)


class Turn(msgspec.Struct):
    seat: int
    tasks: list[Task] = []
    token_used: bool = False
    abilities_used: list[int] = []  # character numbers whose 1× ability was used (MJ-CHAR-3)
    # The last thing done this turn was a priest's move (MJ-MOVE-1 allows any number):
    # the bots never move twice running, as one route does the same, so a free road
    # between two cities cannot hold a computer's turn forever.
    travelled: bool = False


class Player(msgspec.Struct):
    colour: str
    coins: int
    pp: int  # secret (MJ-HIDE-1); views hide it from other seats
    shrines: int  # on the player's board
    supply: int  # shrines of the colour in the general supply
    statues: int  # on the player's board
    character: int = 0
    priest: str = "START"
    plan: tuple[int, int] | None = None  # secret until the turn starts (MJ-HIDE-2)
    planned: bool = False
    played: bool = False
    tokens: int = 0
    start_shrines: int = 0


class City(msgspec.Struct):
    slots: list[int]  # statue slot -> seat, NOBODY if free (0 centre, 1 top, 2 bottom)
    shrines: list[int]  # shrines per seat


class Maharani(msgspec.Struct):
    """A Maharani token lent on a display character (MJ-REW-8)."""

    seat: int
    character: int
    expires: int  # the round at whose end the token is removed


class Pending(msgspec.Struct):
    """A decision some seat owes before play goes on (rewards, a lost character...)."""

    seat: int
    kind: str  # "reward", "lost-character", "free-shrine", "buy-pp", "maharani"
    left: int = 1  # purchases left ("buy-pp")


class Final(msgspec.Struct):
    """The final scoring breakdown of one seat (MJ-END-2, §12)."""

    statues: int
    coins: int
    cities: int
    tile: int
    total: int


class Solo(msgspec.Struct):
    """Brahmabot's side of a solo game (§13)."""

    difficulty: str
    setup_tile: str
    stack: list[int]  # face-down character stack, top first (secret, MJ-HIDE-3)
    deck: list[str]  # action tile deck, top first (secret, MJ-HIDE-3)
    drawn: list[str] = []  # this round's three tiles, left to right
    face_down: int = -1  # index in ``drawn`` of the face-down tile; -1 once revealed
    used: str = ""  # the tile Brahmabot used this round
    check: str = ""  # the tile whose check mark chose it
    removed: list[str] = []  # action tiles out of the game
    stack_size: int = 0  # kept in views where the stack itself is hidden


class State(msgspec.Struct):
    options: Options
    seats: int
    phase: Phase = Phase.SETUP
    round: int = 0
    players: list[Player] = []
    cities: dict[str, City] = {}
    villages: dict[str, list[int]] = {}  # village -> seats with a shrine there, in order built
    flags: list[str | None] = []  # pre-visit track p0..p8
    visited: list[str] = []  # numbered track n1..n7
    maharaja: str | None = None
    rewards: list[int | None] = []  # reward track positions 0..11 (bottom first)
    display: list[int] = []  # characters in the display
    maharanis: list[Maharani] = []
    tokens: int = 7  # action tokens in the supply
    first_player: int = 0
    chooser: int = NOBODY  # setup: whose character choice is next
    turn: Turn | None = None
    pending: list[Pending] = []
    ranking: list[int] = []  # city scoring: ranked seats of this round
    # The last city scored, its round and ranking: a scoring whose rewards nobody had to choose
    # passes within one step, and a UI still shows it (the scoring screen).
    scored: tuple[int, str, tuple[int, ...]] | None = None  # round, city, ranking
    final: list[Final] = []
    winners: list[int] = []
    solo: Solo | None = None
