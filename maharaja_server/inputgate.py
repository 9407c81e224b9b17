"""Backpressure on a session's input: at most so many key and mouse events in flight.

Textual's input thread turns every byte it reads into an event and schedules it on
the app's loop at once, however far behind the app is. Typing at the server's input
rate (2 KiB/s) on a game screen outran the app on a busy host, so the loop's queue
grew by about 1.7 kB a key and never shrank (issue 14 item 2). Here the input
thread waits while ``limit`` events are still alive (an event is freed once every
handler is done with it); meanwhile the pty fills and the server drops the excess
(ssh.py), so a fast typist costs time, never memory.
"""

from __future__ import annotations

import gc
import os
import selectors
import threading
import weakref
from codecs import getincrementaldecoder
from typing import Any

from textual import events
from textual._loop import loop_last
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

IN_FLIGHT = 64  # events read but not yet handled; a person types far fewer ahead
IDLE_WAIT = 5.0  # seconds the input thread sleeps with no input (the pipe wakes it sooner)


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


class GatedDriver(LinuxDriver):
    """Textual's Linux driver whose input thread waits for the app to catch up."""

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
        """Textual's (8.2.8), but an idle session's thread sleeps until input comes: the
        0.1 s poll it had woke every session ten times a second for nothing (1 ms of CPU
        a second each, 13% of a core at 128 sessions; issue 15). It still polls while an
        escape sequence is half read (a lone Esc is told by its timeout), and
        ``disable_input`` wakes it through a pipe to end it (IDLE_WAIT bounds the wait
        should that come before the pipe is made)."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        wake, self._wake = os.pipe()
        selector.register(wake, selectors.EVENT_READ)
        fileno = self.fileno
        parser = XTermParser(self._debug)
        # Bytes that are not UTF-8 (a Latin-1 terminal, an 8-bit Meta key) become U+FFFD:
        # a strict decoder raised in this thread and ended the session without a word.
        decode = getincrementaldecoder("utf-8")("replace").decode

        def process(selected: list[tuple[selectors.SelectorKey, int]],
                    final: bool = False) -> None:
            for last, (key, mask) in loop_last(selected):
                if key.fd == fileno and mask & selectors.EVENT_READ:
                    data = decode(os.read(fileno, 1024 * 4), final=final and last)
                    if not data:
                        break
                    for event in parser.feed(data):
                        self.process_message(event)
            for event in parser.tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                waiting = parser._timeout_time is not None  # a sequence half read
                process(selector.select(0.1 if waiting else IDLE_WAIT))
            selector.unregister(fileno)
            process(selector.select(0.1), final=True)
        finally:
            selector.close()
            write, self._wake = self._wake, None
            for end in (wake, write):
                os.close(end)
            try:
                for _event in parser.feed(""):
                    pass
            except (EOFError, ParseError):
                pass

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
