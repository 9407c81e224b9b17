"""The session worker: imports the session UI once, then forks a child per session.

A fresh interpreter per session spent about half a second importing Textual, the
engine and the games, and kept its own copy of all that code (about 30 MB). The
zygote imports it once, freezes it out of the garbage collector's reach
(``gc.freeze()``, so collections in the children do not touch and copy those pages)
and forks; each child shares the code copy-on-write.

The zygote never holds a game: it is a separate process started before any table is
loaded, and a child learns about games only over the hub socket, for its own seat.
Each child is as isolated as a fresh interpreter was: its own session (``setsid``)
with the pty as controlling terminal, its address space capped, its crash logged.

Protocol on the control socket (SOCK_SEQPACKET, one JSON object per message):
server -> zygote ``{"env": {...}, "token": ..., "command": ..., "web": false}`` with the
pty's slave end passed as SCM_RIGHTS (with ``"web": true``, a browser session's socket:
its own process, on Textual's web driver); zygote -> server ``{"pid": N}`` in the same order,
and ``{"exit": N, "code": C}`` when a child ends (C negative: killed by signal -C).
The socket's descriptor number comes in MAHARAJA_ZYGOTE_FD.
"""

from __future__ import annotations

import array
import asyncio
import gc
import json
import logging
import os
import random
import select
import signal
import socket
import sys
import threading
import time
import traceback
from typing import Any

from maharaja_server.session_ui import session
from maharaja_server.session_ui.host import colour_system, lifetime_sessions, run_host
from maharaja_server.session_ui.lobby import SessionApp
from maharaja_server.transport.config import load_rulesets
from maharaja_server.transport.protocol import RulesetInfo
from maharaja_tui.games import adapter_class

MAX_MESSAGE = 64 * 1024


def warm(specs: list[str]) -> dict[str, Any]:
    """The rulesets, and every game's screen adapter imported: everything a session
    needs before its first frame and at its tables is imported by now, once, for every
    child."""
    rulesets = load_rulesets(specs)
    for ruleset_id in rulesets:
        try:  # each game's screen adapter, where the UI has one
            adapter_class(ruleset_id)
        except Exception:  # noqa: BLE001 - a game without an adapter plays on the plain screen
            pass
    return rulesets


class _Rehearsal:
    """Enough of a hub connection for the lobby to draw once, with no server."""

    user = "rehearsal"
    closed = False

    def __init__(self, rulesets: dict[str, Any]) -> None:
        self.rulesets = [RulesetInfo(r.id, r.name, r.min_seats, r.max_seats)
                         for r in rulesets.values()]
        self.dispatch: Any = None
        self.on_lobby_change: list[Any] = []
        self.on_table_change: list[Any] = []
        self.on_disconnect: list[Any] = []
        self.on_turns: list[Any] = []
        self.turns: list[Any] = []
        self.pushed_tables = None

    def tables(self) -> list[Any]:
        return []


def rehearse(rulesets: dict[str, Any]) -> None:
    """Draw the lobby once, headless, so what Textual imports and caches on the way to a
    first frame is done here once instead of in every session."""

    async def run() -> None:
        app = SessionApp(_Rehearsal(rulesets), rulesets)  # type: ignore[arg-type]
        # Tooltips and notifications on, as in a session: their widgets' CSS is parsed too.
        async with app.run_test(size=(80, 24), tooltips=True, notifications=True) as pilot:
            await pilot.pause()

    try:
        asyncio.run(run())
    except Exception:  # noqa: BLE001 - only a head start: sessions work without it
        logging.getLogger("maharaja_server.session_ui.zygote").warning(
            "lobby rehearsal failed", exc_info=True)


def exit_code(status: int) -> int:
    """What asyncio's returncode says for a wait status: the code, or -signal."""
    return os.waitstatus_to_exitcode(status)


def run_child(request: dict[str, Any], slave: int | None, rulesets: dict[str, Any],
              host: socket.socket | None = None) -> int:
    """In the forked child: become the session on the pty, then run its UI; or, given
    its ``host`` socket, the host of this session and the next ones (host.py)."""
    signal.set_wakeup_fd(-1)
    for sig in (signal.SIGCHLD, signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
    if host is not None:
        random.seed()
        os.environ.clear()
        os.environ.update(request["env"])
        if os.environ.get("MAHARAJA_RUN"):
            os.chdir(os.environ["MAHARAJA_RUN"])
        # The address space is a process's: the cap is the sessions' caps together.
        session.cap_memory(session.memory_cap(os.environ)
                           * session.sessions_per_process(os.environ))
        return run_host(host, request, slave, rulesets)
    assert slave is not None  # a session's own process always has its pty
    os.setsid()
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    if request.get("web"):
        # The socket is the web driver's packet stream: nothing else may write to it
        # (the log file has whatever a session would print).
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)
    if slave > 2:
        os.close(slave)
    random.seed()  # not the zygote's sequence, shared by every child
    os.environ.clear()
    os.environ.update(request["env"])
    run = os.environ.get("MAHARAJA_RUN")
    if run:
        os.chdir(run)
    return session.main(token=request.get("token", ""), command=request.get("command", ""),
                        rulesets=rulesets)


def child(request: dict[str, Any], slave: int | None, rulesets: dict[str, Any],
          host: socket.socket | None = None) -> None:
    """Never returns: a forked child must not fall back into the zygote's loop."""
    code = 1
    try:
        # First of all: whatever fails from here is logged to the sessions log, never
        # printed on the player's terminal (the pty is about to be our stderr).
        log_path = request.get("env", {}).get("MAHARAJA_LOG")
        settings: dict[str, Any] = ({"filename": log_path} if log_path
                                    else {"handlers": [logging.NullHandler()]})
        logging.basicConfig(level=logging.WARNING,
                            format="%(asctime)s %(process)d %(name)s %(message)s", **settings)
        code = run_child(request, slave, rulesets, host)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException as exc:  # noqa: BLE001 - one line to the player, the rest to the log
        try:
            logging.getLogger("maharaja_server.session_ui.session").error(
                "session failed to start:\n%s",
                "".join(traceback.format_exception(exc)).rstrip())
            os.write(2, b"The session could not start; the server has logged why.\r\n")
        except BaseException:  # noqa: BLE001 - nothing may stop the exit below
            pass
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001 - the terminal may be gone
            pass
        os._exit(code)


class HostRecord:
    """The zygote's end of a session host: its socket and the sessions it runs."""

    def __init__(self, pid: int, sock: socket.socket, colours: str | None,
                 taken: int = 1) -> None:
        self.pid = pid
        self.sock: socket.socket | None = sock
        self.sessions: set[int] = set()
        self.taken = taken  # sessions given in its life (forked with its first, or spare)
        # Every session of a host has the same colour depth; a spare's is its first's.
        self.colours = colours


SPARE_AFTER = 0.5  # seconds without a request before a spare host is forked


class Worker:
    """The zygote's loop: forks a child per session, or with ``per_process`` > 1 hands
    each session to a host (host.py) with room, else to the spare host.

    The spare is a host forked ahead with no session, ready on its loop: a session that
    needs a new host attaches to it instead of waiting for a fork and the new process's
    set-up (about 13% of a connect to the first lobby frame under load). A new
    spare is forked once no request has come for ``SPARE_AFTER`` seconds, so its fork and
    set-up do not compete with the start of the sessions that came in a burst."""

    def __init__(self, control: socket.socket, rulesets: dict[str, Any],
                 per_process: int) -> None:
        self.control = control
        self.rulesets = rulesets
        self.per_process = per_process
        self.live: set[int] = set()  # children forked one per session
        self.hosts: dict[int, HostRecord] = {}  # by pid
        self.where: dict[int, HostRecord] = {}  # session -> its host
        self.sessions = 0  # the last session number given
        self.spare: HostRecord | None = None  # a host forked ahead, with no session yet
        self.spare_due: float | None = 0.0 if per_process > 1 else None  # when to fork one

    def send(self, message: dict[str, Any]) -> None:
        self.control.send(json.dumps(message).encode())

    def serve(self) -> None:
        wake_r, wake_w = os.pipe()
        os.set_blocking(wake_w, False)
        signal.set_wakeup_fd(wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so the wakeup fd is written
        self.wake = (wake_r, wake_w)
        while True:
            sockets = {h.sock: h for h in self.hosts.values() if h.sock is not None}
            watched: list[socket.socket | int] = [self.control, wake_r, *sockets]
            timeout = (None if self.spare_due is None
                       else max(0.0, self.spare_due - time.monotonic()))
            readable, _, _ = select.select(watched, [], [], timeout)
            if not readable and self.spare_due is not None \
                    and time.monotonic() >= self.spare_due:
                self.spare_due = None
                self.fork_spare()
            if wake_r in readable:
                os.read(wake_r, 4096)
                self.reap()
            for sock in readable:
                if sock in sockets:
                    self.from_host(sockets[sock])
            if self.control in readable:
                if not self.from_server():
                    return  # the server has gone: sessions end when the hub socket closes
                if self.per_process > 1 and self.spare is None:  # once quiet, a new spare
                    self.spare_due = time.monotonic() + SPARE_AFTER

    def from_server(self) -> bool:
        fds = array.array("i")
        data, ancdata, _, _ = self.control.recvmsg(MAX_MESSAGE,
                                                   socket.CMSG_SPACE(fds.itemsize))
        if not data:
            return False
        for level, kind, payload in ancdata:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds.frombytes(payload[:len(payload) - len(payload) % fds.itemsize])
        request = json.loads(data)
        if "end" in request:
            self.end(int(request["end"]))
            return True
        if len(fds) != 1:
            for fd in fds:
                os.close(fd)
            self.send({"pid": -1})
            return True
        try:
            # A browser's session (its terminal is the web driver, not a pty a host can
            # drive) gets a process of its own, as every session does with one a process.
            if self.per_process == 1 or request.get("web"):
                pid = self.fork_child(request, fds[0])
                self.send({"pid": pid, "session": pid})
            else:
                self.sessions += 1
                host = self.host_to(self.sessions, request, fds[0])
                self.send({"pid": host.pid, "session": self.sessions})
        finally:
            os.close(fds[0])
        return True

    def forked(self) -> None:
        """In a new child: nothing of the zygote's loop stays open."""
        self.control.close()
        os.close(self.wake[0])
        os.close(self.wake[1])
        for other in self.hosts.values():
            if other.sock is not None:
                other.sock.close()

    def fork_child(self, request: dict[str, Any], slave: int) -> int:
        pid = os.fork()
        if pid == 0:
            self.forked()
            child(request, slave, self.rulesets)
        self.live.add(pid)
        return pid

    def host_to(self, session: int, request: dict[str, Any], slave: int) -> HostRecord:
        """The emptiest of ``per_process`` hosts with room takes the session, a new host
        while fewer have room: sessions that start one after the other (the players of a
        table) land in different hosts, so a move's redraws run side by side, not one
        after another on one host's loop."""
        request = dict(request, session=session)
        colours = colour_system(request.get("env", {}))
        host, spare = self.room_for(colours), self.spare
        if host is not None and self.hand(host, request, slave):
            host.taken += 1
        elif spare is not None and spare.sock is not None and self.hand(spare, request, slave):
            host, self.spare = spare, None
            host.colours, host.taken = colours, 1
        else:
            self.spare = None  # none, or gone
            host = self.fork_host(request, slave, colours)
        host.sessions.add(session)
        self.where[session] = host
        return host

    def hand(self, host: HostRecord, request: dict[str, Any], slave: int) -> bool:
        """Send a running host the session (``slave`` its pty); False when it has gone."""
        assert host.sock is not None
        try:
            host.sock.sendmsg([json.dumps(request).encode()],
                              [(socket.SOL_SOCKET, socket.SCM_RIGHTS,
                                slave.to_bytes(4, sys.byteorder, signed=True))])
        except OSError:
            self.let_go(host)
            return False
        return True

    def fork_host(self, request: dict[str, Any], slave: int | None,
                  colours: str | None) -> HostRecord:
        """A new host, with its first session (``slave`` its pty) or none (a spare)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = os.fork()
        if pid == 0:
            self.forked()
            ours.close()
            child(request, slave, self.rulesets, theirs)
        theirs.close()
        host = self.hosts[pid] = HostRecord(pid, ours, colours,
                                            taken=0 if slave is None else 1)
        return host

    def fork_spare(self) -> None:
        """A host with no session, ready for the next session that needs a new host. Its
        environment is the worker's: the server's for its sessions, but for the
        terminal's, which a host sets per session (host.session_environ)."""
        if self.spare is None:
            self.spare = self.fork_host({"env": dict(os.environ)}, None, None)

    def room_for(self, colours: str) -> HostRecord | None:
        """The host to take a session of ``colours``, or None for a new host."""
        lifetime = lifetime_sessions(self.per_process)
        room = [h for h in self.hosts.values() if h.sock is not None and h.colours == colours
                and len(h.sessions) < self.per_process and h.taken < lifetime]
        if len(room) < self.per_process:
            return None
        # Of the fullest per_process hosts (so nearly empty ones are left to end), the
        # emptiest.
        room = sorted(room, key=lambda h: -len(h.sessions))[:self.per_process]
        return min(room, key=lambda h: len(h.sessions))

    def from_host(self, host: HostRecord) -> None:
        if host.sock is None:
            # Let go earlier in the same round (reap() saw its process end first): a
            # stale readable socket, nothing to read. It once asserted here and took the
            # worker down, every later session then a fresh interpreter.
            return
        try:
            data = host.sock.recv(MAX_MESSAGE)
        except OSError:
            data = b""
        if not data:
            self.let_go(host)  # it is ending; reap() reports what it still held
            return
        message = json.loads(data)
        if "exit" in message:
            session = int(message["exit"])
            host.sessions.discard(session)
            self.where.pop(session, None)
            self.send({"exit": session, "code": int(message["code"])})
            if not host.sessions:
                self.let_go(host)  # an empty host ends; the next session forks a new one

    def let_go(self, host: HostRecord) -> None:
        """No more sessions for ``host``: at EOF it exits once its sessions have ended."""
        if host.sock is not None:
            host.sock.close()
            host.sock = None

    def end(self, session: int) -> None:
        host = self.where.get(session)
        if host is not None and host.sock is not None:
            try:
                host.sock.send(json.dumps({"end": session}).encode())
            except OSError:
                pass

    def reap(self) -> None:
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            code = exit_code(status)
            if pid in self.live:
                self.live.discard(pid)
                self.send({"exit": pid, "code": code})
            host = self.hosts.pop(pid, None)
            if host is not None and host is self.spare:  # a spare that died is replaced
                self.spare = None
                self.spare_due = time.monotonic() + SPARE_AFTER
            if host is not None:  # sessions a host held when it ended (a crash) end too
                self.let_go(host)
                for session in sorted(host.sessions):
                    self.where.pop(session, None)
                    self.send({"exit": session, "code": code or 1})


def main() -> int:
    control = socket.socket(fileno=int(os.environ.pop("MAHARAJA_ZYGOTE_FD")))
    specs = [s for s in os.environ.get("MAHARAJA_RULESETS", "").split(",") if s]
    rulesets = warm(specs)
    rehearse(rulesets)
    if threading.active_count() > 1:  # forking copies no thread: none may hold a lock
        logging.getLogger("maharaja_server.session_ui.zygote").warning(
            "threads left before forking: %s", threading.enumerate())
    # Everything imported so far is shared with the children: keep the collector from
    # touching (and so copying) it in each of them.
    gc.collect()
    gc.freeze()
    try:
        control.send(json.dumps({"ready": True}).encode())
        Worker(control, rulesets, session.sessions_per_process(os.environ)).serve()
    except ConnectionError:
        pass  # the server has gone (or failed to start): nothing left to serve
    return 0


if __name__ == "__main__":
    sys.exit(main())
