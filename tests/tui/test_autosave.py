"""Autosaves: one file per game (a new game never overwrites an unfinished one), a killed
app resumes from its own; Continue, the resume lists and the command line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from random import Random

from engine import Game
from engine.core import autoplay, record
from engine.core.ruleset import HUMAN, Computer, Seat
from engine.registry import rulesets
from maharaja_tui import autosaves
from maharaja_tui.app import GameCommands, MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.new_game import GameSetup, NewGameScreen, default_setup
from tests.tui.helpers import screen_text, synchronously

ROOT = Path(__file__).resolve().parents[2]

# A child that plays a computer-only game through the real app (headless) and
# never ends by itself: the test kills it with SIGKILL mid-game.
CHILD = """
import asyncio
from engine.core.ruleset import Computer, Seat
from engine.maharaja import Options
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.new_game import GameSetup

async def main():
    seats = tuple(Seat(name, Computer(level="random")) for name in ("Anand", "Bela", "Chandra"))
    setup = GameSetup(seats, Options(), 9)
    app = MaharajaApp(Start("play", setup=setup), computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        while True:
            await pilot.pause(0.05)

asyncio.run(main())
"""


def autosave(data_home: Path) -> Path:
    """The one game's autosave file, once it exists (or where the folder is)."""
    folder = data_home / "maharaja" / "autosave"
    found = sorted(folder.glob("*.json")) if folder.is_dir() else []
    return found[0] if found else folder / "missing.json"


def test_killed_app_resumes_from_its_autosave(data_home: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(data_home), "PYTHONPATH": str(ROOT)}
    data_home.mkdir(parents=True, exist_ok=True)
    errors = (data_home / "child-stderr.txt").open("w+")  # said when it stalls, below
    child = subprocess.Popen([sys.executable, "-c", CHILD], env=env, cwd=ROOT, stderr=errors)
    path = autosave(data_home)
    try:
        deadline = time.monotonic() + 150
        while time.monotonic() < deadline:
            time.sleep(0.2)
            path = autosave(data_home)
            if path.exists():
                try:
                    steps = len(record.load(path, rulesets(), validate=False).steps)
                except Exception:  # noqa: BLE001 - never happens: saves are atomic
                    raise
                if steps > 40:
                    break
        assert path.exists()
    finally:
        exited = child.poll()  # None: still running (it never ends by itself)
        child.send_signal(signal.SIGKILL)
        child.wait()
    game = record.load(path, rulesets())  # validated: a complete, consistent save
    errors.seek(0)
    said = errors.read()[-2000:]
    errors.close()
    crashes = [p.read_text() for p in (data_home / "maharaja" / "logs").glob("crash-*")]
    # a stall says how: the child's exit, its last words, a computer's crash log
    assert len(game.steps) > 40, (exited, said, crashes)
    leftovers = [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    assert all(p.stat().st_size >= 0 for p in leftovers)

    @synchronously
    async def resume() -> None:
        app = MaharajaApp(Start("load", path=path), computer_delay=60)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            resumed = app.screen.table.game
            assert [s.intent for s in resumed.steps] == [s.intent for s in game.steps]

    resume()


def test_cli_reports_a_bad_file_without_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"header": {"magic": "nope"}}')
    result = subprocess.run([sys.executable, "-m", "maharaja_tui", "load", str(bad)],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 2
    assert "broken.json" in result.stderr and "Traceback" not in result.stderr


def test_cli_help_lists_the_sub_commands() -> None:
    result = subprocess.run([sys.executable, "-m", "maharaja_tui", "--help"],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    for command in ("new", "play", "continue", "load", "replay", "serve"):
        assert command in result.stdout
    words = " ".join(result.stdout.split())
    assert "medium computers" in words and "ctrl+n" in words


# ------------------------------------------------------------ one file per game
def seated(seed: int, players: int = 3) -> GameSetup:
    setup = default_setup(players, seed)
    seats = tuple(s if s.is_human else Seat(s.name, Computer(level="random")) for s in setup.seats)
    return GameSetup(seats, setup.options, setup.seed)


def set_updated(path: Path, updated: str) -> None:
    """Age a save file (its header's update time) as if written then."""
    data = json.loads(path.read_bytes())
    data["header"]["updated"] = updated
    path.write_text(json.dumps(data))


def game_of(seed: int, *, finished: bool = False, started: bool = True) -> Game:
    """A game at the default table where the human has made a decision (``started``), or
    a new one, or one played to its end (the lists read the game itself, never the
    header, to know whether it is over)."""
    game = Game(rulesets()["maharaja-2020"], list(seated(seed).seats), seated(seed).options,
                seed)
    if finished:
        return autoplay.play_randomly(game, Random(seed))
    while started and not any(step.seat == 0 for step in game.steps):  # seat 0 is human
        seat = game.to_move()[0]
        game.play(seat, game.legal_intents(seat)[0])
    return game


@synchronously
async def test_a_new_game_keeps_the_unfinished_one_and_continue_resumes_it(
        data_home: Path) -> None:
    app = MaharajaApp(Start("play", setup=seated(104)), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = app.game_screen().table.game
        await pilot.press("a", "enter")  # one decision: a character
        await pilot.pause()
        assert len(first.steps) == 2
        await pilot.press("ctrl+n")  # the new-game screen is one key away
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "Unfinished games" in screen_text(app)
        await pilot.press("escape")  # changed my mind: back to the game
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(app.screen.table.game.steps) == 2 and app.screen.table.game.seed == 104
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+n")  # and starts another game
        await pilot.pause()
        second = app.game_screen().table.game
        assert second.seed != 104
    files = sorted((data_home / "maharaja" / "autosave").glob("*.json"))
    assert len(files) == 2
    assert sorted(len(record.load(f, rulesets()).steps) for f in files) == [1, 2]
    # Continue takes the most recently updated unfinished game: make it the first.
    first_file = autosaves.autosave_path_for(first)
    set_updated(first_file, "2099-01-01T00:00:00+00:00")
    assert autosaves.latest_unfinished() == first_file
    app = MaharajaApp(Start("continue"), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert len(app.game_screen().table.game.steps) == 2
        assert app.game_screen().table.game.seed == 104


@synchronously
async def test_the_new_game_screen_lists_unfinished_games_to_resume(data_home: Path) -> None:
    for seed in (201, 202):  # 202: finished, not listed
        game = game_of(seed, finished=seed == 202)
        record.save(game, autosaves.autosave_path_for(game))
        set_updated(autosaves.autosave_path_for(game), f"2026-11-2{seed - 200}T10:00:00+00:00")
    app = MaharajaApp(Start("new", seed=3), computer_delay=3600)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Unfinished games" in text and "You, Anand, Bela" in text
        assert "Maharaja (2020)" in text and "round" not in text.split("Unfinished")[0]
        assert text.count("You, Anand, Bela") == 1
        app.screen.query_one("#recent-games").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.table.game.seed == 201
        names = [name for name, _, _ in GameCommands._commands(
            type("P", (), {"app": app})())]  # the palette offers it too
        assert "New game…" in names and any(n.startswith("Resume: You, Anand, Bela")
                                             for n in names)


@synchronously
async def test_games_left_before_anyone_decided_are_not_listed(data_home: Path) -> None:
    """An abandoned empty game (opened, no human decision) does not
    fill the unfinished list; one with a decision is listed."""
    for seed, started in ((301, False), (302, True)):
        game = game_of(seed, started=started)
        record.save(game, autosaves.autosave_path_for(game))
    assert [a.seed for a in autosaves.resumable()] == [302]
    app = MaharajaApp(Start("new", seed=3), computer_delay=3600)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert len(app.screen.unfinished) == 1 and app.screen.unfinished[0].seed == 302
        names = [name for name, _, _ in GameCommands._commands(
            type("P", (), {"app": app})())]
        assert sum(n.startswith("Resume:") for n in names) == 1


def test_at_most_twenty_autosaves_oldest_finished_first(data_home: Path) -> None:
    folder = data_home / "maharaja" / "autosave"
    folder.mkdir(parents=True)
    game, over = game_of(7), game_of(8, finished=True)
    for n in range(25):
        path = folder / f"202611{n:02d}000000-{n}.json"
        record.save(over if n % 5 == 4 else game, path)
        set_updated(path, f"2026-11-{n + 1:02d}T00:00:00+00:00")
    removed = autosaves.prune()
    # 5 finished games (n = 4, 9, 14, 19, 24): those go first, the oldest of all first.
    assert sorted(p.name for p in removed) == sorted(
        f"202611{n:02d}000000-{n}.json" for n in (4, 9, 14, 19, 24))
    assert len(list(folder.glob("*.json"))) == autosaves.KEEP
    extra = folder / "20261130000000-99.json"
    record.save(game, extra)
    assert autosaves.prune(protect=extra) == [folder / "20261100000000-0.json"]


def test_cli_starts_a_game_by_default_and_continues_the_latest(
        data_home: Path, monkeypatch) -> None:  # noqa: ANN001
    from maharaja_tui import cli

    started: list[Start] = []
    monkeypatch.setattr(MaharajaApp, "run", lambda self: started.append(self.start))
    assert cli.main([]) == 0
    setup = started[-1].setup
    assert started[-1].kind == "play" and setup is not None
    medium = Computer(level="medium")
    assert [s.controller for s in setup.seats] == [HUMAN, medium, medium]
    assert cli.main(["new", "--seed", "4"]) == 0
    assert started[-1].kind == "new" and started[-1].seed == 4
    assert cli.main(["continue"]) == 1  # nothing to continue yet
    game = Game(rulesets()["maharaja-2020"], list(seated(9).seats), seated(9).options, 9)
    record.save(game, autosaves.autosave_path_for(game))
    assert cli.main(["continue"]) == 0
    assert started[-1].kind == "load" and started[-1].path == autosaves.autosave_path_for(game)


def test_the_old_single_autosave_is_still_offered(data_home: Path) -> None:
    game = Game(rulesets()["maharaja-2020"], list(seated(5).seats), seated(5).options, 5)
    record.save(game, autosaves.legacy_autosave_path())
    assert autosaves.latest_unfinished() == autosaves.legacy_autosave_path()


def test_the_unfinished_list_and_continue_agree(data_home: Path, monkeypatch) -> None:  # noqa: ANN001
    """The new-game screen's list and Continue (`maharaja continue`) take the same
    first game: the latest unfinished one, even one nobody decided in yet; a game
    played from a position is listed though no step of it is played."""
    from engine.core import fork
    from engine.core import record as rec

    times = iter(f"2030-01-01T00:00:{n:02d}+00:00" for n in range(60))
    monkeypatch.setattr(rec, "now", lambda: next(times))
    older = game_of(401)
    record.save(older, autosaves.autosave_path_for(older))
    forked = fork.play_from(older.ruleset, older.state, list(older.seats), older.options, 0,
                            seed=402)
    record.save(forked, autosaves.autosave_path_for(forked))
    empty = game_of(403, started=False)  # the latest: opened, nothing decided
    record.save(empty, autosaves.autosave_path_for(empty))
    listed = [a.seed for a in autosaves.resumable()]
    assert listed == [403, 402, 401]
    assert autosaves.latest_unfinished() == autosaves.resumable()[0].path
    newest = game_of(404)  # a started game after it: the empty one drops off the list
    record.save(newest, autosaves.autosave_path_for(newest))
    assert [a.seed for a in autosaves.resumable()] == [404, 402, 401]
    assert autosaves.latest_unfinished() == autosaves.autosave_path_for(newest)


def test_a_maharadjah_autosave_says_its_turn(data_home: Path) -> None:
    from engine.maharadjah import Options as MaharadjahOptions

    game = Game(rulesets()["maharadjah"], [Seat("Ann"), Seat("Bo"), Seat("Cy")],
                MaharadjahOptions(), 5)
    rng = Random(5)
    while game.state.turn < 2:
        game.play(*autoplay.random_intent(game, rng))
    record.save(game, autosaves.autosave_path_for(game))
    (save,) = autosaves.resumable()
    assert f"turn {game.state.turn}/16" in save.describe()
