"""The spare session host: a host forked ahead with no session, so a session
that needs a new host attaches to a process already running instead of waiting for a
fork and its set-up. Counted, never timed."""

from __future__ import annotations

import array
import asyncio
import json
import os
import socket
from typing import Any

import pytest

from maharaja_server.session_ui import zygote
from maharaja_server.session_ui.host import Host
from maharaja_server.session_ui.zygote import HostRecord, Worker


def no_fork() -> int:
    raise AssertionError("forked on a session's way to its host")


def test_a_session_that_needs_a_new_host_takes_the_spare_without_a_fork(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    worker = Worker(socket.socket(), {}, 2)
    spare = HostRecord(7, ours, None, taken=0)
    worker.hosts, worker.spare = {7: spare}, spare
    monkeypatch.setattr(zygote.os, "fork", no_fork)
    r, w = os.pipe()
    try:
        host = worker.host_to(1, {"env": {"TERM": "xterm-256color"}, "token": "t"}, r)
        assert host is spare and worker.spare is None
        assert spare.sessions == {1} and spare.taken == 1 and spare.colours == "256"
        fds = array.array("i")
        data, ancdata, _, _ = theirs.recvmsg(4096, socket.CMSG_SPACE(fds.itemsize))
        assert json.loads(data)["session"] == 1 and len(ancdata) == 1  # its pty with it
        for _, _, payload in ancdata:
            fds.frombytes(payload)
        for fd in fds:
            os.close(fd)
        # The next session that needs a new host (no room: one per host) is forked as
        # before while no spare is ready.
        with pytest.raises(AssertionError, match="forked"):
            worker.host_to(2, {"env": {"TERM": "xterm-256color"}}, r)
    finally:
        for fd in (r, w):
            os.close(fd)
        ours.close()
        theirs.close()


def test_the_worker_forks_a_spare_once_quiet_and_replaces_one_that_died(
        monkeypatch: pytest.MonkeyPatch) -> None:
    forked: list[Any] = []

    def fork_host(self: Worker, request: dict[str, Any], slave: int | None,
                  colours: str | None) -> HostRecord:
        forked.append((slave, colours))
        a, b = socket.socketpair()
        b.close()
        host = self.hosts[100 + len(forked)] = HostRecord(100 + len(forked), a, colours, 0)
        return host

    monkeypatch.setattr(Worker, "fork_host", fork_host)
    worker = Worker(socket.socket(), {}, 4)
    assert worker.spare_due is not None  # at start
    worker.fork_spare()
    worker.fork_spare()  # one spare at a time
    assert forked == [(None, None)] and worker.spare is not None
    assert Worker(socket.socket(), {}, 1).spare_due is None  # a process a session: none
    spare = worker.spare
    waits = iter([(spare.pid, 9), (0, 0)])  # killed by a signal, then nothing
    monkeypatch.setattr(zygote.os, "waitpid", lambda pid, options: next(waits))
    worker.send = lambda message: None  # type: ignore[method-assign]
    worker.reap()
    assert worker.spare is None and worker.spare_due is not None  # another one, later
    for host in worker.hosts.values():
        if host.sock is not None:
            host.sock.close()


def test_a_spare_host_serves_the_first_session_it_is_sent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A host forked with no session waits on its socket; the first session sent starts
    as any other, and at EOF with no session left it ends."""
    started: list[int] = []

    async def session(self: Host, sid: int, request: dict[str, Any], terminal: int) -> int:
        started.append(sid)
        return 0

    monkeypatch.setattr(Host, "_session", session)
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)

    async def scenario() -> None:
        host = Host(theirs, {}, lifetime=8)
        serving = asyncio.create_task(host.serve({"env": {}}, None))
        await asyncio.sleep(0.01)
        assert host.taken == 0 and not started
        r, w = os.pipe()
        os.close(w)
        monkeypatch.setenv("TERM", "dumb")  # restored after the test
        ours.sendmsg([json.dumps({"session": 5, "env": {"TERM": "xterm-256color"}}).encode()],
                     [(socket.SOL_SOCKET, socket.SCM_RIGHTS, r.to_bytes(4, "little"))])
        os.close(r)
        for _ in range(100):
            await asyncio.sleep(0.01)
            if started:
                break
        assert started == [5] and host.taken == 1
        assert os.environ["TERM"] == "xterm-256color"  # as if forked with its first session
        assert json.loads(ours.recv(4096)) == {"exit": 5, "code": 0}
        ours.shutdown(socket.SHUT_RDWR)  # the zygote lets go
        await asyncio.wait_for(serving, 10)

    try:
        asyncio.run(scenario())
    finally:
        ours.close()
        theirs.close()


def test_a_host_let_go_earlier_in_the_same_round_is_not_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """select() said both the wake-up pipe and a host's socket were readable; reap(), run
    first, saw that host's process end and let its socket go; reading it then raised and
    took the session worker down (seen under the names attack, scripts/attack.py)."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    worker = Worker(socket.socket(), {}, 4)
    host = worker.hosts[7] = HostRecord(7, ours, "256")
    host.sessions.add(3)
    sent: list[dict[str, Any]] = []
    worker.send = sent.append  # type: ignore[method-assign]
    waits = iter([(7, 0), (0, 0)])
    monkeypatch.setattr(zygote.os, "waitpid", lambda pid, options: next(waits))
    theirs.close()  # its end: readable (EOF)
    worker.reap()
    assert host.sock is None and sent == [{"exit": 3, "code": 1}]
    worker.from_host(host)  # the same round's stale readable socket
    assert sent == [{"exit": 3, "code": 1}]
