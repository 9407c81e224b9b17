"""Damaged saves for fuzzing the loader and the autosave list (tests/test_fuzz_saves.py,
scripts/fuzz_saves.py): truncated, bit-flipped, re-encoded, deeply nested and
type-confused variants of real saves (the recordings and fresh random games).

Every outcome of loading one must be a ``RecordError`` or a game that works.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from random import Random
from typing import Any

from engine.core import autoplay, record
from engine.core.errors import RecordError
from engine.core.game import Game
from engine.core.ruleset import Computer, Seat
from engine.registry import rulesets

ROOT = Path(__file__).resolve().parents[1]
MESSAGE_LIMIT = 200  # characters of a RecordError beyond the file's name

# Values a crafted file may put anywhere: wrong types, edge numbers, huge texts.
CONFUSERS: list[Any] = [
    None, True, False, 0, 1, -1, 7, 99, 2**31, 2**63, -(2**70), 1.5, -0.0, 1e308, "", "x",
    "v01", "c1", "x" * 5000, [], {}, [0], [[]], {"type": "nothing"}, [None, None, None],
]


def sources(seed: int = 0, *, random_games: int = 4) -> list[bytes]:
    """Real saves: every recording, the old saves of tests/saves/, plus fresh random
    games of each ruleset, some finished, some stopped midway."""
    found = [p.read_bytes() for p in sorted((ROOT / "maharaja_tui" / "recordings").glob("*.json"))
             if not p.name.endswith(".expected.json")]
    # saves of older formats and rules versions, which are upcast and re-decided
    found += [p.read_bytes() for p in sorted((ROOT / "tests" / "saves").glob("*.json"))]
    rng = Random(seed)
    for number in range(random_games):
        for rules in rulesets().values():
            seats = [Seat(f"P{s}", Computer(level="random"))
                     for s in range(rules.min_seats + 1 + number % 2)]
            game = Game(rules, seats, None, rng.randrange(1, 10**6))
            autoplay.play_randomly(game, rng, max_steps=20_000 if number == 0 else 40 + 60 * number)
            found.append(record.encode(game))
    return found


# ------------------------------------------------------------------ byte mutations
def truncate(data: bytes, rng: Random) -> bytes:
    return data[: rng.randrange(len(data))]


def flip_bits(data: bytes, rng: Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


def splice(data: bytes, rng: Random) -> bytes:
    """Delete, duplicate or insert a few bytes somewhere."""
    at = rng.randrange(len(data))
    size = rng.randint(1, 16)
    kind = rng.randrange(3)
    if kind == 0:
        return data[:at] + data[at + size:]
    if kind == 1:
        return data[:at] + data[at:at + size] * 2 + data[at + size:]
    return data[:at] + bytes(rng.randrange(256) for _ in range(size)) + data[at:]


def reencode(data: bytes, rng: Random) -> bytes:
    """The same text in another encoding, with a byte-order mark, or with a name that
    is not UTF-8 inside a string."""
    text = data.decode("utf-8", "replace")
    kind = rng.randrange(5)
    if kind == 0:
        return text.encode(rng.choice(["utf-16", "utf-16-le", "utf-32"]))
    if kind == 1:
        return b"\xef\xbb\xbf" + data
    if kind == 2:
        return text.replace('"name":"', '"name":"\u00e9\u0101', 1).encode("latin-1", "replace")
    if kind == 3:  # invalid UTF-8 inside a string value
        quote = _nth_quote(data, rng)
        return data[:quote + 1] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80"]) + data[quote + 1:]
    return data.replace(b",", b",\r\n ", rng.randint(1, 50))


def _nth_quote(data: bytes, rng: Random) -> int:
    quotes = [i for i, b in enumerate(data[:20000]) if b == ord('"')]
    return rng.choice(quotes) if quotes else 0


# ----------------------------------------------------------- structure mutations
def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*path, index))


def _pick_path(doc: Any, rng: Random) -> tuple[Any, ...]:
    """A random node, biased to the header and the first steps (small games walk all)."""
    paths = []
    for n, path in enumerate(_paths(doc)):
        paths.append(path)
        if n > 4000:
            break
    return rng.choice(paths[1:]) if len(paths) > 1 else ()


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return doc


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def confuse_type(doc: Any, rng: Random) -> Any:
    return _set(doc, _pick_path(doc, rng), rng.choice(CONFUSERS))


def nudge_number(doc: Any, rng: Random) -> Any:
    """An integer (a seat, a place, an amount) off by a little or a lot."""
    ints = [p for p in _paths(doc) if type(_get(doc, p)) is int]
    if not ints:
        return doc
    path = rng.choice(ints)
    step = rng.choice([-1, 1, 2, -7, 50, 10**6, -(10**6), 2**40])
    return _set(doc, path, _get(doc, path) + step)


def swap_text(doc: Any, rng: Random) -> Any:
    """A string (a tag, a place, a version, a name) replaced by another string of the file."""
    texts = [p for p in _paths(doc) if isinstance(_get(doc, p), str)]
    if len(texts) < 2:
        return doc
    path, other = rng.sample(texts, 2)
    return _set(doc, path, _get(doc, other))


def drop_key(doc: Any, rng: Random) -> Any:
    keyed = [p for p in _paths(doc) if p and isinstance(_get(doc, p[:-1]), dict)]
    if not keyed:
        return doc
    path = rng.choice(keyed)
    del _get(doc, path[:-1])[path[-1]]
    return doc


def shuffle_steps(doc: Any, rng: Random) -> Any:
    """Steps dropped, duplicated, swapped or moved to another seat."""
    steps = doc.get("steps") if isinstance(doc, dict) else None
    if not isinstance(steps, list) or len(steps) < 3:
        return doc
    i, j = sorted(rng.sample(range(len(steps)), 2))
    kind = rng.randrange(4)
    if kind == 0:
        del steps[i]
    elif kind == 1:
        steps.insert(j, steps[i])
    elif kind == 2:
        steps[i], steps[j] = steps[j], steps[i]
    elif isinstance(steps[j], list) and steps[j]:
        steps[j][0] = rng.choice([-2, -1, 0, 1, 2, 3, 4, 5, 99])
    return doc


def header_lies(doc: Any, rng: Random) -> Any:
    """A header that contradicts the game: finished, versions, format, sizes."""
    header = doc.get("header") if isinstance(doc, dict) else None
    if not isinstance(header, dict):
        return doc
    key, value = rng.choice([
        ("finished", True), ("finished", False), ("rules_version", "0"),
        ("rules_version", "x" * 5000), ("engine_version", "99.0"), ("format", 0),
        ("format", -1), ("format", 1.0), ("format", "1"), ("format", True), ("format", 2),
        ("seed", rng.randrange(-5, 10**6)), ("created", "x" * 5000), ("updated", "9999"),
        ("seats", [{"name": "n" * 10_000, "controller": {"type": "human"}}] * 3),
        ("seats", [{"name": "s", "controller": {"type": "human"}}] * 500), ("ruleset", "chess"),
    ])
    header[key] = value
    return doc


def nest_deeply(doc: Any, rng: Random) -> Any:
    depth = rng.choice([500, 999, 1000, 1001, 3000, 20000])
    nested: Any = []
    for _ in range(depth):
        nested = [nested]
    return _set(doc, _pick_path(doc, rng), nested)


BYTE_MUTATIONS: list[Callable[[bytes, Random], bytes]] = [truncate, flip_bits, splice, reencode]
DOC_MUTATIONS: list[Callable[[Any, Random], Any]] = [
    confuse_type, nudge_number, swap_text, drop_key, shuffle_steps, header_lies, nest_deeply]


def mutate(data: bytes, rng: Random) -> bytes:
    """One to three mutations of a save, bytes-level or structural."""
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        if not data:
            return data
        try:
            doc = json.loads(data)
        except (ValueError, RecursionError):
            doc = None
        if doc is None or rng.random() < 0.35:
            data = rng.choice(BYTE_MUTATIONS)(data, rng)
            continue
        doc = rng.choice(DOC_MUTATIONS)(doc, rng)
        try:
            data = json.dumps(doc, separators=(",", ":")).encode()
        except RecursionError:  # json cannot write it: build the text by hand
            data = _deep_text(rng)
    return data


def _deep_text(rng: Random) -> bytes:
    depth = rng.choice([1000, 5000, 50_000])
    return (b'{"header":{"magic":"maharaja-family-save","format":1,"ruleset":"maharaja-2020",'
            b'"x":' + b"[" * depth + b"]" * depth + b"}}")


# ------------------------------------------------------------------------ checking
def check_load(data: bytes, name: str = "fuzzed.json") -> str:
    """Load ``data`` validated and as a plain fold: each outcome is a short RecordError
    naming the file, or a game that works (and saves and loads back the same)."""
    outcome = []
    for validate in (True, False):
        try:
            game = record.decode(data, rulesets(), name=name, validate=validate)
        except RecordError as error:
            message = str(error)
            assert message.startswith(f"{name}: "), message
            assert len(message) <= len(name) + 2 + MESSAGE_LIMIT, message
            outcome.append("error")
            continue
        check_game(game, log=validate)
        if validate:
            again = record.decode(record.encode(game), rulesets(), name=name)
            assert again.steps == game.steps
        outcome.append("game")
    return "/".join(outcome)


def check_game(game: Game, *, log: bool = True) -> None:
    """What the screens ask of a game they are given; the move log only of a validated
    one (an unvalidated fold promises a readable state, nothing more)."""
    game.is_over()
    for seat in (None, *range(len(game.seats))):
        game.view(seat)
    if log:  # only a validated game is played on; a fold may stop where nothing is legal
        for seat in game.to_move():
            assert game.legal_intents(seat), f"seat {seat} must move but has no legal intent"
        game.descriptions(None)
