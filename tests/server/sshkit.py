"""Test helpers: a real server on an ephemeral loopback port and asyncssh terminals."""

from __future__ import annotations

import asyncio
import codecs
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import asyncssh
from rich.cells import get_character_cell_size

from maharaja_server.transport import server as server_module
from maharaja_server.transport.config import ServerConfig
from maharaja_server.transport.server import GameServer

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


class NoSessionWorker:
    """The session worker of a server whose test opens no session: the real one imports
    the UI and draws a lobby in its own process (~0.6 CPU-s a server start) for sessions
    that never come. A session asked of it fails (the test said it opens none) instead of
    starting quietly in a fresh interpreter."""

    alive = True

    def __init__(self, env: dict[str, str]) -> None:
        del env

    async def start(self) -> None:
        pass

    async def spawn(self, *args: Any) -> Any:
        raise AssertionError("this test's server runs no sessions (running(sessions=False))")

    def end(self, child: Any) -> bool:
        return False

    async def close(self) -> None:
        pass


@asynccontextmanager
async def running(cfg: ServerConfig, *, sessions: bool = True) -> AsyncIterator[GameServer]:
    """A started server; ``sessions=False`` for a test that opens no session (no session
    worker is started for it)."""
    server = GameServer(cfg)
    if sessions:
        await server.start()
    else:
        with mock.patch.object(server_module, "Zygote", NoSessionWorker):
            await server.start()
    try:
        yield server
    finally:
        await server.close()


TOKEN = re.compile(r"\x1b\[([0-?]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
                   r"|\x1b[@-Z\\-_=>]|[\x00-\x1a\x1c-\x1f]|[^\x00-\x1f]+")


class Screen:
    """Just enough of a terminal to rebuild what Textual drew: where each cell's text is.

    Textual places every run of text with an absolute cursor move, so cursor moves,
    erases and text are all there is to follow; colours and modes are skipped.
    """

    def __init__(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.cells = [[" "] * cols for _ in range(rows)]
        self.x = self.y = 0
        self._decode = codecs.getincrementaldecoder("utf-8")("replace").decode
        self._rest = ""

    def feed(self, data: bytes) -> None:
        text = self._rest + self._decode(data)
        pos = 0
        while pos < len(text):
            token = TOKEN.match(text, pos)
            if token is None:
                if len(text) - pos < 64:  # an escape sequence cut at the end: wait for the rest
                    break
                pos += 1  # not one this screen knows: skip its escape
                continue
            pos = token.end()
            self._apply(token)
        self._rest = text[pos:]

    def _apply(self, token: re.Match) -> None:
        text = token.group(0)
        if token.group(2) is not None:
            self._csi(token.group(1), token.group(2))
        elif text == "\r":
            self.x = 0
        elif text == "\n":
            self.y = min(self.y + 1, self.rows - 1)
        elif text == "\b":
            self.x = max(self.x - 1, 0)
        elif not text.startswith("\x1b") and text >= " ":
            for char in text:
                width = get_character_cell_size(char)
                if width and 0 <= self.y < self.rows and 0 <= self.x < self.cols:
                    self.cells[self.y][self.x] = char
                    if width == 2 and self.x + 1 < self.cols:
                        self.cells[self.y][self.x + 1] = ""
                self.x += width

    def _csi(self, params: str, final: str) -> None:
        if params.startswith("?"):
            return  # private modes
        numbers = [int(n) if n.isdigit() else 0 for n in params.split(";")] if params else []

        def arg(index: int, default: int) -> int:
            return numbers[index] if len(numbers) > index and numbers[index] else default

        if final in "Hf":
            self.y, self.x = arg(0, 1) - 1, arg(1, 1) - 1
        elif final == "A":
            self.y = max(self.y - arg(0, 1), 0)
        elif final == "B":
            self.y = min(self.y + arg(0, 1), self.rows - 1)
        elif final == "C":
            self.x += arg(0, 1)
        elif final == "D":
            self.x = max(self.x - arg(0, 1), 0)
        elif final == "G":
            self.x = arg(0, 1) - 1
        elif final == "d":
            self.y = arg(0, 1) - 1
        elif final == "J":
            mode = arg(0, 0)
            rows = range(self.rows) if mode >= 2 else (
                range(self.y + 1, self.rows) if mode == 0 else range(self.y))
            for y in rows:
                self.cells[y] = [" "] * self.cols
            if mode in (0, 1) and 0 <= self.y < self.rows:
                self._erase_line(mode)
        elif final == "K":
            self._erase_line(arg(0, 0))

    def _erase_line(self, mode: int) -> None:
        if not 0 <= self.y < self.rows:
            return
        row = self.cells[self.y]
        start, end = {0: (self.x, self.cols), 1: (0, self.x + 1)}.get(mode, (0, self.cols))
        for x in range(max(start, 0), min(end, self.cols)):
            row[x] = " "

    def lines(self) -> list[str]:
        return ["".join(row).rstrip() for row in self.cells]


KEYS: dict[str, asyncssh.SSHKey] = {}


def key_for(name: str) -> asyncssh.SSHKey:
    if name not in KEYS:
        KEYS[name] = asyncssh.generate_private_key("ssh-ed25519")
    return KEYS[name]


class Term:
    """One player's terminal: everything the server sent, raw and as plain text."""

    def __init__(self, conn: asyncssh.SSHClientConnection,
                 process: asyncssh.SSHClientProcess, size: tuple[int, int] = (80, 24)) -> None:
        self.conn = conn
        self.process = process
        self.raw = bytearray()
        self._screen = Screen(*size)
        self._fed = 0
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

    def screen(self) -> list[str]:
        """The lines the terminal shows now."""
        self._screen.feed(bytes(self.raw[self._fed:]))
        self._fed = len(self.raw)
        return self._screen.lines()

    async def wait_screen(self, pattern: str, timeout: float = 20.0) -> re.Match:
        """Wait until the screen as it is now (not what was once sent) matches ``pattern``."""
        deadline = time.monotonic() + timeout
        while True:
            found = re.search(pattern, "\n".join(self.screen()))
            if found:
                return found
            if self.closed:
                raise AssertionError(f"closed before {pattern!r} showed")
            left = deadline - time.monotonic()
            if left <= 0:
                shown = "\n".join(self.screen())
                raise AssertionError(f"timeout waiting for {pattern!r} on screen:\n{shown}")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))
            except TimeoutError:
                pass

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
        self.screen()
        self._screen = Screen(cols, rows)  # the application redraws it all

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
        self._task.cancel()


async def connect(port: int, name: str, *, command: str | None = None,
                  term: str | None = "xterm-256color", size: tuple[int, int] = (110, 34),
                  key: asyncssh.SSHKey | None = None, password: str | None = None,
                  address: str = "127.0.0.1") -> Term:
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, known_hosts=None,
        client_keys=[key or key_for(name)] if password is None else None,
        password=password, agent_path=None, local_addr=(address, 0),
    )
    kwargs: dict[str, Any] = {"encoding": None}
    if term is not None:
        kwargs.update(term_type=term, term_size=size)
    process = await conn.create_process(command, **kwargs)
    return Term(conn, process, size)
