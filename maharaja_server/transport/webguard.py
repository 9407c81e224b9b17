"""The web page's door: every TCP connection passes here before aiohttp sees it.

Under ``ulimit -n 1024``, 1,100 slow connections to the web port took every descriptor
the server had: SSH logins failed, a normal request waited 20.5 s, and the accept loop
logged "Too many open files" 168,559 times (75 MB in 40 s). Now:

- a connection must finish its request's headers within ``header_timeout`` seconds of
  its first byte (of connecting, for the first request), or it is closed: aiohttp
  times out an idle connection but not one that trickles its headers in;
- at most ``per_address`` connections from one address (IPv6: one /64), and
  ``total`` in all, counted before a byte is read; the total is kept below the
  process's descriptor limit with a reserve for the SSH side (``budget``);
- a websocket, once upgraded, is no longer a request in progress;
- when all ``total`` are taken, a new connection (from an address under its cap) takes
  the place of the one that has waited longest for its request's headers: slow
  connections from many addresses cannot keep a quick one out, and websockets (the
  players) are never the ones let go.

``Guard`` is an ``asyncio.Protocol`` wrapped around aiohttp's ``RequestHandler`` (the
protocol ``web.Server`` makes, aiohttp's documented low-level server), passing every
call on.
"""

from __future__ import annotations

import asyncio
import logging
import resource
from collections.abc import Callable
from typing import Any

from maharaja_server.transport.limits import ConnectionLimits
from maharaja_server.transport.network import networks

log = logging.getLogger("maharaja_server.transport.web")

HEADER_TIMEOUT = 10.0  # seconds to send a request's headers
END = b"\r\n\r\n"  # the end of a request's headers


def raise_descriptor_limit() -> int:
    """The process's soft limit on open descriptors raised to its hard limit (what an
    unprivileged process may); returns the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        wanted = 1 << 16 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))
            soft = max(soft, wanted)
        except (ValueError, OSError):
            pass
    return soft


def budget(descriptors: int, ssh_connections: int, sessions: int, wanted: int) -> int:
    """Web connections the server may hold: ``wanted``, but never so many that the SSH
    side runs out. Reserved: a descriptor for each SSH connection, three for each
    session (its pty or socket, its hub connection, one spare), and 64 for the server's
    own files (records, logs, listening sockets, the session worker)."""
    reserve = ssh_connections + 3 * sessions + 64
    return max(8, min(wanted, descriptors - reserve))


class Doors:
    """The web connections open now, per address and in all; the guards by transport
    (a websocket handler marks its own connection upgraded)."""

    def __init__(self, per_address: int, total: int,
                 header_timeout: float = HEADER_TIMEOUT) -> None:
        self.limits = ConnectionLimits(per_address, total)
        self.header_timeout = header_timeout
        self.guards: dict[Any, Guard] = {}
        self.refused = 0  # connections closed at once (for the attack scripts)
        self.timed_out = 0  # ... closed for slow headers
        self.evicted = 0  # ... let go for a newcomer, the server's connections all taken

    def factory(self, inner: Callable[[], asyncio.Protocol]) -> Callable[[], Guard]:
        return lambda: Guard(self, inner)

    def admit(self, where: str) -> bool:
        """Count a new connection from ``where``: its address under its cap, and room in
        all, made if need be by letting go the longest wait for headers."""
        limits = self.limits
        if limits.open.get(where, 0) >= limits.per_address:
            return False
        if sum(limits.open.values()) >= limits.total:
            waiting = [g for g in self.guards.values() if g.in_headers]
            if not waiting:
                return False
            oldest = min(waiting, key=lambda g: g.headers_since)
            self.evicted += 1
            oldest.let_go()
        return limits.admit(where)

    def upgraded(self, transport: Any) -> None:
        """The connection is a websocket now: its frames are no request's headers."""
        guard = self.guards.get(transport)
        if guard is not None:
            guard.upgrade()


class Guard(asyncio.Protocol):
    def __init__(self, doors: Doors, inner: Callable[[], asyncio.Protocol]) -> None:
        self.doors = doors
        self._make_inner = inner
        self.inner: asyncio.Protocol | None = None
        self.where: str | None = None  # the address counted, while counted
        self.transport: asyncio.Transport | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._tail = b""  # the last bytes seen, for an END cut between two reads
        self.in_headers = True
        self.headers_since = 0.0  # when its request began (monotonic)
        self._upgraded = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        peer = transport.get_extra_info("peername")
        where = networks(peer[0])[0] if peer else ""
        if not self.doors.admit(where):
            self.doors.refused += 1
            transport.abort()  # before aiohttp makes anything of it
            return
        self.where, self.transport = where, transport
        self.doors.guards[transport] = self
        self._arm()
        self.inner = self._make_inner()
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.inner is None:
            return
        if not self._upgraded:
            if not self.in_headers:  # the next request begins
                self.in_headers = True
                self._tail = b""
                self._arm()
            seen = self._tail + data
            if END in seen:
                self.in_headers = False
                self._disarm()
            self._tail = seen[-3:]
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self.where is not None:
            self.doors.limits.release(self.where)
            self.where = None
        if self.transport is not None:
            self.doors.guards.pop(self.transport, None)
        if self.inner is not None:
            self.inner.connection_lost(exc)

    def upgrade(self) -> None:
        self._upgraded = True
        self.in_headers = False
        self._disarm()

    def let_go(self) -> None:
        """Close it now (its place is someone else's), uncounted at once."""
        self.in_headers = False
        self._disarm()
        if self.where is not None:
            self.doors.limits.release(self.where)
            self.where = None
        if self.transport is not None:
            self.transport.abort()

    def _arm(self) -> None:
        self._disarm()
        loop = asyncio.get_running_loop()
        self.headers_since = loop.time()
        self._timer = loop.call_later(self.doors.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _too_slow(self) -> None:
        self._timer = None
        if self.transport is not None and not self._upgraded:
            self.doors.timed_out += 1
            self.transport.abort()
