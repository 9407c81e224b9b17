"""Sessions forked by the pre-imported session worker, as isolated as a
fresh interpreter was: own session and terminal, memory cap, no token in /proc; or
several sessions sharing one host process (host.py), each contained."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest
from sshkit import FAKE, config, connect, running

from maharaja_server.transport.spawn import ForkedSession


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def address_space_cap(pid: int) -> str:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max address space"):
            return line.split()[3]
    raise AssertionError("no address-space line")


def test_a_session_is_forked_by_the_worker_and_isolated_as_before(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, session_memory=700, sessions_per_process=1)) as srv:
            alice = await connect(srv.port, "alice")
            await alice.wait_screen(r"Maharaja server · you are alice", timeout=60)
            (child,) = srv.sessions.children
            worker = srv.sessions.zygote
            assert isinstance(child, ForkedSession) and worker is not None
            assert worker._process is not None and parent_of(child.pid) == worker._process.pid
            assert os.getsid(child.pid) == child.pid  # its own session, as start_new_session
            assert address_space_cap(child.pid) == str(700 * 1024 * 1024)
            environ = Path(f"/proc/{child.pid}/environ").read_bytes()
            assert b"MAHARAJA_TOKEN" not in environ  # passed as an argument, not in /proc
            tty = os.readlink(f"/proc/{child.pid}/fd/0")
            assert tty.startswith("/dev/pts/") and os.readlink(f"/proc/{child.pid}/fd/2") == tty
            await alice.close()
            for _ in range(100):  # the worker reports the exit; the runner lets go of it
                if not srv.sessions.children:
                    break
                await asyncio.sleep(0.1)
            assert not srv.sessions.children and child.returncode is not None

    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_sessions_still_start_when_the_worker_is_gone(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            alice = await connect(srv.port, "alice")  # forked
            await alice.wait_screen(r"you are alice", timeout=60)
            worker = srv.sessions.zygote
            assert worker is not None and worker._process is not None
            (forked,) = srv.sessions.children
            os.kill(worker._process.pid, signal.SIGKILL)
            for _ in range(100):
                if not worker.alive:
                    break
                await asyncio.sleep(0.1)
            assert not worker.alive
            bob = await connect(srv.port, "bob")  # a fresh interpreter
            await bob.wait_screen(r"you are bob", timeout=60)
            (fresh,) = srv.sessions.children - {forked}
            assert parent_of(fresh.pid) == os.getpid()
            await alice.close()  # the orphaned session's end is still noticed (pidfd)
            for _ in range(100):
                if forked not in srv.sessions.children:
                    break
                await asyncio.sleep(0.1)
            assert forked not in srv.sessions.children
            await bob.close()

    asyncio.run(asyncio.wait_for(scenario(), 180))


@pytest.mark.parametrize("logged", [True, False])
def test_a_session_that_fails_to_start_shows_one_line_and_logs_why(tmp_path: Path,
                                                                  logged: bool) -> None:
    """Before its UI runs, a forked child's error goes to the sessions log; the player
    gets one line, no traceback (kept by the worker)."""
    import sys

    from maharaja_server.transport.spawn import Zygote

    log = tmp_path / "sessions.log"
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": os.pathsep.join(sys.path),
           "MAHARAJA_RULESETS": "fake_ruleset:RULESET", "MAHARAJA_RUN": str(tmp_path)}
    if logged:  # without a log, the child must still end with its one line
        env["MAHARAJA_LOG"] = str(log)

    async def scenario() -> bytes:
        worker = Zygote(env)
        await worker.start()
        master, slave = os.openpty()
        try:
            child = await worker.spawn(slave, dict(env, MAHARAJA_MEMORY_MIB="lots"), "t", "")
            os.close(slave)
            assert await asyncio.wait_for(child.wait(), 60) == 1
            out = b""
            while True:
                try:
                    chunk = os.read(master, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            return out
        finally:
            os.close(master)
            await worker.close()

    shown = asyncio.run(asyncio.wait_for(scenario(), 120))
    assert shown.strip() == b"The session could not start; the server has logged why."
    if logged:
        text = log.read_text()
        assert "session failed to start" in text and "ValueError" in text and "lots" in text


def test_a_server_that_cannot_listen_leaves_no_worker_behind(tmp_path: Path) -> None:
    import socket

    from maharaja_server.transport.server import GameServer

    async def scenario() -> None:
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            server = GameServer(config(tmp_path, port=taken.getsockname()[1]))
            try:
                await server.start()
            except OSError:
                pass
            else:
                raise AssertionError("the server started on a port in use")
            worker = server.sessions.zygote
            assert worker is not None and worker._process is not None
            assert worker._process.returncode is not None  # ended, not orphaned
            await server.hub.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


async def gone(srv: object, child: ForkedSession) -> None:
    for _ in range(100):  # the host reports the exit; the runner lets go of it
        if child not in srv.sessions.children:  # type: ignore[attr-defined]
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the session was not let go")


def test_sessions_share_a_host_and_a_crash_ends_only_its_own(tmp_path: Path) -> None:
    """Up to sessions_per_process sessions share one forked host (its start-up
    copy of the worker's pages paid once); one session crashing is logged and ends that
    session alone, on its own terminal, while the others play on."""
    cfg = config(tmp_path, ruleset_specs=[FAKE, "crashing:RULESET"], sessions_per_process=2,
                 session_memory=600)

    async def scenario() -> None:
        async with running(cfg) as srv:
            alice = await connect(srv.port, "alice")
            await alice.wait_screen(r"you are alice", timeout=60)
            dave = await connect(srv.port, "dave")
            await dave.wait_screen(r"you are dave", timeout=60)
            hosts = {c.pid for c in srv.sessions.children}
            assert len(hosts) == 2  # the first sessions are spread, one host each
            bob = await connect(srv.port, "bob", command="crash")  # shares a host now
            await bob.wait_for(r"internal error", timeout=30)
            for _ in range(100):
                if bob.closed:
                    break
                await asyncio.sleep(0.1)
            assert bob.closed  # the crashed session's connection ends
            assert "Traceback" not in bob.text() and "crash on purpose" not in bob.text()
            log = (tmp_path / "logs" / "sessions.log").read_text()
            crashed = [line for line in log.splitlines() if "session of bob crashed" in line]
            assert crashed and "crash on purpose" in log
            (shared,) = [pid for pid in hosts if f" {pid} " in crashed[0]]  # a host's
            for term in (alice, dave):  # both play on, bob's host-mate among them
                await term.press("n")
                await term.wait_screen(r"Enter in any field creates it", timeout=30)
            carol = await connect(srv.port, "carol")
            await carol.wait_screen(r"you are carol", timeout=30)
            assert {c.pid for c in srv.sessions.children} == hosts
            mates = [c for c in srv.sessions.children if c.pid == shared]
            assert len(mates) == 2 and all(c.shared for c in mates)  # carol took bob's place
            assert address_space_cap(shared) == str(2 * 600 * 1024 * 1024)
            # Each session's terminal is its own: the host holds one pty per session.
            fds = Path(f"/proc/{shared}/fd")
            ttys = {os.readlink(fds / fd) for fd in os.listdir(fds)}
            assert len({t for t in ttys if t.startswith("/dev/pts/")}) == 2
            await carol.press("n")
            await carol.wait_screen(r"Enter in any field creates it", timeout=30)
            for term in (alice, dave, carol):
                await term.close()
            for _ in range(100):
                if not srv.sessions.children:
                    break
                await asyncio.sleep(0.1)
            assert not srv.sessions.children
            for _ in range(100):  # empty hosts end
                if not any(Path(f"/proc/{pid}").exists() for pid in hosts):
                    break
                await asyncio.sleep(0.1)
            assert not any(Path(f"/proc/{pid}").exists() for pid in hosts)

    asyncio.run(asyncio.wait_for(scenario(), 150))


def test_a_full_host_gives_way_to_a_new_one(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, sessions_per_process=2)) as srv:
            terms = []
            for name in ("alice", "bob", "carol"):
                terms.append(await connect(srv.port, name))
                await terms[-1].wait_screen(rf"you are {name}", timeout=60)
            by_pid: dict[int, int] = {}
            for child in srv.sessions.children:
                by_pid[child.pid] = by_pid.get(child.pid, 0) + 1
            assert sorted(by_pid.values()) == [1, 2]
            for term in terms:
                await term.close()

    asyncio.run(asyncio.wait_for(scenario(), 150))


def test_a_hosted_session_never_blocks_its_host_on_a_client_that_does_not_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's writer blocks its app after 30 frames the terminal has not taken; in a
    host that would stall every session behind one stalled client. The hosted writer
    queues without blocking and hangs that session up past MAX_PENDING."""
    import threading

    from maharaja_server.session_ui import host

    class StuckTerminal:
        """A terminal whose writes block until released, then fail (hung up)."""

        def __init__(self) -> None:
            self.entered = threading.Event()
            self.release = threading.Event()
            self.closed = False

        def write(self, text: str) -> None:
            self.entered.set()
            self.release.wait(30)
            raise OSError("EIO")

        def flush(self) -> None:
            pass

        def close(self) -> None:
            self.closed = True

    monkeypatch.setattr(host, "MAX_PENDING", 64 * 1024)
    terminal = StuckTerminal()
    why: list[str] = []
    writer = host.HostedWriter(terminal, why.append)
    writer.start()
    frame = "x" * 1000
    writer.write(frame)
    assert terminal.entered.wait(30)  # the thread is stuck writing it
    for _ in range(200):  # 200 kB more: each write returns at once
        writer.write(frame)
    assert why == ["its client left too much output unread"] and writer.failed
    writer.stop()  # returns though the thread is still stuck
    assert writer.is_alive() and not terminal.closed
    terminal.release.set()  # the write fails: the thread drains the rest unwritten
    writer.join(30)
    assert not writer.is_alive() and terminal.closed  # it closed its own descriptor


def test_a_host_killed_by_a_signal_is_named_in_its_sessions_end(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A host that crashed in C (a SIGSEGV in msgspec) ended its two sessions
    with nothing in the server's log but 'session ended ... after 0s'; the signal that
    killed the process is now named."""
    async def scenario() -> None:
        async with running(config(tmp_path, sessions_per_process=2)) as srv:
            alice = await connect(srv.port, "alice")
            await alice.wait_screen(r"you are alice", timeout=60)
            (child,) = srv.sessions.children
            assert isinstance(child, ForkedSession) and child.shared
            os.kill(child.pid, signal.SIGSEGV)
            await gone(srv, child)

    with caplog.at_level("INFO", logger="maharaja_server.transport.ssh"):
        asyncio.run(asyncio.wait_for(scenario(), 120))
    (ended,) = [r.getMessage() for r in caplog.records
                if r.getMessage().startswith("session ended for alice")]
    assert ended.endswith("(its process was killed by signal 11)")
