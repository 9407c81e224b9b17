"""The table service: every table lives here, in the server process.

Each table's game is held by an ``engine.core.table.LocalTable``, the same seam the
app plays through: it drives the computer seats (timed by this server's event loop)
and holds the undo policy, so a table over SSH behaves like one on a single terminal.
Who sits where and each table's settings are rows of the server's store
(``store.py``: by default SQLite, ``records.py``), and so is each table's game (by
default ``tables/<id>/game.json``, the engine's own save format, rewritten
atomically after every change), so a restart loses no finished event.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from engine.bots import choose
from engine.core.errors import IllegalIntent, RecordError
from engine.core.game import AnyGame, Game
from engine.core.ruleset import HUMAN, Computer, Seat
from engine.core.table import Chooser, LocalTable, UndoRequest
from maharaja_server.transport.network import networks
from maharaja_server.transport.protocol import (
    NO_CLOCK,
    SeatInfo,
    SeatSpec,
    TableInfo,
    TimeControl,
    UndoInfo,
)
from maharaja_server.transport.records import Records
from maharaja_server.transport.store import Store

log = logging.getLogger("maharaja_server.transport.tables")


@dataclass(frozen=True)
class Identity:
    """Who is connected: the SSH user name and the key they proved ("password" for a
    password, "link:…" for a join link), and the address they came from (not part of
    who they are: the limits on new names and tables count it)."""

    name: str
    key: str = ""
    address: str = field(default="", compare=False)

    @property
    def owner(self) -> str:
        return f"{self.name} {self.key}".strip()


class Slot(msgspec.Struct):
    kind: str  # "human" or "computer"
    level: str = "random"
    owner: str | None = None  # Identity.owner of the human sitting here
    name: str = ""
    handed: bool = False  # a computer plays for this human until they come back


class TableMeta(msgspec.Struct):
    id: int
    title: str
    ruleset: str
    options: bytes
    slots: list[Slot]
    handover: bool
    seed: int
    owner: str = ""  # Identity.owner of who created it: they may close it
    address: str = ""  # where its creator came from (the quotas per address and network)
    hints: bool = False  # a seat may ask the hard computer for a hint (its creator chose)
    # Chosen at creation (clocks.py, ratings.py): the clock, what a seat whose time runs
    # out becomes, whether the result is rated, the level of a computer standing in.
    clock: TimeControl = TimeControl()
    on_timeout: str = "computer"
    rated: bool = False
    level: str = "medium"
    ended: str = ""  # why the game ended before its end (the players voted), else ""


class LoopClock:
    """``engine.core.table.Clock`` on an asyncio loop: computers think in its executor."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def later(self, delay: float, fn: Callable[[], None]) -> None:
        self.loop.call_later(delay, fn)

    def off_thread(self, work: Callable[[], Any], then: Callable[[Any], None]) -> None:
        done = self.loop.run_in_executor(None, work)
        done.add_done_callback(lambda future: then(future.result()))


@dataclass
class Table:
    meta: TableMeta
    rules: Any
    local: LocalTable | None = None  # once every seat is taken
    spectators: int = 0
    presence: dict[int, int] = field(default_factory=dict)  # seat -> connected sessions
    handover_timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    driven: bool = False
    touched: float = 0.0  # when anything last happened here (time.time())
    _variants: str | None = field(default=None, repr=False)

    @property
    def id(self) -> int:
        return self.meta.id

    @property
    def variants(self) -> str:
        """The table's variants in a player's words, shown before anyone sits down."""
        if self._variants is None:
            try:
                options = msgspec.json.decode(self.meta.options or b"{}",
                                              type=self.rules.Options)
            except msgspec.ValidationError:  # it cannot be hosted either: said when it is
                options = self.rules.Options()
            self._variants = self.rules.describe_options(options)
        return self._variants

    @property
    def game(self) -> AnyGame | None:
        return self.local.game if self.local is not None else None

    @property
    def version(self) -> int:
        """The step count players see ("step 12"); every change is pushed, even an
        undo's, so clients need not tell changes apart by it."""
        return len(self.local.game.steps) if self.local is not None else 0

    def seat_of(self, who: Identity) -> int | None:
        for index, slot in enumerate(self.meta.slots):
            if slot.owner == who.owner:
                return index
        return None


def refuse(rule: str, reason: str) -> IllegalIntent:
    return IllegalIntent(rule, reason)


class TableService:
    def __init__(
        self,
        root: Path,
        rulesets: dict[str, Any],
        *,
        bot_delay: float = 0.4,
        handover_after: float = 120.0,
        max_tables: int = 200,
        tables_per_user: int = 5,
        tables_per_address: int = 5,
        tables_per_network: int = 10,
        expire_after: float = 7 * 24 * 3600.0,
        waiting_expiry: float = 600.0,
        chooser: Chooser | None = None,
        handover_level: str = "medium",
        now: Callable[[], float] = time.time,
        records: Store | None = None,
    ) -> None:
        self.root = root
        self.records: Store = records or Records(root / "records.db", games=root)
        # Open tables one player may have created: counted per name (whatever its key),
        # per address and per network (keys are free in open mode: 41 throwaway keys
        # made 5 tables each and filled all 200 in 27.8 s).
        self.tables_per_user = tables_per_user
        self.tables_per_address = tables_per_address
        self.tables_per_network = tables_per_network
        self.expire_after = expire_after  # seconds; 0: tables never expire
        # A table whose game never started (a seat still free) and that nobody is at
        # goes after this many seconds, not expire_after's week; 0: never.
        self.waiting_expiry = waiting_expiry
        self.now = now
        self.rulesets = rulesets
        self.bot_delay = bot_delay
        self.handover_after = handover_after
        self.max_tables = max_tables
        self.chooser: Chooser = choose if chooser is None else chooser
        self.handover_level = handover_level
        self.tables: dict[int, Table] = {}
        # Table ids are a sequence in the records, never reused: an old join link (or a
        # remembered "join 1") once seated its holder at a new table under the old id.
        self.last_id = self.records.counter("tables")
        self.on_change: list[Callable[[int, int], None]] = []
        self.on_remove: list[Callable[[int], None]] = []  # a table's id as it goes
        self.on_lobby: list[Callable[[], None]] = []
        # What the clocks, the notices, the ratings and the history add (their modules):
        # a table hosted (made or resumed), a seat's player arrived, a table's info.
        self.on_host: list[Callable[[Table], None]] = []
        self.on_attach: list[Callable[[Table, int | None], None]] = []
        self.decorate: list[Callable[[Table, TableInfo], TableInfo]] = []
        # A table this process runs from now on that another process ran (tables shared
        # by several processes, cluster.py: it took the table over).
        self.on_owned: list[Callable[[Table], None]] = []

    def owns(self, table_id: int) -> bool:
        """Whether this process runs the table (its computers, clocks, writes): every
        table, unless the tables are shared by several processes (cluster.py)."""
        return True

    # ------------------------------------------------------------ persistence
    def load_all(self) -> None:
        """Resume every table in the records (each validated by replaying its log)."""
        self.root.mkdir(parents=True, exist_ok=True)
        stored = self.records.tables()
        for table_id, data in sorted(stored.items()):
            try:
                meta = msgspec.json.decode(data, type=TableMeta)
                rules = self.rulesets[meta.ruleset]
                table = Table(meta, rules)
                game, touched = self.records.load_game(table_id, self.rulesets)
                table.touched = touched or self.now()
                if game is not None:
                    self._host(table, game)
                self.tables[meta.id] = table
            except (KeyError, msgspec.DecodeError, msgspec.ValidationError,
                    RecordError) as exc:
                log.error("table %s not resumed: %s", table_id, exc)
        self.last_id = max([self.last_id, *stored])
        log.info("resumed %d table(s) from %s", len(self.tables), self.root)
        for table in self.tables.values():
            # Nobody is connected after a restart: absent players' seats may be handed
            # over as usual, and computers who were to move move again.
            for seat, slot in enumerate(table.meta.slots):
                if slot.kind == "human" and not slot.handed:
                    self._arm_handover(table, seat)
            self._drive(table)

    def _save_meta(self, table: Table) -> None:
        self.records.put_table(table.id, msgspec.json.encode(table.meta))  # off the loop

    def _save_game(self, table: Table) -> None:
        assert table.game is not None
        self.records.save_game(table.id, table.game)  # queued: off the loop

    def _host(self, table: Table, game: AnyGame) -> None:
        """Seat ``game`` at ``table``: a LocalTable told of the seats handed over."""
        local = LocalTable(game, chooser=self.chooser, hints=table.meta.hints,
                           undo="own-turn" if table.meta.rated else "agree")
        for seat, slot in enumerate(table.meta.slots):
            if slot.handed:
                local.stand_ins[seat] = self.handover_level
        local.subscribe(lambda: self._stepped(table))
        table.local = local
        for hosted in list(self.on_host):
            hosted(table)
        self._drive(table)

    def _drive(self, table: Table) -> None:
        """Let the table's computers move, once this server's event loop runs."""
        if table.driven or table.local is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (offline use): computers move when the server runs
        table.driven = True

        def failed(seat: int, problem: BaseException) -> None:  # must not take the server down
            log.error("table %d: computer player failed", table.id, exc_info=problem)

        table.local.drive(LoopClock(loop), self.bot_delay, failed)

    # ---------------------------------------------------------------- lobby
    def infos(self) -> list[TableInfo]:
        return [self.info(t) for t in sorted(self.tables.values(), key=lambda t: t.id)]

    def info(self, table: Table) -> TableInfo:
        seats = []
        for index, slot in enumerate(table.meta.slots):
            if slot.kind == "computer":
                seats.append(SeatInfo("computer", slot.name, slot.level, True))
            elif slot.owner is None:
                seats.append(SeatInfo("free"))
            else:
                seats.append(SeatInfo("human", slot.name, "", table.presence.get(index, 0) > 0,
                                      slot.handed))
        game = table.game
        meta = table.meta
        info = TableInfo(
            id=table.id, title=meta.title, ruleset=meta.ruleset,
            ruleset_name=table.rules.name, seats=seats, spectators=table.spectators,
            started=game is not None, over=game is not None and (game.is_over()
                                                                 or bool(meta.ended)),
            version=table.version, to_move=list(game.to_move()) if game else [],
            handover=meta.handover, hints=meta.hints,
            undo=undo_info(table.local.pending_undo) if table.local is not None else None,
            clock=meta.clock, on_timeout=meta.on_timeout, rated=meta.rated, ended=meta.ended,
            variants=table.variants,
        )
        for decorate in self.decorate:
            info = decorate(table, info)
        return info

    def names_in_use(self) -> set[str]:
        """The names that hold a seat or created a table still here."""
        owners = {slot.owner for t in self.tables.values() for slot in t.meta.slots
                  if slot.owner} | {t.meta.owner for t in self.tables.values() if t.meta.owner}
        return {owner.split(" ", 1)[0] for owner in owners}

    def get(self, table_id: int) -> Table:
        try:
            return self.tables[table_id]
        except KeyError:
            raise refuse("SRV-TABLE", f"there is no table {table_id}") from None

    def create(self, who: Identity, ruleset_id: str, seats: list[SeatSpec], options: bytes,
               handover: bool, title: str, hints: bool = False, *,
               clock: TimeControl = NO_CLOCK, on_timeout: str = "computer",
               rated: bool = False, level: str = "medium",
               table_id: int | None = None) -> Table:
        """``table_id``: the id the shared store gave (several servers); else the next."""
        rules = self.rulesets.get(ruleset_id)
        if rules is None:
            raise refuse("SRV-GAME", f"this server has no game {ruleset_id!r}")
        if len(self.tables) >= self.max_tables:
            raise refuse("SRV-FULL", f"this server has {len(self.tables)} tables, as many "
                                     "as it allows; join one, or try later")
        self._check_quota(who)
        if not rules.min_seats <= len(seats) <= rules.max_seats:
            raise refuse("SRV-SEATS", f"{rules.name} needs {rules.min_seats} to "
                                      f"{rules.max_seats} seats")
        try:
            opts = msgspec.json.decode(options or b"{}", type=rules.Options)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise refuse("SRV-OPTIONS", f"these variants are not valid: {exc}") from None
        check_settings(clock, on_timeout, rated, level, seats)
        slots = []
        for number, spec in enumerate(seats, start=1):
            if spec.kind == "computer":
                slots.append(Slot("computer", spec.level, name=f"Computer {number}"))
            else:
                slots.append(Slot("human"))
        if table_id is None:
            table_id = max([self.last_id, *self.tables]) + 1
        self.last_id = max(self.last_id, table_id)
        self.records.put_counter("tables", table_id)  # queued before the table's row
        meta = TableMeta(table_id, title[:60] or f"{who.name}'s table", ruleset_id,
                         msgspec.json.encode(opts), slots, handover,
                         random.SystemRandom().randrange(2**31), owner=who.owner,
                         hints=hints, address=who.address, clock=clock,
                         on_timeout=on_timeout, rated=rated, level=level)
        table = Table(meta, rules, touched=self.now())
        self.tables[table_id] = table
        self._maybe_start(table)
        self._save_meta(table)
        log.info("table %d created by %s (%s, %d seats)", table_id, who.name, ruleset_id,
                 len(seats))
        self._lobby_changed()
        return table

    def _check_quota(self, who: Identity) -> None:
        """SRV-QUOTA when ``who``'s name, address or network has its open tables."""
        open_tables = [t for t in self.tables.values()
                       if not (t.game is not None and t.game.is_over())]
        mine = [t.id for t in open_tables if t.meta.owner.split(" ", 1)[0] == who.name]
        if len(mine) >= self.tables_per_user:
            tables = "table" if len(mine) == 1 else "tables"
            raise refuse("SRV-QUOTA", f"you have {len(mine)} open {tables} "
                                      f"({', '.join(map(str, mine))}), as many as you may; "
                                      "close one first (c in the lobby)")
        if not who.address:
            return
        address, network = networks(who.address)
        here = [t for t in open_tables if t.meta.address]
        for limit, where, count in (
                (self.tables_per_address, "your address",
                 sum(networks(t.meta.address)[0] == address for t in here)),
                (self.tables_per_network, "your network",
                 sum(networks(t.meta.address)[1] == network for t in here))):
            if count >= limit:
                raise refuse("SRV-QUOTA", f"{where} has {count} open tables, as many as it "
                                          "may; join one, or close one first (c in the "
                                          "lobby)")

    def join(self, who: Identity, table_id: int, seat: int | None) -> int:
        """Take (or take back) a seat; returns its index."""
        table = self.get(table_id)
        mine = table.seat_of(who)
        if mine is not None and (seat is None or seat == mine):
            return mine
        if mine is not None:
            raise refuse("SRV-SEATED", f"you already sit at seat {mine + 1} of this table")
        slots = table.meta.slots
        if seat is None:
            free = [i for i, s in enumerate(slots) if s.kind == "human" and s.owner is None]
            if not free:
                raise refuse("SRV-NOSEAT", "this table has no free seat")
            seat = free[0]
        if not 0 <= seat < len(slots):
            raise refuse("SRV-NOSEAT", f"there is no seat {seat + 1}")
        slot = slots[seat]
        if slot.kind != "human" or slot.owner is not None:
            raise refuse("SRV-TAKEN", f"seat {seat + 1} is not free")
        taken = {s.name for s in slots}
        slot.owner, slot.name = who.owner, who.name
        if who.name in taken:  # two keys under one name: keep names tellable apart
            slot.name = f"{who.name}#{seat + 1}"
        table.touched = self.now()
        self._maybe_start(table)
        self._save_meta(table)
        self._lobby_changed()
        return seat

    def close(self, who: Identity, table_id: int) -> None:
        """The owner closes a table nobody else is at (its files are removed)."""
        table = self.get(table_id)
        if not table.meta.owner or table.meta.owner != who.owner:
            raise refuse("SRV-OWNER", f"only the player who created table {table_id} may "
                                      "close it")
        if table.spectators or any(table.presence.values()):
            raise refuse("SRV-BUSY", f"someone is at table {table_id} now; it can be "
                                     "closed once everyone has left it")
        self._remove(table, f"closed by {who.name}")

    def expire(self) -> list[int]:
        """Remove the tables nobody has been at, and nothing has happened at, for
        ``expire_after`` seconds: empty, abandoned and finished ones alike; a table whose
        game never started after ``waiting_expiry`` seconds."""
        now = self.now()
        old = []
        for table in self._expirable():
            if table.spectators or any(table.presence.values()):
                continue
            idle = now - table.touched
            if table.game is None and 0 < self.waiting_expiry < idle:
                old.append(table.id)
                self._remove(table, f"nobody came in {self.waiting_expiry / 60:g} min")
            elif 0 < self.expire_after < idle:
                old.append(table.id)
                self._remove(table, f"expired after {self.expire_after / 3600:g} h unattended")
        return old

    def _expirable(self) -> list[Table]:
        """The tables this process may remove (with several servers: those it owns)."""
        return list(self.tables.values())

    def _remove(self, table: Table, why: str) -> None:
        if table.local is not None:
            table.local.stop()
        for timer in table.handover_timers.values():
            timer.cancel()
        table.handover_timers.clear()
        del self.tables[table.id]
        self.records.drop_table(table.id)
        self.records.drop_game(table.id)
        log.info("table %d removed: %s", table.id, why)
        for listener in list(self.on_remove):
            listener(table.id)
        self._lobby_changed()

    def _maybe_start(self, table: Table) -> None:
        if table.game is not None or any(s.owner is None and s.kind == "human"
                                         for s in table.meta.slots):
            return
        rules = table.rules
        seats = [Seat(s.name, HUMAN if s.kind == "human" else Computer(level=s.level))
                 for s in table.meta.slots]
        options = msgspec.json.decode(table.meta.options, type=rules.Options)
        self._host(table, Game(rules, seats, options, table.meta.seed))
        self._save_game(table)
        log.info("table %d started", table.id)
        self._changed(table)

    # ------------------------------------------------------------- presence
    def attach(self, table_id: int, seat: int | None) -> None:
        table = self.get(table_id)
        table.touched = self.now()
        if seat is None:
            table.spectators += 1
        else:
            table.presence[seat] = table.presence.get(seat, 0) + 1
            timer = table.handover_timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
            for arrived in list(self.on_attach):
                arrived(table, seat)
            slot = table.meta.slots[seat]
            if slot.handed:  # the player is back: the computer gives the seat back
                slot.handed = False
                self._save_meta(table)
                if table.local is not None:
                    table.local.give_back(seat)
        self._drive(table)
        self._lobby_changed()

    def detach(self, table_id: int, seat: int | None) -> None:
        table = self.tables.get(table_id)
        if table is None:
            return
        table.touched = self.now()
        if seat is None:
            table.spectators = max(0, table.spectators - 1)
        else:
            table.presence[seat] = max(0, table.presence.get(seat, 0) - 1)
            if table.presence[seat] == 0:
                self._arm_handover(table, seat)
        self._lobby_changed()

    def _arm_handover(self, table: Table, seat: int) -> None:
        if not table.meta.handover or seat in table.handover_timers:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        table.handover_timers[seat] = loop.call_later(
            self.handover_after, self._hand_over, table, seat)

    def _hand_over(self, table: Table, seat: int) -> None:
        table.handover_timers.pop(seat, None)
        if table.presence.get(seat, 0) > 0 or table.game is None or table.game.is_over():
            return
        table.meta.slots[seat].handed = True
        self._save_meta(table)
        log.info("table %d: seat %d handed to a computer player", table.id, seat + 1)
        assert table.local is not None
        table.local.hand_over(seat, self.handover_level)  # tells everyone, moves for them
        self._lobby_changed()

    # ----------------------------------------------------------------- game
    def game(self, table_id: int) -> AnyGame:
        return self.local(table_id).game

    def local(self, table_id: int) -> LocalTable:
        table = self.get(table_id)
        if table.local is None:
            raise refuse("SRV-WAIT", "the game starts once every seat is taken")
        return table.local

    def check_seat(self, who: Identity, table_id: int, seat: int) -> None:
        """Only the owner of a seat may read its secrets or act for it."""
        table = self.get(table_id)
        if table.seat_of(who) != seat:
            raise refuse("SRV-SEAT", "that is not your seat")

    def play(self, who: Identity, table_id: int, seat: int, intent: Any) -> list[Any]:
        self.check_seat(who, table_id, seat)
        ended = self.get(table_id).meta.ended
        if ended:
            raise refuse("SRV-ENDED", f"this game has ended: {ended}")
        return self.local(table_id).play(seat, intent)

    def undo(self, who: Identity, table_id: int, seat: int) -> UndoRequest | None:
        """The table's undo policy: at once, or waiting for the others to agree."""
        self.check_seat(who, table_id, seat)
        return self.local(table_id).undo(seat)

    def answer_undo(self, who: Identity, table_id: int, seat: int, agree: bool) -> None:
        self.check_seat(who, table_id, seat)
        self.local(table_id).answer_undo(seat, agree)

    def redo(self, who: Identity, table_id: int, seat: int) -> None:
        self.check_seat(who, table_id, seat)
        self.local(table_id).redo(seat)

    def _stepped(self, table: Table) -> None:
        """The table changed (a decision, an undo, a hand-over): save it and tell everyone."""
        assert table.game is not None
        table.touched = self.now()
        self._save_game(table)
        for listener in list(self.on_change):
            listener(table.id, table.version)
        if table.game.is_over():
            self._lobby_changed()

    def tell(self, table: Table) -> None:
        """Everyone at the table and in the lobby is told of a change the table's game
        did not make (a clock ran out, a vote)."""
        self._changed(table)
        self._lobby_changed()

    def save_meta(self, table: Table) -> None:
        self._save_meta(table)

    def _changed(self, table: Table) -> None:
        for listener in list(self.on_change):
            listener(table.id, table.version)

    def _lobby_changed(self) -> None:
        for listener in list(self.on_lobby):
            listener()


LEVELS = ("easy", "medium", "hard", "random")
MAX_CLOCK = 30 * 86400.0  # seconds: a month a decision is as long as a clock goes


def check_settings(clock: TimeControl, on_timeout: str, rated: bool, level: str,
                   seats: list[SeatSpec]) -> None:
    """A new table's clock, timeout policy, rating and stand-in level, or SRV-CLOCK /
    SRV-RATED saying what is wrong."""
    if clock.kind not in ("none", "live", "turn"):
        raise refuse("SRV-CLOCK", f"no such clock {clock.kind!r}: none, live or turn")
    times = (clock.base, clock.increment, clock.bank)
    if any(not 0 <= t <= MAX_CLOCK for t in times):
        raise refuse("SRV-CLOCK", "a clock's times are from 0 to 30 days")
    if clock.kind != "none" and clock.base < 10:
        raise refuse("SRV-CLOCK", "a clock needs at least 10 seconds")
    if on_timeout not in ("computer", "vote"):
        raise refuse("SRV-CLOCK", "when time runs out: computer or vote")
    if level not in LEVELS:
        raise refuse("SRV-CLOCK", f"no computer level {level!r}")
    if rated and any(spec.kind != "human" for spec in seats):
        raise refuse("SRV-RATED", "a rated table is for people only: no computer seats")


def undo_info(request: UndoRequest | None) -> UndoInfo | None:
    if request is None:
        return None
    return UndoInfo(request.by, request.keep, sorted(request.others), sorted(request.agreed))
