"""Test helpers: a real server on an ephemeral loopback port and asyncssh terminals."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncssh

from maharaja_server.config import ServerConfig
from maharaja_server.server import GameServer

FAKE = "fake_ruleset:RULESET"
ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_=>]")
ENTER = "\r"
DOWN = "\x1b[B"
ESC = "\x1b"


def config(data_dir: Path, **overrides: Any) -> ServerConfig:
    values: dict[str, Any] = dict(data_dir=data_dir, port=0, ruleset_specs=[FAKE],
                                  bot_delay=0.05, default_game="test-secrets")
    values.update(overrides)
    return ServerConfig(**values)


@asynccontextmanager
async def running(cfg: ServerConfig) -> AsyncIterator[GameServer]:
    server = GameServer(cfg)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


KEYS: dict[str, asyncssh.SSHKey] = {}


def key_for(name: str) -> asyncssh.SSHKey:
    if name not in KEYS:
        KEYS[name] = asyncssh.generate_private_key("ssh-ed25519")
    return KEYS[name]


class Term:
    """One player's terminal: everything the server sent, raw and as plain text."""

    def __init__(self, conn: asyncssh.SSHClientConnection,
                 process: asyncssh.SSHClientProcess) -> None:
        self.conn = conn
        self.process = process
        self.raw = bytearray()
        self.changed = asyncio.Event()
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                self.changed.set()
                return
            self.raw += data
            self.changed.set()

    @property
    def closed(self) -> bool:
        return self._task.done()

    def text(self, since: int = 0) -> str:
        return ANSI.sub(b"", bytes(self.raw[since:])).decode("utf-8", "replace")

    def mark(self) -> int:
        return len(self.raw)

    async def wait_for(self, pattern: str, since: int = 0, timeout: float = 20.0) -> re.Match:
        deadline = time.monotonic() + timeout
        while True:
            found = re.search(pattern, self.text(since))
            if found:
                return found
            if self.closed:
                raise AssertionError(f"closed before {pattern!r}; got {self.text()[-800:]!r}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timeout waiting for {pattern!r}; "
                                     f"tail {self.text()[-1500:]!r}")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))
            except TimeoutError:
                pass

    async def press(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())
        await asyncio.sleep(0.15)  # let Textual tell keys apart (escape sequences)

    def resize(self, cols: int, rows: int) -> None:
        self.process.change_terminal_size(cols, rows)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
        self._task.cancel()


async def connect(port: int, name: str, *, command: str | None = None,
                  term: str | None = "xterm-256color", size: tuple[int, int] = (110, 34),
                  key: asyncssh.SSHKey | None = None, password: str | None = None) -> Term:
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, known_hosts=None,
        client_keys=[key or key_for(name)] if password is None else None,
        password=password, agent_path=None,
    )
    kwargs: dict[str, Any] = {"encoding": None}
    if term is not None:
        kwargs.update(term_type=term, term_size=size)
    process = await conn.create_process(command, **kwargs)
    return Term(conn, process)
