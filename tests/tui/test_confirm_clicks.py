"""A yes/no question answered with the mouse: each answer its keys name ("Enter ends it",
"Esc back", "y yes", "n no") is also a button, clicked where its words are drawn. A click
elsewhere (the question, outside the box) answers nothing, as in every other dialog; the
keys stay as they were (tests/tui/test_end_turn.py, tests/tui/test_undo.py)."""

from __future__ import annotations

from typing import Any

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.choice import ConfirmScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.widgets.action_panel import ActionPanel
from tests.tui import raja_games as R
from tests.tui.helpers import screen_text, synchronously
from tests.tui.test_end_turn import labels

QUIET = 3600.0


async def click_words(pilot: Any, app: MaharajaApp, words: str) -> None:
    """Click the middle of ``words`` where the terminal shows them, as a person would."""
    rows = screen_text(app).split("\n")
    found = [(row.index(words), y) for y, row in enumerate(rows) if words in row]
    assert len(found) == 1, (words, found)
    x, y = found[0]
    await pilot.click(offset=(x + len(words) // 2, y))
    await pilot.pause()


@synchronously
async def test_raja_s_forfeit_is_confirmed_with_a_click_on_enter_ends_it() -> None:
    """R-TURN-4: the question names the forfeit; clicks on it or outside the box leave it
    up and play nothing; a click on "Enter ends it" ends the turn, as Enter does."""
    game = R.game_until(R.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        end = labels(app.screen).index("End your turn")
        steps = len(game.steps)
        await pilot.press("home", *["down"] * end, "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "R-TURN-4" in screen_text(app)
        await click_words(pilot, app, "End the turn anyway?")
        await pilot.click(offset=(0, 0))  # outside the box
        await pilot.click(offset=(60, 39))  # the footer's line
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and len(game.steps) == steps
        await click_words(pilot, app, "Enter ends it")
        assert isinstance(app.screen, GameScreen)
        assert type(game.steps[steps].intent).__name__ == "EndTurn"


@synchronously
async def test_a_click_on_esc_back_goes_back_as_esc_does() -> None:
    """W-MOVE-1: ending the Movement Phase with stacks that could still move asks; "Esc
    back" clicked plays nothing and leaves the cursor on the entry, the list focused."""
    from engine.maharadjah.state import Phase
    from tests.tui.test_maharadjah import new_game, played

    def moving(game) -> bool:  # noqa: ANN001
        s = game.state
        return s.phase == Phase.MOVE and not s.todo and s.battle is None

    game = played(new_game(4), 300, 1, until=moving)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        end = next(n for n, label in enumerate(labels(screen))
                   if label.startswith("End the Movement Phase"))
        steps = len(game.steps)
        await pilot.press("home", *["down"] * end, "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await click_words(pilot, app, "Esc back")
        assert app.screen is screen and len(game.steps) == steps
        options = screen.query_one(ActionPanel).options
        assert app.focused is options and options.highlighted == end
        await pilot.press("enter", "enter")  # the keys still answer as before
        await pilot.pause()
        assert type(game.steps[steps].intent).__name__ == "EndMovement"


@synchronously
async def test_a_networked_player_agrees_to_an_undo_with_a_click() -> None:
    """An undo that takes back another player's decision asks them; the question
    without Enter's yes ("y yes", "n no") is answered with clicks too."""
    from engine.core.table import LocalTable
    from tests.tui import games
    from tests.tui.test_screens import Host

    def both_decided(g) -> bool:  # noqa: ANN001
        a, b = g.last_step_of(0), g.last_step_of(1)
        return a is not None and b is not None and b > a

    game = games.game_until(both_decided, humans=2)
    table = LocalTable(game)
    app = Host(GameScreen(table, 1))  # seat 1's own terminal, as over SSH
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keep = game.last_step_of(0)
        table.undo(0)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await click_words(pilot, app, "n no")
        assert table.pending_undo is None and len(game.steps) > keep
        table.undo(0)
        await pilot.pause()
        await click_words(pilot, app, "y yes")
        assert len(game.steps) == keep
