"""The server's own records in SQLite: names and their keys, tables with their seats.

One file (``server.db`` in the data directory) in WAL mode, owned by one writer
thread: the event loop only queues writes (in order) and never waits on the disk.
It replaces ``names.json`` and each table's ``table.json``, once rewritten whole on
the loop (107 ms at 100,000 names); those are imported once at start, and kept as
``*.migrated``. A table's game log stays in the ordinary save format
(``tables/<id>/game.json``), so any game can still be opened by the app.

The embedded implementation of ``store.Store`` (one server process).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from engine.core import record
from engine.core.game import AnyGame

log = logging.getLogger("maharaja_server.transport.records")

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS names (name TEXT PRIMARY KEY, key TEXT NOT NULL, used REAL);
CREATE TABLE IF NOT EXISTS tables (id INTEGER PRIMARY KEY, meta BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
"""


class Records:
    def __init__(self, path: Path, games: Path | None = None) -> None:
        """``games``: the folder of the tables' game files (default: ``tables`` beside
        the database)."""
        self.path = path
        self.games = games if games is not None else path.parent / "tables"
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="records")
        self._db: sqlite3.Connection | None = None
        self.thread: threading.Thread | None = None  # the one thread that touches the file
        # Files queued and not yet written: path -> its latest content (put_file).
        self._files: dict[Path, bytes] = {}
        self._files_lock = threading.Lock()
        self._do(self._open).result()

    def _open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Private, as names.json was: which key is whose (the WAL files take this mode).
        self.path.touch(mode=0o600)
        self.path.chmod(0o600)
        self._db = sqlite3.connect(self.path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")  # WAL: durable at checkpoints, never torn
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(names)")}
        if "used" not in columns:  # an older server's: when a name was last used
            self._db.execute("ALTER TABLE names ADD COLUMN used REAL")
        self.thread = threading.current_thread()

    def _do(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        try:
            return self._writer.submit(fn, *args)
        except RuntimeError as exc:  # closed: a late timer (a handover) at shutdown
            done: Future[T] = Future()
            done.set_exception(sqlite3.ProgrammingError(f"records closed: {exc}"))
            return done

    def _run(self, sql: str, args: tuple[Any, ...] = ()) -> sqlite3.Cursor:
        assert self._db is not None
        return self._db.execute(sql, args)

    def _logged(self, future: Future[Any]) -> None:
        if future.exception() is not None:  # a full disk must not take the server down
            log.error("server records not written: %s", future.exception())

    # ----------------------------------------------------------------- names
    def names(self) -> dict[str, str]:
        return self._do(lambda: dict(self._run("SELECT name, key FROM names").fetchall())
                        ).result()

    def name_rows(self) -> dict[str, tuple[str, float | None]]:
        """Each name's key and when it was last used (None: never since an older server
        bound it at login)."""
        rows = self._do(lambda: self._run("SELECT name, key, used FROM names").fetchall()
                        ).result()
        return {name: (key, used) for name, key, used in rows}

    def put_name(self, name: str, key: str, used: float | None) -> None:
        """Queued, as the tables' rows are."""
        self._do(self._run, "INSERT OR REPLACE INTO names VALUES (?, ?, ?)", (name, key, used)
                 ).add_done_callback(self._logged)

    def forget_names(self, names: list[str]) -> None:
        self._do(self._many, "DELETE FROM names WHERE name = ?", [(n,) for n in names]
                 ).add_done_callback(self._logged)

    async def claim(self, name: str, key: str) -> bool:
        """Bind ``name`` to ``key`` unless another key has it (True: it is ``key``'s)."""
        def claim() -> bool:
            self._run("INSERT OR IGNORE INTO names VALUES (?, ?, ?)", (name, key, time.time()))
            row = self._run("SELECT key FROM names WHERE name = ?", (name,)).fetchone()
            return bool(row and row[0] == key)

        return await asyncio.wrap_future(self._do(claim))

    # ---------------------------------------------------------------- tables
    def counter(self, name: str) -> int:
        row = self._do(lambda: self._run("SELECT value FROM counters WHERE name = ?",
                                         (name,)).fetchone()).result()
        return int(row[0]) if row else 0

    def put_counter(self, name: str, value: int) -> None:
        """Queued before the rows that use the value (a table's id before its row)."""
        self._do(self._run, "INSERT OR REPLACE INTO counters VALUES (?, ?)", (name, value)
                 ).add_done_callback(self._logged)

    def tables(self) -> dict[int, bytes]:
        return self._do(lambda: dict(self._run("SELECT id, meta FROM tables").fetchall())
                        ).result()

    def put_table(self, table_id: int, meta: bytes) -> None:
        """Queued: the loop goes on at once; writes land in the order they were made."""
        folder = self.games / str(table_id)
        if not folder.exists():  # its game's folder, made with it (its time: the table's)
            folder.mkdir(parents=True, exist_ok=True)
        self._do(self._run, "INSERT OR REPLACE INTO tables VALUES (?, ?)", (table_id, meta)
                 ).add_done_callback(self._logged)

    def drop_table(self, table_id: int) -> None:
        self._do(self._run, "DELETE FROM tables WHERE id = ?", (table_id,)
                 ).add_done_callback(self._logged)

    # ------------------------------------------------------------- game logs
    def save_game(self, table_id: int, game: AnyGame) -> None:
        """Encoded here (the game goes on changing), written by the records' thread: the
        fsync took a loaded disk's time on the loop before every move's push."""
        self.put_file(self.games / str(table_id) / "game.json", record.encode(game))

    def load_game(self, table_id: int, rulesets: dict[str, Any]
                  ) -> tuple[AnyGame | None, float | None]:
        folder = self.games / str(table_id)
        path = folder / "game.json"
        # Last activity: the game's last save, else when the table was made.
        touched = max((p.stat().st_mtime for p in (folder, path) if p.exists()), default=None)
        return (record.load(path, rulesets) if path.exists() else None), touched

    def drop_game(self, table_id: int) -> None:
        folder = self.games / str(table_id)
        shutil.rmtree(folder, ignore_errors=True)
        self.remove_dir(folder)  # after a save still queued for it

    def put_file(self, path: Path, data: bytes) -> None:
        """Queued like the rows: a file written whole (atomically, fsynced) by the writer
        thread, so a table's move never waits on the disk before its players see it.

        A file already queued and not yet written is written once, with its latest
        content, where it was queued first: when the disk is slower than the moves,
        each move's whole game file was written and fsynced in turn, each a hand-over
        to the writer thread (with its save, a third of the server's Python CPU a move).
        Nothing is lost: a later content holds every step of an earlier."""
        with self._files_lock:
            queued = path in self._files
            self._files[path] = data
        if not queued:
            self._do(self._write_file, path).add_done_callback(self._logged)

    def _write_file(self, path: Path) -> None:
        with self._files_lock:
            data = self._files.pop(path)
        replace_file(path, data)

    def remove_dir(self, path: Path) -> None:
        """Queued after every write made so far (one of them may still land in it)."""
        self._do(shutil.rmtree, path, True).add_done_callback(self._logged)

    # ------------------------------------------- other modules' own tables
    # Clocks, finished games, ratings and players' settings (ledger.py) keep tables of
    # their own in this file, through these three calls, on the same writer thread.
    def create(self, schema: str) -> None:
        """Make tables (``CREATE TABLE IF NOT EXISTS ...``) and wait for it."""
        def create() -> None:
            assert self._db is not None
            self._db.executescript(schema)

        self._do(create).result()

    def write(self, sql: str, args: tuple[Any, ...] = ()) -> None:
        """Queued after every write made so far, like the tables' rows."""
        self._do(self._run, sql, args).add_done_callback(self._logged)

    def read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows, after every write queued so far (blocks: start, lists asked for)."""
        return self._do(lambda: self._run(sql, args).fetchall()).result()

    def flush(self) -> None:
        """Wait for every queued write (tests, shutdown)."""
        self._do(lambda: None).result()

    def close(self) -> None:
        def close() -> None:
            if self._db is not None:
                self._db.close()
                self._db = None

        self._do(close).result()
        self._writer.shutdown(wait=True)

    # ------------------------------------------------------------- migration
    def migrate(self, data_dir: Path, tables_dir: Path) -> None:
        """Import ``names.json`` and every ``tables/<id>/table.json`` once."""
        old_names = data_dir / "names.json"
        if old_names.exists():
            try:
                names = json.loads(old_names.read_text())
                rows = [(str(n), str(k)) for n, k in names.items()]
                self._do(self._many, "INSERT OR IGNORE INTO names (name, key) VALUES (?, ?)", rows
                         ).result()
                old_names.rename(old_names.with_suffix(".json.migrated"))
                log.info("imported %d names from %s", len(rows), old_names)
            except (OSError, ValueError, AttributeError) as exc:
                log.error("names.json not imported: %s", exc)
        for meta_path in sorted(tables_dir.glob("*/table.json")):
            try:
                table_id = int(meta_path.parent.name)
                self._do(self._run, "INSERT OR IGNORE INTO tables VALUES (?, ?)",
                         (table_id, meta_path.read_bytes())).result()
                meta_path.rename(meta_path.with_suffix(".json.migrated"))
            except (OSError, ValueError) as exc:
                log.error("%s not imported: %s", meta_path, exc)

    def _many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        assert self._db is not None
        self._db.execute("BEGIN")  # one transaction: 100,000 names in one write
        self._db.executemany(sql, rows)
        self._db.execute("COMMIT")


def replace_file(path: Path, data: bytes) -> None:
    """``path`` holds ``data`` whole, or what it held before (a crash at any moment),
    private to the server. ``record.write_atomic`` with less around it: one writer
    thread, so one fixed temporary name and no directory made (a folder its table's
    removal took stays gone), a write that cost the writer thread as much again in
    Python (mkstemp's random names, a file object) as the disk's own work."""
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    except FileNotFoundError:  # its table was removed meanwhile: nothing to keep
        if not path.parent.exists():
            return
        raise
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
