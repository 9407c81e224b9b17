"""The SSH side: authentication, and one child process per session on a pty.

Textual's drivers are process-wide (they own stdin, stdout and the signal
handlers), so every session runs its UI in a child process whose terminal is a
pseudo-terminal; this module copies bytes between that pty and the SSH channel,
forwards window-size changes, and enforces the per-session limits.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import re
import signal
import struct
import termios
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import asyncssh

from engine.core.errors import IllegalIntent
from maharaja_server.transport.asyncssh_compat import send_no_ignore_packets
from maharaja_server.transport.auth import Authenticator
from maharaja_server.transport.limits import (
    ConnectionLimits,
    SessionCounter,
    StartGate,
    TokenBucket,
    WindowChanges,
    sessions,
)
from maharaja_server.transport.spawn import ForkedSession, SessionProcess, Zygote, fresh_interpreter
from maharaja_server.transport.tables import Identity

log = logging.getLogger("maharaja_server.transport.ssh")

NO_TERMINAL = (
    b"Maharaja is played in a terminal, but this connection asked for none.\r\n"
    b"Connect again with a terminal, for example:  ssh -t -p PORT NAME@HOST\r\n"
)
TOO_MANY_HERE = "This connection has {} open, as many as one may; close one first."
WINDOW_FLOOD = (b"\r\nDisconnected: the window changed size too often (a stuck key or a "
                b"script?). Reconnect to resume your seat.\r\n")
# What Textual turned on, turned off again: mouse reporting, bracketed paste, focus
# events, the alternate screen; and the cursor shown. A killed child cannot send it.
RESTORE = (b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?2004l"
           b"\x1b[?1004l\x1b[?1049l\x1b[?25h\x1b[0m")
SHUTDOWN = b"\r\nThe server is shutting down. Reconnect later to resume your seat.\r\n"
IDLE = b"\r\nDisconnected after being idle too long. Reconnect to resume your seat.\r\n"
SESSION_WAIT = 30.0  # seconds a logged-in connection has to open its session
SHARED_END_WAIT = 8.0  # seconds a hosted session has to end (host.py cancels it after 5)
FIRST_FRAME = 2048  # bytes of output that mean the session's UI has drawn its first screen
# Sessions starting at once (StartGate). Two were right for a fresh interpreter a session
# (about a CPU-second each); forked from the session worker, 64 sessions (16 tables)
# were seated in 26-27 s with four against 38-43 s with two (alternating runs, same
# loaded machine), moves played meanwhile no slower (p95 436-524 ms against 663-717):
# the capacity benchmark's steps wait for the seating.
START_SLOTS = 4
RELAY_MAX = 256 * 1024  # bytes relayed at one wakeup, so one busy session cannot hold the loop
COMMAND = re.compile(r"[^ -~]")  # anything but printable ASCII is dropped from a command
DOWNLOAD = re.compile(r"(save|record) \d{1,9}")  # a finished game's save or record


def _drain(master: int) -> bytes | None:
    """What the pty holds now, up to ``RELAY_MAX`` bytes; None once the child has closed
    its side (EOF, or EIO on Linux) and nothing is left."""
    chunks: list[bytes] = []
    size = 0
    while size < RELAY_MAX:
        try:
            data = os.read(master, 65536)
        except BlockingIOError:
            break
        except OSError:  # EIO: the child has closed its terminal
            data = b""
        if not data:
            if not chunks:
                return None
            break  # what was read goes out first; the next wakeup reads the end
        chunks.append(data)
        size += len(data)
    return b"".join(chunks)


def how_it_ended(code: int | None) -> str:
    """What the log adds to a session's end: nothing when its UI exited as usual; else
    its code, or the signal that killed its process (a host's crash ends every session
    it held: two sessions lost in the 128-session capacity step left no trace but the
    kernel's)."""
    if not code:
        return ""
    if code < 0:
        return f" (its process was killed by signal {-code})"
    return f" (exit code {code})"


def set_winsize(fd: int, cols: int, rows: int) -> None:
    cols = max(10, min(cols or 80, 1000))
    rows = max(5, min(rows or 24, 500))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class GameSSHServer(asyncssh.SSHServer):
    """One per connection: authenticates and remembers who connected."""

    def __init__(self, auth: Authenticator, limits: ConnectionLimits) -> None:
        self.auth = auth
        self.limits = limits
        self._address: str | None = None
        self.peer = ""  # the client's address, for the password delay and the log
        self.sessions = 0  # sessions this connection opened
        self.open_sessions = 0  # ... and has open now
        self.identity: Identity | None = None
        self._conn: asyncssh.SSHServerConnection | None = None
        self._session_timer: asyncio.TimerHandle | None = None

    def begin_auth(self, username: str) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return self.auth.accepts_keys

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        who = self.auth.check_key(username, key)
        self.identity = None if who is None else replace(who, address=self.peer)
        return self.identity is not None

    async def auth_completed(self) -> None:
        # A connection that logs in but opens no session holds a slot for nothing.
        self._session_timer = asyncio.get_running_loop().call_later(SESSION_WAIT,
                                                                    self._want_session)
        # Only now is the key proven (a probe claimed names before): an authorized key
        # claims its name; any other key's is bound when it first sits (names.py).
        if self.identity is None or not await self.auth.login_completed(self.identity):
            log.info("login as %s dropped: its name was claimed meanwhile",
                     self.identity and self.identity.name)
            self.identity = None
            if self._conn is not None:
                self._conn.close()

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        send_no_ignore_packets(conn)
        peer = conn.get_extra_info("peername")
        self._address = peer[0] if peer else ""
        self.peer = self._address
        if not self.limits.admit(self._address):
            log.info("connection from %s refused: too many connections", self._address)
            conn.close()
            self._address = None  # not counted

    def _want_session(self) -> None:
        if not self.sessions and self._conn is not None:
            log.info("connection of %s closed: no session opened",
                     self.identity and self.identity.name)
            self._conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        # A gone connection is let go at once, not held by its timer for 30 s.
        if self._session_timer is not None:
            self._session_timer.cancel()
        self._conn = None
        if self._address is not None:
            self.limits.release(self._address)
            self._address = None

    def password_auth_supported(self) -> bool:
        return self.auth.password is not None or bool(self.auth.user_passwords)

    async def validate_password(self, username: str, password: str) -> bool:
        # After this name's earlier guesses from this address, and their delay.
        who = await self.auth.password_login(username, password, self.peer)
        self.identity = None if who is None else replace(who, address=self.peer)
        return self.identity is not None


class SessionRunner:
    """Runs one SSH session: a child UI process bridged to the channel."""

    # A session's window-size changes: rate-limited, coalesced, a flood hung up.
    window_changes: Callable[[Callable[[int, int], None]], WindowChanges] = WindowChanges

    def __init__(self, *, counter: SessionCounter, issue_token: Callable[[Identity], str],
                 revoke_token: Callable[[str], None], child_env: Callable[[], dict[str, str]],
                 idle_timeout: float, input_rate: float, input_burst: float,
                 default_term: str, per_connection: int = 1_000_000,
                 window_changes: Callable[[Callable[[int, int], None]], WindowChanges]
                 = WindowChanges) -> None:
        self.counter = counter
        # A finished game's file for ``save N`` / ``record N`` without a terminal
        # (online.py), None: none.
        self.download: Callable[[str], bytes] | None = None
        self.per_connection = per_connection  # sessions one SSH connection may have open
        self.window_changes = window_changes  # a session's window-change limit
        self.issue_token = issue_token
        self.revoke_token = revoke_token
        self.child_env = child_env
        self.idle_timeout = idle_timeout
        self.input_rate = input_rate
        self.input_burst = input_burst
        self.default_term = default_term
        self.children: set[SessionProcess] = set()
        self.processes: set[asyncssh.SSHServerProcess[bytes]] = set()
        self.gate = StartGate(slots=START_SLOTS, hold=3.0)
        self.zygote: Zygote | None = None  # the session worker, once the server starts it

    async def __call__(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        try:
            await self._run(process)
        except Exception:
            log.exception("session failed")
        finally:
            if not process.is_closing():
                process.exit(0)

    async def _run(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        owner = process.get_extra_info("connection").get_owner()
        owner.sessions += 1
        who: Identity = owner.identity
        term = process.get_terminal_type()
        command = process.command or ""
        if term is None and self.download is not None and DOWNLOAD.fullmatch(command.strip()):
            # ``ssh HOST save 12 > game.json``: a finished game's file, no terminal needed
            try:
                process.stdout.write(self.download(command.strip()))
            except IllegalIntent as exc:
                process.stderr.write(f"{exc}\r\n".encode())
                process.exit(1)
                return
            process.exit(0)
            return
        if term is None:
            process.stdout.write(NO_TERMINAL)
            process.exit(1)
            return
        refused = (TOO_MANY_HERE.format(sessions(owner.open_sessions))
                   if owner.open_sessions >= self.per_connection
                   else self.counter.refusal(who.name, who.address))
        if refused is not None:
            log.info("session of %s from %s refused: %s", who.name, who.address, refused)
            process.stdout.write(refused.encode() + b"\r\n")
            process.exit(1)
            return
        owner.open_sessions += 1
        try:
            await self._admitted(process, who, term)
        finally:
            owner.open_sessions -= 1
            self.counter.release(who.name, who.address)

    async def _admitted(self, process: asyncssh.SSHServerProcess[bytes], who: Identity,
                        term: str) -> None:
        token = self.issue_token(who)
        started_drawing = await self.gate.enter()
        master, slave = os.openpty()
        try:
            cols, rows, _, _ = process.get_terminal_size()
            set_winsize(slave, cols, rows)
            env = self.child_env()
            env["TERM"] = term if term not in ("", "dumb", "unknown") else self.default_term
            colorterm = (process.env or {}).get("COLORTERM")
            if colorterm in ("truecolor", "24bit"):
                env["COLORTERM"] = colorterm
            # The child parses it strictly (commands.py) and refuses what it cannot.
            command = COMMAND.sub("", (process.command or "")[:200]).strip()
            child = await self._spawn(slave, env, token, command)
        except BaseException:
            started_drawing()
            os.close(master)
            os.close(slave)
            self.revoke_token(token)
            raise
        os.close(slave)
        self.children.add(child)
        self.processes.add(process)
        log.info("session started for %s (pid %d, %s %dx%d)", who.name, child.pid, term, cols,
                 rows)
        started = time.monotonic()
        try:
            code = await self._bridge(process, master, child, started_drawing)
        finally:
            started_drawing()
            await self._stop(child)
            os.close(master)
            self.children.discard(child)
            self.processes.discard(process)
            self.revoke_token(token)
            log.info("session ended for %s after %.0fs%s", who.name, time.monotonic() - started,
                     how_it_ended(child.returncode))
        if not process.is_closing():
            process.exit(code)

    async def _spawn(self, slave: int, env: dict[str, str], token: str,
                     command: str) -> SessionProcess:
        """Forked by the session worker; a fresh interpreter only when it is down."""
        if self.zygote is not None and self.zygote.alive:
            try:
                return await self.zygote.spawn(slave, env, token, command)
            except OSError as exc:
                log.warning("session worker unavailable (%s); starting a fresh interpreter",
                            exc)
        return await fresh_interpreter(slave, env, token, command)

    async def _bridge(self, process: asyncssh.SSHServerProcess[bytes], master: int,
                      child: SessionProcess, drawing: Callable[[], None]) -> int:
        os.set_blocking(master, False)
        tasks = {
            asyncio.create_task(self._pump_out(master, process, drawing)),
            asyncio.create_task(self._pump_in(process, master)),
            asyncio.create_task(child.wait()),
        }
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                if task.exception() is not None:
                    log.warning("session bridge: %r", task.exception())
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        return child.returncode or 0

    async def _pump_out(self, master: int, process: asyncssh.SSHServerProcess[bytes],
                        drawing: Callable[[], None]) -> None:
        """Child output to the client; a slow client slows the child, not the server.

        Read in the loop's reader callback (no task wakeup per chunk), and the pty is
        drained before writing: a pty hands a redraw out in pieces of at most ~4 KiB,
        and each write to the channel is an encrypted packet and a send."""
        loop = asyncio.get_running_loop()
        ended: asyncio.Future[None] = loop.create_future()
        sent = 0
        resuming: asyncio.Task[None] | None = None

        def readable() -> None:
            nonlocal sent, resuming
            try:
                data = _drain(master)
                if data is None:  # EOF or EIO: the child has closed its terminal
                    loop.remove_reader(master)
                    if not ended.done():
                        ended.set_result(None)
                    return
                if not data:
                    return  # woken with nothing to read
                sent += len(data)
                if sent >= FIRST_FRAME:
                    drawing()
                process.stdout.write(data)
                if process.channel.get_write_buffer_size():  # the client's window is full
                    loop.remove_reader(master)
                    resuming = loop.create_task(resume())
            except Exception as exc:  # the bridge reports it and ends the session
                loop.remove_reader(master)
                if not ended.done():
                    ended.set_exception(exc)

        async def resume() -> None:
            try:
                await process.stdout.drain()
            except Exception as exc:  # the channel closed meanwhile
                if not ended.done():
                    ended.set_exception(exc)
                return
            if not ended.done():
                loop.add_reader(master, readable)

        loop.add_reader(master, readable)
        try:
            await ended
        finally:
            loop.remove_reader(master)
            if resuming is not None:
                resuming.cancel()

    async def _pump_in(self, process: asyncssh.SSHServerProcess[bytes], master: int) -> None:
        bucket = TokenBucket(self.input_rate, self.input_burst)
        sizes = self.window_changes(lambda cols, rows: set_winsize(master, cols, rows))
        try:
            await self._read_input(process, master, bucket, sizes)
        finally:
            sizes.close()

    async def _read_input(self, process: asyncssh.SSHServerProcess[bytes], master: int,
                          bucket: TokenBucket, sizes: WindowChanges) -> None:
        while True:
            try:  # a timeout scope, not wait_for: no task per read (3.11's wait_for makes one)
                async with asyncio.timeout(self.idle_timeout):
                    data = await process.stdin.read(4096)
            except TimeoutError:
                process.stdout.write(RESTORE + IDLE)
                return
            except asyncssh.TerminalSizeChanged as exc:
                if not sizes.changed(exc.width, exc.height):
                    log.warning("connection of %s closed: a flood of window changes",
                                process.get_extra_info("username"))
                    process.stdout.write(RESTORE + WINDOW_FLOOD)
                    owner = process.get_extra_info("connection").get_owner()
                    self.counter.penalise(owner.peer)  # no coming straight back
                    process.get_extra_info("connection").close()
                    return
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            if not data:
                return  # the client closed its input: the session is over
            allowed = bucket.take(data)
            if allowed:
                try:
                    os.write(master, allowed)
                except BlockingIOError:
                    bucket.dropped += len(allowed)  # the child is not reading: drop, don't queue

    def say_goodbye(self) -> None:
        """Server shutdown: restore every client's terminal before the children stop."""
        for process in list(self.processes):
            if not process.is_closing():
                process.stdout.write(RESTORE + SHUTDOWN)

    async def _stop(self, child: SessionProcess) -> None:
        if child.returncode is not None:
            return
        if isinstance(child, ForkedSession) and child.shared:
            # Its process hosts other sessions: ask for this one's end, never signal it.
            # Without the worker, closing the pty (after this) hangs the session up.
            if self.zygote is not None and self.zygote.end(child):
                try:
                    await asyncio.wait_for(child.wait(), SHARED_END_WAIT)
                except TimeoutError:
                    log.warning("shared session (pid %d) did not end when asked", child.pid)
            return
        for sig, wait in ((signal.SIGHUP, 2.0), (signal.SIGKILL, 5.0)):
            try:
                os.killpg(child.pid, sig)
            except ProcessLookupError:
                return
            try:
                await asyncio.wait_for(child.wait(), wait)
                return
            except TimeoutError:
                continue


def server_factory(auth: Authenticator,
                   limits: ConnectionLimits) -> Callable[[], asyncssh.SSHServer]:
    return lambda: GameSSHServer(auth, limits)


# The client's order picks among these (RFC 4253 7.1). asyncssh's chacha20-poly1305
# builds three cipher objects a packet: it cost the server 1.6x the CPU of AES-GCM to
# relay a redraw, so it is not offered; OpenSSH, which prefers it, then takes
# aes128-ctr with an encrypt-then-MAC (umac-64-etm), about as cheap as GCM. CTR stays
# for clients without GCM (PuTTY before 0.76).
CIPHERS = ("aes128-gcm@openssh.com", "aes256-gcm@openssh.com", "aes128-ctr", "aes192-ctr",
           "aes256-ctr")


def options() -> dict[str, Any]:
    """asyncssh options: no forwarding of any kind, bounded login, dead-peer detection,
    ciphers that are cheap in asyncssh."""
    return dict(
        encryption_algs=list(CIPHERS),
        encoding=None,
        line_editor=False,
        allow_scp=False,
        agent_forwarding=False,
        x11_forwarding=False,
        login_timeout=30,
        keepalive_interval=30,
        keepalive_count_max=4,
    )
