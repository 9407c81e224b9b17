"""Final scoring: the game's final table (its breakdown per player) and the winner, then
the game's story: each player's score round by round as a chart, and
where the points came from, by source, as the events credited them."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static, TabbedContent, TabPane

from engine.core.story import Story
from maharaja_tui.screens.closing import Closing, while_open
from maharaja_tui.screens.scoring import fill_table
from maharaja_tui.widgets.footer import Footer
from maharaja_tui.widgets.line_chart import ChartData, Line, LineChart
from maharaja_tui.widgets.segments import Painter, RoleStyles


def story_of(game: Any) -> Story | None:
    """The story of a game played here (its whole log), if the game can tell one."""
    from engine.core.story import tell
    from engine.registry import specs

    spec = specs().get(game.ruleset.id)
    teller = spec.load_story() if spec is not None else None
    if teller is None or not game.is_over():
        return None
    return tell(game.ruleset, game.seats, game.options,
                (event for _, event in game.events()), teller, game.start)


class FinalScreen(Closing, RoleStyles, Screen[None]):
    BINDINGS = [
        Binding("escape,enter", "close", "Back to the map", id="final.close"),
        Binding("1", "tab('scores')", "Scores", id="final.scores"),
        Binding("2", "tab('story')", "Story", id="final.story"),
        Binding("3", "tab('sources')", "Points from", id="final.sources"),
    ]

    def __init__(self, adapter: Any, view: Any, seats: list[Any],
                 story: Story | None = None) -> None:
        super().__init__()
        self.adapter = adapter
        self.view = view
        self.seats = seats
        self.summary = adapter.final_table(view)
        self.story = story

    def compose(self) -> ComposeResult:
        # Kept as they are made: the tabs move their panes into a switcher of their own
        # as they mount, and the screen's mount could come before that (a game ending
        # under the size cover of a tiny terminal asked for "#final-table" and crashed).
        self._scores: DataTable[Text] = DataTable(id="final-table", cursor_type="none",
                                                  zebra_stripes=True)
        self._winner = Static(id="final-winner")
        self._notes = Static(id="final-notes", classes="dialog-hint")
        self._chart = LineChart(id="final-chart")
        self._story_note = Static(id="story-note", classes="dialog-hint")
        self._sources: DataTable[str] = DataTable(id="sources-table", cursor_type="none",
                                                  zebra_stripes=True)
        with TabbedContent(id="final-tabs"):
            with TabPane("1 Scores", id="scores"), Vertical(id="final-box"):
                yield Static(self.summary.title, classes="screen-title")
                yield self._scores
                yield self._winner
                yield self._notes
            with TabPane("2 Story", id="story"):
                yield self._chart
                yield self._story_note
            with TabPane("3 Points from", id="sources"):
                yield self._sources
        yield Footer(compact=True, show_command_palette=False)  # ctrl+p is in F1's keys

    @while_open
    def on_mount(self) -> None:
        painter = Painter(self, self.adapter.palette(self.view))
        fill_table(self._scores, self.summary, painter)
        notes = self.summary.notes
        self._winner.update(painter.lines(notes[:1]))
        self._notes.update(painter.lines(notes[1:]))
        self._tell(painter)

    def _tell(self, painter: Painter) -> None:
        story, note = self.story, self._story_note
        if story is None:
            self._chart.display = False
            note.update("This game tells no story here (only a game played on this "
                        "computer, of a game that counts one).")
            return
        palette = self.adapter.palette(self.view)
        names = [f"{palette.letter(s)} {self.seats[s].name}" if s < len(self.seats)
                 else palette.letter(s) for s in range(len(story.series))]
        colours = [palette.seats[s].colour if s < len(palette.seats) else ""
                   for s in range(len(story.series))]
        self._chart.data = ChartData(
            f"{story.unit} after each round", tuple(story.rounds),
            tuple(Line(names[s], palette.letter(s), colours[s], tuple(values))
                  for s, values in enumerate(story.series)))
        note.update(f"Each line is a player's {story.unit}, marked by its letter; "
                    "'start' is before round 1, 'end' after the final scoring.")
        table = self._sources
        table.add_columns(f"{story.unit} from", *names)
        everything = sorted({k for per in story.sources for k in per},
                            key=lambda k: -sum(abs(per.get(k, 0.0)) for per in story.sources))
        for source in everything:
            table.add_row(source, *(_figure(per.get(source, 0.0)) for per in story.sources))
        table.add_row("total change", *(_figure(sum(per.values())) for per in story.sources))

    def action_tab(self, tab: str) -> None:
        tabs = self.query_one(TabbedContent)
        if tabs.active == tab:
            self.app.bell()  # shown already
        tabs.active = tab

    def action_close(self) -> None:
        self.dismiss(None)


def _figure(amount: float) -> str:
    return f"{amount:+g}" if amount else "·"
