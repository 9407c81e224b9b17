"""Below the smallest usable terminal, one clear screen says which size the app needs
(``maharaja_tui.minimum_size`` puts it up and takes it away)."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from maharaja_tui.screens.closing import Closing
from maharaja_tui.size_floor import MIN_SIZE


def too_small_text(size: Size) -> str:
    return (f"This terminal is {size.width}×{size.height}; the game needs at least "
            f"{MIN_SIZE.width}×{MIN_SIZE.height}.\nEnlarge the window (or make the font "
            "smaller) and the game comes back as it was.\nctrl+q quits.")


class TooSmallScreen(Closing, Screen[None]):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen #too-small { width: auto; max-width: 100%; height: auto;
                                text-align: center; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        yield Static(too_small_text(self.app.size), id="too-small", markup=False)

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#too-small", Static).update(too_small_text(event.size))

