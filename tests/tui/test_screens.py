"""The game screen as the SSH server uses it (one seat, a spectator), files, the replay."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from engine.core import record
from engine.core.table import LocalTable
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.files import LoadScreen, SaveScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.replay import ReplayScreen
from tests.tui import games
from tests.tui.helpers import screen_text, synchronously


class Host(App[None]):
    """Another app (like the server's) showing our game screen for one seat."""

    def __init__(self, screen: GameScreen) -> None:
        super().__init__()
        self.game_screen = screen
        self.left = False

    def on_mount(self) -> None:
        self.push_screen(self.game_screen)

    def leave_table(self, screen: GameScreen) -> None:
        self.left = True


@synchronously
async def test_one_seat_sees_only_its_own_secrets() -> None:
    game = games.game_until(games.my_planning)
    table = LocalTable(game)
    app = Host(GameScreen(table, 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "you are Y" in text
        assert f"PP {game.state.players[1].pp}" in text  # its own PP
        assert text.count("PP ?") == 2  # the two others'
        screen = app.game_screen
        assert screen.entries and not screen.drive_computers
        steps = len(game.steps)
        await pilot.press("a", "home", "enter", "5", "enter", "7", "enter")
        await pilot.pause()
        assert len(game.steps) == steps + 1 and game.state.players[1].planned
        await pilot.press("escape")
        assert app.left


@synchronously
async def test_a_spectator_plays_nothing_and_sees_no_pp() -> None:
    game = games.game_until(games.my_turn)
    app = Host(GameScreen(LocalTable(game), None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "spectating" in text and text.count("PP ?") == 3
        assert app.game_screen.entries == []


@synchronously
async def test_save_as_then_open_the_file(data_home: Path) -> None:
    app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        steps = len(app.game_screen().table.game.steps)
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SaveScreen)
        await pilot.press("enter")
        await pilot.pause()
        saved = list((data_home / "maharaja" / "saves").glob("*.json"))
        assert len(saved) == 1
        assert len(record.load(saved[0], __import__("engine").rulesets()).steps) == steps
        await pilot.press("ctrl+o")
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("tab", "down", "enter")  # the list: autosave first, then the save
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(app.screen.table.game.steps) == steps


@synchronously
async def test_replay_steps_by_event_turn_and_round(tmp_path: Path) -> None:
    path = tmp_path / "unfinished.json"
    record.save(games.game_until(lambda g: g.state.round == 3), path)
    app = MaharajaApp(Start("replay", path=path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and not screen.reveal
        await pilot.press("2")
        assert screen.replay.state.round == 2
        position = screen.replay.position
        await pilot.press("right", "right", "left")
        assert screen.replay.position == position + 1
        await pilot.press("down")
        assert screen.replay.position > position + 1
        assert "PP ?" in screen_text(app)  # unfinished: PP stay hidden...
        await pilot.press("r")
        assert "PP ?" not in screen_text(app)  # ...until asked
        await pilot.press("pageup", "home")
        assert screen.replay.position == 0
        await pilot.press("space")
        await pilot.pause(1.2)
        assert screen.replay.position >= 1


@synchronously
async def test_a_refusal_shows_the_rule_and_f1_opens_it() -> None:
    from engine.maharaja.intents import BuildStatue
    from maharaja_tui.screens.help import HelpScreen

    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.game_screen()
        far = next(c for c in game.state.cities if c != game.state.players[0].priest)
        screen.play(BuildStatue(city=far, slot=0, task=0))  # as a stale or remote click would
        await pilot.pause()
        assert "MJ-STAT-3" in screen_text(app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "MJ-STAT-3" in screen_text(app)
