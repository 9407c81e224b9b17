"""An operating-system lock on a file, held by one process at a time: the lock of an
autosave being played (``autosaves.claim``).

The lock is the OS's (``flock`` on POSIX, ``msvcrt.locking`` on Windows) on an open
descriptor of a small lock file, not the file's existence: it ends with the process
however the process ends (killed, crashed, the machine rebooted), so no lock is ever
left behind for good, and nothing has to guess whether a process is still alive.
Two descriptors of one process also exclude each other (flock locks an open file, not
a process), so two apps in one process behave as two windows.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

# The errors an exclusive lock taken elsewhere gives (flock: EWOULDBLOCK/EAGAIN;
# msvcrt: EACCES or EDEADLOCK); any other OSError is a file that cannot be locked.
_HELD = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLOCK", -1)}


class FileLock:
    """A lock taken (``take``); ``release`` ends it, and so does the process's end."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            _unlock(fd)
            os.close(fd)

    def __del__(self) -> None:  # a lock dropped unreleased (an app gone): released
        self.release()


def take(path: Path) -> FileLock | None:
    """The lock on ``path`` (created if need be), or None while another holds it.
    OSError: the lock file cannot be made (a read-only folder)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        _lock(fd)
    except OSError as exc:
        os.close(fd)
        if exc.errno in _HELD:
            return None
        raise
    return FileLock(path, fd)


def is_held(path: Path) -> bool:
    """Another descriptor (this process's or another's) holds the lock on ``path``."""
    if not path.exists():
        return False
    try:
        lock = take(path)
    except OSError:
        return False
    if lock is None:
        return True
    lock.release()
    return False


if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # the first byte, whether or not it exists

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
