"""A server killed outright (SIGKILL, the machine's OOM killer) takes its session worker
and session hosts with it: nothing it started goes on running, orphaned, on a core."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
import time
from pathlib import Path

from sshkit import FAKE, connect

from maharaja_server.session_ui.lobby import SessionApp
from maharaja_server.session_ui.zygote import _Rehearsal, warm

HERE = str(Path(__file__).resolve().parent)
ROOT = Path(__file__).resolve().parents[2]
GONE_WITHIN = 10.0  # seconds (a few on a quiet machine; the shared one is slower)


def children() -> dict[int, list[int]]:
    """Each live process's children, from /proc (zombies left out: they are gone)."""
    found: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if state != "Z":
            found.setdefault(int(ppid), []).append(int(entry))
    return found


def descendants(pid: int) -> set[int]:
    tree = children()
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pids: set[int]) -> set[int]:
    live = {pid for kids in children().values() for pid in kids}
    return pids & live


def test_a_killed_servers_worker_and_session_hosts_end(tmp_path: Path) -> None:
    async def scenario() -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), HERE]))
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "maharaja_server", "--port", "0",
            "--data-dir", str(tmp_path / "data"), "--ruleset", FAKE, "-v",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env)
        assert server.stdout is not None
        started: set[int] = set()
        try:
            output = b""
            while not (found := re.search(rb"listening on 127\.0\.0\.1:(\d+)", output)):
                line = await asyncio.wait_for(server.stdout.readline(), 60)
                assert line, f"the server did not start:\n{output.decode()}"
                output += line
            port = int(found.group(1))
            # Sessions in their hosts: at the lobby, and one at a table it made.
            alice = await connect(port, "alice")
            await alice.wait_screen(r"you are alice", timeout=60)
            bob = await connect(port, "bob", command="new")
            await bob.wait_for(r"(?i)seat|waiting|table", timeout=60)
            started = descendants(server.pid)
            assert len(started) >= 2, "no session worker and host to watch"
            server.send_signal(signal.SIGKILL)
            await server.wait()
            deadline = time.monotonic() + GONE_WITHIN
            while alive(started) and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
            left = alive(started)
            assert not left, f"still running {GONE_WITHIN} s after the server was killed: " + \
                ", ".join(Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
                          for pid in left if Path(f"/proc/{pid}").exists())
            for term in (alice, bob):
                await term.close()
        finally:
            if server.returncode is None:
                server.kill()
                await server.wait()
            for pid in alive(started):  # the test's own, should it fail
                os.kill(pid, signal.SIGKILL)

    asyncio.run(asyncio.wait_for(scenario(), 150))


class _Gone(_Rehearsal):
    """A hub connection that closed before the lobby was there to be told."""

    closed = True


def test_a_session_whose_server_went_before_its_lobby_mounted_ends() -> None:
    rulesets = warm([FAKE])

    async def scenario() -> None:
        app = SessionApp(_Gone(rulesets), rulesets)  # type: ignore[arg-type]
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(50):
                if not app.is_running:
                    break
                await pilot.pause(0.05)
            assert not app.is_running, "the session stayed in a lobby with no server"

    asyncio.run(asyncio.wait_for(scenario(), 60))
