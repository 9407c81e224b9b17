"""Hint: `h` asks the hard computer about the decision at hand, off the
UI thread, shows its suggestion and two alternatives with a reason each, and Enter plays
the one chosen. A table that does not allow hints (SSH tables by default) offers none."""

from __future__ import annotations

import pytest

from engine.bots import Budget, advice
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.hint import HintScreen
from maharaja_tui.screens.scoring import ScoringScreen
from tests.tui.games import game_until, my_planning, my_turn
from tests.tui.helpers import screen_text, settled, synchronously


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):  # noqa: ANN001, ANN201
    monkeypatch.setattr(advice, "HINT_BUDGET", Budget.fixed(12))


async def _opened(pilot, app) -> None:  # noqa: ANN001
    """The game screen, last round's scoring closed (it shows once, item 6)."""
    await pilot.pause()
    if isinstance(app.screen, ScoringScreen):
        await pilot.press("escape")
        await pilot.pause()
    assert isinstance(app.screen, GameScreen)


async def _hint(pilot, app) -> HintScreen:  # noqa: ANN001
    await pilot.press("h")
    # The hard computer thinks in a thread: bounded by wall time, not by 400 pauses,
    # which a loaded machine spends before a second of thought is done.
    await settled(pilot, lambda: isinstance(app.screen, HintScreen)
                  and app.screen.advice is not None, "the hint")
    return app.screen


@synchronously
async def test_h_shows_ranked_suggestions_and_enter_plays_the_first() -> None:
    game = game_until(my_planning)
    steps = len(game.steps)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await _opened(pilot, app)
        screen = await _hint(pilot, app)
        await settled(pilot, lambda: "best:" in screen_text(app), "the hint drawn")
        assert "Hint" in screen_text(app)
        assert 2 <= len(screen.advice) <= 3
        best = screen.advice[0].intent
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(game.steps) == steps + 1 and game.steps[-1].intent == best


@synchronously
async def test_escape_cancels_a_hint_without_playing() -> None:
    game = game_until(my_turn)
    steps = len(game.steps)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await _opened(pilot, app)
        await pilot.press("h")
        await pilot.press("escape")
        await settled(pilot, lambda: isinstance(app.screen, GameScreen), "the hint closed")
        assert len(game.steps) == steps


@synchronously
async def test_a_table_without_hints_offers_none() -> None:
    game = game_until(my_planning)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await _opened(pilot, app)
        assert "Hint" in screen_text(app)  # the footer names the key
        app.table.hints = False  # as an SSH table whose creator did not allow them
        app.screen.refresh_bindings()
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause(0.2)
        assert isinstance(app.screen, GameScreen)
        assert "Hint" not in screen_text(app)


def test_snapshot_hint(snap_compare) -> None:  # noqa: ANN001
    async def ask(pilot) -> None:  # noqa: ANN001
        await _opened(pilot, pilot.app)
        await _hint(pilot, pilot.app)

    app = MaharajaApp(Start("game", game=game_until(my_planning)), computer_delay=3600)
    assert snap_compare(app, terminal_size=(80, 24), run_before=ask)


@synchronously
async def test_h_works_on_the_scoring_screen() -> None:
    """A reward to choose at a city scoring (MJ-SCORE-4): h asks about it there, no Esc
    first; the hint's choice is played from the scoring screen."""
    from tests.tui.games import my_reward

    game = game_until(my_reward)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoringScreen)
        screen = await _hint(pilot, app)
        assert screen.advice and all(type(a.intent).__name__ in ("ChooseReward", "PassReward")
                                     for a in screen.advice)
        steps = len(game.steps)
        await pilot.press("enter")
        await pilot.pause()
        assert len(game.steps) > steps


@synchronously
async def test_a_reasons_wrapped_lines_hang_under_its_text_at_80_columns(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A reason longer than the box wraps under its own first word, not under its
    "best:" or "or:" (nor at the box's edge), so each suggestion reads as one bullet."""
    from engine.bots.advice import Advice
    from maharaja_tui.screens import hint

    game = game_until(my_planning)
    legal = game.legal_intents(game.to_move()[0])
    long = ("about 2 PP ahead of your next best choice; one more statue, for 3rd instead"
            " of 1st in Varanasi's scoring and 6 fewer coins, by the round's end")
    monkeypatch.setattr(hint, "advise", lambda *args, **kwargs: [
        Advice(legal[0], 2.0, long), Advice(legal[1], 0.0, "about 2 PP behind the best; "
                                            + long.partition("; ")[2])])
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await _opened(pilot, app)
        await _hint(pilot, app)
        await settled(pilot, lambda: "best:" in screen_text(app), "the hint drawn")
        rows = screen_text(app).split("\n")
    for bullet in ("best: ", "or: "):
        at = next(y for y, row in enumerate(rows) if bullet in row)
        column = rows[at].index(bullet) + len(bullet)
        wrapped = rows[at + 1:at + 3]
        for row in wrapped:  # the reason's next lines: spaces up to its text's column
            inside = row[:column]  # from the list's left edge: nothing but spaces
            assert not inside[inside.rindex("▊") + 1:].strip(), rows
            assert row[column] != " ", (column, row)
        words = " ".join(row[column:].strip(" ▊▎│") for row in [rows[at], *wrapped])
        assert "by the round's end" in words, rows
