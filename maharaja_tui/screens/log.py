"""The whole move log on the whole terminal (``l`` on the game screen): grouped by round
and turn, the phases in which nothing happened left out, the newest turn open; the
entries that concern the player marked as the game screen marks them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from maharaja_tui.screens.closing import Closing, while_open
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.footer import Footer
from maharaja_tui.widgets.log_tree import LogTree
from maharaja_tui.widgets.segments import Palette, Segments


class LogScreen(Closing, Screen[None]):
    BINDINGS = [Binding("escape,l", "close", "Back", id="log.close")]
    DEFAULT_CSS = """
    LogScreen #full-log { height: 1fr; }
    """

    def __init__(self, entries: tuple[Segments, ...], flagged: frozenset[int],
                 colours: Palette | None) -> None:
        super().__init__()
        self.entries = entries
        self.flagged = flagged
        self.colours = colours

    def compose(self) -> ComposeResult:
        count = len(self.entries)
        yield Static(f"The log ({count}) · ● concerns you · → or Enter opens a turn, "
                     "← closes it", classes="screen-title")
        yield LogTree(self.entries, self.flagged, self.colours, id="full-log")
        yield Footer(compact=True, show_command_palette=False)  # ctrl+p is in F1's keys

    @while_open
    def on_mount(self) -> None:
        focus_now(self.query_one(LogTree))

    def action_close(self) -> None:
        self.dismiss(None)
