"""What the app and the server's session UI rely on in Textual beyond its public API.

Textual documents its apps, screens, widgets and drivers' public methods; where we need
more, it is here and nowhere else, each use with why it is worth it, so that an upgrade
of Textual means rechecking this module. ``tests/test_textual_compat.py`` checks each
use against the installed Textual and fails naming what to recheck; no use replaces a
method of a Textual class (each one is an instance's, or a subclass's of ours).

- ``read_input``: a session's input thread. Textual has no public parser of a
  terminal's keys and mouse (``XTermParser``), and its drivers' input loop polls every
  0.1 s: each idle SSH session woke ten times a second (1 ms of CPU a second each, 13% of
  a core at 128 sessions). This loop, Textual's own otherwise (``LinuxDriver.
  run_input_thread``), sleeps while no input comes.
"""

from __future__ import annotations

import math
import os
import selectors
import threading
import time
from codecs import getincrementaldecoder
from collections.abc import Callable

from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.message import Message

IDLE_WAIT = 5.0  # seconds the input thread sleeps with no input (its wake pipe ends it sooner)
SETTLING = 0.5  # seconds after input when it still polls: a lone Esc is told by a timeout
POLL = 0.1  # Textual's poll while input may be half read


def read_input(fileno: int, stop: threading.Event, wake: int,
               deliver: Callable[[Message], None], debug: bool = False) -> None:
    """Read the terminal ``fileno`` and ``deliver`` each event parsed from it until
    ``stop`` is set; ``wake`` (a pipe's reading end, left unread) ends a wait at once.

    Textual's ``LinuxDriver.run_input_thread`` (8.2.8), but for its wait: it polls every
    ``POLL`` seconds for ``SETTLING`` seconds after input came (a lone Esc is told from
    a key's escape sequence by a timeout, which only a later tick tells), and otherwise
    waits for input, ``IDLE_WAIT`` seconds at most. Bytes that are not UTF-8 (a Latin-1
    terminal, an 8-bit Meta key) read as U+FFFD: Textual's strict decoder raised on them
    in this thread, which ended the session without a word."""
    selector = selectors.SelectSelector()
    selector.register(fileno, selectors.EVENT_READ)
    selector.register(wake, selectors.EVENT_READ)
    parser = XTermParser(debug)
    decode = getincrementaldecoder("utf-8")("replace").decode
    last_input = -math.inf

    def process(selected: list[tuple[selectors.SelectorKey, int]],
                final: bool = False) -> None:
        nonlocal last_input
        for index, (key, mask) in enumerate(selected):
            if key.fd == fileno and mask & selectors.EVENT_READ:
                last_input = time.monotonic()
                data = decode(os.read(fileno, 1024 * 4),
                              final=final and index == len(selected) - 1)
                if not data:
                    break
                for event in parser.feed(data):
                    deliver(event)
        for event in parser.tick():
            deliver(event)

    try:
        while not stop.is_set():
            settling = time.monotonic() - last_input < SETTLING
            process(selector.select(POLL if settling else IDLE_WAIT))
        selector.unregister(fileno)
        process(selector.select(POLL), final=True)
    finally:
        selector.close()
        try:
            for _event in parser.feed(""):
                pass
        except (EOFError, ParseError):
            pass
