"""Fit the terminal: below 80×24 one clear screen says which size the
app needs (instead of dropping tracks and merging villages), the game comes back as it
was once the terminal is large enough, and no label is cut at the map's right edge."""

from __future__ import annotations

from msgspec.structs import replace
from textual.screen import Screen

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.too_small import TooSmallScreen
from maharaja_tui.widgets.map_graph import MapGraph
from tests.tui import games, raja_games
from tests.tui.helpers import screen_text, synchronously


@synchronously
async def test_a_terminal_below_80x24_is_told_the_size_needed_and_the_game_comes_back() -> None:
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert isinstance(app.screen, TooSmallScreen)
        assert "70×20" in text and "at least 80×24" in text
        assert "Rewards" not in text and "♛ next" not in text  # no half-drawn game
        await pilot.press("a", "enter")  # keys go nowhere while covered
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        text = screen_text(app)
        assert "Rewards" in text and "♛ next" in text and "at least" not in text
        await pilot.resize_terminal(79, 40)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        app.push_screen(Screen())  # a screen pushed meanwhile goes under the cover
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)


async def no_label_cut(app, size: tuple[int, int]) -> None:  # noqa: ANN001
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        graph = app.screen.query_one(MapGraph)
        # Every city as crowded as it gets ("HYD♛ ♙RYGB" with a toll and a build tag):
        # the right-most one must still be drawn in full.
        junctions = {j: (((f"{j}♛ ♙RYGB", "city"),), *lines[1:])
                     for j, lines in graph.picture.junctions.items()}
        graph.picture = replace(graph.picture, junctions=junctions)
        graph.targets = {j: (("→12¢", "target+coins"), ("+", "target")) for j in junctions}
        await pilot.pause()
        corners = graph._layout(*graph._canvas)  # the canvas the map is laid out on
        right = max(corners, key=lambda j: corners[j][0])
        row = "".join(c.char for c in graph._grid[corners[right][1]])
        assert f"{right}♛ ♙RYGB→12¢+" in row, row


@synchronously
async def test_no_label_is_cut_at_the_map_s_right_edge_at_80x24() -> None:
    for make in (lambda: games.game_until(games.my_turn),
                 lambda: raja_games.game_until(raja_games.my_turn)):
        await no_label_cut(MaharajaApp(Start("game", game=make()), computer_delay=3600),
                           (80, 24))


@synchronously
async def test_quit_and_rules_stay_in_the_footer_at_80x24() -> None:
    """Item 11: with Hint and the map's Key added, the footer had pushed ^q Quit and f1 Rules
    off an 80-column terminal (on the game screen with the map focused, and the final screen)."""
    app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")  # the map's own keys join the footer
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "Quit" in footer and "Rules" in footer and "Hint" in footer, footer
    app = MaharajaApp(Start("game", game=games.game_until(games.over)), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause(0.02)
            if "Points from" in screen_text(app):
                break
        footer = screen_text(app).splitlines()[-1]
        assert "Quit" in footer and "Rules" in footer, footer
