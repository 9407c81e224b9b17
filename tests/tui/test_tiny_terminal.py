"""A terminal of any size, down to none at all: the app says which size it needs and
nothing crashes, whatever is open and whatever the computers play meanwhile.

A 20×5 or 1×1 terminal crashed at start: the game screen under the size cover is laid
out at the terminal's size, and a computer's move then measured a track at width 0
(ValueError from the text wrapper); a dialog's option list laid out at no width did
the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Size

from maharaja_tui import minimum_size
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.game_setup import default_setup
from maharaja_tui.screens.choice import ChoiceScreen
from maharaja_tui.screens.final import FinalScreen
from maharaja_tui.screens.too_small import TooSmallScreen
from tests.tui import games
from tests.tui.helpers import screen_text, settled, synchronously

GAMES = {"maharaja-2020": 3, "raja-2004": 3, "maharani": 4, "maharadjah": 3}  # players
TINY = [(1, 1), (20, 5), (79, 23)]


def playing(game: str) -> MaharajaApp:
    """``game`` played by computers alone, each move at once: every move redraws every
    panel, whatever the terminal's size."""
    setup = default_setup(GAMES[game], 7, 0, game, level="random")
    return MaharajaApp(Start("play", setup=setup), computer_delay=0)


async def moves_under_the_cover(pilot, app: MaharajaApp) -> None:  # noqa: ANN001
    table = app.table
    assert table is not None
    start = len(table.game.steps)
    await settled(pilot, lambda: len(table.game.steps) > start + 3 or table.game.is_over(),
                  "the computers' moves")


@pytest.mark.parametrize("size", TINY, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(GAMES))
@synchronously
async def test_a_game_in_a_tiny_terminal_says_the_size_it_needs(
        game: str, size: tuple[int, int]) -> None:
    """Started at the size, then grown and shrunk again, the computers playing on
    under the cover all the while."""
    app = playing(game)
    async with app.run_test(size=size) as pilot:
        await settled(pilot, lambda: app.table is not None, "the game")
        await moves_under_the_cover(pilot, app)
        cover = app.screen
        assert isinstance(cover, TooSmallScreen)
        if size[0] >= 5:  # as much of the message as fits: at least the size needed
            assert "80×24" in screen_text(app).replace("\n", "")
        # No scroll bar (at 1×1 one came and went at every layout, a core kept busy).
        assert not cover.show_vertical_scrollbar and not cover.show_horizontal_scrollbar
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(*size)  # the game's panels now laid out at this size
        await moves_under_the_cover(pilot, app)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)
        # The game again, drawn (a frame or two after the cover went, on a loaded machine).
        await settled(pilot, lambda: bool(screen_text(app).strip()), "the game drawn")


@synchronously
async def test_the_new_game_screen_and_a_dialog_survive_a_terminal_of_one_cell() -> None:
    app = MaharajaApp(Start("new"), computer_delay=3600)
    async with app.run_test(size=(1, 1)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "New game" in screen_text(app) or not isinstance(app.screen, TooSmallScreen)
    app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ChoiceScreen("Which one?", [(("an option " * 4, ""),)] * 10, None))
        await pilot.pause()
        for size in ((1, 1), (0, 0), (3, 2), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)


@pytest.mark.parametrize("game", list(GAMES))
@synchronously
async def test_every_panel_draws_at_any_size(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the cover (no minimum size), so the boards, tracks, log and lists are
    drawn at each size, 0 wide or high included, while the computers play and keys
    reach the map and the actions."""
    monkeypatch.setattr(minimum_size, "MIN_SIZE", Size(0, 0))
    app = playing(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, lambda: app.table is not None, "the game")
        for size in ((1, 1), (20, 5), (0, 0), (3, 40), (200, 2), (0, 24), (80, 0), (79, 23)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.press("m", "down", "right", "a", "down")
            screen_text(app)  # every cell of what is drawn there
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert screen_text(app).strip()


@synchronously
async def test_a_game_that_ends_under_the_cover_shows_its_final_scores_once_uncovered() -> None:
    app = MaharajaApp(Start("game", game=games.game_until(games.over)), computer_delay=3600)
    async with app.run_test(size=(79, 23)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await settled(pilot, lambda: isinstance(app.screen, FinalScreen), "the final scores")


def test_a_game_closed_while_its_computers_play_leaves_no_crash(data_home: Path) -> None:
    """Computers playing at once, the app closed in the middle: a computer's move asked
    for after the close must not start a thread on an event loop that is ending (it
    raised 'Executor shutdown has been called' and wrote a crash log)."""

    @synchronously
    async def run() -> None:
        app = playing("maharaja-2020")
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot, lambda: app.table is not None, "the game")
            await moves_under_the_cover(pilot, app)

    for _ in range(3):
        run()
    assert not list(data_home.rglob("crash-*.log"))
