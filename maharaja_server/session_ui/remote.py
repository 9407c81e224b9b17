"""The session side of the table service: a blocking client and ``RemoteTable``.

``RemoteTable`` has the methods of ``engine.core.table.LocalTable`` so the same
game screen drives a local game or a seat on the server. Calls block for one
round trip on a local socket (well under a millisecond); change notifications
arrive on a reader thread and are handed to ``dispatch`` (the UI passes a
thread-safe scheduler so listeners run on its own event loop).
"""

from __future__ import annotations

import itertools
import queue
import socket
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar, overload

import msgspec

from engine.core.describe import Description
from engine.core.errors import IllegalIntent, refusal
from engine.core.ruleset import HUMAN, Computer, Seat
from engine.core.table import UndoRequest
from maharaja_server.transport import protocol as p
from maharaja_server.transport.sockpath import short_path

Listener = Callable[[], None]
Dispatch = Callable[[Callable[[], None]], None]
T = TypeVar("T")  # what a request's Result decodes to

# One decoder for every connection, made at import. msgspec builds a struct's type
# information on its first decoder, and that build is not thread-safe: a session host's
# sessions open their connections in threads, and two of them making their own decoder
# at once crashed the host (SIGSEGV in msgspec, two sessions lost in the 128-session
# capacity step). Made here, it is built once by the session worker before it forks (it
# imports this module), or by whichever thread imports it; decoding is thread-safe.
REPLIES = msgspec.msgpack.Decoder(p.AnyReply)


class Disconnected(ConnectionError):
    """The server went away."""


class _Worker:
    """Runs listeners off the reader thread (they may call the server themselves).

    Its thread starts with the first listener to run: a session's UI replaces this
    dispatch with its own event loop at once, and never needs the thread."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._started = False
        self._lock = threading.Lock()

    def __call__(self, fn: Callable[[], None]) -> None:
        self._queue.put(fn)
        if not self._started:
            with self._lock:
                if not self._started:
                    threading.Thread(target=self._run, name="hub-listeners",
                                     daemon=True).start()
                    self._started = True

    def _run(self) -> None:
        while True:
            self._queue.get()()


class Connection:
    def __init__(self, path: str, token: str, timeout: float = 30.0) -> None:
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        with short_path(Path(path)) as where:
            self._sock.connect(where)
        self._timeout = timeout
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._waiting: dict[int, list[Any]] = {}
        self._ready: dict[int, threading.Event] = {}
        self._decoder = REPLIES
        self.dispatch: Dispatch = _Worker()
        self.on_table_change: list[Callable[[int, int], None]] = []
        self.on_lobby_change: list[Callable[[], None]] = []
        # What the hub pushed with its notices (reader thread writes, UI thread reads
        # whole objects): per table the last change and its log, and the lobby's list.
        self.pushed: dict[int, Pushed] = {}
        self.pushed_tables: list[p.TableInfo] | None = None
        # This player's decisions waiting at any table, as last pushed (notices.py).
        self.turns: list[p.Turn] = []
        self.on_turns: list[Callable[[], None]] = []
        self.on_disconnect: list[Callable[[], None]] = []
        self.closed = False
        self._reader = threading.Thread(target=self._read_loop, name="hub-reader", daemon=True)
        self._reader.start()
        welcome = self.call(p.Hello(token=token))
        assert isinstance(welcome, p.Welcome)
        self.user = welcome.user
        self.rulesets = welcome.rulesets

    # ------------------------------------------------------------ transport
    def call(self, request: p.Request) -> Any:
        """Send a request and wait for its reply (Welcome, Result or Refused)."""
        if self.closed:
            raise Disconnected("the server connection is closed")
        request.id = next(self._ids)
        done = threading.Event()
        self._ready[request.id] = done
        with self._lock:
            self._sock.sendall(p.frame(request))
        if not done.wait(self._timeout):
            self._ready.pop(request.id, None)
            raise Disconnected("the server did not answer")
        self._ready.pop(request.id, None)
        (reply,) = self._waiting.pop(request.id, [None])
        if reply is None:
            raise Disconnected("the server connection was lost")
        return reply

    @overload
    def ask(self, request: p.Request, kind: type[T]) -> T: ...
    @overload
    def ask(self, request: p.Request, kind: Any = Any) -> Any: ...  # a union, or no result

    def ask(self, request: p.Request, kind: Any = Any) -> Any:
        """A request whose Result decodes to ``kind``; a refusal raises IllegalIntent."""
        reply = self.call(request)
        if isinstance(reply, p.Refused):
            raise refusal(reply.kind, reply.rule, reply.reason)
        return msgspec.msgpack.decode(reply.data, type=kind)

    def _recv_exactly(self, size: int) -> bytes:
        chunks = bytearray()
        while len(chunks) < size:
            chunk = self._sock.recv(size - len(chunks))
            if not chunk:
                raise Disconnected("closed")
            chunks += chunk
        return bytes(chunks)

    def _read_loop(self) -> None:
        try:
            while True:
                (size,) = p.HEADER.unpack(self._recv_exactly(p.HEADER.size))
                message = self._decoder.decode(self._recv_exactly(size))
                if isinstance(message, p.Changed):
                    # Stored before any later reply is handed out, so a caller that
                    # gets its reply also sees the change its request made.
                    self._store(message)
                    for changed in list(self.on_table_change):
                        self.dispatch(partial(changed, message.table, message.version))
                elif isinstance(message, p.Turns):
                    self.turns = message.turns
                    for turns_changed in list(self.on_turns):
                        self.dispatch(turns_changed)
                elif isinstance(message, p.LobbyChanged):
                    self.pushed_tables = message.tables
                    for lobby_changed in list(self.on_lobby_change):
                        self.dispatch(lobby_changed)
                else:
                    if isinstance(message, p.Welcome) and message.tables is not None:
                        # Here, before any later push is read: the list stays the latest.
                        self.pushed_tables = message.tables
                    self._waiting[message.id] = [message]
                    event = self._ready.get(message.id)
                    if event is not None:
                        event.set()
        except (OSError, msgspec.DecodeError):
            pass
        finally:
            self.closed = True
            for event in list(self._ready.values()):
                event.set()
            for fn in list(self.on_disconnect):
                self.dispatch(fn)

    def _store(self, message: p.Changed) -> None:
        if message.info is None:
            self.pushed.pop(message.table, None)  # nothing pushed: ask
            return
        before = self.pushed.get(message.table)
        lines = before.log[:message.log_keep] if before is not None else []
        if len(lines) != message.log_keep:  # a gap: this log cannot be trusted
            self.pushed.pop(message.table, None)
            return
        self.pushed[message.table] = Pushed(message, lines + message.log_new)

    def latest(self, table: int) -> Pushed | None:
        return self.pushed.get(table)

    def close(self) -> None:
        self.closed = True
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._sock.close()

    # ---------------------------------------------------------------- lobby
    def tables(self) -> list[p.TableInfo]:
        return self.ask(p.ListTables(), list[p.TableInfo])

    def create(self, ruleset: str, seats: list[p.SeatSpec], options: bytes = b"{}",
               handover: bool = True, title: str = "", hints: bool = False, *,
               clock: p.TimeControl = p.NO_CLOCK, on_timeout: str = "computer",
               rated: bool = False, level: str = "medium") -> int:
        return self.ask(p.CreateTable(ruleset=ruleset, seats=seats, options=options,
                                      handover=handover, title=title,
                                      hints=hints, clock=clock, on_timeout=on_timeout,
                                      rated=rated, level=level), int)

    def close_table(self, table: int) -> None:
        self.ask(p.CloseTable(table=table))

    def info(self, table: int) -> p.TableInfo:
        return self.ask(p.Info(table=table), p.TableInfo)

    def join(self, table: int, seat: int | None = None) -> int:
        return self.ask(p.Join(table=table, seat=seat), int)

    def watch(self, table: int) -> None:
        self.ask(p.Watch(table=table))

    def leave(self, table: int) -> None:
        self.ask(p.Leave(table=table))

    def web_links(self, table: int) -> list[p.SeatLink]:
        return self.ask(p.WebLinks(table=table), list[p.SeatLink])

    def vote(self, table: int, seat: int, choice: str) -> None:
        self.ask(p.Vote(table=table, seat=seat, choice=choice))

    def settings(self, webhook: str | None = None) -> p.PlayerSettings:
        return self.ask(p.Settings(webhook=webhook), p.PlayerSettings)

    def leaderboard(self, ruleset: str) -> list[p.Standing]:
        return self.ask(p.Leaderboard(ruleset=ruleset), list[p.Standing])

    def games(self, name: str = "", limit: int = 50) -> list[p.GameSummary]:
        return self.ask(p.Games(name=name, limit=limit), list[p.GameSummary])

    def player(self, name: str) -> p.PlayerInfo:
        return self.ask(p.PlayerPage(name=name), p.PlayerInfo)

    def record(self, game: int) -> p.GameFile:
        return self.ask(p.GameRecord(game=game), p.GameFile)


class Pushed:
    """One change as pushed for this session's seat, decoded on first use."""

    def __init__(self, change: p.Changed, log: list[Description]) -> None:
        assert change.info is not None  # a notice without info is never kept (_store)
        self.change = change
        self.info: p.TableInfo = change.info
        self.log = log
        self._legal: Any = None

    def view(self, kind: Any) -> Any:
        # A new object each time, as a round trip gave: screens may change what they get.
        return msgspec.msgpack.decode(self.change.view, type=kind)

    def legal(self, kind: Any) -> list[Any]:
        if self._legal is None:
            assert self.change.legal is not None
            self._legal = msgspec.msgpack.decode(self.change.legal, type=kind)
        return list(self._legal)


class RemoteTable:
    """A table on the server, with the interface of ``engine.core.table.LocalTable``."""

    def __init__(self, conn: Connection, table_id: int, rulesets: dict[str, Any]) -> None:
        self.conn = conn
        self.id = table_id
        self._info = conn.info(table_id)
        self.ruleset = rulesets[self._info.ruleset]
        self._listeners: list[Listener] = []
        self._state_type = self.ruleset.State
        self._intents = list[self.ruleset.Intent]  # type: ignore[name-defined]
        self._events = list[self.ruleset.Event]  # type: ignore[name-defined]
        self._coalesce = True  # skip a notice when a later one is already queued
        pushed = self._pushed()
        if pushed is not None:  # pushed when we joined: newer than the info just asked
            self._info = pushed.info
        conn.on_table_change.append(self._on_change)

    @property
    def info(self) -> p.TableInfo:
        return self._info

    def saw(self, info: p.TableInfo) -> None:
        """This table's info as the lobby's push brought it (as new as the table's)."""
        self._info = info

    @property
    def seats(self) -> list[Any]:
        return [Seat(s.name or "(free)", HUMAN if s.kind != "computer" else Computer(level=s.level))
                for s in self._info.seats]

    @property
    def hints(self) -> bool:
        """Whether this table lets a seat ask for a hint (its creator's choice)."""
        return self._info.hints

    @property
    def version(self) -> int:
        return self._info.version

    def refresh_info(self) -> p.TableInfo:
        self._info = self.conn.info(self.id)
        return self._info

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _on_change(self, table: int, version: int) -> None:
        if table != self.id:
            return
        pushed = self._pushed()
        if pushed is not None:
            if pushed.change.version != version and self._coalesce:
                return  # a later notice is queued: redraw once, for it
            self._info = pushed.info
        else:
            try:
                self.refresh_info()
            except (IllegalIntent, Disconnected):
                pass
        for listener in list(self._listeners):
            listener()

    def _pushed(self, seat: object = ...) -> Pushed | None:
        """The last change pushed for this table (for ``seat``, when given)."""
        pushed = self.conn.latest(self.id)
        if pushed is None or pushed.change.info is None:
            return None
        if seat is not ... and pushed.change.seat != seat:
            return None  # another seat's data is never pushed here; ask (and be refused)
        return pushed

    def to_move(self) -> tuple[int, ...]:
        pushed = self._pushed()
        if pushed is not None:
            return tuple(pushed.info.to_move)
        return tuple(self.conn.ask(p.ToMove(table=self.id), list[int]))

    def view(self, seat: int | None) -> Any:
        pushed = self._pushed(seat)
        if pushed is not None and pushed.change.view:
            return pushed.view(self._state_type)
        data = self.conn.ask(p.View(table=self.id, seat=seat), bytes)
        return msgspec.msgpack.decode(data, type=self._state_type)

    def legal_intents(self, seat: int) -> list[Any]:
        pushed = self._pushed(seat)
        if pushed is not None and pushed.change.view:
            if pushed.change.legal is not None:
                return pushed.legal(self._intents)
            if seat not in pushed.info.to_move:
                return []
        data = self.conn.ask(p.Legal(table=self.id, seat=seat), bytes)
        return msgspec.msgpack.decode(data, type=self._intents)

    def log(self, seat: int | None) -> list[Description]:
        pushed = self._pushed(seat)
        if pushed is not None and pushed.change.view:
            return list(pushed.log)
        return self.conn.ask(p.Log(table=self.id, seat=seat), list[tuple[tuple[str, str], ...]])

    def play(self, seat: int, intent: Any) -> list[Any]:
        data = self.conn.ask(p.Play(table=self.id, seat=seat, intent=p.pack(intent)), bytes)
        return msgspec.msgpack.decode(data, type=self._events)

    def undo(self, seat: int) -> UndoRequest | None:
        """The server's table decides: done at once (None), or waiting for the others."""
        return as_request(self.conn.ask(p.Undo(table=self.id, seat=seat), p.UndoInfo | None))

    def answer_undo(self, seat: int, agree: bool) -> None:
        self.conn.ask(p.AnswerUndo(table=self.id, seat=seat, agree=agree))

    def redo(self, seat: int) -> None:
        self.conn.ask(p.Redo(table=self.id, seat=seat))

    @property
    def pending_undo(self) -> UndoRequest | None:
        """The undo waiting for agreement, as of the last change notice."""
        return as_request(self._info.undo)

    def close(self) -> None:
        if self._on_change in self.conn.on_table_change:
            self.conn.on_table_change.remove(self._on_change)
        self._listeners.clear()


def as_request(info: p.UndoInfo | None) -> UndoRequest | None:
    if info is None:
        return None
    return UndoRequest(info.by, info.keep, frozenset(info.others), frozenset(info.agreed))
