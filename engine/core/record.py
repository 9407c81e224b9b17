"""Saved games: a header plus the step log, as msgspec JSON.

Loading validates by replaying every intent through the rules and checking that
it produces exactly the recorded events; any problem becomes one RecordError that
names the file and what is wrong. Old formats are upcast by ``MIGRATIONS``.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

import msgspec

from engine.core.errors import IllegalIntent, RecordError
from engine.core.game import SETUP_SEAT, Game, Step, now
from engine.core.ruleset import Ruleset, Seat

FORMAT_VERSION = 1
ENGINE_VERSION = "0.1.0"
MAGIC = "maharaja-family-save"

E = TypeVar("E")
I = TypeVar("I")  # noqa: E741

# format version N -> function upcasting an untyped record dict from N to N + 1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class Header(msgspec.Struct):
    ruleset: str
    rules_version: str
    options: msgspec.Raw
    seats: list[Seat]
    seed: int
    created: str
    updated: str
    magic: str = MAGIC
    format: int = FORMAT_VERSION
    engine_version: str = ENGINE_VERSION
    finished: bool = False


class Record(msgspec.Struct, Generic[I, E]):
    header: Header
    steps: list[Step[I, E]]


class _Peek(msgspec.Struct):
    header: dict[str, Any]


def encode(game: Game) -> bytes:
    rules = game.ruleset
    header = Header(
        ruleset=rules.id,
        rules_version=rules.rules_version,
        options=msgspec.Raw(msgspec.json.encode(game.options)),
        seats=game.seats,
        seed=game.seed,
        created=game.created,
        updated=now(),
        finished=game.is_over(),
    )
    return msgspec.json.encode(Record(header, game.steps))


def save(game: Game, path: str | os.PathLike[str]) -> None:
    """Write atomically: a crash at any moment leaves the old file or the new one."""
    write_atomic(Path(path), encode(game))


def write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load(
    path: str | os.PathLike[str],
    rulesets: dict[str, Ruleset],
    *,
    validate: bool = True,
) -> Game:
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    return decode(data, rulesets, name=name, validate=validate)


def decode(
    data: bytes,
    rulesets: dict[str, Ruleset],
    *,
    name: str = "saved game",
    validate: bool = True,
) -> Game:
    def fail(what: str) -> RecordError:
        return RecordError(f"{name}: {what}")

    try:
        peek = msgspec.json.decode(data, type=_Peek)
    except msgspec.DecodeError as exc:
        if not data.strip():
            raise fail("the file is empty") from None
        raise fail(f"not a saved game, or truncated or corrupted ({exc})") from None
    head = peek.header
    if head.get("magic") != MAGIC:
        raise fail("not a saved game of this program (no save header)")
    version = head.get("format")
    if not isinstance(version, int):
        raise fail("the save header has no format version")
    if version > FORMAT_VERSION:
        raise fail(
            f"saved by a newer version (format {version}; this program reads up to "
            f"{FORMAT_VERSION}): update the program to open it"
        )
    rules = rulesets.get(str(head.get("ruleset")))
    if rules is None:
        raise fail(f"unknown game {head.get('ruleset')!r}; known: {', '.join(sorted(rulesets))}")
    try:
        if version == FORMAT_VERSION:
            raw = msgspec.json.decode(data, type=_typed(rules))
        else:
            untyped = msgspec.json.decode(data, type=dict[str, Any])
            for v in range(version, FORMAT_VERSION):
                untyped = MIGRATIONS[v](untyped)
            raw = msgspec.convert(untyped, type=_typed(rules))
        header = raw.header
        options = msgspec.json.decode(header.options, type=rules.Options)
    except (msgspec.DecodeError, msgspec.ValidationError, KeyError) as exc:
        raise fail(f"corrupted content ({exc})") from None
    return rebuild(rules, header, options, raw.steps, name=name, validate=validate)


def _typed(rules: Ruleset) -> Any:
    return Record[rules.Intent, rules.Event]


def rebuild(
    rules: Ruleset,
    header: Header,
    options: Any,
    steps: list[Step],
    *,
    name: str,
    validate: bool,
) -> Game:
    def fail(what: str) -> RecordError:
        return RecordError(f"{name}: {what}")

    try:
        if not validate:
            return Game(rules, header.seats, options, header.seed, created=header.created,
                        _steps=steps)
        game = Game(rules, header.seats, options, header.seed, created=header.created)
    except IllegalIntent as exc:
        raise fail(f"the game's setup is not valid ({exc})") from None
    if not steps or steps[0].seat != SETUP_SEAT or game.steps[0].events != steps[0].events:
        raise fail("the setup does not match this game's seed (edited or damaged file)")
    for index, step in enumerate(steps[1:], start=1):
        if step.intent is None:
            raise fail(f"step {index} has no decision")
        try:
            produced = game.play(step.seat, step.intent)
        except IllegalIntent as exc:
            raise fail(f"step {index} does not replay: {exc}") from None
        if produced != step.events:
            raise fail(f"step {index} replays to different events (edited file, or rules changed)")
    return game
