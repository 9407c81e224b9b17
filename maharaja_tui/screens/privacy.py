"""Hot seat: an opaque screen between two seats so nobody sees another's plan or PP.

Only a key typed once it is up lifts it: one typed before (Enter pressed twice on a
move, a held Enter) was meant for the last player's screen, and would show the next
player's secrets to the one still at the keyboard."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from maharaja_tui.screens.closing import Closing, while_open


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

    _shown_at: float | None = None  # when it mounted, on the clock keys are read by

    @while_open
    def on_mount(self, event: events.Mount) -> None:
        self._shown_at = event.time

    def on_key(self, event: events.Key) -> None:
        if self._shown_at is None or event.time < self._shown_at:  # typed before it was up
            event.stop()
            event.prevent_default()

    def action_ready(self) -> None:
        self.dismiss(None)
