"""The terminal's title, set by a session (``Maharaja — your move at table 12``).

Written through the session's own driver, in order with everything else it writes
(never between the bytes of a frame). A driver of ours tells its app it is there as it
is made; Textual names no public way from an app to its driver.
"""

from __future__ import annotations

from typing import Any

from textual.drivers.web_driver import WebDriver

CONTROL = dict.fromkeys(range(32), None) | {127: None}


def title_sequence(text: str) -> str:
    """OSC 2 (the window title), ended by ST; control characters left out."""
    return f"\x1b]2;{text.translate(CONTROL)}\x1b\\"


class Titled:
    """A driver mixin: its app may set the terminal's title."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)  # type: ignore[call-arg]  # the driver's
        ready = getattr(app, "driver_ready", None)
        if ready is not None:
            ready(self)

    def set_title(self, text: str) -> None:
        self.write(title_sequence(text))  # type: ignore[attr-defined]


class TitledWebDriver(Titled, WebDriver):
    """Textual's web driver (a browser session), titled: the page's terminal is told."""
