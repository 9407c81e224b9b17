"""Unix socket addresses that may be longer than the kernel allows (about 100 bytes)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def short_path(path: Path) -> Iterator[str]:
    """``path`` as a Unix socket address: itself when short enough (about 100 bytes
    is the limit), else through its directory's descriptor (Linux's /proc/self/fd)."""
    if len(os.fsencode(path)) < 100:
        yield str(path)
        return
    fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
    try:
        yield f"/proc/self/fd/{fd}/{path.name}"
    finally:
        os.close(fd)
