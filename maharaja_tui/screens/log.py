"""The whole move log on the whole terminal (``l`` on the game screen), the entries that
concern the player marked as the game screen marks them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from maharaja_tui.screens.closing import Closing, while_open
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.footer import Footer
from maharaja_tui.widgets.move_log import MoveLog
from maharaja_tui.widgets.segments import Palette, Segments


class LogScreen(Closing, Screen[None]):
    BINDINGS = [Binding("escape,l", "close", "Back", id="log.close")]
    DEFAULT_CSS = """
    LogScreen #full-log { height: 1fr; padding: 0 1; }
    """

    def __init__(self, entries: tuple[Segments, ...], flagged: frozenset[int],
                 colours: Palette | None) -> None:
        super().__init__()
        self.entries = entries
        self.flagged = flagged
        self.colours = colours

    def compose(self) -> ComposeResult:
        count = len(self.entries)
        yield Static(f"The log — {count} entries; ● concerns you (↑ ↓ PgUp PgDn to read)",
                     classes="screen-title")
        yield MoveLog(self.colours, window=max(count, 1), id="full-log")
        yield Footer(compact=True, show_command_palette=False)  # ctrl+p is in F1's keys

    @while_open
    def on_mount(self) -> None:
        log = self.query_one(MoveLog)
        log.flagged = self.flagged
        log.entries = self.entries
        focus_now(log)

    def action_close(self) -> None:
        self.dismiss(None)
