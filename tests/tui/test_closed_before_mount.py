"""Every screen survives being closed before it mounts (a key that reaches a screen
while it is still opening, a notice that replaces it): its mount and its callbacks then
do nothing, and nothing pops a screen that is not this one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from tests.tui import games
from tests.tui.helpers import synchronously


def app_in_round_2() -> MaharajaApp:
    game = games.game_until(lambda g: g.state.round == 2, players=2, seed=3)
    return MaharajaApp(Start("game", game=game), computer_delay=0)


def choice(game: GameScreen) -> Any:
    from maharaja_tui.screens.choice import ChoiceScreen

    return ChoiceScreen("Which?", [(("one", ""),), (("two", ""),)], game.colours), "cancel"


def confirm(game: GameScreen) -> Any:
    from maharaja_tui.screens.choice import ConfirmScreen

    return ConfirmScreen("Sure?"), "answer"


def save(game: GameScreen) -> Any:
    from maharaja_tui.screens.files import SaveScreen

    return SaveScreen(game.table.game), "cancel"


def load(game: GameScreen) -> Any:
    from maharaja_tui.screens.files import LoadScreen

    return LoadScreen(), "cancel"


def help_(game: GameScreen) -> Any:
    from maharaja_tui.screens.help import HelpScreen

    return HelpScreen(None, game.table.ruleset.id), "close"


def plan(game: GameScreen) -> Any:
    from maharaja_tui.screens.plan import PlanScreen

    return PlanScreen(((1, "Build"), (2, "Move")), "You"), "cancel"


def privacy(game: GameScreen) -> Any:
    from maharaja_tui.screens.privacy import PrivacyScreen

    return PrivacyScreen("Bela", "Y"), "ready"


def log(game: GameScreen) -> Any:
    from maharaja_tui.screens.log import LogScreen

    return LogScreen((), frozenset(), game.colours), "close"


def replay(game: GameScreen) -> Any:
    from maharaja_tui.screens.replay import ReplayScreen

    return ReplayScreen(game.table.game, seat=0), "close"


def new_game(game: GameScreen) -> Any:
    from maharaja_tui.screens.new_game import NewGameScreen

    return NewGameScreen(back=True), "quit"


def move(game: GameScreen) -> Any:
    from maharaja_tui.games.maharadjah_move import MoveScreen

    return MoveScreen("Move", [((("2 armies", ""),), "move")], [], lambda _: None,
                      game.colours), "back"


SCREENS: dict[str, Callable[[GameScreen], Any]] = {
    "choice": choice, "confirm": confirm, "save": save, "load": load, "help": help_,
    "plan": plan, "privacy": privacy, "log": log, "replay": replay, "new_game": new_game,
    "move": move}


@pytest.mark.parametrize("name", SCREENS)
@synchronously
async def test_a_screen_closed_by_a_key_before_its_mount_does_not_crash(name: str) -> None:
    app = app_in_round_2()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, GameScreen):
            await pilot.press("escape")
        game = app.screen
        screen, close = SCREENS[name](game)
        app.push_screen(screen)
        action = getattr(screen, f"action_{close}")
        action(False) if close == "answer" else action()  # as a key before the mount
        for _ in range(20):
            await pilot.pause()
            if app.screen is game:
                break
        assert app.is_running and app.screen is game
