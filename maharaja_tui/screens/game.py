"""The game screen: the game's board and panels, the log and the player's choices.

``GameScreen(table, seat)`` is the contract the SSH server relies on. ``table`` is an
``engine.core.table.Table``: a ``LocalTable`` or the server's ``RemoteTable``; what
only a game held here offers (save as, the final story, the autosave) it asks of
``held_here``. ``seat`` is:

* an ``int``: the screen shows that seat's view only and plays for it (a networked
  player);
* ``None``: a spectator, who sees the public view and plays nothing;
* ``HOT_SEAT``: the screen follows whichever human seat must decide, with a privacy
  screen between two different humans.

The table plays its computer seats and holds the undo policy (``engine.core.table``),
so a local, hot-seat or SSH game behaves the same.

The screen holds no rules and knows no game: the game's adapter lists its panels
(board, tracks, a board per seat, side panels) and the screen lays them out in
those regions, refreshing their data on every change; a place picked on a board
(``PlaceSelected``) and the action panel's entries become intents through the
adapter, which may open its own dialogs. What it offers comes from the engine's
legal intents; a refusal shows the engine's message, rule id first.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, Final, Literal

import msgspec
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import OptionList, Static

from engine.core.describe import is_stage, part_of
from engine.core.errors import NothingToUndo, Refused
from engine.core.table import Table, held_here
from maharaja_tui.games import adapter_for
from maharaja_tui.games.base import MenuEntry, Panel, entry_key
from maharaja_tui.paths import STYLE_FILES
from maharaja_tui.screens.closing import Closing, on_top, while_open
from maharaja_tui.widgets.action_panel import ActionPanel
from maharaja_tui.widgets.backdrop import BackdropColumn, BackdropRow
from maharaja_tui.widgets.board_frame import ENTER
from maharaja_tui.widgets.dialog_box import DialogBox, DialogLayer
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.footer import Footer
from maharaja_tui.widgets.lesson_panel import LessonPanel
from maharaja_tui.widgets.move_log import MoveLog
from maharaja_tui.widgets.segments import Painter, Segments
from maharaja_tui.widgets.selection import PlaceSelected, PointsAt, TellsStatus

if TYPE_CHECKING:
    from maharaja_tui.lessons.run import LessonRun

HOT_SEAT: Final = "hot-seat"
SINCE_LINES = 3  # entries "since your last turn" shows (those that concern you first)
SeatMode = int | None | Literal["hot-seat"]
COMPUTER_DELAY = 0.25  # seconds between computer moves, so a person can follow them


def others_doings(entries: Sequence[Segments], seat: int,
                  actor: Callable[[Segments], int | None]) -> list[Segments]:
    """What the others did in ``entries``, as "Since your last turn" tells it: not the
    log's marks of a part of the game, nor a bare stage of a procedure ("losses
    taken", "next round"), nor ``seat``'s own doings (``actor``: whose an entry is)."""
    return [entry for entry in entries
            if part_of(entry) is None and not is_stage(entry) and actor(entry) != seat]


class GameScreen(Closing, Screen[None]):
    CSS_PATH = STYLE_FILES
    # The choices first, never the board for a moment: keys typed before the first frame
    # (m then 1 over a slow SSH link) would otherwise reach whichever held focus then.
    AUTO_FOCUS = "#action-options"
    # Its rows (status, main, actions, footer) cover it: drawn blank (see Backdrop*).
    BLANK = True
    # The generic choice list drawn inside this screen (widgets/dialog_box.py) instead of
    # pushed over it: a session's, whose dialogs were two whole frames each over SSH. Such
    # a screen composes a DialogLayer too.
    DIALOGS_INSIDE = False
    dialog: DialogBox | None = None  # the dialog box open inside it
    # Keys read while a box opened inside it has not the focus yet: the box's (see _open).
    _for_box: tuple[events.Key, ...] = ()
    # The boxes answered and hidden inside it, by class, to ask their next questions in.
    _kept: dict[type[DialogBox], DialogBox]
    BINDINGS = [
        Binding("escape", "leave", "Leave", show=False, id="game.leave"),
        Binding("ctrl+z", "undo", "Undo", id="game.undo"),
        Binding("ctrl+y", "redo", "Redo", id="game.redo"),
        Binding("a", "focus_actions", "Actions", id="game.focus-actions"),
        Binding("m", "focus_map", "Map", id="game.focus-map"),
        Binding("l", "full_log", "Log", id="game.full-log"),
        Binding("s", "scores", "Scores", show=False, id="game.scores"),
        Binding("ctrl+s", "save_as", "Save as", show=False, id="game.save-as"),
        Binding("h", "hint", "Hint", id="game.hint"),
        # A guided game (a lesson): leave it and play on freely.
        Binding("ctrl+e", "leave_lesson", "Leave lesson", id="game.leave-lesson"),
    ]

    def __init__(
        self,
        table: Table,
        seat: SeatMode = HOT_SEAT,
        lesson: LessonRun | None = None,
    ) -> None:
        """``lesson``: a guided game's lesson, played by its guided seat here (a table
        of this app's own: its steps are read off the game's log)."""
        super().__init__()
        self.table = table
        self.mode: SeatMode = seat
        self.hot_seat = seat == HOT_SEAT
        self.adapter = adapter_for(table.ruleset, table.seats)
        self.humans = [s for s, who in enumerate(table.seats) if who.is_human]
        self.viewer: int | None = None if seat == HOT_SEAT else seat
        if self.hot_seat and len(self.humans) == 1:
            self.viewer = self.humans[0]
        self._covered = False  # a privacy screen is up
        self._undo_asked: Any = None  # the waiting undo this player was asked about
        self._unmounted = False  # its table may still call it (another thread)
        self._entries: list[MenuEntry] = []
        # Once the game is over: what the action list offers instead (its words, its act).
        self._after: list[tuple[Segments, Callable[[], None]]] = []
        self._boards: list[str] = []  # the ids of the board region's widgets
        self._panels: dict[str, Any] = {}  # the panels' widgets by id, found once
        self._intents: list[Any] = []
        self._final_shown = False
        self._autosave_problem: str | None = None  # the one being shown
        self.last_refusal: Refused | None = None
        first = table.view(self.viewer)
        self._first_view = first  # which panels the game has, for compose
        self._scored_round: Any = None  # the adapter's key of the last scoring shown
        self.colours = self.adapter.palette(first)
        self._styled_with: Any = None  # the app's rules compose styled with, till resumed
        self._app_thread: int | None = None  # the app's thread, once mounted
        # "Since your last turn": per human seat, the log's length when it last played;
        # the seats that played since their decision last came round; the places marked
        # until the next key.
        self._seen: dict[int, int] = {}
        self._played: set[int] = set()
        # The viewer, the log's entries and those that concern it (_concerning).
        self._flags: tuple[int | None, tuple[Any, ...], frozenset[int]] = (None, (), frozenset())
        self.news: frozenset[str] = frozenset()
        self.lesson = lesson
        self._lesson_said: Segments = ()  # why the last decision tried was not the step's
        self._lesson_over_at: int | None = None  # its seat's decisions when it ended
        self.pointed: int | None = None  # the entry the lesson's step asks for, if any
        self._lesson_pointed: int | None = None  # the step the boards' cursors went for
        self._notes: list[LessonPanel] = []  # the step shown over the dialogs it opened
        self._kept = {}
        # What the last sync drew: the viewer, the seats to move and the viewer's view.
        self._synced: tuple[int | None, tuple[int, ...], Any] | None = None

    # ------------------------------------------------------------- compose
    def compose(self) -> ComposeResult:
        panels = self.adapter.panels(self._first_view, self.viewer, (), ())
        self._boards = [panel.id for panel in panels if panel.region == "board"]
        yield Static(id="status")
        with BackdropRow(id="main"):
            with BackdropColumn(id="left"):
                yield from build(panels, "board", "tracks", palette=self.colours)
            with Vertical(id="side"):  # its border shows
                with BackdropColumn(id="boards"):
                    yield from build(panels, "seats", palette=self.colours)
                yield from build(panels, "side", palette=self.colours)
                yield MoveLog(self.colours, id="log")
            # Over the foot of the map's column and the log's (their newest entries,
            # which it sums up), never taking their rows: a summary that took its rows
            # from the map made the map and the boards beside it shrink and grow back,
            # laid out and written whole twice at every turn of every seat.
            yield Static(id="since")
        yield Static(id="refusal")
        yield Static(id="autosave-off")
        if self.lesson is not None:  # the whole width over the choices: at 80x24 the
            # side column has no room to spare beside the boards
            yield LessonPanel(self.colours, id="lesson")
        yield ActionPanel(self.colours, id="actions", chosen=self._chosen)
        yield Footer(compact=True, show_command_palette=False)  # all keys fit at 80 columns

    @while_open
    def on_mount(self) -> None:
        self._app_thread = threading.get_ident()  # where the app runs (and mounts)
        for board in self._boards:  # their status lines say what Enter does, and why not
            widget = self.query_one(f"#{board}")
            if isinstance(widget, TellsStatus):
                widget.status_of = self.place_status
        self.table.subscribe(self._on_table_changed)
        self.sync()
        self._show_autosave()
        self.query_one(ActionPanel).focus_options()
        self._styled_with = self.app.stylesheet.rules
        if self.lesson is not None and self.lesson.done(self._steps()) == 0:
            self._welcome()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual restyles the whole screen at every resume. The first comes right after
        # compose styled every widget with the same rules (a stylesheet parsed again
        # holds new ones, and restyles every screen itself): a second pass over each, a
        # quarter of the launch's styling. Later resumes (back from a dialog) keep it.
        # Textual's own handler (Screen's) runs after this one and reads the event.
        if self._styled_with is not None and self._styled_with is self.app.stylesheet.rules:
            event.refresh_styles = False
        self._styled_with = None

    def on_unmount(self) -> None:
        self._unmounted = True
        held = held_here(self.table)
        if held is not None:  # an autosave waiting for the next frame: there is none
            held.flush()
        self.table.unsubscribe(self._on_table_changed)

    # ------------------------------------------------------------- refresh
    def _on_table_changed(self) -> None:
        """Table listener: may be called from another thread (a remote table, a worker)."""
        if self._unmounted or not self.is_running:  # closed (by the app's end: unmounted
            return  # or not, its widgets go)
        if threading.get_ident() == self._app_thread:
            self._table_changed()
        else:
            self.app.call_from_thread(self._table_changed)

    @while_open
    def _table_changed(self) -> None:
        if self._unmounted or not self.is_mounted or not self.is_running:
            # called from another thread after it left, or closed with the app since
            return
        try:
            self.sync()
        except NoMatches:
            # Under the too-small cover a change can come while the screen's panels are
            # away (seen at 1x1 to 79x23 with the computers playing on): the next change
            # or the screen's return to view redraws it whole.
            return
        self._show_autosave()

    _status_width = 0  # the screen's width when the status line was last fitted

    def show_status(self, status: Text) -> None:
        """The status line: one row, with no layout (key to frame), while it fits; two
        rows when it is wider than the screen (at 80 columns a server table's clocks
        came after the game's own status and were cut off)."""
        line = self.query_one("#status", Static)
        if status == line.content and self._status_width == self.size.width:
            return
        self._status_width = self.size.width
        rows = 1 if status.cell_len <= max(1, self.size.width - 2) else 2  # its padding
        if line.styles.height is not None and line.styles.height.value == rows:
            line.update(status, layout=False)
        else:
            line.styles.height = rows
            line.update(status)

    def on_resize(self) -> None:
        for line in self.query("#status").results(Static):  # none under the too-small cover
            if isinstance(line.content, Text):
                self.show_status(line.content)

    def _show_autosave(self) -> None:
        """A table that cannot write its autosave (read-only or full disk) plays on; the
        player is told once, and a line stays up until it works again."""
        held = held_here(self.table)
        problem = held.autosave_problem if held is not None else None
        if problem == self._autosave_problem:
            return
        line = self.query_one("#autosave-off", Static)
        line.display = problem is not None
        if problem is not None:
            line.update(f"⚠ Autosave is off ({problem}) · ctrl+s saves elsewhere")
            self.notify(f"Autosave is off: {problem}. The game goes on; ctrl+s saves it "
                        "to another place.", title="Cannot autosave", severity="warning",
                        timeout=15)
        elif self._autosave_problem is not None:
            self.notify("Autosave works again.", timeout=5)
        self._autosave_problem = problem

    def sync(self) -> None:
        """Redraw everything from the table for the current viewer."""
        table = self.table
        to_move = table.to_move()
        if self.hot_seat and self._follow(to_move):
            return
        viewer = self.viewer
        view = table.view(viewer)
        adapter = self.adapter
        if viewer is not None and viewer in to_move:  # the viewer decides now
            self._intents = list(table.legal_intents(viewer))
            self._entries = (adapter.menu(view, viewer, self._intents)
                             + self._refused(view, adapter.unavailable(view, viewer,
                                                                       self._intents)))
        else:
            self._intents, self._entries = [], []
        over = adapter.is_over(view)
        self._after = self._after_game() if over else []
        marked = self._lesson_sync(view, viewer is not None and viewer in to_move)
        actions, log = self._fixed
        painter = Painter(actions, self.colours)
        self.show_status(painter.text(adapter.status(view, viewer, to_move)))
        entries = tuple(table.log(viewer))
        if viewer is not None and viewer in to_move and viewer in self._played:
            self._played.discard(viewer)  # its decision has come round again
            self._since(viewer, view, entries, painter)
        panels = adapter.panels(view, viewer, to_move, self._intents)
        if self.news or marked:
            panels = tuple(adapter.highlighted(panel, self.news | marked) for panel in panels)
        refresh(self, panels, self._panels)
        self._lesson_points()
        log.show(entries, self._concerning(entries, viewer))
        if self._after:
            actions.show(((("The game is over", "strong"),),),
                         tuple(label for label, _ in self._after),
                         [("after the game", n) for n in range(len(self._after))])
        else:
            actions.show(adapter.heading(view, viewer, to_move),
                         tuple(e.label for e in self._entries),
                         [entry_key(e) for e in self._entries], at=self.pointed)
        self._synced = (viewer, to_move, view)
        self._screens_for(view)
        self._asked_to_undo()

    def make_current(self) -> None:
        """Its decisions as the table has them now: synced again unless its last sync
        was of the table as it is (a scoring box hears of a change after this screen,
        which has redrawn everything for it already: a second sync at every reward
        chosen, of every seat choosing one)."""
        table, viewer = self.table, self.viewer
        if self._synced is None or self._synced[:2] != (viewer, table.to_move()) \
                or self._synced[2] != table.view(viewer):
            self.sync()

    def _concerning(self, entries: tuple[Any, ...], viewer: int | None) -> frozenset[int]:
        """The log's entries that concern the viewer, by index: those judged for the
        entries already shown are kept while those entries stay (a step adds a few, an
        undo takes a few back)."""
        seen_viewer, seen, flagged = self._flags
        if seen_viewer != viewer or (entries[:len(seen)] != seen
                                     and seen[:len(entries)] != entries):
            seen, flagged = (), frozenset()  # another viewer, or other entries
        elif len(entries) < len(seen):  # an undo took some back
            seen, flagged = entries, frozenset(n for n in flagged if n < len(entries))
        concerns = self.adapter.concerns
        new = [n for n in range(len(seen), len(entries)) if concerns(entries[n], viewer)]
        if new:
            flagged = flagged | frozenset(new)
        self._flags = (viewer, entries, flagged)
        return flagged

    def _since(self, seat: int, view: Any, entries: tuple[Any, ...], painter: Painter) -> None:
        """A human's decision comes round: what the others did since the seat last
        played (the log's entries since, its own and the parts' marks left out), the
        ones that concern it first, and the places they name marked on the board, both
        until the next key. Its own further decisions of a turn bring none."""
        start = self._seen.get(seat)
        if start is None or start >= len(entries):
            return
        news = others_doings(entries[start:], seat,
                             lambda entry: self.adapter.actor(view, entry))
        if not news:
            return
        mine = [e for e in news if self.adapter.concerns(e, seat)]
        shown = mine[-SINCE_LINES:]
        shown += [e for e in news if e not in shown][-(SINCE_LINES - len(shown)):] \
            if len(shown) < SINCE_LINES else []
        shown.sort(key=news.index)
        more = len(news) - len(shown)
        box = self.query_one("#since", Static)
        # The heading on the box's top border: at 80x24 the box has three rows, and a
        # heading on one of them left the summary two.
        box.border_title = "Since your last turn" + (
            f" ({len(news)}; l: the whole log)" if more else "")
        box.update(painter.lines(tuple((("• ", "dim"), *entry) for entry in shown)))
        # While a lesson runs its panel tells what to look at (the log has it all).
        box.display = self.lesson is None or not self.lesson.running(self._steps())
        self.news = frozenset().union(*(self.adapter.places_in(e) for e in news))

    def clear_news(self) -> None:
        """The next key: the summary and the places marked go (the lesson's stay)."""
        if not self.news and not self.query_one("#since").display:
            return
        self.query_one("#since").display = False
        self.news = frozenset()
        view = self.table.view(self.viewer)
        panels = self.adapter.panels(view, self.viewer, self.table.to_move(), self._intents)
        marked = self._lesson_places()
        if marked:
            panels = tuple(self.adapter.highlighted(panel, marked) for panel in panels)
        refresh(self, panels, self._panels)

    # ------------------------------------------------------------- lesson
    def _steps(self) -> list[Any]:
        """The game's log of steps (a guided game is played on a table of this app)."""
        return list(getattr(getattr(self.table, "game", None), "steps", ()))

    def _lesson_step(self) -> Any:
        """The lesson's step due now, when the guided seat decides; else None."""
        lesson = self.lesson
        if lesson is None or self.viewer != lesson.seat \
                or lesson.seat not in self.table.to_move() or self._lesson_held():
            return None
        return lesson.due(self._steps())

    def _lesson_held(self) -> bool:
        """While a lesson runs, the computers decide first when they decide at the same
        time as the guided seat (plans): the lesson's game, seeded, is then the same
        however quick the player is (each decision's generator follows the log)."""
        lesson = self.lesson
        if lesson is None or lesson.left:
            return False
        held = held_here(self.table)  # a lesson's game is always held here
        if held is None:
            return False
        to_move = held.to_move()
        return lesson.seat in to_move and lesson.running(self._steps()) and any(
            seat != lesson.seat and held.level(seat) is not None for seat in to_move)

    def _lesson_places(self) -> frozenset[str]:
        step = self._lesson_step()
        return frozenset(step.highlight) if step is not None else frozenset()

    def _lesson_sync(self, view: Any, deciding: bool) -> frozenset[str]:
        """The lesson's part of a redraw: its panel, the entry its step asks for marked
        (``pointed``, where the cursor goes), and the places to mark on the board."""
        self.pointed = None
        lesson = self.lesson
        if lesson is None:
            return frozenset()
        steps = self._steps()
        done = lesson.done(steps)
        running = lesson.running(steps)
        if not running and self._lesson_over_at is None:
            self._lesson_over_at = done
        elif running:
            self._lesson_over_at = None
        panel = self.query_one("#lesson", LessonPanel)
        # The farewell stays until the guided seat's next decision.
        panel.display = running or done <= (self._lesson_over_at or 0)
        step = self._lesson_step()
        deciding = deciding and step is not None
        panel.data = lesson.panel(steps, view, deciding, self._lesson_said)
        # A note shows the step its dialog was opened for, and goes once it is played
        # (a scoring still up after its reward says itself to press Enter).
        self._notes = [n for n in self._notes if n.is_attached]
        for note in self._notes:
            note.display = deciding and note.data is not None \
                and note.data.title == lesson.note_title(steps)
        if not deciding:
            return frozenset()
        allowed = lesson.allowed(view, step)
        for n, entry in enumerate(self._entries):
            if entry.refusal is None and any(i in allowed for i in entry.intents):
                self.pointed = n
                mark = (("▶ ", "strong"),)
                self._entries[n] = msgspec.structs.replace(
                    entry, label=mark + tuple(entry.label), key=entry_key(entry))
                break
        return frozenset(step.highlight)

    def _lesson_points(self) -> None:
        """A step due that marks places: the boards' cursors go to its first, once (the
        window of a board bigger than its widget follows, so the place is in sight; the
        player's own moves of the cursor are left alone after)."""
        step = self._lesson_step()
        if step is None or self.lesson is None or not step.highlight:
            return
        number = self.lesson.done(self._steps())
        if self._lesson_pointed == number:
            return
        self._lesson_pointed = number
        for board in self._boards:
            widget = self.query_one(f"#{board}")
            if isinstance(widget, PointsAt):
                widget.point_at(step.highlight[0])

    def lesson_choice(self, intents: Sequence[Any]) -> int | None:
        """Among ``intents`` (a dialog's choices), the one the lesson's step asks for."""
        step = self._lesson_step()
        if step is None or self.lesson is None:
            return None
        allowed = self.lesson.allowed(self.table.view(self.viewer), step)
        return next((n for n, intent in enumerate(intents) if intent in allowed), None)

    def _off_script(self, intent: Any) -> bool:
        """True (and said why) when the lesson's step asks for another decision than
        ``intent``: it is not played, and the player may try again or leave the lesson."""
        if self._lesson_held():
            self.notify("A moment: the computers decide first", timeout=3)
            return True
        step = self._lesson_step()
        if step is None or self.lesson is None:
            return False
        view = self.table.view(self.viewer)
        allowed = self.lesson.allowed(view, step)
        if not allowed or intent in allowed:  # the lesson cannot go on: anything goes
            return False
        seat = self.lesson.seat
        chosen = "".join(text for text, _ in self.adapter.label(view, seat, intent))
        wanted = "".join(text for text, _ in self.adapter.label(view, seat, allowed[0]))
        self._lesson_said = (("✗ Not this time: ", "warning"), (chosen, ""),
                             (". The step asks for ", ""), (wanted, "strong"),
                             (" (▶). Try again, or ^e to leave the lesson.", ""))
        self.app.bell()
        self.notify(f"The lesson asks for: {wanted}", title="Not this step",
                    severity="warning", timeout=6)
        self.sync()
        return True

    def _welcome(self) -> None:
        """The lesson's welcome, once, before its first step: Enter begins it, Esc plays
        the game without it."""
        lesson = self.lesson
        if lesson is None:
            return
        from maharaja_tui.screens.choice import ConfirmBox, ConfirmScreen

        def answered(yes: bool | None) -> None:
            if not yes:
                self.action_leave_lesson()

        self.ask(self.boxed(ConfirmBox(f"{lesson.lesson.title}\n\n{lesson.lesson.welcome}\n\n"
                               "The panel above your choices says what to do and why; the "
                               "entry to pick is marked ▶, the places on the board too. F1 "
                               "opens the guide there. ^e leaves the lesson: the game goes "
                               "on against easy computers.",
                               enter="begins the lesson", no="plays without it"),
                            ConfirmScreen), answered, step_on_top=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave_lesson":
            return self.lesson is not None and self.lesson.running(self._steps())
        return self._check_action(action, parameters)

    def action_leave_lesson(self) -> None:
        """Leave the lesson: the game goes on as any other, against its computers."""
        if self.lesson is None or not self.lesson.running(self._steps()):
            return
        self.lesson.left = True
        self._lesson_said = ()
        self.notify("You left the lesson: the game goes on as any other", timeout=5)
        self.refresh_bindings()
        self.sync()

    def on_key(self, event: events.Key) -> None:
        if self.dialog is not None and not self._box_has_focus():
            event.stop()  # the box's, once it has the focus (see _open)
            event.prevent_default()
            self._for_box += (event,)
            return
        self.clear_news()

    def on_action_panel_moved(self) -> None:
        self.clear_news()  # the list's arrows are priority keys: they never reach on_key

    @cached_property
    def _fixed(self) -> tuple[ActionPanel, MoveLog]:
        """The widgets every sync fills, found once (a query walks the screen)."""
        return self.query_one(ActionPanel), self.query_one(MoveLog)

    def _follow(self, to_move: tuple[int, ...]) -> bool:
        """Hot seat: turn to the human who must decide; True while a privacy screen is up."""
        if self._covered:
            return True
        humans = [s for s in to_move if s in self.humans]
        if not humans or self.viewer in humans:
            return False
        nxt = humans[0]
        if len(self.humans) == 1 or not self.adapter.private or not self._private(nxt):
            if self.viewer is not None and self.viewer != nxt:  # nothing to hide: say who
                view = self.table.view(None)
                self.notify(f"{self.adapter.seat_title(view, nxt)} to decide", timeout=3)
            self.viewer = nxt
            return False
        self._covered = True
        view = self.table.view(None)

        def uncover(_: None) -> None:
            from maharaja_tui.screens.scoring import ScoringBox, ScoringScreen

            self._covered = False
            self.viewer = nxt
            self.sync()
            if isinstance(self.app.screen, ScoringScreen):  # its choices are the new seat's
                self.app.screen.refresh_choices()
            elif isinstance(self.dialog, ScoringBox):  # likewise
                self.dialog.refresh_choices()
            elif self.app.screen is self:  # the next player's keys go to the choices
                self.query_one(ActionPanel).focus_options()

        from maharaja_tui.screens.privacy import PrivacyScreen  # not needed to start

        self.app.push_screen(
            PrivacyScreen(self.adapter.seat_title(view, nxt), self.adapter.letter(view, nxt)),
            uncover)
        return True

    def _private(self, seat: int) -> bool:
        """Hot seat: does handing the screen to ``seat`` need a cover? Only when its view
        shows something the public view does not, or its decision is secret."""
        view = self.table.view(seat)
        return view != self.table.view(None) or self.adapter.secret_decision(view, seat)

    def _screens_for(self, view: Any) -> None:
        """City scoring and final scoring get their own screens, once each (under the
        size cover too: they are there when the terminal is large enough again)."""
        if not self.asks_nothing():
            return
        key = self.adapter.scoring_key(view)
        if key is not None and self._scored_round != key:
            self._scored_round = key
            if not self.humans:  # computers only: the log has it, nobody is kept waiting
                return
            from maharaja_tui.screens.scoring import ScoringBox, ScoringScreen  # not at start

            # Once it closes, look again: the game may have ended meanwhile. Inside the
            # screen (a session's), it writes its own rows: pushed, it wrote the whole
            # terminal as it opened and again as it closed, at every seat at every scoring.
            summary = self.adapter.scoring_table(view)
            if self.DIALOGS_INSIDE:
                box = ScoringBox(self, summary)
                box.hold_frames()
                self.ask(box, lambda _: self.sync())
            else:
                self.ask(ScoringScreen(self, summary), lambda _: self.sync())
        elif self.adapter.is_over(view) and not self._final_shown:
            from maharaja_tui.screens.final import FinalScreen

            self._final_shown = True
            self.app.push_screen(FinalScreen(self.adapter, view, self.table.seats,
                                             self._story()))

    def _story(self) -> Any:
        """The game's story for the final screen: from the whole log of a game held
        here (an SSH session holds only its seat's view, so it shows none)."""
        from maharaja_tui.screens.final import story_of

        held = held_here(self.table)
        return story_of(held.game) if held is not None else None

    @property
    def seat_shown(self) -> int | None:
        """The seat whose secrets this screen shows now: None for a spectator and while
        a privacy screen stands between two players (a replay opened from here shows
        no more than this)."""
        return None if self._covered else self.viewer

    def guide_at(self) -> tuple[str, str | None]:
        """F1 explains this game, at the section for the decision at hand."""
        return self.table.ruleset.id, self.guide_topic() or None

    def guide_topic(self) -> str:
        """The player's-guide section for the decision at hand (F1 opens it): the
        lesson's step's own, while a guided game's step is due."""
        step = self._lesson_step()
        if step is not None:
            return str(step.section)
        return self.adapter.guide_topic(self.table.view(self.viewer), self._intents)

    # ------------------------------------------------------------ deciding
    @property
    def entries(self) -> list[MenuEntry]:
        """The viewer's choices now, as the action panel lists them."""
        return list(self._entries)

    def on_action_panel_chosen(self, message: ActionPanel.Chosen) -> None:
        self._chosen(message.index)

    def _accepts_input(self) -> bool:
        """A choice or a place picked here counts only while this screen is on top and
        shows the seat to decide: keys read in a burst (a held Enter) reach the list after
        the dialog they opened, or after a handover with the last seat's choices still
        on it; each would open the dialog again or play for the wrong seat."""
        return not self._covered and self.asks_nothing()

    def asks_nothing(self) -> bool:
        """On top, and no dialog open inside it: a key or a notice meant for this screen
        acts here (a dialog open over it or in it takes them)."""
        return on_top(self) and self.dialog is None

    def _after_game(self) -> list[tuple[Segments, Callable[[], None]]]:
        """What the action list offers once the game is over: left empty, it read as a
        game that had stalled, with no word of what comes next."""
        out: list[tuple[Segments, Callable[[], None]]] = [
            ((("The final scores and the game's story", ""), ("  s", "dim")),
             self.action_scores)]
        if getattr(self.app, "leave_table", None) is not None:  # a host app's lobby
            out.append(((("Back to the lobby", ""), ("  Esc", "dim")), self.action_leave))
        else:
            new_game = getattr(self.app, "action_new_game", None)
            if callable(new_game):
                out.append(((("A new game", ""), ("  ctrl+n", "dim")), new_game))
        return out

    def _chosen(self, index: int) -> None:
        self.clear_news()  # Enter is a priority key: it never reaches on_key
        if self._after:
            if 0 <= index < len(self._after) and self._accepts_input():
                self._after[index][1]()
            return
        if 0 <= index < len(self._entries) and self._accepts_input():
            self.choose(self._entries[index])

    def on_place_selected(self, message: PlaceSelected) -> None:
        """A place picked on the game's board: the adapter says what it offers now; a
        place that offers nothing is explained by the engine's refusal, never replaced
        by another place."""
        if self.viewer is None or not self._accepts_input():
            return
        view = self.table.view(self.viewer)
        entry = self.adapter.selected(view, self.viewer, message.place, self._intents)
        if entry is not None:
            self.choose(entry)
            return
        for intent in self.adapter.why_not_at(view, self.viewer, message.place, self._intents):
            refusal = self._refusal(view, intent)
            if refusal is not None:
                self.refuse(refusal)
                return
        self.notify(f"Nothing to do at {message.place} now", severity="warning")

    def place_status(self, place: str) -> Segments:
        """What picking ``place`` on the board would do now, in words: the adapter's
        entry for it, else the engine's refusal (as Enter would say it)."""
        if self.viewer is None:
            return (("watching: nothing to pick", "dim"),)
        view = self.table.view(self.viewer)
        entry = self.adapter.selected(view, self.viewer, place, self._intents)
        if entry is not None and entry.intents:
            first = self.adapter.label(view, self.viewer, entry.intents[0])
            if len(entry.intents) == 1:
                return ((f"{ENTER} ", "strong"), *first)
            return ((f"{ENTER} ", "strong"), (f"{len(entry.intents)} ways: ", ""), *first,
                    (" …", "dim"))
        for intent in self.adapter.why_not_at(view, self.viewer, place, self._intents):
            refusal = self._refusal(view, intent)
            if refusal is not None:
                # The reason first, its rule after it: at 80x24 the line under a board
                # has about 45 cells, and the rule id first left the reason cut short
                # ("✗ MJ-SHR-3: you already have a shrine in vi…"); Enter says it all.
                return (("✗ ", "warning"), (refusal.reason, ""), (f" ({refusal.rule})", "dim"))
        return (("nothing to do here now", "dim"),)

    def _refused(self, view: Any, entries: list[MenuEntry]) -> list[MenuEntry]:
        """The adapter's unavailable entries the engine refuses, dimmed with its reason."""
        out = []
        for entry in entries:
            refusal = self._refusal(view, entry.intents[0]) if entry.intents else None
            if refusal is not None:
                label = (("✗ ", "dim"), *((text, "dim") for text, _ in entry.label),
                         (f" — {refusal.reason} ({refusal.rule})", "dim"))
                # Its identity: what it offers, not its sample intent nor the reason
                # (both may change while it stays the same entry).
                key = entry.key if entry.key is not None else (
                    "refused", entry.kind, "".join(text for text, _ in entry.label))
                out.append(msgspec.structs.replace(entry, label=label, refusal=refusal,
                                                   key=key))
        return out

    def _refusal(self, view: Any, intent: Any) -> Refused | None:
        """The engine's reason for refusing ``intent`` on the viewer's own view (so it
        can tell nothing the viewer may not know), or None when it would be played
        (a spectator plays nothing, and is asked nothing)."""
        if self.viewer is None:
            return None
        try:
            self.table.ruleset.decide(view, self.viewer, intent)
        except Refused as refusal:
            return refusal
        return None

    def choose(self, entry: MenuEntry) -> None:
        """Play an entry's intent: through the game's own dialog when it has one, else
        at once, or after the generic choice list when the entry holds several. An
        entry the rules refuse now only says why."""
        if entry.refusal is not None:
            self.refuse(entry.refusal)
            return
        if self.viewer is not None:
            dialog = self.adapter.dialog(self.table.view(self.viewer), self.viewer, entry)
            if dialog is not None:
                def answered(answer: Any) -> None:
                    if answer is not None:
                        # Played even when not among the legal intents: the engine says why.
                        self.play(dialog.intent(answer))

                self.ask(self.boxed(dialog.body, dialog.screen), answered)
                return
        if len(entry.intents) == 1:
            self.play_checked(entry.intents[0])
            return
        view = self.table.view(self.viewer)
        said = [self.adapter.label(view, self.viewer or 0, i) for i in entry.intents]
        # Choices a player cannot tell apart by their words are one choice, the first
        # (Maharaja's four plain outer slots of a city: four rows of "Statue in Delhi,
        # outer slot — 9 coins", and a place's "2 ways" of the same words).
        first: dict[Segments, int] = {}
        for n, label in enumerate(said):
            first.setdefault(label, n)
        kept = sorted(first.values())
        intents = [entry.intents[n] for n in kept]
        labels = [said[n] for n in kept]
        if len(intents) == 1:
            self.play_checked(intents[0])
            return
        asked = self.lesson_choice(entry.intents)
        if asked is not None:  # the choice a lesson's step asks for, marked as its entry
            asked = kept.index(first[said[asked]])
            labels[asked] = (("▶ ", "strong"), *labels[asked])

        def chosen(index: int | None) -> None:
            if index is not None:
                self.play_checked(intents[index])

        from maharaja_tui.screens.choice import ChoiceBox, ChoiceScreen  # not needed to start

        prompt = entry.prompt or "Choose:"
        # One box at a time inside the screen: asked from one (a scoring's decision),
        # the list is pushed over it.
        self.ask(ChoiceBox(prompt, labels, self.colours, highlighted=asked or 0)
                 if self.DIALOGS_INSIDE and self.dialog is None else
                 ChoiceScreen(prompt, labels, self.colours, highlighted=asked or 0), chosen)

    def boxed(self, box: DialogBox, screen: Callable[[DialogBox], Screen[Any]] | None = None
              ) -> Screen[Any] | DialogBox:
        """A dialog's ``box`` as this screen shows it: drawn inside it where its dialogs
        are (``DIALOGS_INSIDE``; one at a time: asked from one, a scoring's decision, the
        next is pushed over it), else on a ``screen`` of its own (a ``BoxScreen``)."""
        if self.DIALOGS_INSIDE and self.dialog is None:
            return box
        from maharaja_tui.screens.boxed import BoxScreen

        return (screen or BoxScreen)(box)

    def ask(self, screen: Screen[Any] | DialogBox, then: Any, *,
            step_on_top: bool = True) -> None:
        """Push a screen that decides something; once it closes (answered or not), the
        action list has the focus again, its cursor where it was or on the same entry,
        so arrows work at once, whichever widget opened the dialog (a board, a hint).
        ``step_on_top``: a lesson's step due goes on top of it (not on the welcome,
        which comes before any step)."""
        def answered(answer: Any) -> None:
            try:
                then(answer)
            finally:
                if self.is_attached and self.app.screen is self and self.dialog is None:
                    self.query_one(ActionPanel).focus_options()

        if isinstance(screen, DialogBox):
            screen = self._open(screen, answered)
        else:
            self.app.push_screen(screen, answered)
        note = self.lesson.note(self._steps()) if step_on_top \
            and self._lesson_step() is not None and self.lesson is not None else None
        if note is not None:  # the dialog covers the lesson panel: its step goes on top
            screen.call_after_refresh(self._note_on, screen, note)

    def _open(self, box: DialogBox, answered: Any) -> DialogBox:
        """``box`` drawn inside this screen until it answers (see ask); the box shown:
        ``box``, or a box of its class answered before and kept since, which asks
        ``box``'s question (``DialogBox.reopen``: no widget mounted, styled and laid out
        anew, nor the screen laid out again as they take their sizes).

        A box answered is kept where its class can reopen, made invisible (not taken
        away): it and its layer keep their sizes, so closing it, and opening the next
        of its kind at the same size, lay the screen out once, not once more as the
        layer shrinks or grows (Textual lays out again a widget whose size changed as
        it was laid out). The other boxes kept meanwhile take no room (display: none)."""
        kept = self._kept.pop(type(box), None)
        for other in self._kept.values():
            other.display = False
        gone: list[DialogBox] = []  # a kept box that cannot ask this question
        if kept is not None:
            kept.answered, kept.display, kept.visible = False, True, True
            if kept.is_attached and kept.reopen(box):
                box = kept
            else:
                kept.display = False
                gone.append(kept)
                kept = None

        def closed(answer: Any) -> None:
            if self.dialog is box:
                self.dialog = None
            if box.reopens() and not box.has_class("-lesson") and box.is_attached:
                self._kept[type(box)] = box  # for the next question of its kind
                box.visible = False
            else:
                box.remove()
            answered(answer)

        box.then = closed
        self.dialog = box
        # Keys typed together with the one that opened it (an SSH read, a quick typist)
        # are the box's: they reached the action list, still focused while the box was
        # on its way, and moved its cursor or were dropped. Until the box has the focus
        # the list lets them by (its keys stand aside while a box is open) and this
        # screen keeps them for the box.
        self._for_box = ()
        if kept is None:
            box.visible = True  # its layer is not (see DialogLayer)
            self._mount_box(box, gone)
        return box

    def _mount_box(self, box: DialogBox, gone: list[DialogBox]) -> None:
        """``box`` mounted on the dialog layer, the boxes ``gone`` taken away, and any
        box kept there with its id (another class's: Maharadjah's move box and the
        choice list share their styles' id). ``box`` is mounted once those with its id
        are gone: the layer's ids are unique, and a widget removed leaves a message
        later."""
        def clashes(other: DialogBox) -> bool:
            return box.id is not None and other.id == box.id

        gone = gone + [other for other in self._kept.values() if clashes(other)]
        for other in gone:
            self._kept.pop(type(other), None)
        gone = [other for other in gone if other.is_attached]
        if not gone:
            self._layer.mount(box)
            return
        removed = self._layer.remove_children(gone)
        if not any(clashes(other) for other in gone):
            self._layer.mount(box)
            return

        async def mount() -> None:
            await removed
            if self.is_attached and self.dialog is box:
                await self._layer.mount(box)

        self.call_next(mount)

    @cached_property
    def _layer(self) -> DialogLayer:
        """Where the boxes drawn inside it are mounted, found once."""
        return self.query_one(DialogLayer)

    def _box_has_focus(self) -> bool:
        box, focused = self.dialog, self.app.focused
        return box is not None and focused is not None and (
            focused is box or box in focused.ancestors)

    def on_descendant_focus(self) -> None:
        """The box opened has the focus: the keys kept for it are read again, in order."""
        keys, self._for_box = self._for_box, ()
        if keys and self._box_has_focus():
            for key in keys:
                # As the terminal's driver posts a key it read: from the app (a key
                # sent by this screen would stop bubbling here, short of the app's
                # lookup of the box's bindings).
                again = events.Key(key.key, key.character)
                again.set_sender(self.app)
                self.app.post_message(again)

    def _note_on(self, screen: Screen[Any] | DialogBox, note: Any) -> None:
        """The step due on top of a dialog it opened: the dialog's box begins with it
        (marked ``-lesson``, which leaves it room), or a screen without one (the
        scoring) shows it at its top."""
        if not screen.is_attached:
            return
        panel = LessonPanel(self.colours, classes="lesson-note")
        panel.set_reactive(LessonPanel.data, note)
        boxes = [screen] if isinstance(screen, DialogBox) else screen.query(".dialog")
        if boxes:
            box = boxes[0]
            box.add_class("-lesson")
            box.mount(panel, before=0)
        else:
            screen.mount(panel)
        self._notes.append(panel)
        for options in screen.query(OptionList):  # shorter now: the choice still in sight
            options.call_after_refresh(options.scroll_to_highlight)

    def play_checked(self, intent: Any) -> None:
        """Play ``intent``, first asking to confirm when the game warns about it, or when
        it ends a turn with something unused (unless the player's settings say not to:
        ``confirm_end_turn``); Enter confirms the end of a turn as it was chosen."""
        if self.viewer is None:
            return
        view = self.table.view(self.viewer)
        question = self.adapter.warning(view, self.viewer, intent)
        enter = ""
        if question is None and self.confirm_end_turn:
            question = self.adapter.unused(view, self.viewer, intent)
            enter = "ends it"
        if question is None:
            self.play(intent)
            return
        from maharaja_tui.screens.choice import ConfirmBox, ConfirmScreen

        self.ask(self.boxed(ConfirmBox(question, enter=enter), ConfirmScreen),
                 lambda yes: self.play(intent) if yes else None)

    @property
    def confirm_end_turn(self) -> bool:
        """The player's setting (config.toml); an app without settings (the SSH
        server's sessions) asks."""
        return bool(getattr(getattr(self.app, "settings", None), "confirm_end_turn", True))

    def play(self, intent: Any) -> None:
        seat = self.viewer
        if seat is None or self._off_script(intent):
            return
        self._lesson_said = ()
        # Before the play: the table redraws this screen as it plays, the computers'
        # replies too (at once, without a delay between them).
        before = self._seen.get(seat), seat in self._played
        self._seen[seat] = len(self.table.log(seat))
        self._played.add(seat)
        try:
            self.table.play(seat, intent)
        except Refused as refusal:
            if before[0] is None:
                del self._seen[seat]
            else:
                self._seen[seat] = before[0]
            if not before[1]:
                self._played.discard(seat)
            self.refuse(refusal)
            return
        if self.last_refusal is not None:  # a layout only when there is one to take down
            self.query_one("#refusal", Static).update("")
            self.query_one("#refusal").display = False
        self.last_refusal = None

    def refuse(self, refusal: Refused) -> None:
        self.last_refusal = refusal
        notice = self.query_one("#refusal", Static)
        notice.update(f"✗ {refusal}   (F1: rule {refusal.rule})")
        notice.display = True
        self.notify(str(refusal), title="Not allowed", severity="error")

    # --------------------------------------------------------- undo, redo
    # The table holds the policy (engine.core.table): the screen asks for the seat it
    # plays, and in hot seat, where everyone shares this terminal, asks everyone here.
    def action_undo(self) -> None:
        seat = self._undoer()
        if seat is None:
            self.notify("Nothing of yours to take back", severity="warning")
            return
        try:
            request = self.table.undo(seat)
        except NothingToUndo:
            self.notify("Nothing of yours to take back", severity="warning")
            return
        except Refused as refusal:  # e.g. a server's refusal: say it as it is
            self.refuse(refusal)
            return
        if request is None:
            return
        names = ", ".join(self.table.seats[s].name for s in sorted(request.others))
        if not self.hot_seat:
            self.notify(f"This also takes back decisions of {names}: waiting for them "
                        "to agree", severity="warning")
            return

        def agreed(yes: bool | None) -> None:
            if not yes:
                self._call(lambda: self.table.answer_undo(seat, False))
                return
            for other in sorted(request.others):
                self._call(lambda other=other: self.table.answer_undo(other, True))

        from maharaja_tui.screens.choice import ConfirmBox, ConfirmScreen

        self.ask(self.boxed(ConfirmBox(f"This also takes back decisions of {names}. Do all "
                                       "players agree?"), ConfirmScreen), agreed)

    def _undoer(self) -> int | None:
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else None

    def _asked_to_undo(self) -> None:
        """A networked player whose decision another's undo would take back is asked."""
        request = self.table.pending_undo
        if request is None:
            self._undo_asked = None  # a later request, even an equal one, is asked anew
        seat = self.viewer
        if self.hot_seat or request is None or seat is None or seat not in request.waiting \
                or self._undo_asked == request or self.app.screen is not self \
                or self.dialog is not None:
            return
        self._undo_asked = request
        who = self.table.seats[request.by].name

        def answered(yes: bool | None) -> None:
            if self.table.pending_undo == request:
                self._call(lambda: self.table.answer_undo(seat, bool(yes)))

        from maharaja_tui.screens.choice import ConfirmBox, ConfirmScreen

        self.ask(self.boxed(ConfirmBox(f"{who} asks to take back their last decision, which "
                                       "also takes back yours. Agree?"), ConfirmScreen),
                 answered)

    def action_redo(self) -> None:
        seat = self._undoer()
        try:
            if seat is None:
                raise NothingToUndo("CORE-REDO-1", "nothing to redo")
            self.table.redo(seat)  # the computers' replies come back with it
        except NothingToUndo:
            self.notify("Nothing to redo", severity="warning")
        except Refused as refusal:  # e.g. a server's refusal: say it as it is
            self.refuse(refusal)

    def _call(self, fn: Any) -> None:
        try:
            fn()
        except Refused as refusal:
            self.refuse(refusal)

    # --------------------------------------------------------------- focus
    def action_focus_actions(self) -> None:
        panel = self.query_one(ActionPanel)
        if panel.options.has_focus:
            self.app.bell()  # already there
        panel.focus_options()

    def action_focus_map(self) -> None:
        """The game's board: the first focusable panel of the board region."""
        for board in self._boards:
            widget = self.query_one(f"#{board}")
            if widget.focusable:
                if widget.has_focus:
                    self.app.bell()  # already there
                focus_now(widget)
                return

    def action_full_log(self) -> None:
        """The whole log on the whole terminal, what concerns this player marked."""
        from maharaja_tui.screens.log import LogScreen

        log = self.query_one(MoveLog)
        self.app.push_screen(LogScreen(log.entries, log.flagged, self.colours))

    def action_scores(self) -> None:
        from maharaja_tui.screens.final import FinalScreen

        view = self.table.view(self.viewer)
        if self.adapter.is_over(view):
            self.app.push_screen(FinalScreen(self.adapter, view, self.table.seats,
                                             self._story()))
        else:
            self.notify("The final scores come when the game is over; the players' boards "
                        "show how each stands", timeout=4)

    def action_leave(self) -> None:
        """Back to a host app's lobby (the SSH server has one); here, say what there is."""
        leave = getattr(self.app, "leave_table", None)
        if leave is not None:
            leave(self)
            return
        self.notify("Nothing to close here · ctrl+q quits (the game is saved after every "
                    "move) · ctrl+n a new game", timeout=4)

    # False where the screen runs for someone at another machine (an SSH session): a
    # file dialog would read and write the server's disk, not the player's.
    host_files = True

    def _check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save_as" and not self.host_files:
            return False  # neither offered in the footer nor run
        if action == "hint":
            return self.hints_allowed
        return True

    @property
    def hints_allowed(self) -> bool:
        """Hints are the table's choice (an SSH table allows them or not); a local table
        always does."""
        return self.table.hints

    def action_hint(self) -> None:
        """The hard computer's suggestion for this decision (a hint), thought
        out from this seat's view only, off the UI thread."""
        from maharaja_tui.screens.hint import HintBox, HintScreen

        seat = self.viewer
        if not self.hints_allowed or seat is None or self._covered:
            return
        if seat not in self.table.to_move() or not self._intents:
            self.notify("No decision of yours to hint at now", severity="warning")
            return
        view = self.table.view(seat)

        def label(intent: Any) -> Any:
            return self.adapter.label(view, seat, intent)

        self.ask(self.boxed(HintBox(self.table.ruleset, view, seat, list(self._intents), label,
                                    self.colours), HintScreen),
                 lambda intent: self.play_checked(intent) if intent is not None else None)

    def action_save_as(self) -> None:
        from maharaja_tui.screens.files import SaveScreen

        held = held_here(self.table)
        if held is None:
            self.notify("Only a game played on this computer can be saved here",
                        severity="warning")
            return
        self.app.push_screen(SaveScreen(held.game))


def build(panels: tuple[Panel, ...], *regions: str, palette: Any) -> list[Any]:
    """The widgets of the panels in ``regions``, in the adapter's order (region by region)."""
    return [panel.widget(palette, id=panel.id, classes=panel.classes)
            for region in regions for panel in panels if panel.region == region]


def refresh(screen: Screen[Any], panels: tuple[Panel, ...],
            widgets: dict[str, Any] | None = None) -> None:
    """Each panel's widget gets its data now; ``widgets`` keeps them by id (a query
    walks the whole screen, and this runs after every step)."""
    for panel in panels:
        # Any: each panel's widget class has its own ``data`` (see Panel)
        widget: Any = widgets.get(panel.id) if widgets is not None else None
        if widget is None:
            widget = screen.query_one(f"#{panel.id}")
            if widgets is not None:
                widgets[panel.id] = widget
        if widget.data != panel.data:  # else nothing to redraw
            widget.data = panel.data
