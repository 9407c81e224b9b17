"""City scoring: the game's table of points and payouts, and any decisions that follow it
(Maharaja's reward tiles, chosen in rank order)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any, Protocol, Self

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static

from engine.core.table import Table, held_here
from maharaja_tui.games.base import AnyAdapter, MenuEntry, ScoreTable, entry_key
from maharaja_tui.screens.choice import answer
from maharaja_tui.screens.closing import Closing, is_open, on_top, while_open
from maharaja_tui.widgets.action_panel import ActionPanel
from maharaja_tui.widgets.dialog_box import DialogBox
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

    def make_current(self) -> None: ...

    def choose(self, entry: MenuEntry) -> None: ...

    def action_hint(self) -> None: ...

    def action_undo(self) -> None: ...

    def action_redo(self) -> None: ...


class ScoringBox(RoleStyles, DialogBox):
    """The scoring's title, table, notes and track, and the viewer's decisions: a
    ``ScoringScreen``'s whole screen, or a box drawn inside the game screen (a
    session's, see ``DialogBox``), which says its keys on its last row."""

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

    def __init__(self, game: ScoredGame, summary: ScoreTable, *, inside: bool = True,
                 then: Callable[[Any], None] | None = None) -> None:
        """``inside``: drawn inside the game screen (else the whole of a ScoringScreen,
        whose footer says its keys, and which is not modal: the app's keys work there)."""
        super().__init__(then=then, id="scoring-box", classes="dialog" if inside else "")
        self.inside = inside
        self.game = game
        self.summary = summary
        self.entries: list[MenuEntry] = []  # the viewer's scoring decisions, when they have one
        self._frames = ExitStack()  # the app's frames held back (hold_frames)
        self._track: str | None = None  # the id of the track it shows, if any
        self._filled: ScoreTable | None = None  # the summary whose figures the table shows

    @property
    def is_modal(self) -> bool:
        return self.inside

    def compose(self) -> ComposeResult:
        game = self.game
        track = game.adapter.scoring_track(game.table.view(game.viewer))
        yield Static(self.summary.title, id="scoring-title", classes="screen-title")
        # Read, never steered (no cursor): the keys go to the choices below.
        table: DataTable[Text] = DataTable(id="scoring-table", cursor_type="none",
                                           zebra_stripes=True)
        table.can_focus = False
        yield table
        if self.summary.notes:
            yield Static(id="scoring-notes")
        self._track = track.id if track is not None else None
        if track is not None:  # the adapter's panel (Maharaja's rewards)
            yield track.widget(game.colours, id=track.id, classes=track.classes)
        yield ActionPanel(self.game.colours, id="scoring-actions")
        if self.inside:  # the footer under it is the game's: the box's keys are here
            with Horizontal(classes="dialog-buttons"):
                yield answer("Esc", "Back to the map", "scoring-back")
                if game.hints_allowed:
                    yield Static("h hint", classes="dialog-hint")

    def _showing(self) -> bool:
        """Open: not answered, on a screen still open (a table's notice may come late)."""
        return self.is_attached and not self.answered and is_open(self.screen)

    def on_mount(self) -> None:
        self.call_later(self._frames.close)  # drawn once what follows is laid out
        if not self._showing():
            return
        self.game.table.subscribe(self._changed)
        self._fill()

    def _fill(self) -> None:
        """The summary's figures and notes, the viewer's choices, the keys here."""
        painter = Painter(self, self.game.colours)
        summary, filled = self.summary, self._filled
        # The same figures again are left as drawn: filled anew, Textual's table would
        # render each of its cells again (clearing it empties its caches).
        if filled is None or (summary.columns, summary.rows, summary.bold) \
                != (filled.columns, filled.rows, filled.bold):
            table = self.query_one(DataTable)
            table.clear(columns=True)
            fill_table(table, summary, painter)
            self._filled = summary
        if self.summary.notes:
            self.query_one("#scoring-notes", Static).update(painter.lines(self.summary.notes))
        self.refresh_choices()
        if self.inside:  # the keys come here at once, as to a screen pushed over the map
            self.query_one(ActionPanel).focus_options()

    def reopen(self, box: Self) -> bool:
        """The next scoring in this box (see ``DialogBox.reopen``): its title, table,
        notes and choices in the widgets the last one showed, when it has the same
        parts (notes, a track) and is drawn the same way."""
        game = self.game
        track = game.adapter.scoring_track(game.table.view(game.viewer))
        if box.game is not game or box.inside != self.inside \
                or bool(box.summary.notes) != bool(self.summary.notes) \
                or (track.id if track is not None else None) != self._track:
            return False
        self.summary = box.summary
        # The frames it held back are this box's to let go, once it is filled.
        self._frames, box._frames = box._frames, self._frames
        self.call_later(self._frames.close)
        self.query_one("#scoring-title", Static).update(self.summary.title)
        self._fill()
        return True

    def hold_frames(self) -> None:
        """The app draws no frame until this box is filled (its mount), or taken away
        before: drawn as its widgets mounted, it was laid out with the whole screen
        under it three times and written in three frames (19 KB at 256 colours); held,
        twice and in two (17 KB: its rows are still written twice, once again as its
        list settles). A second at most, whatever comes."""
        self._frames.enter_context(self.app.batch_update())
        self.app.set_timer(1.0, self._frames.close)

    def on_unmount(self) -> None:
        self._frames.close()  # taken away before it was filled
        self.game.table.unsubscribe(self._changed)  # a closed scoring is not kept alive

    def _changed(self) -> None:
        if self._showing():
            self.app.call_later(self.refresh_choices)

    def refresh_choices(self) -> None:
        if not self._showing():
            return
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
            game.make_current()
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
        elif 0 <= message.index < len(self.entries) and on_top(self.screen) \
                and not self.answered:  # see GameScreen
            self.game.choose(self.entries[message.index])

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)  # "Esc Back to the map", clicked

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


class ScoringScreen(Closing, RoleStyles, Screen[None]):
    """Stays up while the game's scoring decisions are made; the viewer makes theirs here
    (in its ``ScoringBox``, which fills it, above the footer)."""

    def __init__(self, game: ScoredGame, summary: ScoreTable) -> None:
        super().__init__()
        self.summary = summary
        self.box = ScoringBox(game, summary, inside=False, then=self._answered)

    @property
    def entries(self) -> list[MenuEntry]:
        """The viewer's scoring decisions, when they have one."""
        return self.box.entries

    def compose(self) -> ComposeResult:
        yield self.box
        yield Footer(compact=True, show_command_palette=False)  # ctrl+p is in F1's keys

    def refresh_choices(self) -> None:
        self.box.refresh_choices()

    def action_close(self) -> None:
        self.box.action_close()

    @while_open
    def _answered(self, _: Any) -> None:
        self.dismiss(None)


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
