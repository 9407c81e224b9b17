"""The game screen redraws only what changed (key press to frame).

The screen re-reads the table after every step; a widget whose data is the same is not
given it again, and the move log is painted only when its entries or marks change."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from msgspec.structs import replace
from textual.app import App, ComposeResult
from textual.drivers.headless_driver import HeadlessDriver
from textual.widgets import Static

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.widgets.move_log import MoveLog
from maharaja_tui.widgets.player_board import BoardData, PlayerBoard
from maharaja_tui.widgets.segments import Palette, seg
from tests.tui import games
from tests.tui.helpers import screen_text, synchronously


@synchronously
async def test_a_sync_with_nothing_new_repaints_neither_the_log_nor_the_panels() -> None:
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.game_screen()
        assert screen is not None
        log = screen.query_one(MoveLog)
        painted: list[bool] = []
        given: list[str] = []
        paint = log._paint

        def counted(*, follow: bool) -> None:
            painted.append(follow)
            paint(follow=follow)

        log._paint = counted  # type: ignore[method-assign]
        for widget in screen.query("*"):
            if hasattr(widget, "data"):  # the game's panels (map, tracks, boards)
                def spy(*args: Any, _w: Any = widget, _f: Any = widget.refresh,
                        **kwargs: Any) -> Any:
                    given.append(_w.id or type(_w).__name__)
                    return _f(*args, **kwargs)

                widget.refresh = spy  # type: ignore[method-assign]
        assert given == []
        screen.sync()
        await pilot.pause()
        assert given == []  # no panel redrawn
        assert painted == []  # nor the log



class _OneLog(App[None]):
    """A move log alone, 30 columns by 6 lines (a scrollbar once it overflows)."""

    CSS = "MoveLog { height: 6; width: 30; padding: 0 1; }"

    def compose(self) -> ComposeResult:
        yield MoveLog(Palette(roles={"city": "place"}))


def _shown(app: App[Any]) -> list[str]:
    return [line[1:].rstrip() for line in screen_text(app).splitlines()[:6]]  # 1: padding


@synchronously
async def test_the_log_keeps_each_entry_s_lines_and_still_shows_every_change() -> None:
    """The log keeps each entry wrapped; a new entry, a new flag and a new
    width each draw anew (a cache that stopped updating fails here), and the newest
    entry stays in sight."""
    app = _OneLog()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(MoveLog)
        entries = tuple(seg(f"entry {n}") for n in range(3))
        log.show(entries, frozenset())
        await pilot.pause()
        assert _shown(app)[:3] == ["  entry 0", "  entry 1", "  entry 2"]
        log.show(entries, frozenset({1}))  # the same entries, one now flagged
        await pilot.pause()
        assert _shown(app)[1] == "● entry 1"
        more = entries + tuple(seg(f"entry {n} in Delhi, a longer line that wraps")
                               for n in range(3, 9))
        log.show(more, frozenset({1}))
        await pilot.pause()
        shown = _shown(app)
        assert shown[-2:] == ["  entry 8 in Delhi, a", "longer line that wraps"]
        assert log.show_vertical_scrollbar  # narrower by the scrollbar, as it wraps
        assert log.virtual_size.width == 30 - 2 - log.styles.scrollbar_size_vertical
        log.styles.width = 18  # narrower: wrapped again
        await pilot.pause()
        text = [line[:14].rstrip() for line in _shown(app)[-3:]]  # then the scrollbar
        assert text == ["Delhi, a", "longer line", "that wraps"]


@synchronously
async def test_the_log_draws_its_kept_lines_again_in_a_new_theme() -> None:
    """The kept lines hold their colours: a style update (the theme, the focus) must
    empty them, or the log keeps the old theme's colours."""
    app = _OneLog()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(MoveLog)
        log.show((seg("  ", ("Delhi", "city")),), frozenset())
        await pilot.pause()

        def colour() -> Any:
            strip = log.render_line(0)
            return next(s.style.color for s in strip if "Delhi" in s.text)

        before = colour()
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        assert colour() != before


class _OneBoard(App[None]):
    CSS = "PlayerBoard { height: auto; width: 40; }"

    def compose(self) -> ComposeResult:
        yield PlayerBoard()


@synchronously
async def test_a_board_shows_its_new_figures_and_grows_with_a_new_line() -> None:
    app = _OneBoard()
    async with app.run_test(size=(60, 10)) as pilot:
        board = app.query_one(PlayerBoard)
        data = BoardData(0, "R", "Red", wide_rows=(seg("12 coins"),))
        board.data = data
        await pilot.pause()
        assert board.size.height == 2 and "12 coins" in screen_text(app)
        board.data = replace(data, wide_rows=(seg("15 coins"),))
        await pilot.pause()
        assert "15 coins" in screen_text(app) and board.size.height == 2
        board.data = replace(data, wide_rows=(seg("15 coins"), seg("2 shrines")))
        await pilot.pause()
        assert board.size.height == 3 and "2 shrines" in screen_text(app)


class _BoardOverList(App[None]):
    CSS = "PlayerBoard { height: auto; } Static { height: 1; }"

    def compose(self) -> ComposeResult:
        yield PlayerBoard()
        yield Static("the list", id="under")


@synchronously
async def test_a_board_that_loses_a_row_keeps_its_height_until_its_width_changes() -> None:
    """A plan row comes and goes at every round: the board keeps the room it had, so
    what is under it does not jump (and a move repaints rows instead of laying the
    screen out again); at a new width it is as tall as it needs."""
    app = _BoardOverList()
    async with app.run_test(size=(60, 10)) as pilot:
        board = app.query_one(PlayerBoard)
        under = app.query_one("#under")
        data = BoardData(0, "R", "Red", wide_rows=(seg("12 coins"), seg("plan: build")))
        board.data = data
        await pilot.pause()
        assert board.size.height == 3 and under.region.y == 3
        board.data = replace(data, wide_rows=(seg("15 coins"),))
        await pilot.pause()
        text = screen_text(app)
        assert "15 coins" in text and "plan: build" not in text
        assert board.size.height == 3 and under.region.y == 3
        await pilot.resize_terminal(70, 10)
        await pilot.pause()
        assert board.size.height == 2 and under.region.y == 2


class Drawing(HeadlessDriver):
    """A headless driver that draws: it counts what the app writes to the terminal."""

    writes = 0

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        Drawing.writes += 1


def test_an_idle_game_screen_draws_nothing() -> None:
    """A seat waiting for the others (an SSH session, most of the time) costs no CPU: no
    timer, cursor or clock redraws its screen while nothing happens."""
    from engine.core.table import LocalTable
    from maharaja_tui.screens.game import GameScreen
    from tests.tui.test_screens import Host

    game = games.game_until(lambda g: len(g.steps) > 60 and 0 not in g.to_move(),
                            players=4, humans=4)
    app = Host(GameScreen(LocalTable(game), 0))
    app.driver_class = Drawing
    idle: list[int] = []

    async def script(pilot: Any) -> None:
        await pilot.pause()
        # The first frames drawn, however long a loaded machine takes (a fixed 0.5 s
        # was not always enough): 0.3 s without a write. A redraw that never stops
        # fails here, one less often than that fails below.
        deadline = time.monotonic() + 30
        while True:
            before = Drawing.writes
            await pilot.pause(0.3)
            if Drawing.writes == before:
                break
            assert time.monotonic() < deadline, "the screen never stopped drawing"
        before = Drawing.writes
        await pilot.pause(1.5)
        idle.append(Drawing.writes - before)
        app.exit()

    asyncio.run(app.run_async(size=(110, 34), auto_pilot=script))
    assert idle == [0]
