"""Slowloris on the web port (webguard.py, logflood.py): header timeouts, connections
per address and in all, descriptors kept for SSH, the log not flooded.

Under ``ulimit -n 1024`` 1,100 slow connections took every descriptor: SSH logins
failed, a normal request waited 20.5 s, 168,559 "Too many open files" tracebacks, 75 MB
of log in 40 s."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path

import aiohttp
from sshkit import config, connect, running

from maharaja_server.transport import cli
from maharaja_server.transport.logflood import FloodFilter
from maharaja_server.transport.web import whole_characters
from maharaja_server.transport.webguard import budget


def run(coro) -> None:  # type: ignore[no-untyped-def]
    asyncio.run(asyncio.wait_for(coro, 60))


async def closed_within(reader: asyncio.StreamReader, seconds: float) -> bool:
    """Whether the server closes the connection within ``seconds`` (reading what it says)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            data = await asyncio.wait_for(reader.read(4096), deadline - time.monotonic())
        except TimeoutError:
            return False
        except ConnectionError:
            return True
        if not data:
            return True
    return False


def test_headers_sent_too_slowly_are_cut_off(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, web_port=0, web_header_timeout=0.5),
                           sessions=False) as srv:
            port = srv.web.port
            silent = await asyncio.open_connection("127.0.0.1", port)
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")

            async def trickle() -> None:
                for _ in range(30):  # a byte every 0.1 s: never a whole request
                    await asyncio.sleep(0.1)
                    if writer.is_closing():
                        return
                    try:
                        writer.write(b"X")
                    except (ConnectionError, RuntimeError):
                        return

            trickler = asyncio.create_task(trickle())
            assert await closed_within(reader, 10)
            assert await closed_within(silent[0], 10)
            trickler.cancel()
            for w in (writer, silent[1]):
                w.close()
            assert srv.web.doors.timed_out == 2
            async with aiohttp.ClientSession() as browser:  # a whole request is answered
                async with browser.get(srv.web.public_url + "/") as reply:
                    assert reply.status == 403

    run(scenario())


def test_connections_are_capped_per_address_and_ssh_keeps_its_descriptors(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        cfg = config(tmp_path, web_port=0, web_connections_per_address=3,
                     web_connections=8, web_header_timeout=30.0)
        async with running(cfg) as srv:
            port = srv.web.port
            held = [await asyncio.open_connection("127.0.0.1", port,
                                                  local_addr=("127.0.0.2", 0))
                    for _ in range(3)]
            reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                           local_addr=("127.0.0.2", 0))
            assert await closed_within(reader, 10)  # a fourth from that address
            writer.close()
            for host in range(5):  # up to the total, from other addresses
                held.append(await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(f"127.0.3.{host + 1}", 0)))
            assert not any([await closed_within(r, 0.05) for r, _ in held])
            # All taken (by connections sending no headers): a newcomer takes the place
            # of the longest waiting, and is answered.
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(
                    local_addr=("127.0.4.1", 0))) as browser:
                async with browser.get(srv.web.public_url + "/") as reply:
                    assert reply.status == 403  # the page itself: by join link only
            assert await closed_within(held[0][0], 10)
            assert not any([await closed_within(r, 0.05) for r, _ in held[1:]])
            assert (srv.web.doors.refused, srv.web.doors.evicted) == (1, 1)
            alice = await connect(srv.port, "alice")  # SSH is not held up
            await alice.wait_for("you are alice")
            await alice.close()
            for _, w in held:
                w.close()

    run(scenario())


def test_the_web_page_s_share_of_descriptors_leaves_ssh_its_reserve() -> None:
    # 1024 descriptors: 128 SSH connections, 3 for each of 64 sessions, 64 of our own.
    assert budget(1024, 128, 64, wanted=2000) == 1024 - (128 + 3 * 64 + 64)
    assert budget(1024, 128, 64, wanted=512) == 512
    assert budget(200, 128, 64, wanted=512) == 8  # never none


def test_a_message_repeated_floods_no_log() -> None:
    clock = [0.0]
    lines: list[str] = []

    class Lines(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage())

    handler = Lines()
    handler.addFilter(FloodFilter(burst=5, window=60.0, now=lambda: clock[0]))
    logger = logging.getLogger("maharaja_server.test_flood")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        for n in range(10_000):
            logger.error("socket.accept() out of system resource (%d)", n)
        logger.warning("something else")
        clock[0] += 61
        logger.error("socket.accept() out of system resource (%d)", 10_000)
    finally:
        logger.removeHandler(handler)
    assert len(lines) == 5 + 1 + 1 + 1
    assert "left out of the log for 60 s" in lines[5]
    assert lines[6] == "something else"
    assert lines[7].endswith("(10000) [9994 more like this left out of the log]")


def test_browser_keys_are_cut_at_a_character_never_inside_one() -> None:
    """The input cap cuts bytes; Textual's web driver decodes strictly, and a cut
    character stopped the session's input for good."""
    assert whole_characters("né".encode()[:2]) == b"n"
    assert whole_characters("né".encode()) == "né".encode()


def test_the_log_flood_filter_is_taken_off_when_the_server_stops(
        tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A process that served once (the tests call serve_main in-process) keeps no flood
    filter on the handlers that outlive the server: one left on a test runner's log
    capture silenced 'session ended for ...' in a later test of the same process."""
    seen: list[bool] = []
    root = logging.getLogger()
    handler = logging.NullHandler()
    root.addHandler(handler)

    def serve_once(coro) -> None:  # type: ignore[no-untyped-def]
        coro.close()
        seen.append(any(isinstance(f, FloodFilter) for f in handler.filters))

    monkeypatch.setattr(cli.asyncio, "run", serve_once)
    try:
        assert cli.serve_main(["--data-dir", str(tmp_path / "data"), "--port", "0"]) == 0
    finally:
        root.removeHandler(handler)
    assert seen == [True]  # on while serving
    assert not handler.filters  # off once it stopped
