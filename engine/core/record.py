"""Saved games: a header plus the step log, as msgspec JSON.

Loading validates by replaying every intent through the rules and checking that
it produces exactly the recorded events; any problem becomes one RecordError that
names the file and what is wrong. Old formats are upcast by ``MIGRATIONS``.

A load that need not validate (``validate=False``: lists, replays) folds the events
without re-deciding them only when the file is of the current rules and its
``digest`` matches what it folds (options, steps, start): a file damaged or edited
since this program wrote it, or one without a digest, is re-decided like any other.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

import msgspec

from engine.core.errors import RecordError, Refused
from engine.core.game import SETUP_SEAT, AnyGame, AnyStep, Game, Step, now
from engine.core.ruleset import AnyRuleset, Computer, Seat, legacy_controller

FORMAT_VERSION = 2  # 2: a seat's controller is a tagged Struct, not "human" / "bot:<level>"
ENGINE_VERSION = "0.1.0"
MAGIC = "maharaja-family-save"

# Limits no real save comes near (a long random Raja game is under 1 MiB); a file
# beyond them is refused with a clear message instead of exhausting memory or time.
MAX_BYTES = 16 * 2**20
MAX_SEATS = 16
MAX_NAME = 64  # characters in a seat's name (the new-game form allows no more)
MAX_TEXT = 64  # characters in the header's other texts (versions, times, controllers)
MAX_DEPTH = 1000  # msgspec refuses deeper JSON with a RecursionError
MAX_MESSAGE = 160  # characters of a RecordError after the file name

E = TypeVar("E")
I = TypeVar("I")  # noqa: E741


def _typed_controllers(record: dict[str, Any]) -> dict[str, Any]:
    """Format 1 -> 2: ``"controller": "bot:hard"`` becomes ``{"type": "computer", ...}``."""
    seats = record["header"].get("seats")
    for seat in seats if isinstance(seats, list) else []:  # a damaged list fails decoding later
        if isinstance(seat, dict) and isinstance(seat.get("controller"), str):
            seat["controller"] = msgspec.to_builtins(legacy_controller(seat["controller"]))
    record["header"]["format"] = 2
    return record


# format version N -> function upcasting an untyped record dict from N to N + 1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _typed_controllers}


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
    digest: str = ""  # of what a trusted load folds (see _digest); "" re-decides


class Record(msgspec.Struct, Generic[I, E], omit_defaults=True):
    header: Header
    steps: list[Step[I, E]]
    # the state a game played from a position began from (engine.core.fork); absent
    # for a new game, whose setup the seed draws
    start: Any = None


class _Parts(msgspec.Struct):
    """A save cut into its parts in one pass (the whole file's JSON checked), each
    decoded once its type is known; the digest covers the bytes as written."""

    header: msgspec.Raw
    steps: msgspec.Raw = msgspec.Raw(b"")
    start: msgspec.Raw = msgspec.Raw(b"null")


class _Written(msgspec.Struct, omit_defaults=True):
    """A Record whose parts are encoded already (to be digested)."""

    header: Header
    steps: msgspec.Raw
    start: msgspec.Raw | None = None


class Loaded(NamedTuple):
    header: Header
    game: AnyGame


def encode(game: AnyGame) -> bytes:
    rules = game.ruleset
    options = msgspec.json.encode(game.options)
    steps = msgspec.json.encode(game.steps)
    start = b"null" if game.start is None else msgspec.json.encode(game.start)
    header = Header(
        ruleset=rules.id,
        rules_version=rules.rules_version,
        options=msgspec.Raw(options),
        seats=game.seats,
        seed=game.seed,
        created=game.created,
        updated=now(),
        finished=game.is_over(),
        digest=_digest(rules.id, rules.rules_version, options, steps, start),
    )
    written = None if game.start is None else msgspec.Raw(start)
    return msgspec.json.encode(_Written(header, msgspec.Raw(steps), written))


def _digest(ruleset: str, rules_version: str, options: bytes, steps: bytes,
            start: bytes) -> str:
    """What a trusted load folds, as written: not a signature (anyone may recompute
    it) but proof the file is unchanged since a program wrote it, so damage and
    edits are re-decided. The header's other fields a fold never reads."""
    import hashlib  # here: it loads OpenSSL, which a new game's first frame does without

    digest = hashlib.blake2b(digest_size=16)
    for part in (ruleset.encode(), rules_version.encode(), options, steps, start):
        digest.update(len(part).to_bytes(8, "little"))  # no two splits hash alike
        digest.update(part)
    return "blake2b:" + digest.hexdigest()


def save(game: AnyGame, path: str | os.PathLike[str], *, private: bool = True) -> None:
    """Write atomically: a crash at any moment leaves the old file or the new one.

    ``private`` keeps the file to its owner (autosaves hold every seat's secrets);
    a file the player saves where they chose gets the permissions of any new file."""
    write_atomic(Path(path), encode(game), private=private)


def write_atomic(path: Path, data: bytes, *, private: bool = True) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        if not private:  # mkstemp makes 0600; honour the umask as open() would
            umask = os.umask(0)
            os.umask(umask)
            os.fchmod(fd, 0o666 & ~umask)
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
    rulesets: dict[str, AnyRuleset],
    *,
    validate: bool = True,
) -> AnyGame:
    """Read a saved game; any problem with the file raises one RecordError naming it."""
    return load_record(path, rulesets, validate=validate).game


def load_record(
    path: str | os.PathLike[str],
    rulesets: dict[str, AnyRuleset],
    *,
    validate: bool = True,
) -> Loaded:
    """The game and the header it was saved with (its update time, for lists)."""
    name = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"{name}: cannot be read ({exc.strerror or exc})",
                          damaged=False) from None
    return decode_record(data, rulesets, name=name, validate=validate)


def decode(
    data: bytes,
    rulesets: dict[str, AnyRuleset],
    *,
    name: str = "saved game",
    validate: bool = True,
) -> AnyGame:
    return decode_record(data, rulesets, name=name, validate=validate).game


def decode_record(
    data: bytes,
    rulesets: dict[str, AnyRuleset],
    *,
    name: str = "saved game",
    validate: bool = True,
) -> Loaded:
    """Untrusted bytes to a game, or one short RecordError: nothing else escapes."""

    def fail(what: str, *, damaged: bool = True) -> RecordError:
        return RecordError(f"{name}: {_short(what)}", damaged=damaged)

    if len(data) > MAX_BYTES:
        raise fail(f"too large for a saved game (over {MAX_BYTES // 2**20} MiB)")
    if not data.strip():
        raise fail("the file is empty")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise fail(f"not a saved game: not UTF-8 text (bad byte at offset {exc.start})") from None
    try:
        parts = msgspec.json.decode(data, type=_Parts)
        head = msgspec.json.decode(parts.header, type=dict[str, Any])
    except msgspec.DecodeError as exc:
        raise fail(f"not a saved game, or truncated or corrupted ({exc})") from None
    except RecursionError:
        raise fail(NESTED) from None
    if head.get("magic") != MAGIC:
        raise fail("not a saved game of this program (no save header)")
    version = _format_version(head.get("format"), fail)
    ruleset = head.get("ruleset")
    rules = rulesets.get(ruleset) if isinstance(ruleset, str) else None
    if rules is None:
        raise fail(f"unknown game {ruleset!r}; known: {', '.join(sorted(rulesets))}",
                   damaged=False)
    written_by = str(head.get("rules_version"))
    if _newer_rules(written_by, rules.rules_version):
        raise fail(f"saved under a newer version of the {rules.id} rules "
                   f"({_short(written_by, 24)}; this program plays {rules.rules_version}): "
                   "update the program to open it", damaged=False)
    digested = False
    try:
        if version == FORMAT_VERSION and written_by == rules.rules_version:
            if not parts.steps:
                raise msgspec.ValidationError("Object missing required field `steps`")
            header = msgspec.json.decode(parts.header, type=Header)
            steps = msgspec.json.decode(parts.steps, type=_typed_steps(rules))
            start = msgspec.json.decode(parts.start, type=rules.State | None)
            digested = not validate and header.digest == _digest(
                rules.id, rules.rules_version, header.options, parts.steps, parts.start)
        else:
            untyped = msgspec.json.decode(data, type=dict[str, Any])
            for v in range(version, FORMAT_VERSION):
                untyped = MIGRATIONS[v](untyped)
            if written_by != rules.rules_version:  # the game's own intents changed shape
                untyped = rules.upgrade(untyped, written_by)  # (replayed: never trusted)
            # through JSON again: the header's options stay raw JSON (convert cannot)
            raw = msgspec.json.decode(msgspec.json.encode(untyped), type=_typed(rules))
            header, steps = raw.header, raw.steps
            start = None if raw.start is None else msgspec.convert(raw.start, type=rules.State)
        options = msgspec.json.decode(header.options, type=rules.Options)
    except RecursionError:
        raise fail(NESTED) from None
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, KeyError,
            TypeError, ValueError) as exc:
        other = _whose_steps(parts.steps, rules, rulesets)
        if other is not None:
            raise fail(f"this file says {rules.id} but holds {other} events") from None
        raise fail(f"corrupted content ({exc})") from None
    _check_header(header, rules, fail)
    # Only a fold of the same rules, of the events as this program wrote them, can be
    # trusted without replaying every decision.
    trusted = not validate and digested
    game = rebuild(rules, header, options, steps, name=name, validate=not trusted,
                   start=start)
    return Loaded(header, game)


NESTED = f"not a saved game: nested more than about {MAX_DEPTH} levels deep"


def _newer_rules(written_by: str, plays: str) -> bool:
    """A rules version after the one this program plays: the same text ending in a
    greater number ("3" after "2", "raja.md/2" after "raja.md/1"). Its events may mean
    what this program does not know, so it is refused, as a newer format is; any other
    difference is an older version, upgraded and replayed."""
    mine, theirs = _numbered(plays), _numbered(written_by)
    return mine is not None and theirs is not None and theirs[0] == mine[0] \
        and theirs[1] > mine[1]


def _numbered(version: str) -> tuple[str, int] | None:
    head = version.rstrip("0123456789")
    digits = version[len(head):]
    return (head, int(digits)) if digits and len(digits) <= 9 else None


def _whose_steps(steps: msgspec.Raw, rules: AnyRuleset,
                 rulesets: dict[str, AnyRuleset]) -> str | None:
    """The other game whose events the steps are, when the header names the wrong one
    (a save of one game under another's id): only the rules can tell, by reading them."""
    if not steps:
        return None
    for other in rulesets.values():
        if other.id == rules.id:
            continue
        try:
            msgspec.json.decode(steps, type=_typed_steps(other))
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
            continue
        return str(other.id)
    return None


def _format_version(value: Any, fail: Callable[..., RecordError]) -> int:
    """The header's format version, or a RecordError saying why it cannot be read."""
    if type(value) is not int:  # 1.0, "1" and true are not versions
        raise fail(f"the save header's format version is not a whole number ({value!r})")
    if value > FORMAT_VERSION:
        raise fail(
            f"saved by a newer version (format {value}; this program reads up to "
            f"{FORMAT_VERSION}): update the program to open it", damaged=False)
    if value < 1 or any(v not in MIGRATIONS for v in range(value, FORMAT_VERSION)):
        raise fail(f"unknown format version {value} (this program reads 1 to {FORMAT_VERSION})")
    return value


def _check_header(header: Header, rules: AnyRuleset, fail: Callable[..., RecordError]) -> None:
    """Sizes a real save never exceeds; the header's ``finished`` is never trusted (the
    fold says whether the game is over) and ``engine_version`` is only informative."""
    texts = {"rules version": header.rules_version, "engine version": header.engine_version,
             "creation time": header.created, "update time": header.updated,
             "digest": header.digest}
    for what, text in texts.items():
        if len(text) > MAX_TEXT:
            raise fail(f"the save header's {what} is longer than {MAX_TEXT} characters")
    if not 1 <= len(header.seats) <= MAX_SEATS:
        raise fail(f"the save header has {len(header.seats)} seats (1 to {MAX_SEATS} expected)")
    for number, seat in enumerate(header.seats, start=1):
        level = seat.controller.level if isinstance(seat.controller, Computer) else ""
        if len(seat.name) > MAX_NAME or len(level) > MAX_TEXT:
            raise fail(f"seat {number}'s name is longer than {MAX_NAME} characters")


def _short(text: str, limit: int = MAX_MESSAGE) -> str:
    """A message never echoes a huge value from the file."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _typed(rules: AnyRuleset) -> Any:
    # parametrised at run time with the ruleset's unions, which no checker can see
    return Record[rules.Intent, rules.Event]  # type: ignore[name-defined]


def _typed_steps(rules: AnyRuleset) -> Any:
    return list[Step[rules.Intent, rules.Event]]  # type: ignore[name-defined]


def rebuild(
    rules: AnyRuleset,
    header: Header,
    options: Any,
    steps: list[AnyStep],
    *,
    name: str,
    validate: bool,
    start: Any = None,
) -> AnyGame:
    """The game the steps make. Whatever the rules raise on crafted steps (not only
    Refused: an IndexError, an AssertionError...) becomes a RecordError."""

    def fail(what: str) -> RecordError:
        return RecordError(f"{name}: {_short(what)}")

    if not steps or steps[0].seat != SETUP_SEAT:
        raise fail("the setup does not match this game's seed (edited or damaged file)")
    if not validate:
        try:
            game = Game(rules, header.seats, options, header.seed, created=header.created,
                        start=start, _steps=steps)
            _probe(game)
        except Exception as exc:  # noqa: BLE001 - untrusted data: any failure is damage
            raise fail(f"the saved events do not make a game ({_problem(exc)})") from None
        return game
    try:
        game = Game(rules, header.seats, options, header.seed, created=header.created,
                    start=start)
    except Exception as exc:  # noqa: BLE001
        raise fail(f"the game's setup is not valid ({_problem(exc)})") from None
    if game.steps[0].events != steps[0].events:
        raise fail("the setup does not match this game's seed (edited or damaged file)")
    for index, step in enumerate(steps[1:], start=1):
        if step.intent is None:
            raise fail(f"step {index} has no decision")
        try:
            produced = game.play(step.seat, step.intent)
        except Exception as exc:  # noqa: BLE001
            raise fail(f"step {index} does not replay: {_problem(exc)}") from None
        if produced != step.events:
            version = ("" if header.rules_version == rules.rules_version else
                       f" (saved under rules {header.rules_version}, these are "
                       f"{rules.rules_version})")
            raise fail(f"step {index} replays to different events (edited file, or rules "
                       f"changed){version}")
    try:
        _probe(game)
    except Exception as exc:  # noqa: BLE001
        raise fail(f"the game cannot go on ({_problem(exc)})") from None
    return game


def _probe(game: AnyGame) -> None:
    """What every screen asks of a loaded game first: who moves, is it over, the views."""
    game.is_over()
    for seat in (None, *range(len(game.seats))):
        game.view(seat)
    for seat in game.to_move():
        game.legal_intents(seat)


def _problem(exc: Exception) -> str:
    if isinstance(exc, Refused):
        return str(exc)
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
