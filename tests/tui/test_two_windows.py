"""Two windows on one game: ``maharaja continue`` in two terminals on the same data
directory. The first window locks the autosave it plays; the second plays on as a
branch (its own file) and says so; a window killed leaves no lock behind.

Both used to rewrite one autosave, and in 1 of 270 rewrites one replaced the other's
line of play and steps were lost without a word. Here the first window is a real
second process.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import rulesets
from engine.core import record
from maharaja_tui import autosaves, file_lock
from maharaja_tui.app import MaharajaApp, Start
from tests.tui import games
from tests.tui.helpers import notices, settled, synchronously

# The first window: the app playing an autosave; each line on stdin plays one move.
FIRST_WINDOW = textwrap.dedent("""
    import asyncio, sys
    from pathlib import Path
    from maharaja_tui.app import MaharajaApp, Start

    async def main() -> None:
        app = MaharajaApp(Start("load", path=Path(sys.argv[1])), computer_delay=3600)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            print("playing", app.table.autosave, flush=True)
            loop = asyncio.get_running_loop()
            while (await loop.run_in_executor(None, sys.stdin.readline)).strip():
                table = app.table
                seat = table.to_move()[0]
                table.play(seat, table.legal_intents(seat)[0])
                for _ in range(5):
                    await pilot.pause()
                table.flush()
                print("played", len(table.game.steps), flush=True)

    asyncio.run(main())
""")


@pytest.fixture
def autosave(data_home: Path) -> Path:
    """An unfinished game's autosave, a human (seat 0) to move."""
    game = games.game_until(games.my_turn)
    path = autosaves.autosave_path_for(game)
    record.save(game, path)
    return path


@pytest.fixture
def first_window(autosave: Path) -> Iterator[subprocess.Popen[str]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    process = subprocess.Popen([sys.executable, "-c", FIRST_WINDOW, str(autosave)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                               env=env)
    assert process.stdout is not None
    assert process.stdout.readline().split() == ["playing", str(autosave)]
    yield process
    if process.poll() is None:
        process.kill()
    process.wait()


def steps(path: Path) -> list[object]:
    return list(record.load(path, rulesets()).steps)


def play_in(window: subprocess.Popen[str]) -> None:
    assert window.stdin is not None and window.stdout is not None
    window.stdin.write("play\n")
    window.stdin.flush()
    assert window.stdout.readline().startswith("played")


@synchronously
async def test_a_second_window_plays_a_branch_and_loses_no_step_of_the_first(
        autosave: Path, first_window: subprocess.Popen[str]) -> None:
    before = steps(autosave)
    app = MaharajaApp(Start("continue"), computer_delay=3600)
    said = notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, lambda: app.table is not None, "the game")
        table = app.table
        assert table is not None and table.autosave is not None
        branch = table.autosave
        assert branch != autosave and branch.name == f"{autosave.stem}-2.json"
        assert any("open in another window" in s and branch.name in s for s in said), said
        # Each window plays on; neither writes the other's file.
        seat = table.to_move()[0]
        table.play(seat, table.legal_intents(seat)[-1])
        table.flush()
        play_in(first_window)
        play_in(first_window)
    first, second = steps(autosave), steps(branch)
    assert len(first) == len(before) + 2 and first[: len(before)] == before
    assert len(second) == len(before) + 1 and second[: len(before)] == before


@synchronously
async def test_a_killed_window_leaves_its_autosave_free(
        autosave: Path, first_window: subprocess.Popen[str]) -> None:
    assert autosaves.in_use(autosave)
    first_window.send_signal(signal.SIGKILL)
    first_window.wait()
    assert not autosaves.in_use(autosave)  # the lock died with the process
    app = MaharajaApp(Start("load", path=autosave), computer_delay=3600)
    said = notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, lambda: app.table is not None, "the game")
        assert app.table is not None and app.table.autosave == autosave
        assert autosaves.in_use(autosave)  # by this window now
        assert not [s for s in said if "branch" in s]


def test_a_lock_excludes_another_descriptor_and_ends_with_its_release(tmp_path: Path) -> None:
    path = tmp_path / "locks" / "a.lock"
    lock = file_lock.take(path)
    assert lock is not None and file_lock.take(path) is None and file_lock.is_held(path)
    lock.release()
    again = file_lock.take(path)
    assert again is not None
    again.release()


def test_pruning_spares_a_game_another_window_plays(autosave: Path) -> None:
    lock = file_lock.take(autosaves.lock_path(autosave))
    assert lock is not None
    assert autosaves.prune(keep=0) == [] and autosave.exists()
    lock.release()
    assert autosaves.prune(keep=0) == [autosave]
    assert not autosaves.lock_path(autosave).exists()  # its lock file goes with it
