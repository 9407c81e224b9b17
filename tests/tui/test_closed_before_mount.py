"""Every screen survives being closed before it mounts (a key that reaches a screen
while it is still opening, a notice that replaces it): its mount and its callbacks then
do nothing, and nothing pops a screen that is not this one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from tests.tui import games
from tests.tui.helpers import settled, synchronously


def app_in_round_2() -> MaharajaApp:
    game = games.game_until(lambda g: g.state.round == 2, players=2, seed=3)
    return MaharajaApp(Start("game", game=game), computer_delay=0)


def choice(game: GameScreen) -> Any:
    from maharaja_tui.screens.choice import ChoiceScreen

    return ChoiceScreen("Which?", [(("one", ""),), (("two", ""),)], game.colours), "cancel"


def load(game: GameScreen) -> Any:
    from maharaja_tui.screens.files import LoadScreen

    return LoadScreen(), "cancel"


def help_(game: GameScreen) -> Any:
    from maharaja_tui.screens.help import HelpScreen

    return HelpScreen(None, game.table.ruleset.id), "close"


def plan(game: GameScreen) -> Any:
    from maharaja_tui.screens.plan import PlanBox, PlanScreen

    return PlanScreen(PlanBox(((1, "Build"), (2, "Move")), "You")), "cancel"


def replay(game: GameScreen) -> Any:
    from maharaja_tui.screens.replay import ReplayScreen

    return ReplayScreen(game.table.game, seat=0), "close"


def new_game(game: GameScreen) -> Any:
    from maharaja_tui.screens.new_game import NewGameScreen

    return NewGameScreen(back=True), "quit"


def move(game: GameScreen) -> Any:
    from maharaja_tui.games.maharadjah_move import MoveBox, MoveScreen

    return MoveScreen(MoveBox("Move", [((("2 armies", ""),), "move")], [], lambda _: None,
                              game.colours)), "cancel"


SCREENS: dict[str, Callable[[GameScreen], Any]] = {
    "choice": choice, "load": load, "help": help_, "plan": plan, "replay": replay,
    "new_game": new_game, "move": move}


@synchronously
async def test_a_screen_closed_by_a_key_before_its_mount_does_not_crash() -> None:
    # One app for every screen (an app start in round 2 is most of a case's
    # ~0.65 CPU-s); each screen is pushed on the game screen and closed before its mount,
    # and a failure names it.
    app = app_in_round_2()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for name, make in SCREENS.items():
            while not isinstance(app.screen, GameScreen):
                await pilot.press("escape")
            game = app.screen
            screen, close = make(game)
            app.push_screen(screen)
            getattr(screen, f"action_{close}")()  # as a key that comes before the mount
            await settled(pilot, lambda s=screen: not s.is_attached, f"the closed {name} removed")
            await pilot.pause()
            assert app.is_running and app.screen is game, name


@synchronously
async def test_a_game_replaced_before_its_mount_does_not_crash() -> None:
    """ctrl+n as a game appears: the new-game form replaces the game screen before it
    mounted (its mount then found no panels, and subscribed a closed screen to the
    table)."""
    from maharaja_tui.screens.new_game import NewGameScreen

    app = app_in_round_2()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game
        app.show_game(game)
        table, screen = app.table, app.game_screen()
        app.action_new_game()  # as ctrl+n before the game screen's mount
        await settled(pilot, lambda: not screen.is_attached, "the game screen removed")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, NewGameScreen)
        assert screen._on_table_changed not in table._listeners


@synchronously
async def test_a_replay_that_closes_late_closes_only_itself() -> None:
    """The replay closes when another player has the terminal (hot seat); a close that
    comes when another screen is on top (help opened over it) closed that screen
    instead (Textual's dismiss pops the top screen), and the replay stayed up."""
    from maharaja_tui.screens.help import HelpScreen
    from maharaja_tui.screens.replay import ReplayScreen

    app = app_in_round_2()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, GameScreen):
            await pilot.press("escape")
        seat = [0]
        replay = ReplayScreen(app.game_screen().table.game, seat=0, follow=lambda: seat[0])
        app.push_screen(replay)
        await pilot.pause()
        app.action_help()
        await pilot.pause()
        seat[0] = 1  # the next player has the terminal
        replay.on_screen_resume()  # as a resume notice that comes after help opened
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settled(pilot, lambda: isinstance(app.screen, GameScreen), "the replay closed")


def screen_classes() -> list[tuple[str, Any]]:
    """Every screen class of the app and the server, as written (ast): name, node."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    found = []
    for package in ("maharaja_tui", "maharaja_server"):
        for path in sorted((root / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef) and any(
                        ast.unparse(b).split("[")[0].endswith("Screen") for b in node.bases):
                    found.append((f"{path.relative_to(root)}:{node.name}", node))
    return found


def test_every_screen_closes_safely() -> None:
    """A screen Textual's Screen is the base of derives from Closing (its dismiss closes
    only itself), and its mount is @while_open (nothing once it closed), so a screen
    added later is held to it too."""
    import ast

    problems = []
    for name, node in screen_classes():
        bases = [ast.unparse(b).split("[")[0] for b in node.bases]
        if {"Screen", "ModalScreen"} & set(bases) and "Closing" not in bases:
            problems.append(f"{name} does not derive from Closing")
        for item in node.body:
            if isinstance(item, ast.FunctionDef) and item.name == "on_mount" and not any(
                    ast.unparse(d) == "while_open" for d in item.decorator_list):
                problems.append(f"{name}.on_mount is not @while_open")
    assert len(screen_classes()) >= 20  # the walk finds them
    assert not problems, problems


@synchronously
async def test_a_dialog_under_the_size_cover_still_closes_itself() -> None:
    """Closing.dismiss closes only the screen on top: under the size cover, that is the
    screen under it (as the app's pop_screen closes it), not nothing."""
    from maharaja_tui.screens.choice import ChoiceScreen
    from maharaja_tui.screens.too_small import TooSmallScreen

    app = app_in_round_2()
    answers: list[int | None] = []
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        dialog = ChoiceScreen("Which?", [(("one", ""),)], None)
        app.push_screen(dialog, answers.append)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        dialog.action_cancel()  # as a close that comes while the terminal is too small
        for _ in range(5):
            await pilot.pause()
        assert answers == [None] and dialog not in app.screen_stack
        assert isinstance(app.screen, TooSmallScreen)
