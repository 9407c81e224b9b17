"""A board repaints the rows a move changed, and shows the same as a board drawn anew.

Every board (the road map, the palace, India) used to be repainted whole at every
step, so over SSH each seat's terminal got the whole board again at every move of
anyone (about 15 KB a Maharadjah move). It now repaints the rows that differ from what
it last showed (``widgets/changed_rows.py``); what it shows must still be, row for row,
what a board drawn from scratch at the same position shows.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from textual.widget import Widget

from engine import Game
from engine.core.autoplay import random_intent
from engine.core.ruleset import Computer, Seat
from engine.maharadjah import RULESET as MAHARADJAH
from engine.maharadjah import Options as MaharadjahOptions
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.compat import rows_shown
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.widgets.area_map import AreaMap
from maharaja_tui.widgets.board_frame import STATUS_LINES
from maharaja_tui.widgets.map_graph import MapGraph
from maharaja_tui.widgets.palace_grid import PalaceGrid
from tests.tui import games, maharani_games

SIZE = (130, 45)  # every board whole, none panned (a pan follows the cursor's history)
CPU = Computer(level="random")


def _maharadjah() -> Game:
    return Game(MAHARADJAH, [Seat("You"), Seat("B", CPU), Seat("C", CPU)],
                MaharadjahOptions(short_game=True), 3)


GAMES: dict[str, tuple[Any, type[Widget]]] = {
    "maharaja": (lambda: games.game_until(games.my_turn, players=3), MapGraph),
    "maharani": (lambda: maharani_games.game_until(maharani_games.my_turn), PalaceGrid),
    "maharadjah": (_maharadjah, AreaMap),
}


def _game_screen(app: MaharajaApp) -> GameScreen:
    """The game screen (a scoring screen may stand over it)."""
    screen = app.game_screen()
    assert screen is not None
    return screen


def _board_rows(app: MaharajaApp, board: type[Widget]) -> list[str]:
    """The rows the board's region shows on the game screen, as text."""
    screen = _game_screen(app)
    region = screen.query_one(board).region
    return [strip.text[region.x:region.right]
            for strip in rows_shown(screen)[region.y:region.bottom]]


def _count_repaints(widget: Widget, asked: list[int]) -> None:
    """Each repaint the widget asks for: how many rows (0: the whole widget)."""
    original = widget.refresh

    def refresh(*regions: Any, **kwargs: Any) -> Any:
        asked.append(sum(region.height for region in regions))
        return original(*regions, **kwargs)

    widget.refresh = refresh  # type: ignore[method-assign]  # on this one widget


async def _moves(app: MaharajaApp, pilot: Any, game: Game, seed: int) -> None:
    """Twelve random moves played at the table, a scoring screen closed as it comes."""
    screen = _game_screen(app)
    rng = random.Random(seed)
    for _ in range(12):
        if not game.to_move():
            break
        seat, intent = random_intent(game, rng)
        screen.table.play(seat, intent)
        await pilot.pause()
        while app.screen is not screen:  # a scoring screen over the board
            app.pop_screen()
            await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_board_repaints_the_rows_a_move_changed_and_shows_the_new_position(name: str) -> None:
    make, board = GAMES[name]
    game = make()
    asked: list[int] = []  # rows asked to repaint, per repaint (0: the whole board)

    cursor: list[Any] = []  # where the played-on board's cursor was left

    async def play_on() -> list[str]:
        app = MaharajaApp(Start("game", game=game), computer_delay=3600)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            widget = _game_screen(app).query_one(board)
            _count_repaints(widget, asked)
            await _moves(app, pilot, game, 7)
            cursor.append(widget.cursor)  # type: ignore[attr-defined]
            return _board_rows(app, board)

    async def drawn_anew() -> list[str]:
        app = MaharajaApp(Start("game", game=game), computer_delay=3600)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            # The cursor stays where it was left, which a new board cannot know.
            _game_screen(app).query_one(board).cursor = cursor[0]  # type: ignore[attr-defined]
            await pilot.pause()
            return _board_rows(app, board)

    shown = asyncio.run(play_on())
    assert shown == asyncio.run(drawn_anew())
    height = len(shown)
    assert any(0 < rows < height for rows in asked), asked  # some moves: a few rows


# The panels beside the boards (a player's board, the tracks, the action panel's
# heading) are rows of segments too (``SegmentWidget``): a move repaints their rows that
# changed, and what they show is what a panel drawn anew shows.
PANELS = {"maharaja": ("#board-0", "#board-1", "#action-heading"),
          "maharadjah": ("#turns", "#action-heading")}


def _rows_of(app: MaharajaApp, selector: str) -> list[str]:
    screen = _game_screen(app)
    region = screen.query_one(selector).region
    return [strip.text[region.x:region.right]
            for strip in rows_shown(screen)[region.y:region.bottom]]


@pytest.mark.parametrize("name", sorted(PANELS))
def test_a_panel_repaints_the_rows_a_move_changed_and_shows_the_new_position(name: str) -> None:
    make, _ = GAMES[name]
    game = make()
    asked: dict[str, list[int]] = {selector: [] for selector in PANELS[name]}

    async def play_on() -> dict[str, list[str]]:
        app = MaharajaApp(Start("game", game=game), computer_delay=3600)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for selector, heights in asked.items():
                _count_repaints(_game_screen(app).query_one(selector), heights)
            await _moves(app, pilot, game, 11)
            return {selector: _rows_of(app, selector) for selector in asked}

    async def drawn_anew() -> dict[str, list[str]]:
        app = MaharajaApp(Start("game", game=game), computer_delay=3600)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            return {selector: _rows_of(app, selector) for selector in asked}

    def written(rows: dict[str, list[str]]) -> dict[str, list[str]]:
        # A board keeps the height it had (the room of a plan row come and gone): the
        # blank rows it kept under what it shows are not what it shows.
        out = {}
        for selector, lines in rows.items():
            while lines and not lines[-1].strip():
                lines = lines[:-1]
            out[selector] = lines
        return out

    shown = asyncio.run(play_on())
    assert written(shown) == written(asyncio.run(drawn_anew()))
    # Some moves repainted a few of the rows, not the whole panel.
    assert any(any(0 < rows for rows in heights) for heights in asked.values()), asked



def _styled_rows(app: MaharajaApp, board: type[Widget]) -> list[list[tuple[str, Any]]]:
    """The rows the board's region shows, each segment's text and style."""
    screen = _game_screen(app)
    region = screen.query_one(board).region
    return [[(segment.text, segment.style)
             for segment in strip.crop(region.x, region.right)]
            for strip in rows_shown(screen)[region.y:region.bottom]]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_board_played_on_is_drawn_in_a_new_theme_as_a_board_drawn_anew(name: str) -> None:
    """The rows a step left as they were keep their strips (``KeptStrips``): a new
    theme must still draw every row in its colours, not keep a row of the old ones."""
    make, board = GAMES[name]
    game = make()
    cursor: list[Any] = []  # where the played-on board's cursor was left

    async def played_then_restyled() -> list[list[tuple[str, Any]]]:
        app = MaharajaApp(Start("game", game=game), computer_delay=3600)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _moves(app, pilot, game, 5)
            cursor.append(_game_screen(app).query_one(board).cursor)  # type: ignore[attr-defined]
            app.theme = "textual-light"
            await pilot.pause()
            return _styled_rows(app, board)

    async def drawn_anew() -> list[list[tuple[str, Any]]]:
        app = MaharajaApp(Start("game", game=game), computer_delay=3600)
        async with app.run_test(size=SIZE) as pilot:
            app.theme = "textual-light"
            await pilot.pause()
            _game_screen(app).query_one(board).cursor = cursor[0]  # type: ignore[attr-defined]
            await pilot.pause()
            return _styled_rows(app, board)

    restyled = asyncio.run(played_then_restyled())
    assert restyled == asyncio.run(drawn_anew())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_board_keeps_the_strips_of_the_rows_a_move_left_as_they_were(name: str) -> None:
    """A move changes a few rows: the others are not built again (building every row's
    strip was most of a board's redraw, at every seat of a table at every move)."""
    make, board = GAMES[name]
    game = make()
    seen: dict[str, Any] = {}

    async def play_on() -> None:
        app = MaharajaApp(Start("game", game=game), computer_delay=3600)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            widget: Any = _game_screen(app).query_one(board)
            rng = random.Random(3)
            kept = same = 0
            for _ in range(6):
                if not game.to_move():
                    break
                before = list(widget._rows)
                seat, intent = random_intent(game, rng)
                _game_screen(app).table.play(seat, intent)
                await pilot.pause()
                while app.screen is not _game_screen(app):  # a scoring screen
                    app.pop_screen()
                    await pilot.pause()
                after = widget._rows
                if len(after) != len(before):
                    continue
                # The board's own rows (its status lines under them are drawn anew).
                for old, new in zip(before[:-STATUS_LINES], after[:-STATUS_LINES], strict=True):
                    if old.text == new.text and old == new:
                        same += 1
                        kept += old is new
            seen["rows"] = (same, kept)

    asyncio.run(play_on())
    same, kept = seen["rows"]
    assert same and kept == same, seen["rows"]


def test_the_palace_looks_up_its_styles_once_not_at_every_move() -> None:
    """The palace's roles' styles are kept over the moves (until the styles change): a
    component style looked up again at every move was most of drawing a changed row."""
    make, board = GAMES["maharani"]
    game = make()
    looked: list[str] = []

    async def play_on() -> None:
        app = MaharajaApp(Start("game", game=game), computer_delay=3600)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            widget: Any = _game_screen(app).query_one(board)
            original = widget.get_component_rich_style

            def counted(*names: str, partial: bool = False) -> Any:
                looked.extend(names)
                return original(*names, partial=partial)

            widget.get_component_rich_style = counted  # on this one widget
            await _moves(app, pilot, game, 7)

    asyncio.run(play_on())
    assert len(looked) == len(set(looked)), sorted(looked)
