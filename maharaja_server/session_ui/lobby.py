"""The lobby a session opens on: tables, their seats and spectators; create, join, watch."""

from __future__ import annotations

import asyncio
import inspect
import logging
import os
import time
import traceback
from collections.abc import Callable, Iterable
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.coordinate import Coordinate
from textual.driver import Driver
from textual.screen import ModalScreen, Screen
from textual.widgets import Checkbox, DataTable, Input, Label, Select, Static

from engine.core.errors import IllegalIntent
from engine.core.ruleset import AnyRuleset
from maharaja_server.session_ui import commands
from maharaja_server.session_ui.form_fields import FormSelect, FormTickBox
from maharaja_server.session_ui.game_options import GameOptions
from maharaja_server.session_ui.inputgate import GatedDriver
from maharaja_server.session_ui.invite import LinksScreen
from maharaja_server.session_ui.partial_update import OnlyWhatShows
from maharaja_server.session_ui.remote import Connection, Disconnected, RemoteTable
from maharaja_server.session_ui.screens import WaitingScreen, game_screen_for
from maharaja_server.session_ui.standings import GamesScreen, RatingsScreen
from maharaja_server.session_ui.title import Titled, TitledWebDriver
from maharaja_server.session_ui.waiting import SettingsScreen, turn_text, waited
from maharaja_server.transport.protocol import SeatSpec, TableInfo, TimeControl, Turn
from maharaja_tui.compat import share_parses
from maharaja_tui.contrast import ContrastFloor
from maharaja_tui.crashlog import OneLineCrash
from maharaja_tui.keys_follow_focus import KeysFollowFocus
from maharaja_tui.minimum_size import MinimumSize
from maharaja_tui.paths import STYLE_FILES
from maharaja_tui.screens.closing import Closing, while_open
from maharaja_tui.widgets.dialog_box import HoldsTheMouse
from maharaja_tui.widgets.focus import FORM_KEYS, focus_now
from maharaja_tui.widgets.text_field import TextField

log = logging.getLogger("maharaja_server.session_ui.session")
LEVELS = ["easy", "medium", "hard", "random"]


def seat_text(info: TableInfo) -> str:
    parts = []
    out = {clock.seat for clock in info.clocks if clock.out}
    for index, seat in enumerate(info.seats):
        if index in out:
            parts.append(f"{seat.name} (out of time)")
        elif seat.kind == "free":
            parts.append("free")
        elif seat.kind == "computer":
            parts.append(f"computer ({seat.level})")
        else:
            mark = "" if seat.connected else (" (computer)" if seat.handed else " (away)")
            parts.append(seat.name + mark)
    return ", ".join(parts)


def status_text(info: TableInfo, turn: Turn | None = None, now: float = 0.0) -> str:
    if turn is not None:
        return turn_text(turn, now)
    if info.ended:
        return "ended by vote"
    if info.over:
        return "finished"
    if info.started:
        return f"playing (step {info.version})"
    return "waiting for players"



def table_seats(ruleset: AnyRuleset) -> int:
    """Seats a new table starts with: two, the fewest a shared table makes sense with
    (a ruleset whose minimum is one seat, Maharaja's solo, needs options for it)."""
    return min(max(2, ruleset.min_seats), ruleset.max_seats)

def detail_text(info: TableInfo) -> str:
    """The highlighted table's game and variants, read before taking a seat."""
    return f"Table {info.id} · {info.ruleset_name}: {info.variants or 'the standard game'}"


def keys_text(keys: Iterable[tuple[str, str, str]]) -> Content:
    """Keys as Textual's footer draws them: ``(key shown, description, action)`` each,
    the action run when it is clicked."""
    return Content.assemble(*(Content.from_markup(
        f"[@click={action}][bold $footer-key-foreground on $footer-key-background] $key "
        "[/][$footer-description-foreground on $footer-description-background]"
        "$description [/][/]", key=key, description=description)
        for key, description, action in keys))


class LobbyKeys(Horizontal):
    """The lobby's keys, drawn with the lobby in its first frame: Textual's footer
    composes its keys a refresh after the screen's first one, so the first frame had
    none, and another mount, styling, layout and frame brought them. The lobby's keys
    never change (its table shows none), so lines of text show them as Textual's
    footer does (the command palette's at the right), each key a click."""

    DEFAULT_CSS = """
    LobbyKeys { dock: bottom; height: 1; background: $footer-background; }
    LobbyKeys Static { width: 1fr; height: 1; text-wrap: nowrap; text-overflow: clip;
                       link-style: none; link-style-hover: none;
                       link-background-hover: $block-hover-background; }
    LobbyKeys #palette-key { dock: right; width: auto; border-left: vkey $foreground 20%; }
    """

    def __init__(self, keys: Iterable[tuple[str, str, str]],
                 palette: tuple[str, str, str]) -> None:
        super().__init__()
        self.keys, self.palette = list(keys), palette

    def compose(self) -> ComposeResult:
        yield Static(keys_text(self.keys))
        yield Static(keys_text([self.palette]), id="palette-key")


class LobbyScreen(Closing, Screen[None]):
    # The keys line shows what fits at 80 columns; the title line names the others.
    # Under the list, the highlighted table's variants (no column has room for them).
    DEFAULT_CSS = """
    LobbyScreen #tables { height: 1fr; }
    LobbyScreen #table-detail { height: auto; color: $text-muted; padding: 0 1; }
    """
    BINDINGS = [
        Binding("n", "new", "New table"),
        Binding("j", "join", "Join"),
        Binding("w", "watch", "Watch"),
        Binding("c", "close_table", "Close table", show=False),
        Binding("l", "links", "Links for browsers", show=False),
        Binding("g", "games", "Games"),
        Binding("r", "ratings", "Ratings"),
        Binding("s", "settings", "Notices"),
        Binding("q", "app.quit", "Quit", show=False),
    ]


    def __init__(self, drawn: bool = True) -> None:
        """``drawn=False``: under a table the session's command opens, the lobby is
        composed, styled and laid out once it first shows (``draw``), not under the
        table's screen at every session's start (a third of the CPU of a session that
        waits for its table's players before its game, scripts/profile_startup.py)."""
        super().__init__()
        self._infos: dict[int, TableInfo] = {}  # the listed tables, by id
        self.drawn = drawn
        self._composed: bool | None = None  # whether its compose drew it (None: to come)
        self._started = False

    def compose(self) -> ComposeResult:
        self._composed = self.drawn
        if not self.drawn:
            return
        yield Static(id="title")
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static(id="table-detail")
        app = self.app
        keys = [(app.get_key_display(b), b.description, b.action if "." in b.action
                 else f"screen.{b.action}") for b in self.BINDINGS
                if isinstance(b, Binding) and b.show]
        palette = Binding(app.COMMAND_PALETTE_BINDING, "command_palette")
        yield LobbyKeys(keys, (app.get_key_display(palette), "palette", "app.command_palette"))

    @while_open
    def on_mount(self) -> None:
        if self._composed:
            self.start()

    def draw(self) -> None:
        """The lobby drawn, if it is not yet: by its compose, still to come, or now."""
        if self.drawn:
            return
        self.drawn = True
        if self._composed is not None:  # composed empty
            self.call_next(self._redraw)

    @while_open
    async def _redraw(self) -> None:
        await self.recompose()
        self.start()

    @while_open
    def start(self) -> None:
        """Its list filled and followed, as it first shows."""
        if self._started:
            return
        self._started = True
        app: SessionApp = self.app  # type: ignore[assignment]
        self.show_title()
        table = self.query_one("#tables", DataTable)
        # The seats last: the longest column, cut at 80 columns rather than the status.
        table.add_columns("#", "game", "title", "status", "watching", "seats")
        app.conn.on_lobby_change.append(self._pushed)
        app.conn.on_turns.append(self._pushed)
        # How long each waiting decision has waited, said again every half minute.
        self.set_interval(30, self._tick)
        # The list the hub sent with its welcome (or pushed since), without asking again.
        self.refresh_tables(app.conn.pushed_tables)
        focus_now(table)

    def show_title(self) -> None:
        """The title line: who you are and the keys, or the decisions waiting for you."""
        app: SessionApp = self.app  # type: ignore[assignment]
        turns = app.conn.turns
        if turns:
            now = app.clock()
            text = "Your move at " + ", ".join(
                f"table {t.table} ({waited(now - t.since)})" for t in turns[:4]) + \
                (" and more" if len(turns) > 4 else "") + " · j: join the highlighted table"
        else:
            text = (f"Maharaja server · you are {app.conn.user} · j: join a free seat (or "
                    "yours), c: close your table, l: links for browsers, q: quit")
        self.query_one("#title", Static).update(Text(text, style="bold" if turns else ""))

    @while_open
    def _tick(self) -> None:
        if self.app.conn.turns and self.app.screen is self:  # type: ignore[attr-defined]
            self.refresh_tables(self.app.conn.pushed_tables)  # type: ignore[attr-defined]

    @while_open
    def _pushed(self) -> None:
        """The hub pushed the lobby: redraw from it, or later when the lobby shows again
        (a session at a table does not redraw a lobby it does not show)."""
        if self.app.screen is not self:
            self._stale = True
            return
        self.refresh_tables(self.app.conn.pushed_tables)  # type: ignore[attr-defined]

    def on_screen_resume(self) -> None:
        if not self.drawn:
            if self.app.screen is self:  # back from the table (not at its own start)
                self.draw()
        elif getattr(self, "_stale", False):
            self.refresh_tables()

    @while_open
    def refresh_tables(self, infos: list[TableInfo] | None = None) -> None:
        """Redraw the list: the one given (pushed), else asked of the server."""
        if not self.drawn:  # drawn from the server's list as it first shows
            return
        self._stale = False
        app: SessionApp = self.app  # type: ignore[assignment]
        table = self.query_one("#tables", DataTable)
        row = table.cursor_row
        table.clear()
        # The tables waiting for you first, the longest waiting first.
        turns = {t.table: t for t in reversed(app.conn.turns)}
        order = {table_id: n for n, table_id in enumerate(t.table for t in app.conn.turns)}
        listed = infos if infos is not None else app.conn.tables()
        self._infos = {info.id: info for info in listed}
        now = app.clock()
        for info in sorted(listed, key=lambda i: (order.get(i.id, len(order)), i.id)):
            turn = turns.get(info.id)
            table.add_row(str(info.id), info.ruleset_name, Text(info.title),
                          Text(status_text(info, turn, now), style="bold" if turn else ""),
                          str(info.spectators), Text(seat_text(info)), key=str(info.id))
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))
        self.show_detail()
        self.show_title()

    def on_data_table_row_highlighted(self, _: DataTable.RowHighlighted) -> None:
        self.show_detail()

    def show_detail(self) -> None:
        selected = self._selected()
        info = self._infos.get(selected) if selected is not None else None
        self.query_one("#table-detail", Static).update(
            Text(detail_text(info)) if info is not None else "")

    def _selected(self) -> int | None:
        table = self.query_one("#tables", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key
        return int(str(key.value))

    def action_new(self) -> None:
        self.app.push_screen(NewTableScreen())

    def action_join(self) -> None:
        table = self._selected()
        if table is not None:
            self.app.open_table(table, join=True)  # type: ignore[attr-defined]

    def action_watch(self) -> None:
        table = self._selected()
        if table is not None:
            self.app.open_table(table, join=False)  # type: ignore[attr-defined]

    def action_close_table(self) -> None:
        table = self._selected()
        if table is None:
            return
        app: SessionApp = self.app  # type: ignore[assignment]
        try:
            app.conn.close_table(table)
        except (IllegalIntent, Disconnected) as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify(f"Table {table} is closed.")
        self.refresh_tables()

    def action_links(self) -> None:
        table = self._selected()
        if table is not None:
            self.app.push_screen(LinksScreen(table))

    def action_settings(self) -> None:
        self.app.push_screen(SettingsScreen())

    def action_games(self) -> None:
        self.app.push_screen(GamesScreen())

    def action_ratings(self) -> None:
        self.app.push_screen(RatingsScreen())


CLOCKS = [("No clock", "none"), ("Live clock", "live"), ("Turn-based clock", "turn")]
TIMEOUTS = [("Out of time: a computer plays until they are back", "computer"),
            ("Out of time: the others vote to skip them or end", "vote")]


def time_control(kind: str, time_text: str, extra_text: str) -> TimeControl:
    """The form's clock: live (minutes a game, seconds a decision), turn-based (hours a
    decision, hours of time bank); SRV-CLOCK when a number is not one."""
    if kind == "none":
        return TimeControl()
    try:
        amount = float(time_text or ("10" if kind == "live" else "24"))
        extra = float(extra_text or ("5" if kind == "live" else "48"))
    except ValueError:
        raise IllegalIntent("SRV-CLOCK", "the clock's times are numbers") from None
    if kind == "live":
        return TimeControl("live", base=amount * 60, increment=extra)
    return TimeControl("turn", base=amount * 3600, bank=extra * 3600)


class NewTableScreen(Closing, ModalScreen[None]):
    """Create a table: game, players, computer seats and level, handover, variants."""

    BINDINGS = [Binding("escape", "dismiss", "Cancel"), *FORM_KEYS]
    DEFAULT_CSS = """
    NewTableScreen { align: center middle; }
    NewTableScreen > VerticalScroll { width: 72; height: auto; max-height: 100%;
                                      border: thick $accent; padding: 0 2;
                                      background: $surface; }
    NewTableScreen .row { height: auto; }
    NewTableScreen .row Label { padding: 1 1 0 0; }
    NewTableScreen .row Input { width: 1fr; }
    NewTableScreen #error { width: 1fr; height: auto; }  /* a refusal shows whole */
    NewTableScreen .wraps { width: 1fr; }  /* its words wrap, none cut off at 80x24 */
    """

    def compose(self) -> ComposeResult:
        app: SessionApp = self.app  # type: ignore[assignment]
        games = [(r.name, r.id) for r in app.conn.rulesets]
        first = app.default_ruleset()
        # The scroll area is no stop for Tab (a field's focus scrolls it to the field):
        # taller than 80x24, it took the focus after the last field, where Enter did
        # nothing although the heading says Enter in any field creates the table.
        with VerticalScroll(can_focus=False):
            # Cut, not wrapped, past the form's 68 columns at 80x24.
            yield Label("New table · Enter in any field creates it · Space ticks a box")
            yield FormSelect(games, value=first.id, allow_blank=False, id="game")
            with Horizontal(classes="row"):
                yield Label("Players")
                yield TextField(str(table_seats(first)), id="players", type="integer")
                yield Label("computers")
                yield TextField("0", id="computers", type="integer")
            yield FormSelect([(lvl, lvl) for lvl in LEVELS], value="medium",
                             allow_blank=False, id="level")
            yield FormTickBox("A computer takes over a seat whose player is gone", True,
                              id="handover")
            yield FormTickBox("Players may ask the hard computer for hints (h)", False,
                              id="hints")
            yield Label("Clock: live = minutes a game + seconds a decision; turn-based = "
                        "hours a decision + hours of time bank", classes="wraps")
            yield FormSelect(CLOCKS, value="none", allow_blank=False, id="clock")
            with Horizontal(classes="row"):
                yield TextField(placeholder="minutes / hours", id="time", type="number")
                yield TextField(placeholder="seconds / bank hours", id="extra", type="number")
            yield FormSelect(TIMEOUTS, value="computer", allow_blank=False, id="on-timeout")
            yield FormTickBox("Rated (people only: no computer seats)", False, id="rated")
            yield GameOptions(first.id, id="game-options")
            yield Label("", id="error")

    @while_open
    def on_mount(self) -> None:
        focus_now(self.query_one("#players", Input))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_create()

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game":  # that game's own options, at their defaults
            await self.query_one(GameOptions).show(str(event.value))

    def on_game_options_seats_chosen(self, event: GameOptions.SeatsChosen) -> None:
        self.query_one("#players", Input).value = str(event.players)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "players" and event.value.isdigit():
            self.query_one(GameOptions).seat(int(event.value))

    def action_create(self) -> None:
        """Create the table from the form's fields (Enter in any of them)."""
        app: SessionApp = self.app  # type: ignore[assignment]
        try:  # bounded before the numbers become a list's size
            players = commands.number(self.query_one("#players", Input).value or "0",
                                      "players", 1, commands.MAX_SEAT)
            computers = commands.number(self.query_one("#computers", Input).value or "0",
                                        "computer seats", 0, players)
        except IllegalIntent as exc:
            self.query_one("#error", Label).update(Text(str(exc)))
            return
        level = str(self.query_one("#level", Select).value)
        seats = [SeatSpec("computer", level) if i >= players - computers else SeatSpec()
                 for i in range(max(0, players))]
        try:
            clock = time_control(str(self.query_one("#clock", Select).value),
                                 self.query_one("#time", Input).value,
                                 self.query_one("#extra", Input).value)
            game = str(self.query_one("#game", Select).value)
            table = app.conn.create(
                game, seats, self.query_one(GameOptions).options(game),
                self.query_one("#handover", Checkbox).value,
                hints=self.query_one("#hints", Checkbox).value, clock=clock,
                on_timeout=str(self.query_one("#on-timeout", Select).value),
                rated=self.query_one("#rated", Checkbox).value, level=level)
        except IllegalIntent as exc:
            self.query_one("#error", Label).update(Text(str(exc)))
            return
        self.dismiss()
        app.open_table(table, join=players > computers)


class Listener:
    """A pushed notice's listener as handed to ``call_next``, which wraps it in a partial
    whose argument count Textual reads with ``inspect.signature`` at every call (never
    kept: the partial is new each time). Declaring the (empty) signature skips that
    walk through the listener's own partial and bound method: 3-4% of a session's Python
    CPU per move."""

    __slots__ = ("fn",)
    __signature__ = inspect.Signature()

    def __init__(self, fn: Callable[[], None]) -> None:
        self.fn = fn

    def __call__(self) -> None:
        self.fn()


class SessionApp(ContrastFloor, MinimumSize, OneLineCrash, HoldsTheMouse, KeysFollowFocus,
                 App[None]):
    """The whole per-session UI: lobby first, then a table (or a direct command).

    Its screens render only what an update writes (``partial_update``), and its CSS is
    parsed once in the session worker for every session (``compat.share_parses``): the
    game screens' style files too, read at the start (parsed by then), so that opening
    a table parses nothing again."""

    TITLE = "Maharaja"
    CSS_PATH = STYLE_FILES

    def __init__(self, conn: Connection, rulesets: dict[str, Any], command: str = "",
                 terminal: int | None = None,
                 driver_class: type[Driver] | None = None) -> None:
        # On a pty, input waits for the app (inputgate.py); a browser session (web.py)
        # runs on the web driver textual-serve names in TEXTUAL_DRIVER; a session sharing
        # a host process (host.py) on its own pty ``terminal``, by the host's driver.
        # Named, not left to TEXTUAL_DRIVER: Textual reads that once, at import, and a
        # session forked by the session worker imported it long before.
        web = os.environ.get("TEXTUAL_DRIVER", "").endswith(":WebDriver")
        self.terminal = terminal
        super().__init__(driver_class=driver_class or (TitledWebDriver if web else GatedDriver))
        share_parses(self)
        self.conn = conn
        self._titled: Titled | None = None  # the driver, once made (title.py)
        self._title_shown = ""
        self._told: set[tuple[int, int, float]] = set()  # the decisions rung for
        self.rulesets = rulesets
        self.command = command
        self.current: RemoteTable | None = None
        self.on_first_frame: Callable[[], None] | None = None  # a session host's (host.py)

    def on_ready(self) -> None:
        if self.on_first_frame is not None:
            self.on_first_frame()
        self._turns_changed()  # those waiting when the session started

    def driver_ready(self, driver: Titled) -> None:
        self._titled = driver

    def clock(self) -> float:
        """The time as the server tells it (the same machine's clock)."""
        return time.time()

    def _turns_changed(self) -> None:
        """This player's waiting decisions changed: one that has just come up rings the
        bell and says so; the terminal's title names the first of them."""
        turns = self.conn.turns
        keys = {(t.table, t.seat, t.since) for t in turns}
        new = [t for t in turns if (t.table, t.seat, t.since) not in self._told]
        self._told = keys
        title = f"Maharaja — your move at table {turns[0].table}" if turns else "Maharaja"
        if title != self._title_shown and self._titled is not None:
            self._title_shown = title
            self._titled.set_title(title)
        if new:
            self.bell()
            # Said only of another table: at this one the status line says it, and a toast
            # over the list at every turn hid the dialog's keys for ten seconds.
            here = self.current.id if self.current is not None else None
            elsewhere = [t for t in new if t.table != here]
            if elsewhere:
                first = elsewhere[0]
                self.notify(f"Your move at table {first.table}: {first.title} ({first.game})",
                            title="Your move", timeout=10)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's palette, without commands that write files on the server's host
        (Screenshot wrote SVGs into the operator's ~/Downloads)."""
        for command in super().get_system_commands(screen):
            if "screenshot" not in command.title.lower():
                yield command

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        self.notify("Screenshots are taken by your own terminal here", severity="warning")

    def crash_report(self, error: BaseException) -> str:
        """The traceback (no local variables) to the server's sessions log; the remote
        player gets one line without host paths."""
        log.error("session of %s crashed:\n%s", self.conn.user,
                  "".join(traceback.format_exception(error)).rstrip())
        return ("The session hit an internal error and was closed; the server has logged "
                "it. Reconnect to resume your seat.")

    def default_ruleset(self) -> Any:
        return self.conn.rulesets[0]  # the server lists its default game first

    def get_default_screen(self) -> Screen[Any]:
        # The lobby is the bottom of the stack itself: over Textual's bare default screen
        # it was the second screen composed, styled, laid out and resized before the
        # first frame.
        # A command that opens a table (join, watch, new) shows the table first: the
        # lobby under it is drawn once it shows (if the command fails, at once).
        lobby = LobbyScreen(drawn=not self.command.strip())
        OnlyWhatShows.install(lobby)
        return lobby

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(screen, Screen):
            OnlyWhatShows.install(screen)
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen: Any) -> Any:
        if isinstance(screen, Screen):
            OnlyWhatShows.install(screen)
        return super().switch_screen(screen)

    def on_load(self) -> None:
        # Before the lobby mounts (it is the default screen, composed before on_mount):
        # it subscribes to the pushed list then.
        loop = asyncio.get_running_loop()
        # Pushes arrive on the connection's reader thread; run listeners on our loop.
        def dispatch(fn: Any) -> None:
            try:
                # Through the app's own queue, so fn runs in Textual's context.
                loop.call_soon_threadsafe(self.call_next, Listener(fn))
            except RuntimeError:
                pass  # the app is shutting down

        self.conn.dispatch = dispatch
        self.conn.on_turns.append(self._turns_changed)

    def on_mount(self) -> None:
        self.conn.on_disconnect.append(lambda: self.exit(message="The server went away."))
        if self.conn.closed:  # it went before there was anyone to tell
            self.exit(message="The server went away.")
            return
        self.run_command(self.command)

    def run_command(self, command: str) -> None:
        """``ssh host join 3`` / ``join 3 2`` / ``watch 3`` / ``new [GAME] [SEATS]``."""
        try:
            parsed = commands.parse(command, self.conn.rulesets, self.default_ruleset())
            match parsed:
                case commands.Join(table, seat):
                    self.open_table(table, join=True, seat=seat)
                case commands.Watch(table):
                    self.open_table(table, join=False)
                case commands.New(game, seats):
                    table = self.conn.create(game.id, [SeatSpec()] * seats)
                    self.open_table(table, join=True)
        except (IllegalIntent, Disconnected) as exc:
            self.notify(str(exc), severity="error")
        lobby = self.screen
        if isinstance(lobby, LobbyScreen):  # no table opened: the lobby shows
            lobby.draw()

    def open_table(self, table_id: int, *, join: bool, seat: int | None = None) -> None:
        try:
            if join:
                seat = self.conn.join(table_id, seat)
            else:
                self.conn.watch(table_id)
                seat = None
            remote = RemoteTable(self.conn, table_id, self.rulesets)
        except (IllegalIntent, Disconnected) as exc:
            self.notify(str(exc), severity="error")
            return
        self.current = remote
        screen = game_screen_for(remote, seat) if remote.info.started \
            else WaitingScreen(remote, seat)
        self.push_screen(screen)

    def leave_table(self, screen: Screen[Any]) -> None:
        if self.current is not None:
            try:
                self.conn.leave(self.current.id)
            except (IllegalIntent, Disconnected):
                pass
            self.current.close()
            self.current = None
        self.pop_screen()
        lobby = self.screen
        if isinstance(lobby, LobbyScreen):
            lobby.refresh_tables()
