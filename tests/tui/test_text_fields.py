"""Every text field refuses what it cannot take with one line, and the app goes on:
save as and open (a path), the new-game form's seed, the rules reference's search, and
the same values on the command line.

``~nosuchuser/x.json`` in ctrl+o or ctrl+s ended the app (RuntimeError: no such home)
and so did a 10,000-digit seed on the new-game screen (ValueError: int's digit limit).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static

from maharaja_tui import cli
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.fields import FieldError, path_field, seed_field
from maharaja_tui.screens.files import LoadScreen, SaveScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.help import HelpScreen
from maharaja_tui.screens.new_game import NewGameScreen
from tests.tui import games
from tests.tui.helpers import notices, screen_text, synchronously

NO_SUCH_HOME = "~nosuchuser-of-maharaja/x.json"


def a_game() -> MaharajaApp:
    return MaharajaApp(Start("game", game=games.game_until(games.my_turn)), computer_delay=3600)


async def submit(pilot, field: str, text: str) -> str:  # noqa: ANN001
    """``text`` in the dialog's field, Enter: the line under the field after it."""
    box = pilot.app.screen.query_one(field, Input)
    box.focus()
    box.value = text
    await pilot.press("enter")
    await pilot.pause()
    line = pilot.app.screen.query(".field-problem")
    return str(line.first(Static).render()) if line else ""


@synchronously
async def test_save_as_refuses_a_path_it_cannot_write_in_a_line(tmp_path: Path) -> None:
    app = a_game()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SaveScreen)
        said = await submit(pilot, "#save-path", NO_SUCH_HOME)
        assert isinstance(app.screen, SaveScreen) and "No user named" in said
        assert "nosuchuser-of-maharaja" in screen_text(app)  # shown, on one line
        said = await submit(pilot, "#save-path", str(tmp_path))
        assert isinstance(app.screen, SaveScreen) and "is a folder" in said
        said = await submit(pilot, "#save-path", "a\0b.json")
        assert isinstance(app.screen, SaveScreen) and "NUL" in said
        said = await submit(pilot, "#save-path", "   ")
        assert isinstance(app.screen, SaveScreen) and "Type the path" in said
        (tmp_path / "a-file").write_text("")
        said = await submit(pilot, "#save-path", str(tmp_path / "a-file" / "x.json"))
        assert isinstance(app.screen, SaveScreen) and "cannot be written" in said
        await submit(pilot, "#save-path", str(tmp_path / "kept.json"))
        assert isinstance(app.screen, GameScreen) and (tmp_path / "kept.json").is_file()


@synchronously
async def test_open_refuses_a_path_it_cannot_read_in_a_line(tmp_path: Path) -> None:
    app = a_game()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        assert isinstance(app.screen, LoadScreen)
        said = await submit(pilot, "#load-path", NO_SUCH_HOME)
        assert isinstance(app.screen, LoadScreen) and "No user named" in said
        said = await submit(pilot, "#load-path", str(tmp_path / "none.json"))
        assert isinstance(app.screen, LoadScreen) and "No file at" in said
        said = await submit(pilot, "#load-path", str(tmp_path))
        assert isinstance(app.screen, LoadScreen) and "is a folder" in said
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@synchronously
async def test_a_seed_of_ten_thousand_digits_is_refused_in_a_line() -> None:
    app = MaharajaApp(Start("new"), computer_delay=3600)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        seed = screen.query_one("#seed", Input)
        for refused in ("9" * 10_000, "9" * 19, "12a", "-5", "٣"):
            seed.value = refused
            screen.action_start()
            await pilot.pause()
            assert app.screen is screen, refused
            line = str(screen.query_one("#new-game-error", Static).render())
            assert "seed is a whole number of up to 18 digits" in line, refused
        seed.value = "42"
        screen.action_start()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.table.game.seed == 42


@synchronously
async def test_an_unknown_rule_id_in_the_rules_search_says_so() -> None:
    app = a_game()
    said = notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("slash")
        app.screen.query_one("#help-find", Input).value = "XX-NOPE-9" * 1000
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert any(s.startswith("No rule XX-NOPE-9") and len(s) < 120 for s in said), said


def test_the_command_line_refuses_the_same_values_in_a_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["play", "--seed", "9" * 10_000])
    error = capsys.readouterr().err.splitlines()[-1]
    assert "seed is a whole number of up to 18 digits" in error and len(error) < 200
    assert cli.main(["--config", "~nosuchuser-of-maharaja/c.toml", "play"]) == 2
    assert "No user named 'nosuchuser-of-maharaja'" in capsys.readouterr().err


def test_fields() -> None:
    assert seed_field(" 007 ") == 7 and seed_field("") is None
    assert seed_field("9" * 18) == 10**18 - 1
    assert path_field("~/x.json") == Path.home() / "x.json"
    for text in ("9" * 19, "1e3", "+5", "0x10"):
        with pytest.raises(FieldError):
            seed_field(text)
    for text in ("", "\0", NO_SUCH_HOME):
        with pytest.raises(FieldError):
            path_field(text)


@synchronously
async def test_a_text_field_takes_keys_typed_together_in_their_order() -> None:
    """Backspace, then 4, read together (a burst, an SSH read) in the new-game form's
    seed field holding 12: 14. Textual's field wrote the 4 as it took it and left
    Backspace to the app's lookup, which came after: 12 again, the 4 erased."""
    from textual import events

    app = MaharajaApp(Start("new", seed=12), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seed = app.screen.query_one("#seed", Input)
        seed.focus()
        await pilot.pause()
        seed.cursor_position = len(seed.value)  # after the 12, nothing selected
        for key, character in (("backspace", "\x7f"), ("4", "4"), ("left", None),
                               ("left", None), ("delete", None)):
            app.post_message(events.Key(key, character))  # as the driver reads them
        for _ in range(3):
            await pilot.pause()
        assert seed.value == "4"  # 12 -> 1 -> 14 -> cursor before the 1 -> 4
