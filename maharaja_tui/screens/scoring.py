"""City scoring: the game's table of points and payouts, and any decisions that follow it
(Maharaja's reward tiles, chosen in rank order)."""

from __future__ import annotations

from typing import Protocol

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from engine.core.table import Table, held_here
from maharaja_tui.games.base import AnyAdapter, MenuEntry, ScoreTable, entry_key
from maharaja_tui.screens.closing import Closing, on_top, while_open
from maharaja_tui.widgets.action_panel import ActionPanel
from maharaja_tui.widgets.footer import Footer
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles


class ScoredGame(Protocol):
    """What the scoring screen reads of the game screen under it (``GameScreen``): the
    table, the seat it shows, its adapter and colours, its decisions, and the keys it
    lends (undo, redo, the hint), so that the two screens need not import each other."""

    table: Table
    viewer: int | None
    pointed: int | None  # the entry a lesson's step asks for, if any
    adapter: AnyAdapter
    colours: Palette

    @property
    def entries(self) -> list[MenuEntry]: ...

    @property
    def hints_allowed(self) -> bool: ...

    def sync(self) -> None: ...

    def choose(self, entry: MenuEntry) -> None: ...

    def action_hint(self) -> None: ...

    def action_undo(self) -> None: ...

    def action_redo(self) -> None: ...


class ScoringScreen(Closing, RoleStyles, Screen[None]):
    """Stays up while the game's scoring decisions are made; the viewer makes theirs here."""

    # Enter picks a choice when there are some, else closes: priority, because the
    # table or the empty choice list may hold the focus and would swallow it.
    BINDINGS = [Binding("escape", "close", "Back to the map", id="scoring.close"),
                Binding("enter", "enter", "Continue", show=False, priority=True,
                        id="scoring.enter"),
                # Scoring decisions are decisions too: take them back from here.
                Binding("ctrl+z", "undo", "Undo", show=False, id="scoring.undo"),
                Binding("ctrl+y", "redo", "Redo", show=False, id="scoring.redo"),
                # A reward to choose is a decision like any: the hint asks about it here.
                Binding("h", "hint", "Hint", id="scoring.hint")]

    def __init__(self, game: ScoredGame, summary: ScoreTable) -> None:
        super().__init__()
        self.game = game
        self.summary = summary
        self.entries: list[MenuEntry] = []  # the viewer's scoring decisions, when they have one

    def compose(self) -> ComposeResult:
        game = self.game
        track = game.adapter.scoring_track(game.table.view(game.viewer))
        with Vertical(id="scoring-box"):
            yield Static(self.summary.title, id="scoring-title", classes="screen-title")
            # Read, never steered (no cursor): the keys go to the choices below.
            table: DataTable[Text] = DataTable(id="scoring-table", cursor_type="none",
                                               zebra_stripes=True)
            table.can_focus = False
            yield table
            if self.summary.notes:
                yield Static(id="scoring-notes")
            if track is not None:  # the adapter's panel (Maharaja's rewards)
                yield track.widget(game.colours, id=track.id, classes=track.classes)
            yield ActionPanel(self.game.colours, id="scoring-actions")
        yield Footer(compact=True, show_command_palette=False)  # ctrl+p is in F1's keys

    @while_open
    def on_mount(self) -> None:
        fill_table(self.query_one(DataTable), self.summary, Painter(self, self.game.colours))
        if self.summary.notes:
            self.query_one("#scoring-notes", Static).update(
                Painter(self, self.game.colours).lines(self.summary.notes))
        self.game.table.subscribe(self._changed)
        self.refresh_choices()

    def on_unmount(self) -> None:
        self.game.table.unsubscribe(self._changed)  # a closed scoring is not kept alive

    @while_open
    def _changed(self) -> None:
        self.app.call_later(self.refresh_choices)

    @while_open
    def refresh_choices(self) -> None:
        game = self.game
        view = game.table.view(game.viewer)
        to_move = game.table.to_move()
        track = game.adapter.scoring_track(view)
        if track is not None:
            self.query_one(f"#{track.id}").data = track.data  # type: ignore[attr-defined]
        panel = self.query_one(ActionPanel)
        deciding = game.adapter.scoring_decisions(view)
        mine = game.viewer is not None and game.viewer in to_move and deciding
        self.entries = []
        if mine:
            game.sync()
            self.entries = list(game.entries)
            heading = game.adapter.heading(view, game.viewer, to_move)
            panel.show(heading, tuple(e.label for e in self.entries),
                       [entry_key(e) for e in self.entries], at=game.pointed)
            panel.focus_options()
        elif deciding:
            panel.show(game.adapter.heading(view, game.viewer, to_move), ())
        else:
            # The way on is an entry too, for the mouse (Enter goes on from anywhere).
            panel.show(((("Scoring is over — press Enter to go on", "strong"),),),
                       ((("Go on", "strong"), (" (Enter)", "dim")),))

    def on_action_panel_chosen(self, message: ActionPanel.Chosen) -> None:
        message.stop()
        if not self.entries:  # scoring is over: the one entry goes on
            self.dismiss(None)
        elif 0 <= message.index < len(self.entries) and on_top(self):  # see GameScreen
            self.game.choose(self.entries[message.index])

    def action_enter(self) -> None:
        if self.entries:
            self.query_one(ActionPanel).options.action_select()
        else:
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return self.game.hints_allowed
        return True

    def action_hint(self) -> None:
        self.game.action_hint()

    def action_undo(self) -> None:
        """The game screen's undo; said here, where its board is not to be seen."""
        held = held_here(self.game.table)  # a seat on a server is told by its table
        steps = len(held.game.steps) if held is not None else 0
        self.game.action_undo()
        if held is not None and len(held.game.steps) < steps:
            self.notify("Your last decision is taken back", timeout=3)

    def action_redo(self) -> None:
        self.game.action_redo()


def fill_table(table: DataTable[Text], summary: ScoreTable, painter: Painter) -> None:
    """A score table's columns and rows, the ``bold`` column in bold."""
    table.add_columns(*summary.columns)
    for row in summary.rows:
        cells = []
        for n, cell in enumerate(row):
            text = painter.text(cell)
            if n == summary.bold:
                text.stylize(Style(bold=True))
            cells.append(text)
        table.add_row(*cells)
