"""Game records in the app: ``maharaja export`` prints a save's or a record's canonical
text, ``maharaja import`` opens a record in the replay viewer with the reader's problems
at the top, and the viewer copies (OSC 52) and saves the record a person here may know."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import records
from engine.core import record
from engine.registry import rulesets
from maharaja_tui import cli
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.files import SaveRecordScreen
from maharaja_tui.screens.replay import ReplayScreen
from tests.test_records import random_game
from tests.tui.helpers import synchronously

RECORDING = (Path(__file__).resolve().parents[2] / "maharaja_tui" / "recordings"
     / "two-players.json")


def test_export_prints_the_record_of_a_save_or_a_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["export", str(RECORDING)]) == 0
    text = capsys.readouterr().out
    assert text == records.write(record.load(RECORDING, rulesets()))
    path = tmp_path / "game.txt"
    path.write_text(text.replace("R: C6 Y: C12", "r: c6   y: C12 {typed}"), encoding="utf-8")
    assert cli.main(["export", str(path)]) == 0
    assert capsys.readouterr().out == text  # a record's canonical text back


def test_export_for_a_seat_and_its_mistakes(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    game = random_game(0, 3, 12, 30)
    path = tmp_path / "game.json"
    record.save(game, path)
    assert cli.main(["export", str(path), "--seat", "Y"]) == 0
    assert capsys.readouterr().out == records.write(game, 1)
    assert cli.main(["export", str(path), "--seat", "5"]) == 2
    assert "--seat takes a seat's letter (R Y G) or number (1-3), not '5'" in \
        capsys.readouterr().err
    typed = tmp_path / "typed.txt"
    typed.write_text(records.write(game) + "R: XYZ\n", encoding="utf-8")
    assert cli.main(["export", str(typed)]) == 1
    out, err = capsys.readouterr()
    assert out == records.write(game)  # what could be read
    assert "'XYZ' is no place" in err and f"{typed}: line " in err
    (tmp_path / "chess.txt").write_text('[Game "Chess"]\n', encoding="utf-8")
    assert cli.main(["export", str(tmp_path / "chess.txt")]) == 2
    assert "the Game header names no game known here" in capsys.readouterr().err


@synchronously
async def test_import_opens_the_replay_with_the_readers_problems_at_the_top(
        tmp_path: Path, data_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = random_game(0, 2, 7, 40)
    path = tmp_path / "seat.txt"
    path.write_text(records.write(game, 1) + "Y: nowhere\n", encoding="utf-8")
    opened = []

    def run(app: MaharajaApp) -> None:  # what the command hands the app
        opened.append(app.start)

    monkeypatch.setattr(MaharajaApp, "run", run)
    assert cli.main(["import", str(path)]) == 0
    monkeypatch.undo()
    start = opened[0]
    assert start.kind == "replay" and start.seat == 1 and len(start.notes) == 1
    app = MaharajaApp(start, computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.seat == 1
        notes = str(screen.query_one("#record-notes").render())
        assert notes.startswith("Record: line ") and "nowhere" in notes
        assert not screen.may_reveal  # a seat's record shows that seat's view only


@synchronously
async def test_the_replay_copies_and_saves_the_record_the_person_may_know(
        tmp_path: Path) -> None:
    game = random_game(0, 3, 12, 30)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    copied: list[str] = []
    app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ReplayScreen(game, seat=2))
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert copied == [records.write(game, 2)]  # seat 2's record: no secret of the others
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SaveRecordScreen)
        target = tmp_path / "kept.txt"
        app.screen.query_one("#record-path").value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        assert target.read_text(encoding="utf-8") == records.write(game, 2)
        app.pop_screen()
        app.push_screen(ReplayScreen(game, seat=None))  # a spectator of an unfinished game
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert len(copied) == 1
