"""The final screen tells the game's story: PP per round as a chart
(2) and where the points came from (3), besides the final table (1)."""

from __future__ import annotations

from textual.widgets import DataTable, TabbedContent

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.final import FinalScreen
from maharaja_tui.widgets.line_chart import LineChart
from tests.tui.games import game_until, over
from tests.tui.helpers import screen_text, synchronously


async def _final(pilot, app) -> FinalScreen:  # noqa: ANN001
    for _ in range(50):
        await pilot.pause(0.02)
        if isinstance(app.screen, FinalScreen):
            return app.screen
    raise AssertionError(f"no final screen: {app.screen}")


@synchronously
async def test_the_final_screen_charts_pp_per_round_and_their_sources() -> None:
    game = game_until(over)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _final(pilot, app)
        assert "Story" in screen_text(app) and "Points from" in screen_text(app)
        await pilot.press("2")
        await pilot.pause()
        assert screen.query_one(TabbedContent).active == "story"
        chart = screen.query_one(LineChart)
        assert chart.data.title == "PP after each round"
        assert [line.letter for line in chart.data.lines] == ["R", "Y", "G"]
        assert [line.values[-1] for line in chart.data.lines] == \
            [p.pp for p in game.state.players]
        await pilot.press("3")
        await pilot.pause()
        table = screen.query_one("#sources-table", DataTable)
        sources = [str(table.get_row_at(n)[0]) for n in range(table.row_count)]
        assert "final: cities" in sources and sources[-1] == "total change"
        assert "final: statues" in screen_text(app)
        await pilot.press("1")
        await pilot.pause()
        assert screen.query_one(TabbedContent).active == "scores"


def test_snapshot_story_chart(snap_compare) -> None:  # noqa: ANN001
    app = MaharajaApp(Start("game", game=game_until(over)), computer_delay=3600)
    assert snap_compare(app, terminal_size=(80, 24), press=["2"])


def test_snapshot_points_from(snap_compare) -> None:  # noqa: ANN001
    app = MaharajaApp(Start("game", game=game_until(over)), computer_delay=3600)
    assert snap_compare(app, terminal_size=(80, 24), press=["3"])


@synchronously
async def test_maharani_s_final_screen_charts_the_gold() -> None:
    """Every game tells its story through its GameSpec's teller: Maharani's is gold (M-END-3)."""
    from tests.tui import maharani_games

    game = maharani_games.game_until(maharani_games.over)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _final(pilot, app)
        await pilot.press("2")
        await pilot.pause()
        chart = screen.query_one(LineChart)
        assert chart.data.title == "gold after each round"
        assert [line.values[-1] for line in chart.data.lines] == \
            [p.gold for p in game.state.players]
        await pilot.press("3")
        await pilot.pause()
        assert "quarter scorings" in screen_text(app)


@synchronously
async def test_a_finished_game_s_action_list_offers_the_scores_and_a_new_game() -> None:
    """Once the final screen is closed, the action list says the game is over and
    offers what comes next, by Enter or click, instead of standing empty."""
    from maharaja_tui.screens.game import GameScreen
    from maharaja_tui.screens.new_game import NewGameScreen
    from maharaja_tui.widgets.action_panel import ActionPanel

    app = MaharajaApp(Start("game", game=game_until(over)), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await _final(pilot, app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        options = app.screen.query_one(ActionPanel).options
        said = [str(options.get_option_at_index(n).prompt) for n in range(options.option_count)]
        assert said[0].startswith("The final scores") and said[1].startswith("A new game")
        assert "The game is over" in screen_text(app)
        await pilot.press("enter")
        await _final(pilot, app)
        await pilot.press("escape", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


@synchronously
async def test_a_new_game_from_a_finished_game_opens_on_the_same_game() -> None:
    """From a Maharani table, "A new game" is another Maharani: the form opened on the
    default game (Maharaja), and the player had to pick theirs again."""
    from textual.widgets import Select

    from maharaja_tui.screens.new_game import NewGameScreen
    from tests.tui import maharani_games

    app = MaharajaApp(Start("game", game=maharani_games.game_until(maharani_games.over)),
                      computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await _final(pilot, app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#game", Select).value == "maharani"


@synchronously
async def test_keys_after_the_final_screen_reach_the_action_list() -> None:
    """A game of computers alone ends; its final screen shows. Esc, then Down and Enter
    are "A new game": the action list has the focus back, so Down moves its cursor (a
    Down that reached another widget left Enter on the first entry, the scores again)."""
    from maharaja_tui.screens.new_game import NewGameScreen
    from tests.tui import maharani_games

    game = maharani_games.game_until(maharani_games.over, humans=0)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await _final(pilot, app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
