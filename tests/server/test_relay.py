"""The server's relay from a session's pty to its SSH channel: each write to
the channel is an encrypted packet and a send, so a redraw the pty hands out in pieces
(at most ~4 KiB a read) goes out as one write; and a client that stops reading stops
the relay until its window opens again (the session waits, not the server's memory)."""

from __future__ import annotations

import asyncio
import os
import select
import tty
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from task_count import tasks_made

from maharaja_server.transport import ssh

PIECES = [b"a" * 4095, b"b" * 4095, b"c" * 810]  # how a pty hands out a 9000-byte redraw


class ScriptedPty:
    """What ``os.read`` returns on the pty, one entry a call (an exception is raised); a
    pipe holding a byte stands in for the pty's descriptor, so it is always readable."""

    def __init__(self, script: list[object]) -> None:
        self.script = list(script)
        self.reads = 0
        self.read_fd, self.write_fd = os.pipe()
        os.write(self.write_fd, b"x")

    def read(self, fd: int, size: int) -> bytes:
        assert fd == self.read_fd
        self.reads += 1
        step = self.script.pop(0) if self.script else BlockingIOError
        if isinstance(step, type) and issubclass(step, BaseException):
            raise step()
        assert isinstance(step, bytes)
        return step

    def close(self) -> None:
        os.close(self.read_fd)
        os.close(self.write_fd)


class Channel:
    """The SSH process's stdout as the relay uses it: writes, buffer size and drain."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.buffered = 0
        self.window = asyncio.Event()
        self.window.set()
        self.stdout = SimpleNamespace(write=self.writes.append, drain=self.drain)
        self.channel = SimpleNamespace(get_write_buffer_size=lambda: self.buffered)

    async def drain(self) -> None:
        await self.window.wait()


@pytest.fixture
def pty(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedPty]:
    fake = ScriptedPty([])
    monkeypatch.setattr(ssh, "os", SimpleNamespace(read=fake.read))
    yield fake
    fake.close()


def pump(pty: ScriptedPty, channel: Channel) -> asyncio.Future[None]:
    runner = ssh.SessionRunner.__new__(ssh.SessionRunner)
    return asyncio.ensure_future(runner._pump_out(pty.read_fd, channel, lambda: None))


def test_a_redraw_read_in_pieces_is_one_channel_write(pty: ScriptedPty) -> None:
    pty.script = [*PIECES, BlockingIOError, b""]  # one redraw, then the child's end

    async def run() -> list[bytes]:
        channel = Channel()
        await asyncio.wait_for(pump(pty, channel), 5)
        return channel.writes

    assert asyncio.run(run()) == [b"".join(PIECES)]


def test_a_closed_terminal_ends_the_relay_after_what_it_held(pty: ScriptedPty) -> None:
    pty.script = [b"last words", OSError, OSError]  # EIO on Linux once the child has gone

    async def run() -> list[bytes]:
        channel = Channel()
        await asyncio.wait_for(pump(pty, channel), 5)
        return channel.writes

    assert asyncio.run(run()) == [b"last words"]


def test_a_client_that_stops_reading_stops_the_relay_until_its_window_opens(
        pty: ScriptedPty) -> None:
    pty.script = [b"frame 1", BlockingIOError, b"frame 2", BlockingIOError, b""]

    async def run() -> None:
        channel = Channel()
        channel.buffered = 70_000  # the client's window is full: this write waits
        channel.window.clear()
        relay = pump(pty, channel)
        for _ in range(100):
            if channel.writes:
                break
            await asyncio.sleep(0)
        assert channel.writes == [b"frame 1"]
        reads = pty.reads
        for _ in range(20):  # the pty stays readable all along
            await asyncio.sleep(0)
        assert pty.reads == reads  # nothing more is read while the client does not read
        channel.buffered = 0
        channel.window.set()
        await asyncio.wait_for(relay, 5)
        assert channel.writes == [b"frame 1", b"frame 2"]

    asyncio.run(run())


def test_a_channel_that_refuses_a_write_ends_the_relay_with_its_error(
        pty: ScriptedPty) -> None:
    pty.script = [b"frame", BlockingIOError]

    async def run() -> None:
        channel = Channel()

        def closed(data: bytes) -> None:
            raise BrokenPipeError("Channel not open for sending")

        channel.stdout.write = closed
        with pytest.raises(BrokenPipeError):
            await asyncio.wait_for(pump(pty, channel), 5)

    asyncio.run(run())


def test_input_is_relayed_to_the_pty_without_a_task_per_read() -> None:
    keys = [b"\r", b"a", b"\x1b[B", b""]  # the client's reads, then its end

    async def run() -> tuple[int, bytes]:
        async def read(size: int) -> bytes:
            await asyncio.sleep(0)
            return keys.pop(0)

        master, slave = os.openpty()
        try:
            tty.setraw(slave)  # the keys as typed (a session's app reads its terminal raw)
            os.set_blocking(master, False)
            runner = ssh.SessionRunner.__new__(ssh.SessionRunner)
            runner.input_rate, runner.input_burst, runner.idle_timeout = 1000.0, 1000.0, 60.0
            process = SimpleNamespace(stdin=SimpleNamespace(read=read))
            with tasks_made(asyncio.get_running_loop()) as made:
                await runner._pump_in(process, master)
            typed = b""
            while len(typed) < 5 and select.select([slave], [], [], 5)[0]:
                typed += os.read(slave, 100)
            return made[0], typed
        finally:
            os.close(master)
            os.close(slave)

    made, typed = asyncio.run(run())
    assert made == 0
    assert typed == b"\ra\x1b[B"


# OpenSSH's default order (`ssh -G HOST`'s ciphers line).
OPENSSH_CIPHERS = ["chacha20-poly1305@openssh.com", "aes128-ctr", "aes192-ctr", "aes256-ctr",
                   "aes128-gcm@openssh.com", "aes256-gcm@openssh.com"]


@pytest.mark.parametrize(("client", "expected"), [
    (OPENSSH_CIPHERS, "aes128-ctr"),  # OpenSSH's default preference
    (None, "aes256-gcm@openssh.com"),  # asyncssh's (the load test's)
])
def test_the_server_negotiates_no_chacha20_whatever_the_client_prefers(
        client: list[str] | None, expected: str) -> None:
    import asyncssh

    class Open(asyncssh.SSHServer):
        def begin_auth(self, username: str) -> bool:
            return False

    async def run() -> tuple[str, str]:
        key = asyncssh.generate_private_key("ssh-ed25519")
        server = await asyncssh.create_server(Open, "127.0.0.1", 0, server_host_keys=[key],
                                              **ssh.options())
        port = server.sockets[0].getsockname()[1]
        try:
            async with asyncssh.connect(
                    "127.0.0.1", port, username="u", known_hosts=None, agent_path=None,
                    client_keys=None, **({"encryption_algs": client} if client else {})
                    ) as conn:
                return conn.get_extra_info("send_cipher"), conn.get_extra_info("recv_cipher")
        finally:
            server.close()

    assert asyncio.run(run()) == (expected, expected)
