"""A session's child process: the Textual UI on the pty the SSH server made for it.

Started by ssh.py with the hub socket, a one-use token and the terminal type in
its environment; everything about the game comes from the server over the socket.
"""

from __future__ import annotations

import fcntl
import logging
import os
import resource
import sys
import termios
from collections.abc import Mapping
from typing import Any

from maharaja_server.session_ui.lobby import SessionApp
from maharaja_server.session_ui.remote import Connection
from maharaja_server.transport.config import load_rulesets


def take_terminal() -> None:
    """Make the pty our controlling terminal so window-size changes send SIGWINCH."""
    try:
        fcntl.ioctl(sys.stdin.fileno(), termios.TIOCSCTTY, 0)
    except OSError:
        pass  # already ours, or not a terminal (the server always gives one)


def cap_memory(mib: int) -> None:
    """One session may never take the host: its address space is capped, so a runaway
    allocation fails here (a MemoryError, logged) instead of swapping every game."""
    if mib > 0:
        limit = mib * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def sessions_per_process(env: Mapping[str, str]) -> int:
    """How many sessions a session host may hold at once (MAHARAJA_SESSIONS_PER_PROCESS)."""
    try:
        return max(1, int(env.get("MAHARAJA_SESSIONS_PER_PROCESS", "1") or 1))
    except ValueError:
        return 1


def memory_cap(env: Mapping[str, str]) -> int:
    """A session's address space in MiB (MAHARAJA_MEMORY_MIB; 0: none). The server sets
    it; anything but a number stops the session before it starts (and is logged)."""
    return int(env.get("MAHARAJA_MEMORY_MIB", "0") or 0)


def main(token: str | None = None, command: str | None = None,
         rulesets: dict[str, Any] | None = None) -> int:
    """Run one session's UI on this process's terminal. The zygote passes the token and
    command as arguments (never the environment, which /proc shows) and the rulesets it
    loaded before forking; a fresh interpreter reads them from its environment."""
    take_terminal()
    cap_memory(memory_cap(os.environ))
    log_path = os.environ.get("MAHARAJA_LOG")
    if log_path:
        logging.basicConfig(filename=log_path, level=logging.WARNING,
                            format="%(asctime)s %(process)d %(name)s %(message)s")
    if rulesets is None:
        specs = [s for s in os.environ.get("MAHARAJA_RULESETS", "").split(",") if s]
        rulesets = load_rulesets(specs)
    if token is None:
        token = os.environ.pop("MAHARAJA_TOKEN", "")
    if command is None:
        command = os.environ.get("MAHARAJA_COMMAND", "")
    try:
        conn = Connection(os.environ["MAHARAJA_SOCKET"], token)
    except (OSError, KeyError) as exc:
        print(f"The game server is not reachable ({exc}).\r", file=sys.stderr)
        return 1
    app = SessionApp(conn, rulesets, command)
    try:
        app.run()
    finally:
        conn.close()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
