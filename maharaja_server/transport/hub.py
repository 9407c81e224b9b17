"""The table service's local socket: session processes ask, the hub answers and pushes.

Each connection proves which SSH user it serves with a one-use token the SSH layer
issued when it spawned the session, so a session can only read the seats its own
user owns. Pushes never wait on a slow reader: a reader that falls too far behind
is disconnected instead of growing the server's memory.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import msgspec

from engine.core.errors import IllegalIntent
from maharaja_server.transport import protocol as p
from maharaja_server.transport.sockpath import short_path
from maharaja_server.transport.tables import Identity, TableService, undo_info

log = logging.getLogger("maharaja_server.transport.hub")

MAX_BUFFERED = 4 * 1024 * 1024
HELLO_TIMEOUT = 10.0  # seconds a new socket connection has to say hello
MAX_REQUEST = 256 * 1024  # requests are small; a bigger one is a broken session


def clear_stale(path: Path) -> None:
    """Remove a socket a killed server left behind; refuse to take a live one over."""
    if not path.exists():
        return
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        with short_path(path) as where:
            probe.connect(where)
    except OSError:
        path.unlink(missing_ok=True)  # nobody listens: stale
        return
    finally:
        probe.close()
    raise OSError(f"another server is using {path.parent.parent} (its socket {path.name} "
                  "answers); stop it first or use another --data-dir")


class NameBinder(Protocol):
    def check(self, who: Identity) -> None: ...
    def bind(self, who: Identity) -> None: ...


class Unbound:
    """No names to bind (a hub without the server's records)."""

    def check(self, who: Identity) -> None:
        pass

    def bind(self, who: Identity) -> None:
        pass


class Shared(Protocol):
    """Tables shared with other server processes (cluster.py): the requests that change
    a table are answered once its owner, maybe another process, has decided them."""

    def shares(self, request: Any) -> bool: ...
    async def answer(self, conn: _Conn, request: Any) -> Any: ...


class Hub:
    def __init__(self, service: TableService, path: Path) -> None:
        self.service = service
        self.path = path
        self._tokens: dict[str, Identity] = {}
        self.hello_timeout = HELLO_TIMEOUT
        self._conns: set[_Conn] = set()
        self._server: asyncio.AbstractServer | None = None
        self._lobby_due = False
        # Who owns which name (names.py): bound as a key's player first sits or creates a
        # table; none (a test's hub) binds nothing.
        self.names: NameBinder = Unbound()
        # Set by the web page when the server has one (web.py): seat -> join link.
        self.web_links: Callable[[Identity, int], list[p.SeatLink]] | None = None
        # Told of each session that says hello (the notices push its waiting decisions).
        self.on_hello: list[Callable[[Identity], None]] = []
        # What answers the requests of clocks, ratings, finished games and settings
        # (online.py); None: a hub without them refuses those requests.
        self.online: Any = None
        # Set when the tables are shared by several server processes (cluster.py).
        self.shared: Shared | None = None
        service.on_change.append(self._push_change)
        service.on_lobby.append(self._push_lobby)

    def issue_token(self, who: Identity) -> str:
        token = secrets.token_urlsafe(24)
        self._tokens[token] = who
        return token

    def revoke_token(self, token: str) -> None:
        self._tokens.pop(token, None)

    async def start(self) -> None:
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        clear_stale(self.path)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            with short_path(self.path) as where:
                sock.bind(where)
            self.path.chmod(0o600)
            self._server = await asyncio.start_unix_server(self._handle, sock=sock)
        except BaseException:
            sock.close()
            raise

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for conn in list(self._conns):
            conn.writer.close()
        self.path.unlink(missing_ok=True)

    def _push_change(self, table: int, version: int) -> None:
        """Each session at the table gets what it shows, for its own seat only."""
        seen = Seen(self.service, table)
        for conn in list(self._conns):
            if table in conn.tables:
                conn.push_table(table, version, seen)

    def send_to(self, owner: str, message: msgspec.Struct) -> None:
        """A message to every session of one identity (``Identity.owner``)."""
        data = None
        for conn in list(self._conns):
            if conn.who is not None and conn.who.owner == owner:
                data = data or p.frame(message)
                conn.send(data)

    def _push_lobby(self) -> None:
        """Coalesced: a burst of lobby changes (joins, presence) is pushed once, after it."""
        if self._lobby_due:
            return
        self._lobby_due = True
        try:
            asyncio.get_running_loop().call_soon(self._send_lobby)
        except RuntimeError:  # no loop (offline use): nobody is connected
            self._lobby_due = False

    def _send_lobby(self) -> None:
        self._lobby_due = False
        if not self._conns:
            return
        data = p.frame(p.LobbyChanged(self.service.infos()))
        for conn in list(self._conns):
            conn.send(data)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = _Conn(self, writer)
        decoder = msgspec.msgpack.Decoder(p.AnyRequest)
        try:
            while True:
                read = reader.readexactly(p.HEADER.size)
                # A session says hello at once; a connection that does not is dropped.
                head = await (read if conn.who is not None
                              else asyncio.wait_for(read, self.hello_timeout))
                (size,) = p.HEADER.unpack(head)
                if size > MAX_REQUEST:
                    raise ValueError("frame too large")
                request = decoder.decode(await reader.readexactly(size))
                reply = conn.handle(request)
                if asyncio.iscoroutine(reply):  # decided by the table's owner (cluster.py)
                    reply = await reply
                if reply is not None:
                    conn.send(p.frame(reply))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        except TimeoutError:
            log.warning("session connection dropped: no hello within %.0fs", self.hello_timeout)
        except (msgspec.DecodeError, ValueError, PermissionError) as exc:
            log.warning("session connection dropped: %s", exc)
        finally:
            conn.close()
            writer.close()


class Seen:
    """What each seat of one table sees after one change, computed once per seat
    however many sessions show it (spectators all share the public view), and the
    notice encoded once for the sessions that have the same log lines."""

    def __init__(self, service: TableService, table: int) -> None:
        self.service = service
        self.table = table
        self._info: p.TableInfo | None = None
        self._seats: dict[int | None, tuple[bytes, bytes | None, list[p.Entry]]] = {}
        self._frames: dict[tuple[int | None, int], bytes] = {}

    def frame(self, version: int, seat: int | None, keep: int) -> bytes:
        """The change notice for ``seat``'s sessions that keep ``keep`` log lines."""
        found = self._frames.get((seat, keep))
        if found is None:
            view, legal, log_lines = self.seat(seat)
            found = self._frames[seat, keep] = p.frame(p.Changed(
                self.table, version, self.info(), seat, view, legal, keep, log_lines[keep:]))
        return found

    def info(self) -> p.TableInfo:
        if self._info is None:
            self._info = self.service.info(self.service.get(self.table))
        return self._info

    def seat(self, seat: int | None) -> tuple[bytes, bytes | None, list[p.Entry]]:
        """(view, legal intents or None, log) as ``seat`` may know them."""
        found = self._seats.get(seat)
        if found is None:
            game = self.service.game(self.table)
            legal = None
            if seat is not None and seat in game.to_move():
                legal = p.pack(game.legal_intents(seat))
            found = self._seats[seat] = (p.pack(game.view(seat)), legal,
                                         game.descriptions(seat))
        return found


class _Conn:
    """One session process: who it serves and which tables it sits at or watches."""

    def __init__(self, hub: Hub, writer: asyncio.StreamWriter) -> None:
        self.hub = hub
        self.writer = writer
        self.who: Identity | None = None
        self.tables: dict[int, int | None] = {}  # table -> seat (None: watching)
        self.logs: dict[int, list[p.Entry]] = {}  # table -> the move log last pushed

    def push_table(self, table: int, version: int, seen: Seen) -> None:
        """A change notice with this session's own seat's redacted data (the seat it
        joined as, checked then; a spectator gets the public view)."""
        seat = self.tables[table]
        try:
            info = seen.info()
            if not info.started:
                self.send(p.frame(p.Changed(table, version, info, seat)))
                return
            log_lines = seen.seat(seat)[2]
            keep = common_prefix(self.logs.get(table, []), log_lines)
            data = seen.frame(version, seat, keep)
        except Exception:  # the session can still ask; a bug here must not stop the others
            log.exception("table %d: change notice not built", table)
            self.send(p.frame(p.Changed(table, version)))
            return
        self.logs[table] = log_lines
        self.send(data)

    def send(self, data: bytes) -> None:
        if self.writer.is_closing():
            return
        if self.writer.transport.get_write_buffer_size() > MAX_BUFFERED:
            log.warning("session %s not reading; disconnected", self.who and self.who.name)
            self.writer.close()
            return
        self.writer.write(data)

    def close(self) -> None:
        self.hub._conns.discard(self)
        for table, seat in self.tables.items():
            self.hub.service.detach(table, seat)
        self.tables.clear()
        self.logs.clear()

    def handle(self, req: Any) -> Any:
        if self.who is None:
            if not isinstance(req, p.Hello):
                raise PermissionError("no hello")
            who = self.hub._tokens.pop(req.token, None)
            if who is None:
                raise PermissionError("unknown session token")
            self.who = who
            self.hub._conns.add(self)
            rules = [p.RulesetInfo(r.id, r.name, r.min_seats, r.max_seats)
                     for r in self.hub.service.rulesets.values()]
            for hello in list(self.hub.on_hello):
                hello(who)
            return p.Welcome(req.id, who.name, rules, self.hub.service.infos())
        shared = self.hub.shared
        if shared is not None and shared.shares(req):
            return self._answer_shared(shared, req)
        try:
            return p.Result(req.id, p.pack(self._answer(req)))
        except IllegalIntent as exc:
            return p.Refused(req.id, exc.rule, exc.reason, type(exc).__name__)
        except Exception:  # a bug in one request must not end the session or the server
            log.exception("request %s failed", type(req).__name__)
            return p.Refused(req.id, "SRV-ERROR", "the server could not do that (logged)")

    async def _answer_shared(self, shared: Shared, req: Any) -> Any:
        try:
            return p.Result(req.id, p.pack(await shared.answer(self, req)))
        except IllegalIntent as exc:
            return p.Refused(req.id, exc.rule, exc.reason, type(exc).__name__)
        except Exception:  # a bug in one request must not end the session or the server
            log.exception("request %s failed", type(req).__name__)
            return p.Refused(req.id, "SRV-ERROR", "the server could not do that (logged)")

    def _answer(self, req: Any) -> Any:
        svc = self.hub.service
        who = self.who
        assert who is not None
        match req:
            case p.ListTables():
                return svc.infos()
            case p.CreateTable():
                self.hub.names.check(who)  # a name is bound when it first sits or creates
                if req.rated and (self.hub.online is None
                                  or not self.hub.online.ratings.can_rate(req.ruleset)):
                    raise IllegalIntent("SRV-RATED", "this game cannot be rated here")
                table = svc.create(who, req.ruleset, req.seats, req.options, req.handover,
                                   req.title, req.hints, clock=req.clock,
                                   on_timeout=req.on_timeout, rated=req.rated,
                                   level=req.level)
                self.hub.names.bind(who)
                return table.id
            case p.CloseTable():
                svc.close(who, req.table)
                return None
            case p.Join():
                self.hub.names.check(who)
                seat = svc.join(who, req.table, req.seat)
                self.hub.names.bind(who)
                self.enter(req.table, seat)
                return seat
            case p.Watch():
                svc.get(req.table)
                self.enter(req.table, None)
                return None
            case p.Leave():
                if req.table in self.tables:
                    svc.detach(req.table, self.tables.pop(req.table))
                    self.logs.pop(req.table, None)
                return None
            case p.Info():
                return svc.info(svc.get(req.table))
            case p.View():
                if req.seat is not None:
                    svc.check_seat(who, req.table, req.seat)
                return p.pack(svc.game(req.table).view(req.seat))
            case p.Legal():
                svc.check_seat(who, req.table, req.seat)
                return p.pack(svc.game(req.table).legal_intents(req.seat))
            case p.ToMove():
                return list(svc.game(req.table).to_move())
            case p.Log():
                if req.seat is not None:
                    svc.check_seat(who, req.table, req.seat)
                return svc.game(req.table).descriptions(req.seat)
            case p.Play():
                table = svc.get(req.table)
                try:
                    intent = msgspec.msgpack.decode(req.intent, type=table.rules.Intent)
                except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                    raise IllegalIntent("SRV-INTENT", f"not an intent of this game: {exc}"
                                        ) from None
                events = svc.play(who, req.table, req.seat, intent)
                # Automatic events (draws) may hold others' secrets: redact for this seat.
                return p.pack([table.rules.redact(e, req.seat) for e in events])
            case p.Undo():
                return undo_info(svc.undo(who, req.table, req.seat))
            case p.AnswerUndo():
                svc.answer_undo(who, req.table, req.seat, req.agree)
                return None
            case p.Redo():
                svc.redo(who, req.table, req.seat)
                return None
            case p.Vote() | p.Settings() | p.Leaderboard() | p.Games() | p.PlayerPage() \
                    | p.GameRecord():
                if self.hub.online is None:
                    raise IllegalIntent("SRV-REQ", "this server keeps no clocks or games")
                return self.hub.online.answer(who, req)
            case p.WebLinks():
                if self.hub.web_links is None:
                    raise IllegalIntent("SRV-WEB", "this server has no web page (it starts "
                                                   "with one given --web PORT)")
                return self.hub.web_links(who, req.table)
        raise IllegalIntent("SRV-REQ", "unknown request")

    def enter(self, table: int, seat: int | None) -> None:
        if table in self.tables:
            if self.tables[table] == seat:
                return
            self.hub.service.detach(table, self.tables.pop(table))
        self.tables[table] = seat
        self.logs.pop(table, None)
        self.hub.service.attach(table, seat)
        # Before the reply: the session's table opens on what it shows, without asking.
        self.push_table(table, self.hub.service.get(table).version, Seen(self.hub.service, table))


def common_prefix(old: list[p.Entry], new: list[p.Entry]) -> int:
    """How many first lines ``new`` shares with ``old`` (all of ``old`` after a step;
    fewer after an undo)."""
    if len(old) <= len(new) and new[:len(old)] == old:
        return len(old)
    keep = 0
    for a, b in zip(old, new, strict=False):
        if a != b:
            break
        keep += 1
    return keep
