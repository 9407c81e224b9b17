"""Starting session processes: forked by the zygote, or a fresh interpreter as a fallback.

The server talks to the zygote (``zygote.py``) over a SOCK_SEQPACKET socket pair:
each request carries the session's pty; the zygote answers with the child's pid, in
request order, and reports each child's exit. A ``SessionProcess`` gives the runner
what ``asyncio.subprocess.Process`` did: ``pid``, ``returncode`` and ``wait()``.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import os
import socket
import sys
from typing import Protocol

log = logging.getLogger("maharaja_server.transport.spawn")

READY_WAIT = 60.0  # seconds the zygote has to import the UI before sessions start without it
MAX_MESSAGE = 64 * 1024


class SessionProcess(Protocol):
    pid: int

    @property
    def returncode(self) -> int | None: ...

    async def wait(self) -> int: ...


class ForkedSession:
    """A session the zygote forked: its exit is reported over the control socket.

    ``pid`` is its process; a ``shared`` one (a session host's, host.py) runs other
    sessions too, so it is ended by asking (``Zygote.end``), never by a signal."""

    def __init__(self, pid: int, session: int | None = None) -> None:
        self.pid = pid
        self.session = pid if session is None else session
        self.shared = self.session != pid
        self._done: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    @property
    def returncode(self) -> int | None:
        return self._done.result() if self._done.done() else None

    async def wait(self) -> int:
        return await asyncio.shield(self._done)

    def ended(self, code: int) -> None:
        if not self._done.done():
            self._done.set_result(code)


class Zygote:
    """The server's end of the session worker."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self._sock: socket.socket | None = None
        self._process: asyncio.subprocess.Process | None = None
        self._ready: asyncio.Future[bool] | None = None
        self._replies: collections.deque[asyncio.Future[tuple[int, int]]] = collections.deque()
        self._children: dict[int, ForkedSession] = {}  # by session number
        self._early: dict[int, int] = {}  # exits reported before the pid reply was read

    async def start(self) -> None:
        """Start the worker; it imports in the background (``spawn`` waits for it)."""
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        env = dict(self.env, MAHARAJA_ZYGOTE_FD=str(theirs.fileno()))
        try:
            self._process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "maharaja_server.session_ui.zygote", env=env,
                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),), start_new_session=True,
                cwd=env.get("MAHARAJA_RUN"))
        except OSError:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self._sock = ours
        self._ready = loop.create_future()
        loop.add_reader(ours.fileno(), self._read)

    @property
    def alive(self) -> bool:
        return self._sock is not None

    @property
    def pid(self) -> int | None:
        """The worker's process (the parent of every session it forks)."""
        return self._process.pid if self._process is not None else None

    def _read(self) -> None:
        assert self._sock is not None
        while True:
            try:
                data = self._sock.recv(MAX_MESSAGE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._lost()
                return
            message = json.loads(data)
            if "ready" in message:
                if self._ready is not None and not self._ready.done():
                    self._ready.set_result(True)
            elif "pid" in message:
                if self._replies:
                    future = self._replies.popleft()
                    if not future.done():
                        pid = int(message["pid"])
                        future.set_result((pid, int(message.get("session", pid))))
            elif "exit" in message:
                pid, code = int(message["exit"]), int(message["code"])
                child = self._children.pop(pid, None)
                if child is not None:
                    child.ended(code)
                else:
                    self._early[pid] = code

    def _lost(self) -> None:
        """The worker died: sessions it forked are watched by pidfd; new ones start fresh."""
        if self._sock is not None:
            asyncio.get_running_loop().remove_reader(self._sock.fileno())
            self._sock.close()
            self._sock = None
            log.error("session worker exited; new sessions start a fresh interpreter")
        if self._ready is not None and not self._ready.done():
            self._ready.set_result(False)
        while self._replies:
            future = self._replies.popleft()
            if not future.done():
                future.set_exception(OSError("the session worker exited"))
        for child in self._children.values():
            watch_exit(child)
        self._children.clear()

    async def spawn(self, slave: int, env: dict[str, str], token: str,
                    command: str, *, web: bool = False) -> ForkedSession:
        """Fork a session on ``slave`` (the pty; with ``web``, the socket of a browser's
        session, which gets a process of its own); raises OSError when the worker is gone."""
        if self._ready is None:
            raise OSError("the session worker is not started")
        try:
            ready = await asyncio.wait_for(asyncio.shield(self._ready), READY_WAIT)
        except TimeoutError:
            ready = False
        if not ready or self._sock is None:
            raise OSError("the session worker is not running")
        request = json.dumps({"env": env, "token": token, "command": command,
                              "web": web}).encode()
        future: asyncio.Future[tuple[int, int]] = asyncio.get_running_loop().create_future()
        self._replies.append(future)
        self._sock.sendmsg([request], [(socket.SOL_SOCKET, socket.SCM_RIGHTS,
                                        slave.to_bytes(4, sys.byteorder, signed=True))])
        pid, session = await future
        if pid <= 0:
            raise OSError("the session worker could not fork")
        child = ForkedSession(pid, session)
        if session in self._early:
            child.ended(self._early.pop(session))
        else:
            self._children[session] = child
        return child

    def end(self, child: ForkedSession) -> bool:
        """Ask the host of a shared session to end it; False when the worker is gone."""
        if self._sock is None:
            return False
        try:
            self._sock.send(json.dumps({"end": child.session}).encode())
        except OSError:
            return False
        return True

    async def close(self) -> None:
        if self._sock is not None:
            asyncio.get_running_loop().remove_reader(self._sock.fileno())
            self._sock.close()  # the worker exits at EOF
            self._sock = None
        if self._process is not None and self._process.returncode is None:
            try:
                await asyncio.wait_for(self._process.wait(), 5)
            except TimeoutError:
                # A worker slow to see EOF on a loaded machine may exit between the
                # timeout and the kill: nothing left to kill is not an error.
                with contextlib.suppress(ProcessLookupError):
                    self._process.kill()
                await self._process.wait()


def watch_exit(child: ForkedSession) -> None:
    """Resolve ``child`` when its process ends (its parent, the worker, is gone)."""
    try:
        fd = os.pidfd_open(child.pid)
    except (OSError, AttributeError):
        child.ended(0)  # already gone (or no pidfd here)
        return
    loop = asyncio.get_running_loop()

    def gone() -> None:
        loop.remove_reader(fd)
        os.close(fd)
        child.ended(0)

    loop.add_reader(fd, gone)


async def fresh_interpreter(slave: int, env: dict[str, str], token: str,
                            command: str) -> asyncio.subprocess.Process:
    """The slow path: a new Python for the session (the worker is down)."""
    env = dict(env, MAHARAJA_TOKEN=token, MAHARAJA_COMMAND=command)
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "maharaja_server.session_ui.session",
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        cwd=env.get("MAHARAJA_RUN"),
    )
