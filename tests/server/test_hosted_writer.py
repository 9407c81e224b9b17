"""A hosted session's output (host.HostedWriter): straight to the terminal while it takes
it, queued in order behind what it has not."""

from __future__ import annotations

import os
import pty
import threading
from typing import Any

from maharaja_server.session_ui import host


def pty_writer() -> tuple[host.HostedWriter, int, list[Any]]:
    master, slave = pty.openpty()
    direct = os.open(os.ttyname(slave), os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
    writer = host.HostedWriter(open(os.dup(slave), "wb"), print, direct)
    os.close(slave)
    puts: list[Any] = []
    real_put = writer._frames.put

    def put(item: Any, *args: Any, **kwargs: Any) -> None:
        puts.append(item)
        real_put(item, *args, **kwargs)

    writer._frames.put = put  # type: ignore[method-assign]
    writer.start()
    return writer, master, puts


def read_all(master: int, size: int) -> bytes:
    got = b""
    while len(got) < size:
        got += os.read(master, 65536)
    return got


def test_frames_the_terminal_takes_go_straight_without_the_thread() -> None:
    """Each frame went through the output thread's queue, and waking that thread cost a
    session about as much as writing the frame. A frame with nothing before it that the
    terminal takes at once is written from the loop; the thread is never woken."""
    writer, master, puts = pty_writer()
    frames = [f"frame {i} é字 " * 20 for i in range(30)]
    try:
        for frame in frames:
            writer.write(frame)
            assert read_all(master, len(frame.encode())) == frame.encode()
        assert puts == []
    finally:
        writer.stop()
        os.close(master)
    assert not writer.is_alive()


def test_what_the_terminal_does_not_take_waits_and_keeps_its_order() -> None:
    """A terminal that is not read fills up: the rest of a frame and the frames after it
    wait in the thread's queue (none overtakes it), and all arrive in order."""
    writer, master, puts = pty_writer()
    frames = [(f"{i:05d}" + "x" * 995).encode() for i in range(400)]  # 400 kB
    data = b"".join(frames)
    try:
        for frame in frames:
            writer.write(frame.decode())
        assert puts  # the pty's buffer is far smaller: some of it waits
        got: list[bytes] = []
        reader = threading.Thread(target=lambda: got.append(read_all(master, len(data))))
        reader.start()
        reader.join(60)
        assert got and got[0] == data
        for frame in frames[:5]:  # drained: straight again
            writer.write(frame.decode())
            assert read_all(master, len(frame)) == frame
    finally:
        writer.stop()
        os.close(master)
