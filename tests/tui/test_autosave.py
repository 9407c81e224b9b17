"""A killed app resumes from its autosave; the command line reports bad files in words."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from engine.core import record
from engine.registry import rulesets
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from tests.tui.helpers import synchronously

ROOT = Path(__file__).resolve().parents[2]

# A child that plays a computer-only game through the real app (headless) and
# never ends by itself: the test kills it with SIGKILL mid-game.
CHILD = """
import asyncio
from engine.core.ruleset import Seat
from engine.maharaja import Options
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.new_game import GameSetup

async def main():
    seats = tuple(Seat(name, "bot:random") for name in ("Anand", "Bela", "Chandra"))
    setup = GameSetup(seats, Options(), 9)
    app = MaharajaApp(Start("play", setup=setup), computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        while True:
            await pilot.pause(0.05)

asyncio.run(main())
"""


def autosave(data_home: Path) -> Path:
    return data_home / "maharaja" / "autosave.json"


def test_killed_app_resumes_from_its_autosave(data_home: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(data_home), "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", CHILD], env=env, cwd=ROOT)
    path = autosave(data_home)
    try:
        deadline = time.monotonic() + 150
        while time.monotonic() < deadline:
            time.sleep(0.2)
            if path.exists():
                try:
                    steps = len(record.load(path, rulesets(), validate=False).steps)
                except Exception:  # noqa: BLE001 - never happens: saves are atomic
                    raise
                if steps > 40:
                    break
        assert path.exists()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    game = record.load(path, rulesets())  # validated: a complete, consistent save
    assert len(game.steps) > 40
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
    for command in ("new", "play", "load", "replay", "serve"):
        assert command in result.stdout
