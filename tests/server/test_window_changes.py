"""Window-size changes are rate-limited and coalesced as typed input is capped, and a
flood of them is hung up: 205,452 changes in 35 s took another player's p95 from 111 ms
to 2,085 ms (each change a whole relayout of the session)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from sshkit import config, connect, running

from maharaja_server.transport import ssh
from maharaja_server.transport.limits import WindowChanges


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_changes_past_the_rate_wait_as_one_the_latest() -> None:
    async def scenario() -> None:
        clock = Clock()
        applied: list[tuple[int, int]] = []
        sizes = WindowChanges(lambda c, r: applied.append((c, r)), rate=10, burst=2,
                              flood=1000, flood_burst=1000, now=clock)
        for n in range(50):
            assert sizes.changed(80 + n, 24)
        assert applied == [(80, 24), (81, 24)]  # the burst; the rest wait as one
        for _ in range(5):
            await asyncio.sleep(0.05)  # the timer looks again: no budget yet
        assert len(applied) == 2
        clock.t += 1.0
        for _ in range(10):
            await asyncio.sleep(0.05)
        assert applied == [(80, 24), (81, 24), (129, 24)]  # the latest size, once
        sizes.close()

    asyncio.run(scenario())


def test_a_flood_is_told_apart_from_a_drag() -> None:
    async def scenario() -> None:
        clock = Clock()
        sizes = WindowChanges(lambda c, r: None, rate=10, burst=10, flood=30,
                              flood_burst=100, now=clock)
        for n in range(60):  # a window dragged for three seconds at 20 changes a second
            clock.t += 1 / 20
            assert sizes.changed(80 + n % 20, 24)
        allowed = 0
        while sizes.changed(100, 30):  # a script at full speed
            allowed += 1
        assert 95 <= allowed <= 100
        sizes.close()

    asyncio.run(scenario())


def test_a_session_s_pty_follows_at_the_rate_and_ends_at_the_last_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, int]] = []
    set_winsize = ssh.set_winsize

    def counted(fd: int, cols: int, rows: int) -> None:
        calls.append((cols, rows))
        set_winsize(fd, cols, rows)

    monkeypatch.setattr(ssh, "set_winsize", counted)

    async def scenario() -> None:
        cfg = config(tmp_path, resize_rate=5.0, resize_burst=5.0, resize_flood=10_000.0,
                     resize_flood_burst=10_000.0)
        async with running(cfg) as srv:
            term = await connect(srv.port, "alice")
            await term.wait_for("you are alice")
            before = len(calls)
            started = time.monotonic()
            for n in range(200):
                term.process.change_terminal_size(90 + n % 7, 30)
                if n % 20 == 0:
                    await asyncio.sleep(0)
            term.process.change_terminal_size(97, 31)
            deadline = time.monotonic() + 20
            while calls[-1:] != [(97, 31)] and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            elapsed = time.monotonic() - started
            assert calls[-1] == (97, 31)  # the last size always lands
            assert len(calls) - before <= 5 + 5 * elapsed + 2, (len(calls) - before, elapsed)
            assert not term.closed
            await term.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_flood_of_window_changes_is_hung_up(tmp_path: Path) -> None:
    async def scenario() -> None:
        cfg = config(tmp_path, resize_flood=1.0, resize_flood_burst=50.0)
        async with running(cfg) as srv:
            term = await connect(srv.port, "alice")
            await term.wait_for("you are alice")
            for n in range(200):
                if term.closed:
                    break
                try:
                    term.process.change_terminal_size(90 + n % 7, 30)
                except OSError:
                    break  # the connection is gone
                if n % 20 == 0:
                    await asyncio.sleep(0)
            await term.wait_for("window changed size too often")
            await asyncio.wait_for(term.conn.wait_closed(), 20)
            again = await connect(srv.port, "alice")  # not straight back: it came 40 times
            await again.wait_for("Too many sessions started from your address lately")
            bob = await connect(srv.port, "bob", address="127.0.0.5")  # the others play on
            await bob.wait_for("you are bob")
            for other in (again, bob):
                await other.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))
