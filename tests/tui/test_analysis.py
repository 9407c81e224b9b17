"""Analysis of a game: `a` in the replay viewer asks the hard computer
for each seat's winning chances after every turn (a chart under the move list) and
marks the costliest decisions (● in the log; x shows the next with the alternative the
computer preferred). It runs in the background with a progress bar; `a` again cancels."""

from __future__ import annotations

import threading
import time

from engine.bots import Budget, analysis
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.replay import ReplayScreen
from maharaja_tui.widgets.line_chart import LineChart
from maharaja_tui.widgets.move_log import MoveLog
from tests.tui.games import game_until
from tests.tui.helpers import screen_text, synchronously


def short_game():  # noqa: ANN201
    return game_until(lambda g: g.state.round == 2 and g.state.phase == "actions")


def chances_add_up_and_costly_decisions_name_the_preferred_move(game, result) -> None:  # noqa: ANN001
    """Checked on the analysis the replay viewer ran (the a key, below): the same call
    on the same game and budget as a test of its own made, which cost another ~2.3
    CPU-s of hard searches for no check of its own."""
    assert result.unit == "PP" and result.chances[0].label == "start"
    for chances in result.chances:
        assert abs(sum(chances.shares) - 1) < 1e-9
    for mistake in result.mistakes:
        assert mistake.cost > 0 and mistake.played != mistake.preferred
        assert game.steps[mistake.step].intent == mistake.played
    costs = [m.cost for m in result.mistakes]
    assert costs == sorted(costs, reverse=True)


async def _replay(pilot, app, game) -> ReplayScreen:  # noqa: ANN001
    await pilot.pause()
    screen = ReplayScreen(game, reveal=True)
    app.push_screen(screen)
    await pilot.pause()
    return screen


@synchronously
async def test_a_draws_the_chances_under_the_log_and_marks_costly_decisions(monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(analysis, "DECISION_BUDGET", Budget.fixed(3))
    game = short_game()
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _replay(pilot, app, game)
        await pilot.press("a")
        await pilot.pause()
        assert screen.query_one("#analysis").display
        for _ in range(1500):
            await pilot.pause(0.02)
            if screen.analysis is not None:
                break
        result = screen.analysis
        assert result is not None
        chances_add_up_and_costly_decisions_name_the_preferred_move(game, result)
        await pilot.pause()
        chart = screen.query_one(LineChart)
        assert chart.display and chart.data.title == "winning chances %"
        assert len(chart.data.lines) == 3 and len(chart.data.lines[0].values) == len(
            result.chances)
        assert screen.query_one(MoveLog).flagged == frozenset(
            m.position for m in result.mistakes)
        if result.mistakes:
            await pilot.press("x")
            await pilot.pause()
            # the next costly decision after the position shown, in the game's order
            assert screen.replay.position == min(m.position for m in result.mistakes
                                                 if m.position > 1)
            assert "preferred" in screen_text(app)
            # the reason in the game's words takes the chart's rows, a step gives them back
            note = str(screen.query_one("#analysis-note").render())
            assert result.mistakes[0].reason and not chart.display
            assert "would" in note or "judges" in note, note
            await pilot.press("right")
            await pilot.pause()
            assert chart.display and "costly decision" in str(
                screen.query_one("#analysis-note").render())


@synchronously
async def test_a_again_cancels_the_analysis(monkeypatch) -> None:  # noqa: ANN001
    # An analysis that runs until it is told to stop: a real one of a short game can end
    # between two key presses on a quiet machine, leaving nothing to cancel (CI saw it).
    stopped = threading.Event()

    def endless(game, *, progress=None, stop=None):  # noqa: ANN001, ANN202
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if stop is not None and stop():
                stopped.set()
                raise analysis.Cancelled
            time.sleep(0.005)
        raise AssertionError("the analysis was never told to stop")

    monkeypatch.setattr(analysis, "analyse", endless)
    game = short_game()
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _replay(pilot, app, game)
        await pilot.press("a")
        await pilot.pause()
        assert "Analysing" in str(screen.query_one("#analysis-note").render())
        await pilot.press("a")
        for _ in range(300):
            if stopped.is_set():
                break
            await pilot.pause(0.02)
        assert stopped.is_set(), "the second a did not reach the running analysis"
        assert screen.analysis is None
        assert "cancelled" in str(screen.query_one("#analysis-note").render())
