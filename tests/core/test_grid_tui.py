"""The terminal UI plays a game it was never told about: Three in a Row, registered only
through its GameSpec (tests/core/grid), chosen on the new-game screen and played by
keys on its own board widget, with its own rules on F1."""

from __future__ import annotations

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.final import FinalScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.help import HelpScreen
from maharaja_tui.screens.new_game import NewGameScreen
from tests.core.grid.rules import CELLS, SIZE
from tests.core.grid.ui import GridBoard
from tests.tui.helpers import screen_text, settled, synchronously


@synchronously
async def test_the_grid_game_is_chosen_and_played_by_keys(grid_game: str) -> None:
    app = MaharajaApp(Start("new", seed=3), computer_delay=0.01)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#game").focus()
        from maharaja_tui.games import playable

        below = list(playable()).index(grid_game)  # the games are listed in registry order
        await pilot.press("enter", *["down"] * below, "enter")
        await pilot.pause()
        assert app.screen.game == grid_game  # type: ignore[attr-defined]
        await pilot.press("ctrl+n")  # start: you against a computer
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.table.ruleset.id == grid_game
        board = screen.query_one(GridBoard)
        moves = 0
        while not screen.table.game.is_over():
            if screen.table.to_move() != (0,):
                await pilot.pause(0.05)
                continue
            target = next(n for n, c in enumerate(CELLS) if c in board.data.targets)
            await pilot.press("m", *["up", "left"] * SIZE,
                              *["down"] * (target // SIZE), *["right"] * (target % SIZE))
            assert board.has_focus and board.cursor == target
            await pilot.press("enter")  # PlaceSelected -> the adapter's intent -> played
            await pilot.pause()
            moves += 1
            assert screen.table.game.state.cells[CELLS[target]] == 0  # GR-1
        assert moves >= 3
        await settled(pilot, lambda: "Stones" in screen_text(app), "the final screen drawn")
        assert isinstance(app.screen, FinalScreen)
        assert "Stones" in screen_text(app)


@synchronously
async def test_the_action_panel_and_the_rules_are_the_grid_game_s(grid_game: str) -> None:
    from engine import Game, get_ruleset
    from engine.core.ruleset import Computer, Seat

    ruleset = get_ruleset(grid_game)
    game = Game(ruleset, [Seat("Ann"), Seat("Bo", Computer(level="easy"))], ruleset.Options(), 4)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("a", "down", "enter")  # the second empty cell, from the list
        await pilot.pause()
        assert game.state.cells["b1"] == 0
        text = screen_text(app)
        assert "O" in text and "'s turn" in text  # seat letters from the game's palette
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Three in a Row" in screen_text(app)
        await pilot.press("slash", *"GR-3", "enter")
        await pilot.pause()
        assert "A full grid without a row is a draw" in screen_text(app)


def test_play_with_a_game_seats_that_game_s_default_players(grid_game: str,
                                                           monkeypatch) -> None:  # noqa: ANN001
    """``maharaja play --game X`` sits the game's own default number of players (its
    spec's), as the new-game screen does: Three in a Row takes exactly two."""
    from maharaja_tui import cli

    started: list[Start] = []
    monkeypatch.setattr(MaharajaApp, "run", lambda self: started.append(self.start))
    assert cli.main(["play", "--game", grid_game, "--seed", "1"]) == 0
    assert cli.main(["play", "--game", "maharadjah", "--seed", "1"]) == 0
    assert [len(start.setup.seats) for start in started if start.setup] == [2, 4]
