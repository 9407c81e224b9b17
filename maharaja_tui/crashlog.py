"""Unexpected errors: the traceback goes to a file, the terminal gets one line.

A traceback can hold game state (Textual's own shows local variables), and game state
holds other seats' secrets, so it never reaches the terminal: it is written, without
local variables, to ``<data dir>/logs`` (or the temporary directory when that cannot be
written) and the player is told where.
"""

from __future__ import annotations

import datetime as _dt
import os
import tempfile
import traceback
from pathlib import Path

from maharaja_tui.compat import UncaughtErrors
from maharaja_tui.paths import data_dir

KEEP = 20  # crash logs kept, the oldest removed first


def log_dir() -> Path:
    return data_dir() / "logs"


def write(error: BaseException) -> Path | None:
    """Write ``error``'s traceback to a new log file; its path, or None if nothing could."""
    stamp = _dt.datetime.now(_dt.UTC).strftime("%Y%m%d-%H%M%S")
    text = "".join(traceback.format_exception(error))  # no local variables
    for folder in (log_dir(), Path(tempfile.gettempdir()) / "maharaja-logs"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"crash-{stamp}-{os.getpid()}.log"
            path.write_text(text, encoding="utf-8")
        except OSError:
            continue
        _prune(folder)
        return path
    return None


def line(error: BaseException, path: Path | None) -> str:
    """The one line the terminal shows: the error's type (its message could quote a
    secret) and where its traceback went."""
    where = f"the details are in {path}" if path else "no log file could be written"
    return f"maharaja: internal error ({type(error).__name__}); {where}"


def report(error: BaseException) -> str:
    return line(error, write(error))


def _prune(folder: Path) -> None:
    logs = sorted(folder.glob("crash-*.log"), key=lambda p: p.stat().st_mtime)
    for old in logs[:-KEEP]:
        old.unlink(missing_ok=True)


class OneLineCrash(UncaughtErrors):
    """Mixed into a Textual ``App`` before ``App``: an uncaught error ends the app with
    return code 1 and one line, instead of Textual's traceback with its local variables."""

    crash_line: str | None = None

    def crash_report(self, error: BaseException) -> str:
        """Record ``error`` and return the one line to show (a server's session logs it
        on the server instead: a path on the host means nothing to a remote player)."""
        return report(error)

    def uncaught(self, error: BaseException) -> None:
        if self.crash_line is None:  # the first error is the one to tell
            self.crash_line = self.crash_report(error)

    def exit_text(self) -> str | None:
        """Once the terminal is restored: the one line, unwrapped, and nothing else."""
        return self.crash_line
