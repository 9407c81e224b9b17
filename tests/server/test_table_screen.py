"""The plain table screen (rulesets without a game screen; the SSH load test's screen),
read as a player's terminal shows it: what it shows after moves, scrolls and resizes is
what a fresh session opening the same table at that moment shows. How much it redraws
a move is the benchmarks' business (scripts/profile_session.py, scripts/bench/ssh.py)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from fake_ruleset import LONG, RULESET
from terminal import recording, run, screen_of
from textual.app import App
from textual.pilot import Pilot

from engine.core.game import Game
from engine.core.ruleset import HUMAN, Seat
from engine.core.table import LocalTable
from maharaja_server.session_ui.partial_update import OnlyWhatShows
from maharaja_server.session_ui.screens import LOG_ROWS, VIEW_STEP, TableScreen, describe_intent
from maharaja_server.session_ui.text_rows import TextRows
from maharaja_tui.paths import STYLE_FILES

SIZE = (110, 34)


class _Host(App[None]):
    """A table screen as a session shows it (its compositor a session's, the game
    screens' style files read)."""

    CSS_PATH = STYLE_FILES

    def __init__(self, table: LocalTable, writes: list[str] | None = None) -> None:
        super().__init__(driver_class=None if writes is None else recording(writes))
        self.table = table

    def on_mount(self) -> None:
        screen = TableScreen(self.table, 0)
        OnlyWhatShows.install(screen)
        self.push_screen(screen)


def long_table() -> LocalTable:
    return LocalTable(Game(LONG, [Seat(f"p{i}", HUMAN) for i in range(4)], None, 7))


def play(table: LocalTable, not_seat: int | None = 0) -> None:
    """One move: another seat's when one is to move, else the first to move."""
    seat = next((s for s in table.to_move() if s != not_seat), table.to_move()[0])
    table.play(seat, table.legal_intents(seat)[0])


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.pause()


async def fill_the_log(pilot: Pilot[Any], table: LocalTable) -> None:
    """Play until the log has filled its height (the first moves grow it)."""
    for _ in range(LOG_ROWS + 2):
        play(table, None)
        await pilot.pause()


def fresh(table: LocalTable, size: tuple[int, int] = SIZE) -> list[str]:
    """What a new session opening ``table`` now shows."""
    writes: list[str] = []
    asyncio.run(run(_Host(table, writes), size, settle))
    return screen_of(writes, size)


def snapshot(table: LocalTable) -> LocalTable:
    """A table in the same state as ``table``: the same moves played again from its
    seed."""
    copy = long_table()
    for step in table.game.steps:
        if step.intent is not None:
            copy.play(step.seat, step.intent)
    assert copy.version == table.version
    return copy


def test_after_each_move_the_terminal_shows_the_table_as_it_is() -> None:
    """A move repaints only the rows it changes, the log's rows scroll on the terminal
    (a scroll region) instead of being written again, a row that moved is reused, new
    choices repaint their rows, the view changes height in steps: after every move the
    terminal shows what a session opening the table then shows, and the log did scroll
    on the terminal."""
    table = long_table()
    writes: list[str] = []
    moments: list[tuple[list[str], LocalTable]] = []

    async def moves(pilot: Pilot[Any]) -> None:
        await fill_the_log(pilot, table)
        for _ in range(12):
            play(table)
            await settle(pilot)
            moments.append((screen_of(writes, SIZE), snapshot(table)))

    asyncio.run(run(_Host(table, writes), SIZE, moves))
    assert any(re.search(r"\x1b\[\d+;\d+r", w) for w in writes), "the log never scrolled"
    for shown, state in moments:
        assert shown == fresh(state)
    assert f"step {table.version}" in moments[-1][0][0]


def test_a_players_own_move_shows() -> None:
    """Enter plays the highlighted choice; the status line shows the new step."""
    table = LocalTable(Game(RULESET, [Seat("ann", HUMAN), Seat("bob", HUMAN)], None, 3))
    writes: list[str] = []

    async def own_move(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        version = table.version
        await pilot.press("enter")  # seat 0 plays its first choice
        await settle(pilot)
        assert table.version > version

    asyncio.run(run(_Host(table, writes), SIZE, own_move))
    assert f"step {table.version}" in screen_of(writes, SIZE)[0]


def test_an_idle_table_screen_writes_nothing() -> None:
    """128 sessions on 2 cores leave no room for a session that redraws while nothing
    happens (a timer, a blinking cursor, a clock): waiting for the others to move, the
    screen writes nothing to its terminal."""
    table = long_table()
    writes: list[str] = []
    idle: list[int] = []

    async def wait(pilot: Pilot[Any]) -> None:
        play(table)
        await settle(pilot)
        await pilot.pause(0.3)  # anything the move set going has run
        before = len(writes)
        await pilot.pause(1.5)
        idle.append(len(writes) - before)

    asyncio.run(run(_Host(table, writes), SIZE, wait))
    assert idle == [0]


def test_the_panels_hold_their_whole_text() -> None:
    """The log has its rows from the start (blank under a short log), the view grows in
    steps and never cuts its text, the choices list every legal intent."""
    table = long_table()
    checks: list[str] = []

    async def moves(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        view, log = screen.query_one("#view", TextRows), screen.query_one("#table-log", TextRows)
        assert log.content_size.height == LOG_ROWS  # a short log: blank rows under it
        for _ in range(24):
            play(table)
            await settle(pilot)
            for panel in (view, log):
                rows = panel.get_content_height(panel.container_size, screen.size,
                                                panel.content_size.width)
                if panel is view:
                    assert panel.content_size.height >= rows
                else:
                    assert panel.content_size.height == min(max(rows, LOG_ROWS), LOG_ROWS)
            checks.append(screen.query_one("#table-status", TextRows).text)

    asyncio.run(run(_Host(table, []), SIZE, moves))
    assert f"step {table.version}" in checks[-1]


def test_new_choices_show_in_the_list() -> None:
    """The choices change twice a round at every seat (its own plan, the next deal):
    the list shows the legal intents of the moment, and nothing under them."""
    table = long_table()
    writes: list[str] = []
    box: list[Any] = []

    async def moves(pilot: Pilot[Any]) -> None:
        await fill_the_log(pilot, table)
        box.append(pilot.app.screen.query_one("#intents").region)
        for _ in range(12):  # three rounds: seat 0 plans, the others, a new deal
            play(table, None)
            await settle(pilot)

    asyncio.run(run(_Host(table, writes), SIZE, moves))
    region = box[0]
    shown = [line[region.x:region.right] for line in screen_of(writes, SIZE)]
    shown = shown[region.y:region.bottom]
    options = [describe_intent(i) for i in table.legal_intents(0)] if 0 in table.to_move() \
        else []
    assert [line.strip("│ ") for line in shown[1:1 + len(options)]] == options
    assert not any(line.strip("│ ") for line in shown[1 + len(options):-1])


def test_rows_kept_by_their_text_follow_a_new_width() -> None:
    """A row is kept by its text (TextRows.render_lines); a narrower window wraps the
    lines into other rows, and the first frame at the new width can come before the
    panel hears of its resize. After a resize, and after moves at the new width, the
    terminal shows what a session opening the table at that width shows."""
    table = long_table()
    writes: list[str] = []
    checked: list[tuple[list[str], LocalTable, int]] = []

    async def resize(pilot: Pilot[Any]) -> None:
        for _ in range(40):  # rounds enough for the view's long line to wrap
            play(table, None)
            await pilot.pause()
        for width in (84, 97, 110):
            await pilot.resize_terminal(width, SIZE[1])
            await settle(pilot)
            checked.append((screen_of(writes, (width, SIZE[1])), snapshot(table), width))
            play(table, None)
            await settle(pilot)
            checked.append((screen_of(writes, (width, SIZE[1])), snapshot(table), width))

    asyncio.run(run(_Host(table, writes), SIZE, resize))
    for shown, state, width in checked:
        assert shown == fresh(state, (width, SIZE[1]))


def test_a_border_title_shows_on_the_log() -> None:
    table = long_table()
    writes: list[str] = []

    async def title(pilot: Pilot[Any]) -> None:
        await fill_the_log(pilot, table)
        pilot.app.screen.query_one("#table-log", TextRows).border_title = "Log of the table"
        await settle(pilot)

    asyncio.run(run(_Host(table, writes), SIZE, title))
    assert any("Log of the table" in line for line in screen_of(writes, SIZE))


def test_a_view_that_grows_all_game_changes_height_a_few_times() -> None:
    """Each change of the view's height lays the whole screen out again, which repaints
    every panel of the session; the load test's view grows all game (each round's cards
    are revealed), and in steps of 8 rows it changed height every few rounds. It now
    doubles: over 50 rounds, a couple of changes, and every row still has its place."""
    table = long_table()

    async def run_it() -> tuple[list[int], int]:
        app = _Host(table)
        heights: list[int] = []
        async with app.run_test(size=SIZE) as pilot:
            await fill_the_log(pilot, table)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            view = screen.query_one("#view", TextRows)
            first_rows = view.row_count
            for _ in range(200):  # 50 rounds of 4 plans
                play(table, None)  # _fit_view runs at once
                assert screen._view_height >= view.row_count
                if not heights or heights[-1] != screen._view_height:
                    heights.append(screen._view_height)
            await pilot.pause()
            assert view.content_size.height >= view.row_count
            return heights, view.row_count - first_rows

    heights, grown = asyncio.run(run_it())
    assert grown >= 4 * VIEW_STEP, grown  # the view did grow, by several old steps
    assert len(heights) <= 3, heights
