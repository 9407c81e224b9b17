"""Below the smallest usable terminal, one clear screen says which size the app needs
(``maharaja_tui.minimum_size`` puts it up and takes it away)."""

from __future__ import annotations

import textwrap

from textual import events
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from maharaja_tui.screens.closing import Closing
from maharaja_tui.size_floor import MIN_SIZE


def too_small_text(size: Size) -> str:
    """The message, as much of it as the terminal shows: the whole when it fits, else
    the size needed and how to quit, else the size needed alone."""
    need = f"{MIN_SIZE.width}×{MIN_SIZE.height}"
    full = (f"This terminal is {size.width}×{size.height}; the game needs at least "
            f"{need}.\nEnlarge the window (or make the font smaller) and the game comes "
            "back as it was.\nctrl+q quits.")
    short = f"The game needs {need} · ctrl+q quits"
    for text in (full, short):
        if _fits(text, size):
            return text
    return need


def _fits(text: str, size: Size) -> bool:
    width = max(size.width, 1)
    lines = sum(len(textwrap.wrap(line, width, break_long_words=False) or [""])
                for line in text.split("\n"))
    longest = max(len(word) for word in text.split())
    return lines <= size.height and longest <= width


class TooSmallScreen(Closing, Screen[None]):
    DEFAULT_CSS = """
    /* Never a scroll bar: at 1×1 one came and went at every layout, a busy loop. */
    TooSmallScreen { align: center middle; overflow: hidden; }
    TooSmallScreen #too-small { width: auto; max-width: 100%; height: auto;
                                text-align: center; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        yield Static(too_small_text(self.app.size), id="too-small", markup=False)

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#too-small", Static).update(too_small_text(event.size))

