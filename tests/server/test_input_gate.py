"""Issue 14 item 2: a session's input cannot outrun its app and grow its memory.

Typing at the server's input rate on a game screen grew the session process by about
1.7 kB a key, never freed: Textual's input thread scheduled every key on the app's
loop at once, however far behind the app was. The gate makes that thread wait.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

from maharaja_server.inputgate import InputGate

SLOW_APP = """
import asyncio, importlib, sys, time
from textual.app import App
module, name = sys.argv[1].split(":")
driver = getattr(importlib.import_module(module), name)

class Slow(App):
    most = 0
    keys = 0
    def on_key(self, event):
        time.sleep(0.01)  # an app slower than its input: 100 keys/s
        self.keys += 1
        self.most = max(self.most, len(asyncio.all_tasks()))
        if event.key == "q":
            self.exit()

app = Slow(driver_class=driver)
app.run()
open(sys.argv[2], "w").write(f"{app.most} {app.keys}")
"""


class Event:
    """Something with a weak reference, as Textual's events are."""


def test_the_gate_waits_while_its_limit_of_events_is_alive() -> None:
    gate = InputGate(limit=2)
    first, second = Event(), Event()
    assert gate.admit(first) and gate.admit(second)
    stop = threading.Event()
    admitted: list[bool] = []
    waiter = threading.Thread(target=lambda: admitted.append(gate.admit(Event(), stop)))
    waiter.start()
    waiter.join(0.3)
    assert waiter.is_alive() and gate.alive == 2  # full: the input thread waits
    del first
    gc.collect()
    waiter.join(5)
    assert admitted == [True]  # one handled: the next comes in
    stop.set()
    assert gate.alive == 1 and gate.admit(Event(), stop)  # the third one is gone already


def test_the_gate_lets_a_closing_app_go() -> None:
    gate = InputGate(limit=1)
    held = Event()
    assert gate.admit(held)
    stop = threading.Event()
    stop.set()
    assert not gate.admit(Event(), stop)


def test_a_flood_of_keys_stays_bounded_in_a_session_process(tmp_path: Path) -> None:
    """A real pty and Textual's real driver, the session app's driver class, an app
    ten times slower than the keys: what waits in the app's loop stays bounded."""
    from maharaja_server.lobby import SessionApp

    cls = SessionApp(SimpleNamespace(user="x"), {}).driver_class  # type: ignore[arg-type]
    # Gated: the app's own few tasks and at most IN_FLIGHT (64) keys, 7 in a run here;
    # Textual's stock driver let 220 of these 1,000 keys wait at once in the same run.
    assert flood(tmp_path, f"{cls.__module__}:{cls.__qualname__}") < 100


def flood(tmp_path: Path, driver: str) -> int:
    """The most tasks that waited on the app's loop while 1,000 keys came at once."""
    out = tmp_path / "most"
    master, slave = os.openpty()
    child = subprocess.Popen(
        [sys.executable, "-c", SLOW_APP, driver, str(out)],
        stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
        env=dict(os.environ, TERM="xterm-256color"))
    os.close(slave)
    os.set_blocking(master, False)
    drained = threading.Event()
    drawn = threading.Event()

    def drain() -> None:  # the terminal reads what the app draws, as a client would
        while not drained.is_set():
            try:
                if os.read(master, 65536):
                    drawn.set()
            except BlockingIOError:
                time.sleep(0.01)
            except OSError:
                return

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        # The app has started once it draws (was a fixed 3 s). 1,000 keys (was 3,000):
        # ungated, all of them wait as tasks, far above the bound; gated, the backlog
        # the app works through at 100 keys/s before its "q" is 10 s instead of ~35 s.
        drawn.wait(30)
        time.sleep(0.5)  # its first frames done: the keys meet an app that reads them
        for _ in range(100):  # 1,000 keys, as fast as the pty takes them
            try:
                os.write(master, b"x" * 10)
            except BlockingIOError:
                pass  # full: the server drops input here too
            time.sleep(0.002)
        for _ in range(600):
            if child.poll() is not None:
                break
            try:
                os.write(master, b"q")
            except BlockingIOError:
                pass
            time.sleep(0.1)
        child.wait(30)
    finally:
        drained.set()
        if child.poll() is None:
            child.kill()
        os.close(master)
    most, keys = map(int, out.read_text().split())
    assert keys > 50  # the app did get keys
    return most  # ungated, every key waited as a task on the loop


def test_an_idle_sessions_input_thread_sleeps_until_input_comes(monkeypatch) -> None:
    """Issue 15: Textual's input thread polled every 0.1 s, waking each idle session ten
    times a second (1 ms of CPU a second each: 13% of a core at 128 sessions). Ours waits
    for input (IDLE_WAIT at most), polls only while a lone Esc waits for its timeout,
    and ends at once when input is disabled."""
    import selectors

    from maharaja_server import inputgate

    timeouts: list[float | None] = []
    real_select = selectors.SelectSelector.select

    def select(self, timeout=None):
        timeouts.append(timeout)
        return real_select(self, timeout)

    monkeypatch.setattr(selectors.SelectSelector, "select", select)
    keys: list[str] = []
    driver = inputgate.GatedDriver.__new__(inputgate.GatedDriver)
    driver._debug = False
    driver.exit_event = threading.Event()
    driver._key_thread = None
    driver._disable_mouse_support = lambda: None
    driver.process_message = lambda event: keys.append(getattr(event, "key", ""))
    read, write = os.pipe()
    driver.fileno = read
    thread = threading.Thread(target=driver.run_input_thread)
    driver._key_thread = thread
    thread.start()
    deadline = time.monotonic() + 5
    while not timeouts and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # Textual's poll would have woken five times by now
    assert timeouts == [inputgate.IDLE_WAIT]  # asleep, not polling
    os.write(write, b"\x1b")  # a lone Esc: told from a sequence by its timeout
    deadline = time.monotonic() + 5
    while "escape" not in keys and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "escape" in keys and 0.1 in timeouts
    started = time.monotonic()
    driver.disable_input()  # wakes the thread through its pipe
    assert not thread.is_alive() and time.monotonic() - started < inputgate.IDLE_WAIT
    os.close(read)
    os.close(write)


def test_bytes_that_are_not_utf8_never_end_a_session(tmp_path: Path) -> None:
    """A Latin-1 terminal (``\\xe9t`` for "ét") or an 8-bit Meta key sends bytes that are
    not UTF-8: the session's input thread raised on them and the session ended without a
    word. Now they read as U+FFFD and the keys after them still work."""
    import asyncio

    from sshkit import config, connect, running

    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            term = await connect(srv.port, "alice")
            await term.wait_for("you are alice")
            for raw in (b"\xe9t", b"\xff\xfe", b"\xc3", b"(\x80)"):
                term.process.stdin.write(raw)
                await asyncio.sleep(0.2)
            await term.press("n")
            await term.wait_screen("New table")
            assert not term.closed
            await term.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))
