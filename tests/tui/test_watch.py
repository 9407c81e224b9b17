"""Watch a game: the recorded games ship with the app (``maharaja_tui/recordings``), the
new-game screen lists those of the game chosen, Enter opens one in the replay viewer,
and F1 there opens that game's guide (not the default game's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.registry import spec_of
from maharaja_tui import watch
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.games import playable
from maharaja_tui.screens.help import HelpScreen
from maharaja_tui.screens.new_game import NewGameScreen
from maharaja_tui.screens.replay import ReplayScreen
from tests.tui.helpers import screen_text, synchronously

GAMES = tuple(playable())


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_recorded_games_to_watch_and_each_is_that_games(game: str) -> None:
    recorded = watch.recorded(game)
    assert recorded, f"{game}: no recording in {watch.FOLDER} (scripts/make_recordings.py)"
    assert all(r.game == game and r.path.parent == watch.FOLDER for r in recorded)
    assert not any(r.path.name.endswith(watch.EXPECTED) for r in recorded)
    counts = [len(r.names) for r in recorded]
    assert counts == sorted(counts)  # fewest players first


def test_a_file_that_is_no_save_is_left_out(tmp_path: Path) -> None:
    (tmp_path / "junk.json").write_text("[1, 2", encoding="utf-8")
    (tmp_path / "other.json").write_text('{"header": {"ruleset": 3}}', encoding="utf-8")
    good = watch.FOLDER / "two-players.json"
    (tmp_path / "two-players.json").write_bytes(good.read_bytes())
    found = watch.recorded("maharaja-2020", tmp_path)
    assert [r.path.name for r in found] == ["two-players.json"]
    assert found[0].describe().startswith("2 players: ")


@pytest.mark.parametrize("game", ["raja-2004", "maharadjah"])
@synchronously
async def test_the_new_game_screen_opens_a_recorded_game_and_f1_explains_that_game(
        game: str) -> None:
    app = MaharajaApp(Start("new", seed=11), computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await screen.switch_game(game)
        await pilot.pause()
        recorded = watch.recorded(game)
        await pilot.press("ctrl+r")  # as the Watch… button: to the list, in sight
        await pilot.pause()
        assert screen.focused is not None and screen.focused.id == "recordings"
        text = screen_text(app)
        assert "Watch a game" in text and recorded[0].describe()[:40] in text
        await pilot.press("down", "enter")  # the second of the game's recordings
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.game.ruleset.id == game
        assert len(replay.game.seats) == len(recorded[1].names)
        await pilot.press("space")  # it plays
        await pilot.pause(0.6)
        await pilot.press("space")
        assert replay.replay.position > 1
        await pilot.press("f1")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.title == spec_of(game).title
        assert help_screen.topic  # at the section of the decision the replay shows next
        assert help_screen.topic in screen_text(app)
        await pilot.press("escape", "escape")  # the guide, then the replay: the form again
        await pilot.pause()
        assert app.screen is screen
