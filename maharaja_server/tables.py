"""The table service: every table's Game lives here, in the server process.

Each table is a directory under the data dir holding ``table.json`` (who sits
where, settings) and ``game.json`` (the engine's own save format, rewritten
atomically after every step), so a restart loses no finished event.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from engine.core import record
from engine.core.errors import IllegalIntent, RecordError
from engine.core.game import Game
from engine.core.ruleset import Seat
from maharaja_server.bots import Chooser, chooser_for
from maharaja_server.protocol import SeatInfo, SeatSpec, TableInfo

log = logging.getLogger("maharaja_server.tables")


@dataclass(frozen=True)
class Identity:
    """Who is connected: the SSH user name and the key they proved (or "" for a password)."""

    name: str
    key: str = ""

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


@dataclass
class Table:
    meta: TableMeta
    rules: Any
    game: Game | None = None
    version: int = 0
    spectators: int = 0
    presence: dict[int, int] = field(default_factory=dict)  # seat -> connected sessions
    handover_timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    bot_pending: bool = False

    @property
    def id(self) -> int:
        return self.meta.id

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
        chooser: Callable[[Any, int, str], Chooser] = chooser_for,
        handover_level: str = "medium",
    ) -> None:
        self.root = root
        self.rulesets = rulesets
        self.bot_delay = bot_delay
        self.handover_after = handover_after
        self.max_tables = max_tables
        self.chooser = chooser
        self.handover_level = handover_level
        self.tables: dict[int, Table] = {}
        self.on_change: list[Callable[[int, int], None]] = []
        self.on_lobby: list[Callable[[], None]] = []

    # ------------------------------------------------------------ persistence
    def load_all(self) -> None:
        """Resume every table found on disk (validated by replaying its log)."""
        self.root.mkdir(parents=True, exist_ok=True)
        for meta_path in sorted(self.root.glob("*/table.json")):
            try:
                meta = msgspec.json.decode(meta_path.read_bytes(), type=TableMeta)
                rules = self.rulesets[meta.ruleset]
                table = Table(meta, rules)
                game_path = meta_path.parent / "game.json"
                if game_path.exists():
                    table.game = record.load(game_path, self.rulesets)
                    table.version = len(table.game.steps)
                self.tables[meta.id] = table
            except (KeyError, msgspec.DecodeError, RecordError) as exc:
                log.error("table %s not resumed: %s", meta_path.parent.name, exc)
        log.info("resumed %d table(s) from %s", len(self.tables), self.root)
        for table in self.tables.values():
            # Nobody is connected after a restart: absent players' seats may be handed
            # over as usual, and computers who were to move move again.
            for seat, slot in enumerate(table.meta.slots):
                if slot.kind == "human" and not slot.handed:
                    self._arm_handover(table, seat)
            self._schedule_bots(table)

    def _dir(self, table: Table) -> Path:
        return self.root / str(table.id)

    def _save_meta(self, table: Table) -> None:
        record.write_atomic(self._dir(table) / "table.json", msgspec.json.encode(table.meta))

    def _save_game(self, table: Table) -> None:
        assert table.game is not None
        record.save(table.game, self._dir(table) / "game.json")

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
        return TableInfo(
            id=table.id, title=table.meta.title, ruleset=table.meta.ruleset,
            ruleset_name=table.rules.name, seats=seats, spectators=table.spectators,
            started=game is not None, over=game is not None and game.is_over(),
            version=table.version, to_move=list(game.to_move()) if game else [],
            handover=table.meta.handover,
        )

    def get(self, table_id: int) -> Table:
        try:
            return self.tables[table_id]
        except KeyError:
            raise refuse("SRV-TABLE", f"there is no table {table_id}") from None

    def create(self, who: Identity, ruleset_id: str, seats: list[SeatSpec], options: bytes,
               handover: bool, title: str) -> Table:
        rules = self.rulesets.get(ruleset_id)
        if rules is None:
            raise refuse("SRV-GAME", f"this server has no game {ruleset_id!r}")
        if len(self.tables) >= self.max_tables:
            raise refuse("SRV-FULL", "this server has as many tables as it allows")
        if not rules.min_seats <= len(seats) <= rules.max_seats:
            raise refuse("SRV-SEATS", f"{rules.name} needs {rules.min_seats} to "
                                      f"{rules.max_seats} seats")
        try:
            opts = msgspec.json.decode(options or b"{}", type=rules.Options)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise refuse("SRV-OPTIONS", f"these variants are not valid: {exc}") from None
        slots = []
        for number, spec in enumerate(seats, start=1):
            if spec.kind == "computer":
                slots.append(Slot("computer", spec.level, name=f"Computer {number}"))
            else:
                slots.append(Slot("human"))
        table_id = max(self.tables, default=0) + 1
        meta = TableMeta(table_id, title[:60] or f"{who.name}'s table", ruleset_id,
                         msgspec.json.encode(opts), slots, handover,
                         random.SystemRandom().randrange(2**31))
        table = Table(meta, rules)
        self.tables[table_id] = table
        self._maybe_start(table)
        self._save_meta(table)
        log.info("table %d created by %s (%s, %d seats)", table_id, who.name, ruleset_id,
                 len(seats))
        self._lobby_changed()
        return table

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
        self._maybe_start(table)
        self._save_meta(table)
        self._lobby_changed()
        return seat

    def _maybe_start(self, table: Table) -> None:
        if table.game is not None or any(s.owner is None and s.kind == "human"
                                         for s in table.meta.slots):
            return
        rules = table.rules
        seats = [Seat(s.name, "human" if s.kind == "human" else f"bot:{s.level}")
                 for s in table.meta.slots]
        options = msgspec.json.decode(table.meta.options, type=rules.Options)
        try:
            table.game = Game(rules, seats, options, table.meta.seed)
        except IllegalIntent:
            raise
        table.version = len(table.game.steps)
        self._save_game(table)
        log.info("table %d started", table.id)
        self._changed(table)

    # ------------------------------------------------------------- presence
    def attach(self, table_id: int, seat: int | None) -> None:
        table = self.get(table_id)
        if seat is None:
            table.spectators += 1
        else:
            table.presence[seat] = table.presence.get(seat, 0) + 1
            timer = table.handover_timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
            slot = table.meta.slots[seat]
            if slot.handed:  # the player is back: the computer gives the seat back
                slot.handed = False
                self._save_meta(table)
        self._lobby_changed()

    def detach(self, table_id: int, seat: int | None) -> None:
        table = self.tables.get(table_id)
        if table is None:
            return
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
        self._changed(table)
        self._lobby_changed()

    # ----------------------------------------------------------------- game
    def game(self, table_id: int) -> Game:
        table = self.get(table_id)
        if table.game is None:
            raise refuse("SRV-WAIT", "the game starts once every seat is taken")
        return table.game

    def check_seat(self, who: Identity, table_id: int, seat: int) -> None:
        """Only the owner of a seat may read its secrets or act for it."""
        table = self.get(table_id)
        if table.seat_of(who) != seat:
            raise refuse("SRV-SEAT", "that is not your seat")

    def play(self, who: Identity, table_id: int, seat: int, intent: Any) -> list[Any]:
        self.check_seat(who, table_id, seat)
        table = self.get(table_id)
        events = self.game(table_id).play(seat, intent)
        self._stepped(table)
        return events

    def refuse_undo(self) -> None:
        raise refuse("SRV-UNDO", "undo is not available at a shared table")

    def _stepped(self, table: Table) -> None:
        assert table.game is not None
        self._save_game(table)
        table.version = len(table.game.steps)
        self._changed(table)
        if table.game.is_over():
            self._lobby_changed()

    def _changed(self, table: Table) -> None:
        for listener in list(self.on_change):
            listener(table.id, table.version)
        self._schedule_bots(table)

    def _lobby_changed(self) -> None:
        for listener in list(self.on_lobby):
            listener()

    # ----------------------------------------------------------------- bots
    def _bot_seats(self, table: Table) -> list[int]:
        if table.game is None:
            return []
        slots = table.meta.slots
        return [s for s in table.game.to_move() if slots[s].kind == "computer" or slots[s].handed]

    def _schedule_bots(self, table: Table) -> None:
        if table.bot_pending or not self._bot_seats(table):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (offline use): bots move when the server runs
        table.bot_pending = True
        loop.call_later(self.bot_delay, lambda: loop.create_task(self._bot_move(table)))

    async def _bot_move(self, table: Table) -> None:
        try:
            await self._bot_step(table)
        except Exception:  # a broken bot must not take the server down
            log.exception("table %d: computer player failed", table.id)
        finally:
            table.bot_pending = False
        if table.game is not None and not table.game.is_over():
            self._schedule_bots(table)

    async def _bot_step(self, table: Table) -> None:
        seats = self._bot_seats(table)
        game = table.game
        if not seats or game is None:
            return
        seat = seats[0]
        slot = table.meta.slots[seat]
        level = slot.level if slot.kind == "computer" else self.handover_level
        choose = self.chooser(table.rules, seat, level)
        version = table.version
        view, legal = game.view(seat), game.legal_intents(seat)
        # A strong bot thinks for up to a second: off the event loop, on a copy.
        intent = await asyncio.to_thread(choose, view, legal)
        if table.version != version or seat not in self._bot_seats(table):
            return  # the game moved on meanwhile (the player came back): think again
        game.play(seat, intent)
        self._stepped(table)
