"""City scoring: each player's cult points by source, the ranking, coins, rewards in rank order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from maharaja_tui.games.maharaja import ScoringSummary
from maharaja_tui.widgets.action_panel import ActionPanel
from maharaja_tui.widgets.reward_track import RewardTrack
from maharaja_tui.widgets.segments import COMPONENT_CLASSES, Painter

if TYPE_CHECKING:
    from maharaja_tui.screens.game import GameScreen


class ScoringScreen(Screen[None]):
    """Stays up while reward tiles are chosen; the viewer picks theirs here."""

    COMPONENT_CLASSES = COMPONENT_CLASSES
    BINDINGS = [Binding("escape", "close", "Back to the map"),
                Binding("enter", "close", "Continue", show=False)]

    def __init__(self, game: GameScreen, summary: ScoringSummary) -> None:
        super().__init__()
        self.game = game
        self.summary = summary
        self.entries: list = []  # the viewer's reward decisions, when they have one

    def compose(self) -> ComposeResult:
        adapter = self.game.adapter
        with Vertical(id="scoring-box"):
            yield Static(f"Round {self.summary.round}: {adapter.place_name(self.summary.city)} "
                         "is scored", id="scoring-title", classes="screen-title")
            yield DataTable(id="scoring-table", cursor_type="none", zebra_stripes=True)
            yield RewardTrack(self.game.colours, id="scoring-rewards")
            yield ActionPanel(self.game.colours, id="scoring-actions")
        yield Footer()

    def on_mount(self) -> None:
        painter = Painter(self, self.game.colours)
        view = self.game.table.view(None)
        table = self.query_one(DataTable)
        table.add_columns("Rank", "Player", "Statues", "Shrines", "Priest", "Character",
                          "CP", "Coins")
        for row in self.summary.rows:
            who = painter.text(((self.game.adapter.letter(view, row.seat), f"seat:{row.seat}"),
                                (" " + self.game.table.seats[row.seat].name, "")))
            table.add_row(str(row.rank) if row.rank else "–", who, str(row.statues),
                          str(row.shrines), str(row.priest), str(row.character),
                          Text(str(row.total), style="bold"), f"+{row.coins}")
        self.game.table.subscribe(self._changed)
        self.refresh_choices()

    def _changed(self) -> None:
        if self.is_attached:
            self.app.call_later(self.refresh_choices)

    def refresh_choices(self) -> None:
        game = self.game
        if not self.is_attached:
            return
        view = game.table.view(game.viewer)
        to_move = game.table.to_move()
        self.query_one(RewardTrack).data = game.adapter.reward_track(view)
        panel = self.query_one(ActionPanel)
        mine = game.viewer is not None and game.viewer in to_move and bool(view.pending)
        self.entries = []
        if mine:
            game.sync()
            self.entries = list(game.entries)
            heading = game.adapter.heading(view, game.viewer, to_move)
            panel.show(heading, tuple(e.label for e in self.entries))
            panel.focus_options()
        elif view.pending:
            panel.show(game.adapter.heading(view, game.viewer, to_move), ())
        else:
            panel.show(((("Scoring is over — press Enter to go on", "strong"),),), ())

    def on_action_panel_chosen(self, message: ActionPanel.Chosen) -> None:
        message.stop()
        if 0 <= message.index < len(self.entries):
            self.game.choose(self.entries[message.index])

    def action_close(self) -> None:
        self.dismiss(None)
