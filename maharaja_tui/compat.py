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
- ``Compositor``, ``ChopsUpdate``, ``LayoutUpdate``, ``dirty_regions``,
  ``use_compositor``, ``compositor_of``: a screen's compositor is what turns its
  widgets into the terminal's updates, and Textual has no public way to choose it. The
  session UI gives its screens one that renders only what an update writes and scrolls
  the log on the terminal (``maharaja_server``'s ``partial_update``): a move on the
  SSH table screen rendered every widget under the whole screen, and wrote the log's
  rows to every client again (more than half of what a session sent a move).
- ``SharedParses`` (``share_parses``): an app's stylesheet whose parsed rules are kept
  for every app of the process that shares them. Textual parses each stylesheet source
  (every widget class's DEFAULT_CSS, the .tcss files) per app; an SSH session is a new
  app, forked from the session worker, which has parsed them all drawing a lobby once:
  with its parses kept, a session's start to its lobby runs 15% fewer instructions
  (179M against 210M). Textual keeps its own cache of them per stylesheet in
  ``_parse_rules``, and treats the rules as read-only (it hands them out again).
- ``UncaughtErrors``: an app told of its uncaught errors, which then ends without
  Textual's report of them. Textual has no public hook for an error a handler raised: it
  ends the app and prints a traceback with each frame's local variables, and a game's
  state (other seats' secrets) is in those. The app writes the traceback, without them,
  to a log file and shows one line (``maharaja_tui.crashlog``).
"""

from __future__ import annotations

import math
import os
import selectors
import sys
import threading
import time
from codecs import getincrementaldecoder
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.worker import WorkerFailed

__all__ = ["ChopsUpdate", "Compositor", "LayoutUpdate", "SharedParses", "compositor_of",
           "dirty_regions", "read_input", "share_parses", "use_compositor", "UncaughtErrors"]

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


def use_compositor(screen: Screen[Any], compositor: Compositor) -> None:
    """``screen`` composes its frames with ``compositor`` (before its first layout: a
    screen's compositor holds its layout)."""
    screen._compositor = compositor


def compositor_of(screen: Screen[Any]) -> Compositor:
    return screen._compositor


def dirty_regions(compositor: Compositor) -> set[Region]:
    """The screen regions the next update is to repaint: the compositor's own set, which
    an update reads and clears (and a scroll adds to)."""
    return compositor._dirty_regions



class SharedParses(Stylesheet):
    """A stylesheet whose parses are kept for every ``SharedParses`` of the process (see
    the module), keyed by everything a parse reads: the source, where it was read from,
    its flags and the variables (the theme's)."""

    parsed: ClassVar[dict[tuple[Any, ...], list[RuleSet]]] = {}
    KEEP: ClassVar[int] = 512  # parses kept at most (a session's start makes about 20)

    def __init__(self, *, variables: dict[str, str] | None = None) -> None:
        super().__init__(variables=variables)
        self._variables_key = tuple(sorted((variables or {}).items()))

    def set_variables(self, variables: dict[str, str]) -> None:
        super().set_variables(variables)
        self._variables_key = tuple(sorted(variables.items()))

    def _parse_rules(self, css: str, read_from: tuple[str, str], is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, self._variables_key)
        rules = self.parsed.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            if len(self.parsed) < self.KEEP:
                self.parsed[key] = rules
        return rules


def share_parses(app: App[Any]) -> None:
    """``app`` (in its ``__init__``, before any source is read) parses through a
    ``SharedParses``."""
    app.stylesheet = SharedParses(variables=app.get_css_variables())


if TYPE_CHECKING:  # a mixin of App: checked as one, while at run time it adds no base
    _App = App[Any]
else:
    _App = object


class UncaughtErrors(_App):
    """App mixin (before ``App`` in the bases): an error a handler, a timer or a worker
    raises and nobody catches is handed to ``uncaught`` (a worker's own error, not
    Textual's wrapper of it), and the app ends with return code 1 as Textual's would,
    but without its traceback: once the terminal is restored, ``exit_text`` is printed
    to stderr instead, if there is one.

    Textual's ``App._handle_exception`` (8.2.8) but for its report (``_fatal_error``'s
    traceback, ``panic`` for an error that renders itself), and its
    ``_print_error_renderables``, which prints what those left."""

    def uncaught(self, error: BaseException) -> None:
        """An uncaught error; the app ends after it."""

    def exit_text(self) -> str | None:
        """What to print on stderr once the app has ended (None: nothing)."""
        return None

    def _handle_exception(self, error: Exception) -> None:
        self.uncaught(error.error if isinstance(error, WorkerFailed) else error)
        self._return_code = 1
        if self._exception is None:  # a test's pilot raises it again when it ends
            self._exception = error
            self._exception_event.set()
        self._close_messages_no_wait()

    def _print_error_renderables(self) -> None:
        self._exit_renderables.clear()
        text = self.exit_text()
        if text is not None:
            sys.stderr.write(text + "\n")
            sys.stderr.flush()
