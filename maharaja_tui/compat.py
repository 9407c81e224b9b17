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
- ``parsed_keys``: the events Textual's parser reads in what a terminal sends (the
  tests type bursts of keys as a terminal delivers them with it).
- ``Compositor``, ``ChopsUpdate``, ``LayoutUpdate``, ``dirty_regions``,
  ``use_compositor``, ``compositor_of``, ``rows_shown``: a screen's compositor is what turns its
  widgets into the terminal's updates, and Textual has no public way to choose it. The
  session UI gives its screens one that renders only what an update writes and scrolls
  the log on the terminal (``maharaja_server``'s ``partial_update``): a move on the
  SSH table screen rendered every widget under the whole screen, and wrote the log's
  rows to every client again (more than half of what a session sent a move).
  ``rows_shown`` reads what a screen shows, a strip a row (what the tests read).
- ``SharedParses`` (``share_parses``): an app's stylesheet whose parsed rules are kept
  for every app of the process that shares them. Textual parses each stylesheet source
  (every widget class's DEFAULT_CSS, the .tcss files) per app; an SSH session is a new
  app, forked from the session worker, which has parsed them all drawing a lobby once:
  with its parses kept, a session's start to its lobby runs 15% fewer instructions
  (179M against 210M). The app keeps them on disk for its next start
  (``maharaja_tui.css_cache``): Textual parsed every source 3-4 times before the
  first game frame (79 parses of 22 sources), each ``reparse`` in a fresh stylesheet.
  Textual keeps its own cache of them per stylesheet in ``_parse_rules``, and treats
  the rules as read-only (it hands them out again).
- ``UncaughtErrors``: an app told of its uncaught errors, which then ends without
  Textual's report of them. Textual has no public hook for an error a handler raised: it
  ends the app and prints a traceback with each frame's local variables, and a game's
  state (other seats' secrets) is in those. The app writes the traceback, without them,
  to a log file and shows one line (``maharaja_tui.crashlog``).
- ``hand_on``: a key handed to a widget as Textual hands the keys it reads on (marked
  forwarded). A key typed right after one that moved the focus went to the old focus
  and was lost; the app hands it on to the new one (``keys_follow_focus``).
- ``virtual_node``: a node under a widget, styled by the stylesheet where it stands
  and never mounted, as Textual styles its component classes. The widgets draw the
  game's roles (``.role--money``) with the styles they get there, resolved when first
  drawn (``widgets/segments.py``): as component classes, every role was restyled at
  every style update of every widget, a third of the launch.
- ``lines_up_to_date``: an OptionList's rows laid out for its options, as its own
  ``render_lines`` does first. The choices draw their rows in a frame kept from a row
  Textual drew (``widgets/choices.py``): drawn by Textual's styles cache row by row,
  new choices were 15-20% of an SSH session's CPU a move.
- ``ScrollbarsRedrawThemselves``: a scroll view whose layout does not refresh its
  scrollbars. Textual's refreshed them after every layout of the screen, which came
  after the frame: a second frame after every move in the log (``widgets/move_log.py``).
- ``FOCUS_REPAINTS_NOTHING``: ``Screen.focused`` declared again, as Textual declares it
  but without the repaint of the whole screen at every new focus (the screen's own
  drawing, its background, never shows its focus; the widgets restyle themselves). A
  session's game screen declares it so: with dialogs drawn inside it
  (``widgets/dialog_box.py``), each dialog's focus repainted every row of the terminal
  as it opened and again as it closed (40 KB against a 25 KB frame over SSH). The
  focus's own work is Textual's ``Screen._watch_focused``, unchanged.
- ``compose_key_as_shown``: a footer key given, as it is composed, the compact look it
  takes at its mount (``FooterKey.compact`` and its ``-compact`` class). Textual's
  footer composes its keys with the look's default and has each set it at its mount:
  each key's class changed there and the stylesheet styled the key and its parts again,
  a footer's keys at every rebuild, every game screen's as it opened (a twelfth of an
  SSH session's CPU from its join to its game's first frames).
"""

from __future__ import annotations

import errno
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
from textual.app import App
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.events import Event
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import Reactive
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets._footer import FooterKey
from textual.worker import WorkerFailed

__all__ = ["FOCUS_REPAINTS_NOTHING", "ChopsUpdate", "Compositor", "LayoutUpdate",
           "ScrollbarsRedrawThemselves", "SharedParses", "UncaughtErrors", "compose_key_as_shown",
           "compositor_of",
           "dirty_regions", "hand_on",
           "lines_up_to_date", "parsed_keys", "read_input", "rows_shown", "share_parses",
           "use_compositor", "virtual_node"]

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
    in this thread, which ended the session without a word.

    A terminal that reads empty has been hung up (a pty whose other end closed, as when
    the server holding it is killed, reads empty for ever): that raises ``OSError``
    (EIO), as a terminal failing does. Textual's loop only leaves its inner loop there,
    and so read the hung-up terminal again and again at full speed: a session whose
    server died and whose app was not told otherwise spun so, its process orphaned."""
    # Textual's terminal parser, imported as its terminal drivers import it: when a
    # terminal is read (the app's import, a benchmark, does without it).
    from textual._parser import ParseError
    from textual._xterm_parser import XTermParser

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
                read = os.read(fileno, 1024 * 4)
                if not read and not final:
                    raise OSError(errno.EIO, "the terminal was hung up")
                data = decode(read, final=final and index == len(selected) - 1)
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


def parsed_keys(text: str) -> list[Message]:
    """The events (keys, mouse, paste) Textual's parser reads in ``text``, as a terminal
    sends it."""
    from textual._xterm_parser import XTermParser  # as in read_input

    return list(XTermParser().feed(text))


def use_compositor(screen: Screen[Any], compositor: Compositor) -> None:
    """``screen`` composes its frames with ``compositor`` (before its first layout: a
    screen's compositor holds its layout)."""
    screen._compositor = compositor


def compositor_of(screen: Screen[Any]) -> Compositor:
    return screen._compositor


def rows_shown(screen: Screen[Any]) -> list[Strip]:
    """What ``screen`` shows now, a strip a row: its compositor's rendering of every
    widget on it (``Compositor.render_strips``, which leaves the next update as it was)."""
    return compositor_of(screen).render_strips()


def dirty_regions(compositor: Compositor) -> set[Region]:
    """The screen regions the next update is to repaint: the compositor's own set, which
    an update reads and clears (and a scroll adds to)."""
    return compositor._dirty_regions



class SharedParses(Stylesheet):
    """A stylesheet whose parses are kept for every ``SharedParses`` of the process (see
    the module), keyed by everything a parse reads: the source, where it was read from,
    its flags and the variables (the theme's). ``reparse`` (a theme set, a screen's CSS
    added) parses through a stylesheet of its own class, as ``parse`` does: Textual's
    parses in a fresh ``Stylesheet``, which would parse every source again.

    ``parsed`` may be filled from elsewhere (the app's cache of parses on disk,
    ``maharaja_tui.css_cache``); ``asked`` holds the keys this process has asked for and
    ``made`` counts the parses it could not find."""

    parsed: ClassVar[dict[tuple[Any, ...], list[RuleSet]]] = {}
    asked: ClassVar[set[tuple[Any, ...]]] = set()
    made: ClassVar[int] = 0
    KEEP: ClassVar[int] = 512  # parses kept at most (a start makes about 22)

    def __init__(self, *, variables: dict[str, str] | None = None) -> None:
        super().__init__(variables=variables)
        self._keep_variables(variables or {})

    def set_variables(self, variables: dict[str, str]) -> None:
        super().set_variables(variables)
        self._keep_variables(variables)

    def _keep_variables(self, variables: dict[str, str]) -> None:
        # Keyed by one string, made once a theme: a tuple of its ~170 pairs was hashed
        # and compared pair by pair at every look-up, most of a warm start's parsing.
        self._shared_variables = variables
        self._variables_key = repr(sorted(variables.items()))

    def _parse_rules(self, css: str, read_from: tuple[str, str], is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, self._variables_key)
        self.asked.add(key)
        rules = self.parsed.get(key)
        if rules is None:  # Textual raises on bad CSS: errors are never kept
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            SharedParses.made += 1
            if len(self.parsed) < self.KEEP:
                self.parsed[key] = rules
        return rules

    def reparse(self) -> None:
        """Textual's ``Stylesheet.reparse`` (8.2.8), its fresh stylesheet of this class."""
        stylesheet = type(self)(variables=self._shared_variables)
        for read_from, (css, is_defaults, tie_breaker, scope) in self.source.items():
            stylesheet.add_source(css, read_from=read_from, is_default_css=is_defaults,
                                  tie_breaker=tie_breaker, scope=scope)
        try:
            stylesheet.parse()
        except Exception:
            # As Textual's: this stylesheet's invalid sources are not parsed again.
            self._invalid_css.update(stylesheet._invalid_css)
            raise
        self._rules = stylesheet.rules
        self._rules_map = None
        self.source = stylesheet.source
        self._require_parse = False


def share_parses(app: App[Any], kind: type[SharedParses] = SharedParses) -> None:
    """``app`` (in its ``__init__``, before any source is read) parses through a
    stylesheet of ``kind``."""
    app.stylesheet = kind(variables=app.get_css_variables())


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


def hand_on(widget: Widget, event: Event) -> None:
    """``widget`` gets ``event`` as Textual hands on a key it read (``_forward_event``:
    marked forwarded, so that the app, when it comes back, takes it as read already)."""
    widget._forward_event(event)


def virtual_node(parent: Widget, classes: str) -> DOMNode:
    """A node with ``classes`` under ``parent``, for the stylesheet to style where it
    stands (``Stylesheet.apply``): attached to its parent, never mounted, as Textual
    makes one for each component class (``Stylesheet._process_component_classes``)."""
    node = DOMNode(classes=classes)
    node._attach(parent)
    return node


def compose_key_as_shown(child: Widget, compact: bool) -> None:
    """A widget Textual's ``Footer.compose`` yields, if a key, given the look it takes at
    its mount before it mounts: the footer's own ``compact`` (bound to it by
    ``data_bind``), or compact always for the command palette's key (bound to nothing,
    it keeps the reactive's default, True)."""
    if isinstance(child, FooterKey):
        shown = compact or child.has_class("-command-palette")
        child.set_reactive(FooterKey.compact, shown)
        child.set_class(shown, "-compact", update=False)


def lines_up_to_date(options: OptionList) -> None:
    """``options``' rows laid out for its options and its width (``_update_lines``), as
    ``OptionList.render_lines`` does before it draws them."""
    options._update_lines()


if TYPE_CHECKING:
    _ScrollView = ScrollView
else:
    _ScrollView = object


class ScrollbarsRedrawThemselves(_ScrollView):
    """ScrollView mixin (before ``ScrollView`` in the bases): Textual's
    ``Widget._scroll_update`` (8.2.8), less its scrollbars' refresh. A ScrollView gets
    it at every layout of its screen (the compositor's virtual size for it is never its
    own), and that refresh came after the frame. The scrollbars redraw themselves when
    their sizes or position change (they are reactive)."""

    def _scroll_update(self, virtual_size: Size) -> None:
        self._refresh_scrollbars()
        width, height = self.container_size
        if self.show_vertical_scrollbar and self.styles.scrollbar_size_vertical:
            self.vertical_scrollbar.window_virtual_size = virtual_size.height
            self.vertical_scrollbar.window_size = height - self.scrollbar_size_horizontal
        self.scroll_x = self.validate_scroll_x(self.scroll_x)
        self.scroll_y = self.validate_scroll_y(self.scroll_y)


# Screen.focused as Textual declares it, without the repaint (see the module).
FOCUS_REPAINTS_NOTHING: Reactive[Widget | None] = Reactive(None, repaint=False)
