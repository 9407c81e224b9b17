"""Table screens for a session: the real game screen when the UI provides one, else ours.

``TableScreen`` is deliberately plain: the seat's view as text, the legal intents
as a list (Enter plays the highlighted one) and the move log. It drives any
LocalTable-like object, so it works for every ruleset on the server.
"""

from __future__ import annotations

import logging
import time
from typing import Any, cast

import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core.describe import plain
from engine.core.errors import IllegalIntent
from maharaja_server.session_ui.invite import LinksScreen
from maharaja_server.session_ui.text_rows import TextRows
from maharaja_server.session_ui.waiting import clock_text
from maharaja_tui.compat import FOCUS_REPAINTS_NOTHING
from maharaja_tui.screens.choice import ChoiceBox
from maharaja_tui.screens.closing import Closing, top_screen, while_open
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.widgets.choices import Choices
from maharaja_tui.widgets.dialog_box import SCREEN_CSS, DialogLayer
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.footer import Footer
from maharaja_tui.widgets.segments import Painter

LOG_LINES = 12
LOG_ROWS = 12  # the log panel's rows inside its border (height 14 in the CSS)
VIEW_STEP = 8  # the view's least height; it doubles from there (_fit_view)
log = logging.getLogger("maharaja_server.session_ui.screens")


def table_notes(info: Any, now: float,
                viewer: int | None = None) -> tuple[tuple[str, str], ...]:
    """What the table adds to a status line: the clocks of the seats deciding (every
    seat's screen shows them, a spectator's too), whose time ran out, a game the
    players ended, and what the ratings are at a rated table."""
    if info is None:
        return ()
    names = [seat.name or f"seat {n + 1}" for n, seat in enumerate(info.seats)]
    parts: list[tuple[str, str]] = []
    for clock in info.clocks:
        if clock.running and clock.deadline is not None:
            left = clock.deadline - now
            parts.append((f" · {names[clock.seat]} {clock_text(left)}",
                          "warning" if left < 60 else "strong"))
    if info.timed_out:
        parts.append((" · time ran out: " + ", ".join(names[s] for s in info.timed_out),
                      "warning"))
    if viewer is not None and any(c.out and c.seat == viewer for c in info.clocks):
        parts.append((" · a computer plays for you: Esc, then j here takes your seat back",
                      "warning"))
    if info.ended:
        parts.append((f" · {info.ended}", "warning"))
    return tuple(parts)


class StepShown:
    """A game's adapter whose status line ends with the table's step, as the lobby
    ("playing (step 12)") and the plain table screen say it, and "your move" when the
    seat decides now: players at one table can name a moment, and a player in another
    window sees their turn come (and so does the load test, scripts/load_ssh.py). Then
    the table's clocks and timeouts (``table_notes``)."""

    def __init__(self, adapter: Any, table: Any) -> None:
        self._adapter = adapter
        self._table = table
        self.last: tuple[Any, int | None, Any] | None = None  # the status's last arguments

    def __getattr__(self, name: str) -> Any:
        return getattr(self._adapter, name)

    def status(self, view: Any, viewer: int | None, to_move: Any) -> tuple[Any, ...]:
        self.last = (view, viewer, to_move)
        parts = (*self._adapter.status(view, viewer, to_move),
                 (f" · step {getattr(self._table, 'version', 0)}", "dim"))
        if viewer is not None and viewer in to_move:
            parts += ((" · your move", "strong"),)
        return parts + table_notes(getattr(self._table, "info", None), time.time(), viewer)


class ServerGameScreen(GameScreen):
    """The game screen at a server's table: its clocks tick on the status line (every
    second at a live table, every half minute at a turn-based one), and a player asked
    to vote on a seat whose time ran out is asked."""

    DEFAULT_CSS = f"ServerGameScreen {{ {SCREEN_CSS} }}"
    DIALOGS_INSIDE = True
    focused = FOCUS_REPAINTS_NOTHING
    _voted: tuple[int, int] | None = None  # (table version, seat out) last asked about

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield DialogLayer()

    @while_open
    def on_mount(self) -> None:
        info = getattr(self.table, "info", None)
        if info is not None and info.clock.kind != "none":
            self.set_interval(1.0 if info.clock.kind == "live" else 30.0, self._tick)
        # A remote table's listeners run on the app's own loop (the session's dispatch).
        self.table.subscribe(self._vote_now)
        self._vote_now()

    @while_open
    def _tick(self) -> None:
        adapter = self.adapter
        if not isinstance(adapter, StepShown) or adapter.last is None:
            return
        actions, _ = self._fixed
        self.show_status(Painter(actions, self.colours).text(adapter.status(*adapter.last)))

    @while_open
    def _vote_now(self) -> None:
        info: Any = getattr(self.table, "info", None)
        vote = info.vote if info is not None else None
        seat = self.viewer
        if vote is None or seat is None or seat not in vote.voters \
                or seat in vote.skip or seat in vote.end or self._voted == (info.id, vote.seat) \
                or not self.asks_nothing():
            return
        self._voted = (info.id, vote.seat)
        name = info.seats[vote.seat].name or f"seat {vote.seat + 1}"
        labels: list[Any] = [((f"Skip {name}: the easy computer plays for them until they are back",
                    ""),), (("End the game now (it is not rated)", ""),)]

        def voted(index: int | None) -> None:
            if index is None:
                self._voted = None  # asked again at the next change
                return
            try:
                self.app.conn.vote(info.id, seat, ("skip", "end")[index])  # type: ignore[attr-defined]
            except IllegalIntent as refusal:
                self.refuse(refusal)

        # Drawn inside this screen, as its other questions (asked only when none is open)
        self.ask(ChoiceBox(f"{name}'s time ran out. What now? (a majority of the others "
                           "decides)", labels, self.colours), voted)


def game_screen_for(table: Any, seat: int | None) -> Screen[None]:
    """The UI's game screen when it can show this game, else the plain table screen."""
    try:
        screen = ServerGameScreen(table, seat)
        screen.host_files = False  # no save-as onto the server's disk
        screen.adapter = cast(Any, StepShown(screen.adapter, table))  # the adapter, and more
        return screen
    except Exception as exc:  # UnsupportedGame (e.g. the test game), or a UI bug
        log.info("game screen unavailable for %s: %s", table.ruleset.id, exc)
        return TableScreen(table, seat)


def describe_intent(intent: Any) -> str:
    data = msgspec.to_builtins(intent)
    if not isinstance(data, dict):
        return str(data)
    tag = data.pop("type", type(intent).__name__)
    fields = ", ".join(f"{k}={v}" for k, v in data.items())
    return f"{tag} {fields}".strip()


def format_view(view: Any) -> str:
    data = msgspec.to_builtins(view)
    if not isinstance(data, dict):
        return str(data)
    lines = []
    for key, value in data.items():
        text = msgspec.json.encode(value).decode() if not isinstance(value, str) else value
        lines.append(f"{key}: {text}")
    return "\n".join(lines)


class ViewBox(VerticalScroll):
    """The view's scrolling box: a new height of the view (_fit_view) is one layout pass.

    The pass that sizes the view gives the box a new virtual size, and Textual's
    reactive asked for a second whole-screen layout for it; the box's own
    size is unchanged, its scrollbar follows the virtual size at once (_scroll_update),
    and its column is kept for the scrollbar (scrollbar-gutter: stable), so nothing
    else on the screen depends on it."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)


class TableScreen(Closing, Screen[None]):
    BINDINGS = [Binding("escape", "leave", "Back to the lobby")]
    AUTO_FOCUS = "#intents"  # Enter must always reach the choices, whatever got focus first
    # Ids of its own: the app's style files (maharaja_tui/styles), which a session reads
    # for the game screens, style #status, #main and #log as a game screen's.
    DEFAULT_CSS = """
    TableScreen #table-status { height: 1; background: $primary-background; padding: 0 1; }
    TableScreen #table-main { height: 1fr; }
    TableScreen #view-box { width: 2fr; border: round $secondary; scrollbar-gutter: stable; }
    TableScreen #view { min-height: 100%; }
    TableScreen #intents { width: 1fr; height: 1fr; border: round $accent; }
    TableScreen #table-log { height: 14; border: round $secondary; padding: 0 1; }  /* its rows
        from the start: a log that grew row by row laid the screen out at every move */
    """

    def __init__(self, table: Any, seat: int | None) -> None:
        super().__init__()
        self.table = table
        self.seat = seat
        self._intents: list[Any] = []
        self._view_height = 0  # the view's height as _fit_view last set it

    def compose(self) -> ComposeResult:
        yield TextRows(id="table-status")
        with Horizontal(id="table-main"):
            with ViewBox(id="view-box", can_focus=False):
                yield TextRows(id="view")
            yield Choices(id="intents")
        yield TextRows(id="table-log", scrolls=True)  # its rows move up a move
        yield Footer()

    @while_open
    def on_mount(self) -> None:
        self.table.subscribe(self._changed)
        self.query_one("#view-box").border_title = "Your view" if self.seat is not None \
            else "Public view"
        self.query_one("#intents").border_title = "Your choices"
        self.query_one("#table-log").border_title = "Log"
        self.refresh_table()
        focus_now(self.query_one("#intents", Choices))
        info = getattr(self.table, "info", None)
        if info is not None and info.clock.kind != "none":  # its clocks tick
            self.set_interval(1.0 if info.clock.kind == "live" else 30.0, self.refresh_table)

    @while_open
    def _changed(self) -> None:
        self.refresh_table()

    def refresh_table(self) -> None:
        table, seat = self.table, self.seat
        to_move = table.to_move()
        before = self._intents
        self._intents = table.legal_intents(seat) if seat is not None and seat in to_move else []
        names = [s.name for s in table.seats]
        who = f"seat {seat + 1} ({names[seat]})" if seat is not None else "spectator"
        if not to_move:
            state = "game over"
        elif self._intents:
            state = "YOUR MOVE"
        else:
            state = "waiting for " + ", ".join(names[s] for s in to_move)
        version = getattr(table, "version", 0)
        # The status line is one row whatever it says (height 1: no layout pass for it),
        # drawn as the text panels are: a Static's content pipeline cost twice as much a
        # move, and an unchanged text (a player's own move drawn after play and again at
        # its notice) is left alone.
        notes = "".join(text for text, _ in table_notes(getattr(table, "info", None),
                                                        time.time()))
        self.query_one("#table-status", TextRows).show(
            f"Table {getattr(table, 'id', '')} · {table.ruleset.name} · {who} · "
            f"step {version} · {state}{notes}")
        # The view and the log repaint only the rows a move changes (TextRows).
        self.query_one("#view", TextRows).show(format_view(table.view(seat)))
        self._fit_view()
        options = self.query_one("#intents", Choices)
        if self._intents != before or options.option_count != len(self._intents):
            # Rebuilt only when the choices changed: most notices find a waiting
            # player with none before and after.
            options.replace_choices([Option(Text(describe_intent(i))) for i in self._intents],
                                    options.highlighted)
        lines = [plain(d) for d in table.log(seat)[-LOG_LINES:]]
        self.query_one("#table-log", TextRows).show("\n".join(lines))

    def _fit_view(self) -> None:
        """Size the view in doubling steps (at least VIEW_STEP rows, and at least its box,
        min-height): each change of its height is a layout pass of the whole screen that
        repaints every panel (a dozen moves' CPU at a session), and a view that grows all
        game long (the load test's) changed it every few rounds with steps of 8 rows; doubled,
        a view of N rows has changed it about log2(N / 8) times. Its box keeps the
        scrollbar's columns (scrollbar-gutter: stable), so the view's width, hence its
        rows, never depend on whether it scrolls."""
        view = self.query_one("#view", TextRows)
        if not view.content_size.width:  # not laid out yet: on_resize sizes it
            return
        rows = view.row_count
        if rows > self._view_height or rows <= self._view_height // 4:
            # Grows to fit; shrinks only when three quarters are blank, so a text whose
            # rows hover about a step's edge keeps one height.
            height = VIEW_STEP
            while height < rows:
                height *= 2
            if height != self._view_height:
                self._view_height = height
                view.styles.height = height

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_view)  # the view's rows at its new width

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.seat is None or not 0 <= event.option_index < len(self._intents):
            return
        try:
            self.table.play(self.seat, self._intents[event.option_index])
        except IllegalIntent as exc:
            self.notify(str(exc), severity="error")
        self.refresh_table()

    def action_leave(self) -> None:
        self.app.leave_table(self)  # type: ignore[attr-defined]


class WaitingScreen(Closing, Screen[None]):
    """Shown until every seat of a table is taken; then it becomes the game screen."""

    BINDINGS = [Binding("escape", "leave", "Back to the lobby"),
                Binding("l", "links", "Links for browsers")]

    def __init__(self, table: Any, seat: int | None) -> None:
        super().__init__()
        self.table = table
        self.seat = seat
        self._started = False

    def compose(self) -> ComposeResult:
        yield Static(id="waiting")
        yield Footer()

    @while_open
    def on_mount(self) -> None:
        self.table.subscribe(self._changed)
        self.app.conn.on_lobby_change.append(self._lobby)  # type: ignore[attr-defined]
        self._lobby(ask=True)  # the game may have started before we subscribed

    def on_unmount(self) -> None:
        self._stop_listening()  # a room left is not kept alive by the table or the lobby

    def _stop_listening(self) -> None:
        self.table.unsubscribe(self._changed)
        if self._lobby in self.app.conn.on_lobby_change:  # type: ignore[attr-defined]
            self.app.conn.on_lobby_change.remove(self._lobby)  # type: ignore[attr-defined]

    @while_open  # a push that comes as the room closes (left, or its game started)
    def _lobby(self, ask: bool = False) -> None:
        if not self._started:
            pushed = None if ask else self.app.conn.pushed_tables  # type: ignore[attr-defined]
            mine = [i for i in pushed or () if i.id == self.table.id]
            if mine and mine[0].version >= self.table.info.version:
                self.table.saw(mine[0])  # the lobby's push holds this table's info
            else:
                self.table.refresh_info()
            self._changed()

    @while_open
    def _changed(self) -> None:
        if self._started:
            return
        info = self.table.info
        if info.started:
            self._started = True  # several notices may arrive before the switch is done
            self._stop_listening()
            # The links dialog closes with the wait (the size cover, if up, stays).
            while top_screen(self.app) is not self:
                self.app.pop_screen()
            self.app.switch_screen(game_screen_for(self.table, self.seat))
            return
        seats = "\n".join(
            f"  seat {i + 1}: " + (s.name if s.kind != "free" else "(free)")
            for i, s in enumerate(info.seats))
        self.query_one("#waiting", Static).update(Text(
            f"Table {info.id} · {info.ruleset_name} · {info.title}\n"
            f"{'Variants: ' + info.variants if info.variants else 'The standard game'}."
            f"\n\n{seats}\n\n"
            "The game starts once every seat is taken. l: join links for the free seats "
            "(players in a browser)."))

    def action_links(self) -> None:
        self.app.push_screen(LinksScreen(self.table.id))

    def action_leave(self) -> None:
        self.app.leave_table(self)  # type: ignore[attr-defined]
