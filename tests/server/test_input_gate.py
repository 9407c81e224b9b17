"""A session's input cannot outrun its app and grow its memory.

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
from typing import Any

from maharaja_server.session_ui.inputgate import InputGate
from maharaja_tui import compat

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
    from maharaja_server.session_ui.lobby import SessionApp

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


def wakeups(thread: threading.Thread) -> int:
    """How often ``thread`` has slept and been woken (the kernel's count)."""
    status = Path(f"/proc/self/task/{thread.native_id}/status").read_text()
    return int(status.split("voluntary_ctxt_switches:")[1].split()[0])


def test_an_idle_sessions_input_thread_sleeps_until_input_comes() -> None:
    """Textual's input thread polled every 0.1 s, waking each idle session ten times a
    second (1 ms of CPU a second each: 13% of a core at 128 sessions). A session's input
    thread now sleeps while no input comes; a lone Esc (told from a key's escape
    sequence by a timeout) still arrives, and the session ends at once when asked."""
    import asyncio

    from fake_ruleset import RULESET

    from maharaja_server.session_ui.host import HostedDriver
    from maharaja_server.session_ui.lobby import SessionApp
    from maharaja_server.session_ui.zygote import _Rehearsal

    keys: list[str] = []

    class Session(SessionApp):
        def on_key(self, event: Any) -> None:
            keys.append(event.key)

    master, slave = os.openpty()
    os.set_blocking(master, False)
    app = Session(_Rehearsal({"fake": RULESET}), {"fake": RULESET},  # type: ignore[arg-type]
                  terminal=slave, driver_class=HostedDriver)
    seen: dict[str, float] = {}

    async def drain() -> None:  # the terminal reads what the app draws
        while True:
            try:
                os.read(master, 65536)
            except BlockingIOError:
                pass
            await asyncio.sleep(0.02)

    async def scenario() -> None:
        reader = asyncio.create_task(drain())
        running = asyncio.create_task(app.run_async())
        for _ in range(300):
            input_thread = next((t for t in threading.enumerate()
                                 if t.name == "textual-input"), None)
            if input_thread is not None and app.screen_stack:
                break
            await asyncio.sleep(0.02)
        assert input_thread is not None
        await asyncio.sleep(1.0)  # settled: its first frames drawn, no input
        before = wakeups(input_thread)
        await asyncio.sleep(1.5)  # Textual's poll wakes 15 times meanwhile
        seen["idle wakeups"] = wakeups(input_thread) - before
        os.write(master, b"\x1b")
        for _ in range(250):
            if "escape" in keys:
                break
            await asyncio.sleep(0.02)
        started = time.monotonic()
        app.exit()
        await asyncio.wait_for(running, 30)
        seen["ending"] = time.monotonic() - started
        reader.cancel()

    try:
        asyncio.run(scenario())
    finally:
        os.close(master)
        os.close(slave)
    assert seen["idle wakeups"] <= 3, seen
    assert "escape" in keys
    assert seen["ending"] < compat.IDLE_WAIT, seen  # woken, not waiting out its sleep


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
