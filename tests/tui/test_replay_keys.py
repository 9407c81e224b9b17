"""The replay's keys reach every turn: `g` goes to a round (Maharadjah: a turn, 0-16)
or a step typed in a box, digits go to the round of that number as the game counts,
and `x` goes to the next costly decision after the position shown."""

from __future__ import annotations

from types import SimpleNamespace

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.replay import ReplayScreen
from maharaja_tui.widgets.line_chart import ChartData, Line, LineChart
from tests.tui import games
from tests.tui.helpers import notices, screen_text, synchronously


def maharadjah_short_game():  # noqa: ANN201
    """W-SETUP-S1: the short game runs turns 9 to 16; played at random to turn 12."""
    from tests.tui.test_maharadjah import new_game, played

    return played(new_game(3, short_game=True), 6000, 2, until=lambda g: g.state.turn >= 12)


async def _replay(pilot, app, game) -> ReplayScreen:  # noqa: ANN001
    await pilot.pause()
    screen = ReplayScreen(game, reveal=True)
    app.push_screen(screen)
    await pilot.pause()
    return screen


@synchronously
async def test_g_goes_to_a_turn_past_nine_and_to_a_step() -> None:
    game = maharadjah_short_game()
    assert game.state.turn >= 12
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _replay(pilot, app, game)
        await pilot.press("g")
        await pilot.pause()
        assert "go to: a turn" in screen_text(app)
        await pilot.press("1", "1", "enter")
        await pilot.pause()
        assert screen.adapter.round_number(screen.replay.state) == 11
        assert "Turn 11/16" in screen_text(app)
        await pilot.press("g", "s", "4", "0", "enter")
        await pilot.pause()
        assert screen.replay.position == 40
        await pilot.press("right")  # the stepping keys are the replay's again
        assert screen.replay.position == 41


@synchronously
async def test_a_digit_goes_to_the_turn_of_that_number() -> None:
    game = maharadjah_short_game()
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    said = notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _replay(pilot, app, game)
        await pilot.press("9")  # the short game's first turn, not its 9th boundary
        await pilot.pause()
        assert screen.adapter.round_number(screen.replay.state) == 9
        await pilot.press("1")
        await pilot.pause()
        assert any("no turn 1" in text for text in said)
        assert screen.adapter.round_number(screen.replay.state) == 9  # stayed


@synchronously
async def test_x_goes_to_the_next_costly_decision_after_the_position_shown() -> None:
    game = games.game_until(lambda g: g.state.round == 2 and g.state.phase == "actions")
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _replay(pilot, app, game)
        intent = game.steps[-1].intent
        # costliest first, as the analysis lists them; positions in another order
        mistakes = [SimpleNamespace(position=p, seat=0, played=intent, preferred=intent,
                                    cost=c, reason="")
                    for p, c in ((30, 9.0), (10, 5.0), (20, 1.0))]
        screen.analysis = SimpleNamespace(mistakes=mistakes, unit="PP")
        screen.action_seek(15)
        await pilot.press("x")
        assert screen.replay.position == 20  # not back to 10, nor the costliest at 30
        await pilot.press("x")
        assert screen.replay.position == 30
        await pilot.press("x")
        assert screen.replay.position == 10  # from the first again after the last
        await pilot.pause()
        assert "1/3 · x next" in str(screen.query_one("#analysis-note").render())


@synchronously
async def test_the_chart_s_legend_covers_no_point() -> None:
    """The players' names are in the chart's title line, not in a box over the plot."""
    from textual.app import App

    class Chart(App[None]):
        def compose(self):  # noqa: ANN202
            yield LineChart()

    app = Chart()
    async with app.run_test(size=(60, 14)) as pilot:
        chart = app.query_one(LineChart)
        chart.data = ChartData("chances", ("a", "b", "c"), (
            Line("R Ravi", "R", "", (90.0, 90.0, 90.0)),
            Line("Y Yash", "Y", "", (10.0, 50.0, 90.0))))
        await pilot.pause()
        rows = screen_text(app).splitlines()
        assert "R Ravi" in rows[0] or "R Ravi" in rows[1]  # the title line
        assert sum("Ravi" in row for row in rows) == 1  # and nowhere over the points
