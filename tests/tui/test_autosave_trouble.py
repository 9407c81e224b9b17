"""Autosaves in trouble: a damaged file in the autosave folder never
blocks the app, loading an older save never overwrites a newer autosave, and a disk that
cannot be written turns autosave off with a warning while the game goes on."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from random import Random

import pytest

from engine import Game
from engine.core import autoplay, record
from engine.registry import rulesets
from maharaja_tui import autosaves, cli
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.files import SaveScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.new_game import NewGameScreen
from tests.tui.helpers import notices, screen_text, synchronously
from tests.tui.test_autosave import game_of, seated, set_updated


def folder(data_home: Path) -> Path:
    path = data_home / "maharaja" / "autosave"
    path.mkdir(parents=True, exist_ok=True)
    return path


def played(seed: int, steps: int) -> Game:
    return autoplay.play_randomly(game_of(seed), Random(seed), max_steps=steps)


def saved(game: Game, path: Path, updated: str) -> Path:
    record.save(game, path)
    set_updated(path, updated)
    return path


def damaged_files(where: Path) -> dict[str, Path]:
    """One autosave damaged in each way seen in the wild, all newer than any good one."""
    good = json.loads(record.encode(played(31, 30)))
    good["header"]["updated"] = "2030-01-01T00:00:00+00:00"
    text = json.dumps(good)
    files = {
        "not-utf8": text.encode().replace(b'"You"', b'"Y\xffou"', 1),
        "nested": text.replace('"header": {', '"header": {"x": ' + "[" * 3000 + "]" * 3000
                               + ", ", 1).encode(),
        "truncated": text.encode()[: len(text) // 2],
    }
    unfolding = json.loads(text)  # an event for a seat that does not exist: IndexError
    next(e for s in unfolding["steps"][1:] for e in s[2] if "seat" in e)["seat"] = 9
    files["unfolding"] = json.dumps(unfolding).encode()
    out = {}
    for n, (kind, data) in enumerate(files.items()):
        out[kind] = where / f"2030010100000{n}-{n}.json"
        out[kind].write_bytes(data)
    return out


def replays_wrong(game: Game) -> bytes:
    """A save that folds (so it is listed) but does not replay: an edited event."""
    data = json.loads(record.encode(game))
    data["header"]["updated"] = "2031-01-01T00:00:00+00:00"
    step = next(s for s in data["steps"][2:] if s[2] and "seat" in s[2][0])
    step[2][0]["seat"] = (step[2][0]["seat"] + 1) % len(game.seats)
    return json.dumps(data).encode()


# --------------------------------------------------------------- item 6: damage
def test_damaged_autosaves_are_moved_aside_and_never_block_the_lists(data_home: Path) -> None:
    where = folder(data_home)
    good = saved(played(5, 20), where / "20261101000000-5.json", "2026-11-01T00:00:00+00:00")
    bad = damaged_files(where)
    assert [a.path for a in autosaves.unfinished()] == [good]
    assert autosaves.latest_unfinished() == good
    assert autosaves.prune(keep=1) == []
    aside = sorted(p.name for p in (where / "damaged").iterdir())
    assert aside == sorted(p.name for p in bad.values())
    notices = autosaves.notices()
    assert len(notices) == 1 and all(p.name in notices[0] for p in bad.values())
    assert autosaves.notices() == []  # each is said once
    (where / "broken.json").write_bytes(b'{"header": {"x": ' + b"[" * 2000)
    assert autosaves.unfinished() and "nested" in autosaves.notices()[0]  # one says why


def test_continue_takes_a_game_nobody_started_once_a_newer_damaged_one_is_set_aside(
        data_home: Path) -> None:
    """A game nobody has decided in yet is offered only when it is the latest; the
    latest being damaged, it is set aside and the one under it is the latest."""
    where = folder(data_home)
    fresh = saved(game_of(10, started=False), where / "20261101000000-10.json",
                  "2026-11-01T00:00:00+00:00")
    # Its seed edited: the digest (of options and steps) still matches, so the list
    # trusts its fold, but the setup no longer replays from that seed.
    reseeded = json.loads(record.encode(game_of(11, started=False)))
    reseeded["header"]["seed"] += 1
    reseeded["header"]["updated"] = "2031-12-31T00:00:00+00:00"
    newest = where / "20311231000000-11.json"
    newest.write_bytes(json.dumps(reseeded, separators=(",", ":"), ensure_ascii=False).encode())
    assert [a.path for a in autosaves.unfinished()] == [newest, fresh]
    assert autosaves.latest_unfinished() == fresh
    assert not newest.exists()


def test_lists_trust_the_game_not_the_header_about_being_finished(data_home: Path) -> None:
    where = folder(data_home)
    unfinished = saved(played(6, 20), where / "20261101000000-6.json", "2026-11-01T00:00:00Z")
    over = saved(game_of(7, finished=True), where / "20261102000000-7.json",
                 "2026-11-02T00:00:00+00:00")
    for path, lie in ((unfinished, True), (over, False)):
        data = json.loads(path.read_bytes())
        data["header"]["finished"] = lie
        path.write_text(json.dumps(data))
    assert [a.path for a in autosaves.unfinished()] == [unfinished]
    assert autosaves.latest_unfinished() == unfinished


def test_continue_resumes_the_latest_valid_game(
        data_home: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    where = folder(data_home)
    good = saved(played(8, 20), where / "20261101000000-8.json", "2026-11-01T00:00:00+00:00")
    (where / "20311231000000-9.json").write_bytes(replays_wrong(played(9, 30)))
    damaged_files(where)
    started: list[Start] = []
    monkeypatch.setattr(MaharajaApp, "run", lambda self: started.append(self.start))
    assert cli.main(["continue"]) == 0
    assert started[-1].path == good
    assert not (where / "20311231000000-9.json").exists()  # set aside: it never loads
    autosaves.notices()  # the app (not run here) shows those
    good.unlink()  # nothing valid left: exit 1, saying what was set aside
    (where / "20311231000000-7.json").write_bytes(replays_wrong(played(7, 30)))
    assert cli.main(["continue"]) == 1
    said = capsys.readouterr().err
    assert "20311231000000-7.json is damaged" in said and "no unfinished game" in said


@synchronously
async def test_the_app_starts_whatever_the_autosave_folder_holds(data_home: Path) -> None:
    """`maharaja new`, `maharaja continue` and `maharaja` with only damaged autosaves:
    a screen to play on (never blank), and a notice of what was moved aside."""
    where = folder(data_home)
    for start in (Start("new"), Start("continue"), Start("play", setup=seated(12))):
        damaged_files(where)
        app = MaharajaApp(start, computer_delay=3600)
        said = notices(app)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            expected = GameScreen if start.kind == "play" else NewGameScreen
            assert isinstance(app.screen, expected)
            assert "Unfinished games" not in screen_text(app)
            assert len(said) == 1 and "4 autosaves are damaged" in said[0]  # one notice
            new_game = app.game_screen().table.autosave if start.kind == "play" else None
    assert [p.name for p in where.glob("*.json")] == [new_game.name]
    # 3 * 4 set aside, the oldest beyond the number kept pruned
    assert len(list((where / "damaged").iterdir())) == min(3 * 4, autosaves.KEEP_DAMAGED)


@synchronously
async def test_an_autosave_that_breaks_on_opening_is_set_aside_not_shown_blank(
        data_home: Path) -> None:
    where = folder(data_home)
    path = where / "20311231000000-9.json"
    path.write_bytes(replays_wrong(played(9, 30)))
    app = MaharajaApp(Start("load", path=path), computer_delay=3600)
    said = notices(app)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert any("moved to" in n for n in said)
    assert not path.exists() and (where / "damaged" / path.name).exists()


# ------------------------------------------------------ item 7: never overwrite newer
@synchronously
async def test_loading_an_older_save_branches_instead_of_overwriting_the_autosave(
        data_home: Path, tmp_path: Path) -> None:
    game = played(21, 10)
    old = tmp_path / "old.json"
    record.save(game, old)
    saved_steps = len(game.steps)
    autoplay.play_randomly(game, Random(2), max_steps=15)  # the autosave has gone further
    autosave = autosaves.autosave_path_for(game)
    record.save(game, autosave)
    newer = autosave.read_bytes()
    app = MaharajaApp(Start("load", path=old), computer_delay=3600)
    said = notices(app)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        table = app.game_screen().table
        assert len(table.game.steps) == saved_steps
        assert table.autosave != autosave and table.autosave.parent == autosave.parent
        assert any("branch" in n for n in said)
    assert autosave.read_bytes() == newer  # untouched
    assert len(record.load(table.autosave, rulesets()).steps) == saved_steps


@synchronously
async def test_loading_a_save_as_new_as_its_autosave_keeps_one_file(
        data_home: Path, tmp_path: Path) -> None:
    game = played(22, 10)
    record.save(game, autosaves.autosave_path_for(game))
    autoplay.play_randomly(game, Random(2), max_steps=5)
    newer = tmp_path / "newer.json"
    record.save(game, newer)  # further than the autosave: nothing there to lose
    app = MaharajaApp(Start("load", path=newer), computer_delay=3600)
    said = notices(app)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.game_screen().table.autosave == autosaves.autosave_path_for(game)
        assert not any("branch" in n for n in said)
    assert len(list(autosaves.autosave_dir().glob("*.json"))) == 1


# ---------------------------------------------------- item 8: a disk that says no
def fail_writes(monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """Every save fails the way a read-only (EROFS) or full (ENOSPC) disk makes it."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))

    if code == errno.ENOSPC:  # the data is written, then the disk is found full
        monkeypatch.setattr(record.os, "fsync", refuse)
    else:
        monkeypatch.setattr(record.tempfile, "mkstemp", refuse)


def autosave_line(app: MaharajaApp) -> str:
    line = app.screen.query_one("#autosave-off")
    return str(line.render()) if line.display else ""


@synchronously
async def test_an_unwritable_data_directory_plays_on_with_autosave_off(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The data directory is a file: nothing can be made in it, at start or on a move."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    app = MaharajaApp(Start("play", setup=seated(45)), computer_delay=3600)
    said = notices(app)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "Autosave is off" in autosave_line(app) and "ctrl+s" in autosave_line(app)
        assert any("Autosave is off" in n for n in said)
        await pilot.press("a", "enter")  # a character: the move is played all the same
        await pilot.pause()
        assert len(app.game_screen().table.game.steps) == 2
        await pilot.press("ctrl+s")  # and save-as elsewhere works
        await pilot.pause()
        assert isinstance(app.screen, SaveScreen)
        field = app.screen.query_one("#save-path")
        assert Path(field.value).parent == Path.cwd()  # not the data directory
        field.value = str(tmp_path / "elsewhere.json")
        await pilot.press("enter")
        await pilot.pause()
    assert len(record.load(tmp_path / "elsewhere.json", rulesets()).steps) == 2


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
@synchronously
async def test_a_disk_that_fills_mid_game_loses_no_move(
        code: int, data_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = MaharajaApp(Start("play", setup=seated(48)), computer_delay=3600)
    said = notices(app)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        table = app.game_screen().table
        assert autosave_line(app) == ""
        with monkeypatch.context() as patch:
            fail_writes(patch, code)
            await pilot.press("a", "enter")
            await pilot.pause()
            assert len(table.game.steps) == 2  # the move in flight is kept
            assert os.strerror(code) in autosave_line(app)
            assert len(record.load(table.autosave, rulesets()).steps) == 1  # the old file
            assert not [p for p in table.autosave.parent.iterdir() if p.suffix == ".tmp"]
        table.undo(0)  # space again: the next change autosaves by itself
        table.redo(0)
        await pilot.pause()
        assert autosave_line(app) == ""
        assert any("works again" in n for n in said)
        assert len(record.load(table.autosave, rulesets()).steps) == len(table.game.steps)


@synchronously
async def test_continue_on_a_read_only_disk_resumes_with_autosave_off(
        data_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = played(43, 12)
    record.save(game, autosaves.autosave_path_for(game))
    fail_writes(monkeypatch, errno.EROFS)
    app = MaharajaApp(Start("continue"), computer_delay=3600)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(app.screen.table.game.steps) == len(game.steps)
        assert "Read-only file system" in autosave_line(app)
