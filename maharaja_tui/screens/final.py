"""Final scoring: the game's final table (its breakdown per player) and the winner."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from maharaja_tui.widgets.segments import COMPONENT_CLASSES, Painter


class FinalScreen(Screen[None]):
    COMPONENT_CLASSES = COMPONENT_CLASSES
    BINDINGS = [Binding("escape,enter", "close", "Back to the map")]

    def __init__(self, adapter: Any, view: Any, seats: list[Any]) -> None:
        super().__init__()
        self.adapter = adapter
        self.view = view
        self.seats = seats
        self.summary = adapter.final_table(view)

    def compose(self) -> ComposeResult:
        with Vertical(id="final-box"):
            yield Static(self.summary.title, classes="screen-title")
            yield DataTable(id="final-table", cursor_type="none", zebra_stripes=True)
            yield Static(id="final-winner")
            yield Static(id="final-notes", classes="dialog-hint")
        yield Footer()

    def on_mount(self) -> None:
        from maharaja_tui.screens.scoring import fill_table

        painter = Painter(self, self.adapter.palette(self.view))
        fill_table(self.query_one(DataTable), self.summary, painter)
        notes = self.summary.notes
        self.query_one("#final-winner", Static).update(painter.lines(notes[:1]))
        self.query_one("#final-notes", Static).update(painter.lines(notes[1:]))

    def action_close(self) -> None:
        self.dismiss(None)
