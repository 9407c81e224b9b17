"""A session host's CPU weight is low while one of its sessions starts, so the redraws
of tables already playing come before the start-ups of arriving ones."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import socket
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from maharaja_server.session_ui import host as host_module
from maharaja_server.session_ui.host import Host
from maharaja_server.session_ui.priority import (
    STARTING_NICE,
    AutogroupWeight,
    StartingWeight,
    ThreadsWeight,
    host_weight,
)


class Retries:
    """A stand-in for ``loop.call_later``: the callbacks, run when the test says."""

    def __init__(self) -> None:
        self.due: list[Callable[[], None]] = []

    def __call__(self, delay: float, callback: Callable[[], None]) -> object:
        self.due.append(callback)
        return None

    def run(self) -> None:
        due, self.due = self.due, []
        for callback in due:
            callback()


class Autogroup:
    """A stand-in for /proc/self/autogroup: the nice values written, in order."""

    def __init__(self) -> None:
        self.written: list[int] = []

    def write(self, path: Path, nice: int) -> None:
        self.written.append(nice)

    def weight(self) -> AutogroupWeight:
        return AutogroupWeight(Path("/nowhere"), self.write)

    def nice(self) -> int:
        return self.written[-1] if self.written else 0


def terminal() -> int:
    """A descriptor for a session's terminal that nothing writes to (its pipe's other
    end closed at once, not left open for the rest of the test run)."""
    read, write = os.pipe()
    os.close(write)
    return read


def autogroup_file(tmp_path: Path) -> Path:
    path = tmp_path / "autogroup"
    path.write_text("/autogroup-1 nice 0\n")
    return path


def test_the_weight_is_low_while_any_session_starts_and_back_when_none_does() -> None:
    group = Autogroup()
    weight = StartingWeight(group.weight(), Retries())
    weight.starting(1)
    assert group.written == [STARTING_NICE]
    weight.starting(2)
    weight.started(1)
    assert group.written == [STARTING_NICE]  # session 2 still starts
    weight.started(2)
    assert group.written == [STARTING_NICE, 0]
    weight.started(2)  # a session that ends after its first frame says it again
    assert group.written == [STARTING_NICE, 0]


def test_the_real_file_is_written_a_number(tmp_path: Path) -> None:
    path = tmp_path / "autogroup"
    path.write_text("")
    assert AutogroupWeight(path).set(STARTING_NICE)
    assert path.read_text() == str(STARTING_NICE)


def test_a_change_the_kernel_refuses_for_now_is_tried_again(tmp_path: Path) -> None:
    """EAGAIN: another process changed an autogroup less than a tenth of a second ago."""
    path = autogroup_file(tmp_path)
    refusals = [True]
    written: list[int] = []

    def write(target: Path, nice: int) -> None:
        if refusals and refusals.pop():
            raise OSError(errno.EAGAIN, "Resource temporarily unavailable")
        written.append(nice)

    retries = Retries()
    weight = StartingWeight(AutogroupWeight(path, write), retries)
    weight.starting(1)
    assert written == [] and len(retries.due) == 1
    weight.starting(2)  # one retry waits, whatever else comes meanwhile
    assert len(retries.due) == 1
    retries.run()
    assert written == [STARTING_NICE]
    # Refused again, and the sessions started before the retry: nothing left to do.
    refusals.append(True)
    weight.started(1)
    weight.started(2)
    weight.started(3)
    assert written == [STARTING_NICE] and len(retries.due) == 1
    retries.run()
    assert written == [STARTING_NICE, 0] and not retries.due


def test_no_autogroup_file_leaves_the_weight_alone(tmp_path: Path,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("INFO", logger="maharaja_server.session_ui.priority")
    weight = StartingWeight(AutogroupWeight(tmp_path / "missing"), Retries())
    weight.starting(1)  # no exception: the session starts at the usual weight
    weight.started(1)
    weight.starting(2)
    assert weight.weight is None
    assert sum("keeps its CPU weight" in r.message for r in caplog.records) == 1


def test_which_weight_a_host_changes(tmp_path: Path) -> None:
    path = autogroup_file(tmp_path)
    on, off = tmp_path / "on", tmp_path / "off"
    on.write_text("1\n")
    off.write_text("0\n")
    assert isinstance(host_weight(path, on, lambda: False), AutogroupWeight)
    # Without autogroups the threads' nice value, only where it can be set back to 0.
    assert isinstance(host_weight(path, off, lambda: True), ThreadsWeight)
    assert host_weight(path, off, lambda: False) is None
    assert host_weight(tmp_path / "missing", on, lambda: False) is None
    assert host_weight(path, tmp_path / "no-sysctl", lambda: False) is None


def test_a_host_is_low_from_a_session_s_arrival_to_its_first_frame(
        monkeypatch: pytest.MonkeyPatch) -> None:
    group = Autogroup()
    shown: dict[int, asyncio.Event] = {}
    ends: dict[int, asyncio.Event] = {}

    async def session(self: Host, sid: int, request: dict[str, Any], terminal: int) -> int:
        if sid != 2:  # session 2 ends before its first frame (its client left)
            await shown.setdefault(sid, asyncio.Event()).wait()
            self.first_frame(sid)
        await ends.setdefault(sid, asyncio.Event()).wait()
        return 0

    monkeypatch.setattr(Host, "_session", session)
    monkeypatch.setattr(Host, "freeze", lambda self: None)  # not the test runner's objects
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)

    async def settle() -> None:
        for _ in range(5):
            await asyncio.sleep(0)

    async def scenario() -> None:
        host = Host(theirs, {}, lifetime=4)
        host.weigh(group.weight())
        serving = asyncio.create_task(host.serve({"session": 1}, terminal()))
        await settle()
        assert group.nice() == STARTING_NICE
        host.start({"session": 2}, terminal())
        await settle()
        shown.setdefault(1, asyncio.Event()).set()
        await settle()
        assert group.nice() == STARTING_NICE  # session 2 is still starting
        ends.setdefault(2, asyncio.Event()).set()
        await settle()
        assert group.nice() == 0  # it ended: none starts
        host.start({"session": 3}, terminal())
        await settle()
        assert group.nice() == STARTING_NICE
        shown.setdefault(3, asyncio.Event()).set()
        await settle()
        assert group.nice() == 0
        host.accepting = False
        for sid in (1, 3):
            ends.setdefault(sid, asyncio.Event()).set()
        await asyncio.wait_for(serving, 10)
        for _ in range(3):
            json.loads(ours.recv(4096))
        assert group.written == [STARTING_NICE, 0, STARTING_NICE, 0]

    try:
        asyncio.run(scenario())
    finally:
        ours.close()
        theirs.close()


def test_a_forked_host_changes_its_own_weight() -> None:
    """run_host gives the host its weight; a Host made anywhere else (a test's) has
    none, so it never changes the weight of the process it runs in."""
    import inspect

    assert "host.weigh(host_weight())" in inspect.getsource(host_module.run_host)
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    try:
        assert Host(theirs, {}).priority.weight is None
    finally:
        ours.close()
        theirs.close()


@pytest.mark.skipif(not Path("/proc/self/autogroup").exists()
                    or Path("/proc/sys/kernel/sched_autogroup_enabled").read_text().strip()
                    != "1", reason="this kernel has no autogroups (the tests above "
                                   "stand in for it)")
def test_the_kernel_takes_a_starting_weight_and_gives_it_back() -> None:
    """In a process of its own session (its own autogroup), as a host is."""
    script = textwrap.dedent("""
        import os, time
        from pathlib import Path
        from maharaja_server.session_ui.priority import AutogroupWeight
        os.setsid()
        weight = AutogroupWeight()
        for nice in (10, 0):
            while not weight.set(nice):
                time.sleep(0.02)
            print(Path("/proc/self/autogroup").read_text().split()[-1])
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=30, check=True).stdout.split()
    assert out == ["10", "0"]


def test_without_autogroups_every_thread_of_the_host_is_lowered() -> None:
    """setpriority sets one thread's nice value on Linux: a host's input and output
    threads would otherwise keep theirs. In a process of its own: it cannot always be
    set back."""
    script = textwrap.dedent("""
        import os, threading
        from maharaja_server.session_ui.priority import ThreadsWeight
        stop = threading.Event()
        worker = threading.Thread(target=stop.wait)
        worker.start()
        ThreadsWeight().set(7)
        print(sorted({os.getpriority(os.PRIO_PROCESS, int(t))
                      for t in os.listdir("/proc/self/task")}))
        stop.set()
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=30, check=True).stdout.strip()
    assert out == "[7]"
