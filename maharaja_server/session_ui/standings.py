"""The server's finished games, its leaderboards and each player's page, and the
replay of a finished game (everything revealed: a finished game has no secret left).

``g`` in the lobby lists the finished games (``m`` only yours), Enter replays one;
``r`` shows a game's leaderboard, Enter a player's page: their rating in each game,
its history and their last games. The replay shows each step's clocks on its status
line; ``c`` copies the game's record (OSC 52: to your own clipboard, over SSH too).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.coordinate import Coordinate
from textual.screen import Screen
from textual.widgets import DataTable, Select, Static

from engine.core import record
from engine.core.errors import IllegalIntent, RecordError
from maharaja_server.session_ui.waiting import clock_text
from maharaja_server.transport.protocol import GameFile, GameSummary
from maharaja_tui.screens.closing import Closing, while_open
from maharaja_tui.screens.replay import ReplayScreen
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.footer import Footer

# What a replay on the server may not do: files on the server's disk, a new game or
# the analysis's processes there (the record is copied to the player's clipboard).
SERVER_SIDE = ("save_record", "play_from", "analyse", "next_mistake")


def day(epoch: float) -> str:
    return dt.datetime.fromtimestamp(epoch).strftime("%Y-%m-%d %H:%M")


def rating_text(mu: float, sigma: float) -> str:
    return f"{mu:.1f} ±{sigma:.1f}"


def result_text(game: GameSummary) -> str:
    order = sorted(range(len(game.players)), key=lambda s: (game.places[s], s))
    text = ", ".join(f"{game.places[s]}. {game.players[s]}" for s in order)
    if game.ended:
        text = f"{game.ended} · {text}"
    elif game.timed_out:
        text += " · time ran out: " + ", ".join(game.players[s] for s in game.timed_out)
    return text


class ServerReplayScreen(ReplayScreen):
    """The replay viewer over the server: each step's clocks on the status line."""

    def __init__(self, game: Any, found: GameFile, names: list[str]) -> None:
        super().__init__(game, reveal=True)
        self.names = names
        self.clocks = {c.step: c for c in found.clocks}
        self.timed = found.clock.kind != "none"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in SERVER_SIDE:
            return False
        return super().check_action(action, parameters)

    def show(self) -> None:
        super().show()
        replay = self.replay
        step = replay.step_of[replay.position - 1] + 1 if replay.position else 0
        clock = self.clocks.get(step)
        if clock is None:
            return
        status = self.query_one("#status", Static)
        text = Text.assemble(status.content if isinstance(status.content, Text) else "",
                             f" · {day(clock.at)}")
        if self.timed:
            text.append(" · " + " ".join(f"{n} {clock_text(left)}"
                                         for n, left in zip(self.names, clock.left,
                                                            strict=False)))
        status.update(text)


def open_replay(screen: Screen[Any], game_id: int) -> None:
    """Ask the server for a finished game and show it in the replay viewer."""
    app: Any = screen.app
    try:
        found = app.conn.record(game_id)
        game = record.decode(found.save, app.rulesets, name=f"game {game_id}")
    except (IllegalIntent, RecordError) as exc:
        screen.notify(str(exc), severity="error")
        return
    app.push_screen(ServerReplayScreen(game, found, [s.name for s in game.seats]))


class GamesScreen(Closing, Screen[None]):
    """The finished games kept on the server, the latest first."""

    BINDINGS = [Binding("escape", "dismiss", "Back"),
                Binding("enter", "replay", "Replay", priority=True),
                Binding("m", "mine", "Only mine / all")]

    def __init__(self, name: str = "") -> None:
        super().__init__()
        self.only = name

    def compose(self) -> ComposeResult:
        yield Static(id="games-title")
        yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield Footer()

    @while_open
    def on_mount(self) -> None:
        table = self.query_one("#games", DataTable)
        table.add_columns("#", "finished", "game", "title", "rated", "result")
        self.fill()
        focus_now(table)

    def fill(self) -> None:
        app: Any = self.app
        try:
            games = app.conn.games(self.only)
        except IllegalIntent as exc:
            self.notify(str(exc), severity="error")
            games = []
        names = {r.id: r.name for r in app.conn.rulesets}
        self.query_one("#games-title", Static).update(Text(
            f"Finished games{' of ' + self.only if self.only else ''} · Enter: replay "
            "(everything shown) · c in the replay copies its record"))
        table = self.query_one("#games", DataTable)
        table.clear()
        for game in games:
            table.add_row(str(game.id), day(game.finished), names.get(game.ruleset, game.ruleset),
                          Text(game.title), "rated" if game.rated else "",
                          Text(result_text(game)), key=str(game.id))

    def action_replay(self) -> None:
        table = self.query_one("#games", DataTable)
        if table.row_count:
            key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key
            open_replay(self, int(str(key.value)))

    def action_mine(self) -> None:
        self.only = "" if self.only else self.app.conn.user  # type: ignore[attr-defined]
        self.fill()


class RatingsScreen(Closing, Screen[None]):
    """A game's leaderboard: rating (skill ± uncertainty), ordered by the skill shown
    with near certainty (mu - 3 sigma)."""

    BINDINGS = [Binding("escape", "dismiss", "Back"),
                Binding("enter", "player", "Player's page", priority=True),
                Binding("m", "me", "My page")]

    def compose(self) -> ComposeResult:
        app: Any = self.app
        games = [(r.name, r.id) for r in app.conn.rulesets]
        yield Static("Ratings · rated tables only · Enter: the player's page")
        yield Select(games, value=games[0][1], allow_blank=False, id="board-game")
        yield DataTable(id="board", cursor_type="row", zebra_stripes=True)
        yield Footer()

    @while_open
    def on_mount(self) -> None:
        self.query_one("#board", DataTable).add_columns("#", "player", "rating", "games")
        self.fill()
        focus_now(self.query_one("#board", DataTable))

    def on_select_changed(self, event: Select.Changed) -> None:
        self.fill()

    def fill(self) -> None:
        app: Any = self.app
        board = self.query_one("#board", DataTable)
        board.clear()
        try:
            rows = app.conn.leaderboard(str(self.query_one("#board-game", Select).value))
        except IllegalIntent as exc:
            self.notify(str(exc), severity="error")
            return
        for n, row in enumerate(rows, start=1):
            board.add_row(str(n), Text(row.name), rating_text(row.mu, row.sigma),
                          str(row.games), key=row.name)

    def action_player(self) -> None:
        board = self.query_one("#board", DataTable)
        if board.row_count:
            key = board.coordinate_to_cell_key(Coordinate(board.cursor_row, 0)).row_key
            self.app.push_screen(PlayerScreen(str(key.value)))

    def action_me(self) -> None:
        self.app.push_screen(PlayerScreen(self.app.conn.user))  # type: ignore[attr-defined]


class PlayerScreen(Closing, Screen[None]):
    """A player's page: their rating in each game with its history, their last games."""

    BINDINGS = [Binding("escape", "dismiss", "Back"),
                Binding("enter", "replay", "Replay", priority=True)]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        yield Static(id="player-ratings")
        yield DataTable(id="player-games", cursor_type="row", zebra_stripes=True)
        yield Footer()

    @while_open
    def on_mount(self) -> None:
        app: Any = self.app
        try:
            page = app.conn.player(self.player)
        except IllegalIntent as exc:
            self.notify(str(exc), severity="error")
            return
        names = {r.id: r.name for r in app.conn.rulesets}
        lines = [f"{page.name}"]
        for line in page.ratings:
            history = " → ".join(f"{mu:.1f}" for _, mu, _ in line.history[-8:])
            lines.append(f"  {names.get(line.ruleset, line.ruleset)}: "
                         f"{rating_text(line.mu, line.sigma)} after {line.games} rated "
                         f"game{'s' if line.games != 1 else ''}  ({history})")
        if not page.ratings:
            lines.append("  no rated game yet")
        lines.append("Last games (Enter: replay):")
        self.query_one("#player-ratings", Static).update(Text("\n".join(lines)))
        table = self.query_one("#player-games", DataTable)
        table.add_columns("#", "finished", "game", "rated", "result")
        for game in page.games:
            table.add_row(str(game.id), day(game.finished), names.get(game.ruleset, game.ruleset),
                          "rated" if game.rated else "", Text(result_text(game)),
                          key=str(game.id))
        focus_now(table)

    def action_replay(self) -> None:
        table = self.query_one("#player-games", DataTable)
        if table.row_count:
            key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key
            open_replay(self, int(str(key.value)))
