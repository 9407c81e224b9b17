"""Backpressure on a session's input: at most so many key and mouse events in flight.

Textual's input thread turns every byte it reads into an event and schedules it on
the app's loop at once, however far behind the app is. Typing at the server's input
rate (2 KiB/s) on a game screen outran the app on a busy host, so the loop's queue
grew by about 1.7 kB a key and never shrank. Here the input
thread waits while ``limit`` events are still alive (an event is freed once every
handler is done with it); meanwhile the pty fills and the server drops the excess
(ssh.py), so a fast typist costs time, never memory.
"""

from __future__ import annotations

import gc
import os
import threading
import weakref
from typing import Any

from textual import events
from textual.drivers.linux_driver import LinuxDriver

from maharaja_server.session_ui.title import Titled
from maharaja_tui.compat import read_input

IN_FLIGHT = 64  # events read but not yet handled; a person types far fewer ahead


class InputGate:
    """Counts live events; ``admit`` waits while ``limit`` of them are alive."""

    def __init__(self, limit: int = IN_FLIGHT) -> None:
        self.limit = limit
        self.alive = 0
        self.most = 0  # the largest number ever in flight (for tests and load figures)
        self._cond = threading.Condition()

    def admit(self, event: Any, stop: threading.Event | None = None) -> bool:
        """Wait for room, then count ``event`` until it is freed; False if ``stop`` is set
        while waiting (the app is closing: the event is dropped)."""
        with self._cond:
            waits = 0
            while self.alive >= self.limit:
                if stop is not None and stop.is_set():
                    return False
                self._cond.wait(0.1)
                waits += 1
                if waits % 10 == 0:  # events caught in a reference cycle: free them
                    gc.collect()
            self.alive += 1
            self.most = max(self.most, self.alive)
        weakref.finalize(event, self._freed)
        return True

    def _freed(self) -> None:
        with self._cond:
            self.alive -= 1
            self._cond.notify()


class GatedDriver(Titled, LinuxDriver):
    """Textual's Linux driver whose input thread waits for the app to catch up (and
    that sets the terminal's title for its app)."""

    gate = InputGate()
    _wake: int | None = None  # the input thread's wake-up pipe (its writing end)

    def send_message(self, message: Any) -> None:
        # Only the input thread's events wait: the loop's own (a resize from SIGWINCH)
        # must never block the thread that frees the slots.
        if isinstance(message, (events.InputEvent, events.Paste)) and \
                threading.current_thread() is not threading.main_thread():
            if not self.gate.admit(message, self.exit_event):
                return
        super().send_message(message)

    def run_input_thread(self) -> None:
        """Textual's input thread, but an idle session's sleeps until input comes
        (``compat.read_input``); a terminal that fails (EIO: hung up) is ``input_ended``."""
        wake, self._wake = os.pipe()
        try:
            read_input(self.fileno, self.exit_event, wake, self.process_message)
        except OSError as error:
            self.input_ended(error)
        finally:
            write, self._wake = self._wake, None
            for end in (wake, write):
                if end is not None:
                    os.close(end)

    def input_ended(self, error: OSError) -> None:
        """The terminal failed: as with Textual's driver, the app ends with the error."""
        raise error

    def disable_input(self) -> None:
        # Wake the input thread (it may be waiting with no timeout): it sees the exit
        # event Textual's disable_input sets next, and ends. The pipe is left unread,
        # so the thread cannot fall asleep again before that.
        if self._wake is not None:
            try:
                os.write(self._wake, b"x")
            except OSError:
                pass  # the thread has ended and closed it
        super().disable_input()
