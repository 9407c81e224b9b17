"""A browser's session: the session process on Textual's web driver, bridged to its
websocket.

The process is forked by the session worker as an SSH session's is (each browser
session used to be a fresh interpreter, ~43 MB: one login's 30 websockets took 1.43
GB), in a process of its own (a session host runs terminals on ptys; this one's
terminal is the web driver). A fresh interpreter starts it only while the worker is
down. It speaks the web driver's protocol on a socket pair that is its stdin and
stdout: ``__GANGLION__`` once, then packets of a type byte (``D`` terminal output,
``M`` a JSON meta such as ``{"type": "exit"}``, ``P`` packed data), a 4-byte
big-endian length and the payload; it is sent ``D`` (keys) and ``M`` (resize, quit).
Only the terminal's output reaches the browser: no file leaves the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
from collections.abc import Awaitable, Callable

from aiohttp import web

from maharaja_server.transport.spawn import SessionProcess

log = logging.getLogger("maharaja_server.transport.web")

PRELUDE = b"__GANGLION__\n"
MAX_PACKET = 4 * 1024 * 1024  # a frame is far smaller; more is a broken session
MAX_UNSENT = 64 * 1024  # keys the session has not read yet; more are dropped, not queued
STOP_WAIT = 5.0  # seconds a session has to quit when asked, before it is killed
ENV = {  # what Textual's web driver and its colours read from the environment
    "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
    "TEXTUAL_COLOR_SYSTEM": "truecolor",
    "TERM": "xterm-256color",
    "COLORTERM": "truecolor",
    "TERM_PROGRAM": "textual",
}


class WebSession:
    def __init__(self, websocket: web.WebSocketResponse, drawing: Callable[[], None]) -> None:
        self.websocket = websocket
        self.drawing = drawing  # frees the start gate's slot at the first frame
        self.child: SessionProcess | None = None
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def start(self, spawn: Callable[[int], Awaitable[SessionProcess]]) -> None:
        """Start the session process: ``spawn`` runs it on the descriptor given (its
        stdin and stdout)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self.child = await spawn(theirs.fileno())
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        self._reader, self._writer = await asyncio.open_unix_connection(sock=ours)

    async def pump_out(self) -> None:
        """The session's frames to the browser, until it exits."""
        reader = self._reader
        assert reader is not None
        for _ in range(10):  # anything before the prelude (there should be nothing)
            line = await reader.readline()
            if not line:
                return
            if line == PRELUDE:
                break
        else:
            log.warning("web session said no prelude; closed")
            return
        while True:
            try:
                head = await reader.readexactly(5)
                size = int.from_bytes(head[1:], "big")
                if size > MAX_PACKET:
                    log.warning("web session sent a packet of %d bytes; closed", size)
                    return
                payload = await reader.readexactly(size)
            except (asyncio.IncompleteReadError, ConnectionError):
                return  # the session has ended
            kind = head[:1]
            if kind == b"D":
                self.drawing()
                await self.websocket.send_bytes(payload)
            elif kind == b"M":
                try:
                    meta = json.loads(payload)
                except ValueError:
                    continue
                if isinstance(meta, dict) and meta.get("type") == "exit":
                    return

    def send_keys(self, data: bytes) -> None:
        self._send(b"D", data)

    def resize(self, width: int, height: int) -> None:
        self._meta({"type": "resize", "width": width, "height": height})

    def _meta(self, meta: dict[str, object]) -> None:
        self._send(b"M", json.dumps(meta).encode())

    def _send(self, kind: bytes, payload: bytes) -> None:
        writer = self._writer
        if writer is None or writer.is_closing():
            return
        if writer.transport.get_write_buffer_size() > MAX_UNSENT:
            return  # the session is not reading: drop, as a full pty drops keys
        writer.write(kind + len(payload).to_bytes(4, "big") + payload)

    async def stop(self) -> None:
        """Ask the session to quit; one that has not within seconds is killed."""
        child = self.child
        if child is not None and child.returncode is None:
            self._meta({"type": "quit"})
            try:
                await asyncio.wait_for(child.wait(), STOP_WAIT)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(child.pid, signal.SIGKILL)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(child.wait(), STOP_WAIT)
        if self._writer is not None:
            self._writer.close()
