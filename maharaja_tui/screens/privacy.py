"""Hot seat: an opaque screen between two seats so nobody sees another's plan or PP."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from maharaja_tui.screens.closing import Closing


class PrivacyScreen(Closing, Screen[None]):
    """Covers the whole terminal; the game screen below is redrawn for the next seat."""

    BINDINGS = [Binding("enter", "ready", "I am ready", id="privacy.ready")]

    def __init__(self, seat_title: str, letter: str) -> None:
        super().__init__()
        self.seat_title = seat_title
        self.letter = letter

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box"):
            yield Static(f"Pass to {self.seat_title}", id="privacy-title")
            yield Static(f"[{self.letter}]  press Enter when only {self.seat_title} "
                         "can see the screen", id="privacy-hint", markup=False)

    def action_ready(self) -> None:
        self.dismiss(None)
