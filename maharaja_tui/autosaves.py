"""One autosave file per game, so a new game never overwrites an unfinished one.

A game's autosave is ``autosave/<created>-<seed>.json`` in the data directory (its
creation time and seed name it, so a resumed game keeps writing the file it came
from), written atomically by ``engine.core.record.save`` at every step. "Continue"
takes the most recently updated unfinished one. At most ``KEEP`` files stay: the
oldest finished games go first, then the oldest unfinished ones. The single
``autosave.json`` of earlier versions is still listed, never deleted.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from maharaja_tui.paths import data_dir

KEEP = 20


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def legacy_autosave_path() -> Path:
    """The one autosave slot of earlier versions."""
    return data_dir() / "autosave.json"


def autosave_path_for(game: Any) -> Path:
    """Where ``game`` autosaves: named by its creation time and seed."""
    stamp = "".join(ch for ch in str(game.created) if ch.isdigit())[:14] or "0"
    return autosave_dir() / f"{stamp}-{game.seed}.json"


class _Header(msgspec.Struct):
    ruleset: str = ""
    seats: list[dict[str, Any]] = []
    seed: int = 0
    created: str = ""
    updated: str = ""
    finished: bool = False
    options: dict[str, Any] = {}


class _Peek(msgspec.Struct):
    header: _Header


@dataclass(frozen=True)
class Autosave:
    """An autosave file as the resume lists show it (read from its header only)."""

    path: Path
    ruleset: str
    names: tuple[str, ...]
    seed: int
    updated: str  # ISO time, UTC
    finished: bool
    options: dict[str, Any]

    def round(self) -> int | None:
        """The round the game is in (this replays the file's events, unvalidated)."""
        from engine import RecordError, rulesets
        from engine.core import record

        try:
            game = record.load(self.path, rulesets(), validate=False)
        except (RecordError, ValueError, KeyError, TypeError):  # damaged: no round
            return None
        value = getattr(game.state, "round", None)
        return value if isinstance(value, int) else None

    def when(self) -> str:
        """The last update in local time, ``2026-11-22 14:05``."""
        try:
            moment = dt.datetime.fromisoformat(self.updated)
        except ValueError:
            return self.updated
        if moment.tzinfo is not None:
            moment = moment.astimezone()
        return moment.strftime("%Y-%m-%d %H:%M")

    def title(self) -> str:
        from maharaja_tui.games import ADAPTERS

        adapter = ADAPTERS.get(self.ruleset)
        return adapter.title if adapter is not None else self.ruleset

    def who(self) -> str:
        if self.options.get("mode") == "solo":
            return f"{self.names[0] if self.names else 'You'} vs Brahmabot " \
                   f"({self.options.get('difficulty', 'medium')})"
        return ", ".join(self.names)

    def describe(self, *, with_round: bool = True) -> str:
        """``Maharaja (2020) · You, Anand, Bela · round 3 · 2026-11-22 14:05``."""
        parts = [self.title(), self.who()]
        if with_round:
            number = self.round()
            if number:
                parts.append(f"round {number}")
        parts.append(self.when())
        return " · ".join(parts)


def read(path: Path) -> Autosave | None:
    try:
        head = msgspec.json.decode(path.read_bytes(), type=_Peek).header
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    names = tuple(str(s.get("name", "")) for s in head.seats)
    return Autosave(path, head.ruleset, names, head.seed, head.updated, head.finished,
                    head.options)


def autosaves() -> list[Autosave]:
    """Every readable autosave, most recently updated first."""
    paths = sorted(autosave_dir().glob("*.json")) if autosave_dir().is_dir() else []
    if legacy_autosave_path().exists():
        paths.append(legacy_autosave_path())
    found = [a for a in (read(p) for p in paths) if a is not None]
    return sorted(found, key=lambda a: (a.updated, a.path.name), reverse=True)


def unfinished() -> list[Autosave]:
    return [a for a in autosaves() if not a.finished]


def latest_unfinished() -> Path | None:
    games = unfinished()
    return games[0].path if games else None


def latest() -> Path | None:
    """The most recently updated autosave, finished or not."""
    games = autosaves()
    return games[0].path if games else None


def prune(keep: int = KEEP, protect: Path | None = None) -> list[Path]:
    """Delete autosaves beyond ``keep``: the oldest finished first, then the oldest
    unfinished; never ``protect`` (the game being played) nor the legacy file."""
    candidates = [a for a in autosaves()
                  if a.path != protect and a.path != legacy_autosave_path()]
    total = len(candidates) + (1 if protect is not None and protect.exists() else 0)
    excess = total - keep
    if excess <= 0:
        return []
    oldest_first = sorted(candidates, key=lambda a: (not a.finished, a.updated, a.path.name))
    removed = []
    for save in oldest_first[:excess]:
        save.path.unlink(missing_ok=True)
        removed.append(save.path)
    return removed
