"""One autosave file per game, so a new game never overwrites an unfinished one.

A game's autosave is ``autosave/<created>-<seed>.json`` in the data directory (its
creation time and seed name it, so a resumed game keeps writing the file it came
from), written atomically by ``engine.core.record.save`` at every step. "Continue"
takes the most recently updated unfinished one. At most ``KEEP`` files stay: the
oldest finished games go first, then the oldest unfinished ones. The single
``autosave.json`` of earlier versions is still listed, never deleted.

A file that cannot be read never blocks a list: a damaged one is moved to
``autosave/damaged/`` with a notice the app shows (the newest ``KEEP_DAMAGED`` stay
there), one saved by a newer program is left alone; a game whose autosave cannot be
written (a read-only or full disk) goes on in memory (``LocalTable.autosave_problem``).

The window playing an autosave holds a lock on it (``claim``, ``autosave/locks/``): a
second window on the same game plays a branch, its own file, instead of rewriting it.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from engine.core.errors import RecordError
from maharaja_tui import file_lock
from maharaja_tui.file_lock import FileLock
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


def is_autosave(path: Path) -> bool:
    return path.parent == autosave_dir() or path == legacy_autosave_path()


class Claim(NamedTuple):
    """The autosave a game is played on here: its path, why it is a branch (None: not
    one) and the lock this process holds on it while it plays it (None: the folder
    cannot hold a lock, a read-only disk, where autosave is off anyway)."""

    path: Path
    branched: str | None
    lock: FileLock | None


def claim(game: Any, source: Path | None = None) -> Claim:
    """Where ``game``, read from ``source`` (None: a new game), autosaves from now on,
    locked for this process.

    A game resumed from its autosave keeps writing that file. Any other game writes its
    own (``autosave_path_for``) unless that file holds moves this game lacks, a newer or
    another line of the same game, which must never be overwritten. Either file in use
    by another window (a second ``maharaja continue`` on the same data) is not written
    here either: two windows rewriting one file lost steps. The game then autosaves to a
    new file beside it, a branch, and the notice says why."""
    if source is not None and source.parent == autosave_dir():
        path = source
    else:
        path = autosave_path_for(game)
    try:
        lock = file_lock.take(lock_path(path))
    except OSError:  # no lock can be made here (read-only): nobody can write it either
        lock = None
    else:
        if lock is None:
            return _branch(path, f"This game is open in another window (its autosave "
                                 f"{path.name} is in use there)")
    if path == source or not path.exists() or _extends(game, path):
        return Claim(path, None, lock)
    if lock is not None:
        lock.release()
    return _branch(path, f"This game's autosave {path.name} has moves this one lacks; "
                         "it is kept")


def _branch(path: Path, why: str) -> Claim:
    """A new autosave beside ``path``: ``<stem>-<n>.json``, n one past the highest taken
    (found in one listing, not by trying names), locked for this process."""
    stem = path.stem
    pattern = re.compile(rf"{re.escape(stem)}-(\d+)\.(?:json|lock)")
    taken = [int(m.group(1)) for folder in (autosave_dir(), lock_path(path).parent)
             if folder.is_dir() for name in os.listdir(folder)
             if (m := pattern.fullmatch(name))]
    number = max(taken, default=1) + 1
    while True:  # a second try only when another window took that number meanwhile
        branch = path.with_name(f"{stem}-{number}{path.suffix}")
        try:
            lock = file_lock.take(lock_path(branch))
        except OSError:  # no lock can be made here: autosave is off anyway
            lock = None
        else:
            if lock is None:
                number += 1
                continue
        return Claim(branch, f"{why}; this game now autosaves to {branch.name} "
                             "(a branch).", lock)


def lock_path(path: Path) -> Path:
    """The lock file of the autosave at ``path`` (autosave/locks/<name>.lock)."""
    return autosave_dir() / "locks" / f"{path.stem}.lock"


def in_use(path: Path) -> bool:
    """Another window plays the autosave at ``path``."""
    return file_lock.is_held(lock_path(path))


def _extends(game: Any, path: Path) -> bool:
    """True when writing ``game`` over the autosave at ``path`` loses nothing: the file
    holds a beginning of this game, or is damaged (and is then set aside)."""
    from engine import rulesets
    from engine.core import record

    try:
        saved = record.load(path, rulesets(), validate=False)
    except RecordError as problem:
        if not problem.damaged:
            return False
        set_aside(path, problem)
        return True
    return (saved.ruleset.id == game.ruleset.id
            and list(saved.steps) == list(game.steps[: len(saved.steps)]))


class Autosave(msgspec.Struct, frozen=True):
    """An autosave file as the resume lists show it. Read by folding its events, so
    what the header says (finished or not) is never trusted."""

    path: Path
    ruleset: str
    names: tuple[str, ...]
    seed: int
    updated: str  # ISO time, UTC
    finished: bool
    options: dict[str, Any]
    round_number: int | None = None
    started: bool = True  # a human has decided something, or it was played from a position
    progress: str = ""  # how far it is, in the game's words ("round 3", "turn 7/16")

    def round(self) -> int | None:
        """The round the game is in, if the game counts rounds."""
        return self.round_number

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
        from engine.registry import specs

        spec = specs().get(self.ruleset)
        return spec.title if spec is not None else self.ruleset

    def who(self) -> str:
        if self.options.get("mode") == "solo":
            return f"{self.names[0] if self.names else 'You'} vs Brahmabot " \
                   f"({self.options.get('difficulty', 'medium')})"
        return ", ".join(self.names)

    def describe(self, *, with_round: bool = True) -> str:
        """``Maharaja (2020) · You, Anand, Bela · round 3 · 2026-11-22 14:05`` (the
        game's own words for how far it is: Maharadjah's ``turn 7/16``)."""
        parts = [self.title(), self.who()]
        if with_round:
            number = self.round()
            if self.progress:
                parts.append(self.progress)
            elif number:
                parts.append(f"round {number}")
        parts.append(self.when())
        return " · ".join(parts)


# path -> (what the file was when read, what it held): a list is read once per change.
_read: dict[Path, tuple[tuple[int, int, int], Autosave | None]] = {}
# Per autosave folder (tests change data dirs): (file name, what happened to it).
_notices: dict[Path, list[tuple[str, str]]] = {}


def read(path: Path) -> Autosave | None:
    """The autosave at ``path``, or None when it cannot be used: a damaged one is moved
    aside to ``damaged/`` (with a notice), a newer version's save is left alone."""
    try:
        stat = path.stat()
    except OSError:
        return None
    key = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
    cached = _read.get(path)
    if cached is not None and cached[0] == key:
        return cached[1]
    from engine import rulesets
    from engine.core import record

    try:
        header, game = record.load_record(path, rulesets(), validate=False)
    except RecordError as problem:
        if problem.damaged:
            set_aside(path, problem)
        _read[path] = (key, None)
        return None
    value = getattr(game.state, "round", None)
    options = msgspec.to_builtins(game.options)
    humans = {s for s, seat in enumerate(game.seats) if seat.is_human}
    # Played from a position (a replay's "play from here"): the player chose that game.
    started = game.start is not None or any(step.seat in humans for step in game.steps)
    save = Autosave(path, game.ruleset.id, tuple(seat.name for seat in game.seats), game.seed,
                    header.updated, game.is_over(),
                    options if isinstance(options, dict) else {},
                    value if isinstance(value, int) else None, started,
                    progress_of(game.ruleset.id, game.state))
    _read[path] = (key, save)
    return save


def set_aside(path: Path, problem: RecordError) -> None:
    """Move a damaged autosave to ``autosave/damaged/`` so it never blocks a list again,
    and leave a notice for the app to show (where it went and why)."""
    reason = str(problem).removeprefix(f"{path}: ")
    folder = autosave_dir() / "damaged"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        target = _free_name(folder, path)
        path.rename(target)
        os.utime(target)  # when it was set aside: the oldest go first (prune_damaged)
    except OSError as exc:
        said = (f"The autosave {path.name} is damaged and is skipped ({reason}); it could "
                f"not be moved aside: {exc.strerror or exc}")
    else:
        _read.pop(path, None)
        said = f"The autosave {path.name} is damaged ({reason}); it was moved to {target}"
        prune_damaged()
    _notices.setdefault(autosave_dir(), []).append((path.name, said))


KEEP_DAMAGED = 10  # damaged autosaves kept to look into (up to 16 MiB each)


def _free_name(folder: Path, path: Path) -> Path:
    """``path``'s name in ``folder``, numbered past those taken (``x.json``, ``x.2.json``,
    ``x.3.json``...): found in one listing, not by trying names one by one."""
    pattern = re.compile(rf"{re.escape(path.stem)}(?:\.(\d+))?{re.escape(path.suffix)}")
    taken = [int(m.group(1) or 1) for name in os.listdir(folder)
             if (m := pattern.fullmatch(name))]
    if not taken:
        return folder / path.name
    return folder / f"{path.stem}.{max(taken) + 1}{path.suffix}"


def prune_damaged(keep: int = KEEP_DAMAGED) -> list[Path]:
    """Delete the damaged autosaves set aside beyond ``keep``, the oldest first."""
    folder = autosave_dir() / "damaged"

    def set_aside_at(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    kept = sorted((p for p in folder.glob("*") if p.is_file()), key=set_aside_at,
                  reverse=True) if folder.is_dir() else []
    removed = []
    for path in kept[keep:]:
        try:
            path.unlink(missing_ok=True)
        except OSError:
            continue
        removed.append(path)
    return removed


def notices() -> list[str]:
    """What happened to damaged autosaves since the last call (the app shows these);
    several at once make one notice, not a screenful."""
    said = _notices.pop(autosave_dir(), [])
    if len(said) <= 2:
        return [text for _, text in said]
    names = ", ".join(name for name, _ in said)
    return [f"{len(said)} autosaves are damaged ({names}); they were moved to "
            f"{autosave_dir() / 'damaged'} (or skipped, if they could not be moved)"]


def autosaves() -> list[Autosave]:
    """Every readable autosave, most recently updated first."""
    paths = sorted(autosave_dir().glob("*.json")) if autosave_dir().is_dir() else []
    if legacy_autosave_path().exists():
        paths.append(legacy_autosave_path())
    found = [a for a in (read(p) for p in paths) if a is not None]
    return sorted(found, key=lambda a: (a.updated, a.path.name), reverse=True)


def progress_of(ruleset_id: str, state: Any) -> str:
    """How far a game is, in its adapter's words ("" for a game this UI cannot show)."""
    from maharaja_tui.games import UnsupportedGame, adapter_class

    try:
        adapter = adapter_class(ruleset_id)
    except UnsupportedGame:
        return ""
    progress = getattr(adapter, "progress", None)
    return str(progress(state)) if progress is not None else ""


def unfinished() -> list[Autosave]:
    return [a for a in autosaves() if not a.finished]


def resumable() -> list[Autosave]:
    """The unfinished games the lists offer, the one Continue resumes first: a game
    opened and left before any human decided anything (nothing of a person's to lose)
    is not worth a line, unless it is the latest of all (Continue takes it up: the
    list says so) or was played from a position (a choice of the player's)."""
    games = unfinished()
    return [a for n, a in enumerate(games) if a.started or n == 0]


def latest_unfinished() -> Path | None:
    """The first of ``resumable`` that loads (validated): what Continue resumes, the
    first line of the new-game screen's list. A damaged one is set aside and the next
    one tried."""
    from engine import rulesets
    from engine.core import record

    skipped: set[Path] = set()
    while True:
        for save in resumable():
            if save.path in skipped:
                continue
            try:
                record.load(save.path, rulesets())
            except RecordError as problem:
                if problem.damaged:
                    set_aside(save.path, problem)
                    # The list is asked again: with the damaged one gone, a game
                    # nobody had started yet may now be the latest and offered.
                    break
                skipped.add(save.path)
                continue
            return save.path
        else:
            return None


def latest() -> Path | None:
    """The most recently updated autosave, finished or not."""
    games = autosaves()
    return games[0].path if games else None


def autosave_path() -> Path:
    """The most recently updated autosave; where the single autosave of earlier versions
    lived when there is none."""
    return latest() or legacy_autosave_path()


def prune(keep: int = KEEP, protect: Path | None = None) -> list[Path]:
    """Delete autosaves beyond ``keep``: the oldest finished first, then the oldest
    unfinished; never ``protect`` (the game being played), a game another window plays,
    nor the legacy file. Lock files of autosaves gone go too."""
    candidates = [a for a in autosaves()
                  if a.path != protect and a.path != legacy_autosave_path()
                  and not in_use(a.path)]
    total = len(candidates) + (1 if protect is not None and protect.exists() else 0)
    excess = total - keep
    if excess <= 0:
        _forget_locks()
        return []
    oldest_first = sorted(candidates, key=lambda a: (not a.finished, a.updated, a.path.name))
    removed = []
    for save in oldest_first[:excess]:
        try:
            save.path.unlink(missing_ok=True)
        except OSError:  # a read-only folder: keep them, autosave warns on its own
            continue
        removed.append(save.path)
    _forget_locks()
    return removed


def _forget_locks() -> None:
    """Remove the lock files whose autosave is gone and that nobody holds (a lock file
    stays after its window closes: the lock is the OS's, the file only its anchor)."""
    folder = autosave_dir() / "locks"
    if not folder.is_dir():
        return
    for path in folder.glob("*.lock"):
        if (autosave_dir() / f"{path.stem}.json").exists():
            continue
        try:
            lock = file_lock.take(path)
        except OSError:
            continue
        if lock is not None:  # unlinked while held: nobody takes it meanwhile
            path.unlink(missing_ok=True)
            lock.release()
