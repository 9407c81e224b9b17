"""Play from here: `p` in the replay viewer starts a new game from the
position shown, for a chosen seat against computers, saved as its own game; in an
unfinished game only the seat whose knowledge the replay shows may be taken over."""

from __future__ import annotations

from pathlib import Path

from engine.core import record
from engine.registry import rulesets
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.autosaves import autosave_path
from maharaja_tui.screens.choice import ChoiceScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.replay import ReplayScreen
from tests.tui.games import game_until, over
from tests.tui.helpers import synchronously


@synchronously
async def test_p_starts_a_new_game_from_the_replayed_position(tmp_path: Path) -> None:
    original = game_until(over)
    path = tmp_path / "finished.json"
    record.save(original, path)
    app = MaharajaApp(Start("replay", path=path), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("3", "down", "right")  # round 3, a turn in, an event on
        await pilot.pause()
        replay = app.screen.replay
        point = replay.decision_point()
        position_state = replay.seek(point)
        round_ = position_state.round
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)  # finished: any seat may be chosen
        await pilot.press("down", "enter")  # the second seat
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.table.game
        assert game is not original and game.start is not None
        assert game.state.round == round_ and game.seats[1].is_human
        assert not game.seats[0].is_human and not game.seats[2].is_human
        assert game.seed != original.seed
        saved = app.table.autosave
        assert saved is not None and saved.exists()  # its own autosave
        assert saved.parent == autosave_path().parent
        again = record.load(saved, rulesets())
        assert again.start is not None and again.steps == game.steps


@synchronously
async def test_an_unfinished_game_is_played_on_only_as_the_seat_it_shows() -> None:
    game = game_until(lambda g: g.state.round == 3)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = ReplayScreen(game, seat=0)
        app.push_screen(screen)
        await pilot.pause()
        assert screen.fork_seats() == [0]
        await pilot.press("left", "p")  # no choice to make: straight into the new game
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.table.game is not game and app.table.game.seats[0].is_human
        spectator = ReplayScreen(game, seat=None)
        assert spectator.fork_seats() == []
