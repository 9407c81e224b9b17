"""A terminal of the benchmarks' own, on Textual's public ``Driver``: when a frame leaves
the app.

Textual hands each frame to its driver's ``write``, as the terminal's bytes, once it
has rendered them; a headless run never turns a frame into bytes, and so says nothing
of when one is ready. ``frame_driver(seen)`` makes a driver that writes nowhere and
calls ``seen(app)`` at each frame, before the bytes would cross a pty (a real terminal
adds that: ``terminal.py`` measures it). An app runs on it as it would in a terminal of
``size``, set by ``app.driver_class`` (a public attribute) and run with
``headless=False``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.app import App
from textual.driver import Driver
from textual.geometry import Size

SIZE = (80, 24)


def frame_driver(seen: Callable[[App[Any]], None]) -> type[Driver]:
    """A driver class that calls ``seen(app)`` whenever the app writes a frame."""

    class FrameDriver(Driver):
        def __init__(self, app: App[Any], *, debug: bool = False, mouse: bool = True,
                     size: tuple[int, int] | None = None) -> None:
            super().__init__(app, debug=debug, mouse=mouse, size=size)
            self.app = app
            self.size = Size(*(size or SIZE))

        def write(self, data: str) -> None:
            if data:
                seen(self.app)

        def start_application_mode(self) -> None:
            # the terminal's size, as a terminal driver reports it when it starts
            self.send_message(events.Resize(self.size, self.size))

        def disable_input(self) -> None:
            """No input but the keys a test pilot presses."""

        def stop_application_mode(self) -> None:
            """Nothing to restore: no terminal was changed."""

    return FrameDriver
