"""Messages between a session's child process and the server's table service.

Frames are a 4-byte big-endian length and a msgpack-encoded message. Game data
(views, intents, events) travels as nested msgpack bytes encoded with the
ruleset's own types, so this protocol stays game-agnostic.
"""

from __future__ import annotations

import struct

import msgspec

HEADER = struct.Struct(">I")


class SeatSpec(msgspec.Struct, frozen=True):
    kind: str = "human"  # "human" or "computer"
    level: str = "medium"  # engine.bots level, or "random"


class SeatInfo(msgspec.Struct, frozen=True):
    kind: str  # "free", "human" or "computer"
    name: str = ""
    level: str = ""
    connected: bool = False
    handed: bool = False  # a computer plays for a human who is gone
    rating: str = ""  # the player's rating in this game at a rated table ("27.4 ±3.1")


class TimeControl(msgspec.Struct, frozen=True):
    """A table's clock, chosen at creation. ``live``: ``base`` seconds for the whole
    game and ``increment`` more after each decision (Fischer); ``turn``: ``base``
    seconds for each decision, then a time bank of ``bank`` seconds for the game."""

    kind: str = "none"  # "none", "live" or "turn"
    base: float = 0.0
    increment: float = 0.0
    bank: float = 0.0


NO_CLOCK = TimeControl()


class SeatClock(msgspec.Struct, frozen=True):
    """One seat's clock as of a change: ``deadline`` (epoch seconds) while it runs."""

    seat: int
    left: float  # seconds left (live: of the game; turn-based: of the bank)
    running: bool = False
    deadline: float | None = None
    out: bool = False  # its time ran out


class VoteInfo(msgspec.Struct, frozen=True):
    """The others decide what becomes of a seat whose time ran out."""

    seat: int
    voters: list[int]
    skip: list[int] = []  # who voted to skip that seat (an easy computer plays it)
    end: list[int] = []  # who voted to end the game


class UndoInfo(msgspec.Struct, frozen=True):
    """An undo waiting for the players whose decisions it would take back."""

    by: int
    keep: int
    others: list[int]
    agreed: list[int]


class TableInfo(msgspec.Struct, frozen=True):
    id: int
    title: str
    ruleset: str
    ruleset_name: str
    seats: list[SeatInfo]
    spectators: int
    started: bool
    over: bool
    version: int
    to_move: list[int]
    handover: bool
    undo: UndoInfo | None = None
    hints: bool = False
    clock: TimeControl = TimeControl()
    clocks: list[SeatClock] = []
    on_timeout: str = "computer"  # "computer" or "vote"
    rated: bool = False
    timed_out: list[int] = []  # seats whose time ran out in this game
    vote: VoteInfo | None = None
    ended: str = ""  # why the game ended before its end (a vote), else ""
    since: list[float] = []  # per seat: deciding since (epoch seconds), 0 if not
    variants: str = ""  # the game's variants in a player's words; "" for the standard game


class RulesetInfo(msgspec.Struct, frozen=True):
    id: str
    name: str
    min_seats: int
    max_seats: int


# ------------------------------------------------------------------ requests
class Request(msgspec.Struct, tag_field="t", kw_only=True):
    id: int = 0


class Hello(Request, tag="hello"):
    token: str


class ListTables(Request, tag="list"):
    pass


class CreateTable(Request, tag="create"):
    ruleset: str
    seats: list[SeatSpec]
    options: bytes = b"{}"  # JSON for the ruleset's Options (the variants)
    handover: bool = True
    title: str = ""
    hints: bool = False  # off at SSH tables unless the table allows them
    clock: TimeControl = TimeControl()
    on_timeout: str = "computer"  # what a seat whose time runs out becomes
    rated: bool = False  # the result moves the players' ratings (humans only)
    level: str = "medium"  # the computer that stands in for a seat


class Join(Request, tag="join"):
    table: int
    seat: int | None = None  # None: your seat if you have one, else the first free one


class Watch(Request, tag="watch"):
    table: int


class Leave(Request, tag="leave"):
    table: int


class CloseTable(Request, tag="close"):
    """The owner removes a table nobody is at."""

    table: int


class Info(Request, tag="info"):
    table: int


class View(Request, tag="view"):
    table: int
    seat: int | None


class Legal(Request, tag="legal"):
    table: int
    seat: int


class ToMove(Request, tag="to_move"):
    table: int


class Log(Request, tag="log"):
    table: int
    seat: int | None


class Play(Request, tag="play"):
    table: int
    seat: int
    intent: bytes


class Undo(Request, tag="undo"):
    """Take back the seat's last decision (the table's policy: maybe asking others)."""

    table: int
    seat: int


class AnswerUndo(Request, tag="answer-undo"):
    table: int
    seat: int
    agree: bool


class Redo(Request, tag="redo"):
    table: int
    seat: int


class WebLinks(Request, tag="links"):
    """Join links for the table's free human seats (a player at the table asks)."""

    table: int


class Vote(Request, tag="vote"):
    """What becomes of a seat whose time ran out: "skip" or "end"."""

    table: int
    seat: int
    choice: str


class Settings(Request, tag="settings"):
    """This player's settings (None: only read them)."""

    webhook: str | None = None


class PlayerSettings(msgspec.Struct, frozen=True):
    webhook: str = ""


class Leaderboard(Request, tag="leaderboard"):
    ruleset: str


class Standing(msgspec.Struct, frozen=True):
    name: str
    mu: float
    sigma: float
    games: int


class Games(Request, tag="games"):
    """Finished games, the latest first (``name``: only that player's)."""

    name: str = ""
    limit: int = 50


class GameSummary(msgspec.Struct, frozen=True):
    id: int  # the table's id (never used twice)
    ruleset: str
    title: str
    finished: float  # epoch seconds
    players: list[str]
    places: list[int]  # each seat's place (1: first; equal places tie)
    rated: bool = False
    timed_out: list[int] = []
    ended: str = ""


class PlayerPage(Request, tag="player"):
    name: str


class RatingLine(msgspec.Struct, frozen=True):
    ruleset: str
    mu: float
    sigma: float
    games: int
    history: list[tuple[float, float, float]] = []  # (when, mu, sigma), oldest first


class PlayerInfo(msgspec.Struct, frozen=True):
    name: str
    ratings: list[RatingLine]
    games: list[GameSummary]


class GameRecord(Request, tag="record"):
    """A finished game's save file (the engine's format), whole."""

    game: int


class StepClock(msgspec.Struct, frozen=True, array_like=True):
    """The clocks after a game's first ``step`` steps: when, and each seat's time left."""

    step: int
    at: float
    left: list[float]


class GameFile(msgspec.Struct, frozen=True):
    """A finished game: its save (the engine's format) and its clocks step by step."""

    save: bytes
    clock: TimeControl = TimeControl()
    clocks: list[StepClock] = []


class SeatLink(msgspec.Struct, frozen=True):
    seat: int  # 0-based
    url: str


AnyRequest = (Hello | ListTables | CreateTable | CloseTable | Join | Watch | Leave | Info
              | View | Legal | ToMove | Log | Play | Undo | AnswerUndo | Redo | WebLinks
              | Vote | Settings | Leaderboard | Games | PlayerPage | GameRecord)


# ------------------------------------------------------- replies and pushes
class Welcome(msgspec.Struct, tag="welcome"):
    """The answer to Hello, with the lobby's list: a session shows it first, and asking
    for it was a second round trip before the first frame."""

    id: int
    user: str
    rulesets: list[RulesetInfo]
    tables: list[TableInfo] | None = None


class Result(msgspec.Struct, tag="result"):
    """A successful reply; ``data`` is msgpack whose type the request implies."""

    id: int
    data: bytes


class Refused(msgspec.Struct, tag="refused"):
    """An IllegalIntent (rules or server) with its rule id and reason."""

    id: int
    rule: str
    reason: str
    kind: str = "Refused"  # its class (engine.core.errors.KINDS): screens branch on it


Entry = tuple[tuple[str, str], ...]  # one move-log line (engine.core.describe.Description)


class Changed(msgspec.Struct, tag="changed"):
    """A table changed. Pushed with what the receiving session shows, redacted for its
    own seat (``seat``; None: a spectator), so it redraws without asking back: the
    table's info, the seat's view, its legal intents when it is to move (else None),
    and its move log as "keep the first ``log_keep`` lines, then ``log_new``". A
    notice without ``info`` carries nothing: the session asks."""

    table: int
    version: int
    info: TableInfo | None = None
    seat: int | None = None
    view: bytes = b""
    legal: bytes | None = None
    log_keep: int = 0
    log_new: list[Entry] = []


class LobbyChanged(msgspec.Struct, tag="lobby"):
    """The lobby changed; ``tables`` is the list as the lobby shows it (None: ask)."""

    tables: list[TableInfo] | None = None


class Turn(msgspec.Struct, frozen=True):
    """A decision of this player's waiting at one of their tables."""

    table: int
    title: str
    game: str  # the game's name
    seat: int
    since: float  # epoch seconds: when the seat began to decide
    deadline: float | None = None  # when its time runs out (a timed table)


class Turns(msgspec.Struct, tag="turns"):
    """Every decision this player has waiting, pushed to each of their sessions as it
    changes: the lobby lists them first, a new one rings the bell."""

    turns: list[Turn]


AnyReply = Welcome | Result | Refused | Changed | LobbyChanged | Turns

_encoder = msgspec.msgpack.Encoder()


def frame(message: msgspec.Struct) -> bytes:
    body = _encoder.encode(message)
    return HEADER.pack(len(body)) + body


def pack(value: object) -> bytes:
    return _encoder.encode(value)
