"""Tables shared by several server processes through PostgreSQL (``store_pg.py``).

Every process knows every table (the lobby lists them all) and keeps each one's game
as the database has it, so that its own sessions see any table, watch it and play at
it, each getting its own seat's redacted view from its own process as with one server.
Exactly one process owns a table at a time, by a lease in the database: its
``LocalTable`` runs the computer seats, the undo policy and the hand-overs, and only
it writes the table (its seats and its steps, in one transaction each change).

A decision made by a session on another process (a move, an undo, taking a seat,
closing) is a row the owner reads when told of it (``NOTIFY``); it decides as it does
for its own sessions and writes the answer in the same transaction as the step it
made. Every committed change is announced; each process reads what changed since it
last read (a step it missed included) and pushes each of its sessions its change.

When the owner stops (SIGKILL, its machine cut off) its leases expire and another
process takes them: it has the game as written, so the table goes on from its last
step; the decisions still waiting are decided by it. Players of the lost process
connect to another (the same host key, kept in the database) and sit down again.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections import Counter
from collections.abc import Callable
from typing import Any

import msgspec
import psycopg

from engine.core.errors import IllegalIntent, RecordError
from engine.core.table import UndoRequest
from maharaja_server.transport import protocol as p
from maharaja_server.transport.config import ServerConfig
from maharaja_server.transport.links import LinkBook
from maharaja_server.transport.names import Names, bound_by_key
from maharaja_server.transport.store_pg import Answer, Lost, PgStore, Taken
from maharaja_server.transport.store_pg_rows import StepDecoder, game_from
from maharaja_server.transport.tables import Identity, Table, TableMeta, TableService, undo_info

log = logging.getLogger("maharaja_server.transport.cluster")

ANSWER_WAIT = 20.0  # seconds a session waits for another process to decide (under its 30)
SHARED = (p.CreateTable, p.Join, p.CloseTable, p.Play, p.Undo, p.AnswerUndo, p.Redo)


def shared_store(config: ServerConfig) -> PgStore:
    """The PostgreSQL store of ``config``, its schema brought up to date."""
    assert config.store is not None
    return PgStore(config.store, lease=config.lease_seconds,
                   about=f"{socket.gethostname()} port {config.port}")


def as_undo(data: bytes | None) -> UndoRequest | None:
    info = msgspec.msgpack.decode(data, type=p.UndoInfo | None) if data else None
    if info is None:
        return None
    return UndoRequest(info.by, info.keep, frozenset(info.others), frozenset(info.agreed))


class Runner:
    """One task at a time per table doing ``work``, run again when asked meanwhile;
    ``run`` waits until a run that started after the call has ended."""

    def __init__(self, work: Callable[[int], Any]) -> None:
        self.work = work
        self._asked: dict[int, int] = {}
        self._done: dict[int, int] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._waiters: dict[int, list[tuple[int, asyncio.Future[None]]]] = {}

    def ask(self, table_id: int) -> int:
        self._asked[table_id] = asked = self._asked.get(table_id, 0) + 1
        task = self._tasks.get(table_id)
        if task is None or task.done():
            self._tasks[table_id] = asyncio.get_running_loop().create_task(self._loop(table_id))
        return asked

    async def run(self, table_id: int) -> None:
        asked = self.ask(table_id)
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(table_id, []).append((asked, waiter))
        await waiter

    async def _loop(self, table_id: int) -> None:
        while self._asked.get(table_id, 0) > self._done.get(table_id, 0):
            asked = self._asked[table_id]
            try:
                await self.work(table_id)
            except (psycopg.Error, OSError) as exc:
                log.warning("table %d: not read (%s); trying again", table_id, exc)
                await asyncio.sleep(0.5)
                continue
            except Exception:  # a bug must not leave the waiters waiting
                log.exception("table %d: reading it failed", table_id)
            self._done[table_id] = asked
            waiting = self._waiters.get(table_id, [])
            for wanted, waiter in waiting:
                if wanted <= asked and not waiter.done():
                    waiter.set_result(None)
            self._waiters[table_id] = [(w, f) for w, f in waiting if not f.done()]

    def cancel(self) -> None:
        for task in self._tasks.values():
            task.cancel()


class ClusterTables(TableService):
    """The table service of one of several server processes sharing a PostgreSQL."""

    def __init__(self, root: Any, rulesets: dict[str, Any], *, store: PgStore,
                 **options: Any) -> None:
        super().__init__(root, rulesets, records=store, **options)
        self.store = store
        self.names: Names | None = None  # the server's, told of names bound elsewhere
        self.links: LinkBook | None = None  # the web page's join links, if it has one
        self.mine: dict[int, Counter[int]] = {}  # this process's sessions: seat (-1 watching)
        self.theirs: dict[int, dict[int, int]] = {}  # the other processes' sessions
        self.seen: dict[int, int] = {}  # the game revision each table's game is at here
        self.mrev: dict[int, int] = {}  # ... and its seats' and settings' revision
        self._full: set[int] = set()  # tables whose game is read whole next time
        self._meta_due: set[int] = set()  # tables whose seats and settings changed
        self._answered: dict[int, asyncio.Event] = {}  # this process's decisions
        self._deciding: set[int] = set()  # decisions being decided here
        self._syncs = Runner(self._sync)
        self._decisions = Runner(self._decide_waiting)
        self._tasks: list[asyncio.Task[None]] = []
        store.on_notice = self._notice
        store.on_lost = self._lost
        store.on_listening = self._missed

    # ------------------------------------------------------------ lifecycle
    def load_all(self) -> None:
        super().load_all()  # every table, owned by nobody here yet
        self.mrev.update(self.store.mrevs)
        self.seen.update(self.store.revisions)

    async def start(self) -> None:
        await self.store.start()
        self._tasks.append(asyncio.create_task(self._keep()))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._syncs.cancel()
        self._decisions.cancel()
        for table_id in list(self.store.owned):
            table = self.tables.get(table_id)
            if table is not None and table.local is not None:
                table.local.stop()
        await self.store.stop()

    def owns(self, table_id: int) -> bool:
        return table_id in self.store.owned

    # ------------------------------------------- what only the owner may do
    def _drive(self, table: Table) -> None:
        if self.owns(table.id):
            super()._drive(table)

    def _arm_handover(self, table: Table, seat: int) -> None:
        if self.owns(table.id):
            super()._arm_handover(table, seat)

    def _save_meta(self, table: Table) -> None:
        if self.owns(table.id):
            super()._save_meta(table)

    def _save_game(self, table: Table) -> None:
        if self.owns(table.id) and table.local is not None:
            self.store.set_undo(table.id, p.pack(undo_info(table.local.pending_undo)))
            super()._save_game(table)

    def _expirable(self) -> list[Table]:
        return [t for t in self.tables.values() if self.owns(t.id)]

    def _remove(self, table: Table, why: str) -> None:
        super()._remove(table, why)  # its rows go with the owner's next write
        self._forget(table.id)

    def _forget(self, table_id: int) -> None:
        for book in (self.mine, self.theirs, self.seen, self.mrev):
            book.pop(table_id, None)

    # ------------------------------------------------------------- presence
    def attach(self, table_id: int, seat: int | None) -> None:
        table = self.get(table_id)
        key = -1 if seat is None else seat
        mine = self.mine.setdefault(table_id, Counter())
        mine[key] += 1
        self.store.put_presence(table_id, key, mine[key])
        table.touched = self.now()
        self._count(table)

    def detach(self, table_id: int, seat: int | None) -> None:
        key = -1 if seat is None else seat
        mine = self.mine.get(table_id)
        if mine is not None and mine[key] > 0:
            mine[key] -= 1
            self.store.put_presence(table_id, key, mine[key])
        table = self.tables.get(table_id)
        if table is not None:
            table.touched = self.now()
            self._count(table)

    def _count(self, table: Table, *, arm_all: bool = False) -> None:
        """Who is at the table, on every process: the lobby's and the hand-overs'."""
        here = self.mine.get(table.id, Counter())
        there = self.theirs.get(table.id, {})
        before = dict(table.presence)
        table.spectators = here[-1] + there.get(-1, 0)
        table.presence = {seat: here[seat] + there.get(seat, 0)
                          for seat in range(len(table.meta.slots))}
        if self.owns(table.id):
            for seat, slot in enumerate(table.meta.slots):
                if slot.kind != "human" or slot.owner is None:
                    continue
                if table.presence[seat] > 0:
                    timer = table.handover_timers.pop(seat, None)
                    if timer is not None:
                        timer.cancel()
                    if slot.handed:  # the player is back: the computer gives the seat back
                        slot.handed = False
                        self._save_meta(table)
                        if table.local is not None:
                            table.local.give_back(seat)
                elif arm_all or before.get(seat, 0) > 0:
                    self._arm_handover(table, seat)
            self._drive(table)
        self._lobby_changed()

    # ------------------------------------------------------------- requests
    def shares(self, request: Any) -> bool:
        return isinstance(request, SHARED)

    async def answer(self, conn: Any, req: Any) -> Any:
        """A hub request that changes a table, decided by the table's owner."""
        who: Identity = conn.who
        match req:
            case p.CreateTable():
                await self._may_sit(who)
                table = await self.create_shared(who, req)
                if self.names is not None:
                    self.names.bind(who)
                return table.id
            case p.Join():
                await self._may_sit(who)
                seat = msgspec.msgpack.decode(
                    await self.decide(who, req.table, None, "join", p.pack(req.seat)), type=int)
                if self.names is not None:
                    self.names.bind(who)
                conn.enter(req.table, seat)
                return seat
            case p.CloseTable():
                await self.decide(who, req.table, None, "close", b"")
                return None
            case p.Play():
                table = self.get(req.table)
                self._intent(table, req.intent)  # refused here, before asking anyone
                self.check_seat(who, req.table, req.seat)
                data = await self.decide(who, req.table, req.seat, "play", req.intent)
                events = msgspec.msgpack.decode(
                    data, type=list[table.rules.Event])  # type: ignore[name-defined]
                # Automatic events (draws) may hold others' secrets: redact for this seat.
                return p.pack([table.rules.redact(e, req.seat) for e in events])
            case p.Undo():
                self.check_seat(who, req.table, req.seat)
                data = await self.decide(who, req.table, req.seat, "undo", b"")
                return msgspec.msgpack.decode(data, type=p.UndoInfo | None)
            case p.AnswerUndo():
                self.check_seat(who, req.table, req.seat)
                await self.decide(who, req.table, req.seat, "answer-undo",
                                  b"1" if req.agree else b"0")
                return None
            case p.Redo():
                self.check_seat(who, req.table, req.seat)
                await self.decide(who, req.table, req.seat, "redo", b"")
                return None
        raise IllegalIntent("SRV-REQ", "unknown request")

    async def _may_sit(self, who: Identity) -> None:
        """SRV-NAME unless ``who``'s name is free or its key's, on every process (the
        database binds a name once, whichever process asks first)."""
        if self.names is None or not bound_by_key(who):
            return
        self.names.check(who)
        if self.names.owner(who.name) == who.key:
            return
        if not await self.store.claim(who.name, who.key):
            await self._name_changed(who.name)
            raise IllegalIntent("SRV-NAME", f"the name {who.name} belongs to another "
                                            "player's key; log in with another name")

    async def create_shared(self, who: Identity, req: p.CreateTable) -> Table:
        """A new table, owned by this process, once written (its id the store's)."""
        table_id = await self.store.next_id()
        self.store.adopt(table_id, 1, None, 0, new=True)
        try:
            table = self.create(who, req.ruleset, req.seats, req.options, req.handover,
                                req.title, req.hints, clock=req.clock,
                                on_timeout=req.on_timeout, rated=req.rated,
                                level=req.level, table_id=table_id)
        except BaseException:
            self.store.disown(table_id)
            raise
        self.mrev[table_id] = 1
        await self._written(table_id)
        return table

    def _intent(self, table: Table, data: bytes) -> Any:
        try:
            return msgspec.msgpack.decode(data, type=table.rules.Intent)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise IllegalIntent("SRV-INTENT", f"not an intent of this game: {exc}") from None

    async def decide(self, who: Identity, table_id: int, seat: int | None, kind: str,
                     body: bytes) -> bytes:
        """Have the table's owner decide (this process, or another through the
        database); its result once the change it made is written and read here."""
        self.get(table_id)
        if self.owns(table_id):
            result = self._run(who, table_id, seat, kind, body)
            await self._written(table_id)
            return result
        asked = await self.store.decide(table_id, who.name, who.key, who.address, seat,
                                        kind, body)
        got = await self._answer_to(asked, table_id)
        if kind in ("join", "close"):
            self._meta_due.add(table_id)
        if kind in ("join", "close") or self.seen.get(table_id, 0) < got.revision:
            await self._syncs.run(table_id)  # the change it made, here before the answer
        if got.rule is not None:
            raise IllegalIntent(got.rule, got.reason or "")
        return got.result or b""

    async def _answer_to(self, asked: int, table_id: int) -> Taken:
        answered = self._answered.setdefault(asked, asyncio.Event())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + ANSWER_WAIT
        try:
            while True:
                try:
                    await asyncio.wait_for(answered.wait(), max(0.0, deadline - loop.time()))
                except TimeoutError:
                    got = await self.store.take_answer(asked, give_up=True)
                    if got is not None:
                        return got
                    raise IllegalIntent("SRV-BUSY", f"table {table_id}'s server did not "
                                                    "answer in time; try again") from None
                answered.clear()
                got = await self.store.take_answer(asked)
                if got is not None:
                    return got
                if table_id not in self.tables:
                    await self.store.take_answer(asked, give_up=True)
                    raise IllegalIntent("SRV-TABLE", f"there is no table {table_id}")
        finally:
            self._answered.pop(asked, None)

    async def _written(self, table_id: int) -> None:
        try:
            await self.store.written(table_id)
        except Lost:
            raise IllegalIntent("SRV-MOVED", f"table {table_id} moved to another server "
                                             "process meanwhile; try again") from None

    def _run(self, who: Identity, table_id: int, seat: int | None, kind: str,
             body: bytes) -> bytes:
        """Decide at a table this process owns, as for its own sessions."""
        if kind == "join":
            wanted = msgspec.msgpack.decode(body, type=int | None)
            return p.pack(self.join(who, table_id, wanted))
        if kind == "close":
            self.close(who, table_id)
            return p.pack(None)
        if seat is None:
            raise IllegalIntent("SRV-REQ", "unknown request")
        if kind == "play":
            intent = self._intent(self.get(table_id), body)
            return msgspec.msgpack.encode(self.play(who, table_id, seat, intent))
        if kind == "undo":
            return p.pack(undo_info(self.undo(who, table_id, seat)))
        if kind == "answer-undo":
            self.answer_undo(who, table_id, seat, body == b"1")
            return p.pack(None)
        if kind == "redo":
            self.redo(who, table_id, seat)
            return p.pack(None)
        raise IllegalIntent("SRV-REQ", "unknown request")

    async def _decide_waiting(self, table_id: int) -> None:
        """Decide what sessions of other processes asked of a table owned here."""
        if not self.owns(table_id):
            return
        decided = []
        for asked in await self.store.waiting(table_id):
            if asked.id in self._deciding or not self.owns(table_id):
                continue
            self._deciding.add(asked.id)
            decided.append(asked.id)
            who = Identity(asked.name, asked.key, asked.address)
            answer = Answer(asked.id, asked.node)
            try:
                answer.result = self._run(who, table_id, asked.seat, asked.kind, asked.body)
            except IllegalIntent as exc:
                answer.rule, answer.reason = exc.rule, exc.reason
            except Exception:  # a bug in one decision must not stop the table
                log.exception("table %d: decision %s failed", table_id, asked.kind)
                answer.rule, answer.reason = "SRV-ERROR", "the server could not do that (logged)"
            self.store.answer(table_id, answer)
        if decided:
            try:
                await self.store.written(table_id)
            except Lost:
                pass  # the next owner decides them
            finally:
                self._deciding.difference_update(decided)

    # --------------------------------------------------------------- reading
    def _notice(self, kind: str, args: list[str]) -> None:
        """A change committed by some process (this one too)."""
        try:
            if kind in ("game", "meta"):
                table_id = int(args[0])
                if not self.owns(table_id):  # the owner's own writes: it has them
                    if kind == "meta":
                        self._meta_due.add(table_id)
                    self._syncs.ask(table_id)
            elif kind == "decide":
                table_id = int(args[0])
                if self.owns(table_id):
                    self._decisions.ask(table_id)
            elif kind == "answer" and args[0] == self.store.node:
                self._answered.setdefault(int(args[1]), asyncio.Event()).set()
            elif kind == "presence":
                self._spawn(self._presence(int(args[0])))
            elif kind == "name":
                self._spawn(self._name_changed(args[0]))
            elif kind == "links" and args[0] != self.store.node:
                self._spawn(self._links_changed())
            elif kind == "bye":
                self._spawn(self._presence(None))
        except (IndexError, ValueError):
            log.warning("store: a change notice not understood: %s %s", kind, args)

    def _missed(self) -> None:
        """Listening (again): what was announced meanwhile is read now."""
        for event in self._answered.values():
            event.set()
        self._spawn(self._census())
        self._spawn(self._presence(None))
        self._spawn(self._links_changed())

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.append(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        if task in self._tasks:
            self._tasks.remove(task)
        if not task.cancelled() and task.exception() is not None:
            problem = task.exception()
            if isinstance(problem, (psycopg.Error, OSError)):
                log.warning("store: %s", problem)
            else:
                log.error("store: a change not read", exc_info=problem)

    async def read(self, table_id: int) -> None:
        """Read the table as written now, seats and game (what another process
        changed, its notices maybe still on their way)."""
        self._meta_due.add(table_id)
        await self._syncs.run(table_id)

    async def _sync(self, table_id: int) -> None:
        """Read the table's seats and game as written, and tell this process's sessions."""
        table = self.tables.get(table_id)
        if table is not None and table_id not in self._meta_due:
            if not self.owns(table_id):  # a step: its seats are as they were
                await self._sync_game(table)
            return
        self._meta_due.discard(table_id)
        found = await self.store.read_meta(table_id)
        if found is None:
            if not self.store.is_new(table_id):
                self._gone(table_id)
            return
        data, mrev = found
        if table is None:
            meta = msgspec.json.decode(data, type=TableMeta)
            rules = self.rulesets.get(meta.ruleset)
            if rules is None:
                log.error("table %d: this server has no game %r", table_id, meta.ruleset)
                return
            table = self.tables[table_id] = Table(meta, rules, touched=self.now())
            self.last_id = max(self.last_id, table_id)
            self.theirs[table_id] = (await self.store.presence(table_id)).get(table_id, {})
            self._count(table)
        elif mrev > self.mrev.get(table_id, 0) and not self.owns(table_id):
            table.meta = msgspec.json.decode(data, type=TableMeta)
            if table.local is not None:
                table.local.stand_ins = {seat: self.handover_level for seat, slot
                                         in enumerate(table.meta.slots) if slot.handed}
            self._count(table)
        self.mrev[table_id] = max(mrev, self.mrev.get(table_id, 0))
        if not self.owns(table_id):
            await self._sync_game(table)

    async def _sync_game(self, table: Table) -> None:
        table_id = table.id
        full = table_id in self._full or table.game is None
        seen = 0 if full else self.seen.get(table_id, 0)
        rows = await self.store.read_game(table_id, seen)
        if rows is None or self.owns(table_id) or self.tables.get(table_id) is not table:
            return
        if not full and rows.revision <= seen:
            return
        started = table.game is None
        game = table.game
        if not full and game is not None:
            decoder = StepDecoder(table.rules)
            cut = min([row[0] for row in rows.rows] + [rows.steps])
            try:
                if cut < len(game.steps):
                    game.rewind(cut)  # an undo took these back (or another wrote them)
                for step, seat, intent, events in rows.rows:
                    if step != len(game.steps):
                        raise RecordError(f"step {step} read after {len(game.steps)}")
                    done = decoder.step(seat, intent, events)
                    if game.play(done.seat, done.intent) != done.events:
                        raise RecordError(f"step {step} replays to different events")
            except (IllegalIntent, RecordError, msgspec.DecodeError) as exc:
                log.error("table %d: its game read again whole (%s)", table_id, exc)
                self._full.add(table_id)
                await self._sync_game(table)
                return
        else:
            everything = rows if seen == 0 else await self.store.read_game(table_id, 0)
            assert everything is not None
            game = game_from(table_id, everything.head,
                             [(seat, intent, events) for _, seat, intent, events
                              in everything.rows], self.rulesets, validate=False)
            if table.local is not None:
                table.local.stop()
            table.driven = False
            self._host(table, game)
            self._full.discard(table_id)
        assert table.local is not None
        table.local.pending_undo = as_undo(rows.undo)
        self.seen[table_id] = rows.revision
        table.touched = self.now()
        self._changed(table)
        if started or table.local.game.is_over():
            self._lobby_changed()

    def _gone(self, table_id: int) -> None:
        """Removed by its owner: its links, its sessions' notices go with it."""
        table = self.tables.pop(table_id, None)
        self._forget(table_id)
        if table is None:
            return
        if table.local is not None:
            table.local.stop()
        for timer in table.handover_timers.values():
            timer.cancel()
        log.info("table %d removed by the process that owned it", table_id)
        for listener in list(self.on_remove):
            listener(table_id)
        for event in self._answered.values():
            event.set()  # a decision asked of it is answered no more
        self._lobby_changed()

    async def _presence(self, table_id: int | None) -> None:
        found = await self.store.presence(table_id)
        ids = [table_id] if table_id is not None else list(self.tables)
        for table in [self.tables[t] for t in ids if t in self.tables]:
            self.theirs[table.id] = found.get(table.id, {})
            self._count(table)

    async def _name_changed(self, name: str) -> None:
        if self.names is None:
            return
        rows = await self.store.read_names(None if name == "*" else name)
        if name == "*":
            for gone in set(self.names.keys) - set(rows):
                self.names.keys.pop(gone, None)
                self.names.used.pop(gone, None)
        elif not rows:
            self.names.keys.pop(name, None)
            self.names.used.pop(name, None)
        for known, (key, used) in rows.items():
            self.names.keys[known] = key
            self.names.used[known] = used or 0.0

    async def _links_changed(self) -> None:
        if self.links is not None:
            self.links.reload(await self.store.read_links())

    async def _census(self) -> None:
        """Every table's revisions against this process's: read what was missed."""
        written = await self.store.census()
        for table_id, (mrev, revision) in written.items():
            if table_id not in self.tables or mrev > self.mrev.get(table_id, 0):
                self._meta_due.add(table_id)
                self._syncs.ask(table_id)
            elif not self.owns(table_id) and revision > self.seen.get(table_id, 0):
                self._syncs.ask(table_id)
        for table_id in set(self.tables) - set(written):
            if not self.store.is_new(table_id) and not self.owns(table_id):
                self._meta_due.add(table_id)
                self._syncs.ask(table_id)

    # ---------------------------------------------------------------- leases
    async def _keep(self) -> None:
        """Keep this process's leases, take those nobody keeps, read what was missed."""
        rounds = 0
        while True:
            try:
                # Only the tables owned, and written, before the renewal: one made here
                # meanwhile has a lease row the renewal may not have seen yet.
                settled = {table_id: epoch for table_id, epoch in self.store.owned.items()
                           if not self.store.is_new(table_id)}
                held = await self.store.renew()
                if self.store.rejoined:  # given up by the others: who is here, again
                    for table_id, counts in self.mine.items():
                        for seat, count in counts.items():
                            self.store.put_presence(table_id, seat, count)
                for table_id, epoch in settled.items():
                    if held.get(table_id) != epoch and self.store.owned.get(table_id) == epoch:
                        self._lost(table_id)
                for table_id in set(held) - set(self.store.owned):
                    if not self.store.is_new(table_id):  # a lease this process let go of
                        await self.store.release(table_id)
                for table_id, epoch in (await self.store.acquire()).items():
                    await self._gained(table_id, epoch)
                if await self.store.gone_nodes() or rounds % 5 == 0:
                    await self._presence(None)
                await self._census()
            except (psycopg.Error, OSError) as exc:
                log.warning("store: leases not renewed (%s)", exc)
            except Exception:
                log.exception("store: leases not renewed")
            rounds += 1
            await asyncio.sleep(self.store.lease / 5)

    async def _gained(self, table_id: int, epoch: int) -> None:
        """This process owns the table now: it goes on from its last written step."""
        self._full.add(table_id)
        self._meta_due.add(table_id)
        await self._syncs.run(table_id)
        table = self.tables.get(table_id)
        if table is None:
            return
        self.store.adopt(table_id, epoch, table.game, self.seen.get(table_id, 0))
        log.info("table %d: served by this process now (lease epoch %d)", table_id, epoch)
        if table.local is not None:
            table.local.stand_ins = {seat: self.handover_level for seat, slot
                                     in enumerate(table.meta.slots) if slot.handed}
        table.driven = False
        self._count(table, arm_all=True)  # absent players' seats may be handed over
        self._maybe_start(table)
        self._decisions.ask(table_id)

    def _lost(self, table_id: int) -> None:
        """Another process owns the table now: stop running it, read it as written."""
        self.store.disown(table_id)
        table = self.tables.get(table_id)
        log.warning("table %d: now served by another process", table_id)
        if table is not None:
            if table.local is not None:
                table.local.stop()
            table.driven = False
            for timer in table.handover_timers.values():
                timer.cancel()
            table.handover_timers.clear()
        self._full.add(table_id)
        self._meta_due.add(table_id)
        self._syncs.ask(table_id)
