"""Final scoring: the breakdown per player (MJ-END-2, the scoring tile) and the winner."""

from __future__ import annotations

from typing import Any

from rich.text import Text
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
        self.summary = adapter.final(view)

    def compose(self) -> ComposeResult:
        with Vertical(id="final-box"):
            yield Static("Final scoring", classes="screen-title")
            yield DataTable(id="final-table", cursor_type="none", zebra_stripes=True)
            yield Static(id="final-winner")
            tile = self.summary.tile
            yield Static(f"Final-scoring tile: {tile}" if tile else "No final-scoring tile",
                         classes="dialog-hint")
        yield Footer()

    def on_mount(self) -> None:
        painter = Painter(self, self.adapter.colours(self.view))
        table = self.query_one(DataTable)
        table.add_columns("Player", "PP in play", "Statues", "Coins", "Cities", "Tile",
                          "Total PP")
        winners = []
        for row in self.summary.rows:
            letter = self.adapter.letter(self.view, row.seat)
            who = painter.text(((letter, f"seat:{row.seat}"),
                                (" " + self.seats[row.seat].name, "")))
            if row.winner:
                who.append(" ★ winner")
                winners.append(f"{letter} {self.seats[row.seat].name}")
            table.add_row(who, str(row.during_play), f"+{row.statues}", f"+{row.coins}",
                          f"+{row.cities}", f"{row.tile:+d}", Text(str(row.total), style="bold"))
        verb = "wins" if len(winners) == 1 else "share the win"
        self.query_one("#final-winner", Static).update(
            Text(f"★ {' and '.join(winners)} {verb}", style="bold"))

    def action_close(self) -> None:
        self.dismiss(None)
