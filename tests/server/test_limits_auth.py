"""Limits and logins: session cap, idle timeout, input rate, password, authorized keys."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest
from sshkit import config, connect, key_for, running

from maharaja_server.transport.hostkeys import host_key
from maharaja_server.transport.limits import TokenBucket


def run(coro) -> None:
    asyncio.run(asyncio.wait_for(coro, 60))


def test_session_cap_turns_extra_clients_away(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, max_sessions=1)) as srv:
            first = await connect(srv.port, "alice")
            await first.wait_for("you are alice")
            second = await connect(srv.port, "bob")
            await second.wait_for("server is full")
            await first.close()
            await second.close()

    run(scenario())


def test_idle_sessions_are_closed(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, idle_timeout=4.0)) as srv:
            term = await connect(srv.port, "alice")
            await term.wait_for("you are alice")
            await term.wait_for("idle too long", timeout=15)
            assert_terminal_restored(bytes(term.raw))
            await asyncio.wait_for(term.process.wait_closed(), 10)
            assert srv.counter.active == 0 and not srv.sessions.children
            await term.close()

    run(scenario())


def assert_terminal_restored(raw: bytes) -> None:
    """After the UI is gone, the alternate screen and mouse reporting
    are off again (the server sends it; a killed child cannot)."""
    for on, off in ((b"\x1b[?1049h", b"\x1b[?1049l"), (b"\x1b[?1000h", b"\x1b[?1000l"),
                    (b"\x1b[?1003h", b"\x1b[?1003l")):
        assert raw.rfind(off) > raw.rfind(on) >= 0, (on, raw[-300:])


def test_server_shutdown_restores_the_client_terminal(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            term = await connect(srv.port, "alice")
            await term.wait_for("you are alice")
        await term.wait_for("shutting down", timeout=15)
        assert_terminal_restored(bytes(term.raw))
        await term.close()

    run(scenario())


def test_input_rate_is_bounded() -> None:
    bucket = TokenBucket(rate=100, burst=1000)
    assert len(bucket.take(b"x" * 800)) == 800
    assert len(bucket.take(b"x" * 800)) < 300
    assert bucket.dropped > 500


def test_password_logins(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, password="correct horse")) as srv:
            term = await connect(srv.port, "alice", password="correct horse")
            await term.wait_for("you are alice")
            await term.close()
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(srv.port, "alice", password="wrong")
            with pytest.raises(asyncssh.PermissionDenied):  # no open key logins then
                await connect(srv.port, "bob")

    run(scenario())


def test_authorized_keys_only(tmp_path: Path) -> None:
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(key_for("alice").export_public_key())

    async def scenario() -> None:
        async with running(config(tmp_path / "data", authorized_keys=keys)) as srv:
            term = await connect(srv.port, "alice")
            await term.wait_for("you are alice")
            await term.close()
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(srv.port, "mallory")

    run(scenario())


def test_host_key_is_made_once_and_kept(tmp_path: Path) -> None:
    first = host_key(tmp_path)
    assert (tmp_path / "ssh_host_ed25519_key").stat().st_mode & 0o077 == 0
    assert host_key(tmp_path).get_fingerprint() == first.get_fingerprint()


def test_four_sessions_start_at_once_and_the_fifth_waits() -> None:
    """Sessions forked from the session worker start far cheaper than the
    fresh interpreters the start gate was sized for (two at once); with four, 64
    sessions were seated in 26-27 s instead of 38-43 s, and the capacity steps wait
    for the seating. A fifth start still waits for a slot (a session's first frame)."""
    from maharaja_server.transport.ssh import SessionRunner

    runner = SessionRunner(counter=None, issue_token=str, revoke_token=print,  # type: ignore[arg-type]
                           child_env=dict, idle_timeout=60, input_rate=100, input_burst=100,
                           default_term="xterm-256color")

    async def run() -> tuple[int, bool]:
        releases = [await asyncio.wait_for(runner.gate.enter(), 1) for _ in range(4)]
        fifth = asyncio.ensure_future(runner.gate.enter())
        await asyncio.sleep(0.05)
        waited = not fifth.done()
        releases[0]()  # the first session drew its first frame
        await asyncio.wait_for(fifth, 1)
        return len(releases), waited

    assert asyncio.run(run()) == (4, True)
