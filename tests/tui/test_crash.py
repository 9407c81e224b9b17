"""An uncaught error: exit status non-zero, one line naming the log file
that holds the traceback, and no game state (it holds other seats' secrets) on the
terminal — Textual's own traceback prints local variables."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.table import LocalTable
from maharaja_tui import cli
from maharaja_tui.app import MaharajaApp, Start
from tests.tui import games
from tests.tui.helpers import synchronously

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^maharaja: internal error \((\w+)\); the details are in (\S+\.log)$")

# Run `maharaja play` with a table that fails on its first read, quoting its whole state
# (secret plans and PP included) in the error's message, as a real bug might.
CRASHING = """
import sys
from engine.core.table import LocalTable
def broken(self):
    raise RuntimeError("state: " + repr(self.game.state))
LocalTable.to_move = broken
from maharaja_tui.cli import main
sys.exit(main(["play", "--seed", "3"]))
"""


def one_line(output: str) -> re.Match[str]:
    text = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]|\x1b[()][A-Z0-9]|\x1b[=>]", "", output)
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    match = LINE.match(lines[0].strip())
    assert match, lines[0]
    return match


def test_a_crash_in_play_is_one_line_and_a_log_file(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"),
               TEXTUAL_DRIVER="textual.drivers.headless_driver:HeadlessDriver")
    done = subprocess.run([sys.executable, "-c", CRASHING], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    output = done.stdout + done.stderr
    match = one_line(output)
    assert match.group(1) == "RuntimeError"
    for secret in ("state:", "plan", "pp=", "Traceback", "stack="):
        assert secret not in output
    log = Path(match.group(2))
    assert log.is_relative_to(tmp_path / "data")
    assert "RuntimeError: state: State(" in log.read_text()


def test_a_crash_outside_the_app_is_one_line_too(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    def broken(self: MaharajaApp) -> None:
        raise KeyError("plans of every seat")

    monkeypatch.setattr(MaharajaApp, "run", broken)
    assert cli.main(["play", "--seed", "3"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and one_line(err).group(1) == "KeyError"
    assert "plans" not in err


@synchronously
async def test_an_app_error_ends_with_return_code_1_and_one_line(
        monkeypatch: pytest.MonkeyPatch, data_home: Path) -> None:
    app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)),
                      computer_delay=3600)
    with pytest.raises(ZeroDivisionError):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            monkeypatch.setattr(LocalTable, "legal_intents",
                                lambda self, seat: 1 / 0)
            app.call_later(app.game_screen().sync)  # inside the app, as a bug would
            await pilot.pause()
    assert app.return_code == 1
    match = one_line(app.crash_line or "")
    assert Path(match.group(2)).is_relative_to(data_home / "maharaja" / "logs")
    assert "ZeroDivisionError" in Path(match.group(2)).read_text()
