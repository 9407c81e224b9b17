"""The server's store in PostgreSQL: several server processes share one database.

``maharaja serve --store postgresql://USER@HOST/DB`` keeps here what the embedded store
(``records.py``) keeps in the data directory: names and their keys, tables with their
seats, each table's game log as rows of steps (one row a step, the key ``(table,
step)``: a step is written once), and join links; and what several processes need to
share the tables: which process owns each table (a lease row with an expiry and an
epoch), decisions sent to a table's owner from sessions on other processes, and who
is at which table on each process.

Plain SQL through psycopg 3 and its pool. The schema is versioned (``store_pg_schema``):
each start brings an older schema up to date in one transaction, and a schema newer
than this code stops the server with a message saying so.

Writes to a table (its settings, its steps, the answers to its decisions) are made by
its owner only, in one transaction that first checks the owner still holds the
table's lease (the epoch it took it with): a process that lost its lease (stalled
past the expiry, cut off) writes nothing more there. Its last transaction may still
race the new owner's first; the ``(table, step)`` key lets one of them in, and the
other reads what was written instead (``Lost``). Every committed change is announced
on the ``maharaja`` channel (``NOTIFY``) so the other processes read it.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from engine.core.game import AnyGame, AnyStep
from maharaja_server.transport.store_pg_rows import game_from, head_of, step_row
from maharaja_server.transport.store_pg_schema import connect, migrate

log = logging.getLogger("maharaja_server.transport.store_pg")

CHANNEL = "maharaja"  # every process LISTENs here; payloads are "<kind> <args>"


class Lost(Exception):
    """This process no longer owns the table (its lease went to another, or another
    wrote the same step first): it reads the table again instead of writing."""


# -------------------------------------------------------------------- table writes
@dataclass
class Answer:
    """The owner's answer to a decision another process sent it."""

    decision: int
    node: str  # the process to tell
    result: bytes | None = None
    rule: str | None = None  # a refusal's rule id and reason
    reason: str | None = None


@dataclass
class Taken:
    """An answer as the asking process takes it: the result, or a refusal's rule and
    reason; and the game revision the change it made is in."""

    result: bytes | None
    rule: str | None
    reason: str | None
    revision: int


@dataclass
class Decision:
    id: int
    table: int
    node: str
    name: str
    key: str
    address: str
    seat: int | None
    kind: str
    body: bytes


@dataclass
class _Pending:
    """What a table's owner changed and has not written yet."""

    meta: bytes | None = None
    game: AnyGame | None = None
    undo: bytes | None = None
    undo_set: bool = False
    answers: list[Answer] = field(default_factory=list)
    drop: bool = False
    made: int = 0  # changes asked for so far
    done: int = 0  # ... and written
    waiters: list[tuple[int, asyncio.Future[None]]] = field(default_factory=list)
    task: asyncio.Task[None] | None = None
    new: bool = False  # created here: no row yet, the lease is taken with the first write


@dataclass
class GameRows:
    """What changed in a table's game since a revision (read in one snapshot)."""

    revision: int
    steps: int  # how many the game has now
    undo: bytes | None
    head: str
    rows: list[tuple[int, int, str | None, str]]  # (step, seat, intent, events)


class PgStore:
    """``store.Store`` in PostgreSQL, and the shared state of several server processes."""

    def __init__(self, url: str, *, lease: float = 5.0, about: str = "") -> None:
        self.url = url
        self.lease = lease  # seconds an owner may be silent before its tables are taken
        self.node = uuid.uuid4().hex[:12]  # this process, while it runs
        self.about = about
        self._sync = connect(url)
        found, now = migrate(self._sync)
        if found != now:
            log.info("store schema migrated from version %d to %d", found, now)
        self.pool: AsyncConnectionPool | None = None
        self._queue: asyncio.Queue[tuple[str, Any, str | None]] | None = None
        self._writer: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None
        # The tables this process owns: id -> the lease's epoch.
        self.owned: dict[int, int] = {}
        self._pending: dict[int, _Pending] = {}
        self._written: dict[int, list[AnyStep]] = {}  # the steps as last written, by table
        self.revisions: dict[int, int] = {}  # the game revision last written or read
        self.mrevs: dict[int, int] = {}  # the tables' meta revision as read at start
        self.on_notice: Callable[[str, list[str]], Awaitable[None] | None] | None = None
        self.on_lost: Callable[[int], None] | None = None
        self.on_listening: Callable[[], None] | None = None
        self.rejoined = False
        self.closed = False

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        self.pool = AsyncConnectionPool(self.url, min_size=2, max_size=6, open=False,
                                        kwargs={"autocommit": True}, name="maharaja")
        await self.pool.open(wait=True, timeout=15)
        self._queue = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_queue())
        await self._heartbeat()
        self._listener = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        """Write what is queued, give the leases up (another process takes them at
        once) and leave."""
        if self.pool is None:
            return
        for pending in list(self._pending.values()):
            if pending.task is not None:
                await asyncio.gather(pending.task, return_exceptions=True)
        if self._queue is not None:
            await self._queue.join()
        if self._writer is not None:
            self._writer.cancel()
        if self._listener is not None:
            self._listener.cancel()
        try:
            async with self.pool.connection() as conn:
                await conn.execute("UPDATE leases SET expires = now() WHERE node = %s",
                                   (self.node,))
                await conn.execute("DELETE FROM presence WHERE node = %s", (self.node,))
                await conn.execute("DELETE FROM nodes WHERE node = %s", (self.node,))
                await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"bye {self.node}"))
        except psycopg.Error as exc:
            log.warning("store: leases not given up at shutdown: %s", exc)
        self.owned.clear()
        await self.pool.close()
        self.pool = None

    def flush(self) -> None:
        """Nothing queued outlives a call on the event loop: ``stop`` writes it."""

    def close(self) -> None:
        self.closed = True
        self._sync.close()

    # ----------------------------------------------------------------- names
    def names(self) -> dict[str, str]:
        return dict(self._sync.execute("SELECT name, key FROM names").fetchall())

    def name_rows(self) -> dict[str, tuple[str, float | None]]:
        rows = self._sync.execute("SELECT name, key, used FROM names").fetchall()
        return {name: (key, used) for name, key, used in rows}

    def put_name(self, name: str, key: str, used: float | None) -> None:
        # Another process may have bound the name meanwhile: its key stays.
        self._do("INSERT INTO names VALUES (%s, %s, %s) ON CONFLICT (name) DO UPDATE "
                 "SET used = EXCLUDED.used WHERE names.key = EXCLUDED.key",
                 (name, key, used), f"name {name}")

    def forget_names(self, names: list[str]) -> None:
        self._do("DELETE FROM names WHERE name = ANY(%s)", (names,), "name *")

    async def claim(self, name: str, key: str) -> bool:
        try:
            async with self._conn() as conn:
                await conn.execute("INSERT INTO names VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                                   (name, key, time.time()))
                row = await (await conn.execute("SELECT key FROM names WHERE name = %s",
                                                (name,))).fetchone()
                await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"name {name}"))
        except psycopg.Error as exc:  # as a full disk is to the embedded store
            raise OSError(f"the store did not answer: {exc}") from None
        return bool(row and row[0] == key)

    async def read_names(self, name: str | None = None) -> dict[str, tuple[str, float | None]]:
        """Each name's key and when it was last used (one name's, or all)."""
        query, args = "SELECT name, key, used FROM names", ()  # type: tuple[str, tuple[Any, ...]]
        if name is not None:
            query, args = query + " WHERE name = %s", (name,)
        async with self._conn() as conn:
            rows = await (await conn.execute(query, args)).fetchall()
        return {row[0]: (row[1], row[2]) for row in rows}

    # ---------------------------------------------------------------- tables
    def counter(self, name: str) -> int:
        row = self._sync.execute("SELECT value FROM counters WHERE name = %s",
                                 (name,)).fetchone()
        return int(row[0]) if row else 0

    def put_counter(self, name: str, value: int) -> None:
        self._do("INSERT INTO counters VALUES (%s, %s) ON CONFLICT (name) DO UPDATE "
                 "SET value = GREATEST(counters.value, EXCLUDED.value)", (name, value), None)

    async def next_id(self, name: str = "tables") -> int:
        """The next value of a counter, never given twice (a table's id)."""
        async with self._conn() as conn:
            row = await (await conn.execute(
                "INSERT INTO counters VALUES (%s, 1) ON CONFLICT (name) DO UPDATE "
                "SET value = counters.value + 1 RETURNING value", (name,))).fetchone()
        assert row is not None
        return int(row[0])

    def tables(self) -> dict[int, bytes]:
        rows = self._sync.execute("SELECT id, meta, mrev FROM tables").fetchall()
        self.mrevs.update({table_id: mrev for table_id, _, mrev in rows})
        return {table_id: meta.encode() for table_id, meta, _ in rows}

    def put_table(self, table_id: int, meta: bytes) -> None:
        pending = self._pending_for(table_id)
        if pending is not None:
            pending.meta = meta

    def drop_table(self, table_id: int) -> None:
        pending = self._pending_for(table_id)
        if pending is not None:
            pending.drop = True

    # ------------------------------------------------------------- game logs
    def save_game(self, table_id: int, game: AnyGame) -> None:
        pending = self._pending_for(table_id)
        if pending is not None:
            pending.game = game

    def set_undo(self, table_id: int, undo: bytes | None) -> None:
        """The undo waiting for agreement at an owned table, written with its game."""
        pending = self._pending_for(table_id)
        if pending is not None:
            pending.undo, pending.undo_set = undo, True

    def answer(self, table_id: int, answer: Answer) -> None:
        """Answered with the table's next write (the step a decision made, and its
        answer, are one transaction: neither is seen without the other)."""
        pending = self._pending_for(table_id)
        if pending is not None:
            pending.answers.append(answer)

    def load_game(self, table_id: int, rulesets: dict[str, Any]
                  ) -> tuple[AnyGame | None, float | None]:
        with self._sync.transaction():
            self._sync.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            touched = self._sync.execute("SELECT touched FROM tables WHERE id = %s",
                                         (table_id,)).fetchone()
            game_row = self._sync.execute("SELECT head, revision FROM games WHERE table_id = %s",
                                          (table_id,)).fetchone()
            rows = self._sync.execute(
                "SELECT seat, intent, events FROM steps WHERE table_id = %s ORDER BY step",
                (table_id,)).fetchall() if game_row else []
        self.revisions[table_id] = int(game_row[1]) if game_row else 0
        when = float(touched[0]) if touched else None
        if game_row is None:
            return None, when
        return game_from(table_id, game_row[0], rows, rulesets), when

    def drop_game(self, table_id: int) -> None:
        """With its table's row (drop_table): the steps go with it."""

    # ------------------------------------------------- an owned table's writes
    def adopt(self, table_id: int, epoch: int, game: AnyGame | None, revision: int,
              *, new: bool = False) -> None:
        """This process owns the table from now on (its lease's epoch), whose game as
        written is ``game`` at ``revision``; ``new``: made here, not written yet."""
        self.owned[table_id] = epoch
        self.revisions[table_id] = revision
        self._written[table_id] = list(game.steps) if game is not None else []
        if new:
            self._pending.setdefault(table_id, _Pending()).new = True

    def disown(self, table_id: int) -> None:
        """The table is another process's now: nothing of it is written from here."""
        self.owned.pop(table_id, None)
        self._written.pop(table_id, None)
        pending = self._pending.pop(table_id, None)
        if pending is not None:
            for _, waiter in pending.waiters:
                if not waiter.done():
                    waiter.set_exception(Lost(f"table {table_id} moved to another process"))

    def is_new(self, table_id: int) -> bool:
        """Made here and not written yet (it has no lease row to renew)."""
        pending = self._pending.get(table_id)
        return pending is not None and pending.new

    def _pending_for(self, table_id: int) -> _Pending | None:
        if table_id not in self.owned:
            log.error("table %d: a change made here, which does not own it, not written",
                      table_id)
            return None
        pending = self._pending.setdefault(table_id, _Pending())
        pending.made += 1
        self._kick(table_id, pending)
        return pending

    def _kick(self, table_id: int, pending: _Pending) -> None:
        if pending.task is None or pending.task.done():
            try:
                pending.task = asyncio.get_running_loop().create_task(
                    self._write_table(table_id, pending))
            except RuntimeError:  # no loop (offline use): written by the next change
                pending.task = None

    async def written(self, table_id: int) -> None:
        """Wait until every change made so far at an owned table is committed (Lost if
        the table went to another process meanwhile)."""
        pending = self._pending.get(table_id)
        if pending is None or pending.done >= pending.made:
            if table_id not in self.owned:
                raise Lost(f"table {table_id} is not served here")
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        pending.waiters.append((pending.made, waiter))
        self._kick(table_id, pending)
        await waiter

    async def _write_table(self, table_id: int, pending: _Pending) -> None:
        while pending.done < pending.made and self._pending.get(table_id) is pending:
            upto = pending.made
            meta, game, undo, undo_set = pending.meta, pending.game, pending.undo, pending.undo_set
            answers, drop, new = pending.answers, pending.drop, pending.new
            pending.meta, pending.game, pending.undo_set, pending.answers = None, None, False, []
            try:
                await self._commit(table_id, meta, game, undo, undo_set, answers, drop, new)
            except Lost as exc:
                log.warning("table %d: %s; reading it again", table_id, exc)
                self.disown(table_id)
                if self.on_lost is not None:
                    self.on_lost(table_id)
                return
            except (psycopg.Error, OSError) as exc:  # the database is away: try again
                log.error("table %d not written (%s); trying again", table_id, exc)
                pending.meta = pending.meta or meta
                pending.game = pending.game or game
                if undo_set and not pending.undo_set:
                    pending.undo, pending.undo_set = undo, True
                pending.answers[:0] = answers
                await asyncio.sleep(1.0)
                if table_id not in self.owned:
                    return
                continue
            pending.new = False
            pending.done = upto
            if drop:
                self._pending.pop(table_id, None)
                self.owned.pop(table_id, None)
                self._written.pop(table_id, None)
            for made, waiter in list(pending.waiters):
                if made <= upto and not waiter.done():
                    waiter.set_result(None)
            pending.waiters = [(m, w) for m, w in pending.waiters if not w.done()]

    async def _commit(self, table_id: int, meta: bytes | None, game: AnyGame | None,
                      undo: bytes | None, undo_set: bool, answers: list[Answer], drop: bool,
                      new: bool) -> None:
        """One transaction, its statements sent together (psycopg's pipeline: one round
        trip, not one a statement); Lost if the lease is another's or the step is."""
        epoch = self.owned.get(table_id)
        if epoch is None:
            raise Lost("its lease went to another process")
        notices: list[str] = []
        written = self._written.get(table_id, [])
        steps: list[AnyStep] = list(game.steps) if game is not None else []
        rev = self.revisions.get(table_id, 0)
        now = time.time()
        try:
            async with self._conn() as conn, conn.transaction(), conn.pipeline():
                if new:  # made here: its row and its lease come with its first write
                    assert meta is not None
                    await conn.execute("INSERT INTO tables (id, meta, touched) "
                                       "VALUES (%s, %s, %s)", (table_id, meta.decode(), now))
                    await conn.execute(
                        "INSERT INTO leases VALUES (%s, %s, %s, "
                        "now() + make_interval(secs => %s))",
                        (table_id, self.node, epoch, self.lease))
                    meta = None
                    notices.append(f"meta {table_id}")
                held = await conn.execute(
                    "SELECT node, epoch FROM leases WHERE table_id = %s FOR SHARE", (table_id,))
                if meta is not None:
                    await conn.execute("UPDATE tables SET meta = %s, mrev = mrev + 1, "
                                       "touched = %s WHERE id = %s",
                                       (meta.decode(), now, table_id))
                    notices.append(f"meta {table_id}")
                if game is not None or undo_set:
                    rev += 1
                    common = 0
                    for mine, theirs in zip(steps, written, strict=False):
                        if mine is not theirs:
                            break
                        common += 1
                    game_steps = len(written) if game is None else len(steps)
                    if game is not None and common < len(written):  # an undo took these back
                        await conn.execute("DELETE FROM steps WHERE table_id = %s AND "
                                           "step >= %s", (table_id, common))
                    rows = [step_row(table_id, i, rev, steps[i])
                            for i in range(common, len(steps))]
                    if rows:
                        async with conn.cursor() as cur:
                            await cur.executemany(
                                "INSERT INTO steps VALUES (%s, %s, %s, %s, %s, %s)", rows)
                    head = head_of(game) if game is not None else ""
                    await conn.execute(
                        "INSERT INTO games VALUES (%s, %s, %s, %s, %s) ON CONFLICT (table_id) "
                        "DO UPDATE SET steps = EXCLUDED.steps, revision = EXCLUDED.revision, "
                        "undo = EXCLUDED.undo", (table_id, head, game_steps, rev, undo))
                    if meta is None:
                        await conn.execute("UPDATE tables SET touched = %s WHERE id = %s",
                                           (now, table_id))
                    notices.append(f"game {table_id} {rev}")
                for answer in answers:
                    await conn.execute(
                        "UPDATE decisions SET answered = true, result = %s, rule = %s, "
                        "reason = %s, revision = %s WHERE id = %s",
                        (answer.result, answer.rule, answer.reason, rev, answer.decision))
                    notices.append(f"answer {answer.node} {answer.decision}")
                if drop:
                    for query in ("DELETE FROM tables WHERE id = %s",
                                  "DELETE FROM presence WHERE table_id = %s",
                                  "DELETE FROM decisions WHERE table_id = %s AND NOT answered",
                                  "DELETE FROM links WHERE table_id = %s"):
                        await conn.execute(query, (table_id,))
                    notices.append(f"meta {table_id}")
                for notice in dict.fromkeys(notices):
                    await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, notice))
                # The lease is checked before anything is committed (FOR SHARE holds it
                # against a takeover until then): another's lease undoes it all.
                owner = await held.fetchone()
                if owner is None or (owner[0], owner[1]) != (self.node, epoch):
                    raise Lost("its lease went to another process")
        except psycopg.errors.UniqueViolation:
            raise Lost(f"step {len(written)} was written by another process") from None
        if game is not None:
            self._written[table_id] = steps
        if game is not None or undo_set:
            self.revisions[table_id] = rev

    # --------------------------------------------------------------- reading
    async def read_meta(self, table_id: int) -> tuple[bytes, int] | None:
        async with self._conn() as conn:
            row = await (await conn.execute("SELECT meta, mrev FROM tables WHERE id = %s",
                                            (table_id,))).fetchone()
        return None if row is None else (row[0].encode(), int(row[1]))

    async def read_game(self, table_id: int, since: int) -> GameRows | None:
        """The game's rows written after revision ``since`` (None: no game yet), in one
        statement (one snapshot, one round trip)."""
        async with self._conn() as conn:
            rows = await (await conn.execute(
                "SELECT g.revision, g.steps, g.undo, g.head, s.step, s.seat, s.intent, "
                "s.events FROM games g LEFT JOIN steps s ON s.table_id = g.table_id "
                "AND s.rev > %s WHERE g.table_id = %s ORDER BY s.step",
                (since, table_id))).fetchall()
        if not rows:
            return None
        revision, steps, undo, head = rows[0][:4]
        return GameRows(int(revision), int(steps), undo, head,
                        [row[4:] for row in rows if row[4] is not None])

    async def census(self) -> dict[int, tuple[int, int]]:
        """Every table's meta revision and game revision (0: none): what a process
        compares with what it has, to read what it missed."""
        async with self._conn() as conn:
            rows = await (await conn.execute(
                "SELECT t.id, t.mrev, coalesce(g.revision, 0) FROM tables t "
                "LEFT JOIN games g ON g.table_id = t.id")).fetchall()
        return {int(t): (int(m), int(g)) for t, m, g in rows}

    # ---------------------------------------------------------------- leases
    async def renew(self) -> dict[int, int]:
        """Extend this process's leases; the tables still its own (with their epochs).
        ``rejoined`` is set when the others had given this process up meanwhile."""
        self.rejoined = await self._heartbeat()
        async with self._conn() as conn:
            rows = await (await conn.execute(
                "UPDATE leases SET expires = now() + make_interval(secs => %s) "
                "WHERE node = %s RETURNING table_id, epoch", (self.lease, self.node))).fetchall()
        return {int(t): int(e) for t, e in rows}

    async def release(self, table_id: int) -> None:
        """Let a lease go at once (another process, or this one, takes it anew)."""
        async with self._conn() as conn:
            await conn.execute("UPDATE leases SET expires = now() WHERE table_id = %s AND "
                               "node = %s", (table_id, self.node))

    async def acquire(self, limit: int | None = None) -> dict[int, int]:
        """Take the leases nobody holds any more (their owner stopped or was cut off):
        the tables taken, with their new epochs."""
        async with self._conn() as conn:
            rows = await (await conn.execute(
                "UPDATE leases SET node = %s, epoch = epoch + 1, "
                "expires = now() + make_interval(secs => %s) WHERE table_id IN ("
                "  SELECT table_id FROM leases WHERE expires < now() ORDER BY table_id "
                "  LIMIT %s FOR UPDATE SKIP LOCKED) RETURNING table_id, epoch",
                (self.node, self.lease, limit))).fetchall()
        return {int(t): int(e) for t, e in rows}

    async def _heartbeat(self) -> bool:
        """This process is alive; True if the others had given it up (silent past a
        lease: its presence rows went), which it then writes again."""
        async with self._conn() as conn:
            row = await (await conn.execute(
                "INSERT INTO nodes VALUES (%s, now(), %s) ON CONFLICT (node) "
                "DO UPDATE SET seen = now() RETURNING xmax = 0", (self.node, self.about)
            )).fetchone()
        return bool(row and row[0])

    async def gone_nodes(self) -> list[str]:
        """Forget the processes silent for longer than a lease, and who was at their
        tables (their sessions went with them)."""
        async with self._conn() as conn, conn.transaction():
            rows = await (await conn.execute(
                "DELETE FROM nodes WHERE seen < now() - make_interval(secs => %s) "
                "RETURNING node", (self.lease,))).fetchall()
            gone = [row[0] for row in rows]
            if gone:
                await conn.execute("DELETE FROM presence WHERE node = ANY(%s)", (gone,))
                await conn.execute("DELETE FROM decisions WHERE node = ANY(%s)", (gone,))
            # Answers nobody took (the asking session gave up) and old questions.
            await conn.execute("DELETE FROM decisions WHERE made < now() - interval '10 min'")
        return gone

    # ------------------------------------------------------------- decisions
    async def decide(self, table_id: int, name: str, key: str, address: str,
                     seat: int | None, kind: str, body: bytes) -> int:
        """Ask the table's owner (wherever it runs) to decide; the decision's id."""
        async with self._conn() as conn, conn.transaction(), conn.pipeline():
            asked = await conn.execute(
                "INSERT INTO decisions (table_id, node, name, key, address, seat, kind, body) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s) RETURNING id",
                (table_id, self.node, name, key, address, seat, kind, body))
            await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"decide {table_id}"))
            row = await asked.fetchone()
        assert row is not None
        return int(row[0])

    async def waiting(self, table_id: int) -> list[Decision]:
        """The decisions asked of a table and not answered yet, oldest first."""
        async with self._conn() as conn:
            rows = await (await conn.execute(
                "SELECT id, table_id, node, name, key, address, seat, kind, body FROM decisions "
                "WHERE table_id = %s AND NOT answered ORDER BY id", (table_id,))).fetchall()
        return [Decision(*row) for row in rows]

    async def take_answer(self, decision: int, *, give_up: bool = False) -> Taken | None:
        """The answer to a decision this process asked (the row goes); None while
        unanswered. ``give_up``: the question goes too, answered or not."""
        async with self._conn() as conn:
            row = await (await conn.execute(
                "DELETE FROM decisions WHERE id = %s" + ("" if give_up else " AND answered")
                + " RETURNING answered, result, rule, reason, revision",
                (decision,))).fetchone()
        if row is None or not row[0]:
            return None
        return Taken(row[1], row[2], row[3], int(row[4] or 0))

    # -------------------------------------------------------------- presence
    def put_presence(self, table_id: int, seat: int, count: int) -> None:
        """How many of this process's sessions are at a seat (-1: watching)."""
        self._do("INSERT INTO presence VALUES (%s, %s, %s, %s) ON CONFLICT (node, table_id, "
                 "seat) DO UPDATE SET count = EXCLUDED.count",
                 (self.node, table_id, seat, count), f"presence {table_id}")

    async def presence(self, table_id: int | None = None) -> dict[int, dict[int, int]]:
        """The other live processes' sessions at each table, by seat (-1: watching)."""
        query = ("SELECT p.table_id, p.seat, sum(p.count) FROM presence p JOIN nodes n "
                 "USING (node) WHERE p.node <> %s AND n.seen > now() - make_interval(secs => %s)")
        args: tuple[Any, ...] = (self.node, self.lease)
        if table_id is not None:
            query += " AND p.table_id = %s"
            args += (table_id,)
        async with self._conn() as conn:
            rows = await (await conn.execute(query + " GROUP BY p.table_id, p.seat",
                                             args)).fetchall()
        found: dict[int, dict[int, int]] = {}
        for table, seat, count in rows:
            found.setdefault(int(table), {})[int(seat)] = int(count)
        return found

    # -------------------------------------------------------- links, host key
    def links(self) -> dict[str, tuple[int, int, str, str | None, float]]:
        rows = self._sync.execute(
            "SELECT digest, table_id, seat, name, browser, made FROM links").fetchall()
        return {row[0]: (int(row[1]), int(row[2]), row[3], row[4], float(row[5]))
                for row in rows}

    async def read_links(self) -> dict[str, tuple[int, int, str, str | None, float]]:
        async with self._conn() as conn:
            rows = await (await conn.execute(
                "SELECT digest, table_id, seat, name, browser, made FROM links")).fetchall()
        return {row[0]: (int(row[1]), int(row[2]), row[3], row[4], float(row[5]))
                for row in rows}

    def put_links(self, changed: dict[str, tuple[int, int, str, str | None, float]],
                  gone: list[str]) -> None:
        """Queued: the links issued or claimed, and those gone, since the last call."""
        if gone:
            self._do("DELETE FROM links WHERE digest = ANY(%s)", (gone,), None)
        for digest, (table, seat, name, browser, made) in changed.items():
            self._do("INSERT INTO links VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (digest) "
                     "DO UPDATE SET browser = EXCLUDED.browser",
                     (digest, table, seat, name, browser, made), None)
        self._do("SELECT 1", (), f"links {self.node}")

    def host_key(self, name: str, make: Callable[[], str]) -> str:
        """The host key every process shows its clients (the first process's), so that a
        player moving to another process sees the same server."""
        row = self._sync.execute("SELECT key FROM host_keys WHERE name = %s",
                                 (name,)).fetchone()
        if row is None:  # the first process: its own key becomes everyone's
            self._sync.execute("INSERT INTO host_keys VALUES (%s, %s) ON CONFLICT DO NOTHING",
                               (name, make()))
            row = self._sync.execute("SELECT key FROM host_keys WHERE name = %s",
                                     (name,)).fetchone()
        assert row is not None
        return str(row[0])

    # --------------------------------------------------------------- helpers
    def _conn(self) -> Any:
        if self.pool is None:
            raise psycopg.OperationalError("the store is not started")
        return self.pool.connection()

    def _do(self, query: str, args: Any, notice: str | None) -> None:
        """A write queued behind the others (names, counters, presence, links): the
        event loop never waits for it. Before the loop runs (offline use), at once."""
        if self._queue is None:
            self._sync.execute(query.encode(), args)
            if notice is not None:
                self._sync.execute("SELECT pg_notify(%s, %s)", (CHANNEL, notice))
            return
        self._queue.put_nowait((query, args, notice))

    async def _write_queue(self) -> None:
        assert self._queue is not None
        while True:
            query, args, notice = await self._queue.get()
            try:
                async with self._conn() as conn:
                    await conn.execute(query.encode(), args)
                    if notice is not None:
                        await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, notice))
            except psycopg.Error as exc:
                log.error("store: a write was not made (%s)", exc)
            finally:
                self._queue.task_done()

    async def _listen(self) -> None:
        """Tell ``on_notice`` of every change announced; reconnect when the connection
        drops (then ``on_listening`` reads what was missed)."""
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                async with conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
                    if self.on_listening is not None:
                        self.on_listening()
                    async for notice in conn.notifies():
                        kind, *args = notice.payload.split(" ")
                        if self.on_notice is not None:
                            done = self.on_notice(kind, args)
                            if done is not None:
                                await done
            except asyncio.CancelledError:
                raise
            except (psycopg.Error, OSError) as exc:
                log.error("store: lost the change notices (%s); listening again", exc)
                await asyncio.sleep(1.0)
            except Exception:  # a bug in a handler must not stop the notices
                log.exception("store: a change notice failed")
