"""The asyncssh behaviour maharaja_server.transport.asyncssh_compat relies on, checked against the
installed asyncssh: a failure names what to recheck there after an upgrade."""

from __future__ import annotations

import asyncio
import inspect
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncssh

from maharaja_server.transport import asyncssh_compat

RECHECK = ("asyncssh {version}: recheck maharaja_server/transport/asyncssh_compat.py "
           "(send_no_ignore_packets): {what}")
CONTEXT = re.compile(r"^\[conn=(\d+)")


class Packets(logging.Handler):
    """The packets each connection received, by connection number, from asyncssh's own
    debug log (``set_debug_level(3)`` logs every packet); and the client's numbers."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.received: dict[int, list[str]] = {}
        self.clients: set[int] = set()

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        found = CONTEXT.match(message)
        if found is None:
            return
        conn = int(found.group(1))
        text = message[message.index("]") + 2:]
        if text.startswith("Connected to SSH server"):
            self.clients.add(conn)
        elif text.startswith("Received "):
            self.received.setdefault(conn, []).append(text.split()[1])

    def ignores_to_clients(self) -> int:
        return sum(self.received.get(conn, []).count("MSG_IGNORE") for conn in self.clients)


@contextmanager
def packets_logged() -> Iterator[Packets]:
    logger = logging.getLogger("asyncssh")
    handler, level = Packets(), logger.level
    logger.addHandler(handler)
    asyncssh.set_log_level(logging.DEBUG)
    asyncssh.set_debug_level(3)
    try:
        yield handler
    finally:
        asyncssh.set_debug_level(1)
        logger.setLevel(level)
        logger.removeHandler(handler)


async def one_session(wrapped: bool) -> None:
    """A bare asyncssh server (``wrapped``: its connections through the compat module)
    draws a few frames to a client."""

    class Server(asyncssh.SSHServer):
        def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
            if wrapped:
                asyncssh_compat.send_no_ignore_packets(conn)

        def begin_auth(self, username: str) -> bool:
            return False

    async def session(process: asyncssh.SSHServerProcess[bytes]) -> None:
        for frame in range(5):
            process.stdout.write(b"frame %d\r\n" % frame)
            await asyncio.sleep(0.01)
        process.exit(0)

    key = asyncssh.generate_private_key("ssh-ed25519")
    server = await asyncssh.create_server(Server, "127.0.0.1", 0, server_host_keys=[key],
                                          process_factory=session, encoding=None,
                                          encryption_algs=["aes128-gcm@openssh.com"])
    port = server.sockets[0].getsockname()[1]
    try:
        async with asyncssh.connect("127.0.0.1", port, username="u", known_hosts=None,
                                    agent_path=None, client_keys=None) as conn:
            await conn.run("frames", encoding=None)
    finally:
        server.close()


def test_asyncssh_sends_an_ignore_packet_before_each_packet() -> None:
    """Why the wrapper is there: without it, the client receives an empty ignore packet
    before the server's packets. If this fails, the wrapper does nothing any more."""
    with packets_logged() as seen:
        asyncio.run(one_session(wrapped=False))
    assert seen.clients, RECHECK.format(version=asyncssh.__version__,
                                        what="its debug log no longer says which "
                                             "connection is a client")
    assert seen.ignores_to_clients() >= 5, RECHECK.format(
        version=asyncssh.__version__,
        what="it no longer sends an empty SSH_MSG_IGNORE before each packet: the "
             "wrapper can go")


def test_no_ignore_packet_reaches_a_client_of_a_wrapped_connection() -> None:
    with packets_logged() as seen:
        asyncio.run(one_session(wrapped=True))
    frames = sum(seen.received.get(conn, []).count("MSG_CHANNEL_DATA")
                 for conn in seen.clients)
    assert frames >= 5, "the client's packets are not counted: the log is not watched"
    assert seen.ignores_to_clients() == 0, RECHECK.format(
        version=asyncssh.__version__,
        what="a connection's send_packet no longer carries every packet it sends")


def test_send_packet_takes_what_the_wrapper_passes_on() -> None:
    parameters = inspect.signature(asyncssh.SSHServerConnection.send_packet).parameters
    kinds = [(p.name, p.kind) for p in parameters.values()]
    assert kinds[:3] == [("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
                         ("pkttype", inspect.Parameter.POSITIONAL_OR_KEYWORD),
                         ("args", inspect.Parameter.VAR_POSITIONAL)], RECHECK.format(
        version=asyncssh.__version__, what=f"send_packet's parameters are now {kinds}")


def test_a_game_session_brings_its_client_no_ignore_packets(tmp_path: Path) -> None:
    """The server's own connections are wrapped: a login and the lobby's frames bring
    the client none."""
    from sshkit import config, connect, running

    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            term = await connect(srv.port, "ann")
            await term.wait_for(r"Maharaja server")
            term.process.stdin.write(b"?")  # a key, and what the lobby draws for it
            await asyncio.sleep(0.3)
            await term.close()

    with packets_logged() as seen:
        asyncio.run(scenario())
    assert seen.clients and any(seen.received.get(c) for c in seen.clients)
    assert seen.ignores_to_clients() == 0

