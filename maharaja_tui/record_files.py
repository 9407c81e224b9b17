"""A game from a file for the record commands (``maharaja export``, ``maharaja import``):
a saved game (JSON, as autosave and save-as write it) or a game record (text, as
``engine.records`` writes it and people type it)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from engine import records, rulesets
from engine.core import record
from engine.core.errors import RecordError
from engine.core.game import AnyGame
from engine.core.notation import NotationError, fold_key
from engine.core.record_text import MAX_TEXT


class Opened(NamedTuple):
    game: AnyGame
    errors: list[str]  # what the record's reader said (a save has none: it loads or fails)
    seat: int | None  # whose record it is (None: a full record, or a save)


def open_game(path: Path) -> Opened:
    """The game in ``path``; a file that holds none raises RecordError with one line
    naming it (a record read in part is returned with its errors)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(max(record.MAX_BYTES, MAX_TEXT) + 1)
    except OSError as exc:
        raise RecordError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if data.lstrip()[:1] == b"{":  # a saved game is a JSON object; a record never starts so
        return Opened(record.decode(data, rulesets(), name=str(path), validate=False), [], None)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{path}: neither a saved game nor a game record (not UTF-8 "
                          f"text: bad byte at offset {exc.start})") from None
    try:
        reading = records.read(text)
    except NotationError as exc:
        raise RecordError(f"{path}: {exc}") from None
    return Opened(reading.game, [str(e) for e in reading.errors], reading.seat)


def seat_named(game: AnyGame, word: str) -> int:
    """A seat by its letter in the game's records (R, Y...) or its number from 1."""
    letters = records.kind(game.ruleset.id).notation.letters(game.options, len(game.seats))
    keys = [fold_key(letter) for letter in letters]
    if fold_key(word) in keys:
        return keys.index(fold_key(word))
    if word.isdigit() and 1 <= int(word) <= len(game.seats):
        return int(word) - 1
    raise ValueError(f"--seat takes a seat's letter ({' '.join(letters)}) or number "
                     f"(1-{len(game.seats)}), not {word!r}")
