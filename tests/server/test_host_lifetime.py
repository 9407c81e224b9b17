"""A session host's lifetime quota: each session's start-up objects are
frozen out of the garbage collector after its first frame, so an ended session's
frozen reference cycles stay until its host exits. A host therefore takes at most
``lifetime_sessions`` sessions in its life, then no new one, and exits when empty."""

from __future__ import annotations

import asyncio
import json
import os
import socket
from typing import Any

import pytest

from maharaja_server.session_ui.host import Host, lifetime_sessions
from maharaja_server.session_ui.zygote import HostRecord, Worker


def test_the_quota_is_twice_the_sessions_a_host_holds_and_none_for_one() -> None:
    assert lifetime_sessions(4) == 8
    assert lifetime_sessions(1) == 1


def _worker(per_process: int, hosts: list[HostRecord]) -> Worker:
    worker = Worker(socket.socket(), {}, per_process)
    worker.hosts = {h.pid: h for h in hosts}
    return worker


def test_the_zygote_gives_no_session_to_a_host_that_took_its_quota() -> None:
    a, b = socket.socketpair()
    try:
        hosts = [HostRecord(pid, sock, "256") for pid, sock in ((1, a), (2, b))]
        worker = _worker(2, hosts)
        hosts[0].sessions, hosts[1].sessions = {1}, {2}
        assert worker.room_for("256") is not None  # two hosts with room
        hosts[0].taken = lifetime_sessions(2)  # one session open, but its quota used
        assert worker.room_for("256") is None  # so a new host is forked instead
        hosts[0].taken = lifetime_sessions(2) - 1
        assert worker.room_for("256") is not None
    finally:
        a.close()
        b.close()


def test_a_host_that_took_its_quota_takes_no_more_and_exits_when_empty(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted, not timed: the third session offered is refused (its pty closed) and
    the host's serve() returns once its two sessions have ended, although the zygote
    still holds its socket (it exits, and its frozen cycles with it)."""
    ends: dict[int, asyncio.Event] = {}
    started: list[int] = []

    async def session(self: Host, sid: int, request: dict[str, Any], terminal: int) -> int:
        started.append(sid)
        await ends.setdefault(sid, asyncio.Event()).wait()
        return 0

    monkeypatch.setattr(Host, "_session", session)
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)

    def offer(sid: int) -> int:
        r, w = os.pipe()
        os.close(w)
        ours.sendmsg([json.dumps({"session": sid}).encode()],
                     [(socket.SOL_SOCKET, socket.SCM_RIGHTS, r.to_bytes(4, "little"))])
        return r

    async def scenario() -> None:
        host = Host(theirs, {}, lifetime=2)
        first = os.pipe()[0]
        serving = asyncio.create_task(host.serve({"session": 1}, first))
        await asyncio.sleep(0)
        offer(2)
        for _ in range(50):
            await asyncio.sleep(0.01)
            if len(started) == 2:
                break
        assert started == [1, 2] and not host.accepting
        offer(3)
        await asyncio.sleep(0.05)
        assert started == [1, 2]  # refused: the quota was reached
        for sid in (1, 2):
            ends.setdefault(sid, asyncio.Event()).set()
        await asyncio.wait_for(serving, 10)  # empty: it ends, its socket still open
        assert host.taken == 2 and not host.sessions
        exits = [json.loads(ours.recv(4096)) for _ in range(2)]
        assert sorted(e["exit"] for e in exits) == [1, 2]

    try:
        asyncio.run(scenario())
    finally:
        ours.close()
        theirs.close()

