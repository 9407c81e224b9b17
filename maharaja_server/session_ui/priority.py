"""A session host's CPU weight: low while one of its sessions is starting.

A session's start-up (its hub connection, its app, its first screen) costs about a
second of CPU; a move's redraw a few milliseconds. When tables arrive faster than the
machine starts their sessions, the redraws of tables already playing waited behind
the start-ups: every host is its own scheduling group (it calls ``setsid``, and with
the kernel's autogroups each session id is one), and the scheduler shares the CPU
fairly between groups, whatever each does. So a host lowers its group's weight while
any of its sessions is starting and puts it back once none is: the moves come first,
the arrivals take what they leave (a first screen comes later under load; the moves of
the host's playing sessions wait with them meanwhile).

How, on Linux:
- autogroups on: the group's nice value, written to ``/proc/self/autogroup``. Anyone
  may raise it and lower it back to 0 (only below 0 needs CAP_SYS_NICE), but outside
  CAP_SYS_ADMIN one write a tenth of a second is allowed on the whole machine (EAGAIN
  otherwise): a refused change is tried again ``RETRY`` seconds later, and a newer one
  replaces it;
- autogroups off: the nice value of the host's threads (``setpriority``); inside one
  group it weighs against every other process. Going back to 0 needs CAP_SYS_NICE or
  RLIMIT_NICE of 20 (systemd ``LimitNICE=+0``), without which a lowered host would stay
  low for good: then the host is never lowered;
- anything else (no /proc, refused): the host keeps its weight, said once in the log.
"""

from __future__ import annotations

import errno
import logging
import os
import resource
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

log = logging.getLogger("maharaja_server.session_ui.priority")

# A starting host's weight: 335 against a playing one's 1024. At 10 (110) the moves came
# about as fast in 128-session runs, but a first screen took twice as long, not a half more.
STARTING_NICE = 5
RETRY = 0.1  # seconds: the kernel takes one autogroup change a tenth of a second
AUTOGROUP = Path("/proc/self/autogroup")
AUTOGROUP_ENABLED = Path("/proc/sys/kernel/sched_autogroup_enabled")
CAP_SYS_NICE = 23  # its bit in /proc/self/status's CapEff


class Later(Protocol):
    """What schedules a retry: the host's ``loop.call_later``."""

    def __call__(self, delay: float, callback: Callable[[], None], /) -> object: ...


class Unsupported(Exception):
    """The weight cannot be changed here (why in its message)."""


def write_autogroup(path: Path, nice: int) -> None:
    """Write ``nice`` to an autogroup file; OSError as the kernel refuses it."""
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, str(nice).encode())
    finally:
        os.close(fd)


class AutogroupWeight:
    """The nice value of this process's autogroup (its session id's group)."""

    def __init__(self, path: Path = AUTOGROUP,
                 write: Callable[[Path, int], None] = write_autogroup) -> None:
        self.path = path
        self.write = write

    def set(self, nice: int) -> bool:
        """True once set, False when the kernel asks to try later; Unsupported when it
        never will."""
        try:
            self.write(self.path, nice)
        except OSError as exc:
            if exc.errno in (errno.EAGAIN, errno.EBUSY):
                return False
            raise Unsupported(f"{self.path}: {exc.strerror}") from exc
        return True


class ThreadsWeight:
    """The nice value of every thread of this process: Linux's ``setpriority`` sets one
    thread's (a thread started later inherits its starter's)."""

    def __init__(self, tasks: Path = Path("/proc/self/task")) -> None:
        self.tasks = tasks

    def set(self, nice: int) -> bool:
        try:
            threads = [int(name) for name in os.listdir(self.tasks)]
        except OSError:
            threads = [0]  # the calling thread, the loop's: where the drawing is done
        for thread in threads:
            try:
                os.setpriority(os.PRIO_PROCESS, thread, nice)
            except ProcessLookupError:
                pass  # it ended meanwhile
            except OSError as exc:
                raise Unsupported(f"setpriority: {exc.strerror}") from exc
        return True


class Weight(Protocol):
    def set(self, nice: int) -> bool: ...


def may_raise_back(status: Path = Path("/proc/self/status")) -> bool:
    """Whether this process may set its nice value back to 0 once raised: CAP_SYS_NICE,
    or an RLIMIT_NICE of 20 or more (the limit is 20 minus the lowest nice allowed)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NICE)
    if soft == resource.RLIM_INFINITY or soft >= 20:
        return True
    try:
        for line in status.read_text().splitlines():
            if line.startswith("CapEff:"):
                return bool(int(line.split()[1], 16) >> CAP_SYS_NICE & 1)
    except (OSError, ValueError, IndexError):
        pass
    return False


def host_weight(autogroup: Path = AUTOGROUP, enabled: Path = AUTOGROUP_ENABLED,
                raise_back: Callable[[], bool] = may_raise_back) -> Weight | None:
    """How this host changes its weight, None when it cannot both lower and restore it."""
    try:
        on = enabled.read_text().strip() == "1" and autogroup.exists()
    except OSError:
        on = False
    if on:
        return AutogroupWeight(autogroup)
    if raise_back():
        return ThreadsWeight()
    log.info("session hosts keep their CPU weight while sessions start: no autogroups, "
             "and no CAP_SYS_NICE or RLIMIT_NICE of 20 (systemd: LimitNICE=+0) to "
             "restore it")
    return None


class StartingWeight:
    """Lowers the host's weight while any of its sessions is starting (``starting``
    until ``started``), restores it when none is; refused changes are tried again."""

    def __init__(self, weight: Weight | None, later: Later, low: int = STARTING_NICE,
                 retry: float = RETRY) -> None:
        self.weight = weight
        self.later = later
        self.low = low
        self.retry = retry
        self.starting_ids: set[int] = set()
        self.nice = 0  # the weight in force
        self.pending = False  # a retry is scheduled

    def starting(self, session: int) -> None:
        self.starting_ids.add(session)
        self.apply()

    def started(self, session: int) -> None:
        """Its first frame is up, or it ended before it: harmless twice."""
        self.starting_ids.discard(session)
        self.apply()

    def apply(self) -> None:
        wanted = self.low if self.starting_ids else 0
        if self.weight is None or self.pending or wanted == self.nice:
            return  # a scheduled retry applies what is wanted by then
        try:
            done = self.weight.set(wanted)
        except Unsupported as exc:
            log.info("session host keeps its CPU weight while sessions start: %s", exc)
            self.weight = None
            return
        if done:
            self.nice = wanted
        else:
            self.pending = True
            self.later(self.retry, self._retry)

    def _retry(self) -> None:
        self.pending = False
        self.apply()
